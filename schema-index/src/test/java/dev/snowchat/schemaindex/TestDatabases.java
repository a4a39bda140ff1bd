package dev.snowchat.schemaindex;

import static org.assertj.core.api.Assertions.fail;

import java.io.PrintWriter;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Proxy;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.sql.SQLFeatureNotSupportedException;
import java.util.Locale;
import java.util.Properties;
import java.util.UUID;
import java.util.logging.Logger;
import javax.sql.DataSource;
import org.junit.jupiter.api.Assumptions;

/**
 * Test databases. PostgreSQL comes from {@code eval "$(.ci/pg-start)"}, which exports
 * SNOWCHAT_TEST_PG_URL, SNOWCHAT_TEST_PG_USER and SNOWCHAT_TEST_PG_PASSWORD. Without them a test
 * that needs PostgreSQL is skipped, except under {@code CI=true}, where it fails: CI must run it.
 */
public final class TestDatabases {
  private TestDatabases() {}

  /** {@return a data source for the test PostgreSQL server; skips or fails when there is none} */
  public static DataSource postgres() {
    String url = System.getenv("SNOWCHAT_TEST_PG_URL");
    if (url == null || url.isBlank()) {
      String message = "SNOWCHAT_TEST_PG_URL is not set; run eval \"$(.ci/pg-start)\" first";
      if ("true".equalsIgnoreCase(System.getenv("CI"))) {
        fail(message + " (CI=true: PostgreSQL tests must run)");
      }
      Assumptions.abort(message);
    }
    Properties p = new Properties();
    p.setProperty("user", env("SNOWCHAT_TEST_PG_USER"));
    p.setProperty("password", env("SNOWCHAT_TEST_PG_PASSWORD"));
    return dataSource(url, p);
  }

  /**
   * Wraps one connection (such as an in-memory DuckDB database, which lives only as long as its
   * connection) as a data source whose connections ignore {@code close()}.
   *
   * @param shared the connection, closed by the caller
   * @return the data source
   */
  public static DataSource sharing(Connection shared) {
    Connection keepOpen = (Connection) Proxy.newProxyInstance(
        TestDatabases.class.getClassLoader(), new Class<?>[] {Connection.class}, (p, m, a) -> {
          if (m.getName().equals("close")) {
            return null;
          }
          try {
            return m.invoke(shared, a);
          } catch (InvocationTargetException e) {
            throw e.getCause();
          }
        });
    return new DataSourceAdapter(() -> keepOpen);
  }

  /** {@return a unique lower-case schema name for one test} */
  public static String uniqueSchema(String prefix) {
    return (prefix + "_" + UUID.randomUUID().toString().replace("-", "").substring(0, 12))
        .toLowerCase(Locale.ROOT);
  }

  private static String env(String name) {
    String v = System.getenv(name);
    return v == null ? "" : v;
  }

  static DataSource dataSource(String url, Properties p) {
    return new DataSourceAdapter(() -> DriverManager.getConnection(url, p));
  }

  @FunctionalInterface
  private interface Opener {
    Connection open() throws SQLException;
  }

  private record DataSourceAdapter(Opener opener) implements DataSource {
    @Override
    public Connection getConnection() throws SQLException {
      return opener.open();
    }

    @Override
    public Connection getConnection(String username, String password) throws SQLException {
      return opener.open();
    }

    @Override
    public PrintWriter getLogWriter() {
      return null;
    }

    @Override
    public void setLogWriter(PrintWriter out) {}

    @Override
    public void setLoginTimeout(int seconds) {}

    @Override
    public int getLoginTimeout() {
      return 0;
    }

    @Override
    public Logger getParentLogger() throws SQLFeatureNotSupportedException {
      throw new SQLFeatureNotSupportedException();
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
}
