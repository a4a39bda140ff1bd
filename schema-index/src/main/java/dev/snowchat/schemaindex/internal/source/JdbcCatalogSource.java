package dev.snowchat.schemaindex.internal.source;

import static java.util.Objects.requireNonNull;

import dev.snowchat.schemaindex.Catalog;
import dev.snowchat.schemaindex.CatalogSource;
import dev.snowchat.schemaindex.ColumnInfo;
import dev.snowchat.schemaindex.ForeignKey;
import dev.snowchat.schemaindex.QualifiedName;
import dev.snowchat.schemaindex.RowCountEstimates;
import dev.snowchat.schemaindex.TableInfo;
import dev.snowchat.schemaindex.TableKind;
import dev.snowchat.schemaindex.TableStamp;
import dev.snowchat.schemaindex.internal.source.Rows.Row;
import java.sql.Connection;
import java.sql.DatabaseMetaData;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Comparator;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import javax.sql.DataSource;
import org.jspecify.annotations.Nullable;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Reads the current database of any JDBC connection through {@link DatabaseMetaData}: per schema
 * one {@code getTables}, one {@code getColumns}, one {@code getPrimaryKeys} and one {@code
 * getImportedKeys} with a null table name (per table only when the driver refuses that, or is
 * known to ignore it: DuckDB's {@code getPrimaryKeys}).
 * Remarks become comments. The database part of each name is the connection's catalog (for
 * DuckDB the attached database, for PostgreSQL the database of the URL).
 *
 * <p>JDBC reports no change time, so stamps carry a fingerprint of each table's metadata and
 * {@link #stamps()} reads the metadata in full; the index still updates only what changed.
 */
public final class JdbcCatalogSource implements CatalogSource {
  private static final Logger LOG = LoggerFactory.getLogger(JdbcCatalogSource.class);
  private static final String NAME = "jdbc";

  private final DataSource dataSource;
  private final NameFilter filter;
  private final boolean includeSystemObjects;
  private final int concurrency;

  /**
   * Creates a source.
   *
   * @param dataSource connections; not closed by this source
   * @param filter the schema filter (database patterns apply to the connection's catalog)
   * @param includeSystemObjects whether to read system schemas
   * @param concurrency how many schemas to read at the same time
   */
  public JdbcCatalogSource(DataSource dataSource, NameFilter filter, boolean includeSystemObjects,
      int concurrency) {
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

  private record SchemaRef(@Nullable String catalog, String database, String schema) {
    @Override
    public String toString() {
      return database + "." + schema;
    }
  }

  /**
   * What the first read is called in a failure's message ("jdbc metadata read failed (schema
   * list): ..."); an empty name was reported as Snowflake's "account".
   */
  private static final String SCHEMA_LIST = "schema list";

  @Override
  public Catalog load() {
    try (Parallel p = new Parallel(NAME, dataSource, concurrency)) {
      List<SchemaRef> schemas = p.run(List.of(SCHEMA_LIST), (c, x) -> schemas(c)).getFirst();
      List<TableInfo> tables = new ArrayList<>();
      p.run(schemas, (c, s) -> readSchema(c, s, null)).forEach(tables::addAll);
      LOG.info("Read {} tables and views from {} schemas over JDBC", tables.size(),
          schemas.size());
      return Catalog.of(tables);
    }
  }

  @Override
  public List<TableStamp> stamps() {
    return stampsOf(load());
  }

  @Override
  public List<TableStamp> stampsOf(Catalog catalog) {
    return catalog.tables().stream()
        .map(t -> new TableStamp(t.id(), t.changedOn(), Fingerprints.of(t))).toList();
  }

  @Override
  public Catalog loadTables(Collection<QualifiedName> tables) {
    if (tables.isEmpty()) {
      return Catalog.empty();
    }
    try (Parallel p = new Parallel(NAME, dataSource, concurrency)) {
      List<SchemaRef> all = p.run(List.of(SCHEMA_LIST), (c, x) -> schemas(c)).getFirst();
      Map<SchemaRef, Set<String>> wanted = new TreeMap<>(
          Comparator.comparing(SchemaRef::database).thenComparing(SchemaRef::schema));
      for (SchemaRef s : all) {
        for (QualifiedName t : tables) {
          if (t.database().equals(s.database()) && t.schema().equals(s.schema())) {
            wanted.computeIfAbsent(s, k -> new HashSet<>()).add(t.name());
          }
        }
      }
      List<TableInfo> out = new ArrayList<>();
      p.run(List.copyOf(wanted.keySet()), (c, s) -> readSchema(c, s, wanted.get(s)))
          .forEach(out::addAll);
      return Catalog.of(out);
    }
  }

  private List<SchemaRef> schemas(Connection c) throws SQLException {
    String catalog = c.getCatalog();
    String database = catalog == null || catalog.isBlank() ? "default" : catalog;
    if (!filter.database(database)) {
      return List.of();
    }
    List<SchemaRef> out = new ArrayList<>();
    try (ResultSet rs = c.getMetaData().getSchemas()) {
      for (Row r : Rows.read(rs)) {
        String schema = r.required("table_schem");
        String cat = r.str("table_catalog");
        if (cat != null && catalog != null && !cat.equals(catalog)) {
          continue;
        }
        if ((includeSystemObjects || !isSystemSchema(schema))
            && filter.schema(database, schema)) {
          out.add(new SchemaRef(catalog, database, schema));
        }
      }
    }
    return out.stream().distinct().toList();
  }

  static boolean isSystemSchema(String schema) {
    String s = schema.toLowerCase(Locale.ROOT);
    return s.equals("information_schema") || s.equals("pg_catalog") || s.startsWith("pg_toast")
        || s.startsWith("pg_temp_");
  }

  private List<TableInfo> readSchema(Connection c, SchemaRef s, @Nullable Set<String> only)
      throws SQLException {
    DatabaseMetaData md = c.getMetaData();
    String schemaPattern = escape(s.schema(), md.getSearchStringEscape());
    Map<String, TableInfo.Builder> builders = new LinkedHashMap<>();
    try (ResultSet rs = md.getTables(s.catalog(), schemaPattern, "%", null)) {
      for (Row r : Rows.read(rs)) {
        String type = r.str("table_type");
        String name = r.required("table_name");
        if (!s.schema().equals(r.str("table_schem")) || !isUserTableType(type)
            || (only != null && !only.contains(name))) {
          continue;
        }
        builders.put(name, TableInfo.builder(QualifiedName.of(s.database(), s.schema(), name))
            .kind(TableKind.parse(requireNonNull(type))).comment(r.text("remarks")));
      }
    }
    if (builders.isEmpty()) {
      return List.of();
    }
    Map<String, TreeMap<Integer, ColumnInfo>> columns = new HashMap<>();
    try (ResultSet rs = md.getColumns(s.catalog(), schemaPattern, "%", "%")) {
      for (Row r : Rows.read(rs)) {
        String table = r.required("table_name");
        if (!s.schema().equals(r.str("table_schem")) || !builders.containsKey(table)) {
          continue;
        }
        Long ordinal = r.lng("ordinal_position");
        TreeMap<Integer, ColumnInfo> m = columns.computeIfAbsent(table, k -> new TreeMap<>());
        Long nullable = r.lng("nullable");
        m.put(ordinal == null ? m.size() + 1 : ordinal.intValue(), new ColumnInfo(
            r.required("column_name"), jdbcType(r),
            nullable == null || nullable != DatabaseMetaData.columnNoNulls, r.text("remarks")));
      }
    }
    Map<String, Long> rows = RowCountEstimates.of(c, s.database(), s.schema());
    builders.forEach((name, b) -> {
      if (b.build().kind() == TableKind.TABLE) {
        b.rowCount(rows.get(name));
      }
    });
    Map<String, List<String>> pks = primaryKeys(md, s, builders.keySet());
    Map<String, List<ForeignKey>> fks = foreignKeys(md, s, builders.keySet());
    List<TableInfo> out = new ArrayList<>(builders.size());
    builders.forEach((name, b) -> out.add(b
        .columns(List.copyOf(columns.getOrDefault(name, new TreeMap<>()).values()))
        .primaryKey(pks.getOrDefault(name, List.of()))
        .foreignKeys(fks.getOrDefault(name, List.of()))
        .build()));
    return out;
  }

  static boolean isUserTableType(@Nullable String type) {
    if (type == null) {
      return false;
    }
    String t = type.toUpperCase(Locale.ROOT);
    return (t.endsWith("TABLE") || t.endsWith("VIEW")) && !t.startsWith("SYSTEM")
        && !t.contains("TEMP");
  }

  static String escape(String name, @Nullable String escape) {
    if (escape == null || escape.isEmpty()) {
      return name;
    }
    StringBuilder b = new StringBuilder(name.length() + 4);
    for (char ch : name.toCharArray()) {
      if (ch == '_' || ch == '%' || escape.indexOf(ch) == 0) {
        b.append(escape);
      }
      b.append(ch);
    }
    return b.toString();
  }

  static String jdbcType(Row r) {
    String t = r.required("type_name");
    if (t.contains("(")) {
      return t;
    }
    Long size = r.lng("column_size");
    Long digits = r.lng("decimal_digits");
    return switch (t.toLowerCase(Locale.ROOT)) {
      case "varchar", "character varying", "char", "character", "bpchar", "nvarchar", "nchar" ->
          size != null && size > 0 && size < 1_000_000 ? t + "(" + size + ")" : t;
      case "numeric", "decimal" -> size != null && size > 0 && size < 1000
          ? t + "(" + size + "," + (digits == null ? 0 : digits) + ")" : t;
      default -> t;
    };
  }

  private Map<String, List<String>> primaryKeys(DatabaseMetaData md, SchemaRef s,
      Set<String> tables) throws SQLException {
    // DuckDB's driver answers a null table name with no rows instead of all the schema's keys.
    boolean perTable = "DuckDB".equalsIgnoreCase(md.getDatabaseProductName());
    List<Row> rows = keyRows(s, tables, perTable,
        t -> md.getPrimaryKeys(s.catalog(), s.schema(), t));
    Map<String, TreeMap<Long, String>> byTable = new HashMap<>();
    for (Row r : rows) {
      String table = r.required("table_name");
      if (!tables.contains(table) || !s.schema().equals(r.str("table_schem"))) {
        continue;
      }
      TreeMap<Long, String> m = byTable.computeIfAbsent(table, k -> new TreeMap<>());
      Long seq = r.lng("key_seq");
      m.put(seq == null ? m.size() + 1L : seq, r.required("column_name"));
    }
    Map<String, List<String>> out = new HashMap<>();
    byTable.forEach((t, m) -> out.put(t, List.copyOf(m.values())));
    return out;
  }

  private Map<String, List<ForeignKey>> foreignKeys(DatabaseMetaData md, SchemaRef s,
      Set<String> tables) throws SQLException {
    List<Row> rows = keyRows(s, tables, false,
        t -> md.getImportedKeys(s.catalog(), s.schema(), t));
    Map<String, Map<String, TreeMap<Long, String[]>>> cols = new LinkedHashMap<>();
    Map<String, QualifiedName> targets = new HashMap<>();
    for (Row r : rows) {
      String table = r.required("fktable_name");
      if (!tables.contains(table) || !s.schema().equals(r.str("fktable_schem"))) {
        continue;
      }
      String pkCat = r.text("pktable_cat");
      String pkSchema = r.text("pktable_schem");
      QualifiedName target = QualifiedName.of(pkCat == null ? s.database() : pkCat,
          pkSchema == null ? s.schema() : pkSchema, r.required("pktable_name"));
      String fkName = r.text("fk_name");
      String key = fkName == null ? target.toString() : fkName;
      targets.put(table + "\u0000" + key, target);
      TreeMap<Long, String[]> m = cols.computeIfAbsent(table, k -> new LinkedHashMap<>())
          .computeIfAbsent(key, k -> new TreeMap<>());
      Long seq = r.lng("key_seq");
      m.put(seq == null ? m.size() + 1L : seq,
          new String[] {r.required("fkcolumn_name"), r.required("pkcolumn_name")});
    }
    Map<String, List<ForeignKey>> out = new HashMap<>();
    cols.forEach((table, byKey) -> byKey.forEach((key, m) -> out
        .computeIfAbsent(table, k -> new ArrayList<>())
        .add(new ForeignKey(m.values().stream().map(a -> a[0]).toList(),
            targets.get(table + "\u0000" + key), m.values().stream().map(a -> a[1]).toList()))));
    return out;
  }

  @FunctionalInterface
  private interface KeyQuery {
    ResultSet run(@Nullable String table) throws SQLException;
  }

  /**
   * Asks for a whole schema's keys with a null table name; per table when the driver is known to
   * ignore that ({@code perTable}) or refuses it.
   */
  private static List<Row> keyRows(SchemaRef s, Set<String> tables, boolean perTable,
      KeyQuery q) throws SQLException {
    if (!perTable) {
      try (ResultSet rs = q.run(null)) {
        return Rows.read(rs);
      } catch (SQLException e) {
        LOG.debug("Driver refused schema-wide key lookup in {}; reading keys per table: {}", s,
            SourceErrors.sanitize(e.getMessage()));
      }
    }
    List<Row> out = new ArrayList<>();
    for (String t : tables.stream().sorted().toList()) {
      try (ResultSet rs = q.run(t)) {
        out.addAll(Rows.read(rs));
      }
    }
    return out;
  }
}
