package dev.snowchat.schemaindex;

import static java.util.Objects.requireNonNull;

import java.io.PrintWriter;
import java.sql.Connection;
import java.sql.Driver;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.sql.SQLFeatureNotSupportedException;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Properties;
import java.util.ServiceConfigurationError;
import java.util.ServiceLoader;
import java.util.logging.Logger;
import javax.sql.DataSource;
import org.jspecify.annotations.Nullable;

/**
 * A {@link DataSource} that opens a new connection per call straight from the JDBC driver for its
 * URL: for catalog sources built from text configuration, one-shot tools such as the Maven
 * plugin, and the physical connections of a pool (hosts that serve many calls put a pool in front
 * of it, or pass their own pool to {@link CatalogSources}). Immutable and thread-safe.
 *
 * <pre>{@code
 * DataSource ds = DriverDataSource.of("jdbc:postgresql://db:5432/app", props);
 * CatalogSource source = CatalogSources.jdbc(ds, SourceOptions.defaults());
 * }</pre>
 *
 * <p>The driver is found once, when the data source is made, with the class loader that loaded
 * this class: the drivers Snowchat knows (DuckDB, PostgreSQL, Snowflake) by class name, which
 * avoids loading every driver on the class path (the Snowflake driver alone is some 700 classes);
 * then any {@link Driver} service on that class path; then the drivers registered with {@link
 * DriverManager}. Inside a Maven plugin, where {@link DriverManager} often cannot see the plugin's
 * own drivers, the first two find them.
 *
 * <p>{@link #toString()} shows the URL's scheme only: URLs and properties may hold secrets.
 */
public final class DriverDataSource implements DataSource {
  private final Driver driver;
  private final String url;
  private final Properties properties;
  private volatile int loginTimeoutSeconds;

  private DriverDataSource(Driver driver, String url, Properties properties) {
    this.driver = driver;
    this.url = url;
    this.properties = properties;
  }

  /**
   * Finds the driver for a URL and makes a data source over it.
   *
   * @param url the JDBC URL
   * @param properties the driver properties, copied (they may hold a password)
   * @return the data source
   * @throws IllegalArgumentException naming the URL's scheme and the drivers found, when no driver
   *     accepts the URL
   */
  public static DriverDataSource of(String url, Properties properties) {
    requireNonNull(url, "url is null");
    requireNonNull(properties, "properties is null");
    Properties copy = new Properties();
    copy.putAll(properties);
    return new DriverDataSource(driverFor(url), url, copy);
  }

  /**
   * {@return the URL up to its second colon, e.g. {@code jdbc:postgresql:}, safe for messages}
   *
   * @param url a JDBC URL, which may carry credentials after the scheme
   */
  public static String scheme(String url) {
    requireNonNull(url, "url is null");
    int first = url.indexOf(':');
    int second = first < 0 ? -1 : url.indexOf(':', first + 1);
    if (second < 0) {
      return "(not a jdbc: URL)";
    }
    StringBuilder sb = new StringBuilder();
    for (char c : url.substring(0, second + 1).toCharArray()) {
      sb.append(Character.isISOControl(c) ? ' ' : c);
    }
    return sb.length() > 60 ? sb.substring(0, 60) + "..." : sb.toString();
  }

  private static Driver driverFor(String url) {
    ClassLoader loader = DriverDataSource.class.getClassLoader();
    String known = knownDriverClass(url);
    if (known != null) {
      try {
        Driver d = (Driver) Class.forName(known, true, loader).getDeclaredConstructor()
            .newInstance();
        if (d.acceptsURL(url)) {
          return d;
        }
      } catch (ReflectiveOperationException | LinkageError | SQLException e) {
        // not on this class path: look further
      }
    }
    List<String> seen = new ArrayList<>();
    try {
      for (Driver d : ServiceLoader.load(Driver.class, loader)) {
        if (accepts(d, url)) {
          return d;
        }
        seen.add(d.getClass().getName());
      }
    } catch (ServiceConfigurationError e) {
      // a broken provider on the class path: fall back to the driver manager
    }
    try {
      return DriverManager.getDriver(url);
    } catch (SQLException e) {
      throw new IllegalArgumentException("No JDBC driver on the class path accepts "
          + scheme(url) + "...; drivers found: " + seen + ". Add the database's JDBC driver as a"
          + " dependency (of the plugin, in a Maven build).");
    }
  }

