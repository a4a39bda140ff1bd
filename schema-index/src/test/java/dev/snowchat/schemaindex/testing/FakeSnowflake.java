package dev.snowchat.schemaindex.testing;

import static dev.snowchat.sqlgate.testing.FakeJdbc.row;

import dev.snowchat.sqlgate.QueryResult;
import dev.snowchat.sqlgate.ResultColumn;
import dev.snowchat.sqlgate.StatementKind;
import dev.snowchat.sqlgate.testing.FakeJdbc;
import dev.snowchat.sqlgate.testing.FakeJdbc.FakeResultSet;
import java.sql.SQLException;
import java.sql.Timestamp;
import java.sql.Types;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.NavigableMap;
import java.util.concurrent.ConcurrentSkipListMap;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import javax.sql.DataSource;
import org.jspecify.annotations.Nullable;

/**
 * A recording fake of a Snowflake account's metadata commands, the one Snowflake fake of
 * Snowchat's tests. Its result sets use Snowflake's real column names, in Snowflake's order, as
 * listed in the "Output" sections of the Snowflake SQL reference
 * (docs.snowflake.com/en/sql-reference/sql/show-databases, show-schemas, show-tables,
 * show-views, show-objects, show-columns, show-functions, show-primary-keys, show-imported-keys,
 * show-exported-keys, desc-table) and the Information Schema views TABLES, COLUMNS and
 * TABLE_CONSTRAINTS (docs.snowflake.com/en/sql-reference/info-schema/...); the constants below
 * hold them.
 *
 * <p>Two kinds of answers, both counted as round trips and logged:
 *
 * <ul>
 *   <li><b>An account model</b> ({@link #table}, {@link #view}, ...) answers {@code SHOW DATABASES
 *       / SCHEMAS / TABLES / VIEWS / PRIMARY KEYS / IMPORTED KEYS} and the INFORMATION_SCHEMA
 *       queries schema-index's Snowflake source sends. Like Snowflake, a SHOW without {@code
 *       LIMIT} that would return more than {@link #showLimit} rows (10,000 by default) fails with
 *       error 090153, and {@code LIMIT n FROM 'name'} returns up to n rows whose name sorts after
 *       'name'.
 *   <li><b>Scripted answers</b> ({@link #on}) answer any statement starting with a prefix with
 *       recorded rows; they win over the model. Use them for rows the model cannot make.
 * </ul>
 *
 * <p>Reach it through JDBC ({@link #dataSource()}) or, for code fed by the gated executor, as a
 * {@link QueryResult} ({@link #result(String)}). Anything it does not know fails as Snowflake's
 * compilation error 1003 does.
 */
public final class FakeSnowflake {
  /** Snowflake's message for error 090153, verbatim. */
  public static final String SHOW_LIMIT_MESSAGE = "The result set size exceeded the max number of"
      + " rows(10000) supported for SHOW statements. Use LIMIT option to limit result set to a"
      + " smaller number.";

  /** {@code SHOW DATABASES}. */
  public static final List<String> SHOW_DATABASES = List.of("created_on", "name", "is_default",
      "is_current", "origin", "owner", "comment", "options", "retention_time", "kind", "budget",
      "owner_role_type");
  /** {@code SHOW SCHEMAS}. */
  public static final List<String> SHOW_SCHEMAS = List.of("created_on", "name", "is_default",
      "is_current", "database_name", "owner", "comment", "options", "retention_time",
      "owner_role_type", "budget");
  /** {@code SHOW TABLES}. */
  public static final List<String> SHOW_TABLES = List.of("created_on", "name", "database_name",
      "schema_name", "kind", "comment", "cluster_by", "rows", "bytes", "owner", "retention_time",
      "automatic_clustering", "change_tracking", "search_optimization",
      "search_optimization_progress", "search_optimization_bytes", "is_external",
      "enable_schema_evolution", "owner_role_type", "is_event", "budget", "is_hybrid",
      "is_iceberg", "is_dynamic", "is_immutable");
  /** {@code SHOW VIEWS}. */
  public static final List<String> SHOW_VIEWS = List.of("created_on", "name", "reserved",
      "database_name", "schema_name", "owner", "comment", "text", "is_secure", "is_materialized",
      "owner_role_type", "change_tracking");
  /** {@code SHOW OBJECTS}: tables and views together; {@code kind} tells them apart. */
  public static final List<String> SHOW_OBJECTS = List.of("created_on", "name", "database_name",
      "schema_name", "kind", "comment", "cluster_by", "rows", "bytes", "owner",
      "retention_time", "owner_role_type");
  /** {@code DESCRIBE TABLE}: one row per column; {@code null?} and {@code primary key} are Y/N. */
  public static final List<String> DESCRIBE_TABLE = List.of("name", "type", "kind", "null?",
      "default", "primary key", "unique key", "check", "expression", "comment",
      "policy name", "privacy domain");
  /** {@code SHOW COLUMNS}: {@code data_type} is JSON. */
  public static final List<String> SHOW_COLUMNS = List.of("table_name", "schema_name",
      "column_name", "data_type", "null?", "default", "kind", "expression", "comment",
      "database_name", "autoincrement");
  /** {@code SHOW FUNCTIONS}. */
  public static final List<String> SHOW_FUNCTIONS = List.of("created_on", "name", "schema_name",
      "is_builtin", "is_aggregate", "is_ansi", "min_num_arguments", "max_num_arguments",
      "arguments", "description", "catalog_name", "is_table_function", "valid_for_clustering",
      "is_secure", "is_external_function", "language", "is_memoizable");
  /** {@code SHOW PRIMARY KEYS}. */
  public static final List<String> SHOW_PRIMARY_KEYS = List.of("created_on", "database_name",
      "schema_name", "table_name", "column_name", "key_sequence", "constraint_name", "rely",
      "comment");
  /** {@code SHOW IMPORTED KEYS}; {@code SHOW EXPORTED KEYS} has the same columns. */
  public static final List<String> SHOW_IMPORTED_KEYS = List.of("created_on", "pk_database_name",
      "pk_schema_name", "pk_table_name", "pk_column_name", "fk_database_name", "fk_schema_name",
      "fk_table_name", "fk_column_name", "key_sequence", "update_rule", "delete_rule", "fk_name",
      "pk_name", "deferrability", "rely", "comment");

