package dev.snowchat.mcp.internal.sources;

import static dev.snowchat.mcp.ToolErrorCode.INVALID_ARGUMENT;
import static java.util.Objects.requireNonNull;

import dev.snowchat.mcp.CallContext;
import dev.snowchat.mcp.HostData;
import dev.snowchat.mcp.JdbcTarget;
import dev.snowchat.mcp.McpConfig;
import dev.snowchat.mcp.McpVariable;
import dev.snowchat.mcp.ToolDefinition;
import dev.snowchat.mcp.ToolErrorCode;
import dev.snowchat.mcp.ToolResult;
import dev.snowchat.mcp.internal.jdbc.Redactor;
import dev.snowchat.mcp.internal.jdbc.Warehouse;
import dev.snowchat.mcp.internal.lookup.LiveLookups;
import dev.snowchat.mcp.internal.lookup.LookupRouter;
import dev.snowchat.mcp.internal.tools.Tools;
import dev.snowchat.schemaindex.SchemaIndex;
import dev.snowchat.sqlgate.Dialect;
import dev.snowchat.sqlgate.PermissionMode;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Properties;
import java.util.Set;
import java.util.function.Function;
import javax.sql.DataSource;
import org.jspecify.annotations.Nullable;

/**
 * Many sources behind one set of tools. Each database source (Snowflake, JDBC, the sample) has
 * its own pools, gate, limits, schema index and tool handlers, made from a configuration derived
 * from the server's (its connection, its tighter limits), so the environment-to-connection mapping
 * is the one a single warehouse uses. File and DuckDB-file sources, attached files and host
 * tables share the embedded engine, one source named {@value LocalEngine#SOURCE_NAME}, so one
 * statement joins them; it is always read-only and searched live (each session's attachments are
 * its own, never in a shared index).
 *
 * <p>The tools take an optional {@code source} (default: the first source); {@code
 * list_databases} and {@code search_schema} without one answer over every source, each item naming
 * its {@code sourceName}; {@code list_sources} lists the sources and their state.
 */
public final class SourceSet implements AutoCloseable {

  /** One source: its backend and its tools. */
  record Member(String name, SourceKind kind, @Nullable Source source, Warehouse warehouse,
      @Nullable SchemaIndex index, Map<String, ToolDefinition> tools, List<String> entries) {}

  private final List<Member> members;
  private final @Nullable LocalEngine engine;
  private final Map<String, String> aliases;
  private final Redactor redactor;

  private SourceSet(List<Member> members, @Nullable LocalEngine engine,
      Map<String, String> aliases, Redactor redactor) {
    this.redactor = redactor;
    this.members = List.copyOf(members);
    this.engine = engine;
    this.aliases = Map.copyOf(aliases);
  }

  /**
   * Builds every source's backend. No database connection is opened yet; the embedded engine's
   * views are created (an unreadable file marks its source unavailable, the rest serve).
   *
   * @param server the server's configuration
   * @param single the one warehouse served when there is no catalog, or null
   * @param singleIndex its schema index, or null
   * @param singleRouter its lookup router, or null
   * @param hostData whether co-located hosts may register in-memory tables
   * @return the sources
   */
  public static SourceSet build(McpConfig server, @Nullable Warehouse single,
      @Nullable SchemaIndex singleIndex, @Nullable LookupRouter singleRouter, boolean hostData) {
    return build(server, single, singleIndex, singleRouter, hostData, t -> null);
  }

