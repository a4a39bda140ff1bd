package dev.snowchat.schemaindex.internal.source;

import static dev.snowchat.schemaindex.internal.source.FakeJdbc.row;

import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Timestamp;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.NavigableMap;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentSkipListMap;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import javax.sql.DataSource;

/**
 * A recording fake of a Snowflake account's metadata commands. It answers {@code SHOW DATABASES /
 * SCHEMAS / TABLES / VIEWS / PRIMARY KEYS / IMPORTED KEYS} and the INFORMATION_SCHEMA queries the
 * source sends, with result sets that use Snowflake's real column names and order, as listed in
 * the "Output" sections of the Snowflake SQL reference (docs.snowflake.com/en/sql-reference/sql/
 * show-databases, show-schemas, show-tables, show-views, show-primary-keys, show-imported-keys)
 * and the Information Schema views TABLES, COLUMNS and TABLE_CONSTRAINTS
 * (docs.snowflake.com/en/sql-reference/info-schema/...).
 *
 * <p>Like Snowflake, a SHOW without {@code LIMIT} that would return more than {@link #showLimit}
 * rows (10,000 by default) fails with error 090153, and {@code LIMIT n FROM 'name'} returns up to
 * n rows whose name sorts after 'name'. Every statement executed counts as one round trip.
 */
final class FakeSnowflake {
  /** Snowflake's message for error 090153, verbatim. */
  static final String SHOW_LIMIT_MESSAGE = "The result set size exceeded the max number of"
      + " rows(10000) supported for SHOW statements. Use LIMIT option to limit result set to a"
      + " smaller number.";

  static final List<String> SHOW_DATABASES = List.of("created_on", "name", "is_default",
      "is_current", "origin", "owner", "comment", "options", "retention_time", "kind", "budget",
      "owner_role_type");
  static final List<String> SHOW_SCHEMAS = List.of("created_on", "name", "is_default",
      "is_current", "database_name", "owner", "comment", "options", "retention_time",
      "owner_role_type", "budget");
  static final List<String> SHOW_TABLES = List.of("created_on", "name", "database_name",
      "schema_name", "kind", "comment", "cluster_by", "rows", "bytes", "owner", "retention_time",
      "automatic_clustering", "change_tracking", "search_optimization",
      "search_optimization_progress", "search_optimization_bytes", "is_external",
      "enable_schema_evolution", "owner_role_type", "is_event", "budget", "is_hybrid",
      "is_iceberg", "is_dynamic", "is_immutable");
  static final List<String> SHOW_VIEWS = List.of("created_on", "name", "reserved",
      "database_name", "schema_name", "owner", "comment", "text", "is_secure", "is_materialized",
      "owner_role_type", "change_tracking");
  static final List<String> SHOW_PRIMARY_KEYS = List.of("created_on", "database_name",
      "schema_name", "table_name", "column_name", "key_sequence", "constraint_name", "rely",
      "comment");
  static final List<String> SHOW_IMPORTED_KEYS = List.of("created_on", "pk_database_name",
      "pk_schema_name", "pk_table_name", "pk_column_name", "fk_database_name", "fk_schema_name",
      "fk_table_name", "fk_column_name", "key_sequence", "update_rule", "delete_rule", "fk_name",
      "pk_name", "deferrability", "rely", "comment");

  static final Instant CREATED = Instant.parse("2024-01-01T00:00:00Z");

  record Column(String name, String dataType, Long length, Long precision, Long scale,
      boolean nullable, String comment) {}

  record Fk(String name, List<String> columns, String pkDatabase, String pkSchema,
      String pkTable, List<String> pkColumns) {}

  static final class Table {
    final String name;
    final boolean view;
    String comment = "";
    long rows;
    Instant lastDdl = CREATED;
    final List<Column> columns = new ArrayList<>();
    final List<String> primaryKey = new ArrayList<>();
    final List<Fk> foreignKeys = new ArrayList<>();

    Table(String name, boolean view) {
      this.name = name;
      this.view = view;
    }

    Table column(String name, String type, boolean nullable, String comment) {
      Long length = type.equals("TEXT") ? 100L : null;
      Long precision = type.equals("NUMBER") ? 38L : null;
      Long scale = type.equals("NUMBER") ? 0L : null;
      columns.add(new Column(name, type, length, precision, scale, nullable, comment));
      return this;
    }
  }

