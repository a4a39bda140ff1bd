package dev.snowchat.mcp.adversarial;

import static org.assertj.core.api.Assertions.assertThat;

import dev.snowchat.mcp.McpConfig;
import dev.snowchat.mcp.SnowchatMcpServer;
import dev.snowchat.mcp.ToolResult;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.Statement;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Issue 9: statements a read-only server must not run, sent through the MCP tool path to a server
 * over an embedded DuckDB database file; after each family the engine state is checked: logging
 * still off and in memory (so nothing went to stdout or a file), later queries still work, the
 * victim table and sequence unchanged, no file created.
 */
class AdversarialDuckDbTest {
  @TempDir
  static Path dir;
  static Path secret;
  static SnowchatMcpServer readOnly;
  static SnowchatMcpServer readWrite;

  @BeforeAll
  static void start() throws Exception {
    // One file a mode: DuckDB opens a file read-only in read_only and writable in the writing
    // modes, and one process cannot hold the same file open both ways.
    Path db = dir.resolve("adv.duckdb");
    Path dbRw = dir.resolve("adv-rw.duckdb");
    for (Path f : List.of(db, dbRw)) {
      try (Connection c = DriverManager.getConnection("jdbc:duckdb:" + f);
          Statement s = c.createStatement()) {
        s.execute("CREATE TABLE victim AS SELECT range AS id FROM range(3)");
        s.execute("CREATE SEQUENCE victim_seq");
      }
    }
    secret = dir.resolve("secret.csv");
    Files.writeString(secret, "a,b\ntop,secret\n");
    readOnly = server(db, "read_only");
    readWrite = server(dbRw, "read_write");
  }

  private static SnowchatMcpServer server(Path db, String mode) {
    return SnowchatMcpServer.builder().config(McpConfig.fromEnvironment(Map.of(
        "SNOWCHAT_JDBC_URL", "jdbc:duckdb:" + db, "SNOWFLAKE_MCP_MODE", mode,
        "SNOWCHAT_SCHEMA_INDEX", "off"))).build();
  }

  @AfterAll
  static void stop() {
    if (readOnly != null) {
      readOnly.close();
    }
    if (readWrite != null) {
      readWrite.close();
    }
  }

  private static Set<String> files() throws IOException {
    try (Stream<Path> s = Files.walk(dir)) {
      return s.map(Path::toString).collect(Collectors.toSet());
    }
  }

  private static String query(SnowchatMcpServer server, String sql) {
    ToolResult r = server.call("execute_query", Map.of("sql", sql));
    assertThat(r.isError()).as("%s -> %s", sql, r.text()).isFalse();
    return r.text();
  }

  @ParameterizedTest
  @ValueSource(strings = {"logging", "files", "sql-from-string", "state"})
  void readOnly_family_refusedAndEngineUnchanged(String family) throws Exception {
    List<String> statements = Adversarial.load("duckdb/" + family + ".sql",
        Map.of("DIR", dir.toString(), "SECRET", secret.toString()));
    query(readOnly, "SELECT 1 AS warm_up");
    Set<String> before = files();

    assertThat(Adversarial.notRefused(readOnly, statements)).as(family).isEmpty();

    String logging = query(readOnly, "SELECT current_setting('enable_logging') AS logging_on,"
        + " current_setting('logging_storage') AS logging_store,"
        + " current_setting('log_query_path') AS query_log");
    assertThat(logging).contains("memory").doesNotContainIgnoringCase("stdout")
        .doesNotContain(dir.toString());
    assertThat(query(readOnly, "SELECT count(*) AS n, max(id) AS top FROM victim"))
        .contains("3").contains("2");
    assertThat(query(readOnly, "SELECT count(*) AS n FROM duckdb_sequences()"
        + " WHERE sequence_name = 'victim_seq' AND last_value IS NULL")).contains("1");
    assertThat(files()).as("no file created").isEqualTo(before);
  }

  @ParameterizedTest
  @ValueSource(strings = {"transfer-read-write"})
  void readWrite_transfers_refusedAndNoFileCreated(String family) throws Exception {
    List<String> statements = Adversarial.load("duckdb/" + family + ".sql",
        Map.of("DIR", dir.toString(), "SECRET", secret.toString()));
    query(readWrite, "SELECT 1 AS warm_up");
    Set<String> before = files();

    assertThat(Adversarial.notRefused(readWrite, statements)).as(family).isEmpty();

    assertThat(files()).as("no file created").isEqualTo(before);
    assertThat(query(readWrite, "SELECT count(*) AS n FROM victim")).contains("3");
  }
}
