package dev.snowchat.mcp.internal.jdbc;

import static java.util.Objects.requireNonNull;

import com.zaxxer.hikari.HikariConfig;
import com.zaxxer.hikari.HikariDataSource;
import dev.snowchat.mcp.CallContext;
import dev.snowchat.mcp.JdbcTarget;
import dev.snowchat.mcp.McpConfig;
import dev.snowchat.mcp.ToolErrorCode;
import dev.snowchat.sqlgate.Dialect;
import dev.snowchat.sqlgate.Execution;
import dev.snowchat.sqlgate.GatedExecutor;
import dev.snowchat.sqlgate.HardeningOptions;
import dev.snowchat.sqlgate.PermissionMode;
import dev.snowchat.sqlgate.QueryLimits;
import dev.snowchat.sqlgate.QueryResult;
import dev.snowchat.sqlgate.SessionHardening;
import dev.snowchat.sqlgate.SnowchatException;
import dev.snowchat.sqlgate.SqlGate;
import java.sql.Connection;
import java.sql.SQLException;
import java.time.Duration;
import java.util.Locale;
import javax.sql.DataSource;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The warehouse behind the tools: two pools (a small system pool for metadata, a request pool for
 * queries), both handing out only hardened connections, and gated execution with the configured
 * row cap, byte cap and timeout on each. Each pool has one executor and one session hardening,
 * made here once; a call's session variables, query tag and cancel signal ride on the request
 * pool's connections while the call runs ({@link CallConnections}), not on an executor of its own.
 */
public final class Warehouse implements AutoCloseable {
  private static final Logger LOG = LoggerFactory.getLogger(Warehouse.class);

  /** The row cap for metadata queries the tools build themselves (SHOW, DESCRIBE). */
  static final int METADATA_MAX_ROWS = 10_000;

  private final McpConfig config;
  private final JdbcTarget target;
  private final SessionHardening systemHardening;
  private final HikariDataSource systemPool;
  private final HikariDataSource requestPool;
  private final CallConnections calls;
  private final GatedExecutor requestExecutor;
  private final GatedExecutor metadataExecutor;
  private final QueryLimits limits;
  private final SqlGate gate;
  private final QueryLimits metadataLimits;
  private final boolean postgres;
  private final Redactor redactor;

  /**
   * Creates the pools; no connection is opened until the first call.
   *
   * @param config the configuration
   * @param target where to connect
   */
  public Warehouse(McpConfig config, JdbcTarget target) {
    this(config, target, new PooledSource(target));
  }

  /** Creates the pools over the given physical connections (tests watch them). */
  Warehouse(McpConfig config, JdbcTarget target, DataSource physical) {
    this.config = requireNonNull(config, "config is null");
    this.target = requireNonNull(target, "target is null");
    this.redactor = Redactor.of(config);
    Dialect dialect = target.dialect();
    this.postgres = dialect == Dialect.POSTGRES
        || target.url().toLowerCase(Locale.ROOT).startsWith("jdbc:postgresql:");
    this.limits = new QueryLimits(config.maxRows(), config.maxResultBytes(),
        config.queryTimeout());
    this.metadataLimits = new QueryLimits(METADATA_MAX_ROWS,
        Math.max(config.maxResultBytes(), 8L * 1024 * 1024), config.queryTimeout());
    this.systemPool = pool("snowchat-system", physical, 2);
    this.requestPool = pool("snowchat-request", physical, config.poolSize());
    this.calls = new CallConnections(requestPool, dialect, postgres);
    this.gate = SqlGate.builder().dialect(dialect).mode(config.mode()).build();
    SqlGate metadataGate = SqlGate.builder().dialect(dialect).mode(PermissionMode.READ_ONLY)
        .build();
    // The sessions of callers' queries are read-only unless the mode writes; metadata sessions
    // always are. Both carry the server-side timeout and, on Snowflake, the query tag.
    this.systemHardening = hardening(true);
    this.requestExecutor = GatedExecutor.builder().dataSource(calls).gate(gate).limits(limits)
        .hardening(hardening(config.mode() == PermissionMode.READ_ONLY)).build();
    this.metadataExecutor = GatedExecutor.builder().dataSource(systemPool).gate(metadataGate)
        .limits(metadataLimits).hardening(systemHardening).build();
    LOG.debug("Warehouse {} with {}", target.displayUrl(), target.maskedProperties());
  }

