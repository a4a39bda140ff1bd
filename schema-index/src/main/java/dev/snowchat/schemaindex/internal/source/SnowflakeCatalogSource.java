package dev.snowchat.schemaindex.internal.source;

import static java.util.Objects.requireNonNull;

import dev.snowchat.schemaindex.Catalog;
import dev.snowchat.schemaindex.CatalogSource;
import dev.snowchat.schemaindex.ColumnInfo;
import dev.snowchat.schemaindex.ForeignKey;
import dev.snowchat.schemaindex.QualifiedName;
import dev.snowchat.schemaindex.TableInfo;
import dev.snowchat.schemaindex.TableKind;
import dev.snowchat.schemaindex.TableStamp;
import dev.snowchat.schemaindex.internal.source.Rows.Row;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Comparator;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import javax.sql.DataSource;
import org.jspecify.annotations.Nullable;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Reads a Snowflake catalog with metadata commands, batched per schema so that the number of
 * round trips grows with schemas, not tables.
 *
 * <p>Per load: {@code SHOW DATABASES}; per database {@code SHOW SCHEMAS IN DATABASE} and one
 * {@code SELECT} on the database's {@code INFORMATION_SCHEMA.TABLES} for change stamps; per
 * schema {@code SHOW TABLES IN SCHEMA}, {@code SHOW VIEWS IN SCHEMA}, one {@code SELECT} on
 * {@code INFORMATION_SCHEMA.COLUMNS}, {@code SHOW PRIMARY KEYS IN SCHEMA} and {@code SHOW
 * IMPORTED KEYS IN SCHEMA}. Schemas are read {@code concurrency} at a time, each on a connection
 * of its own from the data source (pass a pool).
 *
 * <p>Why these commands:
 *
 * <ul>
 *   <li>SHOW refuses more than 10,000 rows without {@code LIMIT} (error 090153). {@code SHOW
 *       DATABASES / SCHEMAS / TABLES / VIEWS} are paged with {@code LIMIT 10000 FROM '<last
 *       name>'} until a page is short, so no scope ever hits the limit.
 *   <li>{@code SHOW COLUMNS} has no {@code LIMIT ... FROM} and so fails for schemas with more than
 *       10,000 columns; {@code INFORMATION_SCHEMA.COLUMNS} filtered by schema has no row limit
 *       and costs one round trip per schema. It needs a running warehouse, like the stamps query.
 *   <li>Change stamps are {@code LAST_DDL} from {@code INFORMATION_SCHEMA.TABLES} (one query per
 *       database): it moves on every DDL (columns, comments) but not on data loads, unlike
 *       {@code LAST_ALTERED}; SHOW TABLES has only {@code created_on}, which misses ALTERs.
 *   <li>{@code SHOW PRIMARY/IMPORTED KEYS} have no paging. Should one overflow (error 090153),
 *       the schema's keys are read per table, only for the tables that
 *       {@code INFORMATION_SCHEMA.TABLE_CONSTRAINTS} lists with such a key.
 * </ul>
 *
 * <p>Round trips (statements): {@code load()} costs {@code 1 + 2D + sum over schemas of
 * (floor(T/10000) + floor(V/10000) + 5)} for D databases and a schema's T tables and V views (a
 * schema with neither costs 2); {@code stamps()} costs {@code 1 + D}; {@code loadTables()} costs
 * {@code floor(T/10000) + floor(V/10000) + 6} per schema holding a requested table. More than
 * 10,000 databases, or schemas in a database, add one SHOW page each 10,000.
 *
 * <p>A schema or database dropped while it is read (error 002003) is skipped with a warning.
 */
public final class SnowflakeCatalogSource implements CatalogSource {
  /** The SHOW page size: Snowflake's maximum. */
  static final int PAGE = 10_000;

  private static final Logger LOG = LoggerFactory.getLogger(SnowflakeCatalogSource.class);
  private static final String NAME = "snowflake";

  private final DataSource dataSource;
  private final NameFilter filter;
  private final boolean includeSystemObjects;
  private final int concurrency;

