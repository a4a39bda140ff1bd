package dev.snowchat.mcp.internal.transport;

import dev.snowchat.mcp.CallContext;
import dev.snowchat.mcp.HttpIdentity;
import dev.snowchat.mcp.McpConfig;
import io.modelcontextprotocol.common.McpTransportContext;
import io.modelcontextprotocol.server.McpServerFeatures.SyncToolSpecification;
import io.modelcontextprotocol.server.McpSyncServer;
import io.modelcontextprotocol.server.transport.DefaultServerTransportSecurityValidator;
import io.modelcontextprotocol.server.transport.HttpServletStreamableServerTransportProvider;
import jakarta.servlet.DispatcherType;
import jakarta.servlet.Filter;
import jakarta.servlet.FilterChain;
import jakarta.servlet.ServletException;
import jakarta.servlet.ServletRequest;
import jakarta.servlet.ServletResponse;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import java.net.URI;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.time.Duration;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import org.eclipse.jetty.ee10.servlet.FilterHolder;
import org.eclipse.jetty.ee10.servlet.ServletContextHandler;
import org.eclipse.jetty.ee10.servlet.ServletHolder;
import org.eclipse.jetty.http.HttpHeader;
import org.eclipse.jetty.server.HttpConfiguration;
import org.eclipse.jetty.server.HttpConnectionFactory;
import org.eclipse.jetty.server.Request;
import org.eclipse.jetty.server.Response;
import org.eclipse.jetty.server.Server;
import org.eclipse.jetty.server.ServerConnector;
import org.eclipse.jetty.server.handler.ErrorHandler;
import org.eclipse.jetty.util.Callback;
import org.eclipse.jetty.util.thread.QueuedThreadPool;
import org.jspecify.annotations.Nullable;

/**
 * The Streamable HTTP transport on an embedded Jetty: one endpoint, {@code /mcp}. Binds
 * 127.0.0.1 unless configured otherwise (then a bearer token is required, as the configuration
 * enforces); Origin and Host headers are checked against loopback names and configured origins.
 */
public final class HttpEndpoint implements AutoCloseable {
  /** The SDK's session sweep runs no more often than this (see the transport's builder). */
  private static final java.time.Duration MIN_SDK_SWEEP = java.time.Duration.ofMinutes(30);

  private static java.time.Duration max(java.time.Duration a, java.time.Duration b) {
    return a.compareTo(b) >= 0 ? a : b;
  }

  /** The MCP endpoint path. */
  public static final String PATH = "/mcp";

  private final Server jetty;
  private final McpSyncServer mcp;
  private final URI uri;

  private HttpEndpoint(Server jetty, McpSyncServer mcp, URI uri) {
    this.jetty = jetty;
    this.mcp = mcp;
    this.uri = uri;
  }

  /**
   * Starts the endpoint.
   *
   * @param config the configuration (host, port, token, origins)
   * @param specs the tools
   * @param version the server version
   * @param timeout the MCP request timeout
   * @return the running endpoint
   * @throws Exception when Jetty cannot start (port in use)
   */
  public static HttpEndpoint start(McpConfig config, List<SyncToolSpecification> specs,
      String version, Duration timeout) throws Exception {
    String host = config.httpHost();
    boolean loopback = McpConfig.isLoopbackHost(host);
    DefaultServerTransportSecurityValidator.Builder validator =
        DefaultServerTransportSecurityValidator.builder()
            .allowedOrigin("http://localhost:*")
            .allowedOrigin("http://127.0.0.1:*")
            .allowedOrigin("http://[::1]:*")
            .allowedOrigins(config.httpAllowedOrigins());
    boolean wildcard = host.equals("0.0.0.0") || host.equals("::") || host.equals("[::]");
    if (loopback) {
      validator.allowedHost("localhost:*").allowedHost("127.0.0.1:*").allowedHost("[::1]:*")
          .allowedHost("localhost").allowedHost("127.0.0.1");
    } else if (!wildcard) {
      validator.allowedHost(host + ":*").allowedHost(host);
    }
    HttpServletStreamableServerTransportProvider transport =
        HttpServletStreamableServerTransportProvider.builder()
            .jsonMapper(McpBridge.mapper())
            .mcpEndpoint(PATH)
            .securityValidator(validator.build())
            .maxRequestSize(config.httpMaxBodyBytes())
            // The SDK drops a session unused for a whole sweep interval; HttpGuard ends it (and
            // refuses its id) after the idle expiry, so the SDK drops it at a later sweep. The
            // SDK does not see a call in progress as use: with a short expiry (1 s is allowed) its
            // sweep could drop a session mid-call, so it never sweeps more often than every 30
            // minutes (review).
            .sessionSweepInterval(max(config.httpIdleExpiry(), MIN_SDK_SWEEP))
            // Each request's caller, as the bearer filter identified it, reaches the tool call.
            .contextExtractor(req -> McpTransportContext.create(Map.of(McpBridge.CALL_CONTEXT,
                req.getAttribute(McpBridge.CALL_CONTEXT) instanceof CallContext c ? c : CallContext.none())))
            .build();
    McpSyncServer mcp = McpBridge.server(transport, specs, version, timeout);

    // A tool call holds a thread until it ends (the SDK blocks on it); HttpGuard admits at most
    // httpMaxCalls of them, so the threads beyond serve everything else (initialize, lists,
    // streams' starts, other sessions) however many calls are waiting.
    QueuedThreadPool threads = new QueuedThreadPool(config.httpMaxCalls() + 24, 2);
    threads.setName("snowchat-http");
    threads.setDaemon(true);
    Server jetty = new Server(threads);
    HttpConfiguration http = new HttpConfiguration();
    http.setSendServerVersion(false); // names the library and its version
    jetty.setErrorHandler(new JsonErrorHandler()); // Jetty's own errors: no HTML, no echo
    ServerConnector connector = new ServerConnector(jetty, new HttpConnectionFactory(http));
    connector.setHost(host);
    connector.setPort(config.httpPort());
    jetty.addConnector(connector);
    ServletContextHandler context = new ServletContextHandler();
    context.setContextPath("/");
    ServletHolder holder = new ServletHolder("mcp", transport);
    holder.setAsyncSupported(true);
    context.addServlet(holder, PATH);
    context.addServlet(new ServletHolder("not-found", JsonRpcErrors.notFound()), "/");
    // Authentication first (filters run in the order added): nothing reads or parses a body
    // for a caller without the token. The guard then serves the MCP path only (the other
    // paths are the not-found servlet, which answers cleanly without reading the body).
    String token = config.httpToken().orElse(null);
    if (token != null || !config.httpIdentities().isEmpty()) {
      FilterHolder auth = new FilterHolder(new BearerFilter(token, config.httpIdentities()));
      auth.setAsyncSupported(true);
      context.addFilter(auth, "/*", EnumSet.of(DispatcherType.REQUEST));
    }
    HttpSessions sessions = new HttpSessions(config.httpMaxSessions(), config.httpIdleExpiry(),
        System::nanoTime);
    FilterHolder guard = new FilterHolder(new HttpGuard(config.httpMaxBodyBytes(),
        config.httpMaxCalls(), sessions));
    guard.setAsyncSupported(true);
    context.addFilter(guard, PATH, EnumSet.of(DispatcherType.REQUEST));
    jetty.setHandler(context);
    jetty.setStopAtShutdown(false);
    try {
      jetty.start();
    } catch (Exception e) {
      mcp.close();
      jetty.stop();
      throw e;
    }
    String shownHost = host.contains(":") && !host.startsWith("[") ? "[" + host + "]" : host;
    URI uri = URI.create("http://" + shownHost + ":" + connector.getLocalPort() + PATH);
    return new HttpEndpoint(jetty, mcp, uri);
  }