  private static @Nullable String knownDriverClass(String url) {
    String u = url.toLowerCase(Locale.ROOT);
    return u.startsWith("jdbc:duckdb:") ? "org.duckdb.DuckDBDriver"
        : u.startsWith("jdbc:postgresql:") ? "org.postgresql.Driver"
        : u.startsWith("jdbc:snowflake:") ? "net.snowflake.client.jdbc.SnowflakeDriver"
        : null;
  }

  private static boolean accepts(Driver d, String url) {
    try {
      return d.acceptsURL(url);
    } catch (SQLException e) {
      return false; // a driver that cannot even look at the URL is not the one
    }
  }

  /**
   * Opens a new connection with the configured properties.
   *
   * @return the connection
   * @throws SQLException from the driver, or when it refuses the URL
   */
  @Override
  public Connection getConnection() throws SQLException {
    return connect(properties);
  }

  /**
   * Opens a new connection as another user.
   *
   * @param username the user
   * @param password the password
   * @return the connection
   * @throws SQLException from the driver, or when it refuses the URL
   */
  @Override
  public Connection getConnection(String username, String password) throws SQLException {
    Properties p = new Properties();
    p.putAll(properties);
    p.setProperty("user", username);
    p.setProperty("password", password);
    return connect(p);
  }

  private Connection connect(Properties p) throws SQLException {
    Connection c = driver.connect(url, p);
    if (c == null) {
      throw new SQLException("The driver " + driver.getClass().getName() + " refused "
          + scheme(url) + "...");
    }
    return c;
  }

  /** {@return null: drivers log through their own logging} */
  @Override
  public @Nullable PrintWriter getLogWriter() {
    return null;
  }

  /**
   * Ignores the writer: drivers log through their own logging.
   *
   * @param out ignored
   */
  @Override
  public void setLogWriter(@Nullable PrintWriter out) {
    // no log writer
  }

  /**
   * Records the login timeout a pool passes (it reads it back when it shuts down); logins are
   * bounded by the pool's connection timeout and the driver's own properties.
   *
   * @param seconds the timeout, 0 for none
   */
  @Override
  public void setLoginTimeout(int seconds) {
    loginTimeoutSeconds = Math.max(0, seconds);
  }

  /** {@return the login timeout last set, 0 for none} */
  @Override
  public int getLoginTimeout() {
    return loginTimeoutSeconds;
  }

  /**
   * Not supported.
   *
   * @return never
   * @throws SQLFeatureNotSupportedException always
   */
  @Override
  public Logger getParentLogger() throws SQLFeatureNotSupportedException {
    throw new SQLFeatureNotSupportedException("no parent logger");
  }

  /**
   * Unwraps to this data source.
   *
   * @param iface the interface
   * @param <T> its type
   * @return this
   * @throws SQLException when this is not an instance of it
   */
  @Override
  public <T> T unwrap(Class<T> iface) throws SQLException {
    if (iface.isInstance(this)) {
      return iface.cast(this);
    }
    throw new SQLException("not a wrapper for " + iface.getName());
  }

  /**
   * {@return whether this is an instance of the interface}
   *
   * @param iface the interface
   */
  @Override
  public boolean isWrapperFor(Class<?> iface) {
    return iface.isInstance(this);
  }

  /** {@return the data source with its URL's scheme only} */
  @Override
  public String toString() {
    return "DriverDataSource[" + scheme(url) + "...]";
  }
}
