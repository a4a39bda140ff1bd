package dev.snowchat.examples.app;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.io.OutputStream;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** Stopping a turn, and a client going away, cancel the running query on the warehouse. */
class CancellationTest {
  private FakeEngines.RunSql engine;
  private ChatApp app;
  private TestClient client;

  @BeforeEach
  void start() {
    engine = new FakeEngines.RunSql();
    app = TestApps.start(TestApps.env("SNOWCHAT_SCHEMA_INDEX", "false",
        "SNOWCHAT_QUERY_TIMEOUT", "600s"), engine);
    client = new TestClient(app.uri());
  }

  @AfterEach
  void stop() {
    app.close();
  }

  /** Asks the long query on another thread: the turn's events once it has ended. */
  private CompletableFuture<List<Map<String, Object>>> longTurn(String session) {
    return CompletableFuture.supplyAsync(() -> {
      try {
        return client.chat(session, BrowserTest.LONG_QUERY);
      } catch (Exception e) {
        throw new IllegalStateException(e);
      }
    });
  }

  @Test
  void stop_endsTheTurnAsCancelled_andInterruptsTheQuery() throws Exception {
    String s = client.newSession();
    CompletableFuture<List<Map<String, Object>>> turn = longTurn(s);
    assertThat(engine.started.await(30, TimeUnit.SECONDS)).isTrue();
    // The stop may race the turn's start; it is repeated until the turn reports it.
    boolean stopped = false;
    while (!stopped) {
      stopped = (Boolean) TestClient.json(client.post("/api/stop", Map.of("session", s)))
          .get("ok");
    }
    List<Map<String, Object>> events = turn.get(60, TimeUnit.SECONDS);
    assertThat(events.get(events.size() - 1)).containsEntry("type", "done")
        .containsEntry("stopReason", "cancelled");
    assertThat(engine.interruptions.await(30, TimeUnit.SECONDS)).isTrue();
  }

  /**
   * A review found that a second question while a turn runs (answered SESSION_BUSY) unregistered
   * the running turn: /api/stop then answered {@code ok: false} and the turn ran on.
   */
  @Test
  void busySecondQuestion_leavesTheRunningTurnStoppable() throws Exception {
    String s = client.newSession();
    CompletableFuture<List<Map<String, Object>>> turn = longTurn(s);
    assertThat(engine.started.await(30, TimeUnit.SECONDS)).isTrue();
    List<Map<String, Object>> busy = client.chat(s, "SELECT 1");
    assertThat(busy).anySatisfy(e -> assertThat(e).containsEntry("code", "SESSION_BUSY"));
    boolean stopped = false;
    long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(30);
    while (!stopped && System.nanoTime() < deadline) {
      stopped = (Boolean) TestClient.json(client.post("/api/stop", Map.of("session", s)))
          .get("ok");
    }
    assertThat(stopped).as("the running turn can still be stopped").isTrue();
    List<Map<String, Object>> events = turn.get(60, TimeUnit.SECONDS);
    assertThat(events.get(events.size() - 1)).containsEntry("stopReason", "cancelled");
  }

  @Test
  void clientGoingAway_cancelsTheTurn() throws Exception {
    String s = client.newSession();
    String body = TestClient.JSON.writeValueAsString(Map.of("session", s,
        "prompt", BrowserTest.LONG_QUERY));
    try (Socket socket = new Socket(app.uri().getHost(), app.uri().getPort())) {
      OutputStream out = socket.getOutputStream();
      out.write(("POST /api/chat HTTP/1.1\r\nHost: 127.0.0.1:" + app.uri().getPort()
          + "\r\nContent-Type: application/json\r\nContent-Length: "
          + body.getBytes(StandardCharsets.UTF_8).length + "\r\n\r\n" + body)
          .getBytes(StandardCharsets.UTF_8));
      out.flush();
      BufferedReader in = new BufferedReader(new InputStreamReader(socket.getInputStream(),
          StandardCharsets.UTF_8));
      String line;
      while ((line = in.readLine()) != null && !line.contains("\"type\":\"tool_use\"")) {
        // read up to the tool call: the query is running now
      }
      assertThat(line).isNotNull();
    }
    // The socket is closed: the next heartbeat write fails and the turn is cancelled.
    assertThat(engine.interruptions.await(30, TimeUnit.SECONDS)).isTrue();
  }
}
