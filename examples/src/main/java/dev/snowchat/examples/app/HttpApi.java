package dev.snowchat.examples.app;

import static java.util.Objects.requireNonNull;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpHandler;
import dev.snowchat.agent.AgentEvent;
import dev.snowchat.agent.ChatAgent;
import dev.snowchat.agent.TurnHandle;
import java.io.IOException;
import java.io.InputStream;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.atomic.AtomicReference;
import org.jspecify.annotations.Nullable;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import tools.jackson.core.JacksonException;
import tools.jackson.databind.json.JsonMapper;

/**
 * The HTTP API and the UI. Every request passes the access check (when a token is configured)
 * and, on a loopback bind, the {@code Host} check (against DNS rebinding); every POST passes the
 * same-origin check ({@code Origin}, when the client sends one, must be this server) and must be
 * JSON, which a cross-site form cannot send without a CORS preflight this server never answers.
 */
final class HttpApi implements HttpHandler {
  private static final Logger LOG = LoggerFactory.getLogger(HttpApi.class);
  private static final JsonMapper JSON = JsonMapper.builder().build();
  static final int MAX_BODY = 64 * 1024;
  static final int MAX_PROMPT = 16_000;
  static final String TOKEN_COOKIE = "snowchat_login";
  static final String USER_COOKIE = "snowchat_user";

  private final AppConfig config;
  private final ChatAgent agent;
  private final Sessions sessions;
  private final Health health;
  private final StaticFiles files = new StaticFiles();
  private final ScheduledExecutorService timer;
  private final @Nullable String loginCookie;
  /**
   * Each session's turns in progress here. A set, not one handle: a second request while a turn
   * runs makes a turn that ends at once (SESSION_BUSY), and it must neither hide nor unregister
   * the running one.
   */
  private final Map<String, Set<TurnHandle>> running = new ConcurrentHashMap<>();
  private volatile int port;

  HttpApi(AppConfig config, ChatAgent agent, Sessions sessions, Health health,
      ScheduledExecutorService timer) {
    this.config = requireNonNull(config, "config is null");
    this.agent = requireNonNull(agent, "agent is null");
    this.sessions = requireNonNull(sessions, "sessions is null");
    this.health = requireNonNull(health, "health is null");
    this.timer = requireNonNull(timer, "timer is null");
    this.loginCookie = config.token().isPresent() ? sessions.newId() + sessions.newId() : null;
  }

  void port(int port) {
    this.port = port;
  }

  @Override
  public void handle(HttpExchange ex) throws IOException {
    try (ex) {
      security(ex);
      String path = ex.getRequestURI().getPath();
      String method = ex.getRequestMethod();
      if (!hostAllowed(ex)) {
        error(ex, 421, "BAD_HOST", "This server answers to 127.x.x.x, localhost or [::1] only.");
        return;
      }
      if (loginCookie != null && !authorized(ex)) {
        if (method.equals("GET") && login(ex)) {
          return;
        }
        if (path.startsWith("/api/")) {
          error(ex, 401, "UNAUTHORIZED", "An access token is required: send 'Authorization:"
              + " Bearer <SNOWCHAT_APP_TOKEN>', or open the app once at /?token=<token>.");
        } else {
          send(ex, 401, "text/html; charset=utf-8", loginPage());
        }
        return;
      }
      if (path.startsWith("/api/")) {
        api(ex, method, path);
      } else if (method.equals("GET") || method.equals("HEAD")) {
        Optional<StaticFiles.Asset> a = files.find(path);
        if (a.isEmpty()) {
          error(ex, 404, "NOT_FOUND", "No page at " + path);
        } else {
          ex.getResponseHeaders().set("Cache-Control", "no-cache");
          send(ex, 200, a.get().contentType(), a.get().body());
        }
      } else {
        error(ex, 405, "METHOD_NOT_ALLOWED", path + " takes GET only");
      }
    } catch (IOException e) {
      LOG.debug("Client went away: {}", e.toString());
    } catch (RuntimeException e) {
      LOG.warn("Request {} {} failed", ex.getRequestMethod(), ex.getRequestURI().getPath(), e);
      try {
        error(ex, 500, "INTERNAL", "The server failed: " + e.getClass().getSimpleName());
      } catch (IOException | RuntimeException ignored) {
        // The response had started; nothing more to say.
      }
    }
  }

