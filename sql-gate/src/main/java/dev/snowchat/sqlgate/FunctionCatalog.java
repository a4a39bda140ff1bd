package dev.snowchat.sqlgate;

import static java.util.Objects.requireNonNull;

import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.HashMap;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import org.jspecify.annotations.Nullable;

/**
 * What an engine's own catalog says about its functions: for each name, whether calling it can
 * have side effects. A {@link FunctionPolicy} {@linkplain FunctionPolicy#withCatalog extended}
 * with a catalog denies every function the engine marks as side-effecting, on top of its own
 * deny families, and allows those it marks as pure. Names the catalog does not know keep the
 * policy's built-in decision. Immutable and thread-safe.
 *
 * <p>{@link #read(Connection, Dialect)} reads it from a live connection:
 * <ul>
 *   <li><b>PostgreSQL</b> ({@code pg_proc}): procedures, and volatile functions not on a small
 *       reviewed list ({@code random}, {@code clock_timestamp}, {@code gen_random_uuid},
 *       {@code currval}, relation-size functions, ...), have side effects. Functions outside
 *       {@code pg_catalog} and {@code information_schema} count as pure only when non-volatile
 *       and written in C or internal (extensions): a stable SQL or PL/pgSQL function may still
 *       call a volatile one, so those need {@link FunctionPolicy.Builder#allow}. A user-defined
 *       aggregate has the effect of its support functions ({@code pg_aggregate}). It also names
 *       the user code the text can reach without a call: operators outside {@code pg_catalog}
 *       whose function has side effects ({@link #operatorHasSideEffects}), such functions of one
 *       table row, which {@code row.f} calls ({@link #attributeHasSideEffects}), and casts to
 *       user-defined types through such functions ({@link #castHasSideEffects}).</li>
 *   <li><b>DuckDB</b> ({@code duckdb_functions()}): scalar functions marked
 *       {@code has_side_effects} other than a reviewed list ({@code random}, {@code uuid}, ...),
 *       every table function not on the {@linkplain FunctionPolicy reviewed table-function list},
 *       every pragma, and every macro a user defined (its body is not checked) have side
 *       effects.</li>
 *   <li><b>Snowflake</b> ({@value #SNOWFLAKE_USER_FUNCTIONS}, then
 *       {@value #SNOWFLAKE_EXTERNAL_FUNCTIONS}): the account's user-defined functions the role can
 *       see. A UDF that reaches out of the warehouse has side effects: an external function
 *       ({@code is_external_function} = {@code Y} or {@code language} = {@code EXTERNAL}, and
 *       every row of {@code SHOW EXTERNAL FUNCTIONS}), or one with {@code
 *       external_access_integrations} or {@code secrets}. Any other UDF (SQL, JavaScript,
 *       Python, Java, Scala) is pure: Snowflake UDFs cannot run DML. Columns are found by label,
 *       case-insensitively; when {@code external_access_integrations} or {@code secrets} is
 *       missing, only SQL and JavaScript UDFs (which cannot have them) count as pure. Built-ins
 *       are not read: the gate's documented list ({@link FunctionPolicy#snowflakeFunctions()})
 *       decides about them, and Snowflake resolves an unqualified, unquoted built-in name to the
 *       built-in before any UDF. A SHOW returns at most 10,000 rows: UDFs past that stay
 *       unknown, so refused (fail closed).</li>
 * </ul>
 * Overloads share one entry: if any overload of a name has side effects, the name has.
 */
public final class FunctionCatalog {
  /** What the catalog says about one function name. */
  public enum Effect {
    /** Calling the function only reads. */
    PURE,
    /** Calling the function may change state, or it is not known to only read. */
    SIDE_EFFECT
  }

  /** PostgreSQL volatile functions reviewed as read-only (volatile only because they vary). */
  /**
   * Stable C functions of PostgreSQL's contrib extensions that only compute (reviewed from every
   * stable C function contrib installs: unaccent's dictionary lookup and pg_trgm's similarity
   * operators and its threshold); the other stable C functions there run SQL given as text
   * (tablefunc, xml2) or are planner estimators. Review found unaccent and the {@code <%}
   * operators refused once stable C stopped counting as pure.
   */
  static final Set<String> POSTGRES_EXTENSION_STABLE_READS = Set.of("UNACCENT", "SHOW_LIMIT",
      "SIMILARITY_OP", "WORD_SIMILARITY_OP", "WORD_SIMILARITY_COMMUTATOR_OP",
      "STRICT_WORD_SIMILARITY_OP", "STRICT_WORD_SIMILARITY_COMMUTATOR_OP");

