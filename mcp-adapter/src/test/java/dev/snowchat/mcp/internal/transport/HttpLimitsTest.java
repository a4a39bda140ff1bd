package dev.snowchat.mcp.internal.transport;

import static org.assertj.core.api.Assertions.assertThat;

import dev.snowchat.mcp.HttpIdentity;
import dev.snowchat.mcp.McpConfig;
import dev.snowchat.mcp.TestEnv;
import io.modelcontextprotocol.server.McpServerFeatures.SyncToolSpecification;
import io.modelcontextprotocol.spec.McpSchema.CallToolResult;
import io.modelcontextprotocol.spec.McpSchema.TextContent;
import io.modelcontextprotocol.spec.McpSchema.Tool;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.Socket;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.Semaphore;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * The Streamable HTTP endpoint under hostile and heavy use, through real requests on 127.0.0.1:
 * body and initialize size limits (413 without reading the rest), the session cap (503) and
 * sessions bound to the caller that opened them, the cap on tool calls running at once (the
 * tool error SERVER_BUSY, while other clients are still served), JSON-RPC messages of the wrong
 * shape (-32600), and Jetty's own errors as clean JSON.
 */
class HttpLimitsTest {
  static final JsonMapper JSON = JsonMapper.builder().build();
  static final String INIT = "{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"initialize\",\"params\":"
      + "{\"protocolVersion\":\"2025-06-18\",\"capabilities\":{},\"clientInfo\":{\"name\":\"t\","
      + "\"version\":\"1\"}}}";
  static final String INITIALIZED = "{\"jsonrpc\":\"2.0\",\"method\":\"notifications/initialized\"}";
  static final String LIST = "{\"jsonrpc\":\"2.0\",\"id\":2,\"method\":\"tools/list\"}";

  /** A response read off the socket: status, headers (lower-case names), body. */
  record Reply(int status, Map<String, String> headers, String body) {
    JsonNode json() {
      String b = body.strip();
      if (!b.startsWith("{")) { // an SSE stream: the last data line
        b = b.lines().filter(l -> l.startsWith("data:")).map(l -> l.substring(5).strip())
            .reduce((x, y) -> y).orElseThrow(() -> new AssertionError(body));
      }
      return JSON.readTree(b);
    }

    int errorCode() {
      return json().get("error").get("code").asInt();
    }
  }

  /** A server on a free loopback port: the given tools (or the sample's) and settings. */
  static HttpEndpoint start(List<SyncToolSpecification> tools, String... env) throws Exception {
    List<String> all = new ArrayList<>(List.of(env));
    all.addAll(List.of("SNOWCHAT_HTTP_PORT", "0", "SNOWCHAT_SCHEMA_INDEX", "off"));
    McpConfig config = McpConfig.fromEnvironment(TestEnv.sample(all.toArray(String[]::new)));
    return HttpEndpoint.start(config, tools, "test", Duration.ofSeconds(60));
  }

  static Reply exchange(URI uri, String head, byte[] body) throws IOException {
    try (Socket s = new Socket("127.0.0.1", uri.getPort())) {
      s.setSoTimeout(60_000); // a bound on a hang, not a measurement
      OutputStream out = s.getOutputStream();
      out.write(head.getBytes(StandardCharsets.ISO_8859_1));
      out.write(body);
      out.flush();
      return read(s.getInputStream());
    }
  }

  static Reply read(InputStream in) throws IOException {
    ByteArrayOutputStream head = new ByteArrayOutputStream();
    while (!head.toString(StandardCharsets.ISO_8859_1).endsWith("\r\n\r\n")) {
      int b = in.read();
      if (b < 0) {
        throw new IOException("connection closed in the headers: " + head);
      }
      head.write(b);
    }
    List<String> lines = head.toString(StandardCharsets.ISO_8859_1).lines().toList();
    Map<String, String> headers = new LinkedHashMap<>();
    for (String l : lines.subList(1, lines.size())) {
      int colon = l.indexOf(':');
      if (colon > 0) {
        headers.put(l.substring(0, colon).strip().toLowerCase(), l.substring(colon + 1).strip());
      }
    }
    String length = headers.get("content-length");
    byte[] body = length != null ? in.readNBytes(Integer.parseInt(length)) : in.readAllBytes();
    return new Reply(Integer.parseInt(lines.get(0).split(" ")[1]), headers,
        new String(body, StandardCharsets.UTF_8));
  }