  /** When every object of the model was created. */
  public static final Instant CREATED = Instant.parse("2024-01-01T00:00:00Z");

  /**
   * {@return a {@link #SHOW_OBJECTS} row}
   *
   * @param db the database
   * @param schema the schema
   * @param name the table or view
   * @param kind {@code TABLE} or {@code VIEW}
   * @param comment the comment
   * @param rows the row count; null for a view
   */
  public static Object[] objectRow(String db, String schema, String name, String kind,
      String comment, @Nullable Object rows) {
    return new Object[] {"2025-01-01", name, db, schema, kind, comment, "", rows, 0, "SYSADMIN",
        "1", "ROLE"};
  }

  /**
   * {@return a {@link #DESCRIBE_TABLE} row}
   *
   * @param name the column
   * @param type the type, as {@code NUMBER(38,0)}
   * @param nullable {@code Y} or {@code N}
   * @param pk {@code Y} when the column is in the primary key, else {@code N}
   * @param comment the comment, or null
   */
  public static Object[] describeRow(String name, String type, String nullable, String pk,
      @Nullable String comment) {
    return new Object[] {name, type, "COLUMN", nullable, null, pk, "N", null, null, comment,
        null, null};
  }

  private record Column(String name, String dataType, @Nullable Long length,
      @Nullable Long precision, @Nullable Long scale, boolean nullable, String comment) {}

  private record Fk(String name, List<String> columns, String pkDatabase, String pkSchema,
      String pkTable, List<String> pkColumns) {}

  /** A table or view of the model; its setters return it, for chaining. */
  public static final class Table {
    private final String name;
    private final boolean view;
    private String comment = "";
    private long rows;
    private Instant lastDdl = CREATED;
    private final List<Column> columns = new ArrayList<>();
    private final List<String> primaryKey = new ArrayList<>();
    private final List<Fk> foreignKeys = new ArrayList<>();

    private Table(String name, boolean view) {
      this.name = name;
      this.view = view;
    }

    /**
     * Adds a column. {@code TEXT} reads back as length 100, {@code NUMBER} as precision 38,
     * scale 0.
     *
     * @param name the column
     * @param type the Snowflake type name ({@code NUMBER}, {@code TEXT}, {@code TIMESTAMP_NTZ})
     * @param nullable whether it is nullable
     * @param comment the comment; empty for none
     * @return this table
     */
    public Table column(String name, String type, boolean nullable, String comment) {
      Long length = type.equals("TEXT") ? 100L : null;
      Long precision = type.equals("NUMBER") ? 38L : null;
      Long scale = type.equals("NUMBER") ? 0L : null;
      columns.add(new Column(name, type, length, precision, scale, nullable, comment));
      return this;
    }

    /**
     * Sets the comment.
     *
     * @param comment the comment; empty for none
     * @return this table
     */
    public Table comment(String comment) {
      this.comment = comment;
      return this;
    }

    /**
     * Sets the row count SHOW TABLES reports.
     *
     * @param rows the row count
     * @return this table
     */
    public Table rows(long rows) {
      this.rows = rows;
      return this;
    }

