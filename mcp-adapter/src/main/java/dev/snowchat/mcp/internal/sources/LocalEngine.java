package dev.snowchat.mcp.internal.sources;

import static java.util.Objects.requireNonNull;

import dev.snowchat.mcp.internal.sources.FileFormat;
import dev.snowchat.mcp.internal.sources.Source;
import dev.snowchat.mcp.internal.sources.SourceKind;
import dev.snowchat.sqlgate.Dialect;
import dev.snowchat.sqlgate.HardeningOptions;
import dev.snowchat.sqlgate.SessionHardening;
import dev.snowchat.sqlgate.Sql;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.SQLException;
import java.sql.SQLFeatureNotSupportedException;
import java.sql.Statement;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Properties;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.logging.Logger;
import javax.sql.DataSource;
import org.duckdb.DuckDBConnection;
import org.jspecify.annotations.Nullable;
import org.slf4j.LoggerFactory;

/**
 * The embedded engine of the source catalog: one in-memory DuckDB database where every file
 * source is a view and every DuckDB-file source an attached read-only database, so that one gated
 * statement joins them. They are created during privileged initialization (the reference's
 * internal statements), before the engine's configuration is locked: then external access is
 * off, except for exactly the configured files, the globs' directories and the attach allowlist
 * ({@code allowed_paths}, {@code allowed_directories}), and nothing can change that again.
 *
 * <p>Callers' statements never read files directly: the gate refuses DuckDB's file readers (it
 * has no path allowlist of its own here), so files are reached only through the views.
 */
public final class LocalEngine implements AutoCloseable {
  private static final org.slf4j.Logger LOG = LoggerFactory.getLogger(LocalEngine.class);

  /** The name of the embedded engine as a source. */
  public static final String SOURCE_NAME = "local";

  private final DuckDBConnection root;
  private final List<Source> sources;
  private final Map<String, String> unavailable = new ConcurrentHashMap<>();
  private final @Nullable RuntimeCatalogs runtime;
  private final @Nullable HostTables host;
  private final DataSource shared;
  private volatile boolean closed;

  private LocalEngine(DuckDBConnection root, List<Source> sources,
      @Nullable AllowedPaths allowlist, RuntimeCatalogs.Settings attach, boolean hostData) {
    this.root = root;
    this.sources = List.copyOf(sources);
    this.shared = new EngineDataSource(this::duplicate);
    this.runtime = allowlist == null ? null : new RuntimeCatalogs(this, allowlist, attach);
    this.host = hostData ? new HostTables(this) : null;
  }

  /**
   * Opens the engine: creates the views and attachments, then locks the configuration.
   *
   * @param sources the file and DuckDB-file sources (others are refused)
   * @param allowlist the attach allowlist, or null when {@code attach_file} is off
   * @param attach the runtime catalogs' caps
   * @param hostData whether co-located hosts may register in-memory tables
   * @return the engine; sources that could not be opened are listed by {@link #unavailable()}
   * @throws IllegalStateException when DuckDB cannot start or cannot be locked
   */
  public static LocalEngine open(List<Source> sources, @Nullable AllowedPaths allowlist,
      RuntimeCatalogs.Settings attach, boolean hostData) {
    for (Source s : sources) {
      if (!s.kind().embedded()) {
        throw new IllegalArgumentException(s.name() + " is not a file or DuckDB-file source");
      }
    }
    DuckDBConnection root;
    try {
      Properties p = new Properties();
      p.setProperty("jdbc_stream_results", "true");
      root = (DuckDBConnection) new org.duckdb.DuckDBDriver().connect("jdbc:duckdb:", p);
    } catch (SQLException e) {
      throw new IllegalStateException("The embedded engine (DuckDB) did not start: "
          + e.getMessage(), e);
    }
    LocalEngine engine = new LocalEngine(root, sources, allowlist, attach, hostData);
    List<Path> files = new ArrayList<>();
    List<Path> dirs = new ArrayList<>();
    for (Source s : sources) {
      Path path = s.path().orElseThrow();
      if (s.isGlob()) {
        dirs.add(globBase(path));
      } else {
        files.add(path);
        if (s.kind() == SourceKind.DUCKDB_FILE) {
          files.add(Path.of(path + ".wal"));
        }
      }
      engine.create(s);
    }
    if (allowlist != null) {
      dirs.addAll(allowlist.realPrefixes());
    }
    try {
      // sql-gate's own DuckDB hardening: allowed paths, external access off, extensions off,
      // then the lock. Every later connection sees a locked, checked database.
      SessionHardening.forDialect(Dialect.DUCKDB, HardeningOptions.defaults()
          .withAllowedFiles(files).withAllowedDirectories(dirs)).apply(root, Dialect.DUCKDB);
    } catch (SQLException e) {
      engine.close();
      throw new IllegalStateException("The embedded engine could not be locked: "
          + e.getMessage(), e);
    }
    return engine;
  }

