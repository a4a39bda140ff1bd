package dev.snowchat.sqlgate.internal.exec;

import dev.snowchat.sqlgate.Dialect;
import dev.snowchat.sqlgate.FunctionCatalog;
import dev.snowchat.sqlgate.GateErrorCode;
import dev.snowchat.sqlgate.QueryLimits;
import dev.snowchat.sqlgate.QueryResult;
import dev.snowchat.sqlgate.ResultColumn;
import dev.snowchat.sqlgate.SessionHardening;
import dev.snowchat.sqlgate.SnowchatException;
import dev.snowchat.sqlgate.StatementKind;
import dev.snowchat.sqlgate.TruncationReason;
import dev.snowchat.sqlgate.internal.lexer.DriverSplit;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.ResultSetMetaData;
import java.sql.SQLException;
import java.sql.SQLNonTransientConnectionException;
import java.sql.SQLRecoverableException;
import java.sql.SQLTimeoutException;
import java.sql.SQLTransientConnectionException;
import java.sql.SQLTransientException;
import java.sql.Statement;
import java.sql.Types;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.EnumSet;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.Set;
import javax.sql.DataSource;
import org.jspecify.annotations.Nullable;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Runs one statement that already passed the gate: borrows a connection, hardens its session,
 * executes with a row cap, a byte cap and a cancelling deadline, converts the rows, and maps
 * failures to {@link GateErrorCode}s with secret-free messages.
 */
public final class StatementRunner {
  private static final Logger LOG = LoggerFactory.getLogger(StatementRunner.class);

  /** Rows fetched per round trip at most; drivers that stream use it as a hint. */
  static final int MAX_FETCH_SIZE = 1000;

  /**
   * Rows per fetch at most on a PostgreSQL cursor: what the driver holds at once, whatever the
   * rows weigh, is at most this many rows (a caller whose first rows are tiny and later rows huge
   * gets no more buffered). Measured against round trips in EVALUATION.md, "Red-team run 6".
   */
  static final int MAX_CURSOR_FETCH = 32;

  /**
   * What the columns' names and types may take at least, whatever the byte cap (the cap itself,
   * when larger): 256 KiB, so that any cap returns the columns of a table at the engines' own
   * limits (PostgreSQL's 1,600 columns of 63-character names take about 160 KB, SQL Server's
   * 1,024 of 128 characters about 170 KB), while names built from data (DuckDB's PIVOT) stay
   * bounded. The rows' values are bounded by the cap apart from this.
   */
  static final long MIN_COLUMN_BYTES = 262_144;

  /**
   * The bytes of one column's object in the result's JSON besides its name's and type's strings:
   * the keys and punctuation of {@code {"name":...,"type":...}} (17) and the comma between
   * columns, rounded up for hosts that add a field.
   */
  private static final int COLUMN_JSON_OVERHEAD = 20;

  /** The kinds read through a cursor on PostgreSQL: row-returning, never a write. */
  private static final Set<StatementKind> CURSOR_KINDS = EnumSet.of(StatementKind.READ,
      StatementKind.SHOW, StatementKind.DESCRIBE, StatementKind.EXPLAIN);

  private StatementRunner() {}

  /**
   * Runs the statement.
   *
   * @param dataSource where connections come from
   * @param hardening applied to the connection before the statement
   * @param dialect the gate's dialect
   * @param sql the statement, already allowed by the gate
   * @param kind its kind, as classified
   * @param limits the caps
   * @return the capped result
   * @throws SnowchatException with a {@link GateErrorCode} on any failure
   */
  public static QueryResult run(DataSource dataSource, SessionHardening hardening, Dialect dialect,
      String sql, StatementKind kind, QueryLimits limits) {
    return run(dataSource, hardening, dialect, sql, kind, limits, false);
  }

