package dev.snowchat.examples.app;

import com.sun.net.httpserver.HttpExchange;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;

/**
 * One Server-Sent Events response: each event is one {@code data: {json}} line and a blank line,
 * flushed at once. A comment line ({@code : ping}) goes out every second while the stream is
 * open, so a client that went away (a closed tab, the stop button's abort) is noticed even while
 * a query runs and no event is due; the first failed write calls {@code onGone} once.
 */
final class SseStream implements AutoCloseable {
  private final OutputStream out;
  private final Runnable onGone;
  private final ScheduledFuture<?> heartbeat;
  private boolean gone;
  private boolean closed;

  SseStream(HttpExchange exchange, ScheduledExecutorService timer, Runnable onGone)
      throws IOException {
    this.onGone = onGone;
    exchange.getResponseHeaders().set("Content-Type", "text/event-stream; charset=utf-8");
    exchange.getResponseHeaders().set("Cache-Control", "no-store");
    exchange.getResponseHeaders().set("X-Accel-Buffering", "no");
    exchange.sendResponseHeaders(200, 0);
    this.out = exchange.getResponseBody();
    this.heartbeat = timer.scheduleWithFixedDelay(() -> write(": ping\n\n"), 1, 1,
        TimeUnit.SECONDS);
  }

  /**
   * Sends one event.
   *
   * @param json the event's JSON, one line
   */
  void send(String json) {
    write("data: " + json + "\n\n");
  }

  private void write(String frame) {
    boolean report;
    synchronized (this) {
      if (gone || closed) {
        return;
      }
      try {
        out.write(frame.getBytes(StandardCharsets.UTF_8));
        out.flush();
        return;
      } catch (IOException e) {
        gone = true;
        report = true;
      }
    }
    if (report) {
      onGone.run();
    }
  }

  /** {@return true once a write failed: the client is gone} */
  synchronized boolean isGone() {
    return gone;
  }

  @Override
  public void close() {
    heartbeat.cancel(false);
    synchronized (this) {
      if (closed) {
        return;
      }
      closed = true;
      try {
        out.close();
      } catch (IOException e) {
        gone = true;
      }
    }
  }
}