  private void api(HttpExchange ex, String method, String path) throws IOException {
    if (path.equals("/api/health")) {
      if (!method.equals("GET")) {
        error(ex, 405, "METHOD_NOT_ALLOWED", "/api/health takes GET");
        return;
      }
      json(ex, 200, health.report());
      return;
    }
    if (!method.equals("POST")) {
      error(ex, 405, "METHOD_NOT_ALLOWED", path + " takes POST");
      return;
    }
    if (!sameOrigin(ex)) {
      error(ex, 403, "CROSS_ORIGIN", "POSTs are accepted from this app's own pages only.");
      return;
    }
    String type = ex.getRequestHeaders().getFirst("Content-Type");
    if (type == null || !type.split(";", 2)[0].strip().toLowerCase(java.util.Locale.ROOT)
        .equals("application/json")) {
      error(ex, 415, "NOT_JSON", "Send a JSON body with Content-Type: application/json.");
      return;
    }
    Map<String, Object> body = readJson(ex);
    if (body == null) {
      return;
    }
    switch (path) {
      case "/api/session" -> newSession(ex);
      case "/api/chat" -> chat(ex, body);
      case "/api/reset" -> withSession(ex, body, s -> {
        stopTurn(s.id);
        agent.reset(s.id);
        return Map.of("ok", true);
      });
      case "/api/stop" -> withSession(ex, body, s -> Map.of("ok", stopTurn(s.id)));
      case "/api/confirm" -> confirm(ex, body);
      default -> error(ex, 404, "NOT_FOUND", "No API at " + path);
    }
  }

  private void newSession(HttpExchange ex) throws IOException {
    String user = cookie(ex, USER_COOKIE).filter(v -> v.matches("[A-Za-z0-9_-]{22}"))
        .orElse(null);
    if (user == null) {
      user = sessions.newId();
      ex.getResponseHeaders().add("Set-Cookie", USER_COOKIE + "=" + user
          + "; Path=/; HttpOnly; SameSite=Strict; Max-Age=31536000");
    }
    Optional<Sessions.Session> s = sessions.create(user);
    if (s.isEmpty()) {
      error(ex, 503, "TOO_MANY_SESSIONS", "The server holds its maximum of live sessions;"
          + " try again later.");
      return;
    }
    json(ex, 200, Map.of("session", s.get().id));
  }

  private void chat(HttpExchange ex, Map<String, Object> body) throws IOException {
    Sessions.Session s = session(ex, body);
    if (s == null) {
      return;
    }
    if (!(body.get("prompt") instanceof String prompt) || prompt.isBlank()) {
      error(ex, 400, "BAD_REQUEST", "Send {\"prompt\": \"your question\", \"session\": \"...\"}.");
      return;
    }
    if (prompt.length() > MAX_PROMPT) {
      error(ex, 413, "PROMPT_TOO_LONG", "The prompt has " + prompt.length()
          + " characters; at most " + MAX_PROMPT + " are accepted.");
      return;
    }
    AtomicReference<TurnHandle> handle = new AtomicReference<>();
    try (SseStream sse = new SseStream(ex, timer, () -> {
      TurnHandle h = handle.get();
      if (h != null) {
        LOG.debug("Session's client went away; cancelling its turn");
        h.cancel();
      }
    })) {
      TurnHandle h = agent.chat(s.id, s.userId, prompt, e -> sse.send(e.toJsonString()));
      handle.set(h);
      running.compute(s.id, (k, set) -> {
        Set<TurnHandle> turns = set != null ? set : ConcurrentHashMap.newKeySet();
        turns.add(h);
        return turns;
      });
      if (sse.isGone()) {
        h.cancel();
      }
      try {
        h.completion().get();
      } catch (ExecutionException e) {
        LOG.warn("A turn failed", e.getCause());
      } catch (InterruptedException e) {
        h.cancel();
        Thread.currentThread().interrupt();
      } finally {
        running.computeIfPresent(s.id, (k, set) -> {
          set.remove(h);
          return set.isEmpty() ? null : set;
        });
      }
    }
  }

