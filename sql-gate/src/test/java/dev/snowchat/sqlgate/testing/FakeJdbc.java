package dev.snowchat.sqlgate.testing;

import java.lang.reflect.InvocationHandler;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.lang.reflect.Proxy;
import java.sql.Connection;
import java.sql.DatabaseMetaData;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.ResultSetMetaData;
import java.sql.SQLException;
import java.sql.Statement;
import java.sql.Types;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.function.Function;
import javax.sql.DataSource;
import org.jspecify.annotations.Nullable;

/**
 * Fake JDBC objects built with {@link Proxy}, for drivers the tests cannot run (Snowflake): a data
 * source, connections, statements and prepared statements that hand every SQL text to a
 * {@link Responder}, and result sets over recorded rows. Only what Snowchat's code calls is
 * implemented; anything else throws {@link UnsupportedOperationException}, so a test notices when
 * code starts relying on more of JDBC.
 *
 * <p>Two ways in: {@link #dataSource(String, Connector, Responder)} for code that takes a data
 * source (a catalog source, a recording fake warehouse), and {@link FakeConnection} for code that
 * takes one connection and whose statements a test wants to read back.
 */
public final class FakeJdbc {
  private FakeJdbc() {}

  /** Answers one statement. */
  @FunctionalInterface
  public interface Responder {
    /**
     * Answers one statement.
     *
     * @param sql the SQL text, as the code under test sent it
     * @param binds the string parameters bound to a prepared statement, in order; empty for a
     *     plain statement
     * @return the result set, or null when the statement returns none (DDL, {@code ALTER
     *     SESSION}, ...)
     * @throws SQLException to fail the statement, as the warehouse would
     */
    @Nullable ResultSet answer(String sql, List<String> binds) throws SQLException;
  }

  /** Opens connections; may fail, as a warehouse refusing a login does. */
  @FunctionalInterface
  public interface Connector {
    /**
     * Called before each new connection.
     *
     * @throws SQLException to refuse the connection
     */
    void connect() throws SQLException;
  }

  /**
   * {@return a data source whose connections answer every statement with {@code responder}}
   *
   * @param product what {@link DatabaseMetaData#getDatabaseProductName()} returns
   * @param connector called before each connection; throws to refuse it
   * @param responder answers each statement
   */
  public static DataSource dataSource(String product, Connector connector, Responder responder) {
    return proxy(DataSource.class, (p, m, a) -> switch (m.getName()) {
      case "getConnection" -> {
        connector.connect();
        yield connection(product, responder);
      }
      case "toString" -> "FakeDataSource[" + product + "]";
      case "hashCode" -> System.identityHashCode(p);
      case "equals" -> p == a[0];
      default -> throw new UnsupportedOperationException("FakeDataSource: " + m);
    });
  }

  /**
   * {@return a new connection whose statements {@code responder} answers}; it unwraps to itself,
   * and {@code close()} marks it closed
   *
   * @param product what {@link DatabaseMetaData#getDatabaseProductName()} returns
   * @param responder answers each statement
   */
  public static Connection connection(String product, Responder responder) {
    DatabaseMetaData md = proxy(DatabaseMetaData.class, (p, m, a) -> switch (m.getName()) {
      case "getDatabaseProductName" -> product;
      default -> throw new UnsupportedOperationException("FakeConnection metadata: " + m);
    });
    boolean[] closed = {false};
    Connection[] self = {null};
    self[0] = proxy(Connection.class, (p, m, a) -> switch (m.getName()) {
      case "createStatement" -> statement(responder);
      case "prepareStatement" -> prepared(responder, (String) a[0]);
      case "getMetaData" -> md;
      case "unwrap" -> self[0];
      case "isWrapperFor" -> ((Class<?>) a[0]).isInstance(self[0]);
      case "setReadOnly" -> null;
      case "close" -> {
        closed[0] = true;
        yield null;
      }
      case "isClosed" -> closed[0];
      case "toString" -> "FakeConnection[" + product + "]";
      case "hashCode" -> System.identityHashCode(p);
      case "equals" -> p == a[0];
      default -> throw new UnsupportedOperationException("FakeConnection: " + m);
    });
    return self[0];
  }

