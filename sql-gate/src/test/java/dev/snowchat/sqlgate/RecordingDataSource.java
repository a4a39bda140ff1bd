package dev.snowchat.sqlgate;

import java.io.PrintWriter;
import java.lang.reflect.InvocationHandler;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.lang.reflect.Proxy;
import java.sql.CallableStatement;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.sql.SQLFeatureNotSupportedException;
import java.sql.Statement;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.logging.Logger;
import javax.sql.DataSource;

/**
 * Wraps a real data source and records every SQL text that reaches the driver (statements run,
 * prepared, or added to a batch) and every borrowed connection, to prove what never got there.
 * Everything else goes to the wrapped data source.
 */
public final class RecordingDataSource implements DataSource {
  private final DataSource delegate;
  private final List<String> sql = new CopyOnWriteArrayList<>();
  private final AtomicInteger connections = new AtomicInteger();

  /** Wraps the data source. */
  public RecordingDataSource(DataSource delegate) {
    this.delegate = delegate;
  }

  /** {@return every SQL text the driver received, in order} */
  public List<String> sql() {
    return List.copyOf(sql);
  }

  /** {@return how many connections were borrowed} */
  public int connections() {
    return connections.get();
  }

  @Override
  public Connection getConnection(String username, String password) throws SQLException {
    return delegate.getConnection(username, password);
  }

  @Override
  public PrintWriter getLogWriter() throws SQLException {
    return delegate.getLogWriter();
  }

  @Override
  public void setLogWriter(PrintWriter out) throws SQLException {
    delegate.setLogWriter(out);
  }

  @Override
  public void setLoginTimeout(int seconds) throws SQLException {
    delegate.setLoginTimeout(seconds);
  }

  @Override
  public int getLoginTimeout() throws SQLException {
    return delegate.getLoginTimeout();
  }

  @Override
  public Logger getParentLogger() throws SQLFeatureNotSupportedException {
    return delegate.getParentLogger();
  }

  @Override
  public <T> T unwrap(Class<T> iface) throws SQLException {
    return delegate.unwrap(iface);
  }

  @Override
  public boolean isWrapperFor(Class<?> iface) throws SQLException {
    return delegate.isWrapperFor(iface);
  }

  @Override
  public Connection getConnection() throws SQLException {
    connections.incrementAndGet();
    Connection real = delegate.getConnection();
    return (Connection) Proxy.newProxyInstance(getClass().getClassLoader(),
        new Class<?>[] {Connection.class}, new Recorder(real));
  }

  private final class Recorder implements InvocationHandler {
    private final Object target;

    Recorder(Object target) {
      this.target = target;
    }

    @Override
    public Object invoke(Object proxy, Method method, Object[] args) throws Throwable {
      String name = method.getName();
      if (args != null && args.length > 0 && args[0] instanceof String s
          && (name.startsWith("execute") || name.equals("addBatch") || name.startsWith("prepare")
              || name.equals("nativeSQL"))) {
        sql.add(s);
      }
      Object result;
      try {
        result = method.invoke(target, args);
      } catch (InvocationTargetException e) {
        throw e.getCause();
      }
      Class<?> rt = method.getReturnType();
      if (rt == Statement.class || rt == PreparedStatement.class
          || rt == CallableStatement.class) {
        return Proxy.newProxyInstance(getClass().getClassLoader(), new Class<?>[] {rt},
            new Recorder(result));
      }
      return result;
    }
  }
}
