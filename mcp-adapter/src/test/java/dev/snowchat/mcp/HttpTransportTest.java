package dev.snowchat.mcp;

import static org.assertj.core.api.Assertions.assertThat;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The Streamable HTTP endpoint: loopback bind, bearer token, Origin and Host checks. */
class HttpTransportTest {
  static final String TOKEN = "tok-" + "0123456789abcdef0123456789";
  static final String INIT = "{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"initialize\",\"params\":"
      + "{\"protocolVersion\":\"2025-06-18\",\"capabilities\":{},\"clientInfo\":{\"name\":\"t\","
      + "\"version\":\"1\"}}}";

  static HttpResponse<String> post(URI uri, Map<String, String> headers) throws Exception {
    HttpRequest.Builder b = HttpRequest.newBuilder(uri)
        .header("Content-Type", "application/json")
        .header("Accept", "application/json, text/event-stream")
        .POST(HttpRequest.BodyPublishers.ofString(INIT));
    headers.forEach(b::header);
    try (HttpClient c = HttpClient.newHttpClient()) {
      return c.send(b.build(), HttpResponse.BodyHandlers.ofString());
    }
  }

  @Test
  void loopbackWithoutToken_servesLocalOriginAndRejectsForeignOrigin() throws Exception {
    try (SnowchatMcpServer server = SnowchatMcpServer.builder()
        .config(McpConfig.fromEnvironment(TestEnv.sample("SNOWCHAT_HTTP_PORT", "0"))).build();
        SnowchatMcpServer.Http http = server.startHttp()) {
      assertThat(http.uri().getHost()).isEqualTo("127.0.0.1");
      assertThat(post(http.uri(), Map.of()).statusCode()).isEqualTo(200);
      assertThat(post(http.uri(), Map.of("Origin", "http://localhost:5173")).statusCode())
          .isEqualTo(200);
      assertThat(post(http.uri(), Map.of("Origin", "https://evil.example")).statusCode())
          .isEqualTo(403);
    }
  }

  @Test
  void token_isRequiredAndCheckedWhenConfigured() throws Exception {
    try (SnowchatMcpServer server = SnowchatMcpServer.builder()
        .config(McpConfig.fromEnvironment(TestEnv.sample("SNOWCHAT_HTTP_PORT", "0",
            "SNOWCHAT_HTTP_TOKEN", TOKEN))).build();
        SnowchatMcpServer.Http http = server.startHttp()) {
      HttpResponse<String> none = post(http.uri(), Map.of());
      assertThat(none.statusCode()).isEqualTo(401);
      assertThat(none.body()).doesNotContain(TOKEN);
      assertThat(post(http.uri(), Map.of("Authorization", "Bearer wrong")).statusCode())
          .isEqualTo(401);
      assertThat(post(http.uri(), Map.of("Authorization", "Bearer " + TOKEN)).statusCode())
          .isEqualTo(200);
    }
  }

  /**
   * Authentication comes before anything reads the body: without the token a body that is not
   * JSON is 401, not the JSON filter's 400 / -32700 (which read and parsed it for anyone).
   */
  @Test
  void noToken_nonJsonBody_is401() throws Exception {
    try (SnowchatMcpServer server = SnowchatMcpServer.builder()
        .config(McpConfig.fromEnvironment(TestEnv.sample("SNOWCHAT_HTTP_PORT", "0",
            "SNOWCHAT_HTTP_TOKEN", TOKEN))).build();
        SnowchatMcpServer.Http http = server.startHttp();
        HttpClient c = HttpClient.newHttpClient()) {
      HttpResponse<String> r = c.send(HttpRequest.newBuilder(http.uri())
          .header("Content-Type", "application/json")
          .header("Accept", "application/json, text/event-stream")
          .POST(HttpRequest.BodyPublishers.ofString("not json {")).build(),
          HttpResponse.BodyHandlers.ofString());
      assertThat(r.statusCode()).as(r.body()).isEqualTo(401);
      assertThat(r.body()).doesNotContain("-32700");
    }
  }

  @Test
  void nonLoopbackBind_withoutToken_stopsStartUp() {
    org.assertj.core.api.Assertions.assertThatThrownBy(() -> McpConfig.fromEnvironment(
        TestEnv.sample("SNOWCHAT_HTTP_HOST", "0.0.0.0")))
        .hasMessageContaining("SNOWCHAT_HTTP_TOKEN");
  }
}
