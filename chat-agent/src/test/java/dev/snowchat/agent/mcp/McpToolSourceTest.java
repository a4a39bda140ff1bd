package dev.snowchat.agent.mcp;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.snowchat.agent.AgentErrorCode;
import dev.snowchat.agent.SnowchatAgentException;
import dev.snowchat.agent.Tool;
import dev.snowchat.agent.ToolContext;
import dev.snowchat.agent.ToolOutcome;
import dev.snowchat.mcp.McpConfig;
import dev.snowchat.mcp.SnowchatMcpServer;
import java.io.File;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * The MCP tool source against the project's own MCP server (mcp-adapter, a test-scoped
 * dependency) serving the embedded sample warehouse: over Streamable HTTP on 127.0.0.1 with a
 * bearer token, and over stdio as a child process.
 */
@Timeout(300) // a safety net: a hung stream fails the test instead of the build
class McpToolSourceTest {
  static final String TOKEN = "tok-" + "abcdef0123456789abcdef0123";
  static final ToolContext CTX = new ToolContext("s1", "u1", 1, "snowchat:s1:1");
  static final Duration TIMEOUT = Duration.ofSeconds(90);

  static SnowchatMcpServer server;
  static SnowchatMcpServer.Http http;
  static McpToolSource source;

  /** The sample directory mcp-adapter's tests share (built once, a few seconds). */
  static Path sampleDir() {
    return Path.of(System.getProperty("java.io.tmpdir"), "snowchat-test-sample");
  }

  @BeforeAll
  static void start() {
    server = SnowchatMcpServer.builder().config(McpConfig.fromEnvironment(Map.of(
        "SNOWCHAT_SAMPLE_DIR", sampleDir().toString(),
        "SNOWCHAT_HTTP_PORT", "0",
        "SNOWCHAT_HTTP_TOKEN", TOKEN,
        "SNOWCHAT_QUERY_TIMEOUT", "20s"))).build();
    http = server.startHttp();
    source = McpToolSource.http(http.uri(), TOKEN, TIMEOUT);
  }

  @AfterAll
  static void stop() {
    if (source != null) {
      source.close();
    }
    if (http != null) {
      http.close();
    }
    if (server != null) {
      server.close();
    }
  }

  static Tool tool(McpToolSource s, String name) {
    return s.tools().stream().filter(t -> t.spec().name().equals(name)).findFirst()
        .orElseThrow(() -> new AssertionError("no tool " + name + " in " + s.tools()));
  }

  @Test
  void http_listsTheServersToolsAsSpecs() {
    assertThat(source.tools()).extracting(t -> t.spec().name())
        .contains("get_connection_info", "list_tables", "describe_table", "execute_query",
            "search_schema", "find_join_path");
    var exec = tool(source, "execute_query").spec();
    assertThat(exec.inputSchema()).containsEntry("type", "object");
    assertThat(exec.inputSchema().get("properties")).isInstanceOf(Map.class);
    assertThat(exec.description()).isNotBlank();
    assertThat(tool(source, "list_tables").spec().readOnly()).isTrue();
  }

  @Test
  void http_call_returnsTextAndStructuredContent() throws Exception {
    String sql = "SELECT CITY, count(*) AS n FROM AIRBNB.ANALYTICS.DIM_NEIGHBOURHOODS GROUP BY"
        + " CITY ORDER BY CITY";
    ToolOutcome o = tool(source, "execute_query").call(Map.of("sql", sql,
        "structured_rows", true), CTX);

    assertThat(o.error()).as(o.text()).isFalse();
    assertThat(o.text()).isNotBlank();
    assertThat(o.structured()).isInstanceOf(Map.class);
    @SuppressWarnings("unchecked")
    Map<String, Object> s = (Map<String, Object>) o.structured();
    assertThat(s).containsKeys("columns", "rows", "rowCount");

    // By default the server sends the rows once, in the text (issue 13, results sized for a
    // model); the structured content keeps the columns and counts.
    ToolOutcome once = tool(source, "execute_query").call(Map.of("sql", sql), CTX);
    @SuppressWarnings("unchecked")
    Map<String, Object> t = (Map<String, Object>) once.structured();
    assertThat(t).containsKeys("columns", "rowCount").doesNotContainKey("rows")
        .containsEntry("rowsIn", "text");
    List<?> firstRow = (List<?>) ((List<?>) s.get("rows")).get(0);
    assertThat(once.text()).contains(String.valueOf(firstRow.get(0)));
  }

