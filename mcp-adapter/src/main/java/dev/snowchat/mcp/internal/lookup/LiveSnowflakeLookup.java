package dev.snowchat.mcp.internal.lookup;

import static java.util.Objects.requireNonNull;

import dev.snowchat.mcp.ToolErrorCode;
import dev.snowchat.mcp.internal.lookup.Catalogs.Database;
import dev.snowchat.mcp.internal.lookup.Catalogs.Function;
import dev.snowchat.mcp.internal.lookup.Catalogs.Schema;
import dev.snowchat.schemaindex.ColumnInfo;
import dev.snowchat.schemaindex.ForeignKey;
import dev.snowchat.schemaindex.JoinEdge;
import dev.snowchat.schemaindex.JoinPath;
import dev.snowchat.schemaindex.QualifiedName;
import dev.snowchat.schemaindex.SearchHit;
import dev.snowchat.schemaindex.TableInfo;
import dev.snowchat.schemaindex.TableKind;
import dev.snowchat.sqlgate.Dialect;
import dev.snowchat.sqlgate.QueryResult;
import dev.snowchat.sqlgate.SnowchatException;
import dev.snowchat.sqlgate.Sql;
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
 * Live discovery on Snowflake through SHOW and DESCRIBE, reading the result columns Snowflake
 * documents:
 *
 * <ul>
 *   <li>{@code SHOW DATABASES}: {@code name}, {@code comment}, {@code kind}, {@code created_on}
 *   <li>{@code SHOW SCHEMAS IN DATABASE d}: {@code name}, {@code database_name}, {@code comment}
 *   <li>{@code SHOW OBJECTS IN SCHEMA d.s}: {@code name}, {@code database_name}, {@code
 *       schema_name}, {@code kind} (TABLE, VIEW, ...), {@code comment}, {@code rows}
 *   <li>{@code DESCRIBE TABLE d.s.t}: {@code name}, {@code type}, {@code kind}, {@code null?}
 *       (Y/N), {@code default}, {@code primary key} (Y/N), {@code unique key}, {@code comment}
 *   <li>{@code SHOW IMPORTED KEYS IN TABLE} / {@code SHOW EXPORTED KEYS IN TABLE}: {@code
 *       pk_database_name}, {@code pk_schema_name}, {@code pk_table_name}, {@code pk_column_name},
 *       {@code fk_database_name}, {@code fk_schema_name}, {@code fk_table_name}, {@code
 *       fk_column_name}, {@code key_sequence}, {@code fk_name}
 *   <li>{@code SHOW COLUMNS}: {@code database_name}, {@code schema_name}, {@code table_name},
 *       {@code column_name}, {@code data_type} (JSON), {@code comment}
 *   <li>{@code SHOW FUNCTIONS}: {@code name}, {@code schema_name}, {@code is_builtin}, {@code
 *       is_aggregate}, {@code is_table_function}, {@code arguments}, {@code description}
 * </ul>
 *
 * <p>Every name in the SQL is quoted with {@link Sql#quoteIdentifier} and every pattern with
 * {@link Sql#quoteString}. SHOW refuses more than 10,000 rows, so SHOW DATABASES, SHOW SCHEMAS and
 * SHOW OBJECTS carry {@code LIMIT 10000}; SHOW COLUMNS, SHOW FUNCTIONS and SHOW KEYS name one
 * table or a LIKE pattern and carry none.
 */
final class LiveSnowflakeLookup implements SchemaLookup {
  static final int SHOW_LIMIT = 10_000;
  private static final Dialect SF = Dialect.SNOWFLAKE;
  /** Tables whose keys a join-path search reads at most (two SHOW KEYS round trips each). */
  static final int JOIN_SEARCH_LIMIT = 50;

  /** Runs one metadata statement; the warehouse's metadata executor in production. */
  @FunctionalInterface
  interface Runner {
    QueryResult run(String sql);
  }

  private final Runner runner;
  private final CatalogView view;

  LiveSnowflakeLookup(Runner runner, CatalogView view) {
    this.runner = requireNonNull(runner, "runner is null");
    this.view = requireNonNull(view, "view is null");
  }

  private Rows show(String sql) {
    return new Rows(runner.run(sql));
  }

  static String q(String identifier) {
    return Sql.quoteIdentifier(SF, identifier);
  }

  static String s(String text) {
    return Sql.quoteString(SF, text);
  }

  static String fqn(QualifiedName t) {
    return q(t.database()) + "." + q(t.schema()) + "." + q(t.name());
  }

  @Override
  public Answer<List<Database>> databases() {
    Rows r = show("SHOW DATABASES LIMIT " + SHOW_LIMIT);
    List<Database> out = new ArrayList<>();
    for (List<Object> row : r.rows()) {
      String name = r.get(row, "name");
      if (name != null && view.filter().showsDatabase(name)) {
        out.add(new Database(name, r.text(row, "comment")));
      }
    }
    out.sort(Comparator.comparing(Database::name));
    return Answer.of(out);
  }

  @Override
  public Answer<List<Schema>> schemas(String database) {
    String db = normalize(database, false);
    Rows r = show("SHOW SCHEMAS IN DATABASE " + q(db) + " LIMIT " + SHOW_LIMIT);
    List<Schema> out = new ArrayList<>();
    for (List<Object> row : r.rows()) {
      String name = r.get(row, "name");
      String d = Lookups.nvl(r.get(row, "database_name"), db);
      if (name != null && !name.equals("INFORMATION_SCHEMA")
          && view.filter().showsSchema(d, name)) {
        out.add(new Schema(d, name, r.text(row, "comment")));
      }
    }
    out.sort(Comparator.comparing(Schema::name));
    return Answer.of(out);
  }

  @Override
  public Answer<List<TableInfo>> tables(String database, String schema,
      @Nullable String pattern) {
    String db = normalize(database, false);
    String sc = normalize(schema, false);
    String like = pattern == null ? "" : " LIKE " + s(Lookups.likeText(pattern));
    Rows r = show("SHOW OBJECTS" + like + " IN SCHEMA " + q(db) + "." + q(sc) + " LIMIT "
        + SHOW_LIMIT);
    List<TableInfo> out = new ArrayList<>();
    for (List<Object> row : r.rows()) {
      TableInfo t = objectRow(r, row, db, sc);
      if (t != null && view.filter().showsTable(t.id())) {
        out.add(t);
      }
    }
    out.sort(Comparator.comparing(TableInfo::id));
    return Answer.of(out);
  }

  private static @Nullable TableInfo objectRow(Rows r, List<Object> row, String db, String sc) {
    String name = r.get(row, "name");
    if (name == null) {
      return null;
    }
    TableKind kind;
    try {
      kind = TableKind.parse(Lookups.nvl(r.get(row, "kind"), "TABLE").replace('_', ' '));
    } catch (IllegalArgumentException e) {
      return null;
    }
    QualifiedName id = QualifiedName.of(Lookups.nvl(r.get(row, "database_name"), db),
        Lookups.nvl(r.get(row, "schema_name"), sc), name);
    return TableInfo.builder(id).kind(kind).comment(r.text(row, "comment"))
        .rowCount(kind == TableKind.TABLE ? r.number(row, "rows") : null).build();
  }

  /** Snowflake folds unquoted names to upper case. */
  private static String normalize(String part, boolean quoted) {
    return quoted ? part : part.toUpperCase(Locale.ROOT);
  }

  @Override
  public Answer<QualifiedName> resolve(TableRef ref) {
    String db = ref.database() != null ? normalize(ref.database(), ref.isQuoted(2))
        : view.defaultDatabase();
    if (db == null) {
      throw new SnowchatException(ToolErrorCode.INVALID_ARGUMENT,
          "'" + ref + "' has no database and SNOWFLAKE_DATABASE is"
          + " not set. Use DATABASE.SCHEMA.TABLE (list_databases and list_schemas show them).");
    }
    String table = normalize(ref.table(), ref.isQuoted(0));
    String sc = ref.schema() != null ? normalize(ref.schema(), ref.isQuoted(1))
        : view.defaultSchema();
    String scope = sc == null ? "IN DATABASE " + q(db) : "IN SCHEMA " + q(db) + "." + q(sc);
    Rows r = show("SHOW OBJECTS LIKE " + s(table) + " " + scope + " LIMIT " + SHOW_LIMIT);
    List<QualifiedName> found = new ArrayList<>();
    for (List<Object> row : r.rows()) {
      TableInfo t = objectRow(r, row, db, sc == null ? "" : sc);
      if (t != null && t.id().name().equals(table)) {
        found.add(t.id());
      }
    }
    if (found.size() != 1 || !view.filter().showsTable(found.get(0))) {
      if (found.size() > 1) {
        throw new SnowchatException(ToolErrorCode.INVALID_ARGUMENT,
            "'" + ref + "' is ambiguous: " + found
            + ". Use DATABASE.SCHEMA.TABLE.");
      }
      throw Lookups.tableNotFound(ref.toString());
    }
    return Answer.of(found.get(0));
  }

  @Override
  public Answer<TableInfo> describe(QualifiedName t) {
    Rows objects = show("SHOW OBJECTS LIKE " + s(t.name()) + " IN SCHEMA " + q(t.database())
        + "." + q(t.schema()) + " LIMIT " + SHOW_LIMIT);
    TableInfo head = null;
    for (List<Object> row : objects.rows()) {
      TableInfo x = objectRow(objects, row, t.database(), t.schema());
      if (x != null && x.id().name().equals(t.name())) {
        head = x;
      }
    }
    if (head == null) {
      throw Lookups.tableNotFound(t.toString());
    }
    Rows d = show("DESCRIBE " + (head.kind() == TableKind.VIEW ? "VIEW " : "TABLE ") + fqn(t));
    List<ColumnInfo> cols = new ArrayList<>();
    List<String> pk = new ArrayList<>();
    for (List<Object> row : d.rows()) {
      String name = d.get(row, "name");
      String kind = d.get(row, "kind");
      if (name == null || (kind != null && !kind.equalsIgnoreCase("COLUMN"))) {
        continue;
      }
      cols.add(new ColumnInfo(name, Lookups.nvl(d.get(row, "type"), "UNKNOWN"),
          d.yes(row, "null?"), d.text(row, "comment")));
      if (d.yes(row, "primary key")) {
        pk.add(name);
      }
    }
    List<ForeignKey> fks = new ArrayList<>();
    for (JoinEdge e : keys(t, true)) {
      fks.add(new ForeignKey(e.fromColumns(), e.toTable(), e.toColumns()));
    }
    return Answer.of(TableInfo.builder(t).kind(head.kind()).comment(head.comment())
        .rowCount(head.rowCount()).columns(cols).primaryKey(pk).foreignKeys(fks).build());
  }

  /**
   * The column type in {@code SHOW COLUMNS}' {@code data_type}, a JSON object such as
   * {@code {"type":"FIXED","precision":38,"scale":0,"nullable":true}}.
   */
  static String columnType(@Nullable String dataType) {
    if (dataType == null) {
      return "UNKNOWN";
    }
    java.util.regex.Matcher m = DATA_TYPE.matcher(dataType);
    return m.find() ? m.group(1) : "UNKNOWN";
  }

  private static final Pattern DATA_TYPE = Pattern.compile("\"type\"\\s*:\\s*\"([A-Z_]+)\"");

  List<JoinEdge> keys(QualifiedName t, boolean imported) {
    Rows r;
    try {
      r = show("SHOW " + (imported ? "IMPORTED" : "EXPORTED") + " KEYS IN TABLE " + fqn(t));
    } catch (SnowchatException e) {
      return List.of(); // views have no keys; keys are a hint
    }
    DeclaredKeys keys = new DeclaredKeys();
    for (List<Object> row : r.rows()) {
      QualifiedName pkT = QualifiedName.of(r.get(row, "pk_database_name"),
          r.get(row, "pk_schema_name"), r.get(row, "pk_table_name"));
      QualifiedName fkT = QualifiedName.of(r.get(row, "fk_database_name"),
          r.get(row, "fk_schema_name"), r.get(row, "fk_table_name"));
      Long seq = r.number(row, "key_sequence");
      keys.add(fkT, pkT, r.get(row, "fk_name"), seq == null ? 0 : seq,
          r.get(row, "fk_column_name"), r.get(row, "pk_column_name"));
    }
    return keys.edges();
  }

  private List<JoinEdge> neighbours(QualifiedName t) {
    return DeclaredKeys.union(keys(t, true), keys(t, false));
  }

  @Override
  public Answer<List<SearchHit>> search(String query, int k, @Nullable String database) {
    List<String> words = Lookups.searchWords(query);
    String scope = database == null ? "IN ACCOUNT" : "IN DATABASE " + q(normalize(database,
        false));
    LiveRanking ranking = new LiveRanking(words, null);
    Set<QualifiedName> tables = new HashSet<>();
    List<String> asked = words.subList(0, Math.min(4, words.size()));
    for (String w : asked) {
      Rows objects = show("SHOW OBJECTS LIKE " + s("%" + w + "%") + " " + scope + " LIMIT "
          + SHOW_LIMIT);
      for (List<Object> row : objects.rows()) {
        TableInfo t = objectRow(objects, row, "", "");
        if (t != null && view.filter().showsTable(t.id()) && tables.add(t.id())) {
          ranking.table(t.id(), t.kind(), t.comment());
        }
      }
    }
    for (String w : asked) {
      Rows cols = show("SHOW COLUMNS LIKE " + s("%" + w + "%") + " " + scope);
      for (List<Object> row : cols.rows()) {
        String db = cols.get(row, "database_name");
        String sc = cols.get(row, "schema_name");
        String tn = cols.get(row, "table_name");
        String cn = cols.get(row, "column_name");
        if (db == null || sc == null || tn == null || cn == null) {
          continue;
        }
        QualifiedName id = QualifiedName.of(db, sc, tn);
        if (!view.filter().showsTable(id)) {
          continue;
        }
        if (tables.add(id)) {
          // a table whose name holds no query word: SHOW COLUMNS gives no kind or comment
          ranking.table(id, TableKind.TABLE, null);
        }
        ranking.column(id, cn, columnType(cols.get(row, "data_type")),
            Lookups.blankToNull(cols.get(row, "comment")));
      }
    }
    int[] described = {0};
    List<SearchHit> out = ranking.top(k, id -> described[0]++ < 5 ? neighbours(id) : List.of());
    return Answer.of(out);
  }

  @Override
  public Answer<Optional<JoinPath>> joinPath(QualifiedName from, QualifiedName to) {
    describe(from);
    describe(to);
    return Answer.of(JoinSearch.route(from, to, this::neighbours, view.filter()::showsTable,
        JOIN_SEARCH_LIMIT));
  }

  @Override
  public Answer<List<Function>> functions(@Nullable String pattern, int limit) {
    String like = pattern == null ? "" : " LIKE " + s(Lookups.likeText(pattern));
    Rows r = show("SHOW FUNCTIONS" + like);
    Pattern p = Patterns.like(pattern);
    // One entry per name and kind, with every overload's signature (SHOW FUNCTIONS has a row
    // per overload).
    Map<String, Function> out = new TreeMap<>();
    for (List<Object> row : r.rows()) {
      String name = r.get(row, "name");
      if (name == null || !Patterns.matches(p, name)) {
        continue;
      }
      String kind = r.yes(row, "is_table_function") ? "table"
          : r.yes(row, "is_aggregate") ? "aggregate" : "scalar";
      String sig = r.text(row, "arguments");
      Function seen = out.get(name + "\u0000" + kind);
      if (seen != null) {
        if (sig != null && !seen.signatures().contains(sig)) {
          List<String> sigs = new java.util.ArrayList<>(seen.signatures());
          sigs.add(sig);
          out.put(name + "\u0000" + kind, new Function(name, kind, seen.builtin(), sigs,
              seen.description()));
        }
        continue;
      }
      if (out.size() >= limit) {
        continue;
      }
      out.put(name + "\u0000" + kind, new Function(name, kind, r.yes(row, "is_builtin"), sig,
          r.text(row, "description")));
    }
    return Answer.of(out.values().stream().sorted(Function.READING_ORDER).toList());
  }
}