  private boolean stopTurn(String sessionId) {
    Set<TurnHandle> turns = running.get(sessionId);
    if (turns == null) {
      return false;
    }
    boolean any = false;
    for (TurnHandle h : turns) {
      if (!h.completion().isDone()) {
        h.cancel();
        any = true;
      }
    }
    return any;
  }

  private void confirm(HttpExchange ex, Map<String, Object> body) throws IOException {
    Sessions.Session s = session(ex, body);
    if (s == null) {
      return;
    }
    if (!(body.get("toolUseId") instanceof String id) || !(body.get("approve") instanceof Boolean
        approve)) {
      error(ex, 400, "BAD_REQUEST",
          "Send {\"session\": \"...\", \"toolUseId\": \"...\", \"approve\": true|false}.");
      return;
    }
    boolean found = agent.approve(s.id, id, approve);
    json(ex, found ? 200 : 404, found ? Map.of("ok", true) : Map.of("ok", false, "error",
        "NO_PENDING_APPROVAL", "message", "No write waits for approval under that id in this"
        + " session (it may have timed out or the turn was stopped)."));
  }

  private interface SessionAction {
    Map<String, Object> apply(Sessions.Session s);
  }

  private void withSession(HttpExchange ex, Map<String, Object> body, SessionAction action)
      throws IOException {
    Sessions.Session s = session(ex, body);
    if (s != null) {
      json(ex, 200, action.apply(s));
    }
  }

  private Sessions.@Nullable Session session(HttpExchange ex, Map<String, Object> body)
      throws IOException {
    if (!(body.get("session") instanceof String id) || id.isBlank()) {
      error(ex, 400, "NO_SESSION", "Send the session id from POST /api/session.");
      return null;
    }
    Optional<Sessions.Session> s = sessions.find(id);
    if (s.isEmpty()) {
      error(ex, 404, "UNKNOWN_SESSION", "This server did not issue that session, or it expired;"
          + " get a new one from POST /api/session.");
      return null;
    }
    return s.get();
  }

  // --- security ---

  private static void security(HttpExchange ex) {
    var h = ex.getResponseHeaders();
    h.set("X-Content-Type-Options", "nosniff");
    h.set("X-Frame-Options", "DENY");
    h.set("Referrer-Policy", "no-referrer");
    h.set("Content-Security-Policy", "default-src 'self'; script-src 'self'; style-src 'self';"
        + " img-src 'self' data:; connect-src 'self'; object-src 'none'; base-uri 'none';"
        + " frame-ancestors 'none'; form-action 'self'");
  }

  private boolean hostAllowed(HttpExchange ex) {
    if (!config.loopback()) {
      return true; // the access token protects a wider bind
    }
    String host = ex.getRequestHeaders().getFirst("Host");
    if (host == null) {
      return true; // HTTP/1.0 clients; browsers always send Host
    }
    String name;
    String rest;
    if (host.startsWith("[")) {
      int close = host.indexOf(']');
      if (close < 0) {
        return false;
      }
      name = host.substring(0, close + 1);
      rest = host.substring(close + 1);
    } else {
      int colon = host.indexOf(':');
      name = colon < 0 ? host : host.substring(0, colon);
      rest = colon < 0 ? "" : host.substring(colon);
    }
    // nothing but a port may follow the name ("[::1]evil.example" is no loopback name)
    if (!rest.isEmpty() && !rest.matches(":[0-9]{1,5}")) {
      return false;
    }
    return name.equals("localhost") || name.equals("[::1]") || loopbackV4(name);
  }

  /** {@return whether the text is a dotted IPv4 address in 127.0.0.0/8, the loopback network} */
  private static boolean loopbackV4(String name) {
    String[] parts = name.split("\\.", -1);
    if (parts.length != 4 || !parts[0].equals("127")) {
      return false;
    }
    for (String p : parts) {
      if (!p.matches("[0-9]{1,3}") || Integer.parseInt(p) > 255) {
        return false;
      }
    }
    return true;
  }

  private boolean sameOrigin(HttpExchange ex) {
    String origin = ex.getRequestHeaders().getFirst("Origin");
    if (origin == null) {
      return true; // not a browser page (curl, a script): the token, if any, still applies
    }
    String host = ex.getRequestHeaders().getFirst("Host");
    // https: behind a TLS-terminating proxy that forwards the browser's Host
    return host != null && (origin.equals("http://" + host) || origin.equals("https://" + host));
  }

