package dev.snowchat.sqlgate;

import static java.util.Objects.requireNonNull;

import java.util.HashSet;
import java.util.Locale;
import java.util.Set;

/**
 * Which functions and table functions a gate lets a statement call, as data a host can extend.
 * Names are matched case-insensitively on their last part ({@code db.sch.f} matches {@code F}).
 *
 * <p>The decision for a name, in order: a name the host {@linkplain Builder#deny denied} is
 * {@link Access#DENIED}; a name the host {@linkplain Builder#allow allowed} is {@link
 * Access#ALLOWED}; a known side-effecting function (DuckDB {@code query}, Postgres
 * {@code pg_read_file}, ...) is denied; a file reader ({@code read_csv}, {@code read_parquet},
 * {@code glob}, ...) is {@link Access#FILE_ACCESS}: allowed only when every path it reads is a
 * string literal under the gate's path allowlist; a Snowflake {@code SYSTEM$} function is allowed
 * only when it is on the read-only list ({@link Builder#readOnlySystemFunction}); anything else is
 * allowed. Immutable and thread-safe.
 */
public final class FunctionPolicy {
  /** What a policy says about one function name. */
  public enum Access {
    /** The function may be called. */
    ALLOWED,
    /** The function has side effects or is not known to be read-only. */
    DENIED,
    /** The function reads files: allowed only with literal paths under the path allowlist. */
    FILE_ACCESS
  }

  private static final Set<String> FILE_FUNCTIONS = Set.of(
      "READ_CSV", "READ_CSV_AUTO", "CSV_SCAN", "READ_PARQUET", "PARQUET_SCAN", "PARQUET_METADATA",
      "PARQUET_SCHEMA", "PARQUET_FILE_METADATA", "PARQUET_KV_METADATA", "PARQUET_BLOOM_PROBE",
      "READ_JSON", "READ_JSON_AUTO", "READ_JSON_OBJECTS", "READ_JSON_OBJECTS_AUTO", "READ_NDJSON",
      "READ_NDJSON_AUTO", "READ_NDJSON_OBJECTS", "READ_TEXT", "READ_BLOB", "GLOB", "SNIFF_CSV",
      "READ_XLSX", "ST_READ", "ST_READ_META", "ST_READOSM", "DELTA_SCAN", "ICEBERG_SCAN",
      "ICEBERG_METADATA", "ICEBERG_SNAPSHOTS", "SQLITE_SCAN", "READ_AVRO", "READ_ORC");

  private static final Set<String> SIDE_EFFECT_FUNCTIONS = Set.of(
      // DuckDB: run SQL from a string, reach other databases or the network, change state.
      "QUERY", "QUERY_TABLE", "POSTGRES_SCAN", "POSTGRES_SCAN_PUSHDOWN", "POSTGRES_QUERY",
      "POSTGRES_EXECUTE", "POSTGRES_ATTACH", "MYSQL_QUERY", "MYSQL_EXECUTE", "SQLITE_ATTACH",
      "HTTP_GET", "HTTP_POST", "HTTP_HEAD", "CHECKPOINT", "FORCE_CHECKPOINT", "SETSEED",
      "NEXTVAL", "SETVAL", "DUCKDB_SECRETS", "WHICH_SECRET", "LOAD_EXTENSION", "SET_VARIABLE",
      // The process environment holds credentials (SNOWFLAKE_PASSWORD, ...): never readable.
      "GETENV",
      // Postgres, MySQL, SQL Server: files, processes, configuration, remote servers.
      "PG_READ_FILE", "PG_READ_BINARY_FILE", "PG_LS_DIR", "PG_STAT_FILE", "LO_IMPORT", "LO_EXPORT",
      "LO_UNLINK", "PG_TERMINATE_BACKEND", "PG_CANCEL_BACKEND", "PG_RELOAD_CONF",
      "PG_ROTATE_LOGFILE", "SET_CONFIG", "DBLINK", "DBLINK_EXEC", "DBLINK_CONNECT", "OPENROWSET",
      "OPENDATASOURCE", "OPENQUERY", "LOAD_FILE", "XP_CMDSHELL", "SYS_EXEC", "SYS_EVAL",
      "PG_ADVISORY_LOCK", "PG_ADVISORY_XACT_LOCK", "PG_PROMOTE", "PG_SWITCH_WAL",
      "PG_CREATE_RESTORE_POINT", "PG_LOGICAL_EMIT_MESSAGE");

