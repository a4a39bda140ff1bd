package dev.snowchat.mcp.internal.lookup;

import static java.util.Objects.requireNonNull;

import dev.snowchat.mcp.ToolErrorCode;
import dev.snowchat.mcp.internal.jdbc.Errors;
import dev.snowchat.mcp.internal.jdbc.Warehouse;
import dev.snowchat.mcp.internal.lookup.Catalogs.Database;
import dev.snowchat.mcp.internal.lookup.Catalogs.Function;
import dev.snowchat.mcp.internal.lookup.Catalogs.Schema;
import dev.snowchat.schemaindex.ColumnInfo;
import dev.snowchat.schemaindex.ForeignKey;
import dev.snowchat.schemaindex.JoinEdge;
import dev.snowchat.schemaindex.JoinPath;
import dev.snowchat.schemaindex.QualifiedName;
import dev.snowchat.schemaindex.RowCountEstimates;
import dev.snowchat.schemaindex.SearchHit;
import dev.snowchat.schemaindex.TableInfo;
import dev.snowchat.schemaindex.TableKind;
import dev.snowchat.sqlgate.Dialect;
import dev.snowchat.sqlgate.QueryResult;
import dev.snowchat.sqlgate.SnowchatException;
import dev.snowchat.sqlgate.Sql;
import java.sql.Connection;
import java.sql.DatabaseMetaData;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeMap;
import java.util.regex.Pattern;
import org.jspecify.annotations.Nullable;

/**
 * Live discovery over {@link DatabaseMetaData}, for any JDBC database (DuckDB and PostgreSQL are
 * tested). Every call queries the database; nothing is cached.
 */
final class LiveJdbcLookup implements SchemaLookup {
  private static final Set<String> SYSTEM_SCHEMAS = Set.of("information_schema", "pg_catalog",
      "pg_toast", "pg_internal", "sys", "mysql", "performance_schema");
  /** Default schemas hidden from list_schemas while they are empty (DuckDB, PostgreSQL). */
  private static final Set<String> DEFAULT_SCHEMAS = Set.of("main", "public");
  private static final Set<String> SYSTEM_CATALOGS = Set.of("system", "temp");
  /**
   * Catalogs never searched nor listed. DuckDB's {@code temp} catalog is not one of them: it holds
   * the temporary objects of the connection a call runs on, which in the embedded engine are the
   * calling session's attached files ({@code attach_file}); search and "did you mean" see them,
   * and {@code list_databases} lists {@code temp} while it holds any.
   */
  private static final Set<String> HIDDEN_CATALOGS = Set.of("system");
  private static final String TEMP_CATALOG = "temp";
  private static final String[] TABLE_TYPES = null; // all types; filtered by kindOf
  static final int SEARCH_COLUMN_SCAN_LIMIT = 50_000;
  static final int JOIN_SEARCH_LIMIT = 500;

  private final Warehouse warehouse;
  private final CatalogView view;

  LiveJdbcLookup(Warehouse warehouse, CatalogView view) {
    this.warehouse = requireNonNull(warehouse, "warehouse is null");
    this.view = requireNonNull(view, "view is null");
  }

  private <T> T meta(Warehouse.SqlFunction<DatabaseMetaData, T> f) {
    try {
      return warehouse.withMetadataConnection(c -> f.apply(c.getMetaData()));
    } catch (SQLException e) {
      throw Errors.fromSql(e, warehouse).exception();
    }
  }

  @Override
  public Answer<List<Database>> databases() {
    return Answer.of(meta(md -> {
      List<Database> out = new ArrayList<>();
      try (ResultSet rs = md.getCatalogs()) {
        while (rs.next()) {
          String name = rs.getString("TABLE_CAT");
          if (name != null && !SYSTEM_CATALOGS.contains(name.toLowerCase(Locale.ROOT))
              && view.filter().showsDatabase(name)) {
            out.add(new Database(name, null));
          }
        }
      }
      if (hasTables(md, TEMP_CATALOG) && view.filter().showsDatabase(TEMP_CATALOG)) {
        out.add(new Database(TEMP_CATALOG, null));
      }
      if (out.isEmpty()) {
        String current = md.getConnection().getCatalog();
        if (current != null && view.filter().showsDatabase(current)) {
          out.add(new Database(current, null));
        }
      }
      out.sort(Comparator.comparing(Database::name));
      return out;
    }));
  }

