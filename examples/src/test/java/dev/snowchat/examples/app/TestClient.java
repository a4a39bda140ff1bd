package dev.snowchat.examples.app;

import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import tools.jackson.databind.json.JsonMapper;

/** A small HTTP client for the app's API, reading SSE streams frame by frame. */
final class TestClient {
  static final JsonMapper JSON = JsonMapper.builder().build();

  private final URI base;
  private final HttpClient http = HttpClient.newBuilder()
      .connectTimeout(Duration.ofSeconds(10)).build();
  private final Map<String, String> headers;

  TestClient(URI base, Map<String, String> headers) {
    this.base = base;
    this.headers = headers;
  }

  TestClient(URI base) {
    this(base, Map.of());
  }

  HttpRequest.Builder request(String path) {
    HttpRequest.Builder b = HttpRequest.newBuilder(base.resolve(path))
        .timeout(Duration.ofSeconds(120));
    headers.forEach(b::header);
    return b;
  }

  HttpResponse<String> get(String path) throws IOException, InterruptedException {
    return http.send(request(path).GET().build(), HttpResponse.BodyHandlers.ofString());
  }

  HttpResponse<String> post(String path, Object body) throws IOException, InterruptedException {
    return http.send(request(path).header("Content-Type", "application/json")
        .POST(HttpRequest.BodyPublishers.ofString(JSON.writeValueAsString(body))).build(),
        HttpResponse.BodyHandlers.ofString());
  }

  @SuppressWarnings("unchecked")
  static Map<String, Object> json(HttpResponse<String> r) {
    return JSON.readValue(r.body(), Map.class);
  }

  String newSession() throws IOException, InterruptedException {
    HttpResponse<String> r = post("/api/session", Map.of());
    if (r.statusCode() != 200) {
      throw new AssertionError("POST /api/session: " + r.statusCode() + " " + r.body());
    }
    return (String) json(r).get("session");
  }

  /** The raw SSE response of one chat turn, read to its end. */
  HttpResponse<String> chatRaw(String session, String prompt)
      throws IOException, InterruptedException {
    return post("/api/chat", Map.of("session", session, "prompt", prompt));
  }

  /** The events of one chat turn, parsed, in order (checks the framing on the way). */
  List<Map<String, Object>> chat(String session, String prompt)
      throws IOException, InterruptedException {
    HttpResponse<String> r = chatRaw(session, prompt);
    if (r.statusCode() != 200) {
      throw new AssertionError("POST /api/chat: " + r.statusCode() + " " + r.body());
    }
    return events(r.body());
  }

  @SuppressWarnings("unchecked")
  static List<Map<String, Object>> events(String body) {
    List<Map<String, Object>> events = new ArrayList<>();
    if (!body.endsWith("\n\n")) {
      throw new AssertionError("SSE body does not end with a blank line: " + tail(body));
    }
    for (String frame : body.substring(0, body.length() - 2).split("\n\n", -1)) {
      if (frame.startsWith(":")) {
        continue; // heartbeat comment
      }
      if (!frame.startsWith("data: ") || frame.indexOf('\n') >= 0) {
        throw new AssertionError("Not one 'data: {json}' line: " + frame);
      }
      events.add(JSON.readValue(frame.substring(6), Map.class));
    }
    return events;
  }

  private static String tail(String s) {
    return s.length() < 200 ? s : s.substring(s.length() - 200);
  }
}