  /** database -> schema -> name -> table; sorted by name, as SHOW output is. */
  private final NavigableMap<String, NavigableMap<String, NavigableMap<String, Table>>> account =
      new ConcurrentSkipListMap<>();
  private final AtomicInteger roundTrips = new AtomicInteger();
  private final AtomicInteger connections = new AtomicInteger();
  private final List<String> log = Collections.synchronizedList(new ArrayList<>());
  private volatile int showLimit = 10_000;
  private volatile SQLException connectFailure;
  private volatile SQLException queryFailure;

  FakeSnowflake database(String database) {
    account.computeIfAbsent(database, k -> new ConcurrentSkipListMap<>());
    return this;
  }

  FakeSnowflake schema(String database, String schema) {
    database(database);
    account.get(database).computeIfAbsent(schema, k -> new ConcurrentSkipListMap<>());
    return this;
  }

  Table table(String database, String schema, String name) {
    schema(database, schema);
    return account.get(database).get(schema).computeIfAbsent(name, k -> new Table(name, false));
  }

  Table view(String database, String schema, String name) {
    schema(database, schema);
    return account.get(database).get(schema).computeIfAbsent(name, k -> new Table(name, true));
  }

  void drop(String database, String schema, String name) {
    account.get(database).get(schema).remove(name);
  }

  void dropSchema(String database, String schema) {
    account.get(database).remove(schema);
  }

  void showLimit(int limit) {
    this.showLimit = limit;
  }

  void failConnections(SQLException e) {
    this.connectFailure = e;
  }

  void failQueries(SQLException e) {
    this.queryFailure = e;
  }

  int roundTrips() {
    return roundTrips.get();
  }

  int connections() {
    return connections.get();
  }

  List<String> log() {
    synchronized (log) {
      return List.copyOf(log);
    }
  }

  void resetCounters() {
    roundTrips.set(0);
    connections.set(0);
    log.clear();
  }

  DataSource dataSource() {
    return FakeJdbc.dataSource(() -> {
      connections.incrementAndGet();
      SQLException e = connectFailure;
      if (e != null) {
        throw e;
      }
    }, this::answer);
  }

  // Identifiers: "..." with "" inside; strings: '...' with '' or \x inside.
  private static final String ID = "\"((?:[^\"]|\"\")*)\"";
  private static final String LIMIT = "(?: LIMIT (\\d+)(?: FROM '((?:[^'\\\\]|''|\\\\.)*)')?)?";
  private static final Pattern SHOW_DBS = Pattern.compile("SHOW DATABASES" + LIMIT);
  private static final Pattern SHOW_SCHEMAS_IN =
      Pattern.compile("SHOW SCHEMAS IN DATABASE " + ID + LIMIT);
  private static final Pattern SHOW_OBJECTS =
      Pattern.compile("SHOW (TABLES|VIEWS) IN SCHEMA " + ID + "\\." + ID + LIMIT);
  private static final Pattern SHOW_KEYS = Pattern.compile(
      "SHOW (PRIMARY|IMPORTED) KEYS IN (SCHEMA|TABLE) " + ID + "\\." + ID + "(?:\\." + ID + ")?");
  private static final Pattern IS_TABLES = Pattern.compile("SELECT TABLE_SCHEMA, TABLE_NAME,"
      + " LAST_DDL FROM " + ID + "\\.INFORMATION_SCHEMA\\.TABLES( WHERE TABLE_SCHEMA = \\?)?");
  private static final Pattern IS_COLUMNS = Pattern.compile("SELECT TABLE_NAME, COLUMN_NAME,"
      + " ORDINAL_POSITION, IS_NULLABLE, DATA_TYPE, CHARACTER_MAXIMUM_LENGTH, NUMERIC_PRECISION,"
      + " NUMERIC_SCALE, COMMENT FROM " + ID + "\\.INFORMATION_SCHEMA\\.COLUMNS WHERE"
      + " TABLE_SCHEMA = \\?( AND TABLE_NAME IN \\([?, ]+\\))? ORDER BY TABLE_NAME,"
      + " ORDINAL_POSITION");
  private static final Pattern IS_CONSTRAINTS = Pattern.compile("SELECT DISTINCT TABLE_NAME FROM "
      + ID + "\\.INFORMATION_SCHEMA\\.TABLE_CONSTRAINTS WHERE TABLE_SCHEMA = \\? AND"
      + " CONSTRAINT_TYPE = \\?");