  @Override
  public Answer<List<Schema>> schemas(String database) {
    return Answer.of(meta(md -> {
      String db = exactDatabase(md, database);
      List<Schema> out = new ArrayList<>();
      try (ResultSet rs = md.getSchemas(db, null)) {
        while (rs.next()) {
          String name = rs.getString("TABLE_SCHEM");
          String cat = catalogOf(rs, db);
          if (name == null || SYSTEM_SCHEMAS.contains(name.toLowerCase(Locale.ROOT))
              || name.toLowerCase(Locale.ROOT).startsWith("pg_temp")
              || name.toLowerCase(Locale.ROOT).startsWith("pg_toast")
              || !db.equals(cat) || !view.filter().showsSchema(db, name)) {
            continue;
          }
          if (DEFAULT_SCHEMAS.contains(name) && isEmpty(md, db, name)) {
            continue;
          }
          out.add(new Schema(db, name, null));
        }
      }
      out.sort(Comparator.comparing(Schema::name));
      return out;
    }));
  }

  /** Whether a catalog (DuckDB's {@code temp}) holds a table or view on this connection. */
  private static boolean hasTables(DatabaseMetaData md, String catalog) throws SQLException {
    if (!"duckdb".equalsIgnoreCase(md.getDatabaseProductName())) {
      return false;
    }
    try (ResultSet rs = md.getTables(catalog, null, "%", TABLE_TYPES)) {
      while (rs.next()) {
        if (catalog.equalsIgnoreCase(rs.getString("TABLE_CAT"))
            && kindOf(rs.getString("TABLE_TYPE")) != null) {
          return true;
        }
      }
    }
    return false;
  }

  /**
   * Whether a schema holds no tables or views. Used to hide the schema every DuckDB database
   * ({@code main}) or PostgreSQL database ({@code public}) has whether or not it is used: an
   * empty default schema is only noise to a caller looking for data. It is still resolvable.
   */
  private static boolean isEmpty(DatabaseMetaData md, String db, String schema)
      throws SQLException {
    try (ResultSet rs = md.getTables(db, escape(md, schema), "%", TABLE_TYPES)) {
      while (rs.next()) {
        if (schema.equals(rs.getString("TABLE_SCHEM"))
            && kindOf(rs.getString("TABLE_TYPE")) != null) {
          return false;
        }
      }
    }
    return true;
  }

  private static String catalogOf(ResultSet rs, String dflt) {
    try {
      String c = rs.getString("TABLE_CATALOG");
      return c == null ? dflt : c;
    } catch (SQLException e) {
      return dflt;
    }
  }

  @Override
  public Answer<List<TableInfo>> tables(String database, String schema,
      @Nullable String pattern) {
    Pattern like = Patterns.like(pattern);
    return Answer.of(meta(md -> {
      String db = exactDatabase(md, database);
      String sc = exactSchema(md, db, schema);
      List<TableInfo> out = new ArrayList<>();
      Map<String, Long> rows = RowCountEstimates.of(md.getConnection(), db, sc);
      try (ResultSet rs = md.getTables(db, sc, "%", TABLE_TYPES)) {
        while (rs.next()) {
          TableKind kind = kindOf(rs.getString("TABLE_TYPE"));
          String name = rs.getString("TABLE_NAME");
          if (kind == null || name == null || !Patterns.matches(like, name)) {
            continue;
          }
          QualifiedName q = QualifiedName.of(db, sc, name);
          if (view.filter().showsTable(q)) {
            out.add(TableInfo.builder(q).kind(kind)
                .comment(Lookups.blankToNull(rs.getString("REMARKS")))
                .rowCount(kind == TableKind.TABLE ? rows.get(name) : null).build());
          }
        }
      }
      out.sort(Comparator.comparing(TableInfo::id));
      return out;
    }));
  }

