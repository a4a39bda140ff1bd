package dev.snowchat.mcp.issues;

import static java.nio.charset.StandardCharsets.UTF_8;
import static org.assertj.core.api.Assertions.assertThat;

import dev.snowchat.mcp.McpConfig;
import dev.snowchat.mcp.McpServerMain;
import dev.snowchat.mcp.SnowchatMcpServer;
import dev.snowchat.mcp.TestEnv;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.ObjectMapper;

/**
 * Issue 11 item 4: the stable error codes reach MCP clients in the structured result of every
 * tool error (they used to appear only in the command-line {@code call}), and the output schema
 * that clients check structured content against admits them.
 */
class Issue11ErrorCodesTest {
  static final ObjectMapper JSON = new ObjectMapper();
  static final HttpClient CLIENT = HttpClient.newHttpClient();
  static SnowchatMcpServer server;
  static SnowchatMcpServer.Http http;
  static String session;

  @BeforeAll
  static void start() throws Exception {
    server = SnowchatMcpServer.builder().config(McpConfig.fromEnvironment(TestEnv.sample(
        "SNOWCHAT_HTTP_PORT", "0", "SNOWCHAT_SCHEMA_INDEX", "off"))).build();
    http = server.startHttp();
    HttpResponse<String> init = post(null, "{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":"
        + "\"initialize\",\"params\":{\"protocolVersion\":\"2025-06-18\",\"capabilities\":{},"
        + "\"clientInfo\":{\"name\":\"t\",\"version\":\"1\"}}}");
    session = init.headers().firstValue("Mcp-Session-Id").orElseThrow();
    post(session, "{\"jsonrpc\":\"2.0\",\"method\":\"notifications/initialized\"}");
  }

  @AfterAll
  static void stop() {
    http.close();
    server.close();
  }

  static HttpResponse<String> post(String sessionId, String body) throws Exception {
    HttpRequest.Builder b = HttpRequest.newBuilder(URI.create(http.uri().toString()))
        .header("Content-Type", "application/json")
        .header("Accept", "application/json, text/event-stream")
        .POST(HttpRequest.BodyPublishers.ofString(body));
    if (sessionId != null) {
      b.header("Mcp-Session-Id", sessionId);
    }
    return CLIENT.send(b.build(), HttpResponse.BodyHandlers.ofString());
  }

  /** Sends one request and returns its JSON-RPC response (from JSON or an SSE stream). */
  static JsonNode rpc(String method, String params) throws Exception {
    String body = post(session, "{\"jsonrpc\":\"2.0\",\"id\":9,\"method\":\"" + method
        + "\",\"params\":" + params + "}").body();
    for (String line : body.split("\n")) {
      if (line.startsWith("data:")) {
        return JSON.readTree(line.substring(5).strip());
      }
    }
    return JSON.readTree(body);
  }

  @Test
  void refusedQuery_carriesItsCodeInStructuredContent() throws Exception {
    JsonNode r = rpc("tools/call", "{\"name\":\"execute_query\",\"arguments\":"
        + "{\"sql\":\"DROP TABLE AIRBNB.RAW.RAW_LISTINGS\"}}").get("result");
    assertThat(r.get("isError").asBoolean()).isTrue();
    assertThat(r.get("structuredContent").get("error").get("code").asString())
        .isEqualTo("QUERY_REFUSED");
    assertThat(r.get("content").get(0).get("text").asString()).startsWith("Error QUERY_REFUSED:");
  }

  @Test
  void missingTable_carriesTableNotFound() throws Exception {
    JsonNode r = rpc("tools/call", "{\"name\":\"describe_table\",\"arguments\":"
        + "{\"table\":\"AIRBNB.ANALYTICS.NO_SUCH_TABLE\"}}").get("result");
    assertThat(r.get("isError").asBoolean()).isTrue();
    assertThat(r.get("structuredContent").get("error").get("code").asString())
        .isEqualTo("TABLE_NOT_FOUND");
  }

