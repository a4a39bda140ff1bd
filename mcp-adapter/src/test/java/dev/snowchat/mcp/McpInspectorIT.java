package dev.snowchat.mcp;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * Protocol conformance with a client nobody here wrote: the official MCP Inspector CLI (npm,
 * pinned by {@code snowchat.inspector.version}) lists the tools and calls every tool of the
 * shaded jar, over stdio and over Streamable HTTP. Skips without npx, unless CI=true.
 */
class McpInspectorIT {
  static final JsonMapper JSON = JsonMapper.builder().build();
  static final Path JAR = Path.of(System.getProperty("snowchat.test.jar",
      "target/snowchat-mcp.jar"));
  static final String VERSION = System.getProperty("snowchat.inspector.version", "2.12.0");
  static final String JAVA = Path.of(System.getProperty("java.home"), "bin", "java").toString();

  /** Every tool with arguments that succeed against the sample warehouse. */
  static final Map<String, List<String>> CALLS = new LinkedHashMap<>();

  static {
    CALLS.put("get_connection_info", List.of());
    CALLS.put("list_databases", List.of());
    CALLS.put("list_schemas", List.of("database=AIRBNB"));
    CALLS.put("list_tables", List.of("database=AIRBNB", "schema=ANALYTICS", "pattern=dim%"));
    CALLS.put("describe_table", List.of("table=AIRBNB.ANALYTICS.DIM_LISTINGS"));
    CALLS.put("preview_table", List.of("table=AIRBNB.RAW.RAW_HOSTS", "limit=3"));
    CALLS.put("execute_query", List.of(
        "sql=SELECT CITY, count(*) AS n FROM AIRBNB.ANALYTICS.DIM_NEIGHBOURHOODS GROUP BY CITY"));
    CALLS.put("search_schema", List.of("query=listing price", "k=3"));
    CALLS.put("find_join_path", List.of("from=AIRBNB.ANALYTICS.DIM_LISTINGS",
        "to=AIRBNB.ANALYTICS.DIM_HOSTS"));
    CALLS.put("list_functions", List.of("pattern=date%"));
  }

  static Process http;
  static String url;

  @BeforeAll
  static void requirements() throws Exception {
    boolean npx = which("npx");
    if (!npx && TestEnv.ci()) {
      throw new AssertionError("npx is required on CI for the MCP Inspector conformance test");
    }
    assumeTrue(npx, "npx not found: the MCP Inspector conformance test needs Node.js");
    assertThat(JAR).as("shaded jar (run the package phase first)").exists();
  }

  @AfterAll
  static void stopHttp() {
    if (http != null) {
      http.destroy();
    }
  }

  static boolean which(String cmd) {
    for (String dir : System.getenv().getOrDefault("PATH", "").split(java.io.File.pathSeparator)) {
      if (Files.isExecutable(Path.of(dir, cmd))) {
        return true;
      }
    }
    return false;
  }

  static JsonNode inspector(List<String> target, String... args) throws Exception {
    return inspector(target, List.of(0), args);
  }

  /** Runs the CLI; it exits 5 when the tool call's result is a tool error. */
  static JsonNode inspector(List<String> target, List<Integer> exits, String... args)
      throws Exception {
    List<String> cmd = new ArrayList<>(List.of("npx", "-y",
        "@modelcontextprotocol/inspector@" + VERSION, "--cli"));
    // The target goes first: --tool-arg takes every value after it.
    cmd.addAll(target);
    cmd.addAll(List.of(args));
    ProcessBuilder pb = new ProcessBuilder(cmd);
    pb.environment().put("SNOWCHAT_SAMPLE_DIR", TestEnv.sampleDir().toString());
    pb.environment().put("MCP_INSPECTOR_SECRET_STORE", "memory");
    Path err = Files.createTempFile("inspector", ".err");
    pb.redirectError(err.toFile());
    Process p = pb.start();
    byte[] out = p.getInputStream().readAllBytes();
    assertThat(p.waitFor(180, TimeUnit.SECONDS)).isTrue();
    String text = new String(out, StandardCharsets.UTF_8);
    assertThat(p.exitValue()).as("inspector %s exited %s: %s %s", List.of(args), p.exitValue(),
        text, Files.readString(err)).isIn(exits);
    Files.deleteIfExists(err);
    return JSON.readTree(text);
  }

