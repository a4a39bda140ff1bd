package dev.snowchat.mcp.internal.sources;

import static java.util.Objects.requireNonNull;

import dev.snowchat.mcp.internal.sources.FileFormat;
import dev.snowchat.mcp.internal.sources.Source;
import dev.snowchat.sqlgate.Dialect;
import dev.snowchat.sqlgate.Sql;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Proxy;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.ReentrantLock;
import java.util.function.LongSupplier;
import java.util.stream.Collectors;
import javax.sql.DataSource;
import org.duckdb.DuckDBConnection;
import org.jspecify.annotations.Nullable;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Per-session runtime catalogs for {@code attach_file}. A session's attached files are TEMP views
 * on a connection of its own to the embedded engine: DuckDB keeps temporary objects per
 * connection, so the engine itself keeps one session's attachments from every other session (no
 * naming convention to get wrong). A session with attachments runs its statements on that
 * connection (one at a time); the shared catalog stays visible there.
 *
 * <p>Eviction: at most {@link Settings#maxPerSession()} files per session (attaching one more
 * evicts the least recently used, and says so), at most {@link Settings#maxSessions()} sessions
 * with attachments (one more evicts the longest idle session's catalog), and a catalog idle for
 * {@link Settings#idleExpiry()} is dropped. Attachments live in memory only: a restart forgets
 * them, and sessions attach again.
 */
public final class RuntimeCatalogs {
  private static final Logger LOG = LoggerFactory.getLogger(RuntimeCatalogs.class);

  /**
   * The caps.
   *
   * @param maxPerSession files one session may attach at once
   * @param maxSessions sessions that may hold attachments at once
   * @param idleExpiry how long an unused session catalog lives
   */
  public record Settings(int maxPerSession, int maxSessions, Duration idleExpiry) {
    /** Defaults: 20 files per session, 200 sessions, 30 minutes idle. */
    public static final Settings DEFAULTS = new Settings(20, 200, Duration.ofMinutes(30));

    /** Validates the caps. */
    public Settings {
      if (maxPerSession < 1 || maxSessions < 1) {
        throw new IllegalArgumentException("caps must be at least 1");
      }
      LocalEngine.requirePositive(idleExpiry, "idleExpiry");
    }
  }

  /**
   * One attached file.
   *
   * @param name the view name
   * @param path the path as given
   * @param format the format read
   * @param files the real files read
   * @param columns the columns, as {@code name type}
   */
  public record Attachment(String name, String path, FileFormat format, List<Path> files,
      List<String> columns) {
    /** Copies the lists. */
    public Attachment {
      files = List.copyOf(files);
      columns = List.copyOf(columns);
    }
  }

  /**
   * What an attach did.
   *
   * @param attachment the new attachment
   * @param replaced true when it replaced one of the same name
   * @param evicted the name evicted to stay within the cap, or null
   */
  public record Attached(Attachment attachment, boolean replaced, @Nullable String evicted) {}

  private final LocalEngine engine;
  private final AllowedPaths allowlist;
  private final Settings settings;
  private final Map<String, SessionCatalog> sessions = new ConcurrentHashMap<>();
  private volatile LongSupplier clock = System::nanoTime;

  RuntimeCatalogs(LocalEngine engine, AllowedPaths allowlist, Settings settings) {
    this.engine = engine;
    this.allowlist = allowlist;
    this.settings = requireNonNull(settings, "settings is null");
  }

  /** {@return the allowlist} */
  public AllowedPaths allowlist() {
    return allowlist;
  }

  /** {@return the caps} */
  public Settings settings() {
    return settings;
  }

  /** For tests: a clock in nanoseconds. */
  void clock(LongSupplier nanos) {
    this.clock = nanos;
  }

  /** One session's connection and views. */
  private final class SessionCatalog {
    final String key;
    final DuckDBConnection connection;
    final ReentrantLock lock = new ReentrantLock();
    final LinkedHashMap<String, Attachment> views = new LinkedHashMap<>(16, 0.75f, true);
    volatile long lastUsed;
    volatile boolean closed;

    SessionCatalog(String key, DuckDBConnection connection) {
      this.key = key;
      this.connection = connection;
      this.lastUsed = clock.getAsLong();
    }

    void close() {
      lock.lock();
      try {
        closed = true;
        connection.close();
      } catch (SQLException e) {
        LOG.debug("closing a session catalog: {}", e.getMessage());
      } finally {
        lock.unlock();
      }
    }
  }

  /**
   * Attaches a file to a session's runtime catalog as a TEMP view.
   *
   * @param session the session key
   * @param name the table name to query it by
   * @param path the path or glob, absolute, under the allowlist
   * @param format parquet, csv or json, or null to tell by the extension
   * @return what happened
   * @throws IllegalArgumentException saying what to fix (path, name, format, unreadable file)
   */
  public Attached attach(String session, String name, String path, @Nullable String format) {
    requireNonNull(session, "session is null");
    if (!name.matches("[A-Za-z_][A-Za-z0-9_]{0,62}")) {
      throw new IllegalArgumentException("bad name '" + name + "': use a letter or underscore,"
          + " then letters, digits or underscores (at most 63)");
    }
    if (Source.RESERVED_NAMES.contains(name.toLowerCase(Locale.ROOT))
        || engine.takenNames().contains(name.toLowerCase(Locale.ROOT))) {
      throw new IllegalArgumentException("name '" + name + "' is taken by the server's catalog;"
          + " choose another name");
    }
    FileFormat fmt = format == null ? null : FileFormat.parse(format);
    List<Path> files = allowlist.resolve(path);
    if (fmt == null) {
      fmt = FileFormat.ofFileName(path).or(() -> FileFormat.ofFileName(files.get(0).toString()))
          .orElseThrow(() -> new IllegalArgumentException("cannot tell the format of '" + path
              + "' from its extension; pass format: parquet, csv or json"));
    }
    evictIdle();
    SessionCatalog c = catalogFor(session);
    c.lock.lock();
    try {
      if (c.closed) {
        throw new IllegalStateException("the session's catalog was evicted; retry");
      }
      String list = files.stream().map(f -> Sql.quoteString(Dialect.DUCKDB, f.toString()))
          .collect(Collectors.joining(", ", "[", "]"));
      String view = Sql.quoteIdentifier(Dialect.DUCKDB, name);
      String key = name.toLowerCase(Locale.ROOT);
      boolean replaced = c.views.containsKey(key);
      List<String> columns = new ArrayList<>();
      try (Statement st = c.connection.createStatement()) {
        st.execute("CREATE OR REPLACE TEMP VIEW " + view + " AS SELECT * FROM " + fmt.reader()
            + "(" + list + ")");
        try (ResultSet rs = st.executeQuery("DESCRIBE temp.main." + view)) {
          while (rs.next()) {
            columns.add(rs.getString(1) + " " + rs.getString(2));
          }
        }
        // Read one row now, so that a file that is not what its format says fails here.
        try (ResultSet rs = st.executeQuery("SELECT * FROM temp.main." + view + " LIMIT 1")) {
          rs.next();
        }
      } catch (SQLException e) {
        dropQuietly(c, view);
        if (!replaced) {
          c.views.remove(key);
        }
        String m = String.valueOf(e.getMessage()).split("\n")[0].replaceAll("\\p{Cntrl}", " ");
        throw new IllegalArgumentException("'" + path + "' could not be read as "
            + fmt.configName() + " (" + (m.length() > 300 ? m.substring(0, 300) + "..." : m)
            + "); check the file, or pass the right format");
      }
      Attachment a = new Attachment(name, path, fmt, files, columns);
      c.views.put(key, a);
      String evicted = null;
      if (c.views.size() > settings.maxPerSession()) {
        Iterator<Map.Entry<String, Attachment>> it = c.views.entrySet().iterator();
        Map.Entry<String, Attachment> eldest = it.next();
        evicted = eldest.getValue().name();
        it.remove();
        dropQuietly(c, Sql.quoteIdentifier(Dialect.DUCKDB, evicted));
      }
      c.lastUsed = clock.getAsLong();
      return new Attached(a, replaced, evicted);
    } finally {
      c.lock.unlock();
    }
  }

  private static void dropQuietly(SessionCatalog c, String view) {
    try (Statement st = c.connection.createStatement()) {
      st.execute("DROP VIEW IF EXISTS temp.main." + view);
    } catch (SQLException e) {
      LOG.debug("dropping {}: {}", view, e.getMessage());
    }
  }

  private SessionCatalog catalogFor(String session) {
    SessionCatalog c = sessions.get(session);
    if (c != null && !c.closed) {
      return c;
    }
    synchronized (sessions) {
      c = sessions.get(session);
      if (c != null && !c.closed) {
        return c;
      }
      while (sessions.size() >= settings.maxSessions()) {
        SessionCatalog idlest = sessions.values().stream()
            .min((x, y) -> Long.compare(x.lastUsed, y.lastUsed)).orElseThrow();
        LOG.info("Runtime catalog of an idle session dropped: {} sessions hold attachments"
            + " (cap {})", sessions.size(), settings.maxSessions());
        sessions.remove(idlest.key);
        idlest.close();
      }
      try {
        c = new SessionCatalog(session, engine.duplicate());
      } catch (SQLException e) {
        throw new IllegalStateException("the embedded engine refused a connection: "
            + e.getMessage(), e);
      }
      sessions.put(session, c);
      return c;
    }
  }

  /**
   * Detaches one file.
   *
   * @param session the session key
   * @param name the name it was attached under
   * @return true when it was attached
   */
  public boolean detach(String session, String name) {
    SessionCatalog c = sessions.get(session);
    if (c == null) {
      return false;
    }
    c.lock.lock();
    try {
      Attachment a = c.views.remove(name.toLowerCase(Locale.ROOT));
      if (a != null) {
        dropQuietly(c, Sql.quoteIdentifier(Dialect.DUCKDB, a.name()));
      }
      c.lastUsed = clock.getAsLong();
      return a != null;
    } finally {
      c.lock.unlock();
    }
  }

  /**
   * {@return a session's attachments, most recently used last; empty for a session with none}
   *
   * @param session the session key
   */
  public List<Attachment> list(String session) {
    evictIdle();
    SessionCatalog c = sessions.get(session);
    if (c == null) {
      return List.of();
    }
    c.lock.lock();
    try {
      c.lastUsed = clock.getAsLong();
      return List.copyOf(new ArrayList<>(c.views.values()));
    } finally {
      c.lock.unlock();
    }
  }

  /** {@return how many sessions hold attachments} */
  public int sessionCount() {
    return sessions.size();
  }

  /** Drops the catalogs of sessions idle longer than the expiry. */
  public void evictIdle() {
    long now = clock.getAsLong();
    long limit = settings.idleExpiry().toNanos();
    for (SessionCatalog c : sessions.values()) {
      if (now - c.lastUsed > limit && !c.lock.isLocked()) {
        if (sessions.remove(c.key, c)) {
          LOG.debug("Runtime catalog of a session idle for over {} dropped",
              settings.idleExpiry());
          c.close();
        }
      }
    }
  }

  /** Drops one session's catalog (the session ended). */
  public void endSession(String session) {
    SessionCatalog c = sessions.remove(session);
    if (c != null) {
      c.close();
    }
  }

  /**
   * {@return connections for a session's statements: its own connection, locked for one
   * statement at a time; null when the session has no attachments}
   *
   * @param session the session key
   */
  @Nullable DataSource dataSource(String session) {
    evictIdle();
    SessionCatalog c = sessions.get(session);
    if (c == null || c.closed) {
      return null;
    }
    return new LocalEngine.EngineDataSource(() -> borrow(c));
  }

  private Connection borrow(SessionCatalog c) throws SQLException {
    try {
      if (!c.lock.tryLock(60, TimeUnit.SECONDS)) {
        throw new SQLException("the session's previous statement is still running; retry");
      }
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new SQLException("interrupted while waiting for the session's connection");
    }
    if (c.closed) {
      c.lock.unlock();
      throw new SQLException("this session's attached files were dropped (idle for over "
          + settings.idleExpiry().toMinutes() + " min, or evicted); attach them again");
    }
    c.lastUsed = clock.getAsLong();
    Connection real = c.connection;
    boolean[] released = {false};
    return (Connection) Proxy.newProxyInstance(Connection.class.getClassLoader(),
        new Class<?>[] {Connection.class}, (proxy, method, args) -> {
          switch (method.getName()) {
            case "close" -> {
              if (!released[0]) {
                released[0] = true;
                c.lastUsed = clock.getAsLong();
                c.lock.unlock();
              }
              return null;
            }
            case "isClosed" -> {
              return released[0] || real.isClosed();
            }
            case "unwrap" -> {
              if (args != null && args[0] == Connection.class) {
                return proxy;
              }
            }
            default -> { }
          }
          if (released[0]) {
            throw new SQLException("connection returned");
          }
          try {
            return method.invoke(real, args);
          } catch (InvocationTargetException e) {
            throw e.getCause();
          }
        });
  }

  void close() {
    for (SessionCatalog c : sessions.values()) {
      c.close();
    }
    sessions.clear();
  }
}