  static Reply post(URI uri, String body, String... headers) throws IOException {
    byte[] b = body.getBytes(StandardCharsets.UTF_8);
    return exchange(uri, "POST /mcp HTTP/1.1\r\nHost: 127.0.0.1:" + uri.getPort()
        + "\r\nContent-Type: application/json\r\nAccept: application/json, text/event-stream\r\n"
        + String.join("", List.of(headers).stream().map(h -> h + "\r\n").toList())
        + "Content-Length: " + b.length + "\r\nConnection: close\r\n\r\n", b);
  }

  static String open(URI uri, String... headers) throws IOException {
    Reply r = post(uri, INIT, headers);
    assertThat(r.status()).as(r.body()).isEqualTo(200);
    String id = r.headers().get("mcp-session-id");
    List<String> more = new ArrayList<>(List.of(headers));
    more.add("Mcp-Session-Id: " + id);
    assertThat(post(uri, INITIALIZED, more.toArray(String[]::new)).status()).isEqualTo(202);
    return id;
  }

  static String call(int id, String tool) {
    return "{\"jsonrpc\":\"2.0\",\"id\":" + id + ",\"method\":\"tools/call\",\"params\":{\"name\":"
        + "\"" + tool + "\",\"arguments\":{}}}";
  }

  /** Asserts the clean JSON-RPC error shape: JSON, nothing internal, nothing of the request. */
  static int clean(Reply r, int status, String... notEchoed) {
    assertThat(r.status()).as(r.body()).isEqualTo(status);
    assertThat(r.headers().get("content-type")).startsWith("application/json");
    assertThat(r.body()).doesNotContain("<html", "Jetty", "Exception", "java.");
    for (String s : notEchoed) {
      assertThat(r.body()).doesNotContain(s);
    }
    return r.errorCode();
  }

  @Test
  void body_overTheLimitByContentLength_is413_withoutWaitingForIt() throws Exception {
    try (HttpEndpoint http = start(List.of(), "SNOWCHAT_HTTP_MAX_BODY_BYTES", "65536")) {
      URI uri = http.uri();
      // 300 MB announced, none sent: the answer cannot wait for the body.
      Reply r = exchange(uri, "POST /mcp HTTP/1.1\r\nHost: 127.0.0.1:" + uri.getPort()
          + "\r\nContent-Type: application/json\r\nAccept: application/json, text/event-stream"
          + "\r\nContent-Length: 300000000\r\n\r\n", new byte[0]);
      assertThat(clean(r, 413)).isEqualTo(-32600);
      assertThat(r.json().get("error").get("message").asString())
          .contains("65536", "SNOWCHAT_HTTP_MAX_BODY_BYTES");
      // A statement argument just over the limit: refused the same way.
      String sql = "x".repeat(65536);
      assertThat(clean(post(uri, "{\"jsonrpc\":\"2.0\",\"id\":3,\"method\":\"tools/call\","
          + "\"params\":{\"name\":\"execute_query\",\"arguments\":{\"sql\":\"" + sql + "\"}}}"),
          413)).isEqualTo(-32600);
      assertThat(post(uri, INIT).status()).isEqualTo(200); // and the server goes on
    }
  }

  /**
   * A chunked body of 300 MB (no Content-Length) is cut off at the limit: the server answers 413
   * and closes the connection, so the client cannot push the rest.
   */
  @Test
  void chunkedBody_overTheLimit_is413_andTheRestIsNeverRead() throws Exception {
    try (HttpEndpoint http = start(List.of());
        Socket s = new Socket("127.0.0.1", http.uri().getPort())) {
      s.setSoTimeout(60_000);
      long total = 300L << 20;
      AtomicLong sent = new AtomicLong();
      CompletableFuture<Void> writer = CompletableFuture.runAsync(() -> {
        try {
          OutputStream out = s.getOutputStream();
          out.write(("POST /mcp HTTP/1.1\r\nHost: 127.0.0.1:" + http.uri().getPort()
              + "\r\nContent-Type: application/json\r\nAccept: application/json,"
              + " text/event-stream\r\nTransfer-Encoding: chunked\r\n\r\n")
              .getBytes(StandardCharsets.ISO_8859_1));
          byte[] chunk = ("10000\r\n" + "[".repeat(0x10000) + "\r\n")
              .getBytes(StandardCharsets.ISO_8859_1);
          while (sent.get() < total) {
            out.write(chunk);
            sent.addAndGet(0x10000);
          }
        } catch (IOException e) {
          // the server closed the connection: what this test expects
        }
      });
      Reply r = read(s.getInputStream());
      assertThat(clean(r, 413)).isEqualTo(-32600);
      writer.get();
      assertThat(sent.get()).as("bytes the client could push").isLessThan(total);
      System.out.printf("chunked 300 MB body: 413 after the client pushed %d MB%n",
          sent.get() >> 20);
    }
  }