  @Test
  void callAfterClose_isServerClosed_notAWarehouseError() {
    SnowchatMcpServer s = SnowchatMcpServer.builder().config(McpConfig.fromEnvironment(
        TestEnv.sample())).build();
    assertThat(s.call("list_databases", java.util.Map.of()).isError()).isFalse();
    s.close();
    for (String tool : java.util.List.of("search_schema", "execute_query", "describe_table")) {
      dev.snowchat.mcp.ToolResult r = s.call(tool, java.util.Map.of("query", "hosts", "sql",
          "SELECT 1", "table", "AIRBNB.ANALYTICS.DIM_HOSTS"));
      assertThat(r.errorCode()).as(r.text()).isEqualTo("SERVER_CLOSED");
      assertThat(r.text()).doesNotContain("warehouse rejected");
    }
  }

  @Test
  void outputSchemas_admitTheErrorShape() throws Exception {
    JsonNode tools = rpc("tools/list", "{}").get("result").get("tools");
    assertThat(tools).isNotEmpty();
    for (JsonNode t : tools) {
      JsonNode schema = t.get("outputSchema");
      assertThat(schema.get("properties").has("error")).as(t.get("name").asString()).isTrue();
      assertThat(schema.has("required")).isFalse();
      assertThat(schema.get("anyOf").get(1).get("required").get(0).asString())
          .isEqualTo("error");
    }
  }

  @Test
  void success_keepsItsShape() throws Exception {
    JsonNode r = rpc("tools/call", "{\"name\":\"execute_query\",\"arguments\":"
        + "{\"sql\":\"SELECT 1 AS one\",\"structured_rows\":true}}").get("result");
    assertThat(r.get("isError").asBoolean()).isFalse();
    assertThat(r.get("structuredContent").has("error")).isFalse();
    assertThat(r.get("structuredContent").get("rows")).isNotEmpty();
    // Without structured_rows the rows travel once, in the text (issue 13).
    JsonNode once = rpc("tools/call", "{\"name\":\"execute_query\",\"arguments\":"
        + "{\"sql\":\"SELECT 1 AS one\"}}").get("result");
    assertThat(once.get("structuredContent").has("rows")).isFalse();
    assertThat(once.get("structuredContent").get("rowsIn").asString()).isEqualTo("text");
    assertThat(once.get("content").get(0).get("text").asString()).contains("<<<DATA");
  }

  @Test
  void unknownTool_isTheSameProtocolErrorOverMcpAndTheCommandLine() throws Exception {
    JsonNode mcp = rpc("tools/call", "{\"name\":\"no_such_tool\",\"arguments\":{}}");
    assertThat(mcp.get("error").get("code").asInt()).isEqualTo(-32602);
    assertThat(mcp.get("error").get("message").asString()).startsWith("Unknown tool");

    ByteArrayOutputStream out = new ByteArrayOutputStream();
    int exit = McpServerMain.run(new String[] {"call", "no_such_tool", "{}", "--json"},
        TestEnv.sample("SNOWCHAT_SCHEMA_INDEX", "off"), new PrintStream(out, true, UTF_8),
        new PrintStream(new ByteArrayOutputStream(), true, UTF_8));
    JsonNode cli = JSON.readTree(out.toString(UTF_8));
    assertThat(exit).isEqualTo(2);
    assertThat(cli.get("error").get("code").asInt()).isEqualTo(-32602);
    assertThat(cli.get("error").get("message").asString())
        .startsWith("Unknown tool: no_such_tool").contains("execute_query");
  }