  /**
   * Runs the statement.
   *
   * @param dataSource where connections come from
   * @param hardening applied to the connection before the statement
   * @param dialect the gate's dialect
   * @param sql the statement, already allowed by the gate
   * @param kind its kind, as classified
   * @param limits the caps
   * @param commitReads whether a read that PostgreSQL runs in a transaction of its own (a cursor)
   *     commits when it succeeds, as auto-commit would have: when the gate allows writes, a
   *     function a read calls may write. Otherwise the read's transaction is rolled back.
   * @return the capped result
   * @throws SnowchatException with a {@link GateErrorCode} on any failure
   */
  public static QueryResult run(DataSource dataSource, SessionHardening hardening, Dialect dialect,
      String sql, StatementKind kind, QueryLimits limits, boolean commitReads) {
    Connection c;
    try {
      c = dataSource.getConnection();
    } catch (SQLException e) {
      throw connectionFailure(e);
    }
    try {
      try {
        hardening.apply(c, dialect);
      } catch (SQLException | RuntimeException e) {
        if (e instanceof SnowchatException se) {
          throw se;
        }
        throw new SnowchatException(GateErrorCode.HARDENING_FAILED,
            "The session could not be hardened, so the statement was not run: "
                + describe(e) + ". Check the database's settings and the hardening options.",
            e);
      }
      Boolean named = namesPostgresDriver(c);
      // fail closed: a driver that cannot say is read as pgjdbc would split the text
      String split = named == null || named ? DriverSplit.refusal(sql) : null;
      if (split != null) {
        throw new DriverRefusal(split);
      }
      // but only a driver that says it is pgjdbc gets its transaction handled
      if (Boolean.TRUE.equals(named) && CURSOR_KINDS.contains(kind)) {
        return cursorRead(c, sql, kind, limits, commitReads, named);
      }
      return execute(c, sql, kind, limits, null, named);
    } finally {
      closeQuietly(c);
    }
  }

  /**
   * The driver would not run the text as the one statement the gate checked ({@link
   * DriverSplit}); nothing was sent.
   */
  public static final class DriverRefusal extends RuntimeException {
    private static final long serialVersionUID = 1L;

    DriverRefusal(String reason) {
      super(reason, null, false, false);
    }
  }

  /**
   * {@return whether the driver's name says pgjdbc or one derived from it (Amazon Redshift's),
   * which split a request at {@code ;} before the server sees it, whatever gate dialect fronts
   * it; null: it cannot say} Asked once per call ({@code getMetaData}) and passed down.
   */
  private static @Nullable Boolean namesPostgresDriver(Connection c) {
    try {
      String name = c.getMetaData().getDriverName();
      String lower = name == null ? "" : name.toLowerCase(Locale.ROOT);
      return lower.contains("postgresql") || lower.contains("redshift")
          || lower.contains("pgjdbc");
    } catch (SQLException | RuntimeException e) {
      return null;
    }
  }

  /**
   * Reads the engine's function catalog on a hardened connection.
   *
   * @param dataSource where connections come from
   * @param hardening the session hardening
   * @param dialect the gate's dialect
   * @return the catalog, or empty when the engine has none this gate reads
   * @throws SnowchatException when no connection is available or the catalog cannot be read
   */
  public static Optional<FunctionCatalog> readCatalog(
      DataSource dataSource, SessionHardening hardening, Dialect dialect) {
    Connection c;
    try {
      c = dataSource.getConnection();
    } catch (SQLException e) {
      throw connectionFailure(e);
    }
    try {
      hardening.apply(c, dialect);
      return FunctionCatalog.read(c, dialect);
    } catch (SQLException | RuntimeException e) {
      if (e instanceof SnowchatException se) {
        throw se;
      }
      if (e instanceof SQLException se && isConnection(se)) {
        throw connectionFailure(se);
      }
      throw new SnowchatException(GateErrorCode.HARDENING_FAILED,
          "The engine's function catalog could not be read, so the statement was not run: "
              + describe(e) + ".", e);
    } finally {
      closeQuietly(c);
    }
  }