  private static Statement statement(Responder responder) {
    ResultSet[] current = {null};
    return proxy(Statement.class, (p, m, a) -> switch (m.getName()) {
      case "execute", "executeQuery" -> {
        String sql = (String) a[0];
        current[0] = responder.answer(sql, List.of());
        if (m.getName().equals("executeQuery")) {
          if (current[0] == null) {
            throw new SQLException("no result set for " + sql);
          }
          yield current[0];
        }
        yield current[0] != null;
      }
      case "getResultSet" -> current[0];
      case "getUpdateCount" -> -1;
      case "close" -> null;
      case "isClosed" -> false;
      case "unwrap", "isWrapperFor" -> throw new SQLException("not a wrapper");
      case "toString" -> "FakeStatement";
      case "hashCode" -> System.identityHashCode(p);
      case "equals" -> p == a[0];
      default -> throw new UnsupportedOperationException("FakeStatement: " + m);
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
        if (a.length > 0) {
          throw new SQLException("executeQuery(String) on a PreparedStatement");
        }
        ResultSet rs = responder.answer(sql, List.copyOf(binds.values()));
        if (rs == null) {
          throw new SQLException("no result set for " + sql);
        }
        yield rs;
      }
      case "close" -> null;
      case "toString" -> "FakePreparedStatement";
      case "hashCode" -> System.identityHashCode(p);
      case "equals" -> p == a[0];
      default -> throw new UnsupportedOperationException("FakePreparedStatement: " + m);
    });
  }

  /**
   * {@return a result set over recorded rows}
   *
   * @param columns the column labels, as the server names them
   * @param rows the rows; a value may be null
   */
  public static ResultSet resultSet(List<String> columns, List<List<Object>> rows) {
    return FakeResultSet.of(columns, rows).open();
  }

  /**
   * {@return one row of a result set}; unlike {@code List.of}, it may hold nulls
   *
   * @param values the values, in column order
   */
  public static List<Object> row(Object... values) {
    return Arrays.asList(values);
  }

  /**
   * A recorded result set: column labels and rows. Every column reports type {@code VARCHAR};
   * values come back as they were recorded ({@code getObject}) or as text ({@code getString}).
   *
   * @param columns the column labels
   * @param rows the rows, each as long as {@code columns}; values may be null
   */
  public record FakeResultSet(List<String> columns, List<List<Object>> rows) {
    /**
     * {@return a result set with these columns and rows}
     *
     * @param columns the column labels
     * @param rows the rows
     */
    public static FakeResultSet of(List<String> columns, List<List<Object>> rows) {
      return new FakeResultSet(List.copyOf(columns), List.copyOf(rows));
    }

    /**
     * {@return a one-column, one-row result set}
     *
     * @param column the column label
     * @param value the only value
     */
    public static FakeResultSet single(String column, Object value) {
      return of(List.of(column), List.of(List.of(value)));
    }

    /** {@return a new JDBC result set over these rows, positioned before the first} */
    public ResultSet open() {
      int[] row = {-1};
      Object[] last = {null};
      ResultSetMetaData md = proxy(ResultSetMetaData.class, (p, m, a) -> switch (m.getName()) {
        case "getColumnCount" -> columns.size();
        case "getColumnLabel", "getColumnName" -> columns.get((Integer) a[0] - 1);
        case "getColumnType" -> Types.VARCHAR;
        case "getColumnTypeName" -> "VARCHAR";
        case "isNullable" -> ResultSetMetaData.columnNullable;
        default -> throw new UnsupportedOperationException("FakeResultSet metadata: " + m);
      });
      return proxy(ResultSet.class, (p, m, a) -> switch (m.getName()) {
        case "next" -> ++row[0] < rows.size();
        case "getMetaData" -> md;
        case "getString" -> {
          last[0] = rows.get(row[0]).get(index(a[0]));
          yield last[0] == null ? null : last[0].toString();
        }
        case "getObject" -> last[0] = rows.get(row[0]).get(index(a[0]));
        case "wasNull" -> last[0] == null;
        case "close" -> null;
        case "isClosed" -> false;
        case "unwrap", "isWrapperFor" -> throw new SQLException("not a wrapper");
        case "toString" -> "FakeResultSet" + columns;
        case "hashCode" -> System.identityHashCode(p);
        case "equals" -> p == a[0];
        default -> throw new UnsupportedOperationException("FakeResultSet: " + m);
      });
    }

    private int index(Object key) {
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
  }

  /**
   * A fake connection that records every statement run on it; queries are answered by a function
   * from SQL to a {@link FakeResultSet} (null: the statement returns no result set; a
   * {@link SQLException}: thrown).
   */
  public static final class FakeConnection {
    private final List<String> executed = new CopyOnWriteArrayList<>();
    private final Function<String, Object> answers;
    private final String product;

    /**
     * Creates a fake connection.
     *
     * @param product what {@link DatabaseMetaData#getDatabaseProductName()} returns
     * @param answers SQL to a {@link FakeResultSet}, a {@link SQLException} to throw, or null
     */
    public FakeConnection(String product, Function<String, Object> answers) {
      this.product = product;
      this.answers = answers;
    }

    /**
     * {@return a fake connection answering from a map, and no result set otherwise}
     *
     * @param product what {@link DatabaseMetaData#getDatabaseProductName()} returns
     * @param answers SQL text to a {@link FakeResultSet} or a {@link SQLException}
     */
    public static FakeConnection answering(String product, Map<String, Object> answers) {
      return new FakeConnection(product, answers::get);
    }

    /** {@return every SQL text run so far, in order} */
    public List<String> executed() {
      return List.copyOf(executed);
    }

    /** {@return a new JDBC connection proxy over this fake (one "physical" connection)} */
    public Connection connection() {
      return FakeJdbc.connection(product, (sql, binds) -> {
        executed.add(sql);
        Object answer = answers.apply(sql);
        if (answer instanceof SQLException e) {
          throw e;
        }
        return answer == null ? null : ((FakeResultSet) answer).open();
      });
    }
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
}