  /**
   * Creates a source.
   *
   * @param dataSource connections to Snowflake; not closed by this source
   * @param filter the database and schema filter
   * @param includeSystemObjects whether to read INFORMATION_SCHEMA and the SNOWFLAKE database
   * @param concurrency how many schemas to read at the same time
   */
  public SnowflakeCatalogSource(DataSource dataSource, NameFilter filter,
      boolean includeSystemObjects, int concurrency) {
    this.dataSource = requireNonNull(dataSource, "dataSource is null");
    this.filter = requireNonNull(filter, "filter is null");
    this.includeSystemObjects = includeSystemObjects;
    if (concurrency < 1) {
      throw new IllegalArgumentException("concurrency must be >= 1, got " + concurrency);
    }
    this.concurrency = concurrency;
  }

  @Override
  public String name() {
    return NAME;
  }

  private record SchemaRef(String database, String schema) {
    @Override
    public String toString() {
      return database + "." + schema;
    }
  }

  private record DatabaseMeta(List<SchemaRef> schemas,
      Map<QualifiedName, @Nullable Instant> stamps) {}

  @Override
  public Catalog load() {
    try (Parallel p = new Parallel(NAME, dataSource, concurrency)) {
      List<String> databases = p.run(List.of(""), (c, x) -> databases(c)).getFirst();
      List<DatabaseMeta> metas = p.run(databases, (c, db) -> {
        List<SchemaRef> schemas = schemas(c, db);
        return new DatabaseMeta(schemas, schemas.isEmpty() ? Map.of() : stampsOf(c, db, null));
      });
      List<SchemaRef> schemas = new ArrayList<>();
      Map<QualifiedName, @Nullable Instant> stamps = new HashMap<>();
      metas.forEach(m -> {
        schemas.addAll(m.schemas());
        stamps.putAll(m.stamps());
      });
      List<TableInfo> tables = new ArrayList<>();
      p.run(schemas, (c, s) -> readSchema(c, s, stamps, null)).forEach(tables::addAll);
      LOG.info("Read {} tables and views from {} schemas in {} Snowflake databases",
          tables.size(), schemas.size(), databases.size());
      return Catalog.of(tables);
    }
  }

  @Override
  public List<TableStamp> stamps() {
    try (Parallel p = new Parallel(NAME, dataSource, concurrency)) {
      List<String> databases = p.run(List.of(""), (c, x) -> databases(c)).getFirst();
      List<TableStamp> out = new ArrayList<>();
      p.run(databases, (c, db) -> stampsOf(c, db, null)).forEach(m -> m.entrySet().stream()
          .filter(e -> selected(e.getKey().database(), e.getKey().schema()))
          .forEach(e -> out.add(new TableStamp(e.getKey(), e.getValue()))));
      return out;
    }
  }

  @Override
  public Catalog loadTables(Collection<QualifiedName> tables) {
    Map<SchemaRef, Set<String>> bySchema = new TreeMap<>(
        Comparator.comparing(SchemaRef::database).thenComparing(SchemaRef::schema));
    for (QualifiedName t : tables) {
      bySchema.computeIfAbsent(new SchemaRef(t.database(), t.schema()), k -> new HashSet<>())
          .add(t.name());
    }
    if (bySchema.isEmpty()) {
      return Catalog.empty();
    }
    try (Parallel p = new Parallel(NAME, dataSource, concurrency)) {
      List<TableInfo> out = new ArrayList<>();
      p.run(List.copyOf(bySchema.keySet()), (c, s) -> {
        Set<String> only = bySchema.get(s);
        return readSchema(c, s, stampsOf(c, s.database(), s.schema()), only);
      }).forEach(out::addAll);
      return Catalog.of(out);
    }
  }

  private boolean selected(String database, String schema) {
    if (!includeSystemObjects && schema.equalsIgnoreCase("INFORMATION_SCHEMA")) {
      return false;
    }
    return filter.schema(database, schema);
  }

  private List<String> databases(Connection c) throws SQLException {
    List<String> out = new ArrayList<>();
    for (Row r : showPaged(c, "SHOW DATABASES")) {
      String name = r.required("name");
      if (!includeSystemObjects && name.equalsIgnoreCase("SNOWFLAKE")) {
        continue;
      }
      if (filter.database(name)) {
        out.add(name);
      }
    }
    return out;
  }