  private SessionHardening hardening(boolean readOnly) {
    Dialect dialect = target.dialect();
    return SessionHardening.forDialect(dialect, HardeningOptions.defaults()
        .withReadOnly(readOnly)
        .withStatementTimeout(config.queryTimeout())
        .withQueryTag(dialect == Dialect.SNOWFLAKE ? config.queryTag() : null));
  }

  private HikariDataSource pool(String name, DataSource source, int size) {
    HikariConfig h = new HikariConfig();
    h.setPoolName(name);
    h.setDataSource(source);
    h.setMaximumPoolSize(size);
    h.setMinimumIdle(0);
    // Start-up never waits for the warehouse: the first call connects, and reports failures.
    h.setInitializationFailTimeout(-1);
    // Snowflake logins can take seconds; local databases fail fast.
    h.setConnectionTimeout(Duration.ofSeconds(
        target.dialect() == Dialect.SNOWFLAKE ? 45 : 10).toMillis());
    h.setIdleTimeout(Duration.ofMinutes(5).toMillis());
    h.setMaxLifetime(Duration.ofMinutes(30).toMillis());
    h.setRegisterMbeans(false);
    return new HikariDataSource(h);
  }

  /**
   * Runs a caller's SQL through the gate on the request pool.
   *
   * @param sql the statement
   * @param queryLimits the limits (never above the configured ones)
   * @param context the caller, whose session variables are set for the query, whose query tag
   *     labels it and whose cancel signal cancels it
   * @return the result, or the gate's refusal
   * @throws SnowchatException when the statement fails ({@link dev.snowchat.sqlgate
   *     .GateErrorCode}), or with {@link ToolErrorCode#NOT_SUPPORTED} when the call has session
   *     variables and this database takes none
   */
  public Execution query(String sql, QueryLimits queryLimits, CallContext context) {
    if (!context.sessionVariables().isEmpty()) {
      String unsupported = CallConnections.sessionVariablesUnsupported(target.dialect(),
          postgres);
      if (unsupported != null) {
        throw new SnowchatException(ToolErrorCode.NOT_SUPPORTED, unsupported);
      }
    }
    return calls.during(context, () -> requestExecutor.run(sql, queryLimits));
  }

  /**
   * Runs a metadata statement the tools built themselves (always read-only) on the system pool.
   *
   * @param sql the statement
   * @return the result
   */
  public QueryResult metadata(String sql) {
    return metadataExecutor.execute(sql, metadataLimits);
  }

  /**
   * Runs a callback with a system-pool connection (for {@link java.sql.DatabaseMetaData}).
   *
   * @param callback the callback
   * @param <T> the result type
   * @return the callback's result
   * @throws SQLException from the driver
   */
  public <T> T withMetadataConnection(SqlFunction<Connection, T> callback) throws SQLException {
    try (Connection c = systemPool.getConnection()) {
      // DatabaseMetaData calls bypass the executor, so harden the session here as it does.
      systemHardening.apply(c, target.dialect());
      return callback.apply(c);
    }
  }

  /** {@return the system pool (metadata only, no session variables), for the schema index} */
  public DataSource systemDataSource() {
    return systemPool;
  }

  /** {@return the configured query limits} */
  public QueryLimits limits() {
    return limits;
  }

  /** {@return the configuration} */
  public McpConfig config() {
    return config;
  }

  /** {@return the connection target} */
  public JdbcTarget target() {
    return target;
  }

  /** {@return the dialect} */
  public Dialect dialect() {
    return target.dialect();
  }

  /** {@return the gate of callers' statements (this mode and dialect)} */
  public SqlGate gate() {
    return gate;
  }

  /** {@return the redactor for this configuration's secrets} */
  public Redactor redactor() {
    return redactor;
  }

  @Override
  public void close() {
    requestPool.close();
    systemPool.close();
  }

  /**
   * A function that may throw {@link SQLException}.
   *
   * @param <A> the argument type
   * @param <R> the result type
   */
  @FunctionalInterface
  public interface SqlFunction<A, R> {
    /**
     * Applies the function.
     *
     * @param a the argument
     * @return the result
     * @throws SQLException from the driver
     */
    R apply(A a) throws SQLException;
  }
}
