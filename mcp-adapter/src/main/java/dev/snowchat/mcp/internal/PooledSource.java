package dev.snowchat.mcp.internal;

import static java.util.Objects.requireNonNull;

import dev.snowchat.sqlgate.Dialect;
import java.lang.reflect.Proxy;
import java.sql.Connection;
import java.sql.Driver;
import java.sql.DriverManager;
import java.sql.SQLException;

/**
 * Opens the physical connections of a pool with the target's driver properties. Hardening is
 * applied per borrow by sql-gate's executor (and by {@link Warehouse} for metadata calls).
 */
final class PooledSource extends ConnectionSource {
  private final JdbcTarget target;
  private volatile Driver driver;

  PooledSource(JdbcTarget target) throws SQLException {
    this.target = requireNonNull(target, "target is null");
  }

  /**
   * The bundled drivers are created directly: {@link DriverManager} would first load every
   * driver on the class path (the Snowflake driver alone is some 700 classes), which costs
   * seconds of start-up for a server that talks to one database.
   */
  static Driver driverFor(String url) throws SQLException {
    String cls = url.startsWith("jdbc:duckdb:") ? "org.duckdb.DuckDBDriver"
        : url.startsWith("jdbc:postgresql:") ? "org.postgresql.Driver"
        : url.startsWith("jdbc:snowflake:") ? "net.snowflake.client.jdbc.SnowflakeDriver"
        : null;
    if (cls != null) {
      try {
        Driver d = (Driver) Class.forName(cls).getDeclaredConstructor().newInstance();
        if (d.acceptsURL(url)) {
          return d;
        }
      } catch (ReflectiveOperationException | LinkageError e) {
        // fall back to the driver manager
      }
    }
    return DriverManager.getDriver(url);
  }

  @Override
  public Connection getConnection() throws SQLException {
    Driver d = driver;
    if (d == null) {
      d = driverFor(target.url());
      driver = d;
    }
    Connection c = d.connect(target.url(), target.properties());
    if (c == null) {
      throw new SQLException("No JDBC driver accepts " + target.displayUrl());
    }
    return target.dialect() == Dialect.DUCKDB ? fixedReadOnly(c) : c;
  }

  /**
   * DuckDB fixes read-only access when the database opens and throws if a pool sets the flag per
   * connection (HikariCP always does), so the flag is pinned here.
   */
  private static Connection fixedReadOnly(Connection c) {
    return (Connection) Proxy.newProxyInstance(Connection.class.getClassLoader(),
        new Class<?>[] {Connection.class}, (proxy, method, args) -> {
          if (method.getName().equals("setReadOnly")) {
            return null;
          }
          if (method.getName().equals("unwrap") && args != null && args[0] == Connection.class) {
            return proxy;
          }
          return forward(c, method, args);
        });
  }

  @Override
  public <T> T unwrap(Class<T> iface) throws SQLException {
    if (iface.isInstance(this)) {
      return iface.cast(this);
    }
    throw new SQLException("not a wrapper for " + iface);
  }

  @Override
  public boolean isWrapperFor(Class<?> iface) {
    return iface.isInstance(this);
  }
}