  private List<SchemaRef> schemas(Connection c, String database) throws SQLException {
    List<SchemaRef> out = new ArrayList<>();
    try {
      for (Row r : showPaged(c, "SHOW SCHEMAS IN DATABASE " + SnowflakeSql.identifier(database))) {
        String name = r.required("name");
        if (selected(database, name)) {
          out.add(new SchemaRef(database, name));
        }
      }
    } catch (SQLException e) {
      if (SourceErrors.hasCode(e, SourceErrors.SNOWFLAKE_NOT_FOUND)) {
        LOG.warn("Skipping Snowflake database {}: it no longer exists or is not authorized",
            SourceErrors.sanitize(database));
        return List.of();
      }
      throw e;
    }
    return out;
  }

  /** LAST_DDL per table of a database (or one of its schemas): one round trip. */
  private Map<QualifiedName, @Nullable Instant> stampsOf(Connection c, String database,
      @Nullable String schema) throws SQLException {
    // No TABLE_TYPE filter: a stamp the catalog lacks only costs a lookup when something else
    // changes, whereas a catalog table without a stamp would look dropped on every poll.
    String sql = "SELECT TABLE_SCHEMA, TABLE_NAME, LAST_DDL FROM "
        + SnowflakeSql.identifier(database) + ".INFORMATION_SCHEMA.TABLES"
        + (schema == null ? "" : " WHERE TABLE_SCHEMA = ?");
    List<Row> rows;
    try {
      rows = query(c, sql, schema);
    } catch (SQLException e) {
      if (SourceErrors.hasCode(e, SourceErrors.SNOWFLAKE_NOT_FOUND)) {
        return Map.of();
      }
      throw e;
    }
    // Values may be null (no LAST_DDL reported); HashMap keeps such entries.
    Map<QualifiedName, @Nullable Instant> out = HashMap.newHashMap(rows.size());
    for (Row r : rows) {
      String s = r.required("table_schema");
      if (schema != null || selected(database, s)) {
        out.put(QualifiedName.of(database, s, r.required("table_name")), r.instant("last_ddl"));
      }
    }
    return out;
  }

  private List<TableInfo> readSchema(Connection c, SchemaRef s,
      Map<QualifiedName, @Nullable Instant> stamps, @Nullable Set<String> only)
      throws SQLException {
    String ref = SnowflakeSql.schemaRef(s.database(), s.schema());
    try {
      Map<String, TableInfo.Builder> builders = new LinkedHashMap<>();
      for (Row r : showPaged(c, "SHOW TABLES IN SCHEMA " + ref)) {
        String name = r.required("name");
        if (only == null || only.contains(name)) {
          QualifiedName id = QualifiedName.of(s.database(), s.schema(), name);
          builders.put(name, TableInfo.builder(id).kind(TableKind.TABLE)
              .comment(r.text("comment")).rowCount(r.lng("rows"))
              .changedOn(changedOn(stamps, id, r)));
        }
      }
      for (Row r : showPaged(c, "SHOW VIEWS IN SCHEMA " + ref)) {
        String name = r.required("name");
        if (only == null || only.contains(name)) {
          QualifiedName id = QualifiedName.of(s.database(), s.schema(), name);
          builders.put(name, TableInfo.builder(id).kind(TableKind.VIEW)
              .comment(r.text("comment"))
              .changedOn(changedOn(stamps, id, r)));
        }
      }
      if (builders.isEmpty()) {
        return List.of();
      }
      Map<String, List<ColumnInfo>> columns = columns(c, s, only);
      Map<String, List<String>> pks = primaryKeys(c, s, builders.keySet());
      Map<String, List<ForeignKey>> fks = foreignKeys(c, s, builders.keySet());
      List<TableInfo> out = new ArrayList<>(builders.size());
      builders.forEach((name, b) -> out.add(b
          .columns(columns.getOrDefault(name, List.of()))
          .primaryKey(pks.getOrDefault(name, List.of()))
          .foreignKeys(fks.getOrDefault(name, List.of()))
          .build()));
      return out;
    } catch (SQLException e) {
      if (SourceErrors.hasCode(e, SourceErrors.SNOWFLAKE_NOT_FOUND)) {
        LOG.warn("Skipping Snowflake schema {}: it no longer exists or is not authorized",
            SourceErrors.sanitize(s.database() + "." + s.schema()));
        return List.of();
      }
      throw e;
    }
  }

