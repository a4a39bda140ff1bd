package dev.snowchat.sqlgate;

import java.lang.reflect.Proxy;
import java.sql.Connection;
import java.sql.DatabaseMetaData;
import java.sql.ResultSet;
import java.sql.ResultSetMetaData;
import java.sql.SQLException;
import java.sql.Statement;
import java.sql.Types;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.function.Function;

/**
 * Fake JDBC objects built with {@link Proxy}, for drivers the tests cannot run (Snowflake). Only
 * what the code under test calls is implemented; anything else throws, so a test notices.
 */
public final class FakeJdbc {
  private FakeJdbc() {}

  /** A recorded result set: column labels and rows. */
  public record FakeResultSet(List<String> columns, List<List<Object>> rows) {
    /** {@return a result set with these columns and rows} */
    public static FakeResultSet of(List<String> columns, List<List<Object>> rows) {
      return new FakeResultSet(List.copyOf(columns), List.copyOf(rows));
    }

    /** {@return a one-column, one-row result set} */
    public static FakeResultSet single(String column, Object value) {
      return of(List.of(column), List.of(List.of(value)));
    }

    ResultSet open() {
      int[] row = {-1};
      Object[] last = {null};
      ResultSetMetaData md = (ResultSetMetaData) Proxy.newProxyInstance(
          FakeJdbc.class.getClassLoader(), new Class<?>[] {ResultSetMetaData.class},
          (p, m, a) -> switch (m.getName()) {
            case "getColumnCount" -> columns.size();
            case "getColumnLabel", "getColumnName" -> columns.get((Integer) a[0] - 1);
            case "getColumnType" -> Types.VARCHAR;
            case "getColumnTypeName" -> "VARCHAR";
            case "isNullable" -> ResultSetMetaData.columnNullable;
            default -> throw new UnsupportedOperationException("FakeResultSet metadata: " + m);
          });
      return (ResultSet) Proxy.newProxyInstance(FakeJdbc.class.getClassLoader(),
          new Class<?>[] {ResultSet.class}, (p, m, a) -> switch (m.getName()) {
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
            default -> throw new UnsupportedOperationException("FakeResultSet: " + m);
          });
    }

    private int index(Object arg) {
      if (arg instanceof Integer i) {
        return i - 1;
      }
      for (int i = 0; i < columns.size(); i++) {
        if (columns.get(i).equalsIgnoreCase((String) arg)) {
          return i;
        }
      }
      throw new IllegalArgumentException("no column " + arg);
    }
  }

  /**
   * A fake connection: every statement run on it is recorded; queries are answered by a function
   * from SQL to a result set (null: the statement returns no result set; an exception: thrown).
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

    /** {@return a fake connection answering from a map, and no result set otherwise} */
    public static FakeConnection answering(String product, Map<String, Object> answers) {
      return new FakeConnection(product, answers::get);
    }

    /** {@return every SQL text run so far} */
    public List<String> executed() {
      return List.copyOf(executed);
    }

    /** {@return a new JDBC connection proxy over this fake (one "physical" connection)} */
    public Connection connection() {
      DatabaseMetaData md = (DatabaseMetaData) Proxy.newProxyInstance(
          FakeJdbc.class.getClassLoader(), new Class<?>[] {DatabaseMetaData.class},
          (p, m, a) -> switch (m.getName()) {
            case "getDatabaseProductName" -> product;
            default -> throw new UnsupportedOperationException("FakeConnection metadata: " + m);
          });
      List<Object> self = new ArrayList<>(1);
      Connection c = (Connection) Proxy.newProxyInstance(FakeJdbc.class.getClassLoader(),
          new Class<?>[] {Connection.class}, (p, m, a) -> switch (m.getName()) {
            case "createStatement" -> statement();
            case "getMetaData" -> md;
            case "unwrap" -> self.get(0);
            case "isWrapperFor" -> ((Class<?>) a[0]).isInstance(self.get(0));
            case "setReadOnly", "close" -> null;
            case "isClosed" -> false;
            case "hashCode" -> System.identityHashCode(p);
            case "equals" -> p == a[0];
            case "toString" -> "FakeConnection[" + product + "]";
            default -> throw new UnsupportedOperationException("FakeConnection: " + m);
          });
      self.add(c);
      return c;
    }

    private Statement statement() {
      ResultSet[] current = {null};
      return (Statement) Proxy.newProxyInstance(FakeJdbc.class.getClassLoader(),
          new Class<?>[] {Statement.class}, (p, m, a) -> switch (m.getName()) {
            case "execute", "executeQuery" -> {
              String sql = (String) a[0];
              executed.add(sql);
              Object answer = answers.apply(sql);
              if (answer instanceof SQLException e) {
                throw e;
              }
              current[0] = answer == null ? null : ((FakeResultSet) answer).open();
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
            default -> throw new UnsupportedOperationException("FakeStatement: " + m);
          });
    }
  }
}