  private static void closeQuietly(AutoCloseable resource) {
    try {
      resource.close();
    } catch (Exception e) {
      // The result is complete (or the failure already reported): closing cannot change it.
      LOG.debug("Closing {} failed", resource.getClass().getSimpleName(), e);
    }
  }

  /**
   * Reads through a server-side cursor: pgjdbc honours the fetch size only outside auto-commit
   * (in auto-commit it buffers every row up to {@code setMaxRows} before the first {@code
   * next()}, whatever the byte cap). Auto-commit is turned off for the call and restored after
   * it; the read's transaction is rolled back (or committed, when {@code commit} and the read
   * succeeded) on every path, so the connection goes back as it was lent, with no transaction
   * open. A connection lent with auto-commit off is in its lender's transaction: it is left as
   * it is, as before.
   */
  private static QueryResult cursorRead(Connection c, String sql, StatementKind kind,
      QueryLimits limits, boolean commit, @Nullable Boolean named) {
    boolean autoCommit;
    try {
      autoCommit = c.getAutoCommit();
      if (autoCommit) {
        c.setAutoCommit(false);
      }
    } catch (SQLException e) {
      throw failure(e, false, Duration.ZERO, limits, null);
    }
    try {
      QueryResult r = execute(c, sql, kind, limits, new FetchSizer(limits.maxBytes(),
          MAX_CURSOR_FETCH), named);
      if (autoCommit && commit) {
        try {
          c.commit();
        } catch (SQLException e) {
          throw failure(e, false, r.elapsed(), limits, r.queryId());
        }
      }
      return r;
    } finally {
      if (autoCommit) {
        restoreAutoCommit(c);
      }
    }
  }

  /**
   * Ends the read's transaction (a no-op after a commit) and turns auto-commit back on. If that
   * fails the connection's state is unknown: it is aborted, so that no pool lends it again with
   * a transaction open or auto-commit off.
   */
  private static void restoreAutoCommit(Connection c) {
    try {
      c.rollback();
      c.setAutoCommit(true);
    } catch (SQLException | RuntimeException e) {
      LOG.warn("Ending a read's transaction failed; aborting the connection: {}", describe(e));
      try {
        c.abort(r -> Thread.ofVirtual().name("snowchat-sqlgate-abort").start(r));
      } catch (SQLException | RuntimeException abortFailed) {
        LOG.debug("Aborting a connection failed", abortFailed);
      }
    }
  }

