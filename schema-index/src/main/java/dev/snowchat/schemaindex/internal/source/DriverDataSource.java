package dev.snowchat.schemaindex.internal.source;

import java.io.PrintWriter;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.sql.SQLFeatureNotSupportedException;
import java.util.Properties;
import java.util.logging.Logger;
import javax.sql.DataSource;

/**
 * A minimal {@link DataSource} over {@link DriverManager}, for sources built from text
 * configuration. Opens a new connection per call; hosts that care pass a pool instead. Its
 * {@code toString} shows the URL scheme only (URLs may carry passwords).
 */
final class DriverDataSource implements DataSource {
  private final String url;
  private final Properties properties;

  DriverDataSource(String url, Properties properties) {
    this.url = url;
    this.properties = (Properties) properties.clone();
  }

  /** {@return the URL up to the second colon, e.g. {@code jdbc:postgresql:}, for messages} */
  static String scheme(String url) {
    int first = url.indexOf(':');
    int second = first < 0 ? -1 : url.indexOf(':', first + 1);
    return second < 0 ? "(not a jdbc: URL)" : SourceErrors.sanitize(url.substring(0, second + 1));
  }

  @Override
  public Connection getConnection() throws SQLException {
    return DriverManager.getConnection(url, properties);
  }

  @Override
  public Connection getConnection(String username, String password) throws SQLException {
    Properties p = (Properties) properties.clone();
    p.setProperty("user", username);
    p.setProperty("password", password);
    return DriverManager.getConnection(url, p);
  }

  @Override
  public PrintWriter getLogWriter() {
    return new PrintWriter(System.err);
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
    throw new SQLFeatureNotSupportedException("no parent logger");
  }

  @Override
  public <T> T unwrap(Class<T> iface) throws SQLException {
    if (iface.isInstance(this)) {
      return iface.cast(this);
    }
    throw new SQLException("not a wrapper for " + iface.getName());
  }

  @Override
  public boolean isWrapperFor(Class<?> iface) {
    return iface.isInstance(this);
  }

  @Override
  public String toString() {
    return "DriverDataSource[" + scheme(url) + "...]";
  }
}
