package dev.snowchat.examples.app;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

class HttpApiTest {
  private static ChatApp app;
  private static TestClient client;

  @BeforeAll
  static void start() {
    app = TestApps.start(TestApps.env("SNOWCHAT_SCHEMA_INDEX", "false"), new FakeEngines.Echo(3));
    client = new TestClient(app.uri());
  }

  @AfterAll
  static void stop() {
    app.close();
  }

  @Test
  @SuppressWarnings("unchecked")
  void health_hasReadyChecksAndMessage() throws Exception {
    HttpResponse<String> r = client.get("/api/health");
    assertThat(r.statusCode()).isEqualTo(200);
    assertThat(r.headers().firstValue("Content-Type")).hasValue("application/json");
    Map<String, Object> h = TestClient.json(r);
    assertThat(h).containsOnlyKeys("ready", "checks", "message");
    assertThat(h.get("ready")).isEqualTo(true);
    List<Map<String, Object>> checks = (List<Map<String, Object>>) h.get("checks");
    assertThat(checks).allSatisfy(c -> {
      assertThat(c).containsOnlyKeys("name", "ok", "detail");
      assertThat(c.get("ok")).isInstanceOf(Boolean.class);
      assertThat(c.get("detail")).isInstanceOf(String.class);
    });
    assertThat(checks).extracting(c -> c.get("name")).containsExactly("warehouse",
        "schema index", "tools", "model engine", "model login", "access");
    assertThat(checks.get(0).get("detail").toString()).contains("duckdb", "mode read_only");
    assertThat((String) h.get("message")).startsWith("Ready");
  }

  @Test
  void session_isServerIssued128BitRandom() throws Exception {
    String a = client.newSession();
    String b = client.newSession();
    assertThat(a).matches("[A-Za-z0-9_-]{22}").isNotEqualTo(b);
  }

  @Test
  void chat_unknownSession_isRefusedNotAdopted() throws Exception {
    HttpResponse<String> r = client.chatRaw("my-own-session-id", "hello");
    assertThat(r.statusCode()).isEqualTo(404);
    assertThat(TestClient.json(r)).containsEntry("error", "UNKNOWN_SESSION");
  }

  @Test
  void chat_streamsOneDataLinePerEvent_endingInDone() throws Exception {
    String s = client.newSession();
    HttpResponse<String> r = client.chatRaw(s, "hi");
    assertThat(r.statusCode()).isEqualTo(200);
    assertThat(r.headers().firstValue("Content-Type")).hasValueSatisfying(
        v -> assertThat(v).startsWith("text/event-stream"));
    List<Map<String, Object>> events = TestClient.events(r.body());
    assertThat(events).extracting(e -> e.get("type")).containsExactly("thinking", "text", "text",
        "text", "done");
    assertThat(events.get(1)).containsEntry("text", "[hi #0 history=0]");
    assertThat(events.get(4)).containsKeys("stopReason", "usage", "costUsd", "durationMs");
  }

  @Test
  void reset_clearsTheConversation() throws Exception {
    String s = client.newSession();
    client.chat(s, "one");
    assertThat(client.chat(s, "two").get(1)).containsEntry("text", "[two #0 history=2]");
    HttpResponse<String> r = client.post("/api/reset", Map.of("session", s));
    assertThat(r.statusCode()).isEqualTo(200);
    assertThat(client.chat(s, "three").get(1)).containsEntry("text", "[three #0 history=0]");
  }

  @Test
  void reset_unknownSession_is404() throws Exception {
    assertThat(client.post("/api/reset", Map.of("session", "nope")).statusCode()).isEqualTo(404);
  }

  @Test
  void post_fromAnotherOrigin_isRefused() throws Exception {
    String s = client.newSession();
    TestClient evil = new TestClient(app.uri(), Map.of("Origin", "http://evil.example"));
    HttpResponse<String> r = evil.post("/api/chat", Map.of("session", s, "prompt", "hi"));
    assertThat(r.statusCode()).isEqualTo(403);
    assertThat(TestClient.json(r)).containsEntry("error", "CROSS_ORIGIN");
    String own = "http://" + app.uri().getHost() + ":" + app.uri().getPort();
    TestClient same = new TestClient(app.uri(), Map.of("Origin", own));
    assertThat(same.post("/api/reset", Map.of("session", s)).statusCode()).isEqualTo(200);
    // the same page served through a TLS-terminating proxy that forwards the Host
    TestClient proxied = new TestClient(app.uri(), Map.of("Origin", own.replace("http:", "https:")));
    assertThat(proxied.post("/api/reset", Map.of("session", s)).statusCode()).isEqualTo(200);
  }

  @Test
  void post_withAContentTypeThatOnlyStartsLikeJson_isRefused() throws Exception {
    for (String type : new String[] {"application/json-evil", "application/jsonx"}) {
      HttpResponse<String> r = java.net.http.HttpClient.newHttpClient().send(
          client.request("/api/session").header("Content-Type", type)
              .POST(HttpRequest.BodyPublishers.ofString("{}")).build(),
          HttpResponse.BodyHandlers.ofString());
      assertThat(r.statusCode()).as(type).isEqualTo(415);
    }
    HttpResponse<String> ok = java.net.http.HttpClient.newHttpClient().send(
        client.request("/api/session").header("Content-Type", "application/json; charset=utf-8")
            .POST(HttpRequest.BodyPublishers.ofString("{}")).build(),
        HttpResponse.BodyHandlers.ofString());
    assertThat(ok.statusCode()).isEqualTo(200);
  }

