package dev.snowchat.sqlgate;

import static java.util.Objects.requireNonNull;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import org.jspecify.annotations.Nullable;

/**
 * Which functions and table functions a gate lets a statement call, as data a host can extend.
 * Names are matched case-insensitively on their last part ({@code db.sch.f} matches {@code F}).
 *
 * <p>The decision for a name, in order: a name the host {@linkplain Builder#deny denied} is
 * {@link Access#DENIED}; a name the host {@linkplain Builder#allow allowed} is {@link
 * Access#ALLOWED}; a built-in side-effecting family is denied (functions that run SQL from text
 * such as DuckDB {@code query} or PostgreSQL {@code query_to_xml}; large objects, advisory locks,
 * notifications, backend signals, settings, server files, sequences, logs, secrets, ...); a file
 * reader ({@code read_csv}, {@code read_parquet}, {@code glob}, ...) is {@link
 * Access#FILE_ACCESS}: allowed only when every path it reads is a string literal under the gate's
 * path allowlist; a Snowflake {@code SYSTEM$} function is allowed only when it is on the
 * read-only list ({@link Builder#readOnlySystemFunction}); a name the engine's
 * {@linkplain #withCatalog catalog} knows gets the catalog's answer; in DuckDB a table function
 * (called in table position) must be on a reviewed list; in {@link Dialect#SNOWFLAKE} only the
 * documented built-ins known to only read ({@link #snowflakeFunctions()}), SQL words that stand
 * before '(' without being calls, read-only ML model methods ({@code model!PREDICT(...)}, {@link
 * #modelMethodAccess}) and the account's UDFs its {@linkplain FunctionCatalog catalog} knows as
 * not reaching out of the warehouse are allowed, so without a catalog a user-defined function
 * needs {@link Builder#allow}; in {@link Dialect#GENERIC} only standard SQL functions are allowed; anything
 * else is allowed. Immutable and thread-safe.
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

  /**
   * Functions that run SQL given to them as text (or as a serialized plan, or a cursor): whatever
   * the text does escapes the gate, so they are refused in every mode below {@code full}.
   */
  private static final Set<String> SQL_RUNNERS = Set.of(
      // DuckDB
      "QUERY", "QUERY_TABLE", "JSON_EXECUTE_SERIALIZED_SQL",
      // PostgreSQL: the xml export family runs a query or scans a named relation or cursor;
      // ts_stat and ts_rewrite run the query passed as text; dblink runs SQL elsewhere.
      "QUERY_TO_XML", "QUERY_TO_XMLSCHEMA", "QUERY_TO_XML_AND_XMLSCHEMA", "CURSOR_TO_XML",
      "CURSOR_TO_XMLSCHEMA", "TABLE_TO_XML", "TABLE_TO_XMLSCHEMA", "TABLE_TO_XML_AND_XMLSCHEMA",
      "SCHEMA_TO_XML", "SCHEMA_TO_XMLSCHEMA", "SCHEMA_TO_XML_AND_XMLSCHEMA", "DATABASE_TO_XML",
      "DATABASE_TO_XMLSCHEMA", "DATABASE_TO_XML_AND_XMLSCHEMA", "TS_STAT", "TS_REWRITE",
      "DBLINK", "DBLINK_EXEC", "DBLINK_OPEN", "DBLINK_FETCH", "DBLINK_SEND_QUERY",
      "DBLINK_GET_RESULT", "DBLINK_CONNECT", "DBLINK_CONNECT_U",
      // PostgreSQL extensions (stable C, so a catalog alone would call them pure): tablefunc's
      // crosstab and connectby and xml2's xpath_table build and run a query from their text
      // arguments (red-team run 7: advisory locks and pg_stat_activity through the executor).
      "CROSSTAB", "CROSSTAB2", "CROSSTAB3", "CROSSTAB4", "CONNECTBY", "XPATH_TABLE",
      // Other engines: run SQL on another server.
      "POSTGRES_QUERY", "POSTGRES_EXECUTE", "MYSQL_QUERY", "MYSQL_EXECUTE", "OPENQUERY",
      "OPENROWSET", "OPENDATASOURCE", "EXECUTE_IMMEDIATE",
      // Snowflake: TABLE(TO_QUERY('SELECT ...')) runs the text it is given.
      "TO_QUERY");

  private static final Set<String> SIDE_EFFECT_FUNCTIONS = Set.of(
      // DuckDB: reach other databases or the network, change state, log, disclose logs/secrets.
      "POSTGRES_SCAN", "POSTGRES_SCAN_PUSHDOWN", "POSTGRES_ATTACH", "SQLITE_ATTACH", "HTTP_GET",
      "HTTP_POST", "HTTP_HEAD", "CHECKPOINT", "FORCE_CHECKPOINT", "SETSEED",
      "DUCKDB_SECRETS", "DUCKDB_SECRET_TYPES", "WHICH_SECRET", "LOAD_EXTENSION", "SET_VARIABLE",
      "ENABLE_LOGGING", "DISABLE_LOGGING", "TRUNCATE_DUCKDB_LOGS", "DUCKDB_LOGS",
      "DUCKDB_LOGS_PARSED", "DUCKDB_LOG_CONTEXTS", "WRITE_LOG", "DUCKDB_SETTINGS",
      "DUCKDB_VARIABLES", "DUCKDB_PREPARED_STATEMENTS", "DUCKDB_EXTERNAL_FILE_CACHE",
      "DUCKDB_TEMPORARY_FILES", "ARROW_SCAN", "ARROW_SCAN_DUMB", "SEQ_SCAN",
      // The process environment holds credentials (SNOWFLAKE_PASSWORD, ...): never readable.
      "GETENV",
      // PostgreSQL: files, processes, configuration, transaction ids, sequences, indexes.
      "SET_CONFIG", "TXID_CURRENT", "TXID_CURRENT_IF_ASSIGNED", "PG_CURRENT_XACT_ID",
      "PG_CURRENT_XACT_ID_IF_ASSIGNED", "PG_EXPORT_SNAPSHOT", "PG_RELOAD_CONF",
      "PG_ROTATE_LOGFILE", "PG_ROTATE_LOGFILE_OLD", "PG_PROMOTE", "PG_SWITCH_WAL",
      "PG_CREATE_RESTORE_POINT", "PG_LOGICAL_EMIT_MESSAGE", "PG_IMPORT_SYSTEM_COLLATIONS",
      "PG_STAT_FILE", "PG_STAT_CLEAR_SNAPSHOT", "PG_STAT_FORCE_NEXT_FLUSH",
      "GIN_CLEAN_PENDING_LIST", "PG_PREWARM", "PG_NEXTOID", "LOREAD", "LOWRITE",
      "PG_SHOW_ALL_FILE_SETTINGS", "PG_HBA_FILE_RULES", "PG_IDENT_FILE_MAPPINGS",
      "PG_CURRENT_LOGFILE", "PG_EXTENSION_CONFIG_DUMP", "PG_STOP_MAKING_PINNED_OBJECTS",
      // Snowflake: every caller shares the server's user and pooled sessions, so the results and
      // SQL text of earlier queries are other callers' data.
      "RESULT_SCAN", "QUERY_HISTORY", "QUERY_HISTORY_BY_SESSION", "QUERY_HISTORY_BY_USER",
      // PostgreSQL: other sessions' SQL text (callers share the server's role), and the
      // functions behind pg_prepared_statements, pg_cursors and pg_backend_memory_contexts (the
      // pooled session's: a cached plan's context is named by its statement's text).
      "PG_STAT_GET_ACTIVITY", "PG_STAT_GET_BACKEND_ACTIVITY", "PG_PREPARED_STATEMENT",
      "PG_CURSOR", "PG_GET_BACKEND_MEMORY_CONTEXTS", "PG_SHOW_ALL_SETTINGS",
      "QUERY_HISTORY_BY_WAREHOUSE", "LOGIN_HISTORY", "LOGIN_HISTORY_BY_USER",
      // MySQL, SQL Server, others: files and processes.
      "LOAD_FILE", "XP_CMDSHELL", "SYS_EXEC", "SYS_EVAL", "UTL_FILE", "UTL_HTTP");

  /**
   * Prefixes of side-effecting families: PostgreSQL large objects, advisory locks, backend
   * signals and logging, statistics resets, replication, backups, WAL replay, file access,
   * adminpack, BRIN summaries, binary upgrade, dblink; DuckDB logging and secrets.
   */
  private static final java.util.List<String> SIDE_EFFECT_PREFIXES = java.util.List.of(
      "LO_", "PG_ADVISORY", "PG_TRY_ADVISORY", "PG_NOTIFY", "PG_TERMINATE_", "PG_CANCEL_",
      "PG_SIGNAL_", "PG_LOG_", "PG_STAT_RESET", "PG_STAT_STATEMENTS_RESET", "PG_REPLICATION_",
      "PG_CREATE_", "PG_DROP_", "PG_COPY_", "PG_LOGICAL_SLOT_", "PG_BACKUP_", "PG_START_BACKUP",
      "PG_STOP_BACKUP", "PG_WAL_REPLAY_", "PG_READ_", "PG_LS_", "PG_FILE_", "PG_LOGDIR_LS",
      "BRIN_SUMMARIZE", "BRIN_DESUMMARIZE", "BINARY_UPGRADE_", "DBLINK");

  /**
   * Functions that advance or set a sequence: a data write, so the token analyzer classifies a
   * statement calling them as DML (refused in {@code read_only}, allowed in {@code read_write}),
   * like Snowflake's {@code seq.NEXTVAL}; the policy itself lets them pass.
   */
  public static final Set<String> SEQUENCE_WRITES = Set.of("NEXTVAL", "SETVAL");

  /** Infixes of side-effecting families, wherever they stand in the name. */
  private static final java.util.List<String> SIDE_EFFECT_INFIXES = java.util.List.of(
      "REPLICATION_SLOT", "ADVISORY_", "_LOGGING", "DUCKDB_LOG", "SECRET");

  /**
   * DuckDB table functions reviewed as read-only (besides the file readers, which the path
   * allowlist governs). In table position ({@code FROM f(...)}), any other DuckDB table function
   * is refused: {@code enable_logging}, {@code duckdb_logs}, {@code checkpoint},
   * {@code duckdb_settings}, {@code query}, ...
   */
  static final Set<String> DUCKDB_TABLE_FUNCTIONS = Set.of("RANGE", "GENERATE_SERIES",
      "UNNEST", "JSON_EACH", "JSON_TREE", "REPEAT", "REPEAT_ROW", "DUCKDB_TABLES", "DUCKDB_VIEWS",
      "DUCKDB_COLUMNS", "DUCKDB_SCHEMAS", "DUCKDB_DATABASES", "DUCKDB_CONSTRAINTS",
      "DUCKDB_INDEXES", "DUCKDB_TYPES", "DUCKDB_FUNCTIONS", "DUCKDB_KEYWORDS",
      "DUCKDB_DEPENDENCIES", "DUCKDB_SEQUENCES", "DUCKDB_EXTENSIONS", "DUCKDB_OPTIMIZERS",
      "DUCKDB_MEMORY", "DUCKDB_CONNECTION_COUNT", "DUCKDB_APPROX_DATABASE_COUNT",
      "DUCKDB_TABLE_SAMPLE", "PRAGMA_TABLE_INFO", "PRAGMA_SHOW", "PRAGMA_VERSION",
      "PRAGMA_PLATFORM", "PRAGMA_DATABASE_SIZE", "PRAGMA_STORAGE_INFO", "PRAGMA_METADATA_INFO",
      "PRAGMA_COLLATIONS", "PRAGMA_USER_AGENT", "TEST_ALL_TYPES", "TEST_VECTOR_TYPES",
      "ICU_CALENDAR_NAMES", "PG_TIMEZONE_NAMES", "SUMMARY", "HISTOGRAM", "HISTOGRAM_VALUES",
      "GENERATE_SUBSCRIPTS", "REGEXP_SPLIT_TO_TABLE");

  /**
   * DuckDB system views over refused table functions ({@code FROM duckdb_logs} discloses other
   * callers' SQL) and settings views: refused wherever the name stands.
   */
  private static final Set<String> DUCKDB_DENIED_RELATIONS = Set.of("DUCKDB_LOGS",
      "DUCKDB_LOGS_PARSED", "DUCKDB_LOG_CONTEXTS", "DUCKDB_SECRETS", "DUCKDB_SETTINGS",
      "PG_SETTINGS", "DUCKDB_VARIABLES", "DUCKDB_PREPARED_STATEMENTS");

  /**
   * {@link Dialect#GENERIC} (any other JDBC database, no catalog the gate reads): only these
   * standard SQL functions, and SQL words that stand before '(' without being calls, are allowed;
   * a host adds its database's read-only functions with {@link Builder#allow}.
   */
  static final Set<String> GENERIC_FUNCTIONS = Set.of(
      // aggregates and window functions
      "COUNT", "SUM", "AVG", "MIN", "MAX", "STDDEV", "STDDEV_POP", "STDDEV_SAMP", "VARIANCE",
      "VAR_POP", "VAR_SAMP", "EVERY", "ANY_VALUE", "BOOL_AND", "BOOL_OR", "ARRAY_AGG",
      "STRING_AGG", "LISTAGG", "GROUP_CONCAT", "GROUPING", "COVAR_POP", "COVAR_SAMP", "CORR",
      "REGR_SLOPE", "REGR_INTERCEPT", "REGR_COUNT", "REGR_R2", "REGR_AVGX", "REGR_AVGY",
      "REGR_SXX", "REGR_SYY", "REGR_SXY", "PERCENTILE_CONT", "PERCENTILE_DISC", "MODE", "MEDIAN",
      "ROW_NUMBER", "RANK", "DENSE_RANK", "PERCENT_RANK", "CUME_DIST", "NTILE", "LAG", "LEAD",
      "FIRST_VALUE", "LAST_VALUE", "NTH_VALUE", "JSON_ARRAYAGG", "JSON_OBJECTAGG",
      // numbers
      "ABS", "CEIL", "CEILING", "FLOOR", "ROUND", "TRUNC", "TRUNCATE", "MOD", "POWER", "POW",
      "SQRT", "CBRT", "EXP", "LN", "LOG", "LOG10", "LOG2", "SIGN", "SIN", "COS", "TAN", "COT",
      "ASIN", "ACOS", "ATAN", "ATAN2", "SINH", "COSH", "TANH", "PI", "RANDOM", "RAND", "DEGREES",
      "RADIANS", "WIDTH_BUCKET", "GREATEST", "LEAST", "DIV",
      // conditionals and conversion
      "COALESCE", "NULLIF", "NVL", "NVL2", "IFNULL", "ISNULL", "IIF", "IF", "DECODE", "CAST",
      "TRY_CAST", "CONVERT", "TRY_CONVERT",
      // dates and times
      "EXTRACT", "DATE_PART", "DATEPART", "DATE_TRUNC", "DATEADD", "DATEDIFF", "DATE_ADD",
      "DATE_SUB", "DATE_DIFF", "CURRENT_DATE", "CURRENT_TIME", "CURRENT_TIMESTAMP", "LOCALTIME",
      "LOCALTIMESTAMP", "NOW", "GETDATE", "SYSDATE", "AGE", "TO_CHAR", "TO_DATE", "TO_TIMESTAMP",
      "TO_NUMBER", "MAKE_DATE", "MAKE_TIMESTAMP", "YEAR", "MONTH", "DAY", "HOUR", "MINUTE",
      "SECOND", "QUARTER", "WEEK", "DAYOFWEEK", "DAYOFMONTH", "DAYOFYEAR", "LAST_DAY",
      "ADD_MONTHS", "MONTHS_BETWEEN", "DATE_FORMAT", "STRFTIME", "STRPTIME",
      // strings
      "UPPER", "LOWER", "UCASE", "LCASE", "INITCAP", "LENGTH", "LEN", "CHAR_LENGTH",
      "CHARACTER_LENGTH", "OCTET_LENGTH", "BIT_LENGTH", "SUBSTRING", "SUBSTR", "POSITION",
      "STRPOS", "INSTR", "LOCATE", "CHARINDEX", "TRIM", "LTRIM", "RTRIM", "BTRIM", "LPAD", "RPAD",
      "REPLACE", "TRANSLATE", "CONCAT", "CONCAT_WS", "LEFT", "RIGHT", "REPEAT", "REVERSE",
      "SPLIT_PART", "OVERLAY", "ASCII", "CHR", "CHAR", "REGEXP_REPLACE", "REGEXP_LIKE",
      "REGEXP_SUBSTR", "REGEXP_INSTR", "REGEXP_COUNT", "MD5", "SHA1", "SHA2", "SHA256", "FORMAT",
      "STARTS_WITH", "ENDS_WITH", "SOUNDEX", "SPACE", "QUOTE_IDENT", "QUOTE_LITERAL",
      // JSON and arrays
      "JSON_EXTRACT", "JSON_VALUE", "JSON_QUERY", "JSON_OBJECT", "JSON_ARRAY", "JSON_EXISTS",
      "UNNEST", "ARRAY_LENGTH", "CARDINALITY", "GENERATE_SERIES",
      // SQL words that stand before '(' without being calls; type names with a length
      "IN", "EXISTS", "ANY", "ALL", "SOME", "VALUES", "ROW", "ARRAY", "OVER", "FILTER", "WITHIN",
      "AS", "ON", "USING", "AND", "OR", "NOT", "IS", "LIKE", "ILIKE", "BETWEEN", "WHEN", "THEN",
      "ELSE", "CASE", "SELECT", "FROM", "WHERE", "JOIN", "LATERAL", "BY", "PARTITION", "ORDER",
      "GROUP", "HAVING", "LIMIT", "OFFSET", "FETCH", "DISTINCT", "UNION", "INTERSECT", "EXCEPT",
      "MINUS", "CUBE", "ROLLUP", "SETS", "TABLE", "INTERVAL", "WITH", "RECURSIVE", "ONLY",
      "TABLESAMPLE", "REPEATABLE", "BERNOULLI", "SYSTEM", "ESCAPE", "COLLATE", "AT", "ZONE",
      "DATE", "TIME", "TIMESTAMP", "DECIMAL", "NUMERIC", "NUMBER", "VARCHAR", "VARCHAR2",
      "NVARCHAR", "NCHAR", "CHARACTER", "VARYING", "INT", "INTEGER", "BIGINT", "SMALLINT",
      "TINYINT", "FLOAT", "DOUBLE", "PRECISION", "REAL", "BOOLEAN", "TEXT", "BINARY",
      "VARBINARY", "BIT", "DATETIME", "DATETIME2");

  /**
   * Snowflake's documented built-in functions known to only read (scalar, aggregate, window and
   * table functions), from {@code snowflake-functions.txt} next to this class. The account's
   * catalog the gate reads lists only UDFs, so this list stands in for the built-ins.
   */
  private static final Set<String> SNOWFLAKE_FUNCTIONS = load("snowflake-functions.txt");

  /**
   * Snowflake words that stand before '(' without being calls: operators and clauses
   * ({@code IN (}, {@code OVER (}, {@code WITHIN GROUP (}, {@code AT (}, {@code CHANGES (},
   * {@code MATCH_RECOGNIZE (}, {@code PIVOT (}, ...), and type names with a length or element type
   * ({@code NUMBER(10, 2)}, {@code VARCHAR(10)}, {@code TIMESTAMP_NTZ(9)}, {@code ARRAY(INT)}).
   */
  static final Set<String> SNOWFLAKE_SYNTAX = Set.of(
      // operators, predicates, clauses (only words that can stand right before '(')
      "IN", "EXISTS", "ANY", "ALL", "SOME", "VALUES", "ROW", "OVER", "FILTER", "WITHIN", "AS",
      "ON", "USING", "AND", "OR", "NOT", "IS", "LIKE", "ILIKE", "RLIKE", "REGEXP", "BETWEEN",
      "WHEN", "THEN", "ELSE", "CASE", "SELECT", "FROM", "WHERE", "JOIN", "LATERAL", "BY",
      "PARTITION", "ORDER", "GROUP", "HAVING", "QUALIFY", "LIMIT", "OFFSET", "FETCH", "TOP",
      "DISTINCT", "UNION", "INTERSECT", "EXCEPT", "MINUS", "CUBE", "ROLLUP", "SETS", "TABLE",
      "WITH", "SAMPLE", "TABLESAMPLE", "REPEATABLE", "SEED", "BERNOULLI", "SYSTEM", "BLOCK",
      "PRIOR", "MATCH_CONDITION", "EXCLUDE", "RENAME",
      "NULL", "NULLS", // PIVOT(... DEFAULT ON NULL (0)), UNPIVOT INCLUDE NULLS (...)
      // time travel and change tracking: AT(...), BEFORE(...), CHANGES(...) ... END(...)
      "AT", "BEFORE", "CHANGES", "END",
      // MATCH_RECOGNIZE, PIVOT, UNPIVOT
      "MATCH_RECOGNIZE", "PATTERN", "PERMUTE", "PIVOT", "UNPIVOT",
      // type names with a length, precision or element type
      "DATE", "TIME", "TIMESTAMP", "TIMESTAMP_NTZ", "TIMESTAMP_LTZ", "TIMESTAMP_TZ", "DATETIME",
      "DECIMAL", "DEC", "NUMERIC", "NUMBER", "FLOAT", "VARCHAR", "CHAR", "CHARACTER", "NCHAR",
      "NVARCHAR", "NVARCHAR2", "VARYING", "STRING", "TEXT", "BINARY", "VARBINARY", "OBJECT",
      "ARRAY", "MAP", "VECTOR");

  /**
   * PostgreSQL views that show other sessions' SQL text: every caller of a server shares its role,
   * and a role sees the queries of its own other sessions (other callers' SQL, as DuckDB's logs).
   */
  private static final Set<String> POSTGRES_DENIED_RELATIONS = Set.of("PG_STAT_ACTIVITY",
      "PG_STAT_STATEMENTS", "PG_STAT_STATEMENTS_INFO", "PG_STAT_GET_ACTIVITY",
      "PG_STAT_GET_BACKEND_ACTIVITY",
      // the pooled session's earlier callers' prepared statements and open cursors, as DuckDB's
      // duckdb_prepared_statements, and its memory contexts (ident holds the SQL text of every
      // cached plan: the same statements, red-team run 7)
      "PG_PREPARED_STATEMENTS", "PG_CURSORS", "PG_BACKEND_MEMORY_CONTEXTS",
      // settings of every role and database: applications keep keys in custom settings
      // (ALTER ROLE r SET app.jwt_secret = ...), and these list them all
      "PG_SETTINGS", "PG_DB_ROLE_SETTING", "PG_FILE_SETTINGS", "PG_ROLES", "PG_USER",
      "PG_SHADOW", "PG_AUTHID", "PG_HBA_FILE_RULES", "PG_IDENT_FILE_MAPPINGS",
      "PG_USER_MAPPINGS", "PG_USER_MAPPING",
      // information_schema's views of the same user mappings (their options hold passwords)
      "USER_MAPPING_OPTIONS", "_PG_USER_MAPPINGS");

  /**
   * {@link Dialect#GENERIC}: the views and tables of the engines it may front that show other
   * sessions' SQL text (running, cached or logged), refused wherever the name stands, with
   * PostgreSQL's and DuckDB's: H2 {@code INFORMATION_SCHEMA.QUERY_STATISTICS}; MySQL and MariaDB {@code
   * PROCESSLIST} (and {@code SHOW [FULL] PROCESSLIST}), {@code INNODB_TRX}, {@code
   * prepared_statements_instances}, the {@code mysql} logs; Redshift's query text tables;
   * ClickHouse's query logs; Vertica, Exasol, Teradata, Informix, Sybase, SAP HANA views.
   */
  private static final Set<String> GENERIC_DENIED_RELATIONS = union(
      // DuckDB's too: GENERIC is the default dialect, and may front DuckDB (red-team run 7:
      // FROM duckdb_logs returned other callers' logged SQL through the executor)
      union(POSTGRES_DENIED_RELATIONS, DUCKDB_DENIED_RELATIONS),
      Set.of(
          // H2
          "QUERY_STATISTICS",
          // credentials under names no application table has: SQL Server's syslogins (also
          // dbo.syslogins and unqualified), Oracle's USER$, USER_HISTORY$, LINK$
          "SYSLOGINS", "USER$", "USER_HISTORY$", "LINK$",
          // MySQL, MariaDB (performance_schema, information_schema, sys, mysql)
          "PROCESSLIST", "INNODB_TRX", "PREPARED_STATEMENTS_INSTANCES", "STATEMENT_ANALYSIS",
          "INNODB_LOCK_WAITS", "SCHEMA_TABLE_LOCK_WAITS",
          // SQL Server
          "SYSPROCESSES", "DM_XE_SESSION_TARGETS",
          // DB2 (SYSIBMADM)
          "MON_CURRENT_SQL", "LONG_RUNNING_SQL", "TOP_DYNAMIC_SQL", "SNAPDYN_SQL",
          "MON_PKG_CACHE_SUMMARY",
          // Redshift
          "STL_QUERY", "STL_QUERYTEXT", "STL_DDLTEXT", "STL_UTILITYTEXT", "STV_RECENTS",
          "STV_INFLIGHT", "SVL_STATEMENTTEXT", "SVL_QLOG", "SYS_QUERY_HISTORY", "SYS_QUERY_TEXT",
          "SVV_QUERY_INFLIGHT", "SVL_QUERY_QUEUE_INFO", "SVL_STORED_PROC_CALL",
          // ClickHouse
          "QUERY_THREAD_LOG", "QUERY_VIEWS_LOG", "DISTRIBUTED_DDL_QUEUE",
          // Oracle audit trails (SQL text of audited statements)
          "DBA_AUDIT_TRAIL", "UNIFIED_AUDIT_TRAIL", "DBA_FGA_AUDIT_TRAIL",
          "DBA_COMMON_AUDIT_TRAIL",
          // Vertica
          "DC_REQUESTS_ISSUED",
          // Vertica, Exasol, Teradata, Informix, Sybase ASE, SAP HANA
          "QUERY_REQUESTS", "QUERY_PROFILES", "EXA_ALL_SESSIONS", "QRYLOGV", "QRYLOGSQLV",
          "DBQLOGTBL", "DBQLSQLTBL", "SYSSQLTRACE", "SYSSQLTRACE_INFO", "SYSSQEXPLAIN",
          "MONPROCESSSQLTEXT", "MONSYSSQLTEXT", "MONSYSSTATEMENT", "MONPROCESSSTATEMENT",
          "M_ACTIVE_STATEMENTS", "M_EXPENSIVE_STATEMENTS", "M_SQL_PLAN_CACHE",
          "M_PREPARED_STATEMENTS"));

  /**
   * {@link Dialect#GENERIC}: name prefixes of such views: Oracle's dynamic performance views and
   * workload history ({@code V$SQL}, {@code GV$SESSION}, {@code V_$OPEN_CURSOR}, {@code
   * DBA_HIST_SQLTEXT}, MySQL's and Oracle's {@code X$} views), SQL Server's {@code
   * sys.dm_exec_*} and Query Store, MySQL's statement events and {@code sys} digests, DB2's
   * {@code MON_GET_*}, Firebird's {@code MON$}, Synapse's {@code dm_pdw_exec_*}, Exasol's.
   */
  private static final List<String> GENERIC_DENIED_RELATION_PREFIXES = List.of("V$", "GV$",
      "V_$", "GV_$", "X$", "DBA_HIST_", "CDB_HIST_", "DM_EXEC_", "DM_PDW_EXEC_", "QUERY_STORE_",
      "EVENTS_STATEMENTS_", "STATEMENTS_WITH_", "MON_GET_", "MON$", "EXA_DBA_", "EXA_SQL_",
      "EXA_USER_SESSIONS", "EXA_USER_AUDIT");

  /**
   * {@link Dialect#GENERIC}: names too common to refuse alone, refused when a system schema
   * qualifies them: H2 {@code INFORMATION_SCHEMA.SESSIONS} (other sessions' running statements)
   * and {@code LOCKS}, MySQL {@code performance_schema.threads}, {@code sys.session}, Trino {@code
   * system.runtime.queries}, ClickHouse {@code system.processes}, Vertica {@code
   * v_monitor.sessions}.
   */
  private static final Set<String> GENERIC_QUALIFIED_RELATIONS = Set.of("SESSIONS", "SESSION",
      "LOCKS", "THREADS", "PROCESSES", "QUERIES", "TEXT_LOG", "SESSION_LOG",
      "ASYNCHRONOUS_INSERT_LOG",
      // plausible application table names, refused only under a system schema: MySQL's
      // mysql.general_log and mysql.slow_log, ClickHouse's system.query_log and friends
      "GENERAL_LOG", "SLOW_LOG", "QUERY_LOG", "QUERY_CACHE", "ASYNCHRONOUS_INSERTS",
      "MUTATIONS",
      // credentials, as PostgreSQL's pg_shadow: MySQL's mysql.user and MariaDB's
      // mysql.global_priv (password hashes), mysql.servers (FEDERATED passwords) and
      // mysql.slave_master_info (the replication password, in clear); SQL Server's
      // sys.sql_logins (hashes). (syslogins and Oracle's USER$, USER_HISTORY$ and LINK$ are
      // refused by name, under any qualifier: GENERIC_DENIED_RELATIONS.)
      "USER", "GLOBAL_PRIV", "SERVERS", "SLAVE_MASTER_INFO", "SQL_LOGINS");

  /** {@link Dialect#GENERIC}: the system schemas of the engines it may front. */
  private static final Set<String> GENERIC_SYSTEM_SCHEMAS = Set.of("INFORMATION_SCHEMA",
      "PERFORMANCE_SCHEMA", "SYS", "SYSTEM", "RUNTIME", "MYSQL", "SYSIBMADM", "V_MONITOR",
      "SYSMASTER", "MASTER", "DBC");

  private static Set<String> union(Set<String> a, Set<String> b) {
    Set<String> u = new HashSet<>(a);
    u.addAll(b);
    return Set.copyOf(u);
  }

  /** Snowflake views of other callers' SQL and logins (the server's user is shared). */
  private static final Set<String> SNOWFLAKE_DENIED_RELATIONS = Set.of("QUERY_HISTORY",
      "ACCESS_HISTORY", "LOGIN_HISTORY", "QUERY_ACCELERATION_HISTORY",
      // also carry other callers' query text
      "QUERY_ACCELERATION_ELIGIBLE", "TASK_HISTORY", "AGGREGATE_QUERY_HISTORY",
      // one row per run of every alert in the account: the CONDITION and ACTION run, and the
      // error messages, which can quote data. (SHOW ALERTS, DESCRIBE ALERT and GET_DDL show the
      // definitions of the alerts the role holds privileges on, as GET_DDL shows a view's; they
      // stay allowed. The ACCOUNT_USAGE views cover every object of the account.)
      "ALERT_HISTORY",
      // every version of every task's definition in the account
      "TASK_VERSIONS",
      // Cortex Analyst's log (user, question, generated SQL); AI observability traces (prompts)
      "CORTEX_ANALYST_REQUESTS_V", "AI_OBSERVABILITY_EVENTS",
      // loads' first error message quotes the rejected row's data
      "COPY_HISTORY", "LOAD_HISTORY");

  /**
   * {@link Dialect#SNOWFLAKE}: names too common to refuse alone, refused under the schema that
   * makes them Snowflake's own views: {@code SNOWFLAKE.TELEMETRY.EVENTS} (the account's event
   * table: logs and traces of procedures and functions, with traced SQL text) and {@code
   * SNOWFLAKE.ACCOUNT_USAGE.SESSIONS} (every session's client and login, as LOGIN_HISTORY).
   */
  private static final Map<String, Set<String>> SNOWFLAKE_QUALIFIED_RELATIONS = Map.of(
      "TELEMETRY", Set.of("EVENTS", "EVENTS_VIEW"),
      "ACCOUNT_USAGE", Set.of("SESSIONS"));

  /** Words before '(' in table position that are syntax, not table functions. */
  private static final Set<String> TABLE_SYNTAX = Set.of("LATERAL", "VALUES", "ONLY", "TABLE");

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

  /**
   * Methods of Snowflake ML model instances ({@code <model>!PREDICT(...)}) that only read:
   * inference ({@code PREDICT}, {@code FORECAST}, {@code DETECT_ANOMALIES}, {@code GET_DRIVERS})
   * and the evaluation and training reports of the FORECAST, ANOMALY_DETECTION, CLASSIFICATION
   * and TOP_INSIGHTS classes (Snowflake class reference). Any other {@code !method} is refused:
   * it may be a custom method of a registry model, or a state-changing method of another class
   * (a budget's {@code !ADD_RESOURCE}, {@code !SET_SPENDING_LIMIT}, ...).
   */
  static final Set<String> SNOWFLAKE_MODEL_METHODS = Set.of("PREDICT", "FORECAST",
      "DETECT_ANOMALIES", "GET_DRIVERS", "EXPLAIN_FEATURE_IMPORTANCE", "SHOW_FEATURE_IMPORTANCE",
      "SHOW_EVALUATION_METRICS", "SHOW_GLOBAL_EVALUATION_METRICS", "SHOW_THRESHOLD_METRICS",
      "SHOW_CONFUSION_MATRIX", "SHOW_TRAINING_LOGS");

  private final Dialect dialect;
  private final Set<String> allowed;
  private final Set<String> denied;
  private final Set<String> fileFunctions;
  private final Set<String> readOnlySystem;
  private final @Nullable FunctionCatalog catalog;

  private FunctionPolicy(Builder b) {
    this.dialect = b.dialect;
    this.allowed = Set.copyOf(b.allowed);
    this.denied = Set.copyOf(b.denied);
    this.fileFunctions = Set.copyOf(b.fileFunctions);
    this.readOnlySystem = Set.copyOf(b.readOnlySystem);
    this.catalog = null;
  }

  private FunctionPolicy(FunctionPolicy p, FunctionCatalog catalog) {
    this.dialect = p.dialect;
    this.allowed = p.allowed;
    this.denied = p.denied;
    this.fileFunctions = p.fileFunctions;
    this.readOnlySystem = p.readOnlySystem;
    this.catalog = catalog;
  }

  /**
   * Returns this policy extended with what the engine's catalog says: a name the catalog marks
   * as side-effecting is denied, one it marks as pure is allowed, unless the host's
   * {@link Builder#allow}/{@link Builder#deny}, the built-in deny families (SQL runners, large
   * objects, advisory locks, ...) or the file-reader rules decide first. Names the catalog does
   * not know keep this policy's decision.
   *
   * @param catalog the engine's function catalog
   * @return a new policy
   * @throws IllegalArgumentException if the catalog is for another dialect
   */
  public FunctionPolicy withCatalog(FunctionCatalog catalog) {
    requireNonNull(catalog, "catalog is null");
    if (catalog.dialect() != dialect) {
      throw new IllegalArgumentException("the catalog is for " + catalog.dialect()
          + " but the policy for " + dialect);
    }
    return new FunctionPolicy(this, catalog);
  }

  /** {@return the engine catalog this policy consults, if any} */
  public Optional<FunctionCatalog> catalog() {
    return Optional.ofNullable(catalog);
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
   * Decides about one function name called as a scalar, aggregate or window function.
   *
   * @param name the function name, optionally qualified or quoted-unquoted
   * @return the decision
   */
  public Access access(String name) {
    return access(name, false);
  }

  /**
   * Decides about one function name.
   *
   * @param name the function name, optionally qualified or quoted-unquoted
   * @param tablePosition whether it is called where a table stands ({@code FROM f(...)}); in
   *     DuckDB only reviewed table functions (and file readers) are allowed there
   * @return the decision
   */
  public Access access(String name, boolean tablePosition) {
    String n = normalize(name);
    if (denied.contains(n)) {
      return Access.DENIED;
    }
    if (allowed.contains(n) || SEQUENCE_WRITES.contains(n)) {
      return Access.ALLOWED;
    }
    if (sideEffecting(n)) {
      return Access.DENIED;
    }
    if (fileFunctions.contains(n)) {
      return Access.FILE_ACCESS;
    }
    if (n.startsWith("SYSTEM$")) {
      return readOnlySystem.contains(n) ? Access.ALLOWED : Access.DENIED;
    }
    if (tablePosition && TABLE_SYNTAX.contains(n)) {
      return Access.ALLOWED;
    }
    if (dialect == Dialect.SNOWFLAKE && snowflakeBuiltIn(name, n)) {
      // Snowflake resolves an unqualified, unquoted built-in name to the built-in, not to a UDF
      // of the same name: the catalog of UDFs does not decide about it.
      return Access.ALLOWED;
    }
    if (catalog != null) {
      Optional<FunctionCatalog.Effect> e = catalog.effect(n);
      if (e.isPresent()) {
        return e.get() == FunctionCatalog.Effect.PURE ? Access.ALLOWED : Access.DENIED;
      }
    }
    if (tablePosition && dialect == Dialect.DUCKDB && !DUCKDB_TABLE_FUNCTIONS.contains(n)) {
      return Access.DENIED;
    }
    if (dialect == Dialect.GENERIC && !GENERIC_FUNCTIONS.contains(n)) {
      return Access.DENIED;
    }
    if (dialect == Dialect.SNOWFLAKE && !snowflakeBuiltIn(name, n)) {
      // Fail closed: no catalog to ask, so an unknown name (a UDF, a Cortex or ML function, an
      // external function, a built-in newer than the list) is refused until the host allows it.
      return Access.DENIED;
    }
    if (dialect == Dialect.POSTGRES && userSchema(name) != null) {
      // PostgreSQL's built-ins live in pg_catalog: a call qualified by any other schema is a user
      // or extension function (pg_cron's cron.schedule, orafce's utl_file.fopen and
      // dbms_pipe.send_message), which only the engine's catalog can judge.
      return Access.DENIED;
    }
    return Access.ALLOWED;
  }

  /**
   * {@return the schema a PostgreSQL call is qualified by when it is not a system schema
   * ({@code pg_catalog}, {@code information_schema}), in upper case without quotes, or null for an
   * unqualified or system-qualified call}
   */
  private static @Nullable String userSchema(String raw) {
    StringBuilder b = new StringBuilder(raw.length());
    for (int i = 0; i < raw.length(); i++) {
      char c = raw.charAt(i);
      if (c != '"' && !Character.isWhitespace(c) && !Character.isSpaceChar(c)
          && Character.getType(c) != Character.FORMAT) {
        b.append(c);
      }
    }
    String s = b.toString();
    int dot = s.lastIndexOf('.');
    if (dot <= 0) {
      return null;
    }
    String qualifier = s.substring(0, dot);
    String schema = qualifier.substring(qualifier.lastIndexOf('.') + 1).toUpperCase(Locale.ROOT);
    return schema.equals("PG_CATALOG") || schema.equals("INFORMATION_SCHEMA") ? null : schema;
  }

  /**
   * {@return whether a Snowflake call names a listed built-in or a word that is not a call}: the
   * name must be written unquoted and unqualified (Snowflake resolves {@code my_schema.lower(x)}
   * and {@code "lower"(x)} to user-defined functions), except for the table functions of an
   * {@code INFORMATION_SCHEMA} ({@code db.INFORMATION_SCHEMA.TAG_REFERENCES(...)}).
   */
  private static boolean snowflakeBuiltIn(String raw, String n) {
    if (!SNOWFLAKE_FUNCTIONS.contains(n) && !SNOWFLAKE_SYNTAX.contains(n)) {
      return false;
    }
    if (raw.indexOf('"') >= 0 || raw.indexOf('`') >= 0) {
      return false;
    }
    int dot = raw.lastIndexOf('.');
    if (dot < 0) {
      return true;
    }
    String qualifier = normalize(raw.substring(0, dot));
    return qualifier.equals("INFORMATION_SCHEMA");
  }

  /**
   * Explains why {@link #access(String, boolean)} refuses a name, for a verdict's reason: a name
   * the {@link Dialect#SNOWFLAKE} list does not hold gets how a host allows it; any other refused
   * name has side effects or is not known to be read-only.
   *
   * @param name the function name, optionally qualified or quoted
   * @return the explanation, starting with a verb ("is not ...", "has side effects ...")
   */
  public String denialReason(String name) {
    String n = normalize(name);
    if (dialect == Dialect.SNOWFLAKE && catalog != null && !denied.contains(n)
        && !sideEffecting(n)
        && catalog.effect(n).orElse(null) == FunctionCatalog.Effect.SIDE_EFFECT) {
      return "reaches out of the warehouse (the account's catalog lists it as an external function"
          + " or with external access integrations or secrets)";
    }
    if (dialect == Dialect.SNOWFLAKE && !denied.contains(n) && !sideEffecting(n)
        && !n.startsWith("SYSTEM$") && !snowflakeBuiltIn(name, n)) {
      return "is not a known read-only Snowflake built-in; a host that trusts it (a user-defined"
          + " function, say) allows it with FunctionPolicy.Builder#allow or the allowFunctions"
          + " key";
    }
    String schema = dialect == Dialect.POSTGRES ? userSchema(name) : null;
    if (schema != null && catalog == null && !denied.contains(n) && !sideEffecting(n)
        && !allowed.contains(n)) {
      return "is qualified by schema " + schema.toLowerCase(Locale.ROOT) + ", so it is a"
          + " user or extension function, which only the engine's catalog can judge (GatedExecutor"
          + " reads it); a host that trusts it allows it with FunctionPolicy.Builder#allow or the"
          + " allowFunctions key";
    }
    if (catalog != null && !denied.contains(n) && !sideEffecting(n)) {
      return "has side effects or is not known to be read-only (the engine's catalog lists it as"
          + " volatile, or as a user or extension function); a host that trusts it allows it"
          + " with FunctionPolicy.Builder#allow or the allowFunctions key";
    }
    return "has side effects or is not known to be read-only";
  }

  /**
   * Decides about a Snowflake model instance method ({@code my_model!PREDICT(...)}): a name the
   * host denied is denied, one it allowed is allowed; otherwise only the read-only methods
   * ({@link #snowflakeModelMethods()}) are allowed.
   *
   * @param method the method name after '!', optionally quoted
   * @return {@link Access#ALLOWED} or {@link Access#DENIED}
   */
  public Access modelMethodAccess(String method) {
    String n = normalize(method);
    if (denied.contains(n)) {
      return Access.DENIED;
    }
    return allowed.contains(n) || SNOWFLAKE_MODEL_METHODS.contains(n)
        ? Access.ALLOWED : Access.DENIED;
  }

  /**
   * {@return the Snowflake model instance methods allowed after '!' by default, in upper case:
   * inference and evaluation or training reports}
   */
  public static Set<String> snowflakeModelMethods() {
    return SNOWFLAKE_MODEL_METHODS;
  }

  /**
   * {@return the Snowflake built-in functions the {@link Dialect#SNOWFLAKE} defaults allow, in
   * upper case: documented functions known to only read}
   */
  public static Set<String> snowflakeFunctions() {
    return SNOWFLAKE_FUNCTIONS;
  }

  /** {@return the upper-case names in a resource next to this class, one a line, '#' comments} */
  private static Set<String> load(String resource) {
    try (InputStream in = FunctionPolicy.class.getResourceAsStream(resource)) {
      if (in == null) {
        throw new IllegalStateException("resource " + resource + " is missing");
      }
      BufferedReader r = new BufferedReader(new InputStreamReader(in, StandardCharsets.UTF_8));
      Set<String> names = new HashSet<>();
      for (String line = r.readLine(); line != null; line = r.readLine()) {
        String v = line.strip();
        if (!v.isEmpty() && !v.startsWith("#")) {
          names.add(v.toUpperCase(Locale.ROOT));
        }
      }
      return Set.copyOf(names);
    } catch (IOException e) {
      throw new UncheckedIOException("cannot read " + resource, e);
    }
  }

  /**
   * Decides about a name that stands before '(' where SQL allows a name that is not a call: a
   * column list of an alias ({@code AS t(a, b)}, {@code f(x) g(a)}), a CTE's column list, a type
   * with a length ({@code CAST(x AS DECIMAL(10, 2))}). Only the host's denials and the built-in
   * side-effecting families apply there; allowlists do not.
   *
   * @param name the name
   * @return {@link Access#DENIED} for a denied or side-effecting name, otherwise allowed
   */
  public Access accessAsName(String name) {
    String n = normalize(name);
    if (denied.contains(n)) {
      return Access.DENIED;
    }
    if (allowed.contains(n)) {
      return Access.ALLOWED;
    }
    return sideEffecting(n) || n.startsWith("SYSTEM$") && !readOnlySystem.contains(n)
        ? Access.DENIED : Access.ALLOWED;
  }

  /**
   * {@return whether the engine's catalog says an operator runs a function with side effects}
   * (PostgreSQL user-defined operators; false without a catalog)
   *
   * @param operator the operator as written
   */
  public boolean operatorDenied(String operator) {
    return catalog != null && catalog.operatorHasSideEffects(operator);
  }

  /**
   * {@return whether a name written as a column after a dot ({@code t.f}) may call a function
   * with side effects}: PostgreSQL's attribute notation, per the engine's catalog; a name the
   * host allowed is not
   *
   * @param name the name after the dot
   */
  public boolean attributeDenied(String name) {
    String n = normalize(name);
    if (allowed.contains(n)) {
      return false;
    }
    if (denied.contains(n) || SQL_RUNNERS.contains(n) || SIDE_EFFECT_FUNCTIONS.contains(n)
        || SEQUENCE_WRITES.contains(n) || n.endsWith("_BACKEND")) {
      return true; // (0).lo_create, (42).pg_advisory_lock, ('s').nextval
    }
    for (String p : SIDE_EFFECT_PREFIXES) {
      if (n.startsWith(p)) {
        return true;
      }
    }
    return catalog != null && catalog.attributeHasSideEffects(n);
  }

  /**
   * {@return whether a cast to a type runs a function with side effects}, per the engine's
   * catalog (PostgreSQL user-defined casts to user-defined types)
   *
   * @param type the target type's name
   */
  public boolean castDenied(String type) {
    return catalog != null && catalog.castHasSideEffects(type);
  }

  /**
   * Decides about a name used as a relation (not called): views that disclose other callers' SQL,
   * logs, settings or secrets are refused: DuckDB {@code duckdb_logs}, {@code pg_settings}, ...;
   * PostgreSQL {@code pg_stat_activity}, {@code pg_stat_statements}; Snowflake
   * {@code QUERY_HISTORY}, {@code ACCESS_HISTORY}, {@code LOGIN_HISTORY}.
   *
   * @param name the relation name, optionally qualified or quoted
   * @return {@link Access#DENIED} for a refused system view, otherwise {@link Access#ALLOWED}
   */
  public Access relationAccess(String name) {
    String n = normalize(name);
    if (allowed.contains(n)) {
      return Access.ALLOWED;
    }
    Set<String> denied = switch (dialect) {
      case DUCKDB -> DUCKDB_DENIED_RELATIONS;
      case POSTGRES -> POSTGRES_DENIED_RELATIONS;
      case GENERIC -> GENERIC_DENIED_RELATIONS;
      case SNOWFLAKE -> SNOWFLAKE_DENIED_RELATIONS;
    };
    if (denied.contains(n)) {
      return Access.DENIED;
    }
    if (dialect == Dialect.GENERIC) {
      for (String p : GENERIC_DENIED_RELATION_PREFIXES) {
        if (n.startsWith(p)) {
          return Access.DENIED;
        }
      }
    }
    return Access.ALLOWED;
  }

  /**
   * Decides about a qualified relation name ({@code schema.name}): in {@link Dialect#GENERIC},
   * names too common to refuse alone ({@code SESSIONS}, {@code LOCKS}, {@code THREADS}, {@code
   * PROCESSES}, {@code QUERIES}, ...) are refused under a system schema ({@code
   * INFORMATION_SCHEMA.SESSIONS} on H2 shows other sessions' running SQL); in {@link
   * Dialect#SNOWFLAKE}, {@code TELEMETRY.EVENTS} (the account's event table) and {@code
   * ACCOUNT_USAGE.SESSIONS}; otherwise as {@link #relationAccess(String)}.
   *
   * @param qualifier the part before the name, quoted or not
   * @param name the relation name, quoted or not
   * @return the decision
   */
  public Access relationAccess(String qualifier, String name) {
    String n = normalize(name);
    if (allowed.contains(n)) {
      return Access.ALLOWED;
    }
    if (dialect == Dialect.GENERIC && GENERIC_QUALIFIED_RELATIONS.contains(n)
        && systemSchema(qualifier)) {
      return Access.DENIED;
    }
    if (dialect == Dialect.SNOWFLAKE && SNOWFLAKE_QUALIFIED_RELATIONS
        .getOrDefault(normalize(qualifier), Set.of()).contains(n)) {
      return Access.DENIED;
    }
    return relationAccess(name);
  }

  /**
   * {@return whether a name is a system schema of an engine {@link Dialect#GENERIC} may front}
   * ({@code INFORMATION_SCHEMA}, {@code PERFORMANCE_SCHEMA}, {@code SYS}, {@code SYSTEM}, ...),
   * whose views a {@code USE} would make reachable without their schema; false in other dialects
   *
   * @param name the schema name, quoted or not
   */
  public boolean systemSchema(String name) {
    return dialect == Dialect.GENERIC && GENERIC_SYSTEM_SCHEMAS.contains(normalize(name));
  }

  /**
   * {@return whether a name is in a built-in side-effecting family: runs SQL from text, or
   * changes state (large objects, advisory locks, notifications, backend signals, settings,
   * sequences, logging, files, ...)}
   */
  static boolean sideEffecting(String n) {
    if (SQL_RUNNERS.contains(n) || SIDE_EFFECT_FUNCTIONS.contains(n) || n.endsWith("_BACKEND")) {
      return true;
    }
    for (String p : SIDE_EFFECT_PREFIXES) {
      if (n.startsWith(p)) {
        return true;
      }
    }
    for (String p : SIDE_EFFECT_INFIXES) {
      if (n.contains(p)) {
        return true;
      }
    }
    return false;
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
        + denied + ", extraReadOnlySystem=" + readOnlySystem.size()
        + (catalog == null ? "" : ", catalog=" + catalog) + "}";
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
