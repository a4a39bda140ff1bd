package dev.snowchat.mcp;

import static java.util.Objects.requireNonNull;

import dev.snowchat.mcp.internal.jdbc.Warehouse;
import dev.snowchat.mcp.internal.lookup.LiveLookups;
import dev.snowchat.mcp.internal.lookup.LookupRouter;
import dev.snowchat.mcp.internal.sources.SourceSet;
import dev.snowchat.mcp.internal.tools.Tools;
import dev.snowchat.mcp.internal.transport.HttpEndpoint;
import dev.snowchat.mcp.internal.transport.McpBridge;
import dev.snowchat.mcp.internal.transport.StdioGuard;
import dev.snowchat.mcp.sample.SampleWarehouse;
import dev.snowchat.schemaindex.LoadState;
import dev.snowchat.schemaindex.SchemaIndex;
import dev.snowchat.sqlgate.Dialect;
import io.modelcontextprotocol.server.McpServerFeatures.SyncToolSpecification;
import io.modelcontextprotocol.server.McpSyncServer;
import io.modelcontextprotocol.server.transport.StdioServerTransportProvider;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.URI;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Properties;
import org.jspecify.annotations.Nullable;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The Snowchat warehouse tools, served over MCP (stdio or Streamable HTTP) or called in-process.
 * Thread-safe; close it to release the connection pools.
 *
 * <pre>{@code
 * try (SnowchatMcpServer server = SnowchatMcpServer.builder()
 *     .config(McpConfig.fromEnvironment(System.getenv()))
 *     .build()) {
 *   ToolResult r = server.call("list_tables", Map.of("database", "AIRBNB", "schema", "RAW"));
 * }
 * }</pre>
 */
public final class SnowchatMcpServer implements AutoCloseable {
  private static final Logger LOG = LoggerFactory.getLogger(SnowchatMcpServer.class);

  private static final Duration INDEX_START_DELAY = Duration.ofSeconds(1);

  /** The version clients see. */
  public static final String VERSION = versionOf();

  private final McpConfig config;
  private final Warehouse warehouse;
  private final @Nullable SchemaIndex index;
  private volatile boolean closed;
  private final java.util.concurrent.atomic.AtomicBoolean indexStarted =
      new java.util.concurrent.atomic.AtomicBoolean();
  private final List<ToolDefinition> tools;
  private final Map<String, ToolDefinition> byName;

  private final @Nullable SourceSet sources;

  private SnowchatMcpServer(McpConfig config, Warehouse warehouse, @Nullable SchemaIndex index,
      List<ToolDefinition> tools, @Nullable SourceSet sources) {
    this.sources = sources;
    this.config = config;
    this.warehouse = warehouse;
    this.index = index;
    this.tools = tools.stream().map(this::guarded).toList();
    Map<String, ToolDefinition> m = new LinkedHashMap<>();
    this.tools.forEach(t -> m.put(t.name(), t));
    this.byName = Map.copyOf(m);
  }

  /**
   * A tool whose calls say plainly that the server is closed: a call arriving after {@link
   * #close()}, or failing because the close pulled the index and pools away under it, would
   * otherwise read as a warehouse error ("the warehouse rejected the query").
   */
  private ToolDefinition guarded(ToolDefinition d) {
    ToolHandler h = d.handler();
    return new ToolDefinition(d.name(), d.title(), d.description(), d.inputSchema(),
        d.outputSchema(), d.readOnly(), d.destructive(), (arguments, context) -> {
          if (closed) {
            return serverClosed();
          }
          ToolResult r = h.call(arguments, context);
          return r.isError() && closed ? serverClosed() : r;
        });
  }

  private static ToolResult serverClosed() {
    return ToolResult.error(ToolErrorCode.SERVER_CLOSED,
        "This server is shutting down or closed; the call"
        + " did not complete. Retry against a running server.");
  }

  /**
   * {@return the co-located host's in-memory tables, queried through the gate as source {@code
   * local}}
   *
   * @throws IllegalStateException unless the builder turned host data on
   */
  public HostData hostData() {
    HostData h = sources == null ? null : sources.hostData();
    if (h == null) {
      throw new IllegalStateException("host data is off; build the server with"
          + " SnowchatMcpServer.builder().hostData(true) (co-located hosts only)");
    }
    return h;
  }