  /** The directory part of a glob before its first wildcard. */
  static Path globBase(Path glob) {
    Path base = glob.getRoot();
    for (Path part : glob) {
      String s = part.toString();
      if (s.chars().anyMatch(c -> c == '*' || c == '?' || c == '[' || c == '{')) {
        break;
      }
      base = base.resolve(part);
    }
    return base;
  }

  /** Creates one source's view or attachment; on failure records why and carries on. */
  private boolean create(Source s) {
    if (!s.isGlob() && !java.nio.file.Files.exists(s.path().orElseThrow())) {
      String why = s.address() + ": no such file (" + s.path().orElseThrow() + "); create it or"
          + " fix the source's address. Retried on use.";
      if (!why.equals(unavailable.put(s.name(), why))) {
        LOG.warn("Source {} is unavailable: {}", s.name(), why);
      }
      return false;
    }
    String name = Sql.quoteIdentifier(Dialect.DUCKDB, s.name());
    String path = Sql.quoteString(Dialect.DUCKDB, s.path().orElseThrow().toString());
    String sql = s.kind() == SourceKind.DUCKDB_FILE
        ? "ATTACH " + path + " AS " + name + " (READ_ONLY)"
        : "CREATE OR REPLACE VIEW main." + name + " AS SELECT * FROM "
            + s.format().orElseThrow().reader() + "(" + path + ")";
    synchronized (root) {
      try (Statement st = root.createStatement()) {
        st.execute(sql);
        if (unavailable.remove(s.name()) != null) {
          LOG.info("Source {} is available again", s.name());
        }
        return true;
      } catch (SQLException e) {
        String why = reason(s, e);
        if (!why.equals(unavailable.put(s.name(), why))) {
          LOG.warn("Source {} is unavailable: {}", s.name(), why);
        }
        return false;
      }
    }
  }

  static String reason(Source s, SQLException e) {
    String m = String.valueOf(e.getMessage()).split("\n")[0];
    m = m.replaceAll("\\p{Cntrl}", " ");
    if (m.length() > 300) {
      m = m.substring(0, 300) + "...";
    }
    String what = s.kind() == SourceKind.DUCKDB_FILE ? "a DuckDB database"
        : "a " + s.format().map(FileFormat::configName).orElse("") + " file";
    return s.address() + " could not be read as " + what + " (" + m + "); fix the file or the"
        + " source's address/format. Retried on use.";
  }

  /**
   * Retries the sources that were unavailable (a file that appeared, a database file restored).
   * Cheap when all are available.
   */
  public void refresh() {
    if (unavailable.isEmpty() || closed) {
      return;
    }
    for (Source s : sources) {
      if (unavailable.containsKey(s.name())) {
        create(s);
      }
    }
  }

  /** {@return source name to the reason it is unavailable, for the sources that are} */
  public Map<String, String> unavailable() {
    Map<String, String> out = new LinkedHashMap<>();
    for (Source s : sources) {
      String why = unavailable.get(s.name());
      if (why != null) {
        out.put(s.name(), why);
      }
    }
    return Collections.unmodifiableMap(out);
  }

  /** {@return the catalog sources in this engine} */
  public List<Source> sources() {
    return sources;
  }

  /**
   * {@return the lower-case names taken in the shared catalog: sources and host tables; attached
   * files may not shadow them}
   */
  public Set<String> takenNames() {
    Set<String> out = new LinkedHashSet<>();
    for (Source s : sources) {
      out.add(s.name().toLowerCase(Locale.ROOT));
    }
    if (host != null) {
      for (String n : host.names()) {
        out.add(n.toLowerCase(Locale.ROOT));
      }
    }
    return out;
  }