  @Test
  void http_toolErrorResult_isAnErrorOutcome() throws Exception {
    ToolOutcome o = tool(source, "execute_query").call(Map.of("sql",
        "DELETE FROM AIRBNB.RAW.RAW_REVIEWS"), CTX);

    assertThat(o.error()).isTrue();
    assertThat(o.text()).contains("read_only");
  }

  @Test
  void http_wrongToken_failsToConnectWithoutSayingTheToken() {
    assertThatThrownBy(() -> McpToolSource.http(http.uri(), "wrong-token-value-123", TIMEOUT))
        .isInstanceOfSatisfying(SnowchatAgentException.class, e -> {
          assertThat(e.code()).isEqualTo(AgentErrorCode.CONFIGURATION);
          assertThat(e.getMessage()).doesNotContain("wrong-token-value-123").doesNotContain(TOKEN);
        });
  }

  @Test
  void http_interruptedCall_stopsWaiting_andTheSourceKeepsWorking() throws Exception {
    Tool exec = tool(source, "execute_query");
    AtomicReference<Throwable> thrown = new AtomicReference<>();
    Thread call = Thread.ofVirtual().start(() -> {
      try {
        exec.call(Map.of("sql", "SELECT count(*) FROM AIRBNB.ANALYTICS.FACT_CALENDAR a,"
            + " AIRBNB.ANALYTICS.FACT_CALENDAR b WHERE a.LISTING_ID + b.LISTING_ID > 0"), CTX);
      } catch (Throwable t) {
        thrown.set(t);
      }
    });
    // Wait until the call is parked on the server's answer, then cancel the turn.
    while (call.getState() != Thread.State.WAITING
        && call.getState() != Thread.State.TIMED_WAITING && call.isAlive()) {
      Thread.onSpinWait();
    }
    call.interrupt();
    call.join(30_000);

    assertThat(call.isAlive()).isFalse();
    assertThat(thrown.get()).isInstanceOf(InterruptedException.class);
    // The connection still serves requests. (A second warehouse query while the abandoned one
    // still runs on the server fails in mcp-adapter's DuckDB hardening, "enable_external_access"
    // locked, which is the server's concern, not the client's.)
    source.refresh();
    assertThat(source.tools()).isNotEmpty();
  }

  @Test
  void stdio_spawnsTheServer_listsAndCallsTools() throws Exception {
    String java = ProcessHandle.current().info().command().orElse("java");
    String cp = System.getProperty("java.class.path");
    String mp = System.getProperty("jdk.module.path");
    if (mp != null && !mp.isBlank()) {
      cp = cp + File.pathSeparator + mp;
    }
    try (McpToolSource stdio = McpToolSource.stdio(
        List.of(java, "-cp", cp, "dev.snowchat.mcp.McpServerMain"),
        Map.of("SNOWCHAT_SAMPLE_DIR", sampleDir().toString()), TIMEOUT)) {
      assertThat(stdio.tools()).extracting(t -> t.spec().name()).contains("execute_query");

      ToolOutcome o = tool(stdio, "execute_query").call(Map.of("sql", "SELECT 42 AS answer"),
          CTX);

      assertThat(o.error()).as(o.text()).isFalse();
      assertThat(o.text()).contains("42");
    }
  }

  @Test
  void stdio_commandThatIsNoServer_failsToConnect() {
    assertThatThrownBy(() -> McpToolSource.stdio(List.of("sh", "-c", "exit 3"), Map.of(),
        Duration.ofSeconds(10)))
        .isInstanceOf(SnowchatAgentException.class)
        .hasMessageContaining("MCP server");
  }
}