  /**
   * Builds every source's backend, the connections of a database source coming from {@code
   * connector} when it gives some, used as they are (tests: a recorded Snowflake fake), else
   * from pools over the driver.
   */
  static SourceSet build(McpConfig server, @Nullable Warehouse single,
      @Nullable SchemaIndex singleIndex, @Nullable LookupRouter singleRouter, boolean hostData,
      Function<JdbcTarget, @Nullable DataSource> connector) {
    SourceCatalog catalog = SourceCatalog.of(server);
    List<Member> out = new ArrayList<>();
    Map<String, String> aliases = new LinkedHashMap<>();
    List<Source> embedded = catalog.sources().stream()
        .filter(s -> s.kind().embedded()).toList();
    AllowedPaths allow = server.fileAllowlist().isEmpty() ? null
        : new AllowedPaths(server.fileAllowlist());
    LocalEngine engine = null;
    boolean needEngine = !embedded.isEmpty() || allow != null || hostData;
    try {
      if (single != null) {
        out.add(member("warehouse", server.backend() == McpConfig.Backend.SNOWFLAKE
            ? SourceKind.SNOWFLAKE : server.backend() == McpConfig.Backend.SAMPLE
            ? SourceKind.SAMPLE : SourceKind.JDBC, null, single, singleIndex,
            requireNonNull(singleRouter, "singleRouter"), List.of()));
      }
      boolean localAdded = false;
      for (Source s : catalog.sources()) {
        if (s.kind().embedded()) {
          aliases.put(s.name().toLowerCase(Locale.ROOT), LocalEngine.SOURCE_NAME);
          if (!localAdded) {
            engine = openEngine(embedded, allow, server, hostData);
            out.add(localMember(server, engine, embedded));
            localAdded = true;
          }
          continue;
        }
        out.add(databaseMember(server, s, connector));
      }
      if (needEngine && !localAdded) {
        engine = openEngine(embedded, allow, server, hostData);
        out.add(localMember(server, engine, embedded));
      }
    } catch (RuntimeException e) {
      for (Member m : out) {
        if (m.warehouse() != single) {
          m.warehouse().close();
        }
      }
      if (engine != null) {
        engine.close();
      }
      throw e;
    }
    return new SourceSet(out, engine, aliases, Redactor.of(server));
  }

  private static LocalEngine openEngine(List<Source> embedded, @Nullable AllowedPaths allow,
      McpConfig server, boolean hostData) {
    return LocalEngine.open(embedded, allow, new RuntimeCatalogs.Settings(
        server.attachMaxFiles(), server.attachMaxSessions(), server.attachIdleExpiry()), hostData);
  }

  private static Member member(String name, SourceKind kind, @Nullable Source source,
      Warehouse w, @Nullable SchemaIndex index, LookupRouter router, List<String> entries) {
    Map<String, ToolDefinition> tools = new LinkedHashMap<>();
    for (ToolDefinition d : new Tools(w, router).definitions()) {
      tools.put(d.name(), d);
    }
    return new Member(name, kind, source, w, index, tools, entries);
  }

  /**
   * The server's variables a source inherits (limits, pools, index, scope, ...), as environment
   * text, not its connection, the catalog, attachments or the HTTP transport.
   */
  private static Map<String, String> inherited(McpConfig server) {
    Map<String, String> env = new LinkedHashMap<>();
    for (McpVariable v : McpVariable.values()) {
      String k = v.name();
      if (v.family() || k.startsWith("SNOWFLAKE_") && !k.startsWith("SNOWFLAKE_MCP_")
          || k.startsWith("SNOWCHAT_JDBC_") || k.startsWith("SNOWCHAT_ATTACH_")
          || k.startsWith("SNOWCHAT_HTTP_") || v == McpVariable.SNOWCHAT_SOURCES
          || v == McpVariable.SNOWCHAT_FILE_ALLOWLIST || v == McpVariable.SNOWCHAT_INDEX_SNAPSHOT
          || v == McpVariable.SNOWCHAT_ENV_FILE) {
        continue;
      }
      // A builder records a duration as ISO-8601 (PT1M); the environment takes milliseconds.
      server.value(v).ifPresent(text -> env.put(k, text.startsWith("PT")
          ? Duration.parse(text).toMillis() + "ms" : text));
    }
    return env;
  }

  private static McpConfig derived(McpConfig server, SourceLimits limits,
      Map<String, String> connection, String name) {
    Map<String, String> env = inherited(server);
    env.put("SNOWFLAKE_MCP_MODE", limits.mode(server.mode()).configName());
    env.put("SNOWFLAKE_MCP_MAX_ROWS", Integer.toString(limits.maxRows(server.maxRows())));
    env.put("SNOWCHAT_QUERY_TIMEOUT", limits.timeout(server.queryTimeout()).toMillis() + "ms");
    env.putAll(connection);
    try {
      return McpConfig.fromEnvironment(env);
    } catch (IllegalArgumentException e) {
      throw new IllegalArgumentException("source '" + name + "': " + e.getMessage(), e);
    }
  }