  /**
   * Snowflake {@code SYSTEM$} functions known to only read. Everything else named {@code SYSTEM$}
   * (cancel, abort, set, enable, disable, authorize, revoke, log, wait, migrate, ...) is denied.
   */
  private static final Set<String> READ_ONLY_SYSTEM_FUNCTIONS = Set.of(
      "SYSTEM$CLUSTERING_INFORMATION", "SYSTEM$CLUSTERING_DEPTH", "SYSTEM$CLUSTERING_RATIO",
      "SYSTEM$TYPEOF", "SYSTEM$EXPLAIN_PLAN_JSON", "SYSTEM$EXPLAIN_JSON_TO_TEXT",
      "SYSTEM$WHITELIST", "SYSTEM$WHITELIST_PRIVATELINK", "SYSTEM$ALLOWLIST",
      "SYSTEM$ALLOWLIST_PRIVATELINK", "SYSTEM$PIPE_STATUS", "SYSTEM$EXTERNAL_TABLE_PIPE_STATUS",
      "SYSTEM$STREAM_HAS_DATA", "SYSTEM$STREAM_GET_TABLE_TIMESTAMP",
      "SYSTEM$CURRENT_USER_TASK_NAME", "SYSTEM$GET_PREDECESSOR_RETURN_VALUE",
      "SYSTEM$TASK_RUNTIME_INFO", "SYSTEM$GET_TASK_GRAPH_CONFIG", "SYSTEM$GET_TAG",
      "SYSTEM$GET_TAG_ALLOWED_VALUES", "SYSTEM$GET_TAG_ON_CURRENT_COLUMN",
      "SYSTEM$GET_TAG_ON_CURRENT_TABLE", "SYSTEM$DATABASE_REFRESH_PROGRESS",
      "SYSTEM$DATABASE_REFRESH_PROGRESS_BY_JOB", "SYSTEM$ESTIMATE_QUERY_ACCELERATION",
      "SYSTEM$ESTIMATE_SEARCH_OPTIMIZATION_COSTS", "SYSTEM$ESTIMATE_AUTOMATIC_CLUSTERING_COSTS",
      "SYSTEM$GET_PRIVATELINK_CONFIG", "SYSTEM$GET_PRIVATELINK_AUTHORIZED_ENDPOINTS",
      "SYSTEM$GET_SNOWFLAKE_PLATFORM_INFO", "SYSTEM$IS_LISTING_PURCHASED",
      "SYSTEM$LAST_CHANGE_COMMIT_TIME", "SYSTEM$GET_CLASSIFICATION_RESULT",
      "SYSTEM$BEHAVIOR_CHANGE_BUNDLE_STATUS", "SYSTEM$SHOW_ACTIVE_BEHAVIOR_CHANGE_BUNDLES",
      "SYSTEM$SHOW_STREAMLITS_IN_ACCOUNT", "SYSTEM$LIST_ICEBERG_TABLES_FROM_CATALOG",
      "SYSTEM$USER_TASK_CANCEL_ONGOING_EXECUTIONS_STATUS");

  private final Dialect dialect;
  private final Set<String> allowed;
  private final Set<String> denied;
  private final Set<String> fileFunctions;
  private final Set<String> readOnlySystem;

  private FunctionPolicy(Builder b) {
    this.dialect = b.dialect;
    this.allowed = Set.copyOf(b.allowed);
    this.denied = Set.copyOf(b.denied);
    this.fileFunctions = Set.copyOf(b.fileFunctions);
    this.readOnlySystem = Set.copyOf(b.readOnlySystem);
  }

  /**
   * Returns the built-in policy for a dialect.
   *
   * @param dialect the dialect
   * @return the default policy
   */
  public static FunctionPolicy defaults(Dialect dialect) {
    return builder(dialect).build();
  }

  /**
   * Starts a policy from the built-in defaults of a dialect.
   *
   * @param dialect the dialect
   * @return a builder
   */
  public static Builder builder(Dialect dialect) {
    return new Builder(requireNonNull(dialect, "dialect is null"));
  }

  /** {@return the dialect whose defaults this policy extends} */
  public Dialect dialect() {
    return dialect;
  }