  /** {@return a new builder} */
  public static Builder builder() {
    return new Builder();
  }

  /** {@return the configuration (its toString masks secrets)} */
  public McpConfig config() {
    return config;
  }

  /** {@return the tool definitions, for MCP or an in-process agent loop} */
  public List<ToolDefinition> tools() {
    return tools;
  }

  /**
   * Finds a tool by name.
   *
   * @param name the tool name
   * @return the tool, or empty
   */
  public Optional<ToolDefinition> tool(String name) {
    return Optional.ofNullable(byName.get(requireNonNull(name, "name is null")));
  }

  /**
   * Calls a tool in-process with no caller identity.
   *
   * @param name the tool name
   * @param arguments the arguments
   * @return the result; an unknown tool gives a tool error listing the tools
   */
  public ToolResult call(String name, Map<String, Object> arguments) {
    return call(name, arguments, CallContext.none());
  }

  /**
   * Calls a tool in-process for a caller.
   *
   * @param name the tool name
   * @param arguments the arguments
   * @param context the caller, whose session variables apply to the call's query
   * @return the result; an unknown tool gives a tool error listing the tools
   */
  public ToolResult call(String name, Map<String, Object> arguments, CallContext context) {
    startIndex(Duration.ZERO);
    ToolDefinition t = byName.get(requireNonNull(name, "name is null"));
    if (t == null) {
      return ToolResult.error(ToolErrorCode.UNKNOWN_TOOL, "No tool named '" + name + "'. Tools: "
          + String.join(", ", byName.keySet()) + ".");
    }
    return t.handler().call(arguments, requireNonNull(context, "context is null"));
  }

  private Duration requestTimeout() {
    // The SDK's own timeout only fires after the query timeout has cancelled the statement.
    return config.queryTimeout().plusSeconds(30);
  }

  private List<SyncToolSpecification> specs() {
    return McpBridge.specifications(tools);
  }

  /**
   * Serves MCP over stdio until the input ends. Only protocol messages are written to {@code
   * out}.
   *
   * @param in the client's messages
   * @param out where responses go
   * @throws InterruptedException when interrupted while serving
   */
  public void serveStdio(InputStream in, OutputStream out) throws InterruptedException {
    // The guard answers lines the SDK could not read (which would stop its reading for good)
    // and ends serving as soon as the input ends.
    StdioGuard guard = new StdioGuard(in, out, McpBridge.mapper());
    StdioServerTransportProvider transport = new StdioServerTransportProvider(
        McpBridge.mapper(), guard.sdkInput(), guard.sdkOutput());
    McpSyncServer server = McpBridge.server(transport, specs(), VERSION, requestTimeout());
    guard.start();
    startIndex(INDEX_START_DELAY);
    LOG.info("Snowchat MCP server {} on stdio: {} tools, {}", VERSION, tools.size(), describe());
    try {
      guard.awaitEnd(requestTimeout());
    } finally {
      server.close();
    }
  }

  /**
   * Starts the Streamable HTTP endpoint on the configured host and port.
   *
   * @return the running endpoint; close it to stop
   * @throws IllegalStateException when the port cannot be bound
   */
  public Http startHttp() {
    try {
      HttpEndpoint e = HttpEndpoint.start(config, specs(), VERSION, requestTimeout());
      startIndex(INDEX_START_DELAY);
      LOG.info("Snowchat MCP server {} on {}: {} tools, {}", VERSION, e.uri(), tools.size(),
          describe());
      return new Http(e);
    } catch (Exception e) {
      throw new IllegalStateException("Cannot start HTTP on " + config.httpHost() + ":"
          + config.httpPort() + ": " + e.getMessage(), e);
    }
  }

  private String describe() {
    return config.backend().name().toLowerCase(java.util.Locale.ROOT) + " "
        + warehouse.target().displayUrl() + ", mode " + config.mode().configName();
  }