  static List<String> stdioTarget() throws IOException {
    Map<String, Object> server = Map.of("command", JAVA,
        "args", List.of("-jar", JAR.toAbsolutePath().toString()),
        "env", Map.of("SNOWCHAT_SAMPLE_DIR", TestEnv.sampleDir().toString()));
    Path config = Files.createTempFile("inspector", ".json");
    Files.writeString(config, JSON.writeValueAsString(Map.of("mcpServers",
        Map.of("snowchat", server))));
    config.toFile().deleteOnExit();
    return List.of("--config", config.toString(), "--server", "snowchat");
  }

  static List<String> httpTarget() throws Exception {
    if (url == null) {
      ProcessBuilder pb = new ProcessBuilder(JAVA, "-jar", JAR.toAbsolutePath().toString(),
          "--http", "--port", "0");
      pb.environment().put("SNOWCHAT_SAMPLE_DIR", TestEnv.sampleDir().toString());
      pb.redirectOutput(ProcessBuilder.Redirect.DISCARD);
      http = pb.start();
      Pattern served = Pattern.compile("serving MCP at (http://\\S+/mcp)");
      long deadline = System.nanoTime() + Duration.ofSeconds(120).toNanos();
      StringBuilder err = new StringBuilder();
      var reader = http.errorReader(StandardCharsets.UTF_8);
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
      assertThat(url).as("HTTP server start-up: %s", err).isNotNull();
      Thread drain = new Thread(() -> {
        try {
          reader.transferTo(java.io.Writer.nullWriter());
        } catch (IOException e) {
          // process ended
        }
      });
      drain.setDaemon(true);
      drain.start();
    }
    return List.of(url, "--transport", "http");
  }

  static void listsAndCallsEveryTool(List<String> target) throws Exception {
    JsonNode list = inspector(target, "--method", "tools/list");
    List<String> names = new ArrayList<>();
    list.get("tools").forEach(t -> names.add(t.get("name").asString()));
    assertThat(names).containsExactlyElementsOf(CALLS.keySet());
    list.get("tools").forEach(t -> {
      assertThat(t.get("inputSchema").get("type").asString()).isEqualTo("object");
      assertThat(t.get("annotations").get("readOnlyHint").asBoolean()).isTrue();
    });
    for (Map.Entry<String, List<String>> call : CALLS.entrySet()) {
      List<String> args = new ArrayList<>(List.of("--method", "tools/call", "--tool-name",
          call.getKey()));
      for (String a : call.getValue()) {
        args.add("--tool-arg");
        args.add(a);
      }
      JsonNode r = inspector(target, args.toArray(String[]::new));
      assertThat(r.path("isError").asBoolean(false)).as("%s: %s", call.getKey(), r).isFalse();
      assertThat(r.get("content").get(0).get("text").asString()).isNotBlank();
      assertThat(r.get("structuredContent").isObject()).as(call.getKey()).isTrue();
    }
    JsonNode refused = inspector(target, List.of(0, 5), "--method", "tools/call", "--tool-name",
        "execute_query", "--tool-arg", "sql=DROP TABLE AIRBNB.RAW.RAW_HOSTS");
    assertThat(refused.get("isError").asBoolean()).isTrue();
    assertThat(refused.get("content").get(0).get("text").asString()).contains("read_only");
  }

  @Test
  void stdio_inspectorListsAndCallsEveryTool() throws Exception {
    listsAndCallsEveryTool(stdioTarget());
  }

  @Test
  void http_inspectorListsAndCallsEveryTool() throws Exception {
    listsAndCallsEveryTool(httpTarget());
  }
}