  /**
   * Decides about one function name.
   *
   * @param name the function name, optionally qualified or quoted-unquoted
   * @return the decision
   */
  public Access access(String name) {
    String n = normalize(name);
    if (denied.contains(n)) {
      return Access.DENIED;
    }
    if (allowed.contains(n)) {
      return Access.ALLOWED;
    }
    if (SIDE_EFFECT_FUNCTIONS.contains(n)) {
      return Access.DENIED;
    }
    if (fileFunctions.contains(n)) {
      return Access.FILE_ACCESS;
    }
    if (n.startsWith("SYSTEM$")) {
      return readOnlySystem.contains(n) ? Access.ALLOWED : Access.DENIED;
    }
    return Access.ALLOWED;
  }

  /**
   * {@return the upper-case last part of a possibly qualified name, without quotes, whitespace
   * or invisible format characters (so {@code "SYSTEM$X"} and {@code SYS<U+200B>TEM$X} match)}
   */
  static String normalize(String name) {
    StringBuilder b = new StringBuilder(name.length());
    for (int i = 0; i < name.length(); i++) {
      char c = name.charAt(i);
      if (c == '"' || c == '`' || Character.isWhitespace(c) || Character.isSpaceChar(c)
          || Character.getType(c) == Character.FORMAT) {
        continue;
      }
      b.append(c);
    }
    String n = b.toString();
    int dot = n.lastIndexOf('.');
    if (dot >= 0) {
      n = n.substring(dot + 1);
    }
    return n.toUpperCase(Locale.ROOT);
  }

  @Override
  public String toString() {
    return "FunctionPolicy{dialect=" + dialect.configName() + ", allowed=" + allowed + ", denied="
        + denied + ", extraReadOnlySystem=" + readOnlySystem.size() + "}";
  }

  /** Builds a {@link FunctionPolicy}. Names are case-insensitive. */
  public static final class Builder {
    private final Dialect dialect;
    private final Set<String> allowed = new HashSet<>();
    private final Set<String> denied = new HashSet<>();
    private final Set<String> fileFunctions = new HashSet<>(FILE_FUNCTIONS);
    private final Set<String> readOnlySystem = new HashSet<>(READ_ONLY_SYSTEM_FUNCTIONS);

    private Builder(Dialect dialect) {
      this.dialect = dialect;
    }

    /**
     * Allows a function the defaults deny (or do not know as read-only).
     *
     * @param name the function name
     * @return this builder
     * @throws IllegalArgumentException if the name is blank
     * @throws IllegalStateException if the name was denied
     */
    public Builder allow(String name) {
      String n = checkName(name);
      if (denied.contains(n)) {
        throw new IllegalStateException("function " + n + " was already denied");
      }
      allowed.add(n);
      return this;
    }

    /**
     * Denies a function, whatever the defaults say.
     *
     * @param name the function name
     * @return this builder
     * @throws IllegalArgumentException if the name is blank
     * @throws IllegalStateException if the name was allowed
     */
    public Builder deny(String name) {
      String n = checkName(name);
      if (allowed.contains(n)) {
        throw new IllegalStateException("function " + n + " was already allowed");
      }
      denied.add(n);
      return this;
    }

    /**
     * Adds a Snowflake {@code SYSTEM$} function known to only read.
     *
     * @param name the function name, starting with {@code SYSTEM$}
     * @return this builder
     * @throws IllegalArgumentException if the name does not start with {@code SYSTEM$}
     */
    public Builder readOnlySystemFunction(String name) {
      String n = checkName(name);
      if (!n.startsWith("SYSTEM$")) {
        throw new IllegalArgumentException("'" + name + "' is not a SYSTEM$ function");
      }
      readOnlySystem.add(n);
      return this;
    }

    /**
     * Declares a function that reads files: its first argument must be a literal path (or list
     * of paths) under the gate's path allowlist.
     *
     * @param name the function name
     * @return this builder
     * @throws IllegalArgumentException if the name is blank
     */
    public Builder fileFunction(String name) {
      fileFunctions.add(checkName(name));
      return this;
    }

    private static String checkName(String name) {
      requireNonNull(name, "name is null");
      if (name.isBlank()) {
        throw new IllegalArgumentException("function name is blank");
      }
      return normalize(name);
    }

    /** {@return the policy} */
    public FunctionPolicy build() {
      return new FunctionPolicy(this);
    }
  }
}
