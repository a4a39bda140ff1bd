package dev.snowchat.mcp.issues;

import static org.assertj.core.api.Assertions.assertThat;

import dev.snowchat.mcp.McpConfig;
import dev.snowchat.mcp.SnowchatMcpServer;
import dev.snowchat.mcp.TestEnv;
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
 * Issue 11 item 3: HTTP errors are clean JSON-RPC errors with fitting codes; no serialized Java
 * exception, stack trace, library or Java version reaches the client.
 */
class Issue11HttpErrorsTest {
  static final String LIST = "{\"jsonrpc\":\"2.0\",\"id\":2,\"method\":\"tools/list\"}";
  static final String INIT = "{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"initialize\",\"params\":"
      + "{\"protocolVersion\":\"2025-06-18\",\"capabilities\":{},\"clientInfo\":{\"name\":\"t\","
      + "\"version\":\"1\"}}}";
  static SnowchatMcpServer server;
  static SnowchatMcpServer.Http http;
  static final HttpClient CLIENT = HttpClient.newHttpClient();

  @BeforeAll
  static void start() {
    server = SnowchatMcpServer.builder().config(McpConfig.fromEnvironment(TestEnv.sample(
        "SNOWCHAT_HTTP_PORT", "0", "SNOWCHAT_SCHEMA_INDEX", "off"))).build();
    http = server.startHttp();
  }

  @AfterAll
  static void stop() {
    http.close();
    server.close();
  }

  static HttpResponse<String> send(HttpRequest.Builder b) throws Exception {
    return CLIENT.send(b.build(), HttpResponse.BodyHandlers.ofString());
  }

  static HttpRequest.Builder post(URI uri, String body) {
    return HttpRequest.newBuilder(uri).header("Content-Type", "application/json")
        .header("Accept", "application/json, text/event-stream")
        .POST(HttpRequest.BodyPublishers.ofString(body));
  }

  /** Asserts a clean JSON-RPC error and returns its code. */
  static int cleanError(HttpResponse<String> r, int status) throws Exception {
    assertThat(r.statusCode()).isEqualTo(status);
    assertThat(r.headers().firstValue("Server")).isEmpty();
    assertThat(r.headers().firstValue("Content-Type")).hasValueSatisfying(
        ct -> assertThat(ct).startsWith("application/json"));
    assertThat(r.body()).doesNotContain("stackTrace", "Exception", "jsonRpcError", "Jetty",
        "classLoaderName", "java.", "io.modelcontextprotocol");
    JsonNode n = new ObjectMapper().readTree(r.body());
    assertThat(n.get("jsonrpc").asString()).isEqualTo("2.0");
    assertThat(n.has("id")).isTrue();
    assertThat(n.get("error").get("message").asString()).isNotBlank();
    assertThat(n.size()).isEqualTo(3);
    return n.get("error").get("code").asInt();
  }

  @Test
  void missingSessionId_isInvalidRequestNotMethodNotFound() throws Exception {
    assertThat(cleanError(send(post(http.uri(), LIST)), 400)).isEqualTo(-32600);
    assertThat(cleanError(send(HttpRequest.newBuilder(http.uri())
        .header("Accept", "text/event-stream").GET()), 400)).isEqualTo(-32600);
    assertThat(cleanError(send(HttpRequest.newBuilder(http.uri()).DELETE()), 400))
        .isEqualTo(-32600);
  }

  @Test
  void bodyThatIsNotJson_isParseError() throws Exception {
    assertThat(cleanError(send(post(http.uri(), "hello")), 400)).isEqualTo(-32700);
  }

  @Test
  void unknownSession_isSessionNotFound() throws Exception {
    assertThat(cleanError(send(post(http.uri(), LIST).header("Mcp-Session-Id", "nope")), 404))
        .isEqualTo(-32001);
  }

  @Test
  void wrongAccept_isNotAcceptable() throws Exception {
    HttpRequest.Builder b = HttpRequest.newBuilder(http.uri())
        .header("Content-Type", "application/json").header("Accept", "text/html")
        .POST(HttpRequest.BodyPublishers.ofString(INIT));
    assertThat(cleanError(send(b), 406)).isEqualTo(-32600);
  }

  @Test
  void otherPathsAndMethods_areCleanErrors() throws Exception {
    URI other = http.uri().resolve("/elsewhere");
    assertThat(cleanError(send(HttpRequest.newBuilder(other).GET()), 404)).isEqualTo(-32601);
    assertThat(cleanError(send(HttpRequest.newBuilder(http.uri())
        .PUT(HttpRequest.BodyPublishers.ofString(INIT))), 405)).isEqualTo(-32600);
  }

  @Test
  void success_isUntouched() throws Exception {
    HttpResponse<String> r = send(post(http.uri(), INIT));
    assertThat(r.statusCode()).isEqualTo(200);
    assertThat(r.body()).contains("\"serverInfo\"");
  }
}