  /**
   * Runs the statement and reads its result.
   *
   * @param named what {@link #namesPostgresDriver} said of the connection
   */
  private static QueryResult execute(Connection c, String sql, StatementKind kind,
      QueryLimits limits, @Nullable FetchSizer cursor, @Nullable Boolean named) {
    Statement st;
    try {
      st = cursor == null ? c.createStatement()
          : c.createStatement(ResultSet.TYPE_FORWARD_ONLY, ResultSet.CONCUR_READ_ONLY,
              ResultSet.CLOSE_CURSORS_AT_COMMIT);
    } catch (SQLException e) {
      throw connectionFailure(e);
    }
    Watchdog.Guard guard = null;
    long start = System.nanoTime();
    String queryId = null;
    try {
      // a driver that cannot say is read as pgjdbc (fail closed)
      if (!configure(st, limits, cursor) && sql.indexOf('{') >= 0
          && (named == null || named)) {
        // pgjdbc rewrites {oj ...}, {d ...} without reading comments, then splits the result:
        // DriverSplit read the text as written, so fail closed
        throw new DriverRefusal("the PostgreSQL JDBC driver could not turn off JDBC escape"
            + " processing, which rewrites '{...}' before it splits the text");
      }
      guard = Watchdog.arm(st, c, limits.timeout());
      start = System.nanoTime();
      boolean hasResultSet = st.execute(sql);
      queryId = QueryIds.of(st);
      Read read;
      if (hasResultSet) {
        try (ResultSet rs = st.getResultSet()) {
          read = read(rs, limits, cursor, Boolean.TRUE.equals(named));
        }
      } else {
        read = updateCount(st.getUpdateCount());
      }
      Duration elapsed = Duration.ofNanos(System.nanoTime() - start);
      guard.disarm();
      if (guard.fired()) {
        // The cancel may have ended the rows early without an error: never pass that off as
        // a complete result.
        throw timeout(limits, elapsed, queryId, null);
      }
      return new QueryResult(read.columns, read.rows, read.reason != null, read.reason, elapsed,
          queryId, kind);
    } catch (SQLException e) {
      Duration elapsed = Duration.ofNanos(System.nanoTime() - start);
      if (guard != null) {
        guard.disarm();
      }
      String id = queryId != null ? queryId : QueryIds.of(e);
      if (id == null) {
        id = QueryIds.of(st);
      }
      throw failure(e, guard != null && guard.fired(), elapsed, limits, id);
    } catch (SnowchatException | DriverRefusal e) {
      throw e;
    } catch (RuntimeException e) {
      // A driver that throws unchecked exceptions (or a value it cannot convert): still a failed
      // statement for the caller, with a clean message.
      if (guard != null) {
        guard.disarm();
      }
      if (guard != null && guard.fired()) {
        throw timeout(limits, Duration.ofNanos(System.nanoTime() - start), queryId, null);
      }
      throw new SnowchatException(GateErrorCode.QUERY_FAILED,
          "The statement failed in the driver: " + describe(e) + suffix(queryId), e);
    } finally {
      // Disarm before closing: a cancel must never race the close.
      if (guard != null) {
        guard.disarm();
      }
      closeQuietly(st);
    }
  }

  /** {@return whether JDBC escape processing is off} (then the driver sends the text as is) */
  private static boolean configure(Statement st, QueryLimits limits, @Nullable FetchSizer cursor)
      throws SQLException {
    // The driver must see exactly the text the gate classified: no JDBC escape rewriting.
    boolean escapesOff = true;
    try {
      st.setEscapeProcessing(false);
    } catch (SQLException e) {
      escapesOff = false;
      LOG.debug("The driver cannot turn off escape processing", e);
    }
    int fetchRows = limits.maxRows() + 1; // one more than returned, to detect truncation
    try {
      st.setMaxRows(fetchRows);
    } catch (SQLException e) {
      LOG.debug("The driver cannot cap rows; they are capped while reading", e);
    }
    if (cursor != null) {
      // pgjdbc opens a cursor only with a fetch size (and auto-commit off): not optional here
      st.setFetchSize(cursor.first());
    } else {
      try {
        st.setFetchSize(Math.min(fetchRows, MAX_FETCH_SIZE));
      } catch (SQLException e) {
        LOG.debug("The driver does not take a fetch size", e);
      }
    }
    try {
      st.setQueryTimeout((int) Math.min(Integer.MAX_VALUE,
          DialectHardening.ceilSeconds(limits.timeout())));
    } catch (SQLException e) {
      LOG.debug("The driver does not take a query timeout; the watchdog still cancels", e);
    }
    return escapesOff;
  }

  private record Read(List<ResultColumn> columns, List<List<@Nullable Object>> rows,
      @Nullable TruncationReason reason) {}

  private static Read updateCount(long count) {
    if (count < 0) {
      return new Read(List.of(), List.of(), null);
    }
    List<@Nullable Object> row = new ArrayList<>(1);
    row.add(count);
    return new Read(List.of(new ResultColumn("rows_affected", "BIGINT", Types.BIGINT, false)),
        List.of(row), null);
  }