  static @Nullable TableKind kindOf(@Nullable String type) {
    if (type == null) {
      return null;
    }
    String t = type.toUpperCase(Locale.ROOT);
    if (t.contains("SYSTEM") || t.contains("TEMP") || t.contains("INDEX")
        || t.contains("SEQUENCE") || t.contains("TYPE")) {
      return null;
    }
    if (t.endsWith("VIEW")) {
      return TableKind.VIEW;
    }
    if (t.endsWith("TABLE")) {
      return TableKind.TABLE;
    }
    return null;
  }

  private String exactDatabase(DatabaseMetaData md, String database) throws SQLException {
    List<String> all = new ArrayList<>();
    try (ResultSet rs = md.getCatalogs()) {
      while (rs.next()) {
        all.add(rs.getString("TABLE_CAT"));
      }
    }
    if (all.isEmpty() && md.getConnection().getCatalog() != null) {
      all.add(md.getConnection().getCatalog());
    }
    String hit = Lookups.pick(all, database);
    if (hit == null || !view.filter().showsDatabase(hit)) {
      throw new SnowchatException(ToolErrorCode.DATABASE_NOT_FOUND,
          "Database " + database + " was not found."
          + " Call list_databases to see the databases this connection can read.");
    }
    return hit;
  }

  private String exactSchema(DatabaseMetaData md, String db, String schema) throws SQLException {
    List<String> all = new ArrayList<>();
    try (ResultSet rs = md.getSchemas(db, null)) {
      while (rs.next()) {
        if (db.equals(catalogOf(rs, db))) {
          all.add(rs.getString("TABLE_SCHEM"));
        }
      }
    }
    String hit = Lookups.pick(all, schema);
    if (hit == null || !view.filter().showsSchema(db, hit)) {
      throw new SnowchatException(ToolErrorCode.SCHEMA_NOT_FOUND,
          "Schema " + schema + " was not found in "
          + db + ". Call list_schemas(database) to see its schemas.");
    }
    return hit;
  }

  @Override
  public Answer<QualifiedName> resolve(TableRef ref) {
    return Answer.of(meta(md -> {
      Connection c = md.getConnection();
      String db = ref.database() != null ? ref.database()
          : view.defaultDatabase() != null ? view.defaultDatabase()
              : c.getCatalog();
      if (db == null) {
        throw Lookups.tableNotFound(ref.toString());
      }
      String exactDb;
      try {
        exactDb = exactDatabase(md, db);
      } catch (SnowchatException e) {
        throw Lookups.tableNotFound(ref.toString());
      }
      List<String> schemas = new ArrayList<>();
      if (ref.schema() != null) {
        schemas.add(ref.schema());
      } else {
        String s = view.defaultSchema();
        if (s == null) {
          s = c.getSchema();
        }
        if (s != null) {
          schemas.add(s);
        }
      }
      // Candidate tables across the candidate schemas (or all schemas when none is known).
      List<QualifiedName> candidates = new ArrayList<>();
      try (ResultSet rs = md.getTables(exactDb, null, "%", TABLE_TYPES)) {
        while (rs.next()) {
          if (kindOf(rs.getString("TABLE_TYPE")) == null) {
            continue;
          }
          String sc = rs.getString("TABLE_SCHEM");
          String name = rs.getString("TABLE_NAME");
          if (sc == null || name == null || SYSTEM_SCHEMAS.contains(sc.toLowerCase(Locale.ROOT))) {
            continue;
          }
          candidates.add(QualifiedName.of(exactDb, sc, name));
        }
      }
      QualifiedName hit = choose(candidates, schemas, ref);
      if (hit == null && ref.schema() == null) {
        // Unique table name in any schema of the database.
        List<QualifiedName> anywhere = new ArrayList<>();
        for (QualifiedName q : candidates) {
          if (q.name().equals(ref.table())
              || (!ref.isQuoted(0) && q.name().equalsIgnoreCase(ref.table()))) {
            anywhere.add(q);
          }
        }
        if (anywhere.size() == 1) {
          hit = anywhere.get(0);
        }
      }
      if (hit == null || !view.filter().showsTable(hit)) {
        throw Lookups.tableNotFound(ref.toString());
      }
      return hit;
    }));
  }