    /**
     * Sets when the table was last changed ({@code INFORMATION_SCHEMA.TABLES.LAST_DDL}).
     *
     * @param lastDdl the time
     * @return this table
     */
    public Table lastDdl(Instant lastDdl) {
      this.lastDdl = lastDdl;
      return this;
    }

    /**
     * Adds columns to the primary key, in key order.
     *
     * @param columns the columns
     * @return this table
     */
    public Table primaryKey(String... columns) {
      primaryKey.addAll(List.of(columns));
      return this;
    }

    /**
     * Adds a declared foreign key.
     *
     * @param name the constraint name
     * @param columns this table's columns
     * @param pkDatabase the referenced table's database
     * @param pkSchema the referenced table's schema
     * @param pkTable the referenced table
     * @param pkColumns the referenced columns, in the order of {@code columns}
     * @return this table
     */
    public Table foreignKey(String name, List<String> columns, String pkDatabase,
        String pkSchema, String pkTable, List<String> pkColumns) {
      foreignKeys.add(new Fk(name, List.copyOf(columns), pkDatabase, pkSchema, pkTable,
          List.copyOf(pkColumns)));
      return this;
    }
  }

  /** database -> schema -> name -> table; sorted by name, as SHOW output is. */
  private final NavigableMap<String, NavigableMap<String, NavigableMap<String, Table>>> account =
      new ConcurrentSkipListMap<>();
  private final Map<String, FakeResultSet> scripted = new ConcurrentSkipListMap<>();
  private final AtomicInteger roundTrips = new AtomicInteger();
  private final AtomicInteger connections = new AtomicInteger();
  private final List<String> log = Collections.synchronizedList(new ArrayList<>());
  private volatile int showLimit = 10_000;
  private volatile @Nullable SQLException connectFailure;
  private volatile @Nullable SQLException queryFailure;

  /** Creates an empty account. */
  public FakeSnowflake() {}

  /**
   * Adds a database, if missing.
   *
   * @param database the database
   * @return this fake
   */
  public FakeSnowflake database(String database) {
    account.computeIfAbsent(database, k -> new ConcurrentSkipListMap<>());
    return this;
  }

  /**
   * Adds a schema (and its database), if missing.
   *
   * @param database the database
   * @param schema the schema
   * @return this fake
   */
  public FakeSnowflake schema(String database, String schema) {
    database(database);
    account.get(database).computeIfAbsent(schema, k -> new ConcurrentSkipListMap<>());
    return this;
  }

  /**
   * {@return the table, added (with its schema and database) if missing}
   *
   * @param database the database
   * @param schema the schema
   * @param name the table
   */
  public Table table(String database, String schema, String name) {
    schema(database, schema);
    return account.get(database).get(schema).computeIfAbsent(name, k -> new Table(name, false));
  }

  /**
   * {@return the view, added (with its schema and database) if missing}
   *
   * @param database the database
   * @param schema the schema
   * @param name the view
   */
  public Table view(String database, String schema, String name) {
    schema(database, schema);
    return account.get(database).get(schema).computeIfAbsent(name, k -> new Table(name, true));
  }

  /**
   * Drops a table or view.
   *
   * @param database the database
   * @param schema the schema
   * @param name the table or view
   */
  public void drop(String database, String schema, String name) {
    account.get(database).get(schema).remove(name);
  }

  /**
   * Drops a schema and everything in it.
   *
   * @param database the database
   * @param schema the schema
   */
  public void dropSchema(String database, String schema) {
    account.get(database).remove(schema);
  }

  /**
   * Sets how many rows a SHOW without {@code LIMIT} may return before failing with 090153.
   *
   * @param limit the row limit; Snowflake's is 10,000
   */
  public void showLimit(int limit) {
    this.showLimit = limit;
  }

  /**
   * Makes every new connection fail from now on, as a refused login does.
   *
   * @param e the failure
   */
  public void failConnections(SQLException e) {
    this.connectFailure = e;
  }

  /**
   * Makes every statement fail from now on.
   *
   * @param e the failure
   */
  public void failQueries(SQLException e) {
    this.queryFailure = e;
  }

  /**
   * Answers every statement that starts with {@code prefix} with these rows, in place of the
   * model; the longest matching prefix wins.
   *
   * @param prefix the statement's start, as the code under test sends it
   * @param columns the columns, usually one of the constants of this class
   * @param rows the rows, each with one value per column
   * @return this fake
   * @throws IllegalArgumentException when a row's width differs from the column count
   */
  public FakeSnowflake on(String prefix, List<String> columns, Object[]... rows) {
    List<List<Object>> rs = new ArrayList<>();
    for (Object[] r : rows) {
      if (r.length != columns.size()) {
        throw new IllegalArgumentException("row has " + r.length + " values for "
            + columns.size() + " columns: " + Arrays.toString(r));
      }
      rs.add(Arrays.asList(r));
    }
    scripted.put(prefix, FakeResultSet.of(columns, rs));
    return this;
  }

