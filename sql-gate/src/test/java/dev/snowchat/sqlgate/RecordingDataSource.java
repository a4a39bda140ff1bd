package dev.snowchat.sqlgate;

import dev.snowchat.sqlgate.testing.TestDatabases;
import java.lang.reflect.InvocationHandler;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.lang.reflect.Proxy;
import java.sql.CallableStatement;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicInteger;
import javax.sql.DataSource;

/**
 * Wraps a real data source and records every SQL text that reaches the driver (statements run,
 * prepared, or added to a batch) and every borrowed connection, to prove what never got there.
 */
public final class RecordingDataSource extends TestDatabases.SimpleDataSource {
  private final DataSource delegate;
  private final List<String> sql = new CopyOnWriteArrayList<>();
  private final AtomicInteger connections = new AtomicInteger();

  /** Wraps the data source. */
  public RecordingDataSource(DataSource delegate) {
    super(delegate::getConnection);
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