  static final Set<String> POSTGRES_VOLATILE_READS = Set.of("RANDOM", "RANDOM_NORMAL",
      "CLOCK_TIMESTAMP", "TIMEOFDAY", "GEN_RANDOM_UUID", "CURRVAL", "LASTVAL", "PG_DATABASE_SIZE",
      "PG_RELATION_SIZE", "PG_TABLE_SIZE", "PG_INDEXES_SIZE", "PG_TOTAL_RELATION_SIZE",
      "PG_TABLESPACE_SIZE", "PG_IS_IN_RECOVERY", "PG_CURRENT_WAL_LSN",
      "PG_LAST_XACT_REPLAY_TIMESTAMP", "PG_BLOCKING_PIDS", "PG_NOTIFICATION_QUEUE_USAGE",
      "PG_PARTITION_TREE", "PG_PARTITION_ANCESTORS", "PG_SEQUENCE_LAST_VALUE",
      "PG_JIT_AVAILABLE", "BERNOULLI", "SYSTEM",
      // Only waits; the statement timeout bounds it.
      "PG_SLEEP", "PG_SLEEP_FOR", "PG_SLEEP_UNTIL");

  /** DuckDB scalar functions with {@code has_side_effects} reviewed as read-only. */
  static final Set<String> DUCKDB_VOLATILE_READS = Set.of("RANDOM", "UUID", "UUIDV4", "UUIDV7",
      "GEN_RANDOM_UUID", "STATS", "CURRENT_QUERY_ID", "CURRENT_TRANSACTION_ID", "CURRVAL",
      "CURRENT_QUERY", "CURRENT_CONNECTION_ID", "ERROR");

  private final Dialect dialect;
  private final Map<String, Effect> functions;
  private final String source;
  // PostgreSQL user code reached without a call: operators, attribute notation, casts
  private final Set<String> sideEffectOperators;
  private final Set<String> sideEffectAttributes;
  private final Set<String> sideEffectCastTypes;

  private FunctionCatalog(Dialect dialect, Map<String, Effect> functions, String source) {
    this(dialect, functions, source, Set.of(), Set.of(), Set.of());
  }

  private FunctionCatalog(Dialect dialect, Map<String, Effect> functions, String source,
      Set<String> operators, Set<String> attributes, Set<String> castTypes) {
    this.dialect = dialect;
    this.functions = Map.copyOf(functions);
    this.source = source;
    this.sideEffectOperators = Set.copyOf(operators);
    this.sideEffectAttributes = Set.copyOf(attributes);
    this.sideEffectCastTypes = Set.copyOf(castTypes);
  }

  /**
   * Builds a catalog from known effects, for hosts and tests.
   *
   * @param dialect the dialect of the engine
   * @param functions function names (case-insensitive, last part) and their effect
   * @return the catalog
   */
  public static FunctionCatalog of(Dialect dialect, Map<String, Effect> functions) {
    requireNonNull(dialect, "dialect is null");
    requireNonNull(functions, "functions is null");
    Map<String, Effect> m = new HashMap<>();
    functions.forEach((k, v) -> merge(m, FunctionPolicy.normalize(requireNonNull(k, "name")),
        requireNonNull(v, "effect")));
    return new FunctionCatalog(dialect, m, "given");
  }

  /**
   * Reads the catalog of a PostgreSQL, DuckDB or Snowflake connection.
   *
   * @param connection an open connection
   * @param dialect the gate's dialect, to label the catalog
   * @return the catalog, or empty when the engine has no catalog this class reads
   * @throws SQLException when the catalog query fails
   */
  public static Optional<FunctionCatalog> read(Connection connection, Dialect dialect)
      throws SQLException {
    requireNonNull(connection, "connection is null");
    requireNonNull(dialect, "dialect is null");
    String product = String.valueOf(connection.getMetaData().getDatabaseProductName())
        .toLowerCase(Locale.ROOT);
    if (product.contains("postgres")) {
      return Optional.of(readPostgres(connection, dialect));
    }
    if (product.contains("duckdb")) {
      return Optional.of(readDuckDb(connection, dialect));
    }
    if (product.contains("snowflake")) {
      return Optional.of(readSnowflake(connection, dialect));
    }
    return Optional.empty();
  }

