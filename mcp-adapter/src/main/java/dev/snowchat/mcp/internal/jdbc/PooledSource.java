package dev.snowchat.mcp.internal.jdbc;

import static java.util.Objects.requireNonNull;

import dev.snowchat.mcp.JdbcTarget;
import dev.snowchat.schemaindex.DriverDataSource;
import dev.snowchat.sqlgate.Dialect;
import java.lang.reflect.Proxy;
import java.sql.Connection;
import java.sql.SQLException;
import org.jspecify.annotations.Nullable;

/**
 * Opens the physical connections of a pool with the target's driver properties, through
 * schema-index's {@link DriverDataSource} (found on the first connection, so that building the
 * server loads no driver). Hardening is applied per borrow by sql-gate's executor (and by {@link
 * Warehouse} for metadata calls).
 */
final class PooledSource extends ConnectionSource {
  private final JdbcTarget target;
  private volatile @Nullable DriverDataSource driver;

  PooledSource(JdbcTarget target) {
    this.target = requireNonNull(target, "target is null");
  }

  @Override
  public Connection getConnection() throws SQLException {
    DriverDataSource d = driver;
    if (d == null) {
      try {
        d = DriverDataSource.of(target.url(), target.properties());
      } catch (IllegalArgumentException e) {
        throw new SQLException("No JDBC driver accepts " + target.displayUrl()
            + " (drivers included: Snowflake, DuckDB, PostgreSQL)", "08001", e);
      }
      driver = d;
    }
    Connection c = d.getConnection();
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
}