  private static Member databaseMember(McpConfig server, Source s,
      Function<JdbcTarget, @Nullable DataSource> connector) {
    Map<String, String> conn = new LinkedHashMap<>();
    Credential c = s.credential().orElse(null);
    switch (s.kind()) {
      case SNOWFLAKE -> {
        conn.put("SNOWFLAKE_ACCOUNT", s.address().substring("snowflake://".length()));
        if (c != null) {
          c.get(Credential.Field.USER).ifPresent(v -> conn.put("SNOWFLAKE_USER", v));
          c.get(Credential.Field.PASSWORD).ifPresent(v -> conn.put("SNOWFLAKE_PASSWORD", v));
          c.get(Credential.Field.PRIVATE_KEY_FILE)
              .ifPresent(v -> conn.put("SNOWFLAKE_PRIVATE_KEY_FILE", v));
          c.get(Credential.Field.PRIVATE_KEY_FILE_PWD)
              .ifPresent(v -> conn.put("SNOWFLAKE_PRIVATE_KEY_FILE_PWD", v));
          c.get(Credential.Field.TOKEN).ifPresent(v -> {
            conn.put("SNOWFLAKE_PASSWORD", v);
            conn.put("SNOWFLAKE_AUTHENTICATOR", conn.containsKey("SNOWFLAKE_USER")
                ? "programmatic_access_token" : "oauth");
          });
        }
        s.options().forEach((k, v) -> conn.put("SNOWFLAKE_" + k.toUpperCase(Locale.ROOT), v));
      }
      case JDBC -> {
        conn.put("SNOWCHAT_JDBC_URL", s.jdbcUrl().orElseThrow());
        if (c != null) {
          c.get(Credential.Field.USER).ifPresent(v -> conn.put("SNOWCHAT_JDBC_USER", v));
          c.get(Credential.Field.PASSWORD).ifPresent(v -> conn.put("SNOWCHAT_JDBC_PASSWORD", v));
        }
      }
      case SAMPLE -> { }
      default -> throw new IllegalStateException(s.kind() + " is not a database source");
    }
    McpConfig cfg = derived(server, s.limits(), conn, s.name());
    JdbcTarget t = JdbcTarget.of(cfg);
    if (s.kind() == SourceKind.JDBC && !s.options().isEmpty()) {
      t = new JdbcTarget(t.url(), t.properties(), t.dialect(), t.displayUrl(),
          s.options().get("database"), s.options().get("schema"));
    }
    DataSource physical = connector.apply(t);
    Warehouse w = physical == null ? new Warehouse(cfg, t)
        : Warehouse.unpooled(cfg, t, physical);
    SchemaIndex index = cfg.schemaIndexEnabled() ? LiveLookups.index(w) : null;
    LookupRouter router = index == null ? LiveLookups.router(w) : LiveLookups.router(w, index);
    return member(s.name(), s.kind(), s, w, index, router, List.of());
  }

  private static Member localMember(McpConfig server, LocalEngine engine,
      List<Source> embedded) {
    SourceLimits limits = SourceLimits.NONE;
    for (Source s : embedded) {
      limits = limits.tightest(s.limits());
    }
    // Files are read-only, and an in-memory engine keeps nothing a write would change.
    limits = limits.tightest(new SourceLimits(PermissionMode.READ_ONLY, null, null));
    Map<String, String> conn = new LinkedHashMap<>();
    conn.put("SNOWCHAT_SCHEMA_INDEX", "off");
    McpConfig cfg = derived(server, limits, conn, LocalEngine.SOURCE_NAME);
    JdbcTarget t = new JdbcTarget("jdbc:duckdb:", new Properties(), Dialect.DUCKDB,
        "embedded engine (files, DuckDB files, attached files, host tables)", null, null);
    Warehouse w = Warehouse.unpooled(cfg, t, engine.routingDataSource());
    return member(LocalEngine.SOURCE_NAME, SourceKind.FILE, null, w, null,
        LiveLookups.router(w), embedded.stream().map(Source::name).toList());
  }

