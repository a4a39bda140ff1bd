package dev.snowchat.mcp.adversarial;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * Issue 9: the red team's {@code enable_logging(storage='stdout')} wrote other callers' SQL into
 * the MCP stdio channel (DuckDB writes to the native stdout, past {@code System.setOut}). The
 * shaded jar serves stdio over a DuckDB file; every statement of the logging family is sent as a
 * {@code tools/call}, then a canary query: every line on stdout must be a JSON-RPC message and
 * none may carry a log record.
 */
class AdversarialStdioIT {
  static final JsonMapper JSON = JsonMapper.builder().build();

  @TempDir
  Path dir;

  @Test
  void loggingFamily_overStdio_leavesTheProtocolStreamClean() throws Exception {
    Path db = dir.resolve("stdio.duckdb");
    try (Connection c = DriverManager.getConnection("jdbc:duckdb:" + db);
        Statement s = c.createStatement()) {
      s.execute("CREATE TABLE victim AS SELECT range AS id FROM range(3)");
    }
    List<String> statements = new ArrayList<>(Adversarial.load("duckdb/logging.sql",
        Map.of("DIR", dir.toString())));
    statements.add("SELECT 'canary-7f3a' AS c, count(*) AS n FROM victim");
    List<String> lines = serve(db, "read_only", statements);
    for (String l : lines) {
      JsonNode n = JSON.readTree(l); // throws on a line that is not JSON
      assertThat(n.isObject() && n.has("jsonrpc")).as("a JSON-RPC message: %s", l).isTrue();
      assertThat(l).doesNotContain("QueryLog").doesNotContain("PhysicalOperator");
    }
    String canary = lines.stream().filter(l -> l.contains("\"id\":" + statements.size() + ","))
        .findFirst().orElseThrow();
    assertThat(canary).contains("canary-7f3a").doesNotContain("\"isError\":true");
    assertThat(lines.stream().filter(l -> l.contains("Refused by the SQL gate")).count())
        .as("every logging statement refused").isEqualTo(statements.size() - 1);
  }

  @Test
  void control_fullModeWithoutThePolicy_theAttackCorruptsTheStream() throws Exception {
    Path db = dir.resolve("control.duckdb");
    try (Connection c = DriverManager.getConnection("jdbc:duckdb:" + db);
        Statement s = c.createStatement()) {
      s.execute("CREATE TABLE victim AS SELECT range AS id FROM range(3)");
    }
    List<String> lines = serve(db, "full", List.of(
        "SELECT * FROM enable_logging(storage='stdout')",
        "SELECT 'canary-7f3a' AS c, count(*) AS n FROM victim"));
    assertThat(lines).as("DuckDB wrote log records into the protocol stream")
        .anySatisfy(l -> assertThat(l).contains("QueryLog"));
  }

  private static List<String> serve(Path db, String mode, List<String> statements)
      throws Exception {
    ProcessBuilder pb = new ProcessBuilder(Path.of(System.getProperty("java.home"), "bin",
        "java").toString(), "-jar", Path.of(System.getProperty("snowchat.test.jar",
        "target/snowchat-mcp.jar")).toAbsolutePath().toString());
    pb.environment().keySet().removeIf(k -> k.startsWith("SNOWFLAKE_")
        || k.startsWith("SNOWCHAT_"));
    pb.environment().putAll(Map.of("SNOWCHAT_JDBC_URL", "jdbc:duckdb:" + db,
        "SNOWCHAT_SCHEMA_INDEX", "off", "SNOWFLAKE_MCP_MODE", mode));
    pb.redirectError(ProcessBuilder.Redirect.DISCARD);
    Process p = pb.start();
    List<String> lines = new ArrayList<>();
    try (OutputStream in = p.getOutputStream();
        BufferedReader out = new BufferedReader(new InputStreamReader(p.getInputStream(),
            StandardCharsets.UTF_8))) {
      send(in, Map.of("jsonrpc", "2.0", "id", 0, "method", "initialize", "params", Map.of(
          "protocolVersion", "2025-06-18", "capabilities", Map.of(),
          "clientInfo", Map.of("name", "adversarial", "version", "1"))));
      await(out, 0, lines);
      send(in, Map.of("jsonrpc", "2.0", "method", "notifications/initialized"));
      // One call at a time, each awaited, so that every statement runs after the previous one.
      for (int i = 0; i < statements.size(); i++) {
        send(in, Map.of("jsonrpc", "2.0", "id", i + 1, "method", "tools/call", "params",
            Map.of("name", "execute_query", "arguments", Map.of("sql", statements.get(i)))));
        await(out, i + 1, lines);
      }
    } finally {
      p.destroy();
      p.waitFor(30, TimeUnit.SECONDS);
    }
    return lines;
  }

  /** Reads stdout lines (JSON or not) until the response with this id. */
  private static void await(BufferedReader out, int id, List<String> lines) throws Exception {
    String line;
    while ((line = out.readLine()) != null) {
      lines.add(line);
      JsonNode n;
      try {
        n = JSON.readTree(line);
      } catch (RuntimeException notJson) {
        continue;
      }
      if (n != null && n.has("id") && n.get("id").asInt() == id) {
        return;
      }
    }
    throw new AssertionError("the server closed stdout before answering request " + id);
  }

  private static void send(OutputStream in, Map<String, Object> message) throws Exception {
    in.write((JSON.writeValueAsString(message) + "\n").getBytes(StandardCharsets.UTF_8));
    in.flush();
  }
}
