package dev.snowchat.mcp.internal;

import static java.util.Objects.requireNonNull;

import com.zaxxer.hikari.HikariDataSource;
import dev.snowchat.mcp.CallContext;
import dev.snowchat.sqlgate.Sql;
import dev.snowchat.sqlgate.Dialect;
import java.lang.reflect.Proxy;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.sql.SQLFeatureNotSupportedException;
import java.sql.Statement;
import java.util.Locale;
import java.util.Map;

/**
 * A view of the request pool for one call: each connection it hands out carries the caller's
 * session variables, which are cleared before the connection goes back to the pool. A connection
 * whose variables cannot be cleared is evicted, never reused by another caller.
 */
final class SessionVariables extends ConnectionSource {
  private final HikariDataSource pool;
  private final Dialect dialect;
  private final boolean postgres;
  private final Map<String, String> variables;

  SessionVariables(HikariDataSource pool, Dialect dialect, boolean postgres, CallContext context) {
    this.pool = requireNonNull(pool, "pool is null");
    this.dialect = requireNonNull(dialect, "dialect is null");
    this.postgres = postgres;
    this.variables = context.sessionVariables();
  }

  /**
   * Checks that this database supports session variables.
   *
   * @param dialect the dialect
   * @param postgres whether the generic database is PostgreSQL
   * @return null when supported, else the reason
   */
  static String unsupportedReason(Dialect dialect, boolean postgres) {
    return dialect == Dialect.GENERIC && !postgres
        ? "Per-request session variables are supported on Snowflake, DuckDB and PostgreSQL only."
        : null;
  }

  @Override
  public Connection getConnection() throws SQLException {
    Connection c = pool.getConnection();
    try {
      for (Map.Entry<String, String> e : variables.entrySet()) {
        set(c, e.getKey(), e.getValue());
      }
    } catch (SQLException | RuntimeException e) {
      pool.evictConnection(c);
      throw e;
    }
    return (Connection) Proxy.newProxyInstance(Connection.class.getClassLoader(),
        new Class<?>[] {Connection.class}, (proxy, method, args) -> {
          if (method.getName().equals("close") && method.getParameterCount() == 0) {
            release(c);
            return null;
          }
          return forward(c, method, args);
        });
  }

  private void release(Connection c) throws SQLException {
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

  private void set(Connection c, String name, String value) throws SQLException {
    if (postgres || dialect == Dialect.POSTGRES) {
      try (PreparedStatement ps = c.prepareStatement("SELECT set_config(?, ?, false)")) {
        ps.setString(1, pgName(name));
        ps.setString(2, value);
        ps.execute();
      }
      return;
    }
    String sql = switch (dialect) {
      case SNOWFLAKE -> "SET " + name + " = " + Sql.quoteString(dialect, value);
      case DUCKDB -> "SET VARIABLE " + name + " = " + Sql.quoteString(dialect, value);
      case GENERIC, POSTGRES -> throw new SQLFeatureNotSupportedException(
          unsupportedReason(dialect, false));
    };
    try (Statement s = c.createStatement()) {
      s.execute(sql);
    }
  }

  private void unset(Connection c, String name) throws SQLException {
    if (postgres || dialect == Dialect.POSTGRES) {
      try (PreparedStatement ps = c.prepareStatement("SELECT set_config(?, '', false)")) {
        ps.setString(1, pgName(name));
        ps.execute();
      }
      return;
    }
    String sql = switch (dialect) {
      case SNOWFLAKE -> "UNSET " + name;
      case DUCKDB -> "RESET VARIABLE " + name;
      case GENERIC, POSTGRES -> throw new SQLFeatureNotSupportedException(
          unsupportedReason(dialect, false));
    };
    try (Statement s = c.createStatement()) {
      s.execute(sql);
    }
  }

  /** PostgreSQL custom settings need a prefix: {@code snowchat.<name>}, lower case. */
  static String pgName(String name) {
    return "snowchat." + name.toLowerCase(Locale.ROOT);
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