  /** {@return connections to the shared catalog (views, attachments, host tables)} */
  public DataSource dataSource() {
    return shared;
  }

  /**
   * {@return the connections a session's statements run on: its own connection, holding its
   * attached files, when it has any; else the shared catalog}
   *
   * @param session the MCP session key
   */
  public DataSource dataSource(String session) {
    DataSource ds = runtime == null ? null : runtime.dataSource(session);
    return ds == null ? shared : ds;
  }

  private final ThreadLocal<String> currentSession = new ThreadLocal<>();
  private final DataSource routing = new EngineDataSource(() -> {
    String s = currentSession.get();
    return (s == null ? dataSource() : dataSource(s)).getConnection();
  });

  /**
   * {@return connections for whichever session the calling thread runs for ({@link #inSession}):
   * one gated executor serves every session}
   */
  public DataSource routingDataSource() {
    return routing;
  }

  /**
   * Runs a call for a session: statements it runs through {@link #routingDataSource()} see the
   * session's attached files.
   *
   * @param session the session key
   * @param call the call
   * @param <T> its result type
   * @return its result
   */
  public <T> T inSession(String session, java.util.function.Supplier<T> call) {
    String previous = currentSession.get();
    currentSession.set(requireNonNull(session, "session is null"));
    try {
      return call.get();
    } finally {
      if (previous == null) {
        currentSession.remove();
      } else {
        currentSession.set(previous);
      }
    }
  }

  /** {@return the runtime catalogs, or null when {@code attach_file} is off} */
  public @Nullable RuntimeCatalogs runtime() {
    return runtime;
  }

  /** {@return the host tables, or null when in-process data is off} */
  public @Nullable HostTables hostTables() {
    return host;
  }

  DuckDBConnection duplicate() throws SQLException {
    if (closed) {
      throw new SQLException("the embedded engine is closed");
    }
    return (DuckDBConnection) root.duplicate();
  }

  /** Runs privileged DDL on the root connection (host tables). */
  void privileged(List<String> statements) throws SQLException {
    synchronized (root) {
      try (Statement st = root.createStatement()) {
        for (String sql : statements) {
          st.execute(sql);
        }
      } catch (SQLException e) {
        if (statements.get(0).startsWith("BEGIN")) {
          try (Statement st = root.createStatement()) {
            st.execute("ROLLBACK");
          } catch (SQLException ignored) {
            // not in a transaction any more
          }
        }
        throw e;
      }
    }
  }

  @Override
  public void close() {
    if (closed) {
      return;
    }
    closed = true;
    if (runtime != null) {
      runtime.close();
    }
    try {
      root.close();
    } catch (SQLException e) {
      LOG.debug("closing the embedded engine: {}", e.getMessage());
    }
  }

  /** Connection supplier that may throw. */
  @FunctionalInterface
  interface Opener {
    Connection open() throws SQLException;
  }

  /** A data source over an opener; the caller closes each connection. */
  static final class EngineDataSource implements DataSource {
    private final Opener opener;

    EngineDataSource(Opener opener) {
      this.opener = opener;
    }

    @Override
    public Connection getConnection() throws SQLException {
      return opener.open();
    }

    @Override
    public Connection getConnection(String username, String password) throws SQLException {
      throw new SQLFeatureNotSupportedException("the embedded engine takes no credentials");
    }

    @Override
    public @Nullable PrintWriter getLogWriter() {
      return null;
    }

    @Override
    public void setLogWriter(PrintWriter out) {}

    @Override
    public void setLoginTimeout(int seconds) {}

    @Override
    public int getLoginTimeout() {
      return 0;
    }

    @Override
    public Logger getParentLogger() throws SQLFeatureNotSupportedException {
      throw new SQLFeatureNotSupportedException();
    }

    @Override
    public <T> T unwrap(Class<T> iface) throws SQLException {
      if (iface.isInstance(this)) {
        return iface.cast(this);
      }
      throw new SQLException("not a wrapper for " + iface);
    }

    @Override
    public boolean isWrapperFor(Class<?> iface) {
      return iface.isInstance(this);
    }
  }

  static Duration requirePositive(Duration d, String what) {
    requireNonNull(d, what + " is null");
    if (d.isNegative() || d.isZero()) {
      throw new IllegalArgumentException(what + " must be positive, was " + d);
    }
    return d;
  }
}
