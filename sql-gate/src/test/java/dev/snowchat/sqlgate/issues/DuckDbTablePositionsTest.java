package dev.snowchat.sqlgate.issues;

import static org.assertj.core.api.Assertions.assertThat;

import dev.snowchat.sqlgate.Dialect;
import dev.snowchat.sqlgate.GatedExecutor;
import dev.snowchat.sqlgate.Rule;
import dev.snowchat.sqlgate.SqlGate;
import dev.snowchat.sqlgate.Verdict;
import dev.snowchat.sqlgate.testing.TestDatabases;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.Statement;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Issue 9 item 4: every place DuckDB takes a table from can be a file. Each statement is first
 * run on the real engine with the file present (it must read the file), then checked by the gate
 * (it must be refused: no path allowlist is configured).
 */
class DuckDbTablePositionsTest {
  @TempDir
  static Path dir;

  static List<String> statements() throws IOException {
    try (InputStream in = DuckDbTablePositionsTest.class.getResourceAsStream(
        "/issue9/duckdb-file-table-positions.sql")) {
      return new String(in.readAllBytes(), StandardCharsets.UTF_8).lines()
          .filter(l -> !l.isBlank() && !l.startsWith("--")).toList();
    }
  }

  @ParameterizedTest
  @MethodSource("statements")
  void fileInTablePosition_engineReadsIt_gateRefusesIt(String sql) throws Exception {
    Files.writeString(dir.resolve("data.csv"), "a,b\n1,2\n");
    Files.writeString(dir.resolve("main.data.csv"), "a,b\n1,2\n");
    try (Connection c = DriverManager.getConnection("jdbc:duckdb:");
        Statement s = c.createStatement()) {
      s.execute("SET file_search_path = '" + dir + "'");
      try (ResultSet rs = s.executeQuery(sql)) {
        assertThat(rs.next()).as("the engine reads the file: %s", sql).isTrue();
      }
    }
    Verdict v = SqlGate.builder().dialect(Dialect.DUCKDB).build().check(sql);
    assertThat(v).as(sql).isInstanceOf(Verdict.Blocked.class);
    assertThat(v.rule()).as(sql).isEqualTo(Rule.FILE_ACCESS);
    // GENERIC, the default dialect, may front DuckDB too (red-team run 7: FROM data.csv passed)
    assertThat(SqlGate.builder().build().check(sql)).as("GENERIC: %s", sql)
        .isInstanceOf(Verdict.Blocked.class);
  }

  /**
   * The seventh red-team run: a gate left at its default dialect (GENERIC) in front of DuckDB let
   * {@code FROM data.csv} through while it refused {@code FROM "data.csv"}; through the executor
   * (GENERIC hardening does not turn DuckDB's file access off) the file was read.
   */
  @Test
  void genericGateOverDuckDb_dottedFileNames_refusedThroughTheExecutor() throws Exception {
    Files.writeString(dir.resolve("data.csv"), "a,b\n1,secret\n");
    try (Connection c = DriverManager.getConnection("jdbc:duckdb:")) {
      try (Statement s = c.createStatement()) {
        s.execute("SET file_search_path = '" + dir + "'");
        try (ResultSet rs = s.executeQuery("SELECT b FROM data.csv")) {
          assertThat(rs.next()).isTrue();
          assertThat(rs.getString(1)).isEqualTo("secret"); // the effect, without the gate
        }
      }
      GatedExecutor executor = GatedExecutor.builder().dataSource(TestDatabases.sharing(c))
          .gate(SqlGate.builder().build()).build();
      RefusedRuns.assertAllRefused(executor, Rule.FILE_ACCESS, List.of("SELECT b FROM data.csv",
          "SELECT b FROM \"data\".csv", "SELECT b FROM data.\"csv\"",
          "SELECT * FROM t, main.data.csv", "SELECT * FROM a: data.csv",
          "SELECT * FROM u JOIN data.csv ON true"));
      // schema-qualified tables and a column named like a file stay reads
      for (String sql : List.of("SELECT * FROM sales.orders", "SELECT data.csv FROM data")) {
        assertThat(SqlGate.builder().build().check(sql).allowed()).as(sql).isTrue();
      }
    }
  }
}