  /**
   * An initialize carrying 10 MB of client information: before, the session kept it for 30 to 60
   * minutes (20 of them held 253 MB of heap); now it is 413 and opens no session.
   */
  @Test
  void initialize_withHugeClientInfo_is413_andOpensNoSession() throws Exception {
    try (HttpEndpoint http = start(List.of(), "SNOWCHAT_HTTP_MAX_BODY_BYTES", "16777216",
        "SNOWCHAT_HTTP_MAX_SESSIONS", "1")) {
      String big = INIT.replace("\"name\":\"t\"", "\"name\":\"" + "x".repeat(10_000_000) + "\"");
      Reply r = post(http.uri(), big);
      assertThat(clean(r, 413)).isEqualTo(-32600);
      assertThat(r.headers()).doesNotContainKey("mcp-session-id");
      assertThat(r.json().get("error").get("message").asString()).contains("initialize");
      open(http.uri()); // the one place is still free
    }
  }

  @Test
  void sessions_overTheCap_are503_untilOneIsDeleted_andDeletedOnesAreGone() throws Exception {
    try (HttpEndpoint http = start(List.of(), "SNOWCHAT_HTTP_MAX_SESSIONS", "2")) {
      URI uri = http.uri();
      String a = open(uri);
      String b = open(uri);
      assertThat(a).isNotEqualTo(b);
      Reply third = post(uri, INIT);
      assertThat(clean(third, 503)).isEqualTo(JsonRpcErrors.SERVER_BUSY);
      assertThat(third.json().get("error").get("message").asString())
          .contains("SNOWCHAT_HTTP_MAX_SESSIONS", "DELETE");
      Reply deleted = exchange(uri, "DELETE /mcp HTTP/1.1\r\nHost: 127.0.0.1:" + uri.getPort()
          + "\r\nMcp-Session-Id: " + a + "\r\nConnection: close\r\n\r\n", new byte[0]);
      assertThat(deleted.status()).isEqualTo(200);
      assertThat(clean(post(uri, LIST, "Mcp-Session-Id: " + a), 404))
          .isEqualTo(JsonRpcErrors.SESSION_NOT_FOUND);
      open(uri);
      assertThat(post(uri, LIST, "Mcp-Session-Id: " + b).status()).isEqualTo(200);
    }
  }

  /**
   * With bearer tokens, a session belongs to the caller that opened it: another caller that
   * learns its id gets "session not found" for requests and DELETE, and the owner keeps it.
   */
  @Test
  void session_ofAnotherCaller_isNotFound_andSurvivesTheirDelete(@TempDir Path dir)
      throws Exception {
    String alice = "alice-token-0123456789abcdef";
    String bob = "bob-token-0123456789abcdef01";
    Path f = dir.resolve("identities.json");
    Files.writeString(f, "{\"identities\": [{\"name\": \"alice\", \"tokenSha256\": \""
        + HttpIdentity.sha256(alice) + "\"}, {\"name\": \"bob\", \"tokenSha256\": \""
        + HttpIdentity.sha256(bob) + "\"}]}");
    try (HttpEndpoint http = start(List.of(), "SNOWCHAT_HTTP_IDENTITIES", f.toString())) {
      URI uri = http.uri();
      String aliceAuth = "Authorization: Bearer " + alice;
      String bobAuth = "Authorization: Bearer " + bob;
      String session = open(uri, aliceAuth);
      assertThat(clean(post(uri, LIST, bobAuth, "Mcp-Session-Id: " + session), 404))
          .isEqualTo(JsonRpcErrors.SESSION_NOT_FOUND);
      Reply delete = exchange(uri, "DELETE /mcp HTTP/1.1\r\nHost: 127.0.0.1:" + uri.getPort()
          + "\r\n" + bobAuth + "\r\nMcp-Session-Id: " + session + "\r\nConnection: close\r\n\r\n",
          new byte[0]);
      assertThat(clean(delete, 404)).isEqualTo(JsonRpcErrors.SESSION_NOT_FOUND);
      Reply own = post(uri, LIST, aliceAuth, "Mcp-Session-Id: " + session);
      assertThat(own.status()).isEqualTo(200);
      assertThat(own.json().get("result").get("tools").isArray()).isTrue();
    }
  }

