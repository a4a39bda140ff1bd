package dev.snowchat.mcp.internal.jdbc;

import java.io.PrintWriter;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.sql.Connection;
import java.sql.SQLException;
import java.sql.SQLFeatureNotSupportedException;
import java.util.logging.Logger;
import javax.sql.DataSource;

/**
 * The parts of a {@link DataSource} that this module's sources share: credentials always come
 * from the configuration, drivers log through their own loggers, the pool bounds logins, and a
 * source unwraps only to itself. Subclasses supply {@link #getConnection()}.
 */
abstract class ConnectionSource implements DataSource {

  @Override
  public final Connection getConnection(String username, String password) throws SQLException {
    throw new SQLFeatureNotSupportedException("credentials come from the configuration");
  }

  @Override
  public final PrintWriter getLogWriter() {
    return null;
  }

  @Override
  public final void setLogWriter(PrintWriter out) {
    // Driver logging goes through the drivers' own loggers (to stderr), never a writer.
  }

  /** Set by the pool from its connection timeout; it also bounds the pool's shutdown wait. */
  private volatile int loginTimeoutSeconds;

  @Override
  public final void setLoginTimeout(int seconds) {
    // The pool passes its connection timeout, which bounds logins; it reads it back when it
    // shuts down to wait for a connection still being added (0 made it warn at every exit).
    loginTimeoutSeconds = Math.max(0, seconds);
  }

  @Override
  public final int getLoginTimeout() {
    return loginTimeoutSeconds;
  }

  @Override
  public final Logger getParentLogger() throws SQLFeatureNotSupportedException {
    throw new SQLFeatureNotSupportedException();
  }

  @Override
  public final <T> T unwrap(Class<T> iface) throws SQLException {
    if (iface.isInstance(this)) {
      return iface.cast(this);
    }
    throw new SQLException("not a wrapper for " + iface.getName());
  }

  @Override
  public final boolean isWrapperFor(Class<?> iface) {
    return iface.isInstance(this);
  }

  /**
   * Forwards a call from a connection proxy to the real connection, rethrowing what the real
   * method threw rather than the reflection wrapper.
   *
   * @param target the real connection
   * @param method the method called on the proxy
   * @param args its arguments, or null
   * @return what the real method returned
   * @throws Throwable what the real method threw
   */
  static Object forward(Connection target, Method method, Object[] args) throws Throwable {
    try {
      return method.invoke(target, args);
    } catch (InvocationTargetException e) {
      throw e.getCause();
    }
  }
}