  private ResultSet answer(String sql, List<String> binds) throws SQLException {
    roundTrips.incrementAndGet();
    log.add(sql);
    SQLException failure = queryFailure;
    if (failure != null) {
      throw failure;
    }
    Matcher m;
    if ((m = SHOW_DBS.matcher(sql)).matches()) {
      List<List<Object>> rows = new ArrayList<>();
      for (String db : account.keySet()) {
        rows.add(row(ts(CREATED), db, "N", "N", "", "SYSADMIN", "", "", "1", "STANDARD", null,
            "ROLE"));
      }
      return show(SHOW_DATABASES, rows, m.group(1), m.group(2));
    }
    if ((m = SHOW_SCHEMAS_IN.matcher(sql)).matches()) {
      var schemas = db(id(m.group(1)));
      List<List<Object>> rows = new ArrayList<>();
      for (String s : schemas.keySet()) {
        rows.add(row(ts(CREATED), s, "N", "N", id(m.group(1)), "SYSADMIN", "", "", "1", "ROLE",
            null));
      }
      return show(SHOW_SCHEMAS, rows, m.group(2), m.group(3));
    }
    if ((m = SHOW_OBJECTS.matcher(sql)).matches()) {
      boolean views = m.group(1).equals("VIEWS");
      String db = id(m.group(2));
      String schema = id(m.group(3));
      List<List<Object>> rows = new ArrayList<>();
      for (Table t : tablesIn(db, schema).values()) {
        if (t.view != views) {
          continue;
        }
        rows.add(views
            ? row(ts(CREATED), t.name, "", db, schema, "SYSADMIN", t.comment,
                "create view " + t.name + " as select 1", "false", "false", "ROLE", "OFF")
            : row(ts(CREATED), t.name, db, schema, "TABLE", t.comment, "", t.rows,
                t.rows * 64, "SYSADMIN", "1", "OFF", "OFF", "OFF", null, null, "N", "N", "ROLE",
                "N", null, "N", "N", "N", "N"));
      }
      return show(views ? SHOW_VIEWS : SHOW_TABLES, rows, m.group(4), m.group(5));
    }
    if ((m = SHOW_KEYS.matcher(sql)).matches()) {
      boolean primary = m.group(1).equals("PRIMARY");
      String db = id(m.group(3));
      String schema = id(m.group(4));
      String only = m.group(5) == null ? null : id(m.group(5));
      List<List<Object>> rows = new ArrayList<>();
      for (Table t : tablesIn(db, schema).values()) {
        if (only != null && !only.equals(t.name)) {
          continue;
        }
        if (primary) {
          for (int i = 0; i < t.primaryKey.size(); i++) {
            rows.add(row(ts(CREATED), db, schema, t.name, t.primaryKey.get(i), i + 1,
                "PK_" + t.name, "false", null));
          }
        } else {
          for (Fk fk : t.foreignKeys) {
            for (int i = 0; i < fk.columns().size(); i++) {
              rows.add(row(ts(CREATED), fk.pkDatabase(), fk.pkSchema(), fk.pkTable(),
                  fk.pkColumns().get(i), db, schema, t.name, fk.columns().get(i), i + 1,
                  "NO ACTION", "NO ACTION", fk.name(), "PK_" + fk.pkTable(), "NOT DEFERRABLE",
                  "false", null));
            }
          }
        }
      }
      return show(primary ? SHOW_PRIMARY_KEYS : SHOW_IMPORTED_KEYS, rows, null, null);
    }
    if ((m = IS_TABLES.matcher(sql)).matches()) {
      String db = id(m.group(1));
      String onlySchema = m.group(2) == null ? null : binds.getFirst();
      List<List<Object>> rows = new ArrayList<>();
      db(db).forEach((schema, tables) -> {
        if (onlySchema == null || onlySchema.equals(schema)) {
          tables.values().forEach(t -> rows.add(row(schema, t.name, ts(t.lastDdl))));
        }
      });
      return FakeJdbc.resultSet(List.of("TABLE_SCHEMA", "TABLE_NAME", "LAST_DDL"), rows);
    }
    if ((m = IS_COLUMNS.matcher(sql)).matches()) {
      String db = id(m.group(1));
      String schema = binds.getFirst();
      List<String> names = binds.subList(1, binds.size());
      List<List<Object>> rows = new ArrayList<>();
      for (Table t : tablesIn(db, schema).values()) {
        if (m.group(2) != null && !names.contains(t.name)) {
          continue;
        }
        for (int i = 0; i < t.columns.size(); i++) {
          Column c = t.columns.get(i);
          rows.add(row(t.name, c.name(), i + 1, c.nullable() ? "YES" : "NO", c.dataType(),
              c.length(), c.precision(), c.scale(), c.comment()));
        }
      }
      return FakeJdbc.resultSet(List.of("TABLE_NAME", "COLUMN_NAME", "ORDINAL_POSITION",
          "IS_NULLABLE", "DATA_TYPE", "CHARACTER_MAXIMUM_LENGTH", "NUMERIC_PRECISION",
          "NUMERIC_SCALE", "COMMENT"), rows);
    }
    if ((m = IS_CONSTRAINTS.matcher(sql)).matches()) {
      String db = id(m.group(1));
      boolean primary = binds.get(1).equals("PRIMARY KEY");
      List<List<Object>> rows = new ArrayList<>();
      for (Table t : tablesIn(db, binds.getFirst()).values()) {
        if (primary ? !t.primaryKey.isEmpty() : !t.foreignKeys.isEmpty()) {
          rows.add(row(t.name));
        }
      }
      return FakeJdbc.resultSet(List.of("TABLE_NAME"), rows);
    }
    throw new SQLException("SQL compilation error: syntax error (fake does not know: " + sql
        + ")", "42000", 1003);
  }

