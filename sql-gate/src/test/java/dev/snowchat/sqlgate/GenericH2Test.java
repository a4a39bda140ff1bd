package dev.snowchat.sqlgate;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.concurrent.atomic.AtomicInteger;
import org.h2.jdbcx.JdbcConnectionPool;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The GENERIC families of the fourth red-team run (session 12) that H2 can show, through {@link
 * GatedExecutor} on an embedded H2 (which ignores {@code setReadOnly}: the gate is the only
 * barrier). Each test first shows the effect on the engine directly, then that the executor
 * refuses the request and the engine's state is unchanged. The pool holds one connection, so
 * every request runs in the same H2 session, as on a pooled server connection.
 */
class GenericH2Test {
  private static final AtomicInteger DATABASES = new AtomicInteger();

  @TempDir Path dir;
  private JdbcConnectionPool pool;
  private GatedExecutor readOnly;
  private GatedExecutor readWrite;

  @BeforeEach
  void open() throws SQLException {
    pool = JdbcConnectionPool.create("jdbc:h2:mem:generic" + DATABASES.incrementAndGet()
        + ";DB_CLOSE_DELAY=-1", "sa", "");
    pool.setMaxConnections(1);
    direct("CREATE TABLE victim (a INT)");
    direct("CREATE TABLE control (a INT)");
    direct("CREATE SEQUENCE s START WITH 1");
    readOnly = executor(PermissionMode.READ_ONLY);
    readWrite = executor(PermissionMode.READ_WRITE);
  }

  @AfterEach
  void close() throws SQLException {
    direct("SHUTDOWN");
    pool.dispose();
  }

  private GatedExecutor executor(PermissionMode mode) {
    return GatedExecutor.builder()
        .dataSource(pool)
        .gate(SqlGate.builder().dialect(Dialect.GENERIC).mode(mode).build())
        .build();
  }

  @Test
  void lineCommentSlashSlash_dropAndFileWrite_refused_tableAndFileSurvive() throws Exception {
    // H2 reads '//' as a line comment: the string the gate saw is not one for H2
    direct("SELECT 1 // '\n; DROP TABLE control --'");
    assertThat(tableExists("CONTROL")).isFalse();
    Path control = dir.resolve("control.txt");
    direct("SELECT 1 // '\n, FILE_WRITE('hello', '" + control + "') AS w --'");
    assertThat(control).exists();

    Path target = dir.resolve("x.txt");
    for (String sql : new String[] {"SELECT 1 // '\n; DROP TABLE victim --'",
        "SELECT 1 // '\n, FILE_WRITE('hello', '" + target + "') AS w --'"}) {
      assertRefused(readOnly, sql);
      assertRefused(readWrite, sql);
    }
    assertThat(tableExists("VICTIM")).isTrue();
    assertThat(Files.exists(target)).isFalse();
  }

  @Test
  void sequenceAdvanceInKeywordSyntax_refusedInReadOnly_sequenceNotAdvanced() throws Exception {
    for (String sql : new String[] {"SELECT NEXT VALUE FOR s", "VALUES NEXT VALUE FOR s",
        "SELECT NEXT VALUE FOR s OVER (ORDER BY a) FROM victim",
        "SELECT a FROM victim WHERE a = NEXT VALUE FOR s"}) {
      Execution e = readOnly.run(sql);
      assertThat(e).as(sql).isInstanceOfSatisfying(Execution.Refused.class,
          r -> assertThat(r.verdict().kind()).isEqualTo(StatementKind.DML));
    }
    assertThat(sequenceBase()).isEqualTo(1);
    // DML, as nextval() is: read_write allows it, and the sequence advances
    readWrite.execute("SELECT NEXT VALUE FOR s");
    assertThat(sequenceBase()).isEqualTo(2);
    // CURRENT VALUE FOR only reads the value this session drew
    assertThat(readOnly.execute("SELECT CURRENT VALUE FOR s").rows()).hasSize(1);
    assertThat(sequenceBase()).isEqualTo(2);
  }

  @Test
  void userVariableAssignment_refused_variableUnset() throws Exception {
    assertRefused(readOnly, "SELECT @x := 5");
    assertRefused(readWrite, "SELECT @x := 5");
    assertThat(readOnly.execute("SELECT @x AS x").rows().get(0).get(0)).isNull();
    // the executor reads the pool's one session: a variable set there is seen
    direct("SELECT @y := 7");
    assertThat(readOnly.execute("SELECT @y AS y").rows().get(0).get(0)).isNotNull();
  }

  @Test
  void seededRandom_refused_unseededAllowed() {
    assertRefused(readOnly, "SELECT RAND(42)");
    assertRefused(readOnly, "SELECT RANDOM(42)");
    assertThat(readOnly.execute("SELECT RAND() AS r").rows()).hasSize(1);
  }

  @Test
  void otherSessionsStatements_refused() throws Exception {
    try (Connection c = pool.getConnection(); Statement s = c.createStatement();
        ResultSet r = s.executeQuery("SELECT COUNT(*) FROM INFORMATION_SCHEMA.SESSIONS")) {
      r.next();
      assertThat(r.getInt(1)).isPositive(); // the view exists and shows sessions
    }
    for (String sql : new String[] {
        "SELECT SESSION_ID, EXECUTING_STATEMENT FROM INFORMATION_SCHEMA.SESSIONS",
        "SELECT * FROM \"INFORMATION_SCHEMA\".\"SESSIONS\"",
        "SELECT * FROM information_schema.locks",
        "SELECT * FROM INFORMATION_SCHEMA.QUERY_STATISTICS", "USE INFORMATION_SCHEMA",
        "SELECT * FROM INFORMATION_SCHEMA.U&\"SESSION!0053\" UESCAPE '!'"}) {
      assertRefused(readOnly, sql);
    }
    // USE was refused: the unqualified name does not reach the system view
    assertThatThrownBy(() -> readOnly.execute("SELECT COUNT(*) FROM SESSIONS"))
        .isInstanceOf(SnowchatException.class);
    assertThat(readOnly.execute("SELECT COUNT(*) FROM INFORMATION_SCHEMA.TABLES").rows())
        .hasSize(1);
  }

  @Test
  void lookAlikes_stayReadsOnTheEngine() {
    for (String sql : new String[] {"SELECT 6 / 2 AS q", "SELECT '//' AS s, '{' AS b",
        "SELECT a FROM victim ORDER BY a OFFSET 1 ROW FETCH NEXT 1 ROWS ONLY",
        "SELECT `a b` FROM (SELECT 1 AS `a b`) x", "SELECT @x AS x"}) {
      assertThat(readOnly.run(sql)).as(sql).isInstanceOf(Execution.Completed.class);
    }
  }

  private static void assertRefused(GatedExecutor executor, String sql) {
    assertThat(executor.run(sql)).as(sql).isInstanceOf(Execution.Refused.class);
  }

  private void direct(String sql) throws SQLException {
    try (Connection c = pool.getConnection(); Statement s = c.createStatement()) {
      s.execute(sql);
    }
  }

  private boolean tableExists(String name) throws SQLException {
    try (Connection c = pool.getConnection(); ResultSet r = c.getMetaData().getTables(null,
        "PUBLIC", name, null)) {
      return r.next();
    }
  }

  private long sequenceBase() throws SQLException {
    try (Connection c = pool.getConnection(); Statement s = c.createStatement();
        ResultSet r = s.executeQuery("SELECT BASE_VALUE FROM INFORMATION_SCHEMA.SEQUENCES"
            + " WHERE SEQUENCE_NAME = 'S'")) {
      r.next();
      return r.getLong(1);
    }
  }
}
