package dev.snowchat.mcp;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.Statement;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import tools.jackson.databind.JsonNode;

/**
 * Issue 13 through a client nobody here wrote: the MCP Inspector CLI lists and queries a server
 * whose catalog holds Parquet, CSV and JSON files, a DuckDB file, the sample warehouse and (when
 * the test database is there) PostgreSQL, over stdio and Streamable HTTP. Skips without npx,
 * unless CI=true.
 */
class SourcesInspectorIT {
  @TempDir static Path dir;
  static Map<String, String> env;
  static Process http;
  static String url;

  @BeforeAll
  static void setUp() throws Exception {
    boolean npx = McpInspectorIT.which("npx");
    if (!npx && TestEnv.ci()) {
      throw new AssertionError("npx is required on CI for the MCP Inspector conformance test");
    }
    assumeTrue(npx, "npx not found");
    try (Connection c = DriverManager.getConnection("jdbc:duckdb:");
        Statement s = c.createStatement()) {
      s.execute("COPY (SELECT i AS id, i % 3 AS k FROM range(10) t(i)) TO '"
          + dir.resolve("facts.parquet") + "' (FORMAT parquet)");
      s.execute("COPY (SELECT * FROM (VALUES (0, 'zero'), (1, 'one'), (2, 'two')) t(k, label))"
          + " TO '" + dir.resolve("labels.json") + "' (FORMAT json, ARRAY true)");
    }
    Files.writeString(dir.resolve("colours.csv"), "k,colour\n0,red\n1,green\n2,blue\n");
    try (Connection c = DriverManager.getConnection("jdbc:duckdb:" + dir.resolve("db.duckdb"));
        Statement s = c.createStatement()) {
      s.execute("CREATE TABLE extra AS SELECT 0 AS k, 'first' AS note");
    }
    Path allowed = Files.createDirectories(dir.resolve("allowed"));
    Files.writeString(allowed.resolve("att.csv"), "a\n1\n");
    StringBuilder json = new StringBuilder("{\"sources\": ["
        + "{\"name\": \"facts\", \"address\": \"facts.parquet\"},"
        + "{\"name\": \"labels\", \"address\": \"labels.json\"},"
        + "{\"name\": \"colours\", \"address\": \"colours.csv\"},"
        + "{\"name\": \"db\", \"address\": \"db.duckdb\"},"
        + "{\"name\": \"demo\", \"address\": \"sample:\"}");
    env = new LinkedHashMap<>();
    env.put("SNOWCHAT_SAMPLE_DIR", TestEnv.sampleDir().toString());
    env.put("SNOWCHAT_FILE_ALLOWLIST", allowed.toString());
    String pg = System.getenv("SNOWCHAT_TEST_PG_URL");
    if (pg != null) {
      json.append(",{\"name\": \"pg\", \"address\": \"").append(pg)
          .append("\", \"credential\": \"pg\"}");
      env.put("SNOWCHAT_CRED_PG_USER", System.getenv("SNOWCHAT_TEST_PG_USER"));
      env.put("SNOWCHAT_CRED_PG_PASSWORD", System.getenv("SNOWCHAT_TEST_PG_PASSWORD"));
    }
    json.append("]}");
    env.put("SNOWCHAT_SOURCES", Files.writeString(dir.resolve("sources.json"), json).toString());
  }

  @AfterAll
  static void stop() {
    if (http != null) {
      http.destroy();
    }
  }

  static List<String> stdio() throws Exception {
    Map<String, Object> server = Map.of("command", McpInspectorIT.JAVA,
        "args", List.of("-jar", McpInspectorIT.JAR.toAbsolutePath().toString()), "env", env);
    Path config = Files.createTempFile(dir, "inspector", ".json");
    Files.writeString(config, McpInspectorIT.JSON.writeValueAsString(Map.of("mcpServers",
        Map.of("snowchat", server))));
    return List.of("--config", config.toString(), "--server", "snowchat");
  }