  @Override
  public Answer<List<QualifiedName>> tableNames() {
    return Answer.of(meta(md -> {
      List<QualifiedName> out = new ArrayList<>();
      try (ResultSet rs = md.getTables(null, null, "%", TABLE_TYPES)) {
        while (rs.next() && out.size() < SEARCH_COLUMN_SCAN_LIMIT) {
          String cat = Lookups.nvl(rs.getString("TABLE_CAT"), md.getConnection().getCatalog());
          String sc = rs.getString("TABLE_SCHEM");
          String name = rs.getString("TABLE_NAME");
          if (cat == null || sc == null || name == null
              || kindOf(rs.getString("TABLE_TYPE")) == null
              || HIDDEN_CATALOGS.contains(cat.toLowerCase(Locale.ROOT))
              || SYSTEM_SCHEMAS.contains(sc.toLowerCase(Locale.ROOT))) {
            continue;
          }
          QualifiedName q = QualifiedName.of(cat, sc, name);
          if (view.filter().showsTable(q)) {
            out.add(q);
          }
        }
      }
      return out;
    }));
  }

  private static @Nullable QualifiedName choose(List<QualifiedName> candidates,
      List<String> schemas, TableRef ref) {
    for (boolean exact : new boolean[] {true, false}) {
      if (!exact && ref.isQuoted(0)) {
        break;
      }
      List<QualifiedName> found = new ArrayList<>();
      for (QualifiedName q : candidates) {
        boolean schemaOk = schemas.stream().anyMatch(s -> exact ? q.schema().equals(s)
            : q.schema().equalsIgnoreCase(s));
        boolean nameOk = exact ? q.name().equals(ref.table())
            : q.name().equalsIgnoreCase(ref.table());
        if (schemaOk && nameOk) {
          found.add(q);
        }
      }
      if (found.size() == 1) {
        return found.get(0);
      }
    }
    return null;
  }

  @Override
  public Answer<TableInfo> describe(QualifiedName table) {
    return Answer.of(meta(md -> describe(md, table)));
  }

  private TableInfo describe(DatabaseMetaData md, QualifiedName t) throws SQLException {
    TableKind kind = null;
    String comment = null;
    try (ResultSet rs = md.getTables(t.database(), t.schema(), escape(md, t.name()),
        TABLE_TYPES)) {
      while (rs.next()) {
        if (t.name().equals(rs.getString("TABLE_NAME"))) {
          kind = kindOf(rs.getString("TABLE_TYPE"));
          comment = Lookups.blankToNull(rs.getString("REMARKS"));
        }
      }
    }
    if (kind == null) {
      throw Lookups.tableNotFound(t.toString());
    }
    List<ColumnInfo> cols = new ArrayList<>();
    try (ResultSet rs = md.getColumns(t.database(), t.schema(), escape(md, t.name()), "%")) {
      while (rs.next()) {
        if (!t.name().equals(rs.getString("TABLE_NAME"))) {
          continue;
        }
        cols.add(new ColumnInfo(rs.getString("COLUMN_NAME"), typeOf(rs),
            rs.getInt("NULLABLE") != DatabaseMetaData.columnNoNulls,
            Lookups.blankToNull(rs.getString("REMARKS"))));
      }
    }
    Map<Integer, String> pk = new TreeMap<>();
    try (ResultSet rs = md.getPrimaryKeys(t.database(), t.schema(), t.name())) {
      while (rs.next()) {
        pk.put(rs.getInt("KEY_SEQ"), rs.getString("COLUMN_NAME"));
      }
    } catch (SQLException e) {
      // Some drivers do not report keys for views; a table without keys is fine.
    }
    List<JoinEdge> imported = importedKeys(md, t);
    List<ForeignKey> fks = new ArrayList<>();
    for (JoinEdge e : imported) {
      fks.add(new ForeignKey(e.fromColumns(), e.toTable(), e.toColumns()));
    }
    Long rows = kind == TableKind.TABLE
        ? RowCountEstimates.of(md.getConnection(), t.database(), t.schema()).get(t.name()) : null;
    return TableInfo.builder(t).kind(kind).comment(comment).rowCount(rows).columns(cols)
        .primaryKey(List.copyOf(pk.values())).foreignKeys(fks).build();
  }