  /**
   * Tells the server that its host has started serving callers in-process (the chat app does,
   * once its HTTP port is up): the schema index starts loading a second later, as {@link
   * #serveStdio} and {@link #startHttp} start it, instead of waiting for the first call. Together
   * with the first-call rule (a discovery call in the first 10 s after the server is built waits
   * for the index's first load) the first question is answered from the index, in the scale and
   * order later ones are, whenever it comes. Does nothing when the index is started or off.
   */
  public void startServing() {
    startIndex(INDEX_START_DELAY);
  }

  /**
   * {@return true when the schema index is loaded and serving discovery calls}
   */
  public boolean isIndexReady() {
    startIndex(Duration.ZERO);
    return index != null && index.isReady();
  }

  /**
   * {@return true when the schema index is loaded and serving discovery calls; unlike {@link
   * #isIndexReady()} it does not start the index, so a host (or a test) can watch whether start-up
   * loaded it on its own}
   */
  public boolean isIndexLoaded() {
    return index != null && index.isReady();
  }

  /**
   * Starts the schema index if needed and waits until it is ready, has failed, or the timeout
   * passes; once ready, also waits (within the same timeout) for the embedding model's vectors,
   * so that searches are hybrid rather than keyword-only. For one-shot callers (the command-line
   * {@code call}); a serving process need not call it: a discovery call in the first 10 s after
   * the server is built starts the index if needed and waits for its first load (not for its
   * vectors), and later ones fall back to live queries while the index loads.
   *
   * @param timeout how long to wait at most
   * @return true when the index is ready
   * @throws InterruptedException if the waiting thread is interrupted
   */
  public boolean awaitIndex(Duration timeout) throws InterruptedException {
    requireNonNull(timeout, "timeout is null");
    if (index == null) {
      return false;
    }
    startIndex(Duration.ZERO);
    long deadline = System.nanoTime() + timeout.toNanos();
    while (true) {
      LoadState s = index.state();
      if (s instanceof LoadState.Ready) {
        index.awaitVectors(Duration.ofNanos(Math.max(0, deadline - System.nanoTime())));
        return true;
      }
      if (s instanceof LoadState.Failed || System.nanoTime() - deadline >= 0) {
        return false;
      }
      Thread.sleep(20);
    }
  }

  /**
   * Starts loading the schema index once. Serving starts it a moment after the transport is up,
   * so its load (two cores are common) does not delay a client's first answers ({@code
   * initialize}, {@code tools/list}); a discovery call in that moment does not wait for the delay
   * but starts the index itself and waits for its first load (the index lookup does), so that it
   * is answered as later calls are.
   */
  private void startIndex(Duration delay) {
    List<SchemaIndex> all = sources != null ? sources.indexes()
        : index == null ? List.of() : List.of(index);
    if (all.isEmpty() || !indexStarted.compareAndSet(false, true)) {
      return;
    }
    if (delay.isZero()) {
      all.forEach(SchemaIndex::start);
      return;
    }
    Thread t = new Thread(() -> {
      try {
        Thread.sleep(delay.toMillis());
        if (!closed) {
          all.forEach(SchemaIndex::start);
        }
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
      } catch (RuntimeException e) {
        if (!closed) { // a server closed before the delay ran out has nothing to report
          LOG.warn("Schema index did not start: {}; discovery uses live queries",
              e.getClass().getSimpleName());
        }
      }
    }, "snowchat-index-start");
    t.setDaemon(true);
    t.start();
  }

  /** Stops the schema index and closes the connection pools. */
  @Override
  public void close() {
    closed = true;
    if (sources != null) {
      sources.close();
      return;
    }
    if (index != null) {
      index.close();
    }
    warehouse.close();
  }

  /** A running HTTP endpoint. */
  public static final class Http implements AutoCloseable {
    private final HttpEndpoint endpoint;

    private Http(HttpEndpoint endpoint) {
      this.endpoint = endpoint;
    }

    /** {@return the MCP endpoint URI, e.g. {@code http://127.0.0.1:8765/mcp}} */
    public URI uri() {
      return endpoint.uri();
    }

    /**
     * Blocks until the endpoint stops.
     *
     * @throws InterruptedException when interrupted
     */
    public void join() throws InterruptedException {
      endpoint.join();
    }