  /**
   * Reads the rows under the caps.
   *
   * @param textArrays the driver holds an array as the text the server sent (pgjdbc and its
   *     forks): measure it by that text, never convert its elements
   */
  private static Read read(ResultSet rs, QueryLimits limits, @Nullable FetchSizer cursor,
      boolean textArrays) throws SQLException {
    ResultSetMetaData md = rs.getMetaData();
    int n = md.getColumnCount();
    List<ResultColumn> columns = new ArrayList<>(n);
    Values.Reader[] readers = new Values.Reader[n];
    for (int i = 1; i <= n; i++) {
      String label = md.getColumnLabel(i);
      if (label == null || label.isEmpty()) {
        label = md.getColumnName(i);
      }
      String type = md.getColumnTypeName(i);
      int jdbcType = md.getColumnType(i);
      columns.add(new ResultColumn(label == null ? "" : label, type == null ? "" : type,
          jdbcType, md.isNullable(i) != ResultSetMetaData.columnNoNulls));
      readers[i - 1] = new Values.Reader(i, jdbcType, type == null ? "" : type, textArrays);
    }
    long columnBytes = columnBytes(columns);
    long columnCap = Math.max(limits.maxBytes(), MIN_COLUMN_BYTES);
    if (columnBytes > columnCap) {
      // The names are data too: DuckDB's PIVOT names its columns by the values it pivots on, so
      // without this a result of one tiny row carried megabytes past the cap in its names.
      throw new SnowchatException(GateErrorCode.RESULT_TOO_LARGE, "The result's " + n
          + " column names and types alone take about " + columnBytes + " bytes, past the "
          + columnCap + " bytes allowed for them (the byte cap of " + limits.maxBytes()
          + " bytes or " + MIN_COLUMN_BYTES + ", the larger, apart from the rows): select fewer"
          + " columns or name them with short aliases (a PIVOT names its columns by the values it"
          + " pivots on; list them with IN (...)).");
    }
    List<List<@Nullable Object>> rows = new ArrayList<>();
    long bytes = 2; // the enclosing brackets of the rows array
    TruncationReason reason = null;
    while (true) {
      if (rows.size() == limits.maxRows()) {
        if (rs.next()) {
          reason = TruncationReason.ROW_LIMIT;
        }
        break;
      }
      if (!rs.next()) {
        break;
      }
      // Brackets, separators between values, and the comma before every row but the first.
      long rowBytes = 2 + Math.max(0, n - 1) + (rows.isEmpty() ? 0 : 1);
      @Nullable Object[] row = new Object[n];
      boolean fits = true;
      for (int i = 0; i < n && fits; i++) {
        Object v = readers[i].read(rs, limits.maxBytes() - bytes - rowBytes);
        if (v == Values.OVERSIZED) {
          fits = false;
        } else {
          row[i] = v;
          rowBytes += Values.jsonSize(v);
          fits = bytes + rowBytes <= limits.maxBytes();
        }
      }
      if (!fits) {
        reason = TruncationReason.BYTE_LIMIT;
        break;
      }
      bytes += rowBytes;
      rows.add(Arrays.asList(row));
      if (cursor != null) {
        // pgjdbc reads the result set's fetch size when it fetches the next batch
        int size = cursor.next(bytes, rows.size());
        if (size != rs.getFetchSize()) {
          rs.setFetchSize(size);
        }
      }
    }
    return new Read(columns, rows, reason);
  }

  /**
   * {@return the estimated JSON size of the columns' names and types} (with the quotes and
   * separators of a {@code {"name": ..., "type": ...}} object each), which the byte cap bounds
   * apart from the rows
   */
  static long columnBytes(List<ResultColumn> columns) {
    long bytes = 2;
    for (ResultColumn c : columns) {
      bytes += Values.jsonSize(c.name()) + Values.jsonSize(c.type()) + COLUMN_JSON_OVERHEAD;
    }
    return bytes;
  }

