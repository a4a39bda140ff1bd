package dev.snowchat.mcp.internal.transport;

import static java.util.Objects.requireNonNull;

import io.modelcontextprotocol.json.McpJsonMapper;
import io.modelcontextprotocol.spec.McpSchema;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.Arrays;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;
import org.jspecify.annotations.Nullable;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Stands between the stdio channel and the MCP SDK's stdio transport, which stops reading for
 * good at the first line it cannot deserialize (and the process then never notices the end of
 * its input). Every line is checked here first: a line that is not JSON gets a JSON-RPC parse
 * error (-32700), a JSON value that is not a JSON-RPC message an invalid-request error (-32600),
 * and neither reaches the SDK; serving goes on. The end of input ends serving at once.
 *
 * <p>Responses of the SDK and of this guard are written a whole line at a time under one lock,
 * so they never interleave on the channel. When the input ends, requests already passed on are
 * answered before serving ends (a client may close its side right after its last request).
 */
public final class StdioGuard {
  private static final Logger LOG = LoggerFactory.getLogger(StdioGuard.class);
  /** The largest message accepted, as the SDK's own default. */
  static final int MAX_LINE_BYTES = 32 * 1024 * 1024;
  private static final byte[] EOF = new byte[0];

  private final InputStream in;
  private final LineOutputStream out;
  private final McpJsonMapper mapper;
  private final BlockingQueue<byte[]> lines = new LinkedBlockingQueue<>(1024);
  private final CountDownLatch ended = new CountDownLatch(1);
  /** Ids (as JSON text) of requests passed to the SDK and not yet answered; guarded by itself. */
  private final Set<String> pending = new HashSet<>();
  /** Whether the client has sent notifications/initialized; only the reading thread uses it. */
  private boolean initialized;

  /**
   * Creates a guard; call {@link #start()} to begin reading.
   *
   * @param in the client's messages
   * @param out where every response goes
   * @param mapper the SDK's JSON mapper, so that a line passes exactly when the SDK can read it
   */
  public StdioGuard(InputStream in, OutputStream out, McpJsonMapper mapper) {
    this.in = requireNonNull(in, "in is null");
    this.out = new LineOutputStream(requireNonNull(out, "out is null"), this::answered);
    this.mapper = requireNonNull(mapper, "mapper is null");
  }

  /** {@return the checked lines, for the SDK's transport} */
  public InputStream sdkInput() {
    return new QueueInputStream();
  }

  /** {@return the channel, for the SDK's transport: writes go out a whole line at a time} */
  public OutputStream sdkOutput() {
    return out;
  }

  /** Starts the reading thread. */
  public void start() {
    Thread t = new Thread(this::readLoop, "snowchat-stdio-reader");
    t.setDaemon(true);
    t.start();
  }

  /**
   * Waits until the input ends (or cannot be read), then until every request passed on has been
   * answered or the drain time has passed, then ends the SDK's input (the SDK drops what it has
   * not answered once its input ends).
   *
   * @param drain how long to wait at most for answers after the input ended
   * @throws InterruptedException when interrupted while waiting
   */
  public void awaitEnd(Duration drain) throws InterruptedException {
    ended.await();
    long deadline = System.nanoTime() + drain.toNanos();
    synchronized (pending) {
      long left;
      while (!pending.isEmpty() && (left = deadline - System.nanoTime()) > 0) {
        TimeUnit.NANOSECONDS.timedWait(pending, left);
      }
      if (!pending.isEmpty()) {
        LOG.warn("stdio input ended; {} request(s) still unanswered after {} s",
            pending.size(), drain.toSeconds());
      }
    }
    lines.put(EOF);
  }

  private void answered(byte[] line) {
    Object id;
    try {
      id = idOf(mapper.readValue(new String(line, StandardCharsets.UTF_8), Object.class), true);
    } catch (IOException | RuntimeException e) {
      return;
    }
    if (id != null) {
      synchronized (pending) {
        if (pending.remove(String.valueOf(id))) {
          pending.notifyAll();
        }
      }
    }
  }

  private void readLoop() {
    ByteArrayOutputStream line = new ByteArrayOutputStream();
    boolean tooLong = false;
    byte[] buf = new byte[8192];
    try {
      int n;
      while ((n = in.read(buf)) >= 0) {
        int start = 0;
        for (int i = 0; i < n; i++) {
          if (buf[i] != '\n') {
            continue;
          }
          if (!tooLong) {
            line.write(buf, start, i - start);
          }
          finishLine(line, tooLong);
          tooLong = false;
          start = i + 1;
        }
        if (!tooLong) {
          line.write(buf, start, n - start);
          if (line.size() > MAX_LINE_BYTES) {
            tooLong = true;
            line.reset();
          }
        }
      }
      if (tooLong || line.size() > 0) {
        finishLine(line, tooLong);
      }
    } catch (IOException e) {
      LOG.debug("stdio input ended with {}", e.getClass().getSimpleName());
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    } finally {
      ended.countDown(); // the SDK sees the end only after the drain in awaitEnd
    }
  }

