package dev.snowchat.examples.app;

import static java.util.Objects.requireNonNull;

import com.sun.net.httpserver.HttpServer;
import dev.snowchat.agent.AgentLimits;
import dev.snowchat.agent.ChatAgent;
import dev.snowchat.agent.ChatEngine;
import dev.snowchat.mcp.McpConfig;
import dev.snowchat.mcp.SnowchatMcpServer;
import dev.snowchat.sqlgate.SqlGate;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.InetSocketAddress;
import java.net.URI;
import java.time.Clock;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import org.jspecify.annotations.Nullable;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The chat app: the warehouse tools in-process, the agent, and the HTTP server with the UI, in
 * one process on one port. Close it to stop.
 */
public final class ChatApp implements AutoCloseable {
  private static final Logger LOG = LoggerFactory.getLogger(ChatApp.class);
  static final int MAX_SESSIONS = 10_000;

  private final SnowchatMcpServer warehouse;
  private final ChatAgent agent;
  private final HttpServer http;
  private final ExecutorService executor;
  private final ScheduledExecutorService timer;
  private final URI uri;

  private ChatApp(SnowchatMcpServer warehouse, ChatAgent agent, HttpServer http,
      ExecutorService executor, ScheduledExecutorService timer, URI uri) {
    this.warehouse = warehouse;
    this.agent = agent;
    this.http = http;
    this.executor = executor;
    this.timer = timer;
    this.uri = uri;
  }

  /**
   * Starts the app.
   *
   * @param config the configuration
   * @return the running app
   * @throws IllegalArgumentException for a model provider this build does not have
   * @throws IllegalStateException when the port cannot be bound
   */
  public static ChatApp start(AppConfig config) {
    return start(config, null);
  }

  /**
   * Starts the app with a given engine instead of the configured one (tests, embedding).
   *
   * @param config the configuration
   * @param engine the engine, or null for the configured one
   * @return the running app
   */
  static ChatApp start(AppConfig config, @Nullable ChatEngine engine) {
    requireNonNull(config, "config is null");
    LOG.debug("Starting with {}", config);
    SnowchatMcpServer warehouse = SnowchatMcpServer.builder().config(config.warehouse()).build();
    ChatAgent agent = null;
    try {
      Engines.Setup setup = engine != null ? Engines.given(engine)
          : Engines.create(config, warehouse);
      McpConfig mc = config.warehouse();
      WarehouseToolSource tools = new WarehouseToolSource(warehouse);
      AgentLimits limits = config.limits();
      agent = ChatAgent.builder()
          .engine(setup.engine())
          .toolSource(tools)
          .approver(new WriteApprover(SqlGate.builder().dialect(mc.dialect()).mode(mc.mode())
              .build()))
          .limits(limits)
          .build();
      Clock clock = Clock.systemUTC();
      Health health = new Health(warehouse, tools.tools().size(), setup.checks(),
          access(config), clock);
      Sessions sessions = new Sessions(limits.sessionIdleExpiry(), MAX_SESSIONS, clock);
      ScheduledExecutorService timer = Executors.newSingleThreadScheduledExecutor(r -> {
        Thread t = new Thread(r, "snowchat-app-sse-heartbeat");
        t.setDaemon(true);
        return t;
      });
      HttpApi api = new HttpApi(config, agent, sessions, health, timer);
      HttpServer http;
      try {
        http = HttpServer.create(new InetSocketAddress(config.host(), config.port()), 128);
      } catch (IOException e) {
        throw new IllegalStateException("Cannot listen on " + config.host() + ":"
            + config.port() + ": " + e.getMessage() + " (try --port 0 for a free port)", e);
      }
      ExecutorService executor = Executors.newVirtualThreadPerTaskExecutor();
      http.setExecutor(executor);
      http.createContext("/", api);
      http.start();
      // The schema index loads as soon as the app serves, not on the first question or health
      // check, so that answers do not depend on when they are asked (mcp-adapter's first-call
      // rule makes a question in the first seconds wait for its first load).
      warehouse.startServing();
      int port = http.getAddress().getPort();
      api.port(port);
      String host = config.host().contains(":") ? "[" + config.host() + "]" : config.host();
      URI uri = URI.create("http://" + host + ":" + port + "/");
      LOG.info("Snowchat app {} at {}: {} tools, engine {}, {}", SnowchatMcpServer.VERSION, uri,
          tools.tools().size(), setup.engine().name(), config.warehouse().mode().configName());
      return new ChatApp(warehouse, agent, http, executor, timer, uri);
    } catch (RuntimeException e) {
      if (agent != null) {
        agent.close();
      }
      warehouse.close();
      throw e;
    }
  }

  /** {@return the warehouse tools' server (tests)} */
  SnowchatMcpServer warehouse() {
    return warehouse;
  }

  private static Health.Check access(AppConfig config) {
    if (config.token().isPresent()) {
      return new Health.Check("access", true, "access token required (bound to "
          + config.host() + ")");
    }
    return new Health.Check("access", true, "loopback only (" + config.host()
        + "), no token needed");
  }

  /** {@return the app's address, e.g. {@code http://127.0.0.1:8000/}} */
  public URI uri() {
    return uri;
  }

  /** Stops the server (running turns are cancelled), the agent and the warehouse pools. */
  @Override
  public void close() {
    http.stop(0);
    agent.close();
    executor.shutdownNow();
    timer.shutdownNow();
    warehouse.close();
  }
}