  private static SnowchatException failure(SQLException e, boolean fired, Duration elapsed,
      QueryLimits limits, @Nullable String queryId) {
    String state = e.getSQLState();
    if (fired || e instanceof SQLTimeoutException
        || ("57014".equals(state) && elapsed.compareTo(limits.timeout()) >= 0)) {
      return timeout(limits, elapsed, queryId, e);
    }
    if (outOfMemory(e)) {
      // pgjdbc turns an OutOfMemoryError while receiving rows into SQL state 53200, the state
      // the server uses for its own out-of-memory: the cause tells them apart.
      return new SnowchatException(GateErrorCode.RESULT_TOO_LARGE,
          "Reading the result ran this process (the JVM running the driver, not the database)"
              + " out of memory: " + describe(e) + suffix(queryId) + ". The database ran the"
              + " statement; select fewer or narrower columns (cut long values, e.g."
              + " left(col, 1000)) or fewer rows.", e);
    }
    if (isConnection(e)) {
      return connectionFailure(e);
    }
    if (state != null && state.startsWith("28")) {
      return new SnowchatException(GateErrorCode.AUTHENTICATION_FAILED,
          "The database refused the credentials: " + describe(e) + suffix(queryId), e);
    }
    if (e instanceof SQLTransientException || "40001".equals(state) || "40P01".equals(state)) {
      return new SnowchatException(GateErrorCode.TRANSIENT_FAILURE,
          "The statement failed for a passing reason; retrying may succeed: " + describe(e)
              + suffix(queryId), e);
    }
    return new SnowchatException(GateErrorCode.QUERY_FAILED,
        "The statement failed: " + describe(e) + suffix(queryId), e);
  }

  private static SnowchatException timeout(QueryLimits limits, Duration elapsed,
      @Nullable String queryId, @Nullable SQLException cause) {
    return new SnowchatException(GateErrorCode.STATEMENT_TIMEOUT,
        "The statement ran past its " + human(limits.timeout()) + " timeout and was cancelled"
            + " after " + human(elapsed) + suffix(queryId)
            + ". Narrow it (filters, LIMIT, fewer joins or columns) or raise the timeout.",
        cause);
  }

  /** {@return whether the driver failed for want of memory in this process} */
  private static boolean outOfMemory(SQLException e) {
    Throwable cur = e.getCause();
    for (int i = 0; cur != null && i < 20; i++, cur = cur.getCause()) {
      if (cur instanceof OutOfMemoryError) {
        return true;
      }
    }
    return false;
  }

  private static boolean isConnection(SQLException e) {
    String state = e.getSQLState();
    return e instanceof SQLTransientConnectionException
        || e instanceof SQLNonTransientConnectionException
        || e instanceof SQLRecoverableException
        || (state != null && state.startsWith("08"));
  }

  private static SnowchatException connectionFailure(SQLException e) {
    String state = e.getSQLState();
    if (state != null && state.startsWith("28")) {
      return new SnowchatException(GateErrorCode.AUTHENTICATION_FAILED,
          "The database refused the credentials: " + describe(e)
              + ". Check the configured user, password or key.", e);
    }
    return new SnowchatException(GateErrorCode.CONNECTION_FAILED,
        "No usable connection to the database: " + describe(e)
            + ". Retry later, or check the connection settings.", e);
  }

  /** {@return the exception's message, cleaned, with its SQL state} */
  static String describe(Throwable e) {
    String msg = Texts.untrusted(e.getMessage());
    if (e instanceof SQLException se && se.getSQLState() != null) {
      return msg + " (SQL state " + Texts.untrusted(se.getSQLState()) + ")";
    }
    return msg;
  }

  private static String suffix(@Nullable String queryId) {
    return queryId == null ? "" : " [query id " + queryId + "]";
  }

  private static String human(Duration d) {
    if (d.compareTo(Duration.ofSeconds(1)) < 0) {
      return d.toMillis() + " ms";
    }
    long ms = d.toMillis();
    return ms % 1000 == 0 ? ms / 1000 + " s" : String.format(Locale.ROOT, "%.1f s",
        ms / 1000.0);
  }
}
