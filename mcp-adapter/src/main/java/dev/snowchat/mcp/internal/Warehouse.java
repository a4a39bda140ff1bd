package dev.snowchat.mcp.internal;

import static java.util.Objects.requireNonNull;

import com.zaxxer.hikari.HikariConfig;
import com.zaxxer.hikari.HikariDataSource;
import dev.snowchat.mcp.CallContext;
import dev.snowchat.mcp.McpConfig;
import dev.snowchat.mcp.ToolErrorCode;
import dev.snowchat.sqlgate.Dialect;
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
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The warehouse behind the tools: two pools (a small system pool for metadata, a request pool for
 * queries), both handing out only hardened connections, and gated execution with the configured
 * row cap, byte cap and timeout on each.
 */
public final class Warehouse implements AutoCloseable {
  private static final Logger LOG = LoggerFactory.getLogger(Warehouse.class);

  /** The row cap for metadata queries the tools build themselves (SHOW, DESCRIBE). */
  static final int METADATA_MAX_ROWS = 10_000;

  private final McpConfig config;
  private final JdbcTarget target;
  private final SqlGate gate;
  private final SessionHardening hardening;
  private final HikariDataSource systemPool;
  private final HikariDataSource requestPool;
  private final GatedExecutor requestExecutor;
  private final GatedExecutor metadataExecutor;
  private final QueryLimits limits;
  private final QueryLimits metadataLimits;
  private final boolean postgres;
  private final Redactor redactor;

  /**
   * Creates the pools; no connection is opened until the first call.
   *
   * @param config the configuration
   * @param target where to connect
   * @throws SQLException when no driver accepts the URL
   */
  public Warehouse(McpConfig config, JdbcTarget target) throws SQLException {
    this.config = requireNonNull(config, "config is null");
    this.target = requireNonNull(target, "target is null");
    this.redactor = Redactor.of(config);
    Dialect dialect = target.dialect();
    this.postgres = dialect == Dialect.POSTGRES
        || target.url().toLowerCase(Locale.ROOT).startsWith("jdbc:postgresql:");
    this.gate = SqlGate.builder().dialect(dialect).mode(config.mode()).build();
    this.hardening = SessionHardening.forDialect(dialect, HardeningOptions.defaults()
        .withReadOnly(true)
        .withStatementTimeout(config.queryTimeout())
        .withQueryTag(dialect == Dialect.SNOWFLAKE ? config.queryTag() : null));
    this.limits = new QueryLimits(config.maxRows(), config.maxResultBytes(),
        config.queryTimeout());
    this.metadataLimits = new QueryLimits(METADATA_MAX_ROWS,
        Math.max(config.maxResultBytes(), 8L * 1024 * 1024), config.queryTimeout());
    PooledSource source = new PooledSource(target);
    this.systemPool = pool("snowchat-system", source, 2);
    this.requestPool = pool("snowchat-request", source, config.poolSize());
    SqlGate metadataGate = SqlGate.builder().dialect(dialect).mode(PermissionMode.READ_ONLY)
        .build();
    this.requestExecutor = executor(requestPool, gate, limits);
    this.metadataExecutor = executor(systemPool, metadataGate, metadataLimits);
    LOG.debug("Warehouse {} with {}", target.displayUrl(), target.maskedProperties());
  }

  private GatedExecutor executor(javax.sql.DataSource ds, SqlGate g, QueryLimits l) {
    // No explicit hardening: the executor applies sql-gate's standard hardening for the dialect
    // on every borrow (read-only when the gate only reads, the timeout server-side, the tag).
    GatedExecutor.Builder b = GatedExecutor.builder().dataSource(ds).gate(g).limits(l);
    if (target.dialect() == Dialect.SNOWFLAKE) {
      b.queryTag(config.queryTag());
    }
    return b.build();
  }

  private HikariDataSource pool(String name, PooledSource source, int size) {
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
   * @return the result
   */
  public QueryResult query(String sql, QueryLimits queryLimits, CallContext context) {
    boolean perCall = context.queryTag() != null || context.cancelSignal() != null;
    if (context.sessionVariables().isEmpty() && !perCall) {
      return requestExecutor.execute(sql, queryLimits);
    }
    javax.sql.DataSource ds = requestPool;
    if (!context.sessionVariables().isEmpty()) {
      String unsupported = SessionVariables.unsupportedReason(target.dialect(), postgres);
      if (unsupported != null) {
        throw new SnowchatException(ToolErrorCode.NOT_SUPPORTED, unsupported);
      }
      ds = new SessionVariables(requestPool, target.dialect(), postgres, context);
    }
    if (perCall) {
      ds = new CallStatements(ds, target.dialect(), context.queryTag(), context.cancelSignal());
    }
    // The per-call executor shares the request executor's function catalog (read once).
    GatedExecutor.Builder b = GatedExecutor.builder().dataSource(ds).gate(gate).limits(limits);
    if (target.dialect() == Dialect.SNOWFLAKE) {
      b.queryTag(config.queryTag());
    }
    requestExecutor.functionCatalog().ifPresentOrElse(b::functionCatalog, b::noFunctionCatalog);
    return b.build().execute(sql, queryLimits);
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
      // DatabaseMetaData calls bypass the executor, so harden the session here as it would.
      hardening.apply(c, target.dialect());
      return callback.apply(c);
    }
  }

  /** {@return the system pool (metadata only, no session variables), for the schema index} */
  public javax.sql.DataSource systemDataSource() {
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

  /** {@return the gate applied to callers' SQL} */
  public SqlGate gate() {
    return gate;
  }

  /** {@return the redactor for this configuration's secrets} */
  public Redactor redactor() {
    return redactor;
  }

  /** {@return true for a PostgreSQL server} */
  public boolean isPostgres() {
    return postgres;
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