  private void finishLine(ByteArrayOutputStream line, boolean tooLong)
      throws InterruptedException {
    if (tooLong) {
      reply(null, -32700, "Parse error: the message is larger than " + MAX_LINE_BYTES + " bytes");
      line.reset();
      return;
    }
    byte[] bytes = line.toByteArray();
    line.reset();
    int len = bytes.length;
    if (len > 0 && bytes[len - 1] == '\r') {
      len--;
    }
    String text = new String(bytes, 0, len, StandardCharsets.UTF_8);
    if (text.isBlank()) {
      return;
    }
    Object value;
    try {
      value = mapper.readValue(text, Object.class);
    } catch (IOException | RuntimeException e) {
      reply(null, -32700, "Parse error: the line is not JSON; send one JSON-RPC 2.0 message a line");
      return;
    }
    McpSchema.JSONRPCMessage message;
    try {
      message = McpSchema.deserializeJsonRpcMessage(mapper, text);
    } catch (IOException | RuntimeException e) {
      reply(idOf(value, false), -32600, "Invalid Request: expected a JSON-RPC 2.0 request, notification"
          + " or response object");
      return;
    }
    if (message instanceof McpSchema.JSONRPCNotification n
        && "notifications/initialized".equals(n.method())) {
      initialized = true;
    }
    if (message instanceof McpSchema.JSONRPCRequest r && r.id() != null) {
      if (!initialized && !"initialize".equals(r.method()) && !"ping".equals(r.method())) {
        // The SDK drops such a request without an answer, and the client would wait forever.
        reply(r.id(), -32600, "Invalid Request: the session is not initialized; send"
            + " initialize, then the notifications/initialized notification");
        return;
      }
      synchronized (pending) {
        pending.add(String.valueOf(r.id()));
      }
    }
    byte[] checked = Arrays.copyOf(bytes, len + 1);
    checked[len] = '\n';
    lines.put(checked);
  }

  /** {@return the id of a message (of a response only, when asked), or null} */
  private static @Nullable Object idOf(Object value, boolean responseOnly) {
    if (value instanceof Map<?, ?> m
        && (!responseOnly || m.containsKey("result") || m.containsKey("error"))) {
      Object id = m.get("id");
      if (id instanceof String || id instanceof Number) {
        return id;
      }
    }
    return null;
  }

  private void reply(@Nullable Object id, int code, String message) {
    Map<String, Object> error = new LinkedHashMap<>();
    error.put("code", code);
    error.put("message", message);
    Map<String, Object> response = new LinkedHashMap<>();
    response.put("jsonrpc", "2.0");
    response.put("id", id);
    response.put("error", error);
    try {
      out.writeLine((mapper.writeValueAsString(response) + "\n").getBytes(StandardCharsets.UTF_8));
    } catch (IOException e) {
      LOG.debug("cannot answer a bad stdio line: {}", e.getClass().getSimpleName());
    }
  }

  /** The SDK's view of the checked lines; end of input once the guard has seen it. */
  private final class QueueInputStream extends InputStream {
    private byte @Nullable [] current;
    private int pos;

    @Override
    public int read() throws IOException {
      byte[] one = new byte[1];
      int n = read(one, 0, 1);
      return n < 0 ? -1 : one[0] & 0xff;
    }

    @Override
    public int read(byte[] b, int off, int len) throws IOException {
      if (len == 0) {
        return 0;
      }
      try {
        while (current == null || pos >= current.length) {
          if (current == EOF) {
            return -1;
          }
          current = lines.take();
          pos = 0;
          if (current == EOF) {
            lines.offer(EOF); // stays at the end for any later read
            return -1;
          }
        }
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        throw new java.io.InterruptedIOException("interrupted while reading stdio");
      }
      int n = Math.min(len, current.length - pos);
      System.arraycopy(current, pos, b, off, n);
      pos += n;
      return n;
    }
  }

  /** Buffers until a newline, then writes the whole line and flushes, under one lock. */
  private static final class LineOutputStream extends OutputStream {
    private final OutputStream target;
    private final Consumer<byte[]> written;
    private final ByteArrayOutputStream pending = new ByteArrayOutputStream();

    LineOutputStream(OutputStream target, Consumer<byte[]> written) {
      this.target = target;
      this.written = written;
    }

    @Override
    public synchronized void write(int b) throws IOException {
      pending.write(b);
      if (b == '\n') {
        writeLine(drain());
      }
    }

    @Override
    public synchronized void write(byte[] b, int off, int len) throws IOException {
      int start = off;
      for (int i = off; i < off + len; i++) {
        if (b[i] == '\n') {
          pending.write(b, start, i + 1 - start);
          writeLine(drain());
          start = i + 1;
        }
      }
      pending.write(b, start, off + len - start);
    }

    private byte[] drain() {
      byte[] line = pending.toByteArray();
      pending.reset();
      return line;
    }

    synchronized void writeLine(byte[] line) throws IOException {
      target.write(line);
      target.flush();
      written.accept(line);
    }

    @Override
    public void flush() {
      // Whole lines are flushed as they complete; a partial line waits for its newline.
    }

    @Override
    public synchronized void close() throws IOException {
      target.flush();
    }
  }
}
