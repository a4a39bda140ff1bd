package dev.snowchat.maven.internal;

import static java.util.Objects.requireNonNull;

import java.io.PrintWriter;
import java.sql.Connection;
import java.sql.Driver;
import java.sql.SQLException;
import java.sql.SQLFeatureNotSupportedException;
import java.util.ArrayList;
import java.util.List;
import java.util.Properties;
import java.util.ServiceLoader;
import java.util.logging.Logger;
import javax.sql.DataSource;
import org.jspecify.annotations.Nullable;

/**
 * A {@link DataSource} that opens a new connection per call straight from a JDBC driver found on
 * the plugin's own class path. {@link java.sql.DriverManager} is avoided on purpose: inside a
 * Maven plugin realm it often cannot see drivers that the plugin's class loader can.
 *
 * <p>{@link #toString()} shows the masked URL only; the properties may hold secrets.
 */
public final class DriverDataSource implements DataSource {
  private final Driver driver;
  private final String url;
  private final Properties properties;
  private final String displayUrl;

  private DriverDataSource(Driver driver, String url, Properties properties, String displayUrl) {
    this.driver = driver;
    this.url = url;
    this.properties = properties;
    this.displayUrl = displayUrl;
  }

  /**
   * Finds the driver for a URL among those on this class's class path.
   *
   * @param url the JDBC URL
   * @param properties driver properties, copied
   * @param displayUrl the URL with credentials masked, for messages
   * @return the data source
   * @throws IllegalArgumentException naming the masked URL and the drivers found, when none
   *     accepts the URL
   */
  public static DriverDataSource of(String url, Properties properties, String displayUrl) {
    requireNonNull(url, "url is null");
    requireNonNull(properties, "properties is null");
    List<String> seen = new ArrayList<>();
    for (Driver d : ServiceLoader.load(Driver.class, DriverDataSource.class.getClassLoader())) {
      try {
        if (d.acceptsURL(url)) {
          Properties copy = new Properties();
          copy.putAll(properties);
          return new DriverDataSource(d, url, copy, displayUrl);
        }
      } catch (SQLException e) {
        // A driver that cannot even look at the URL is not the one.
      }
      seen.add(d.getClass().getName());
    }
    throw new IllegalArgumentException("No JDBC driver on the plugin's class path accepts "
        + displayUrl + "; drivers found: " + seen + ". Add the driver as a <dependency> of the"
        + " plugin in your pom.");
  }

  @Override
  public Connection getConnection() throws SQLException {
    Connection c = driver.connect(url, properties);
    if (c == null) {
      throw new SQLException("The driver " + driver.getClass().getName() + " refused "
          + displayUrl);
    }
    return c;
  }

  @Override
  public Connection getConnection(String username, String password) throws SQLException {
    throw new SQLFeatureNotSupportedException("credentials are configured once, not per call");
  }

  @Override
  public @Nullable PrintWriter getLogWriter() {
    return null;
  }

  @Override
  public void setLogWriter(@Nullable PrintWriter out) {
    // No log writer: the driver logs through its own logging.
  }

  @Override
  public void setLoginTimeout(int seconds) {
    properties.setProperty("loginTimeout", Integer.toString(seconds));
  }

  @Override
  public int getLoginTimeout() {
    return Integer.parseInt(properties.getProperty("loginTimeout", "0"));
  }

  @Override
  public Logger getParentLogger() throws SQLFeatureNotSupportedException {
    throw new SQLFeatureNotSupportedException();
  }

  @Override
  public <T> T unwrap(Class<T> iface) throws SQLException {
    if (iface.isInstance(this)) {
      return iface.cast(this);
    }
    throw new SQLException("not a wrapper of " + iface.getName());
  }

  @Override
  public boolean isWrapperFor(Class<?> iface) {
    return iface.isInstance(this);
  }

  @Override
  public String toString() {
    return "DriverDataSource[" + displayUrl + "]";
  }
}