  /**
   * Tool calls that do not end (a tool held on a latch) beyond the cap: the extra call is
   * answered at once with the tool error SERVER_BUSY, and another client's initialize and
   * tools/list are served while the cap's calls run. Before, 40 slow calls from one client took
   * every server thread: another client's initialize got no answer, and calls beyond the pool
   * failed after 10 s as CONNECTION_FAILED ("Cannot reach the warehouse").
   */
  @Test
  void toolCalls_overTheCap_areServerBusy_andOtherClientsAreServed() throws Exception {
    Semaphore entered = new Semaphore(0);
    CountDownLatch release = new CountDownLatch(1);
    SyncToolSpecification hold = SyncToolSpecification.builder()
        .tool(Tool.builder().name("hold").inputSchema(Map.of("type", "object")).build())
        .callHandler((exchange, request) -> {
          entered.release();
          try {
            release.await();
          } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
          }
          return CallToolResult.builder().content(List.of(new TextContent("done"))).build();
        }).build();
    int cap = 3;
    try (HttpEndpoint http = start(List.of(hold), "SNOWCHAT_HTTP_MAX_CALLS",
        Integer.toString(cap))) {
      URI uri = http.uri();
      String session = open(uri);
      ExecutorService clients = Executors.newCachedThreadPool();
      try {
        List<Future<Reply>> held = new ArrayList<>();
        for (int i = 0; i < cap; i++) {
          int n = i;
          held.add(clients.submit(() -> post(uri, call(10 + n, "hold"),
              "Mcp-Session-Id: " + session)));
        }
        entered.acquire(cap); // all three are inside the tool
        Reply busy = post(uri, call(99, "hold"), "Mcp-Session-Id: " + session);
        assertThat(busy.status()).isEqualTo(200);
        JsonNode result = busy.json().get("result");
        assertThat(busy.json().get("id").asInt()).isEqualTo(99);
        assertThat(result.get("isError").asBoolean()).isTrue();
        assertThat(result.get("structuredContent").get("error").get("code").asString())
            .isEqualTo("SERVER_BUSY");
        assertThat(result.get("content").get(0).get("text").asString())
            .contains("SNOWCHAT_HTTP_MAX_CALLS");
        // Many more from the same client: all refused at once, none holds a thread.
        for (int i = 0; i < 40; i++) {
          assertThat(post(uri, call(100 + i, "hold"), "Mcp-Session-Id: " + session).json()
              .get("result").get("structuredContent").get("error").get("code").asString())
              .isEqualTo("SERVER_BUSY");
        }
        String other = open(uri);
        Reply list = post(uri, LIST, "Mcp-Session-Id: " + other);
        assertThat(list.status()).isEqualTo(200);
        assertThat(list.json().get("result").get("tools").get(0).get("name").asString())
            .isEqualTo("hold");
        release.countDown();
        for (Future<Reply> f : held) {
          assertThat(f.get().json().get("result").get("content").get(0).get("text").asString())
              .isEqualTo("done");
        }
        // The places are free again.
        assertThat(post(uri, call(200, "hold"), "Mcp-Session-Id: " + other).json()
            .get("result").get("content").get(0).get("text").asString()).isEqualTo("done");
      } finally {
        release.countDown();
        clients.shutdownNow();
      }
    }
  }

  /**
   * JSON that is not one JSON-RPC 2.0 message is -32600 with what is wrong (before: -32700 with
   * an ERROR log line each, HTTP 500 for {@code null}, and a 200 without a response for params
   * that are not an object).
   */
  @Test
  void jsonThatIsNotOneJsonRpcMessage_isInvalidRequest() throws Exception {
    try (HttpEndpoint http = start(List.of())) {
      URI uri = http.uri();
      String session = open(uri);
      Map<String, String> cases = new LinkedHashMap<>();
      cases.put("[" + INIT + "]", "batches");
      cases.put("null", "object");
      cases.put("42", "object");
      cases.put("{\"jsonrpc\":\"2.0\",\"id\":{\"a\":1},\"method\":\"tools/list\"}", "\"id\"");
      cases.put("{\"jsonrpc\":\"2.0\",\"id\":1.5,\"method\":\"tools/list\"}", "\"id\"");
      cases.put("{\"jsonrpc\":\"2.0\",\"id\":true,\"method\":\"tools/list\"}", "\"id\"");
      cases.put("{\"jsonrpc\":\"1.0\",\"id\":3,\"method\":\"tools/list\"}", "\"jsonrpc\"");
      cases.put("{\"id\":3,\"method\":\"tools/list\"}", "\"jsonrpc\"");
      cases.put("{\"jsonrpc\":\"2.0\",\"id\":7,\"method\":\"tools/call\",\"params\":5}",
          "\"params\"");
      cases.put("{\"jsonrpc\":\"2.0\",\"id\":8,\"method\":[\"tools/list\"]}", "\"method\"");
      cases.put("{\"jsonrpc\":\"2.0\",\"result\":{}}", "\"method\"");
      for (Map.Entry<String, String> c : cases.entrySet()) {
        Reply r = post(uri, c.getKey(), "Mcp-Session-Id: " + session);
        assertThat(clean(r, 400)).as(c.getKey()).isEqualTo(JsonRpcErrors.INVALID_REQUEST);
        assertThat(r.json().get("error").get("message").asString()).as(c.getKey())
            .contains(c.getValue());
      }
      // Deep nesting is refused by the parser's depth limit, not by a stack overflow.
      String deep = "[".repeat(100_000) + "]".repeat(100_000);
      assertThat(clean(post(uri, deep, "Mcp-Session-Id: " + session), 400))
          .isEqualTo(JsonRpcErrors.PARSE_ERROR);
      assertThat(post(uri, LIST, "Mcp-Session-Id: " + session).status()).isEqualTo(200);
    }
  }

  /**
   * Requests Jetty refuses before the servlet (a Host whose port is not a number, an absolute
   * URI naming another host, headers too large, no Host on HTTP/1.1) are answered with the clean
   * JSON error too; Jetty's HTML page echoed the request's URI.
   */
  @Test
  void requestsJettyRefuses_areCleanJson_andEchoNothing() throws Exception {
    try (HttpEndpoint http = start(List.of())) {
      URI uri = http.uri();
      int port = uri.getPort();
      String json = "Content-Type: application/json\r\nContent-Length: 0\r\nConnection: close";
      assertThat(clean(exchange(uri, "POST /mcp HTTP/1.1\r\nHost: localhost:<script>x</script>"
          + "\r\n" + json + "\r\n\r\n", new byte[0]), 400, "<script>"))
          .isEqualTo(JsonRpcErrors.INVALID_REQUEST);
      assertThat(clean(exchange(uri, "POST http://evil.example/mcp HTTP/1.1\r\nHost: 127.0.0.1:"
          + port + "\r\n" + json + "\r\n\r\n", new byte[0]), 400, "evil.example"))
          .isEqualTo(JsonRpcErrors.INVALID_REQUEST);
      assertThat(clean(exchange(uri, "GET /mcp HTTP/1.1\r\nHost: 127.0.0.1:" + port
          + "\r\nX-Big: " + "a".repeat(20_000) + "\r\nConnection: close\r\n\r\n", new byte[0]),
          431, "aaaa")).isEqualTo(JsonRpcErrors.INVALID_REQUEST);
      assertThat(clean(exchange(uri, "POST /mcp HTTP/1.1\r\n" + json + "\r\n\r\n",
          new byte[0]), 400)).isEqualTo(JsonRpcErrors.INVALID_REQUEST);
    }
  }
}
