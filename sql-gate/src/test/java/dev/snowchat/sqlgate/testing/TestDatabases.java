package dev.snowchat.sqlgate.testing;

import static org.junit.jupiter.api.Assertions.fail;

import dev.snowchat.sqlgate.DuckDbHardening;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Proxy;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.sql.SQLFeatureNotSupportedException;
import java.sql.Statement;
import java.util.Locale;
import java.util.Properties;
import java.util.UUID;
import javax.sql.DataSource;
import org.duckdb.DuckDBConnection;
import org.junit.jupiter.api.Assumptions;

/**
 * The real databases Snowchat's tests run on, set up one way for every module.
 *
 * <ul>
 *   <li>PostgreSQL comes from the environment: {@code SNOWCHAT_TEST_PG_URL}, {@code _USER} and
 *       {@code _PASSWORD}, which {@code eval "$(.ci/pg-start)"} exports. Without them a test that
 *       asks for {@link #postgres()} is skipped, except under {@code CI=true}, where it fails so
 *       that CI cannot skip it silently.
 *   <li>DuckDB is embedded: {@link #duckDbInMemory()}, or a file opened read-only with
 *       {@link DuckDbHardening} or for writing.
 *   <li>{@link #sharing(Connection)} turns one open connection (an in-memory database lives only
 *       as long as its connection) into a data source, and {@link #dataSource} turns any
 *       connection supplier into one.
 * </ul>
 *
 * <p>Needs the DuckDB and PostgreSQL JDBC drivers on the test class path of the module that uses
 * it (a test-jar brings none of its own test dependencies).
 */
public final class TestDatabases {
  private TestDatabases() {}

  /**
   * A PostgreSQL server's coordinates.
   *
   * @param url the JDBC URL
   * @param user the user name
   * @param password the password; {@link #toString()} masks it
   */
  public record Postgres(String url, String user, String password) {
    /**
     * {@return a new connection}
     *
     * @throws SQLException when the server refuses it
     */
    public Connection connect() throws SQLException {
      return DriverManager.getConnection(url, user, password);
    }

    /** {@return a data source opening a new connection per call} */
    public DataSource dataSource() {
      return TestDatabases.dataSource(this::connect);
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

  /**
   * {@return a unique lower-case name for one test's schema}, so that tests sharing one server do
   * not see each other's tables
   *
   * @param prefix what the name starts with
   */
  public static String uniqueSchema(String prefix) {
    return (prefix + "_" + UUID.randomUUID().toString().replace("-", "").substring(0, 12))
        .toLowerCase(Locale.ROOT);
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
      return TestDatabases.dataSource(this::connect);
    }

    /**
     * {@return a new connection to this database}
     *
     * @throws SQLException when DuckDB cannot open one
     */
    public Connection connect() throws SQLException {
      return root.duplicate();
    }

    /**
     * Runs set-up statements on a fresh connection.
     *
     * @param sql the statements, in order
     * @return this database
     * @throws SQLException when a statement fails
     */
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

  /**
   * {@return a new in-memory DuckDB database with streamed results}
   *
   * @throws SQLException when DuckDB cannot open it
   */
  public static DuckDb duckDbInMemory() throws SQLException {
    Properties p = new Properties();
    p.setProperty(DuckDbHardening.STREAM_RESULTS_PROPERTY, "true");
    return new DuckDb(DriverManager.getConnection("jdbc:duckdb:", p));
  }

  /**
   * {@return the DuckDB database file, opened read-only with {@link DuckDbHardening}}
   *
   * @param file the database file
   * @throws SQLException when DuckDB cannot open it
   */
  public static DuckDb duckDbReadOnly(Path file) throws SQLException {
    return new DuckDb(DriverManager.getConnection(DuckDbHardening.readOnlyUrl(file)));
  }

  /**
   * {@return the DuckDB database file, opened for writing}
   *
   * @param file the database file, created when missing
   * @throws SQLException when DuckDB cannot open it
   */
  public static DuckDb duckDbWritable(Path file) throws SQLException {
    return new DuckDb(DriverManager.getConnection("jdbc:duckdb:" + file.toAbsolutePath()));
  }

  /**
   * Wraps one connection as a data source whose connections ignore {@code close()}: for an
   * in-memory database, which lives only as long as its connection.
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
    return dataSource(() -> keepOpen);
  }

  /** Opens connections on demand. */
  @FunctionalInterface
  public interface ConnectionSupplier {
    /**
     * {@return a new connection}
     *
     * @throws SQLException when none can be opened
     */
    Connection get() throws SQLException;
  }

  /**
   * {@return a minimal data source over a connection supplier}: {@code getConnection()} asks the
   * supplier; logging and login timeouts are ignored; it wraps nothing, and refuses to open a
   * connection with other credentials, so that a test notices code that tries
   *
   * @param supplier opens each connection
   */
  public static DataSource dataSource(ConnectionSupplier supplier) {
    return (DataSource) Proxy.newProxyInstance(TestDatabases.class.getClassLoader(),
        new Class<?>[] {DataSource.class}, (p, m, a) -> switch (m.getName()) {
          case "getConnection" -> {
            if (a != null && a.length > 0) {
              throw new SQLFeatureNotSupportedException("not in tests");
            }
            yield supplier.get();
          }
          case "getLogWriter", "setLogWriter", "setLoginTimeout" -> null;
          case "getLoginTimeout" -> 0;
          case "getParentLogger" -> throw new SQLFeatureNotSupportedException("not in tests");
          case "unwrap" -> throw new SQLException("not a wrapper");
          case "isWrapperFor" -> false;
          case "toString" -> "TestDataSource";
          case "hashCode" -> System.identityHashCode(p);
          case "equals" -> p == a[0];
          default -> throw new UnsupportedOperationException("TestDataSource: " + m);
        });
  }
}
