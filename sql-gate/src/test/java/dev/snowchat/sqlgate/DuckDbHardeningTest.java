package dev.snowchat.sqlgate;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatCode;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.snowchat.sqlgate.testing.TestDatabases;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * DuckDB integration: the session hardening alone, with no gate in front, still refuses writes,
 * file access, extension installs and attempts to undo it, on a database file opened read-only
 * with {@link DuckDbHardening#readOnlyUrl(Path)}.
 */
class DuckDbHardeningTest {
  @TempDir Path dir;
  private TestDatabases.DuckDb db;
  private Connection hardened;

  @BeforeEach
  void open() throws Exception {
    Path file = dir.resolve("sample.duckdb");
    try (TestDatabases.DuckDb writable = TestDatabases.duckDbWritable(file)) {
      writable.run("CREATE TABLE orders AS SELECT range AS id FROM range(10)");
    }
    Files.writeString(dir.resolve("allowed.csv"), "a,b\n1,2\n");
    db = TestDatabases.duckDbReadOnly(file);
    hardened = db.connect();
    SessionHardening.forDialect(Dialect.DUCKDB, HardeningOptions.defaults())
        .apply(hardened, Dialect.DUCKDB);
  }

  @AfterEach
  void close() throws Exception {
    hardened.close();
    db.close();
  }

  private void exec(String sql) throws SQLException {
    try (Statement s = hardened.createStatement()) {
      s.execute(sql);
    }
  }

  @Test
  void hardened_readsStillWork() throws Exception {
    try (Statement s = hardened.createStatement();
        ResultSet rs = s.executeQuery("SELECT count(*) FROM orders")) {
      rs.next();
      assertThat(rs.getLong(1)).isEqualTo(10);
    }
  }

  @ParameterizedTest
  @ValueSource(strings = {
      "CREATE TABLE t (i INTEGER)",
      "INSERT INTO orders VALUES (99)",
      "UPDATE orders SET id = 0",
      "DELETE FROM orders",
      "DROP TABLE orders",
      "COPY orders TO '/tmp/snowchat-hardening-test.csv'",
      "SELECT * FROM read_csv('/etc/passwd')",
      "SELECT * FROM read_text('/etc/hostname')",
      "ATTACH '/tmp/snowchat-other.duckdb' AS other",
      "INSTALL httpfs",
      "LOAD httpfs",
      "SET enable_external_access = true",
      "SET lock_configuration = false",
      "RESET lock_configuration",
      "SET autoinstall_known_extensions = true",
  })
  void hardenedReadOnlyFile_refusesWithoutAnyGate(String sql) {
    assertThatThrownBy(() -> exec(sql)).isInstanceOf(SQLException.class);
    assertThat(Path.of("/tmp/snowchat-hardening-test.csv")).doesNotExist();
  }

  @Test
  void hardening_appliesToOtherConnectionsOfTheSameDatabase() throws Exception {
    try (Connection other = db.connect(); Statement s = other.createStatement()) {
      assertThatThrownBy(() -> s.execute("SELECT * FROM read_csv('/etc/passwd')"))
          .isInstanceOf(SQLException.class);
    }
  }

  @Test
  void hardening_isIdempotent() {
    SessionHardening h = SessionHardening.forDialect(Dialect.DUCKDB, HardeningOptions.defaults());

    assertThatCode(() -> {
      h.apply(hardened, Dialect.DUCKDB);
      h.apply(hardened, Dialect.DUCKDB);
    }).doesNotThrowAnyException();
  }

  @Test
  void hardening_otherDialect_isRefused() {
    SessionHardening h = SessionHardening.forDialect(Dialect.DUCKDB, HardeningOptions.defaults());

    assertThatThrownBy(() -> h.apply(hardened, Dialect.SNOWFLAKE))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("duckdb");
  }

  @Test
  void lockedWithExternalAccessOn_isRefused() throws Exception {
    try (TestDatabases.DuckDb open = TestDatabases.duckDbInMemory();
        Connection c = open.connect()) {
      open.run("SET lock_configuration = true");

      assertThatThrownBy(() -> SessionHardening
          .forDialect(Dialect.DUCKDB, HardeningOptions.defaults()).apply(c, Dialect.DUCKDB))
          .isInstanceOf(SQLException.class)
          .hasMessageContaining("enable_external_access=true");
    }
  }

  @Test
  void allowedDirectory_readableButNothingElse() throws Exception {
    try (TestDatabases.DuckDb mem = TestDatabases.duckDbInMemory();
        Connection c = mem.connect();
        Statement s = c.createStatement()) {
      SessionHardening.forDialect(Dialect.DUCKDB,
          HardeningOptions.defaults().withAllowedDirectories(List.of(dir)))
          .apply(c, Dialect.DUCKDB);

      try (ResultSet rs = s.executeQuery("SELECT count(*) FROM read_csv('"
          + dir.resolve("allowed.csv") + "')")) {
        rs.next();
        assertThat(rs.getLong(1)).isEqualTo(1);
      }
      assertThatThrownBy(() -> s.execute("SELECT * FROM read_csv('/etc/passwd')"))
          .isInstanceOf(SQLException.class);
      assertThatThrownBy(() -> s.execute("SELECT * FROM read_csv('" + dir
          + "/../../etc/passwd')")).isInstanceOf(SQLException.class);
    }
  }

  @Test
  void allowlist_afterExternalAccessWasTurnedOff_isRefused() throws Exception {
    try (TestDatabases.DuckDb mem = TestDatabases.duckDbInMemory();
        Connection c = mem.connect()) {
      mem.run("SET enable_external_access = false");

      assertThatThrownBy(() -> SessionHardening.forDialect(Dialect.DUCKDB,
          HardeningOptions.defaults().withAllowedDirectories(List.of(dir)))
          .apply(c, Dialect.DUCKDB))
          .isInstanceOf(SQLException.class)
          .hasMessageContaining("allowed directories");
    }
  }

  @Test
  void readOnlyUrl_namesTheFileAndReadOnlyMode() {
    assertThat(DuckDbHardening.readOnlyUrl(Path.of("/data/x.duckdb")))
        .isEqualTo("jdbc:duckdb:/data/x.duckdb;duckdb.read_only=true;jdbc_stream_results=true");
    assertThatThrownBy(() -> DuckDbHardening.readOnlyUrl(Path.of("/data/x;y.duckdb")))
        .isInstanceOf(IllegalArgumentException.class);
  }
}
