package dev.snowchat.mcp.issues;

import static org.assertj.core.api.Assertions.assertThat;

import dev.snowchat.mcp.McpConfig;
import dev.snowchat.mcp.SnowchatMcpServer;
import dev.snowchat.mcp.TestEnv;
import java.io.BufferedReader;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.StringReader;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * Issue 11 item 2: a malformed stdio line is answered with a JSON-RPC error and serving goes on;
 * the end of input ends serving (it used to stop reading for good and hang after stdin closed).
 */
class Issue11StdioTest {
  static SnowchatMcpServer server;

  @BeforeAll
  static void start() {
    server = SnowchatMcpServer.builder()
        .config(McpConfig.fromEnvironment(TestEnv.sample("SNOWCHAT_SCHEMA_INDEX", "off")))
        .build();
  }

  @AfterAll
  static void stop() {
    server.close();
  }

  /** Serves the given lines, then the end of input; returns the response lines. */
  static List<String> serve(String... lines) throws Exception {
    byte[] input = (String.join("\n", lines) + "\n").getBytes(StandardCharsets.UTF_8);
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    CompletableFuture<Void> served = CompletableFuture.runAsync(() -> {
      try {
        server.serveStdio(new ByteArrayInputStream(input), out);
      } catch (InterruptedException e) {
        throw new IllegalStateException(e);
      }
    });
    // Returns once the input ends; the bound only keeps a regression from hanging the build.
    served.get(60, TimeUnit.SECONDS);
    synchronized (out) {
      return new BufferedReader(new StringReader(out.toString(StandardCharsets.UTF_8)))
          .lines().toList();
    }
  }

  static final String INIT = "{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"initialize\",\"params\":"
      + "{\"protocolVersion\":\"2025-06-18\",\"capabilities\":{},"
      + "\"clientInfo\":{\"name\":\"t\",\"version\":\"1\"}}}";
  static final String INITIALIZED =
      "{\"jsonrpc\":\"2.0\",\"method\":\"notifications/initialized\"}";
  static final String LIST = "{\"jsonrpc\":\"2.0\",\"id\":2,\"method\":\"tools/list\"}";

  @Test
  void stdio_lineThatIsNotJson_getsParseErrorAndServingGoesOn() throws Exception {
    List<String> out = serve("hello", INIT, INITIALIZED, LIST);
    assertThat(out).anySatisfy(l -> assertThat(l)
        .contains("\"code\":-32700").contains("\"id\":null").doesNotContain("hello"));
    assertThat(out).anySatisfy(l -> assertThat(l).contains("\"id\":2").contains("execute_query"));
  }

  @Test
  void stdio_jsonThatIsNotJsonRpc_getsInvalidRequestWithItsId() throws Exception {
    List<String> out = serve(INIT, "{\"foo\":1,\"id\":7}", "[1,2]", INITIALIZED, LIST);
    assertThat(out).anySatisfy(l -> assertThat(l).contains("\"code\":-32600")
        .contains("\"id\":7"));
    assertThat(out).filteredOn(l -> l.contains("-32600")).hasSize(2);
    assertThat(out).anySatisfy(l -> assertThat(l).contains("\"id\":2").contains("execute_query"));
  }

  @Test
  void stdio_onlyGarbage_endsWhenTheInputEnds() throws Exception {
    List<String> out = serve("hello", "", "  ", "{not json");
    assertThat(out).hasSize(2).allSatisfy(l -> assertThat(l).contains("-32700"));
  }

  @Test
  void stdio_requestBeforeInitialized_isAnsweredNotDropped() throws Exception {
    // The SDK ignores requests before notifications/initialized; the client must not hang.
    List<String> out = serve(INIT, LIST);
    assertThat(out).anySatisfy(l -> assertThat(l).contains("\"id\":2")
        .contains("\"code\":-32600").contains("not initialized"));
  }

  @Test
  void stdio_crlfLines_areAccepted() throws Exception {
    List<String> out = serve(INIT + "\r", INITIALIZED + "\r", LIST + "\r");
    assertThat(out).noneSatisfy(l -> assertThat(l).contains("\"code\":-32"));
    assertThat(out).anySatisfy(l -> assertThat(l).contains("\"id\":2").contains("execute_query"));
  }
}