  /** {@return the endpoint's URI} */
  public URI uri() {
    return uri;
  }

  /** Blocks until the server stops. */
  public void join() throws InterruptedException {
    jetty.join();
  }

  @Override
  public void close() {
    try {
      mcp.closeGracefully();
    } catch (RuntimeException e) {
      // closing anyway
    }
    try {
      jetty.stop();
    } catch (Exception e) {
      // nothing more to do
    }
  }

  /**
   * Requires {@code Authorization: Bearer <token>}: the shared token ({@code
   * SNOWCHAT_HTTP_TOKEN}, no session variables) or one of the identities' tokens (their session
   * variables). Tokens are compared as SHA-256 digests, each candidate in constant time.
   */
  static final class BearerFilter implements Filter {
    private final byte @Nullable [] shared;
    private final List<HttpIdentity> identities;
    private final List<byte[]> digests = new ArrayList<>();

    BearerFilter(@Nullable String token, List<HttpIdentity> identities) {
      this.shared = token == null ? null : digest(token);
      this.identities = List.copyOf(identities);
      for (HttpIdentity i : this.identities) {
        digests.add(HexFormat.of().parseHex(i.tokenSha256()));
      }
    }

    private static byte[] digest(String token) {
      return HexFormat.of().parseHex(HttpIdentity.sha256(token));
    }

    @Override
    public void doFilter(ServletRequest request, ServletResponse response, FilterChain chain)
        throws IOException, ServletException {
      HttpServletRequest req = (HttpServletRequest) request;
      @Nullable String got = req.getHeader("Authorization");
      @Nullable CallContext caller = null;
      String who = "";
      if (got != null && got.startsWith("Bearer ")) {
        byte[] given = digest(got.substring("Bearer ".length()));
        if (shared != null && MessageDigest.isEqual(given, shared)) {
          caller = CallContext.none();
          who = "token";
        }
        for (int i = 0; i < digests.size(); i++) {
          if (MessageDigest.isEqual(given, digests.get(i))) {
            caller = identities.get(i).context();
            who = "identity:" + identities.get(i).name();
          }
        }
      }
      if (caller == null) {
        HttpServletResponse res = (HttpServletResponse) response;
        res.setHeader("WWW-Authenticate", "Bearer realm=\"snowchat\"");
        JsonRpcErrors.write(res, JsonRpcErrors.classify(401, null));
        return;
      }
      req.setAttribute(McpBridge.CALL_CONTEXT, caller);
      req.setAttribute(McpBridge.CALLER, who);
      chain.doFilter(request, response);
    }
  }

  /**
   * Answers Jetty's own errors (a malformed request line or Host, headers too large, ...) with
   * the clean JSON-RPC error body, like every other error of the endpoint: Jetty's HTML page
   * named the server and echoed parts of the request.
   */
  static final class JsonErrorHandler extends ErrorHandler {
    @Override
    public boolean handle(Request request, Response response, Callback callback) {
      JsonRpcErrors.Clean error = JsonRpcErrors.classify(response.getStatus(), null);
      byte[] body = JsonRpcErrors.body(error);
      response.setStatus(error.status());
      response.getHeaders().put(HttpHeader.CONTENT_TYPE, "application/json;charset=utf-8");
      response.getHeaders().put(HttpHeader.CACHE_CONTROL, "no-store");
      response.write(true, ByteBuffer.wrap(body), callback);
      return true;
    }
  }
}
