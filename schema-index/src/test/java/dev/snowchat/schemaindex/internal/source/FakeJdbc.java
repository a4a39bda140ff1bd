package dev.snowchat.schemaindex.internal.source;

import java.lang.reflect.InvocationHandler;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.lang.reflect.Proxy;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.ResultSetMetaData;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import javax.sql.DataSource;

/**
 * Proxy-based fake JDBC objects: a {@link DataSource} whose connections hand every statement to a
 * {@link Responder}. Only the methods the sources call are implemented; anything else throws, so
 * a test notices when code starts relying on more of JDBC.
 */
final class FakeJdbc {
  private FakeJdbc() {}

  /** Answers one statement: SQL text plus bound string parameters, in order. */
  @FunctionalInterface
  interface Responder {
    ResultSet answer(String sql, List<String> binds) throws SQLException;
  }

  /** Opens connections; may fail, as a warehouse refusing a login does. */
  @FunctionalInterface
  interface Connector {
    void connect() throws SQLException;
  }

  static DataSource dataSource(Connector connector, Responder responder) {
    return proxy(DataSource.class, (p, m, a) -> switch (m.getName()) {
      case "getConnection" -> {
        connector.connect();
        yield connection(responder);
      }
      case "toString" -> "FakeDataSource";
      case "hashCode" -> System.identityHashCode(p);
      case "equals" -> p == a[0];
      default -> throw new UnsupportedOperationException("DataSource." + m.getName());
    });
  }

  static Connection connection(Responder responder) {
    boolean[] closed = {false};
    return proxy(Connection.class, (p, m, a) -> switch (m.getName()) {
      case "createStatement" -> statement(responder);
      case "prepareStatement" -> prepared(responder, (String) a[0]);
      case "close" -> {
        closed[0] = true;
        yield null;
      }
      case "isClosed" -> closed[0];
      case "toString" -> "FakeConnection";
      case "hashCode" -> System.identityHashCode(p);
      case "equals" -> p == a[0];
      default -> throw new UnsupportedOperationException("Connection." + m.getName());
    });
  }

  private static Statement statement(Responder responder) {
    return proxy(Statement.class, (p, m, a) -> switch (m.getName()) {
      case "executeQuery" -> responder.answer((String) a[0], List.of());
      case "close" -> null;
      case "toString" -> "FakeStatement";
      case "hashCode" -> System.identityHashCode(p);
      case "equals" -> p == a[0];
      default -> throw new UnsupportedOperationException("Statement." + m.getName());
    });
  }

  private static PreparedStatement prepared(Responder responder, String sql) {
    Map<Integer, String> binds = new TreeMap<>();
    return proxy(PreparedStatement.class, (p, m, a) -> switch (m.getName()) {
      case "setString" -> {
        binds.put((Integer) a[0], (String) a[1]);
        yield null;
      }
      case "executeQuery" -> {
        if (a != null && a.length > 0) {
          throw new SQLException("executeQuery(String) on a PreparedStatement");
        }
        yield responder.answer(sql, List.copyOf(binds.values()));
      }
      case "close" -> null;
      case "toString" -> "FakePreparedStatement";
      case "hashCode" -> System.identityHashCode(p);
      case "equals" -> p == a[0];
      default -> throw new UnsupportedOperationException("PreparedStatement." + m.getName());
    });
  }

  /** A result set over recorded rows; {@code columns} are the labels, as the server names them. */
  static ResultSet resultSet(List<String> columns, List<List<Object>> rows) {
    List<List<Object>> data = new ArrayList<>(rows);
    int[] at = {-1};
    ResultSetMetaData md = proxy(ResultSetMetaData.class, (p, m, a) -> switch (m.getName()) {
      case "getColumnCount" -> columns.size();
      case "getColumnLabel", "getColumnName" -> columns.get((Integer) a[0] - 1);
      default -> throw new UnsupportedOperationException("ResultSetMetaData." + m.getName());
    });
    return proxy(ResultSet.class, (p, m, a) -> switch (m.getName()) {
      case "next" -> ++at[0] < data.size();
      case "getMetaData" -> md;
      case "getObject" -> data.get(at[0]).get(index(columns, a[0]));
      case "getString" -> {
        Object v = data.get(at[0]).get(index(columns, a[0]));
        yield v == null ? null : v.toString();
      }
      case "close" -> null;
      case "toString" -> "FakeResultSet" + columns;
      case "hashCode" -> System.identityHashCode(p);
      case "equals" -> p == a[0];
      default -> throw new UnsupportedOperationException("ResultSet." + m.getName());
    });
  }

  private static int index(List<String> columns, Object key) {
    if (key instanceof Integer i) {
      return i - 1;
    }
    for (int i = 0; i < columns.size(); i++) {
      if (columns.get(i).equalsIgnoreCase((String) key)) {
        return i;
      }
    }
    throw new IllegalArgumentException("no column " + key + " in " + columns);
  }

  @FunctionalInterface
  private interface Handler {
    Object handle(Object proxy, Method method, Object[] args) throws Throwable;
  }

  private static <T> T proxy(Class<T> type, Handler handler) {
    InvocationHandler h = (p, m, a) -> {
      try {
        return handler.handle(p, m, a == null ? new Object[0] : a);
      } catch (InvocationTargetException e) {
        throw e.getCause();
      }
    };
    return type.cast(Proxy.newProxyInstance(FakeJdbc.class.getClassLoader(),
        new Class<?>[] {type}, h));
  }

  static List<Object> row(Object... values) {
    return Arrays.asList(values);
  }
}
