package dev.snowchat.examples.gate;

import dev.snowchat.sqlgate.Dialect;
import dev.snowchat.sqlgate.GatedExecutor;
import dev.snowchat.sqlgate.PermissionMode;
import dev.snowchat.sqlgate.QueryLimits;
import dev.snowchat.sqlgate.QueryRefusedException;
import dev.snowchat.sqlgate.QueryResult;
import dev.snowchat.sqlgate.SqlGate;
import java.io.PrintStream;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.sql.SQLFeatureNotSupportedException;
import java.sql.Statement;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.logging.Logger;
import javax.sql.DataSource;

/**
 * sql-gate in a service: a report endpoint that runs analysts' SQL against a DuckDB database,
 * read-only, capped at 100 rows and 5 seconds. The gate refuses writes (and anything it cannot
 * parse) before the driver sees the text; the executor caps and times out what it allows.
 *
 * <pre>{@code ./mvnw -pl examples -am package -DskipTests
 * java -cp examples/target/snowchat-app.jar dev.snowchat.examples.gate.GateInAService}</pre>
 */
public final class GateInAService {
  private final GatedExecutor executor;

  /**
   * Creates the service over any data source.
   *
   * @param dataSource where the queries run
   */
  public GateInAService(DataSource dataSource) {
    this.executor = GatedExecutor.builder()
        .dataSource(dataSource)
        .gate(SqlGate.builder().dialect(Dialect.DUCKDB).mode(PermissionMode.READ_ONLY).build())
        .limits(QueryLimits.defaults().withMaxRows(100).withTimeout(Duration.ofSeconds(5)))
        .build();
  }

  /**
   * Runs one analyst query.
   *
   * @param sql the SQL
   * @return the answer: rows as text, or the refusal reason
   */
  public String report(String sql) {
    try {
      QueryResult r = executor.execute(sql);
      return r.rowCount() + " rows" + (r.truncated() ? " (truncated)" : "") + ": " + r.rows();
    } catch (QueryRefusedException e) {
      return "refused: " + e.verdict().reason();
    }
  }

  /**
   * Runs the example: creates a small DuckDB file, then one allowed and two refused queries.
   *
   * @param out where the answers go
   * @return the answers, in order
   * @throws Exception when the database cannot be created
   */
  public static List<String> run(PrintStream out) throws Exception {
    Path dir = Files.createTempDirectory("snowchat-gate-example");
    Path db = dir.resolve("shop.duckdb");
    try (Connection c = DriverManager.getConnection("jdbc:duckdb:" + db);
        Statement s = c.createStatement()) {
      s.execute("CREATE TABLE orders (id INTEGER, country VARCHAR, amount DECIMAL(10,2))");
      s.execute("INSERT INTO orders VALUES (1,'NL',20.5),(2,'NL',7.25),(3,'DE',12),(4,'FR',3)");
    }
    GateInAService service = new GateInAService(new FileDataSource("jdbc:duckdb:" + db));
    List<String> answers = new ArrayList<>();
    for (String sql : List.of(
        "SELECT country, sum(amount) AS total FROM orders GROUP BY country ORDER BY total DESC",
        "DELETE FROM orders",
        "WITH x AS (SELECT 1) INSERT INTO orders SELECT * FROM x")) {
      String a = service.report(sql);
      out.println(sql + "\n  -> " + a);
      answers.add(a);
    }
    return answers;
  }

  /**
   * Runs the example.
   *
   * @param args ignored
   * @throws Exception when the database cannot be created
   */
  public static void main(String[] args) throws Exception {
    run(System.out);
  }

  /** The smallest DataSource over a JDBC URL (a service would use its pool, e.g. HikariCP). */
  record FileDataSource(String url) implements DataSource {
    @Override
    public Connection getConnection() throws SQLException {
      return DriverManager.getConnection(url);
    }

    @Override
    public Connection getConnection(String user, String password) throws SQLException {
      return getConnection();
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
      throw new SQLFeatureNotSupportedException();
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