  private static FunctionCatalog readPostgres(Connection c, Dialect dialect) throws SQLException {
    Map<String, Effect> m = new HashMap<>();
    Map<Long, Effect> byOid = new HashMap<>();
    Map<Long, String> names = new HashMap<>();
    java.util.Set<Long> userAggregates = new java.util.HashSet<>();
    Set<String> attributes = new java.util.HashSet<>();
    try (Statement s = c.createStatement();
        ResultSet rs = s.executeQuery("SELECT p.proname, p.provolatile, p.prokind,"
            + " n.nspname IN ('pg_catalog', 'information_schema'), l.lanname, p.oid::int8,"
            // (x).f calls f(x) for a function of one argument of any type (x a row, a domain, a
            // number: (0).lo_create), the others defaulted
            + " p.pronargs >= 1 AND p.pronargs - p.pronargdefaults <= 1"
            + " FROM pg_catalog.pg_proc p"
            + " JOIN pg_catalog.pg_namespace n ON n.oid = p.pronamespace"
            + " JOIN pg_catalog.pg_language l ON l.oid = p.prolang")) {
      while (rs.next()) {
        String name = FunctionPolicy.normalize(rs.getString(1));
        String volatility = rs.getString(2);
        String kind = rs.getString(3);
        boolean system = rs.getBoolean(4);
        String language = rs.getString(5);
        long oid = rs.getLong(6);
        boolean ofARow = rs.getBoolean(7);
        Effect e;
        if ("p".equals(kind)) {
          e = Effect.SIDE_EFFECT;
        } else if ("v".equals(volatility)) {
          e = system && POSTGRES_VOLATILE_READS.contains(name) ? Effect.PURE : Effect.SIDE_EFFECT;
        } else if (system || ("i".equals(volatility)
            && ("c".equals(language) || "internal".equals(language)))
            || ("s".equals(volatility) && "c".equals(language)
                && POSTGRES_EXTENSION_STABLE_READS.contains(name))) {
          // Outside the system only immutable C: a stable function may query the database, and
          // extensions' stable C functions run SQL they are given as text (tablefunc's crosstab
          // and connectby, xml2's xpath_table), whatever it calls.
          e = Effect.PURE;
        } else {
          e = Effect.SIDE_EFFECT;
        }
        byOid.put(oid, e);
        names.put(oid, name);
        if ("a".equals(kind) && !system) {
          userAggregates.add(oid);
        }
        if (ofARow && e == Effect.SIDE_EFFECT) {
          // f(row) may be written row.f (attribute notation): no call syntax to see
          attributes.add(name);
        }
      }
    }
    // A user-defined aggregate is pg_proc's "internal" entry; its support functions run the code
    try (Statement s = c.createStatement();
        ResultSet rs = s.executeQuery("SELECT aggfnoid::oid::int8, aggtransfn::oid::int8,"
            + " aggfinalfn::oid::int8, aggcombinefn::oid::int8, aggserialfn::oid::int8,"
            + " aggdeserialfn::oid::int8, aggmtransfn::oid::int8, aggminvtransfn::oid::int8,"
            + " aggmfinalfn::oid::int8 FROM pg_catalog.pg_aggregate")) {
      while (rs.next()) {
        long agg = rs.getLong(1);
        if (!userAggregates.contains(agg)) {
          continue;
        }
        for (int i = 2; i <= 9; i++) {
          long f = rs.getLong(i);
          if (f != 0 && byOid.getOrDefault(f, Effect.SIDE_EFFECT) == Effect.SIDE_EFFECT) {
            merge(m, names.get(agg), Effect.SIDE_EFFECT);
            byOid.put(agg, Effect.SIDE_EFFECT);
          }
        }
      }
    }
    byOid.forEach((oid, e) -> merge(m, names.get(oid), e));
    // Operators and casts run their function without a call in the text
    // (Names the system's own operators and types use stay allowed: refusing every '=' because
    // one user type's '=' is a PL/pgSQL function would refuse every query; the read-only
    // transaction and the role are the barrier there.)
    Set<String> operators = new java.util.HashSet<>();
    Set<String> systemOperators = new java.util.HashSet<>();
    try (Statement s = c.createStatement();
        ResultSet rs = s.executeQuery("SELECT o.oprname, o.oprcode::oid::int8,"
            + " n.nspname IN ('pg_catalog', 'information_schema')"
            + " FROM pg_catalog.pg_operator o"
            + " JOIN pg_catalog.pg_namespace n ON n.oid = o.oprnamespace")) {
      while (rs.next()) {
        if (rs.getBoolean(3)) {
          systemOperators.add(rs.getString(1));
        } else if (rs.getLong(2) != 0
            && byOid.getOrDefault(rs.getLong(2), Effect.SIDE_EFFECT) == Effect.SIDE_EFFECT) {
          operators.add(rs.getString(1));
        }
      }
    }
    operators.removeAll(systemOperators);
    // Casts through a function with side effects (to any type: a user cast to text makes every
    // ::text suspect, and the gate cannot see the source's type), and domains whose CHECK calls
    // one (t '1', x::t)
    Set<String> castTypes = new java.util.HashSet<>();
    try (Statement s = c.createStatement();
        ResultSet rs = s.executeQuery("SELECT t.typname, c.castfunc::oid::int8"
            + " FROM pg_catalog.pg_cast c JOIN pg_catalog.pg_type t ON t.oid = c.casttarget"
            + " WHERE c.castfunc <> 0"
            + " UNION ALL SELECT t.typname, d.refobjid::int8"
            + " FROM pg_catalog.pg_constraint k JOIN pg_catalog.pg_type t ON t.oid = k.contypid"
            + " JOIN pg_catalog.pg_depend d ON d.classid = 'pg_catalog.pg_constraint'::regclass"
            + " AND d.objid = k.oid AND d.refclassid = 'pg_catalog.pg_proc'::regclass"
            + " WHERE k.contypid <> 0")) {
      while (rs.next()) {
        if (byOid.getOrDefault(rs.getLong(2), Effect.SIDE_EFFECT) == Effect.SIDE_EFFECT) {
          castTypes.add(FunctionPolicy.normalize(rs.getString(1)));
        }
      }
    }
    return new FunctionCatalog(dialect, m, "pg_proc", operators, attributes, castTypes);
  }

