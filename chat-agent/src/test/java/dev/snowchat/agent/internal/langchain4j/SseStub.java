package dev.snowchat.agent.internal.langchain4j;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import java.io.IOException;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.Executors;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * A provider stand-in on 127.0.0.1: replays scripted HTTP responses (SSE streams written event by
 * event, or error statuses) and records every request the client sent, so tests can assert the
 * body through the real client library.
 */
public final class SseStub implements AutoCloseable {
  private static final JsonMapper JSON = JsonMapper.builder().build();

  /** One recorded request. */
  public record Recorded(String method, String path, Map<String, List<String>> headers,
      String body) {
    /** {@return the body parsed as JSON} */
    public JsonNode json() {
      return JSON.readTree(body);
    }

    /** {@return the first value of a header, or null} */
    public String header(String name) {
      for (var e : headers.entrySet()) {
        if (e.getKey().equalsIgnoreCase(name)) {
          return e.getValue().get(0);
        }
      }
      return null;
    }
  }

  /** A scripted reply. */
  public interface Reply {
    void write(HttpExchange exchange) throws IOException, InterruptedException;
  }

  private final HttpServer server;
  private final BlockingQueue<Reply> replies = new LinkedBlockingQueue<>();
  private final List<Recorded> requests = new ArrayList<>();

  /** Starts the stub on an ephemeral loopback port. */
  public SseStub() throws IOException {
    server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
    server.setExecutor(Executors.newVirtualThreadPerTaskExecutor());
    server.createContext("/", this::handle);
    server.start();
  }

  /** {@return the base URL, e.g. {@code http://127.0.0.1:4711}} */
  public String url() {
    return "http://127.0.0.1:" + server.getAddress().getPort();
  }

  /** Queues a reply for the next request. */
  public SseStub enqueue(Reply reply) {
    replies.add(reply);
    return this;
  }

  /** {@return the requests received so far} */
  public synchronized List<Recorded> requests() {
    return List.copyOf(requests);
  }

  private void handle(HttpExchange ex) throws IOException {
    String body = new String(ex.getRequestBody().readAllBytes(), StandardCharsets.UTF_8);
    synchronized (this) {
      requests.add(new Recorded(ex.getRequestMethod(), ex.getRequestURI().getPath(),
          Map.copyOf(ex.getRequestHeaders()), body));
    }
    Reply reply = replies.poll();
    try {
      if (reply == null) {
        json(500, "{\"error\":\"the stub has no reply queued\"}").write(ex);
      } else {
        reply.write(ex);
      }
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    } finally {
      ex.close();
    }
  }

  /** {@return a reply of one JSON body with a status} */
  public static Reply json(int status, String body) {
    return json(status, body, Map.of());
  }

  /** {@return a reply of one JSON body with a status and headers} */
  public static Reply json(int status, String body, Map<String, String> headers) {
    return ex -> {
      byte[] bytes = body.getBytes(StandardCharsets.UTF_8);
      ex.getResponseHeaders().set("Content-Type", "application/json");
      headers.forEach(ex.getResponseHeaders()::set);
      ex.sendResponseHeaders(status, bytes.length);
      ex.getResponseBody().write(bytes);
    };
  }

  /** {@return a 200 text/event-stream reply writing the events one flush at a time} */
  public static Reply sse(List<String> events) {
    return ex -> {
      OutputStream out = startSse(ex);
      for (String e : events) {
        out.write(e.getBytes(StandardCharsets.UTF_8));
        out.flush();
      }
    };
  }

  /**
   * A stream that stops part-way: it writes {@code head}, counts down {@code sent}, waits for
   * {@code resume}, then writes {@code ping} until a write fails because the client closed the
   * connection (counted down on {@code disconnected}), at most {@code maxPings} times.
   */
  public static Reply stalled(List<String> head, CountDownLatch sent, CountDownLatch resume,
      String ping, int maxPings, CountDownLatch disconnected) {
    return ex -> {
      OutputStream out = startSse(ex);
      for (String e : head) {
        out.write(e.getBytes(StandardCharsets.UTF_8));
        out.flush();
      }
      sent.countDown();
      if (!resume.await(30, TimeUnit.SECONDS)) {
        return;
      }
      try {
        for (int i = 0; i < maxPings; i++) {
          out.write(ping.getBytes(StandardCharsets.UTF_8));
          out.flush();
        }
      } catch (IOException closed) {
        disconnected.countDown();
      }
    };
  }

  private static OutputStream startSse(HttpExchange ex) throws IOException {
    ex.getResponseHeaders().set("Content-Type", "text/event-stream; charset=utf-8");
    ex.getResponseHeaders().set("Cache-Control", "no-cache");
    ex.sendResponseHeaders(200, 0);
    return ex.getResponseBody();
  }

  /** {@return one named SSE event: {@code event: name} and one {@code data:} line} */
  public static String event(String name, String json) {
    return "event: " + name + "\ndata: " + json + "\n\n";
  }

  /** {@return one unnamed SSE event: a {@code data:} line} */
  public static String data(String json) {
    return "data: " + json + "\n\n";
  }

  @Override
  public void close() {
    server.stop(0);
  }
}
