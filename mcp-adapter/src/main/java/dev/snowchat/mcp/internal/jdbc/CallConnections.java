package dev.snowchat.mcp.internal.jdbc;

import static java.util.Objects.requireNonNull;

import com.zaxxer.hikari.HikariDataSource;
import dev.snowchat.mcp.CallContext;
import dev.snowchat.mcp.CancelSignal;
import dev.snowchat.sqlgate.Dialect;
import dev.snowchat.sqlgate.Sql;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Proxy;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import java.util.Locale;
import java.util.Map;
import java.util.function.Supplier;
import org.jspecify.annotations.Nullable;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The request pool as the one request executor sees it: a connection borrowed while a call runs
 * ({@link #during}) carries that call's {@link CallContext}. Its session variables are set when
 * it is borrowed and cleared before it goes back to the pool (a connection whose variables cannot
 * be cleared is evicted, never reused by another caller); every statement created on it carries
 * the call's query tag (Snowflake: the statement-level {@code QUERY_TAG}; elsewhere nothing, as
 * no other database has a per-statement tag) and is registered with the call's {@link
 * CancelSignal}, so that cancelling the signal cancels the running statement. Outside a call, or
 * for a call without any of these, connections are the pool's own.
 *
 * <p>The context travels with the calling thread: {@link dev.snowchat.sqlgate.GatedExecutor}
 * borrows its connection on the thread that runs the statement.
 */
final class CallConnections extends ConnectionSource {
  private static final Logger LOG = LoggerFactory.getLogger(CallConnections.class);

  /** How long a cancel keeps trying while the statement stays open. */
  private static final Duration CANCEL_PERSISTENCE = Duration.ofSeconds(30);

  private final HikariDataSource pool;
  private final Dialect dialect;
  private final boolean postgres;
  private final ThreadLocal<@Nullable CallContext> current = new ThreadLocal<>();

  CallConnections(HikariDataSource pool, Dialect dialect, boolean postgres) {
    this.pool = requireNonNull(pool, "pool is null");
    this.dialect = requireNonNull(dialect, "dialect is null");
    this.postgres = postgres;
  }

  /**
   * Tells whether this database supports per-call session variables.
   *
   * @param dialect the dialect
   * @param postgres whether the generic database is PostgreSQL
   * @return null when supported, else the reason
   */
  static @Nullable String sessionVariablesUnsupported(Dialect dialect, boolean postgres) {
    return dialect == Dialect.GENERIC && !postgres
        ? "Per-request session variables are supported on Snowflake, DuckDB and PostgreSQL only."
        : null;
  }

  /**
   * Runs work whose connections carry a call's context.
   *
   * @param context the call
   * @param work what borrows connections, on this thread
   * @param <T> the result type
   * @return the work's result
   */
  <T> T during(CallContext context, Supplier<T> work) {
    CallContext outer = current.get();
    current.set(context);
    try {
      return work.get();
    } finally {
      if (outer == null) {
        current.remove();
      } else {
        current.set(outer);
      }
    }
  }

  @Override
  public Connection getConnection() throws SQLException {
    CallContext ctx = current.get();
    if (ctx == null || (ctx.sessionVariables().isEmpty() && ctx.queryTag() == null
        && ctx.cancelSignal() == null)) {
      return pool.getConnection();
    }
    CancelSignal signal = ctx.cancelSignal();
    if (signal != null && signal.isCancelled()) {
      throw new SQLException("The call was cancelled before its query started");
    }
    Connection c = pool.getConnection();
    Map<String, String> variables = ctx.sessionVariables();
    try {
      for (Map.Entry<String, String> e : variables.entrySet()) {
        set(c, e.getKey(), e.getValue());
      }
    } catch (SQLException | RuntimeException e) {
      pool.evictConnection(c);
      throw e;
    }
    String tag = ctx.queryTag();
    return (Connection) Proxy.newProxyInstance(Connection.class.getClassLoader(),
        new Class<?>[] {Connection.class}, (proxy, method, args) -> {
          if (method.getName().equals("close") && method.getParameterCount() == 0) {
            release(c, variables);
            return null;
          }
          boolean creates = method.getName().endsWith("Statement")
              || method.getName().equals("prepareCall");
          if (creates && signal != null && signal.isCancelled()) {
            throw new SQLException("The call was cancelled; no new statement runs");
          }
          Object r = forward(c, method, args);
          if (creates && r instanceof Statement st) {
            prepare(st, tag, signal);
          }
          return r;
        });
  }

