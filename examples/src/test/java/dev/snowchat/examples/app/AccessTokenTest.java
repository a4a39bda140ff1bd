package dev.snowchat.examples.app;

import static org.assertj.core.api.Assertions.assertThat;

import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.util.Map;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

class AccessTokenTest {
  private static final String TOKEN = "test-token-0123456789abcdef";
  private static ChatApp app;

  @BeforeAll
  static void start() {
    app = TestApps.start(TestApps.env("SNOWCHAT_SCHEMA_INDEX", "false",
        "SNOWCHAT_APP_TOKEN", TOKEN), new FakeEngines.Echo(1));
  }

  @AfterAll
  static void stop() {
    app.close();
  }

  @Test
  void api_withoutToken_is401() throws Exception {
    TestClient anonymous = new TestClient(app.uri());
    HttpResponse<String> r = anonymous.get("/api/health");
    assertThat(r.statusCode()).isEqualTo(401);
    assertThat(r.body()).doesNotContain(TOKEN);
    assertThat(anonymous.post("/api/session", Map.of()).statusCode()).isEqualTo(401);
    assertThat(anonymous.get("/").statusCode()).isEqualTo(401);
    TestClient wrong = new TestClient(app.uri(), Map.of("Authorization", "Bearer wrong-token"));
    assertThat(wrong.get("/api/health").statusCode()).isEqualTo(401);
  }

  @Test
  void api_withBearerToken_works() throws Exception {
    TestClient c = new TestClient(app.uri(), Map.of("Authorization", "Bearer " + TOKEN));
    assertThat(c.get("/api/health").statusCode()).isEqualTo(200);
    String s = c.newSession();
    assertThat(c.chat(s, "hi")).extracting(e -> e.get("type")).endsWith("done");
  }

  @Test
  void tokenLogin_setsAnHttpOnlyCookie_thatThenAuthorizes() throws Exception {
    HttpClient http = HttpClient.newBuilder().followRedirects(HttpClient.Redirect.NEVER).build();
    HttpResponse<String> login = http.send(HttpRequest.newBuilder(
        app.uri().resolve("/?token=" + TOKEN)).build(), HttpResponse.BodyHandlers.ofString());
    assertThat(login.statusCode()).isEqualTo(303);
    assertThat(login.headers().firstValue("Location")).hasValue("/");
    String setCookie = login.headers().firstValue("Set-Cookie").orElseThrow();
    assertThat(setCookie).contains("HttpOnly", "SameSite=Strict").doesNotContain(TOKEN);
    String cookie = setCookie.substring(0, setCookie.indexOf(';'));
    TestClient c = new TestClient(app.uri(), Map.of("Cookie", cookie));
    assertThat(c.get("/").statusCode()).isEqualTo(200);
    assertThat(c.get("/api/health").statusCode()).isEqualTo(200);

    HttpResponse<String> bad = http.send(HttpRequest.newBuilder(
        app.uri().resolve("/?token=wrong")).build(), HttpResponse.BodyHandlers.ofString());
    assertThat(bad.statusCode()).isEqualTo(401);
  }

  /** A review found {@code /%2Fevil.example?token=T} redirected to {@code //evil.example}. */
  @Test
  void tokenLogin_redirectsOnlyToAPathOnThisServer() throws Exception {
    HttpClient http = HttpClient.newBuilder().followRedirects(HttpClient.Redirect.NEVER).build();
    for (String path : new String[] {"/%2Fevil.example", "/%2F%2Fevil.example", "/%5Cevil.example"}) {
      HttpResponse<String> login = http.send(HttpRequest.newBuilder(
          app.uri().resolve(path + "?token=" + TOKEN)).build(),
          HttpResponse.BodyHandlers.ofString());
      assertThat(login.statusCode()).as(path).isEqualTo(303);
      String location = login.headers().firstValue("Location").orElseThrow();
      assertThat(location).as(path).startsWith("/").doesNotStartWith("//")
          .doesNotStartWith("/\\");
      assertThat(app.uri().resolve(location).getHost()).as(path)
          .isEqualTo(app.uri().getHost());
    }
  }
}