  @Test
  void post_withoutJsonContentType_isRefused() throws Exception {
    HttpResponse<String> r = java.net.http.HttpClient.newHttpClient().send(
        client.request("/api/session").header("Content-Type", "text/plain")
            .POST(HttpRequest.BodyPublishers.ofString("{}")).build(),
        HttpResponse.BodyHandlers.ofString());
    assertThat(r.statusCode()).isEqualTo(415);
  }

  @Test
  void request_forAnotherHost_isRefusedOnLoopback() throws Exception {
    // DNS rebinding: a page on evil.example resolved to 127.0.0.1 sends Host: evil.example.
    try (java.net.Socket s = new java.net.Socket(app.uri().getHost(), app.uri().getPort())) {
      s.getOutputStream().write(("GET /api/health HTTP/1.1\r\nHost: evil.example:"
          + app.uri().getPort() + "\r\nConnection: close\r\n\r\n").getBytes());
      String head = new String(s.getInputStream().readAllBytes());
      assertThat(head).startsWith("HTTP/1.1 421");
    }
  }

  @Test
  void request_hostParsing_isStrict_andAcceptsTheLoopbackNetwork() throws Exception {
    int port = app.uri().getPort();
    for (String host : new String[] {"[::1]evil.example", "127.0.0.1.evil.example",
        "localhost:80evil", "127.0.0.256", "[::1"}) {
      assertThat(statusFor(host)).as(host).isEqualTo(421);
    }
    for (String host : new String[] {"127.0.0.1:" + port, "localhost:" + port, "127.0.0.2:" + port,
        "[::1]:" + port, "localhost"}) {
      assertThat(statusFor(host)).as(host).isEqualTo(200);
    }
  }

  private static int statusFor(String host) throws Exception {
    try (java.net.Socket s = new java.net.Socket(app.uri().getHost(), app.uri().getPort())) {
      s.getOutputStream().write(("GET /api/health HTTP/1.1\r\nHost: " + host
          + "\r\nConnection: close\r\n\r\n").getBytes());
      String head = new String(s.getInputStream().readAllBytes());
      return Integer.parseInt(head.substring(9, 12));
    }
  }

  @Test
  void twoSessions_neverSeeEachOthersEvents() throws Exception {
    List<String> sessions = new ArrayList<>();
    for (int i = 0; i < 8; i++) {
      sessions.add(client.newSession());
    }
    try (ExecutorService pool = Executors.newVirtualThreadPerTaskExecutor()) {
      List<Future<List<Map<String, Object>>>> futures = new ArrayList<>();
      for (int round = 0; round < 3; round++) {
        for (int i = 0; i < sessions.size(); i++) {
          String s = sessions.get(i);
          String marker = "session-" + i + "-round-" + round;
          futures.add(pool.submit(() -> client.chat(s, marker)));
        }
        for (int i = 0; i < sessions.size(); i++) {
          List<Map<String, Object>> events = futures.get(round * sessions.size() + i).get();
          String marker = "session-" + i + "-round-" + round;
          int history = 2 * round;
          assertThat(events).filteredOn(e -> "text".equals(e.get("type")))
              .hasSize(3)
              .allSatisfy(e -> assertThat((String) e.get("text"))
                  .startsWith("[" + marker + " #").contains("history=" + history));
        }
      }
    }
  }

  @Test
  void confirm_fromAnotherSession_findsNothing() throws Exception {
    String s = client.newSession();
    HttpResponse<String> r = client.post("/api/confirm",
        Map.of("session", s, "toolUseId", "call-1", "approve", true));
    assertThat(r.statusCode()).isEqualTo(404);
    assertThat(TestClient.json(r)).containsEntry("error", "NO_PENDING_APPROVAL");
  }

  @Test
  void ui_isServedWithItsLibrariesFromWebJars() throws Exception {
    HttpResponse<String> index = client.get("/");
    assertThat(index.statusCode()).isEqualTo(200);
    assertThat(index.body()).contains("/vendor/marked.js", "/vendor/purify.js", "/app.js");
    assertThat(index.headers().firstValue("Content-Security-Policy")).hasValueSatisfying(
        v -> assertThat(v).contains("script-src 'self'"));
    assertThat(client.get("/vendor/marked.js").body()).contains("marked");
    assertThat(client.get("/vendor/purify.js").body()).contains("DOMPurify");
    assertThat(client.get("/nope").statusCode()).isEqualTo(404);
  }

  @Test
  void config_beyondLoopbackWithoutToken_refusesToStart() {
    assertThatThrownBy(() -> AppConfig.from(TestApps.env(), "0.0.0.0", 0))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("SNOWCHAT_APP_TOKEN");
    assertThatThrownBy(() -> AppConfig.from(TestApps.env("SNOWCHAT_APP_TOKEN", "short"),
        "0.0.0.0", 0)).hasMessageContaining("too short");
    assertThat(AppConfig.from(TestApps.env("SNOWCHAT_APP_TOKEN", "0123456789abcdef-token"),
        "0.0.0.0", 0).token()).isPresent();
  }
}
