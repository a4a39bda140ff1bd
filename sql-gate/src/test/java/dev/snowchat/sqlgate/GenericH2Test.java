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
}