  private static @Nullable Instant changedOn(Map<QualifiedName, @Nullable Instant> stamps,
      QualifiedName id, Row show) {
    return stamps.containsKey(id) ? stamps.get(id) : show.instant("created_on");
  }

  private Map<String, List<ColumnInfo>> columns(Connection c, SchemaRef s,
      @Nullable Set<String> only) throws SQLException {
    StringBuilder sql = new StringBuilder("SELECT TABLE_NAME, COLUMN_NAME, ORDINAL_POSITION,"
        + " IS_NULLABLE, DATA_TYPE, CHARACTER_MAXIMUM_LENGTH, NUMERIC_PRECISION, NUMERIC_SCALE,"
        + " COMMENT FROM ").append(SnowflakeSql.identifier(s.database()))
        .append(".INFORMATION_SCHEMA.COLUMNS WHERE TABLE_SCHEMA = ?");
    List<String> binds = new ArrayList<>();
    binds.add(s.schema());
    // A short list of wanted tables narrows the scan; a long one would make a huge statement.
    if (only != null && only.size() <= 200) {
      List<String> names = only.stream().sorted().toList();
      sql.append(" AND TABLE_NAME IN (").append("?, ".repeat(names.size() - 1)).append("?)");
      binds.addAll(names);
    }
    sql.append(" ORDER BY TABLE_NAME, ORDINAL_POSITION");
    Map<String, List<ColumnInfo>> out = new HashMap<>();
    for (Row r : query(c, sql.toString(), binds.toArray(String[]::new))) {
      String table = r.required("table_name");
      out.computeIfAbsent(table, k -> new ArrayList<>()).add(new ColumnInfo(
          r.required("column_name"), snowflakeType(r), r.yes("is_nullable"), r.text("comment")));
    }
    return out;
  }

  /** Renders a type as DESCRIBE TABLE does: NUMBER(38,0), VARCHAR(16777216), TIMESTAMP_NTZ. */
  static String snowflakeType(Row r) {
    String type = r.required("data_type");
    Long length = r.lng("character_maximum_length");
    Long precision = r.lng("numeric_precision");
    Long scale = r.lng("numeric_scale");
    return switch (type) {
      case "NUMBER" -> precision == null ? type
          : "NUMBER(" + precision + "," + (scale == null ? 0 : scale) + ")";
      case "TEXT" -> length == null ? "VARCHAR" : "VARCHAR(" + length + ")";
      case "BINARY" -> length == null ? type : "BINARY(" + length + ")";
      default -> type;
    };
  }

  private Map<String, List<String>> primaryKeys(Connection c, SchemaRef s, Set<String> tables)
      throws SQLException {
    List<Row> rows = keyRows(c, s, "PRIMARY KEYS", "PRIMARY KEY", tables);
    Map<String, TreeMap<Long, String>> byTable = new HashMap<>();
    for (Row r : rows) {
      Long seq = r.lng("key_sequence");
      TreeMap<Long, String> m = byTable.computeIfAbsent(r.required("table_name"),
          k -> new TreeMap<>());
      m.put(seq == null ? m.size() + 1L : seq, r.required("column_name"));
    }
    Map<String, List<String>> out = new HashMap<>();
    byTable.forEach((t, cols) -> out.put(t, List.copyOf(cols.values())));
    return out;
  }