  private boolean authorized(HttpExchange ex) {
    String auth = ex.getRequestHeaders().getFirst("Authorization");
    String token = config.token().orElseThrow();
    if (auth != null && auth.startsWith("Bearer ")
        && constantTimeEquals(auth.substring(7).strip(), token)) {
      return true;
    }
    return cookie(ex, TOKEN_COOKIE).map(c -> constantTimeEquals(c, loginCookie)).orElse(false);
  }

  /** {@code GET /any?token=T}: a right token sets the login cookie and redirects without it. */
  private boolean login(HttpExchange ex) throws IOException {
    String q = ex.getRequestURI().getRawQuery();
    if (q == null) {
      return false;
    }
    for (String part : q.split("&")) {
      if (part.startsWith("token=")) {
        String t = java.net.URLDecoder.decode(part.substring(6), StandardCharsets.UTF_8);
        if (constantTimeEquals(t, config.token().orElseThrow())) {
          ex.getResponseHeaders().add("Set-Cookie", TOKEN_COOKIE + "=" + loginCookie
              + "; Path=/; HttpOnly; SameSite=Strict");
          // The path as sent (still encoded), and only a path on this server: a decoded
          // "/%2Fevil.example" would be "//evil.example", another site.
          String back = ex.getRequestURI().getRawPath();
          if (back == null || !back.startsWith("/") || back.startsWith("//")
              || back.startsWith("/\\")) {
            back = "/";
          }
          ex.getResponseHeaders().set("Location", back);
          ex.sendResponseHeaders(303, -1);
          return true;
        }
      }
    }
    return false;
  }

  private static boolean constantTimeEquals(String a, String b) {
    return MessageDigest.isEqual(a.getBytes(StandardCharsets.UTF_8),
        b.getBytes(StandardCharsets.UTF_8));
  }

  static Optional<String> cookie(HttpExchange ex, String name) {
    List<String> headers = ex.getRequestHeaders().get("Cookie");
    if (headers == null) {
      return Optional.empty();
    }
    for (String h : headers) {
      for (String c : h.split(";")) {
        String t = c.strip();
        if (t.startsWith(name + "=")) {
          return Optional.of(t.substring(name.length() + 1));
        }
      }
    }
    return Optional.empty();
  }

  private static byte[] loginPage() {
    return ("<!doctype html><meta charset=utf-8><title>Snowchat: sign in</title>"
        + "<p>This Snowchat server needs its access token. Open the address you were given,"
        + " ending in <code>?token=...</code>.</p>").getBytes(StandardCharsets.UTF_8);
  }

  // --- plumbing ---

  @SuppressWarnings("unchecked")
  private static @Nullable Map<String, Object> readJson(HttpExchange ex) throws IOException {
    byte[] raw;
    try (InputStream in = ex.getRequestBody()) {
      raw = in.readNBytes(MAX_BODY + 1);
    }
    if (raw.length > MAX_BODY) {
      error(ex, 413, "BODY_TOO_LARGE", "The body is over " + MAX_BODY + " bytes.");
      return null;
    }
    try {
      Object v = JSON.readValue(raw, Object.class);
      if (v instanceof Map<?, ?> m) {
        return (Map<String, Object>) m;
      }
    } catch (JacksonException e) {
      // fall through
    }
    error(ex, 400, "BAD_JSON", "The body is not a JSON object.");
    return null;
  }

  static void json(HttpExchange ex, int status, Object value) throws IOException {
    send(ex, status, "application/json", JSON.writeValueAsBytes(value));
  }

  static void error(HttpExchange ex, int status, String code, String message)
      throws IOException {
    Map<String, Object> m = new LinkedHashMap<>();
    m.put("error", code);
    m.put("message", message);
    json(ex, status, m);
  }

  private static void send(HttpExchange ex, int status, String type, byte[] body)
      throws IOException {
    ex.getResponseHeaders().set("Content-Type", type);
    if (ex.getRequestMethod().equals("HEAD")) {
      ex.sendResponseHeaders(status, -1);
      return;
    }
    ex.sendResponseHeaders(status, body.length == 0 ? -1 : body.length);
    ex.getResponseBody().write(body);
  }

  URI base(String host) {
    return URI.create("http://" + host + ":" + port + "/");
  }
}
