package dev.snowchat.sqlgate.internal.exec;

import static java.util.Objects.requireNonNull;

import dev.snowchat.sqlgate.Dialect;
import dev.snowchat.sqlgate.HardeningOptions;
import dev.snowchat.sqlgate.SessionHardening;
import dev.snowchat.sqlgate.Sql;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.SQLFeatureNotSupportedException;
import java.sql.Statement;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.WeakHashMap;
import java.util.concurrent.atomic.AtomicBoolean;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The standard per-dialect hardening behind
 * {@link SessionHardening#forDialect(Dialect, HardeningOptions)}. Thread-safe.
 */
public final class DialectHardening implements SessionHardening {
  private static final Logger LOG = LoggerFactory.getLogger(DialectHardening.class);

  private final Dialect dialect;
  private final HardeningOptions options;
  // Physical connections whose session SQL already ran (Snowflake), so that pooled connections
  // pay the round trip once. Weak keys: a closed physical connection drops out.
  private final Map<Connection, Boolean> hardened =
      Collections.synchronizedMap(new WeakHashMap<>());
  private final AtomicBoolean warnedWritableDuckDb = new AtomicBoolean();

  /**
   * Creates the hardening.
   *
   * @param dialect the dialect
   * @param options what to apply
   */
  public DialectHardening(Dialect dialect, HardeningOptions options) {
    this.dialect = requireNonNull(dialect, "dialect is null");
    this.options = requireNonNull(options, "options is null");
  }

  /** {@return the dialect this hardening is for} */
  public Dialect dialect() {
    return dialect;
  }

  /** {@return the options} */
  public HardeningOptions options() {
    return options;
  }

  @Override
  public void apply(Connection connection) throws SQLException {
    apply(connection, dialect);
  }

  @Override
  public void apply(Connection connection, Dialect dialect) throws SQLException {
    requireNonNull(connection, "connection is null");
    requireNonNull(dialect, "dialect is null");
    if (dialect != this.dialect) {
      throw new IllegalArgumentException("this hardening is for " + this.dialect.configName()
          + " connections, not " + dialect.configName());
    }
    switch (dialect) {
      case DUCKDB -> duckDb(connection);
      case SNOWFLAKE -> snowflake(connection);
      case GENERIC, POSTGRES -> generic(connection);
    }
  }

  private void duckDb(Connection c) throws SQLException {
    // Once this connection's database is locked with safe settings nothing can change them
    // again (lock_configuration cannot be undone), so later borrows skip the settings query.
    Connection physical = physical(c);
    if (hardened.containsKey(physical)) {
      duckDbLogging(c);
      return;
    }
    // Settings are database-wide and, once locked, cannot be set again: read them first.
    DuckDbSettings settings = DuckDbSettings.read(c);
    boolean locked = settings.locked();
    boolean external = settings.external();
    boolean autoinstall = settings.autoinstall();
    boolean autoload = settings.autoload();
    String accessMode = settings.accessMode();
    if (locked) {
      if (external || autoinstall || autoload) {
        throw new SQLException("the DuckDB configuration is locked with external access or"
            + " extension auto-loading still on (enable_external_access=" + external
            + ", autoinstall_known_extensions=" + autoinstall + ", autoload_known_extensions="
            + autoload + "); open the database without locking it, or lock it only after"
            + " turning these off");
      }
    } else {
      boolean allowlist =
          !options.allowedDirectories().isEmpty() || !options.allowedFiles().isEmpty();
      if (allowlist && !external) {
        // DuckDB only takes allowed paths while external access is still on.
        throw new SQLException("the DuckDB database already has external access off, so the"
            + " allowed directories and files cannot be set; open it with external access on"
            + " and let the hardening turn it off");
      }
      List<String> sql = new ArrayList<>();
      if (!options.allowedDirectories().isEmpty()) {
        sql.add("SET allowed_directories = " + duckDbList(options.allowedDirectories()));
      }
      if (!options.allowedFiles().isEmpty()) {
        sql.add("SET allowed_paths = " + duckDbList(options.allowedFiles()));
      }
      sql.add("SET enable_external_access = false");
      sql.add("SET autoinstall_known_extensions = false");
      sql.add("SET autoload_known_extensions = false");
      sql.add("SET allow_community_extensions = false");
      // Logging and profiling: other callers' SQL must not reach a log file, stdout (the MCP
      // stdio channel) or a log table. SET of these fails once locked; the logging table
      // functions bypass the lock, so duckDbLogging checks on every borrow as well.
      sql.add("SET enable_logging = false");
      sql.add("SET logging_storage = 'memory'");
      sql.add("SET enable_http_logging = false");
      sql.add("SET log_query_path = ''");
      sql.add("SET profiling_output = ''");
      sql.add("SET lock_configuration = true"); // last: nothing can be changed back after it
      try {
        run(c, sql);
      } catch (SQLException e) {
        // Two first borrows of one database at once: the other connection may have locked it
        // between our read and our SETs. That is the outcome wanted if it locked it safely.
        if (!DuckDbSettings.read(c).lockedSafely()) {
          throw e;
        }
      }
    }
    duckDbLogging(c);
    hardened.put(physical, Boolean.TRUE);
    if (options.readOnly() && !"read_only".equalsIgnoreCase(accessMode)
        && warnedWritableDuckDb.compareAndSet(false, true)) {
      LOG.info("The DuckDB database is open for writing (access_mode={}); only the gate keeps"
          + " statements read-only. Open files with DuckDbHardening.readOnlyUrl(path) to have"
          + " the engine refuse writes too.", Texts.untrusted(accessMode));
    }
  }

  /** The database-wide DuckDB settings the hardening sets and checks. */
  private record DuckDbSettings(boolean locked, boolean external, boolean autoinstall,
      boolean autoload, String accessMode) {
    static DuckDbSettings read(Connection c) throws SQLException {
      try (Statement s = c.createStatement();
          ResultSet rs = s.executeQuery("SELECT current_setting('lock_configuration'),"
              + " current_setting('enable_external_access'),"
              + " current_setting('autoinstall_known_extensions'),"
              + " current_setting('autoload_known_extensions'),"
              + " current_setting('access_mode')")) {
        rs.next();
        return new DuckDbSettings(rs.getBoolean(1), rs.getBoolean(2), rs.getBoolean(3),
            rs.getBoolean(4), String.valueOf(rs.getString(5)));
      }
    }

    /** {@return whether the configuration is locked with external access off} */
    boolean lockedSafely() {
      return locked && !external && !autoinstall && !autoload;
    }
  }

  /**
   * DuckDB's {@code enable_logging()} table function turns logging on even in a locked
   * configuration (verified on 1.4): a statement that got past the gate could send every later
   * caller's SQL to stdout or a file. On every borrow, logging found on is turned off again with
   * {@code disable_logging()}; if that fails the session is refused (fail closed). A database
   * whose logging was pointed at an inaccessible file fails every statement, this check too.
   */
  private static void duckDbLogging(Connection c) throws SQLException {
    if (!duckDbLoggingOn(c)) {
      return;
    }
    LOG.warn("DuckDB logging was found turned on (a statement called enable_logging); turning"
        + " it off");
    try (Statement s = c.createStatement()) {
      s.execute("SELECT * FROM disable_logging()");
    }
    if (duckDbLoggingOn(c)) {
      throw new SQLException("DuckDB logging is on and could not be turned off; the database"
          + " must be reopened");
    }
  }

  private static boolean duckDbLoggingOn(Connection c) throws SQLException {
    try (Statement s = c.createStatement();
        ResultSet rs = s.executeQuery("SELECT current_setting('enable_logging')")) {
      rs.next();
      return rs.getBoolean(1);
    }
  }

  private static String duckDbList(List<Path> paths) {
    StringBuilder b = new StringBuilder("[");
    for (Path p : paths) {
      if (b.length() > 1) {
        b.append(", ");
      }
      b.append(Sql.quoteString(Dialect.DUCKDB, p.toString()));
    }
    return b.append(']').toString();
  }

  private void snowflake(Connection c) throws SQLException {
    Connection physical = physical(c);
    if (hardened.containsKey(physical)) {
      return;
    }
    StringBuilder alter = new StringBuilder(
        "ALTER SESSION SET MULTI_STATEMENT_COUNT = 1, ABORT_DETACHED_QUERY = TRUE");
    Duration timeout = options.statementTimeout();
    if (timeout != null) {
      alter.append(", STATEMENT_TIMEOUT_IN_SECONDS = ").append(ceilSeconds(timeout));
    }
    String tag = options.queryTag();
    if (tag != null) {
      alter.append(", QUERY_TAG = ").append(Sql.quoteString(Dialect.SNOWFLAKE, tag));
    }
    List<String> sql = new ArrayList<>();
    sql.add(alter.toString());
    if (options.readOnly()) {
      sql.add("USE SECONDARY ROLES NONE");
    }
    run(c, sql);
    hardened.put(physical, Boolean.TRUE);
  }

  private void generic(Connection c) throws SQLException {
    if (options.readOnly()) {
      // Every borrow: pools reset the read-only flag when a connection is returned.
      try {
        c.setReadOnly(true);
      } catch (SQLFeatureNotSupportedException e) {
        LOG.debug("The driver cannot mark connections read-only", e);
      }
    }
    String product = c.getMetaData().getDatabaseProductName();
    if (product != null && product.toLowerCase(Locale.ROOT).contains("postgres")) {
      // Every borrow too: a round trip on a local network, and robust against pools and drivers
      // (readOnlyMode=always) that reset session characteristics on return.
      List<String> sql = new ArrayList<>();
      if (dialect == Dialect.POSTGRES) {
        // The gate lexes PostgreSQL with backslashes literal in '...', as the server does only
        // with standard_conforming_strings on (the default since 9.1; a role may turn it off).
        sql.add("SET standard_conforming_strings = on");
      }
      if (options.readOnly()) {
        sql.add("SET SESSION CHARACTERISTICS AS TRANSACTION READ ONLY");
      }
      Duration timeout = options.statementTimeout();
      if (timeout != null) {
        long ms = Math.max(1, Math.min(Integer.MAX_VALUE, timeout.toMillis()));
        sql.add("SET statement_timeout = " + ms);
        // A statement waiting on a lock, or a session left idle inside a transaction, holds
        // locks other sessions need: neither may outlast the statement timeout.
        sql.add("SET lock_timeout = " + ms);
        sql.add("SET idle_in_transaction_session_timeout = " + ms);
      }
      run(c, sql);
    }
  }

  private static void run(Connection c, List<String> sql) throws SQLException {
    if (sql.isEmpty()) {
      return;
    }
    try (Statement s = c.createStatement()) {
      for (String q : sql) {
        s.execute(q);
      }
    }
  }

  /** {@return the timeout in whole seconds, rounded up, at least 1} */
  static long ceilSeconds(Duration d) {
    long s = d.getSeconds() + (d.getNano() > 0 ? 1 : 0);
    return Math.max(1, s);
  }

  /** {@return the driver's own connection behind a pool's proxy, or the connection itself} */
  static Connection physical(Connection c) {
    try {
      Connection inner = c.unwrap(Connection.class);
      return inner == null ? c : inner;
    } catch (SQLException | RuntimeException e) {
      return c;
    }
  }

  @Override
  public String toString() {
    return "SessionHardening.forDialect(" + dialect.configName() + ", " + options + ")";
  }
}
