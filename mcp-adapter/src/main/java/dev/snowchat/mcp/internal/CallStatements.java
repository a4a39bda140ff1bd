package dev.snowchat.mcp.internal;

import static java.util.Objects.requireNonNull;

import dev.snowchat.mcp.CancelSignal;
import dev.snowchat.sqlgate.Dialect;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Proxy;
import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;
import javax.sql.DataSource;
import org.jspecify.annotations.Nullable;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * A view of a data source for one call: every statement created on its connections carries the
 * call's query tag (Snowflake: the statement-level {@code QUERY_TAG} parameter; elsewhere
 * nothing, as no other database has a per-statement tag) and is registered with the call's
 * {@link CancelSignal}, so that cancelling the signal cancels the running statement.
 */
final class CallStatements extends ConnectionSource {
  private static final Logger LOG = LoggerFactory.getLogger(CallStatements.class);

  /** How long a cancel keeps trying while the statement stays open. */
  private static final java.time.Duration CANCEL_PERSISTENCE = java.time.Duration.ofSeconds(30);

  private final DataSource delegate;
  private final Dialect dialect;
  private final @Nullable String queryTag;
  private final @Nullable CancelSignal signal;

  CallStatements(DataSource delegate, Dialect dialect, @Nullable String queryTag,
      @Nullable CancelSignal signal) {
    this.delegate = requireNonNull(delegate, "delegate is null");
    this.dialect = requireNonNull(dialect, "dialect is null");
    this.queryTag = queryTag;
    this.signal = signal;
  }

  @Override
  public Connection getConnection() throws SQLException {
    if (signal != null && signal.isCancelled()) {
      throw new SQLException("The call was cancelled before its query started");
    }
    Connection c = delegate.getConnection();
    return (Connection) Proxy.newProxyInstance(Connection.class.getClassLoader(),
        new Class<?>[] {Connection.class}, (proxy, method, args) -> {
          if (signal != null && signal.isCancelled()
              && method.getName().endsWith("Statement")) {
            throw new SQLException("The call was cancelled; no new statement runs");
          }
          Object r = forward(c, method, args);
          if (r instanceof Statement st && method.getName().endsWith("Statement")) {
            prepare(st);
          }
          return r;
        });
  }

  private void prepare(Statement st) throws SQLException {
    if (queryTag != null && dialect == Dialect.SNOWFLAKE) {
      tagSnowflake(st, queryTag);
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

  @Override
  public <T> T unwrap(Class<T> iface) throws SQLException {
    throw new SQLException("not a wrapper");
  }

  @Override
  public boolean isWrapperFor(Class<?> iface) {
    return false;
  }
}