  private static FunctionCatalog readDuckDb(Connection c, Dialect dialect) throws SQLException {
    Map<String, Effect> m = new HashMap<>();
    try (Statement s = c.createStatement();
        ResultSet rs = s.executeQuery("SELECT function_name, function_type,"
            + " coalesce(has_side_effects, false), internal FROM duckdb_functions()")) {
      while (rs.next()) {
        String name = FunctionPolicy.normalize(rs.getString(1));
        String type = String.valueOf(rs.getString(2));
        boolean sideEffects = rs.getBoolean(3);
        boolean internal = rs.getBoolean(4);
        Effect e = switch (type) {
          case "scalar", "aggregate" -> sideEffects && !DUCKDB_VOLATILE_READS.contains(name)
              ? Effect.SIDE_EFFECT : Effect.PURE;
          case "macro" -> internal ? Effect.PURE : Effect.SIDE_EFFECT;
          case "table", "table_macro" -> FunctionPolicy.DUCKDB_TABLE_FUNCTIONS.contains(name)
              ? Effect.PURE : Effect.SIDE_EFFECT;
          default -> Effect.SIDE_EFFECT; // pragma, and anything newer
        };
        merge(m, name, e);
      }
    }
    return new FunctionCatalog(dialect, m, "duckdb_functions()");
  }

  /** The Snowflake command listing the account's user-defined functions. */
  public static final String SNOWFLAKE_USER_FUNCTIONS = "SHOW USER FUNCTIONS IN ACCOUNT";

  /** The Snowflake command listing the account's external functions. */
  public static final String SNOWFLAKE_EXTERNAL_FUNCTIONS = "SHOW EXTERNAL FUNCTIONS";

  /** UDF languages that cannot have external access integrations or secrets. */
  private static final Set<String> SNOWFLAKE_LOCAL_LANGUAGES = Set.of("SQL", "JAVASCRIPT");

  private static FunctionCatalog readSnowflake(Connection c, Dialect dialect)
      throws SQLException {
    Map<String, Effect> m = new HashMap<>();
    try (Statement s = c.createStatement();
        ResultSet rs = s.executeQuery(SNOWFLAKE_USER_FUNCTIONS)) {
      Map<String, Integer> col = columns(rs);
      int name = required(col, "name", SNOWFLAKE_USER_FUNCTIONS);
      Integer builtin = col.get("is_builtin");
      Integer external = col.get("is_external_function");
      Integer language = col.get("language");
      Integer access = col.get("external_access_integrations");
      Integer secrets = col.get("secrets");
      if (external == null && language == null) {
        throw new SQLException(SNOWFLAKE_USER_FUNCTIONS + " has neither is_external_function nor"
            + " language: external functions cannot be told apart");
      }
      while (rs.next()) {
        String n = rs.getString(name);
        if (n == null || n.isBlank() || yes(rs, builtin)) {
          continue;
        }
        String lang = language == null ? null : rs.getString(language);
        String l = lang == null ? "" : lang.strip().toUpperCase(Locale.ROOT);
        boolean reachesOut = yes(rs, external) || l.equals("EXTERNAL")
            || present(rs, access) || present(rs, secrets)
            || ((access == null || secrets == null) && !SNOWFLAKE_LOCAL_LANGUAGES.contains(l));
        merge(m, FunctionPolicy.normalize(n), reachesOut ? Effect.SIDE_EFFECT : Effect.PURE);
      }
    }
    try (Statement s = c.createStatement();
        ResultSet rs = s.executeQuery(SNOWFLAKE_EXTERNAL_FUNCTIONS)) {
      int name = required(columns(rs), "name", SNOWFLAKE_EXTERNAL_FUNCTIONS);
      while (rs.next()) {
        String n = rs.getString(name);
        if (n != null && !n.isBlank()) {
          merge(m, FunctionPolicy.normalize(n), Effect.SIDE_EFFECT);
        }
      }
    }
    return new FunctionCatalog(dialect, m, SNOWFLAKE_USER_FUNCTIONS);
  }

