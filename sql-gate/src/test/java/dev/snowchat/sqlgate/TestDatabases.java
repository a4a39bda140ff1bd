package dev.snowchat.sqlgate;

import static org.junit.jupiter.api.Assertions.fail;

import java.io.PrintWriter;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.sql.SQLFeatureNotSupportedException;
import java.sql.Statement;
import java.util.Properties;
import java.util.logging.Logger;
import javax.sql.DataSource;
import org.duckdb.DuckDBConnection;
import org.junit.jupiter.api.Assumptions;

/**
 * The real databases the tests run on. DuckDB is embedded. PostgreSQL comes from the environment
 * ({@code SNOWCHAT_TEST_PG_URL}, {@code _USER}, {@code _PASSWORD}; start one with
 * {@code eval "$(.ci/pg-start)"}): without it the PostgreSQL tests are skipped, except under
 * {@code CI=true}, where they fail so that CI cannot skip them silently.
 */
public final class TestDatabases {
  private TestDatabases() {}

  /** A PostgreSQL server's coordinates. */
  public record Postgres(String url, String user, String password) {
    /** {@return a new connection} */
    public Connection connect() throws SQLException {
      return DriverManager.getConnection(url, user, password);
    }

    /** {@return a data source opening a new connection per call} */
    public DataSource dataSource() {
      return new SimpleDataSource(this::connect);
    }

    @Override
    public String toString() {
      return "Postgres[" + url + ", user=" + user + ", password=<masked>]";
    }
  }

  /**
   * {@return the test PostgreSQL server}; skips the test when none is configured, or fails it when
   * {@code CI=true}
   */
  public static Postgres postgres() {
    String url = System.getenv("SNOWCHAT_TEST_PG_URL");
    if (url == null || url.isBlank()) {
      if ("true".equalsIgnoreCase(System.getenv("CI"))) {
        fail("SNOWCHAT_TEST_PG_URL is not set but CI=true: PostgreSQL tests must not be skipped"
            + " in CI. Run eval \"$(.ci/pg-start)\" first (.ci/run does).");
      }
      Assumptions.abort("SNOWCHAT_TEST_PG_URL is not set; run eval \"$(.ci/pg-start)\" to"
          + " include the PostgreSQL tests");
    }
    return new Postgres(url, env("SNOWCHAT_TEST_PG_USER"), env("SNOWCHAT_TEST_PG_PASSWORD"));
  }

  private static String env(String name) {
    String v = System.getenv(name);
    return v == null ? "" : v;
  }

  /**
   * An in-process DuckDB database shared by every connection its data source hands out (new
   * connections duplicate one root connection). Close it to drop the database.
   */
  public static final class DuckDb implements AutoCloseable {
    private final DuckDBConnection root;

    private DuckDb(Connection root) throws SQLException {
      this.root = root.unwrap(DuckDBConnection.class);
    }

    /** {@return a data source over this database} */
    public DataSource dataSource() {
      return new SimpleDataSource(this::connect);
    }

    /** {@return a new connection to this database} */
    public Connection connect() throws SQLException {
      return root.duplicate();
    }

    /** Runs set-up statements on a fresh connection. */
    public DuckDb run(String... sql) throws SQLException {
      try (Connection c = connect(); Statement s = c.createStatement()) {
        for (String q : sql) {
          s.execute(q);
        }
      }
      return this;
    }

    @Override
    public void close() throws SQLException {
      root.close();
    }
  }

  /** {@return a new in-memory DuckDB database with streamed results} */
  public static DuckDb duckDbInMemory() throws SQLException {
    Properties p = new Properties();
    p.setProperty(DuckDbHardening.STREAM_RESULTS_PROPERTY, "true");
    return new DuckDb(DriverManager.getConnection("jdbc:duckdb:", p));
  }

  /** {@return the DuckDB database file, opened read-only with {@link DuckDbHardening}} */
  public static DuckDb duckDbReadOnly(Path file) throws SQLException {
    return new DuckDb(DriverManager.getConnection(DuckDbHardening.readOnlyUrl(file)));
  }

  /** {@return the DuckDB database file, opened for writing} */
  public static DuckDb duckDbWritable(Path file) throws SQLException {
    return new DuckDb(DriverManager.getConnection("jdbc:duckdb:" + file.toAbsolutePath()));
  }

  /** Opens connections on demand. */
  @FunctionalInterface
  public interface ConnectionSupplier {
    /** {@return a new connection} */
    Connection get() throws SQLException;
  }

  /** A minimal {@link DataSource} over a connection supplier. */
  public static class SimpleDataSource implements DataSource {
    private final ConnectionSupplier supplier;

    /** Creates the data source. */
    public SimpleDataSource(ConnectionSupplier supplier) {
      this.supplier = supplier;
    }

    @Override
    public Connection getConnection() throws SQLException {
      return supplier.get();
    }

    @Override
    public Connection getConnection(String username, String password) throws SQLException {
      throw new SQLFeatureNotSupportedException("not in tests");
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
      throw new SQLFeatureNotSupportedException("not in tests");
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