    /** Stops the endpoint. */
    @Override
    public void close() {
      endpoint.close();
    }
  }

  /** Builds a {@link SnowchatMcpServer}. */
  public static final class Builder {
    private @Nullable McpConfig config;
    private boolean hostData;

    private Builder() {}

    /**
     * Lets a co-located host register its in-memory data as tables ({@link
     * SnowchatMcpServer#hostData()}), queried through the same gate, caps and timeout as source
     * {@code local}. Off by default; only for hosts that embed the server in their process.
     *
     * @param on whether host data is on
     * @return this builder
     */
    public Builder hostData(boolean on) {
      this.hostData = on;
      return this;
    }

    /**
     * Sets the configuration.
     *
     * @param config the configuration
     * @return this builder
     * @throws IllegalStateException when already set
     */
    public Builder config(McpConfig config) {
      requireNonNull(config, "config is null");
      if (this.config != null) {
        throw new IllegalStateException("config was already set to " + this.config);
      }
      this.config = config;
      return this;
    }

    /**
     * Builds the server: creates the pools (no connection is opened yet) and, for the sample
     * warehouse, creates the sample database on first use.
     *
     * @return the server
     * @throws dev.snowchat.sqlgate.SnowchatException with {@link
     *     dev.snowchat.mcp.sample.SampleErrorCode} when the sample warehouse cannot be made
     */
    public SnowchatMcpServer build() {
      McpConfig c = config == null ? McpConfig.defaults() : config;
      boolean catalog = !c.sourceNames().isEmpty();
      Warehouse w = null;
      SchemaIndex index = null;
      LookupRouter router = null;
      if (!catalog) {
        w = new Warehouse(c, JdbcTarget.of(c));
        try {
          index = c.schemaIndexEnabled() ? LiveLookups.index(w) : null;
          router = index == null ? LiveLookups.router(w) : LiveLookups.router(w, index);
        } catch (RuntimeException | Error e) {
          // the pools (and, for the sample, the database) are not left open behind a failed build
          if (index != null) {
            index.close();
          }
          w.close();
          throw e;
        }
      }
      if (w != null && router != null && c.fileAllowlist().isEmpty() && !hostData) {
        return new SnowchatMcpServer(c, w, index, new Tools(w, router).definitions(), null);
      }
      // Many sources (issue 13): a catalog, attach_file or host data.
      SourceSet set;
      try {
        set = SourceSet.build(c, w, index, router, hostData);
      } catch (RuntimeException e) {
        if (w != null) {
          w.close();
        }
        throw e;
      }
      return new SnowchatMcpServer(c, set.defaultWarehouse(), set.defaultIndex(),
          set.definitions(), set);
    }
  }

  /**
   * The tools a server with this configuration serves, listed without making one: no sample
   * warehouse is built, no schema index started and no connection opened (the pools are created
   * empty and closed again). For the command line's {@code tools}.
   */
  static List<ToolDefinition> definitions(McpConfig c) {
    if (c.backend() == McpConfig.Backend.CATALOG || !c.fileAllowlist().isEmpty()) {
      // Many sources: the tools are the source set's (the source argument, list_sources,
      // attach_file). Listing them opens the embedded engine's views and builds a sample source
      // if the catalog has one, but connects to no database.
      try (SnowchatMcpServer s = builder().config(c).build()) {
        return s.tools();
      }
    }
    // Where the sample lives only matters once a tool connects: do not build it to list tools.
    JdbcTarget target = c.backend() == McpConfig.Backend.SAMPLE
        ? new JdbcTarget("jdbc:duckdb:", new Properties(), Dialect.DUCKDB, "jdbc:duckdb:",
            SampleWarehouse.DATABASE, null)
        : JdbcTarget.of(c);
    Warehouse w = new Warehouse(c, target);
    try {
      return new Tools(w, LiveLookups.router(w)).definitions();
    } finally {
      w.close();
    }
  }

  private static String versionOf() {
    String v = SnowchatMcpServer.class.getPackage().getImplementationVersion();
    return v == null ? "dev" : v;
  }
}