  private static String escape(DatabaseMetaData md, String name) throws SQLException {
    String esc = md.getSearchStringEscape();
    if (esc == null || esc.isEmpty()) {
      return name;
    }
    return name.replace(esc, esc + esc).replace("%", esc + "%").replace("_", esc + "_");
  }

  private static String typeOf(ResultSet rs) throws SQLException {
    String type = rs.getString("TYPE_NAME");
    return type == null ? "UNKNOWN" : type;
  }

  private List<JoinEdge> importedKeys(DatabaseMetaData md, QualifiedName t) {
    return keys(md, t, true);
  }

  private List<JoinEdge> keys(DatabaseMetaData md, QualifiedName t, boolean imported) {
    DeclaredKeys keys = new DeclaredKeys();
    try (ResultSet rs = imported ? md.getImportedKeys(t.database(), t.schema(), t.name())
        : md.getExportedKeys(t.database(), t.schema(), t.name())) {
      while (rs.next()) {
        String pkDb = Lookups.nvl(rs.getString("PKTABLE_CAT"), t.database());
        String fkDb = Lookups.nvl(rs.getString("FKTABLE_CAT"), t.database());
        QualifiedName pkT = QualifiedName.of(pkDb, rs.getString("PKTABLE_SCHEM"),
            rs.getString("PKTABLE_NAME"));
        QualifiedName fkT = QualifiedName.of(fkDb, rs.getString("FKTABLE_SCHEM"),
            rs.getString("FKTABLE_NAME"));
        keys.add(fkT, pkT, rs.getString("FK_NAME"), rs.getInt("KEY_SEQ"),
            rs.getString("FKCOLUMN_NAME"), rs.getString("PKCOLUMN_NAME"));
      }
    } catch (SQLException | RuntimeException e) {
      return List.of(); // keys are a hint; a driver without them gives none
    }
    return keys.edges();
  }

  private List<JoinEdge> neighbours(DatabaseMetaData md, QualifiedName t) {
    return DeclaredKeys.union(keys(md, t, true), keys(md, t, false));
  }

  @Override
  public Answer<List<SearchHit>> search(String query, int k, @Nullable String database) {
    List<String> words = Lookups.searchWords(query);
    return Answer.of(meta(md -> {
      String db = database == null ? null : exactDatabase(md, database);
      LiveRanking ranking = new LiveRanking(words, null);
      Set<QualifiedName> tables = new HashSet<>();
      try (ResultSet rs = md.getTables(db, null, "%", TABLE_TYPES)) {
        while (rs.next()) {
          TableKind kind = kindOf(rs.getString("TABLE_TYPE"));
          String sc = rs.getString("TABLE_SCHEM");
          if (kind == null || sc == null || SYSTEM_SCHEMAS.contains(sc.toLowerCase(Locale.ROOT))) {
            continue;
          }
          String cat = Lookups.nvl(rs.getString("TABLE_CAT"), md.getConnection().getCatalog());
          if (cat == null || HIDDEN_CATALOGS.contains(cat.toLowerCase(Locale.ROOT))) {
            continue;
          }
          QualifiedName q = QualifiedName.of(cat, sc, rs.getString("TABLE_NAME"));
          if (!view.filter().showsTable(q)) {
            continue;
          }
          tables.add(q);
          ranking.table(q, kind, Lookups.blankToNull(rs.getString("REMARKS")));
        }
      }
      int scanned = 0;
      try (ResultSet rs = md.getColumns(db, null, "%", "%")) {
        while (rs.next() && scanned++ < SEARCH_COLUMN_SCAN_LIMIT) {
          String cat = Lookups.nvl(rs.getString("TABLE_CAT"), md.getConnection().getCatalog());
          String sc = rs.getString("TABLE_SCHEM");
          String tn = rs.getString("TABLE_NAME");
          String col = rs.getString("COLUMN_NAME");
          if (cat == null || sc == null || tn == null || col == null) {
            continue;
          }
          QualifiedName q = QualifiedName.of(cat, sc, tn);
          if (tables.contains(q)) {
            ranking.column(q, col, typeOf(rs), Lookups.blankToNull(rs.getString("REMARKS")));
          }
        }
      }
      List<SearchHit> out = ranking.top(k, q -> neighbours(md, q));
      return out;
    }));
  }