  private void release(Connection c, Map<String, String> variables) throws SQLException {
    try {
      for (String name : variables.keySet()) {
        unset(c, name);
      }
    } catch (SQLException | RuntimeException e) {
      pool.evictConnection(c);
      return;
    }
    c.close();
  }

  private void prepare(Statement st, @Nullable String tag, @Nullable CancelSignal signal)
      throws SQLException {
    if (tag != null && dialect == Dialect.SNOWFLAKE) {
      tagSnowflake(st, tag);
    }
    if (signal != null) {
      // The registration is dropped with the signal; a statement closed before a cancel only
      // sees a harmless cancel of a closed statement.
      signal.onCancel(() -> Thread.ofVirtual().name("snowchat-call-cancel").start(
          () -> cancelUntilClosed(st)));
    }
  }

  /**
   * Cancels until the statement is closed: a cancel that lands between the statement's creation
   * and the start of its execution is a no-op for most drivers, so it is repeated (every 50 ms,
   * for at most {@link #CANCEL_PERSISTENCE}) until the executor closes the statement.
   */
  private static void cancelUntilClosed(Statement st) {
    long deadline = System.nanoTime() + CANCEL_PERSISTENCE.toNanos();
    try {
      while (!st.isClosed() && System.nanoTime() - deadline < 0) {
        st.cancel();
        Thread.sleep(50);
      }
    } catch (SQLException | RuntimeException e) {
      LOG.debug("Cancelling a statement failed", e);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
  }

  private static void tagSnowflake(Statement st, String tag) throws SQLException {
    try {
      Class<?> sf = Class.forName("net.snowflake.client.jdbc.SnowflakeStatement");
      if (st.isWrapperFor(sf)) {
        Object s = st.unwrap(sf);
        sf.getMethod("setParameter", String.class, Object.class).invoke(s, "QUERY_TAG", tag);
      }
    } catch (ClassNotFoundException | NoSuchMethodException | IllegalAccessException e) {
      LOG.debug("Snowflake statements take no query tag here", e);
    } catch (InvocationTargetException e) {
      if (e.getCause() instanceof SQLException s) {
        throw s;
      }
      throw new SQLException("Cannot set the query tag", e.getCause());
    }
  }

  private void set(Connection c, String name, String value) throws SQLException {
    if (postgres || dialect == Dialect.POSTGRES) {
      try (PreparedStatement ps = c.prepareStatement("SELECT set_config(?, ?, false)")) {
        ps.setString(1, pgName(name));
        ps.setString(2, value);
        ps.execute();
      }
      return;
    }
    execute(c, switch (dialect) {
      case SNOWFLAKE -> "SET " + name + " = " + Sql.quoteString(dialect, value);
      case DUCKDB -> "SET VARIABLE " + name + " = " + Sql.quoteString(dialect, value);
      case GENERIC, POSTGRES -> throw new SQLException(
          sessionVariablesUnsupported(dialect, false));
    });
  }

  private void unset(Connection c, String name) throws SQLException {
    if (postgres || dialect == Dialect.POSTGRES) {
      try (PreparedStatement ps = c.prepareStatement("SELECT set_config(?, '', false)")) {
        ps.setString(1, pgName(name));
        ps.execute();
      }
      return;
    }
    execute(c, switch (dialect) {
      case SNOWFLAKE -> "UNSET " + name;
      case DUCKDB -> "RESET VARIABLE " + name;
      case GENERIC, POSTGRES -> throw new SQLException(
          sessionVariablesUnsupported(dialect, false));
    });
  }

  private static void execute(Connection c, String sql) throws SQLException {
    try (Statement s = c.createStatement()) {
      s.execute(sql);
    }
  }

  /** PostgreSQL custom settings need a prefix: {@code snowchat.<name>}, lower case. */
  static String pgName(String name) {
    return "snowchat." + name.toLowerCase(Locale.ROOT);
  }
}