  private Map<String, NavigableMap<String, Table>> db(String db) throws SQLException {
    var d = account.get(db);
    if (d == null) {
      throw notFound("Database '" + db + "'");
    }
    return d;
  }

  private NavigableMap<String, Table> tablesIn(String db, String schema) throws SQLException {
    var s = db(db).get(schema);
    if (s == null) {
      throw notFound("Schema '" + db + "." + schema + "'");
    }
    return s;
  }

  private static SQLException notFound(String what) {
    return new SQLException("SQL compilation error:\n" + what
        + " does not exist or not authorized.", "02000", 2003);
  }

  /** Applies Snowflake's SHOW row cap and LIMIT ... FROM paging to name-sorted rows. */
  private ResultSet show(List<String> columns, List<List<Object>> sortedRows, String limit,
      String from) throws SQLException {
    int nameAt = columns.indexOf("name");
    List<List<Object>> rows = sortedRows;
    if (limit == null) {
      if (rows.size() > showLimit) {
        throw new SQLException(SHOW_LIMIT_MESSAGE, "22000", 90153);
      }
      return FakeJdbc.resultSet(columns, rows);
    }
    int n = Integer.parseInt(limit);
    if (n > 10_000) {
      throw new SQLException("LIMIT must not exceed 10000", "22023", 1000);
    }
    String after = from == null ? null : unquote(from);
    List<List<Object>> page = new ArrayList<>();
    for (List<Object> r : rows) {
      if (after == null || ((String) r.get(nameAt)).compareTo(after) > 0) {
        page.add(r);
        if (page.size() == n) {
          break;
        }
      }
    }
    return FakeJdbc.resultSet(columns, page);
  }

  private static String id(String quoted) {
    return quoted.replace("\"\"", "\"");
  }

  private static String unquote(String literal) {
    StringBuilder b = new StringBuilder();
    for (int i = 0; i < literal.length(); i++) {
      char c = literal.charAt(i);
      if (c == '\\' && i + 1 < literal.length()) {
        b.append(literal.charAt(++i));
      } else if (c == '\'' && i + 1 < literal.length() && literal.charAt(i + 1) == '\'') {
        b.append('\'');
        i++;
      } else {
        b.append(c);
      }
    }
    return b.toString();
  }

  private static Timestamp ts(Instant i) {
    return Timestamp.from(i);
  }

  /** {@return a view of the account for assertions} */
  Map<String, ? extends Map<String, ? extends Map<String, Table>>> account() {
    return new TreeMap<>(account);
  }
}