  /** {@return how many statements were sent} */
  public int roundTrips() {
    return roundTrips.get();
  }

  /** {@return how many connections were opened} */
  public int connections() {
    return connections.get();
  }

  /** {@return every statement sent, in order} */
  public List<String> log() {
    synchronized (log) {
      return List.copyOf(log);
    }
  }

  /** Forgets the round trips, connections and statements counted so far. */
  public void resetCounters() {
    roundTrips.set(0);
    connections.set(0);
    log.clear();
  }

  /** {@return a data source over this account; its product name is {@code Snowflake}} */
  public DataSource dataSource() {
    return FakeJdbc.dataSource("Snowflake", () -> {
      connections.incrementAndGet();
      SQLException e = connectFailure;
      if (e != null) {
        throw e;
      }
    }, (sql, binds) -> answer(sql, binds).open());
  }

  /**
   * Answers one statement as the gated executor would return it: every column typed {@code
   * VARCHAR}, timestamps as ISO-8601 text, other values as recorded; the kind is {@code SHOW},
   * {@code DESCRIBE} or {@code READ} by the statement's first word.
   *
   * @param sql the statement
   * @return the result
   * @throws SQLException when Snowflake would fail the statement
   */
  public QueryResult result(String sql) throws SQLException {
    FakeResultSet a = answer(sql, List.of());
    List<ResultColumn> cols = new ArrayList<>();
    for (String c : a.columns()) {
      cols.add(new ResultColumn(c, "VARCHAR", Types.VARCHAR, true));
    }
    List<List<@Nullable Object>> rows = new ArrayList<>();
    for (List<Object> r : a.rows()) {
      List<@Nullable Object> out = new ArrayList<>(r.size());
      for (Object v : r) {
        out.add(v instanceof Timestamp t ? t.toInstant().toString() : v);
      }
      rows.add(out);
    }
    StatementKind kind = sql.startsWith("SHOW") ? StatementKind.SHOW
        : sql.startsWith("DESC") ? StatementKind.DESCRIBE : StatementKind.READ;
    return new QueryResult(cols, rows, false, null, Duration.ofMillis(3), "01b2-fake", kind);
  }

  // Identifiers: "..." with "" inside; strings: '...' with '' or \x inside.
  private static final String ID = "\"((?:[^\"]|\"\")*)\"";
  private static final String LIMIT = "(?: LIMIT (\\d+)(?: FROM '((?:[^'\\\\]|''|\\\\.)*)')?)?";
  private static final Pattern SHOW_DBS = Pattern.compile("SHOW DATABASES" + LIMIT);
  private static final Pattern SHOW_SCHEMAS_IN =
      Pattern.compile("SHOW SCHEMAS IN DATABASE " + ID + LIMIT);
  private static final Pattern SHOW_TABLES_OR_VIEWS =
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

  private FakeResultSet answer(String sql, List<String> binds) throws SQLException {
    roundTrips.incrementAndGet();
    log.add(sql);
    SQLException failure = queryFailure;
    if (failure != null) {
      throw failure;
    }
    String best = null;
    for (String p : scripted.keySet()) {
      if (sql.startsWith(p) && (best == null || p.length() > best.length())) {
        best = p;
      }
    }
    if (best != null) {
      return scripted.get(best);
    }
    return model(sql, binds);
  }

  private FakeResultSet model(String sql, List<String> binds) throws SQLException {
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
    if ((m = SHOW_TABLES_OR_VIEWS.matcher(sql)).matches()) {
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
      return FakeResultSet.of(List.of("TABLE_SCHEMA", "TABLE_NAME", "LAST_DDL"), rows);
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
      return FakeResultSet.of(List.of("TABLE_NAME", "COLUMN_NAME", "ORDINAL_POSITION",
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
      return FakeResultSet.of(List.of("TABLE_NAME"), rows);
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
  private FakeResultSet show(List<String> columns, List<List<Object>> sortedRows,
      @Nullable String limit, @Nullable String from) throws SQLException {
    int nameAt = columns.indexOf("name");
    List<List<Object>> rows = sortedRows;
    if (limit == null) {
      if (rows.size() > showLimit) {
        throw new SQLException(SHOW_LIMIT_MESSAGE, "22000", 90153);
      }
      return FakeResultSet.of(columns, rows);
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
    return FakeResultSet.of(columns, page);
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
}
