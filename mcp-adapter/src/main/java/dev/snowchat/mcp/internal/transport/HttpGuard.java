package dev.snowchat.mcp.internal.transport;

import dev.snowchat.mcp.ToolErrorCode;
import dev.snowchat.mcp.ToolResult;
import jakarta.servlet.AsyncEvent;
import jakarta.servlet.AsyncListener;
import jakarta.servlet.Filter;
import jakarta.servlet.FilterChain;
import jakarta.servlet.ReadListener;
import jakarta.servlet.ServletException;
import jakarta.servlet.ServletInputStream;
import jakarta.servlet.ServletRequest;
import jakarta.servlet.ServletResponse;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletRequestWrapper;
import jakarta.servlet.http.HttpServletResponse;
import jakarta.servlet.http.HttpServletResponseWrapper;
import java.io.BufferedReader;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.Charset;
import java.nio.charset.StandardCharsets;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.concurrent.Semaphore;
import java.util.concurrent.atomic.AtomicBoolean;
import org.jspecify.annotations.Nullable;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import tools.jackson.core.JacksonException;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * The filter in front of the SDK's transport, after authentication: it holds the endpoint's
 * limits and answers what breaks them with a clean JSON-RPC error, before the SDK reads or keeps
 * anything.
 *
 * <ul>
 *   <li>A POST body over the byte limit is 413, from its {@code Content-Length} without reading
 *       it, or after reading one byte past the limit; an {@code initialize} over {@value
 *       #MAX_INITIALIZE_BYTES} bytes too (its client information stays in memory for the
 *       session's life).
 *   <li>A body that is not JSON is -32700; JSON that is not one JSON-RPC 2.0 message (a batch, a
 *       wrong {@code jsonrpc}, an id that is not a string or integer, params that are not an
 *       object) is -32600. The SDK answered these too, but logged an ERROR line for each, and some
 *       with HTTP 500 or a 200 without a response.
 *   <li>Sessions: see {@link HttpSessions}; one more than the limit is 503.
 *   <li>{@code tools/call}: at most so many run at once (each holds a server thread until it
 *       ends); one more is answered at once with the tool error {@code SERVER_BUSY}, so other
 *       clients keep being served.
 * </ul>
 */
final class HttpGuard implements Filter {
  /** The largest initialize message: far above what clients send (a few hundred bytes). */
  static final int MAX_INITIALIZE_BYTES = 64 * 1024;

  /** The request header carrying the session id. */
  static final String SESSION_HEADER = "Mcp-Session-Id";

  private static final Logger LOG = LoggerFactory.getLogger(HttpGuard.class);
  private static final JsonMapper JSON = JsonMapper.builder().build();

  private final int maxBody;
  private final int maxCalls;
  private final Semaphore calls;
  private final HttpSessions sessions;

  HttpGuard(int maxBody, int maxCalls, HttpSessions sessions) {
    this.maxBody = maxBody;
    this.maxCalls = maxCalls;
    this.calls = new Semaphore(maxCalls);
    this.sessions = sessions;
  }

  @Override
  public void doFilter(ServletRequest request, ServletResponse response, FilterChain chain)
      throws IOException, ServletException {
    HttpServletRequest req = (HttpServletRequest) request;
    HttpServletResponse res = (HttpServletResponse) response;
    String caller = req.getAttribute(McpBridge.CALLER) instanceof String c ? c : "";
    @Nullable String sid = req.getHeader(SESSION_HEADER);
    switch (req.getMethod()) {
      case "POST" -> post(req, res, chain, caller, sid);
      case "GET" -> get(req, res, chain, caller, sid);
      case "DELETE" -> delete(req, res, chain, caller, sid);
      default -> JsonRpcErrors.cleaned(chain, req, res);
    }
  }

  private void post(HttpServletRequest req, HttpServletResponse res, FilterChain chain,
      String caller, @Nullable String sid) throws IOException, ServletException {
    if (req.getContentLengthLong() > maxBody) {
      tooLarge(res, maxBody, "SNOWCHAT_HTTP_MAX_BODY_BYTES");
      return;
    }
    byte[] body = req.getInputStream().readNBytes(maxBody + 1);
    if (body.length > maxBody) {
      tooLarge(res, maxBody, "SNOWCHAT_HTTP_MAX_BODY_BYTES");
      return;
    }
    JsonNode message;
    try {
      message = JSON.readTree(body);
    } catch (JacksonException e) {
      LOG.debug("Answered a POST body that is not JSON ({} bytes) with -32700", body.length);
      JsonRpcErrors.write(res, JsonRpcErrors.classify(400, "parse"));
      return;
    }
    @Nullable String invalid = invalid(message);
    if (invalid != null) {
      LOG.debug("Answered a POST body that is not a JSON-RPC message ({} bytes) with -32600",
          body.length);
      JsonRpcErrors.write(res, new JsonRpcErrors.Clean(400, JsonRpcErrors.INVALID_REQUEST,
          "Invalid request: " + invalid));
      return;
    }
    HttpServletRequest cached = new CachedBody(req, body);
    String method = message.path("method").asString("");
    if (method.equals("initialize")) {
      initialize(cached, res, chain, caller, body.length);
      return;
    }
    HttpSessions.Entry session = ownSession(cached, res, chain, caller, sid);
    if (session == null || sid == null) {
      return;
    }
    try {
      if (method.equals("tools/call")) {
        if (!calls.tryAcquire()) {
          busy(res, message.get("id"));
          return;
        }
        try {
          JsonRpcErrors.cleaned(chain, cached, res);
        } finally {
          calls.release();
        }
      } else {
        JsonRpcErrors.cleaned(chain, cached, res);
      }
    } finally {
      sessions.done(session);
      if (res.getStatus() == 404) {
        sessions.forget(sid); // the SDK no longer has it
      }
    }
  }

  private void initialize(HttpServletRequest req, HttpServletResponse res, FilterChain chain,
      String caller, int length) throws IOException, ServletException {
    if (length > MAX_INITIALIZE_BYTES) {
      tooLarge(res, MAX_INITIALIZE_BYTES, "an initialize message");
      return;
    }
    if (!sessions.reserve()) {
      JsonRpcErrors.write(res, new JsonRpcErrors.Clean(503, JsonRpcErrors.SERVER_BUSY,
          "Too many sessions: " + sessions.max() + " are open (SNOWCHAT_HTTP_MAX_SESSIONS) and"
              + " in use. End one with DELETE, or retry once one has been idle long enough to"
              + " expire (SNOWCHAT_HTTP_IDLE_EXPIRY)."));
      return;
    }
    // The session is recorded when the SDK names it, before the answer leaves: a client sends
    // its next requests (initialized, the listening GET) as soon as it reads the answer.
    AtomicBoolean opened = new AtomicBoolean();
    HttpServletResponse watched = new HttpServletResponseWrapper(res) {
      @Override
      public void setHeader(String name, String value) {
        record(name, value);
        super.setHeader(name, value);
      }

      @Override
      public void addHeader(String name, String value) {
        record(name, value);
        super.addHeader(name, value);
      }

      private void record(String name, String value) {
        if (SESSION_HEADER.equalsIgnoreCase(name) && opened.compareAndSet(false, true)) {
          sessions.opened(value, caller);
        }
      }
    };
    try {
      JsonRpcErrors.cleaned(chain, req, watched);
    } finally {
      if (!opened.get()) {
        sessions.cancelled();
      }
    }
  }

  private void get(HttpServletRequest req, HttpServletResponse res, FilterChain chain,
      String caller, @Nullable String sid) throws IOException, ServletException {
    HttpSessions.Entry session = ownSession(req, res, chain, caller, sid);
    if (session == null || sid == null) {
      return;
    }
    boolean streaming = false;
    try {
      JsonRpcErrors.cleaned(chain, req, res);
      if (req.isAsyncStarted()) {
        // The stream stays open after this returns: the session is in use until it closes.
        streaming = watch(req, session);
      }
    } finally {
      if (!streaming) {
        sessions.done(session);
        if (res.getStatus() == 404) {
          sessions.forget(sid);
        }
      }
    }
  }

  /**
   * Ends the session's use when its stream closes.
   *
   * @return false when the stream closed already
   */
  private boolean watch(HttpServletRequest req, HttpSessions.Entry session) {
    AtomicBoolean closed = new AtomicBoolean();
    try {
      req.getAsyncContext().addListener(new AsyncListener() {
        private void end() {
          if (closed.compareAndSet(false, true)) {
            sessions.done(session);
          }
        }

        @Override
        public void onComplete(AsyncEvent event) {
          end();
        }

        @Override
        public void onTimeout(AsyncEvent event) {
          end();
        }

        @Override
        public void onError(AsyncEvent event) {
          end();
        }

        @Override
        public void onStartAsync(AsyncEvent event) {}
      });
      return true;
    } catch (IllegalStateException e) {
      return false; // completed between the check and here
    }
  }

  private void delete(HttpServletRequest req, HttpServletResponse res, FilterChain chain,
      String caller, @Nullable String sid) throws IOException, ServletException {
    HttpSessions.Entry session = ownSession(req, res, chain, caller, sid);
    if (session == null || sid == null) {
      return;
    }
    try {
      JsonRpcErrors.cleaned(chain, req, res);
    } finally {
      sessions.done(session);
      int status = res.getStatus();
      if (status == 200 || status == 404) {
        sessions.forget(sid);
      }
    }
  }

  /**
   * Starts a request on the session it names, the caller's own; otherwise answers it: without a
   * session id the SDK does (it asks for one), an unknown, ended or another caller's session is
   * 404.
   *
   * @return the session (end with {@link HttpSessions#done}), or null when answered
   */
  private HttpSessions.@Nullable Entry ownSession(HttpServletRequest req, HttpServletResponse res,
      FilterChain chain, String caller, @Nullable String sid)
      throws IOException, ServletException {
    if (sid == null) {
      JsonRpcErrors.cleaned(chain, req, res);
      return null;
    }
    HttpSessions.Entry session = sessions.use(sid, caller);
    if (session == null) {
      JsonRpcErrors.write(res, JsonRpcErrors.classify(404, "session not found"));
    }
    return session;
  }

  private static void tooLarge(HttpServletResponse res, int limit, String what)
      throws IOException {
    LOG.debug("Answered a POST body over {} bytes with 413", limit);
    JsonRpcErrors.write(res, new JsonRpcErrors.Clean(413, JsonRpcErrors.INVALID_REQUEST,
        "Request too large: at most " + limit + " bytes (" + what + ")"));
  }

  /** Answers a tools/call over the limit as the call's own result: the tool error. */
  private void busy(HttpServletResponse res, @Nullable JsonNode id) throws IOException {
    ToolResult error = ToolResult.error(ToolErrorCode.SERVER_BUSY, maxCalls + " tool calls are"
        + " running on this server (SNOWCHAT_HTTP_MAX_CALLS), so this call did not run. This is"
        + " load on the server, not a problem with the request: retry shortly, or make fewer"
        + " calls at once.");
    Map<String, Object> body = new LinkedHashMap<>();
    body.put("jsonrpc", "2.0");
    body.put("id", id);
    body.put("result", McpBridge.toMcp(error));
    byte[] bytes = McpBridge.mapper().writeValueAsString(body).getBytes(StandardCharsets.UTF_8);
    res.setStatus(200);
    res.setContentType("application/json");
    res.setCharacterEncoding("UTF-8");
    res.setContentLength(bytes.length);
    res.getOutputStream().write(bytes);
    res.flushBuffer();
  }

  /**
   * {@return what makes a JSON value not one JSON-RPC 2.0 message this server takes, or null}
   * Requests and notifications need a method name; requests and responses a string or integer
   * id; params, when present, are an object (MCP's are).
   */
  static @Nullable String invalid(JsonNode m) {
    if (m.isArray()) {
      return "batches are not supported; send one JSON-RPC message per request";
    }
    if (!m.isObject()) {
      return "the body must be one JSON-RPC 2.0 message (a JSON object)";
    }
    if (!"2.0".equals(m.path("jsonrpc").asString(null))) {
      return "\"jsonrpc\" must be \"2.0\"";
    }
    JsonNode id = m.get("id");
    if (id != null && !(id.isString() || id.isIntegralNumber())) {
      return "\"id\" must be a string or an integer";
    }
    JsonNode method = m.get("method");
    if (method != null) {
      if (!method.isString()) {
        return "\"method\" must be a string";
      }
      JsonNode params = m.get("params");
      if (params != null && !params.isObject() && !params.isNull()) {
        return "\"params\" must be an object";
      }
      return null;
    }
    if ((m.has("result") || m.has("error")) && id != null) {
      return null;
    }
    return "a message needs a \"method\" (request, notification) or an \"id\" with"
        + " \"result\" or \"error\" (response)";
  }

  /** A request whose body the filter read, read again from memory. */
  private static final class CachedBody extends HttpServletRequestWrapper {
    private final byte[] body;

    CachedBody(HttpServletRequest request, byte[] body) {
      super(request);
      this.body = body;
    }

    @Override
    public ServletInputStream getInputStream() {
      ByteArrayInputStream in = new ByteArrayInputStream(body);
      return new ServletInputStream() {
        @Override
        public boolean isFinished() {
          return in.available() == 0;
        }

        @Override
        public boolean isReady() {
          return true;
        }

        @Override
        public void setReadListener(ReadListener listener) {
          throw new IllegalStateException("the body was read already; read it blocking");
        }

        @Override
        public int read() {
          return in.read();
        }

        @Override
        public int read(byte[] b, int off, int len) {
          return in.read(b, off, len);
        }
      };
    }

    @Override
    public BufferedReader getReader() {
      String cs = getCharacterEncoding();
      return new BufferedReader(new InputStreamReader(new ByteArrayInputStream(body),
          cs == null ? StandardCharsets.UTF_8 : Charset.forName(cs)));
    }
  }
}