  @Test
  void commandLineJson_isTheCallToolResultAnMcpClientGets() throws Exception {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    int exit = McpServerMain.run(new String[] {"call", "execute_query",
        "{\"sql\":\"DELETE FROM AIRBNB.RAW.RAW_LISTINGS\"}", "--json"},
        TestEnv.sample("SNOWCHAT_SCHEMA_INDEX", "off"), new PrintStream(out, true, UTF_8),
        new PrintStream(new ByteArrayOutputStream(), true, UTF_8));
    JsonNode cli = JSON.readTree(out.toString(UTF_8));
    JsonNode mcp = rpc("tools/call", "{\"name\":\"execute_query\",\"arguments\":"
        + "{\"sql\":\"DELETE FROM AIRBNB.RAW.RAW_LISTINGS\"}}").get("result");
    assertThat(exit).isEqualTo(1);
    assertThat(cli).isEqualTo(mcp);
  }

  /**
   * Arguments the input schema rejects are the tool error INVALID_ARGUMENT with its code in the
   * structured result over MCP (the SDK's own check answered with text only), the same result as
   * the command line's, which exits 2 for them as its README says.
   */
  @Test
  void badArguments_areInvalidArgument_overMcpAndTheCommandLine() throws Exception {
    for (String[] call : new String[][] {
        {"preview_table", "{\"table\":\"AIRBNB.ANALYTICS.DIM_HOSTS\",\"limit\":101}"},
        {"preview_table", "{\"table\":\"AIRBNB.ANALYTICS.DIM_HOSTS\",\"limit\":\"x\"}"},
        {"list_schemas", "{}"},
        {"execute_query", "{\"sql\":\"SELECT 1\",\"bogus\":1}"},
        {"search_schema", "{\"query\":\"hosts\",\"k\":51}"}}) {
      JsonNode mcp = rpc("tools/call", "{\"name\":\"" + call[0] + "\",\"arguments\":"
          + call[1] + "}").get("result");
      assertThat(mcp.get("isError").asBoolean()).isTrue();
      assertThat(mcp.get("structuredContent").get("error").get("code").asString())
          .as(call[0] + call[1]).isEqualTo("INVALID_ARGUMENT");
      assertThat(mcp.get("content").get(0).get("text").asString())
          .startsWith("Error INVALID_ARGUMENT: " + call[0] + ": the arguments do not match");
      ByteArrayOutputStream out = new ByteArrayOutputStream();
      int exit = McpServerMain.run(new String[] {"call", call[0], call[1], "--json"},
          TestEnv.sample("SNOWCHAT_SCHEMA_INDEX", "off"), new PrintStream(out, true, UTF_8),
          new PrintStream(new ByteArrayOutputStream(), true, UTF_8));
      assertThat(exit).as(call[0] + call[1]).isEqualTo(2);
      assertThat(JSON.readTree(out.toString(UTF_8))).isEqualTo(mcp);
    }
  }

  /** A success: {@code call --json} prints what an MCP client gets (rows in the text only). */
  @Test
  void commandLineJson_success_isTheCallToolResultAnMcpClientGets() throws Exception {
    String args = "{\"sql\":\"SELECT 1 AS one\"}";
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    int exit = McpServerMain.run(new String[] {"call", "execute_query", args, "--json"},
        TestEnv.sample("SNOWCHAT_SCHEMA_INDEX", "off"), new PrintStream(out, true, UTF_8),
        new PrintStream(new ByteArrayOutputStream(), true, UTF_8));
    JsonNode cli = JSON.readTree(out.toString(UTF_8));
    JsonNode mcp = rpc("tools/call", "{\"name\":\"execute_query\",\"arguments\":" + args
        + "}").get("result");
    assertThat(exit).isZero();
    assertThat(cli.get("structuredContent").has("rows")).isFalse();
    assertThat(cli.get("structuredContent").get("rowsIn").asString()).isEqualTo("text");
    // elapsed time and query id differ between two runs; the rest is the same
    for (JsonNode n : new JsonNode[] {cli, mcp}) {
      ((tools.jackson.databind.node.ObjectNode) n.get("structuredContent")).remove(
          java.util.List.of("elapsedMs", "queryId"));
      ((tools.jackson.databind.node.ObjectNode) n).remove("content");
    }
    assertThat(cli).isEqualTo(mcp);
  }
}