  /** {@return the sources' names, the default first} */
  public List<String> names() {
    return members.stream().map(Member::name).toList();
  }

  /** {@return the schema indexes of every source} */
  public List<SchemaIndex> indexes() {
    return members.stream().map(Member::index).filter(i -> i != null).toList();
  }

  /** {@return the host data, or null when off} */
  public @Nullable HostData hostData() {
    return engine == null ? null : engine.hostTables();
  }

  /** {@return the embedded engine, or null} */
  public @Nullable LocalEngine engine() {
    return engine;
  }

  /** {@return the default source's warehouse} */
  public Warehouse defaultWarehouse() {
    return members.get(0).warehouse();
  }

  /** {@return the default source's schema index, or null} */
  public @Nullable SchemaIndex defaultIndex() {
    return members.get(0).index();
  }

  /** {@return the tools: every source's, dispatched by the optional source argument} */
  public List<ToolDefinition> definitions() {
    return new SourceTools(this, redactor).definitions();
  }

  List<Member> members() {
    return members;
  }

  /**
   * Finds a source by name or by one of its catalog entries' names (a file entry names the
   * embedded engine).
   */
  @Nullable Member member(String name) {
    String n = name.toLowerCase(Locale.ROOT);
    String target = aliases.getOrDefault(n, n);
    for (Member m : members) {
      if (m.name().equalsIgnoreCase(target)) {
        return m;
      }
    }
    return null;
  }

  /** Sources that failed to connect, skipped by fan-out calls until their backoff passes. */
  private final Map<String, long[]> down = new java.util.concurrent.ConcurrentHashMap<>();
  static final long FIRST_BACKOFF_NANOS = java.time.Duration.ofSeconds(15).toNanos();
  static final long MAX_BACKOFF_NANOS = java.time.Duration.ofMinutes(5).toNanos();

  /**
   * {@return true when a source failed to connect recently: calls that fan out over every source
   * skip it (saying so) until its backoff passes, so one source that is down does not slow the
   * rest; a call naming it still tries, and its first success clears the mark}
   *
   * @param m the source
   */
  boolean isDown(Member m) {
    long[] d = down.get(m.name());
    return d != null && System.nanoTime() - d[0] < 0;
  }

  private void record(Member m, ToolResult r) {
    if (r.isError() && ToolErrorCode.CONNECTION_FAILED.name().equals(r.errorCode())) {
      down.compute(m.name(), (k, d) -> {
        long backoff = d == null ? FIRST_BACKOFF_NANOS : Math.min(d[1] * 2, MAX_BACKOFF_NANOS);
        return new long[] {System.nanoTime() + backoff, backoff};
      });
    } else {
      down.remove(m.name());
    }
  }

  /** Runs a call against a member: in the caller's session for the embedded engine. */
  ToolResult call(Member m, String tool, Map<String, Object> args, CallContext ctx) {
    ToolResult r = callOnce(m, tool, args, ctx);
    record(m, r);
    return r;
  }

  private ToolResult callOnce(Member m, String tool, Map<String, Object> args,
      CallContext ctx) {
    ToolDefinition d = m.tools().get(tool);
    if (d == null) {
      return ToolResult.error(INVALID_ARGUMENT, "Source '" + m.name() + "' has no tool "
          + tool + ".");
    }
    if (m.name().equals(LocalEngine.SOURCE_NAME) && engine != null) {
      engine.refresh();
      return engine.inSession(Sessions.current(), () -> d.handler().call(args, ctx));
    }
    return d.handler().call(args, ctx);
  }

  /** {@return the embedded entries that are unavailable, with why} */
  Map<String, String> unavailable() {
    return engine == null ? Map.of() : engine.unavailable();
  }

  /** {@return the names no attachment may take} */
  Set<String> sourceNames() {
    return aliases.keySet();
  }

  @Override
  public void close() {
    for (Member m : members) {
      if (m.index() != null) {
        m.index().close();
      }
      m.warehouse().close();
    }
    if (engine != null) {
      engine.close();
    }
  }
}