  @Override
  public Answer<Optional<JoinPath>> joinPath(QualifiedName from, QualifiedName to) {
    return Answer.of(meta(md -> {
      describe(md, from); // both must exist
      describe(md, to);
      return JoinSearch.route(from, to, t -> neighbours(md, t), view.filter()::showsTable,
          JOIN_SEARCH_LIMIT);
    }));
  }

  @Override
  public Answer<List<Function>> functions(@Nullable String pattern, int limit) {
    Pattern like = Patterns.like(pattern);
    if (warehouse.dialect() == Dialect.DUCKDB) {
      // One row per name and kind with every overload's signature; words first, then internal
      // names (__x) and pragmas, operators (%, !~~) last, so a plain listing shows functions.
      String sql = "WITH f AS (SELECT function_name AS name, function_type AS kind, description,"
          + " internal, '(' || array_to_string(list_transform(list_zip(parameters,"
          + " parameter_types), x -> CASE WHEN regexp_full_match(x[1], 'col[0-9]+')"
          + " THEN coalesce(x[2], 'ANY') ELSE x[1] || ' ' || coalesce(x[2], 'ANY') END), ', ')"
          + " || ')' || CASE WHEN return_type IS NULL THEN '' ELSE ' -> ' || return_type END"
          + " AS sig FROM duckdb_functions()"
          + (pattern == null ? "" : " WHERE function_name ILIKE "
              + Sql.quoteString(Dialect.DUCKDB, Lookups.likeText(pattern)))
          + ") SELECT name, kind, min(description), bool_and(internal),"
          + " string_agg(DISTINCT sig, chr(10) ORDER BY sig) FROM f GROUP BY name, kind"
          + " ORDER BY CASE WHEN regexp_full_match(name, '[A-Za-z][A-Za-z0-9_]*')"
          + " AND kind <> 'pragma' THEN 0 WHEN regexp_full_match(name, '_[A-Za-z0-9_]*')"
          + " OR kind = 'pragma' THEN 1 ELSE 2 END, lower(name), kind LIMIT " + limit;
      QueryResult r = warehouse.metadata(sql);
      List<Function> out = new ArrayList<>();
      for (List<Object> row : r.rows()) {
        String name = Lookups.str(row.get(0));
        if (name == null || !Patterns.matches(like, name)) {
          continue;
        }
        String sigs = Lookups.str(row.get(4));
        out.add(new Function(name, Lookups.nvl(Lookups.str(row.get(1)), "scalar"),
            Boolean.TRUE.equals(row.get(3)) || "true".equals(Lookups.str(row.get(3))),
            sigs == null ? List.of() : List.of(sigs.split("\n")), Lookups.str(row.get(2))));
        if (out.size() >= limit) {
          break;
        }
      }
      out.sort(Function.READING_ORDER);
      return Answer.of(List.copyOf(out));
    }
    return Answer.of(meta(md -> {
      Map<String, Function> out = new TreeMap<>();
      try (ResultSet rs = md.getFunctions(null, null, "%")) {
        while (rs.next() && out.size() < limit) {
          String name = rs.getString("FUNCTION_NAME");
          String sc = rs.getString("FUNCTION_SCHEM");
          if (name == null || !Patterns.matches(like, name) || out.containsKey(name)) {
            continue;
          }
          boolean builtin = sc != null && SYSTEM_SCHEMAS.contains(sc.toLowerCase(Locale.ROOT));
          int type = rs.getInt("FUNCTION_TYPE");
          out.put(name, new Function(name,
              type == DatabaseMetaData.functionReturnsTable ? "table" : "scalar", builtin,
              List.of(),
              Lookups.blankToNull(rs.getString("REMARKS"))));
        }
      } catch (SQLException e) {
        throw new SnowchatException(ToolErrorCode.NOT_SUPPORTED,
            "This database's driver does not list"
            + " functions. Use execute_query with the database's own catalog instead.");
      }
      return out.values().stream().sorted(Function.READING_ORDER).toList();
    }));
  }
}