  /** {@return the result set's column labels, lower case, to their 1-based index} */
  private static Map<String, Integer> columns(ResultSet rs) throws SQLException {
    java.sql.ResultSetMetaData md = rs.getMetaData();
    Map<String, Integer> m = new HashMap<>();
    for (int i = 1; i <= md.getColumnCount(); i++) {
      m.putIfAbsent(String.valueOf(md.getColumnLabel(i)).toLowerCase(Locale.ROOT), i);
    }
    return m;
  }

  private static int required(Map<String, Integer> col, String name, String command)
      throws SQLException {
    Integer i = col.get(name);
    if (i == null) {
      throw new SQLException(command + " has no column " + name + " (columns: "
          + col.keySet() + ")");
    }
    return i;
  }

  /** {@return whether a Snowflake Y/N (or true/false) column says yes} */
  private static boolean yes(ResultSet rs, @Nullable Integer column) throws SQLException {
    if (column == null) {
      return false;
    }
    String v = rs.getString(column);
    return v != null && (v.strip().equalsIgnoreCase("Y") || v.strip().equalsIgnoreCase("YES")
        || v.strip().equalsIgnoreCase("TRUE"));
  }

  /** {@return whether a list or map column holds something: not null, blank, [] or {}} */
  private static boolean present(ResultSet rs, @Nullable Integer column) throws SQLException {
    if (column == null) {
      return false;
    }
    String v = rs.getString(column);
    if (v == null) {
      return false;
    }
    String t = v.replaceAll("\\s+", "");
    return !(t.isEmpty() || t.equals("[]") || t.equals("{}") || t.equalsIgnoreCase("null"));
  }

  private static void merge(Map<String, Effect> m, String name, Effect e) {
    m.merge(name, e, (a, b) -> a == Effect.SIDE_EFFECT || b == Effect.SIDE_EFFECT
        ? Effect.SIDE_EFFECT : Effect.PURE);
  }

  /** {@return the dialect of the engine this catalog describes} */
  public Dialect dialect() {
    return dialect;
  }

  /**
   * Looks a function up.
   *
   * @param name the function name, optionally qualified or quoted
   * @return its effect, or empty when the catalog does not know the name
   */
  public Optional<Effect> effect(String name) {
    return Optional.ofNullable(functions.get(FunctionPolicy.normalize(name)));
  }

  /**
   * {@return whether an operator (PostgreSQL {@code pg_operator}) runs a function with side
   * effects}: a user-defined operator runs its function where the text shows no call
   *
   * @param operator the operator as written ({@code ###})
   */
  public boolean operatorHasSideEffects(String operator) {
    return sideEffectOperators.contains(operator);
  }

  /**
   * {@return whether a name written as a column ({@code t.f}) may call a function with side
   * effects}: PostgreSQL reads {@code row.f} as {@code f(row)} when a function {@code f} takes
   * the row's type
   *
   * @param name the name after the dot
   */
  public boolean attributeHasSideEffects(String name) {
    return sideEffectAttributes.contains(FunctionPolicy.normalize(name));
  }

  /**
   * {@return whether a cast to a type (PostgreSQL {@code pg_cast}) runs a function with side
   * effects}
   *
   * @param type the target type's name
   */
  public boolean castHasSideEffects(String type) {
    return sideEffectCastTypes.contains(FunctionPolicy.normalize(type));
  }

  /** {@return the number of distinct function names} */
  public int size() {
    return functions.size();
  }

  @Override
  public String toString() {
    return "FunctionCatalog{" + dialect.configName() + ", " + source + ", " + functions.size()
        + " names}";
  }
}