  static List<String> httpTarget() throws Exception {
    if (url == null) {
      ProcessBuilder pb = new ProcessBuilder(McpInspectorIT.JAVA, "-jar",
          McpInspectorIT.JAR.toAbsolutePath().toString(), "--http", "--port", "0");
      pb.environment().keySet().removeIf(k -> k.startsWith("SNOWCHAT_") && !k.startsWith(
          "SNOWCHAT_TEST_"));
      pb.environment().putAll(env);
      pb.redirectOutput(ProcessBuilder.Redirect.DISCARD);
      http = pb.start();
      Pattern served = Pattern.compile("serving MCP at (http://\\S+/mcp)");
      long deadline = System.nanoTime() + Duration.ofSeconds(120).toNanos();
      var reader = http.errorReader(StandardCharsets.UTF_8);
      StringBuilder err = new StringBuilder();
      while (url == null && System.nanoTime() < deadline) {
        String line = reader.readLine();
        if (line == null) {
          break;
        }
        err.append(line).append('\n');
        Matcher m = served.matcher(line);
        if (m.find()) {
          url = m.group(1);
        }
      }
      assertThat(url).as("HTTP start-up: %s", err).isNotNull();
      Thread drain = new Thread(() -> {
        try {
          reader.transferTo(java.io.Writer.nullWriter());
        } catch (java.io.IOException e) {
          // ended
        }
      });
      drain.setDaemon(true);
      drain.start();
    }
    return List.of(url, "--transport", "http");
  }

  static JsonNode call(List<String> target, String tool, String... args) throws Exception {
    List<String> a = new ArrayList<>(List.of("--method", "tools/call", "--tool-name", tool));
    if (args.length > 0) {
      a.add("--tool-arg");
      a.addAll(List.of(args));
    }
    return McpInspectorIT.inspector(target, a.toArray(String[]::new));
  }

  static void listsAndQueries(List<String> target) throws Exception {
    JsonNode list = McpInspectorIT.inspector(target, "--method", "tools/list");
    List<String> names = new ArrayList<>();
    list.get("tools").forEach(t -> names.add(t.get("name").asString()));
    assertThat(names).contains("list_sources", "attach_file", "execute_query");
    JsonNode sources = call(target, "list_sources");
    assertThat(sources.toString()).contains("\"name\":\"local\"", "\"name\":\"demo\"");
    JsonNode join = call(target, "execute_query", "sql=SELECT l.label, c.colour, count(*) AS n,"
        + " max(e.note) AS note FROM facts f JOIN labels l USING (k) JOIN colours c USING (k)"
        + " LEFT JOIN db.extra e USING (k) GROUP BY ALL ORDER BY 1");
    assertThat(join.get("isError").asBoolean()).as(join.toString()).isFalse();
    assertThat(join.get("structuredContent").get("rowCount").asInt()).isEqualTo(3);
    JsonNode demo = call(target, "execute_query", "source=demo",
        "sql=SELECT count(*) AS n FROM AIRBNB.ANALYTICS.DIM_HOSTS");
    assertThat(demo.get("isError").asBoolean()).as(demo.toString()).isFalse();
    JsonNode dbs = call(target, "list_databases");
    assertThat(dbs.toString()).contains("\"sourceName\":\"demo\"", "\"sourceName\":\"local\"");
    JsonNode att = call(target, "attach_file", "name=att", "path="
        + dir.resolve("allowed/att.csv"));
    assertThat(att.get("isError").asBoolean()).as(att.toString()).isFalse();
    if (System.getenv("SNOWCHAT_TEST_PG_URL") != null) {
      JsonNode pg = call(target, "execute_query", "source=pg", "sql=SELECT 1 AS one");
      assertThat(pg.get("isError").asBoolean()).as(pg.toString()).isFalse();
    }
  }

  @Test
  void stdio_listsAndQueriesEverySource() throws Exception {
    listsAndQueries(stdio());
  }

  @Test
  void http_listsAndQueriesEverySource() throws Exception {
    listsAndQueries(httpTarget());
  }
}