  private Map<String, List<ForeignKey>> foreignKeys(Connection c, SchemaRef s, Set<String> tables)
      throws SQLException {
    List<Row> rows = keyRows(c, s, "IMPORTED KEYS", "FOREIGN KEY", tables);
    // table -> constraint -> key_sequence -> (fk column, pk column); pk table per constraint
    Map<String, Map<String, TreeMap<Long, String[]>>> cols = new LinkedHashMap<>();
    Map<String, QualifiedName> targets = new HashMap<>();
    for (Row r : rows) {
      String table = r.required("fk_table_name");
      QualifiedName target = QualifiedName.of(r.required("pk_database_name"),
          r.required("pk_schema_name"), r.required("pk_table_name"));
      String constraint = r.text("fk_name");
      String key = (constraint == null ? target.toString() : constraint);
      targets.put(table + "\u0000" + key, target);
      Long seq = r.lng("key_sequence");
      TreeMap<Long, String[]> m = cols.computeIfAbsent(table, k -> new LinkedHashMap<>())
          .computeIfAbsent(key, k -> new TreeMap<>());
      m.put(seq == null ? m.size() + 1L : seq,
          new String[] {r.required("fk_column_name"), r.required("pk_column_name")});
    }
    Map<String, List<ForeignKey>> out = new HashMap<>();
    cols.forEach((table, byConstraint) -> byConstraint.forEach((key, m) -> {
      List<String> from = m.values().stream().map(a -> a[0]).toList();
      List<String> to = m.values().stream().map(a -> a[1]).toList();
      out.computeIfAbsent(table, k -> new ArrayList<>())
          .add(new ForeignKey(from, targets.get(table + "\u0000" + key), to));
    }));
    return out;
  }

  /**
   * Runs {@code SHOW <what> IN SCHEMA}; on the 10,000-row limit falls back to {@code SHOW <what>
   * IN TABLE} for the tables INFORMATION_SCHEMA.TABLE_CONSTRAINTS lists with such a constraint.
   */
  private List<Row> keyRows(Connection c, SchemaRef s, String what, String constraintType,
      Set<String> tables) throws SQLException {
    String ref = SnowflakeSql.schemaRef(s.database(), s.schema());
    try {
      return query(c, "SHOW " + what + " IN SCHEMA " + ref);
    } catch (SQLException e) {
      if (!SourceErrors.hasCode(e, SourceErrors.SNOWFLAKE_SHOW_LIMIT)) {
        throw e;
      }
    }
    LOG.warn("SHOW {} IN SCHEMA {} exceeds 10,000 rows; reading keys per table",
        what, SourceErrors.sanitize(s.database() + "." + s.schema()));
    List<Row> owners = query(c, "SELECT DISTINCT TABLE_NAME FROM "
        + SnowflakeSql.identifier(s.database()) + ".INFORMATION_SCHEMA.TABLE_CONSTRAINTS"
        + " WHERE TABLE_SCHEMA = ? AND CONSTRAINT_TYPE = ?", s.schema(), constraintType);
    List<Row> out = new ArrayList<>();
    for (Row o : owners) {
      String table = o.required("table_name");
      if (tables.contains(table)) {
        out.addAll(query(c, "SHOW " + what + " IN TABLE " + ref + "."
            + SnowflakeSql.identifier(table)));
      }
    }
    return out;
  }

  /**
   * Runs a SHOW command in pages of 10,000 rows, each page starting after the last name of the
   * one before, until a page is short.
   */
  static List<Row> showPaged(Connection c, String command) throws SQLException {
    List<Row> out = new ArrayList<>();
    Set<String> seen = new HashSet<>();
    String from = null;
    while (true) {
      String sql = command + " LIMIT " + PAGE + (from == null ? "" : " FROM "
          + SnowflakeSql.string(from));
      List<Row> page = query(c, sql);
      int fresh = 0;
      for (Row r : page) {
        // FROM is documented as a cursor after the named row; drop a repeat should it include it.
        if (seen.add(r.required("name"))) {
          out.add(r);
          fresh++;
        }
      }
      if (page.size() < PAGE || fresh == 0) {
        return out;
      }
      from = page.getLast().required("name");
    }
  }

  static List<Row> query(Connection c, String sql, @Nullable String... binds) throws SQLException {
    List<String> values = new ArrayList<>();
    for (String b : binds) {
      if (b != null) {
        values.add(b);
      }
    }
    if (values.isEmpty()) {
      try (Statement st = c.createStatement(); ResultSet rs = st.executeQuery(sql)) {
        return Rows.read(rs);
      }
    }
    try (PreparedStatement ps = c.prepareStatement(sql)) {
      for (int i = 0; i < values.size(); i++) {
        ps.setString(i + 1, values.get(i));
      }
      try (ResultSet rs = ps.executeQuery()) {
        return Rows.read(rs);
      }
    }
  }
}
