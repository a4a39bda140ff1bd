package dev.snowchat.sqlgate.internal.exec;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;

import dev.snowchat.sqlgate.Dialect;
import dev.snowchat.sqlgate.FunctionPolicy;
import dev.snowchat.sqlgate.GateErrorCode;
import dev.snowchat.sqlgate.GatedExecutor;
import dev.snowchat.sqlgate.HardeningOptions;
import dev.snowchat.sqlgate.PermissionMode;
import dev.snowchat.sqlgate.QueryLimits;
import dev.snowchat.sqlgate.QueryResult;
import dev.snowchat.sqlgate.SessionHardening;
import dev.snowchat.sqlgate.SnowchatException;
import dev.snowchat.sqlgate.SqlGate;
import dev.snowchat.sqlgate.StatementKind;
import dev.snowchat.sqlgate.TruncationReason;
import dev.snowchat.sqlgate.testing.TestDatabases;
import java.lang.management.ManagementFactory;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Proxy;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Supplier;
import javax.sql.DataSource;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * Reads on a real PostgreSQL server go through a cursor (auto-commit off for the call, fetches
 * sized by the byte budget), so the driver holds about one fetch, not every row up to the row
 * cap; the connection goes back as it was lent (red-team run 6, EVALUATION.md).
 */
class PostgresCursorReadTest {
  private static final Duration HANG_GUARD = Duration.ofSeconds(60);
  /** mcp-adapter's defaults: 200 rows, 128 KiB. */
  private static final QueryLimits LIMITS = new QueryLimits(200, 131072, Duration.ofSeconds(60));
  private static final String NARROW = "SELECT g AS id, 'customer ' || g AS name,"
      + " g * 1.25 AS amount, DATE '2024-01-01' + g AS day FROM generate_series(1, %d) g";

  private TestDatabases.Postgres pg;
  private Connection shared;
  private int pid;

  @BeforeEach
  void connect() throws SQLException {
    pg = TestDatabases.postgres();
    shared = pg.connect();
    pid = queryInt(shared, "SELECT pg_backend_pid()");
  }

  @AfterEach
  void close() throws SQLException {
    if (shared != null) { // null when connect() was skipped: no SNOWCHAT_TEST_PG_URL
      shared.close();
    }
  }

  /** An executor as mcp-adapter builds one: read-only hardening, PostgreSQL dialect. */
  private GatedExecutor executor(DataSource ds) {
    return GatedExecutor.builder().dataSource(ds)
        .gate(SqlGate.builder().dialect(Dialect.POSTGRES).build()).limits(LIMITS).build();
  }

  /** The same without the catalog read, whose rows a failing proxy must not see. */
  private GatedExecutor executorNoCatalog(DataSource ds) {
    return GatedExecutor.builder().dataSource(ds)
        .gate(SqlGate.builder().dialect(Dialect.POSTGRES).build()).noFunctionCatalog()
        .limits(LIMITS).build();
  }

  private static long allocated(Runnable call) {
    com.sun.management.ThreadMXBean mx =
        (com.sun.management.ThreadMXBean) ManagementFactory.getThreadMXBean();
    long id = Thread.currentThread().threadId();
    long before = mx.getThreadAllocatedBytes(id);
    call.run();
    return mx.getThreadAllocatedBytes(id) - before;
  }

  private static <T> T last(Supplier<T> call, List<T> sink) {
    T t = call.get();
    sink.add(t);
    return t;
  }

  /**
   * 200 values of 1 MB under a 128 KiB cap: before, pgjdbc buffered all 200 rows in auto-commit
   * (201 MB allocated on the executing thread); the cursor's first fetch holds one row.
   */
  @Test
  void wideValues_allocationIsAboutOneRow_notTheRowCap() throws Exception {
    GatedExecutor executor = executor(TestDatabases.sharing(shared));
    String sql = "SELECT repeat('x', 1000000) FROM generate_series(1, 200)";
    executor.execute(sql); // warm up: catalog read, class loading
    List<QueryResult> results = new ArrayList<>();

    long bytes = allocated(() -> last(() -> executor.execute(sql), results));

    QueryResult r = results.get(0);
    assertThat(r.rows()).isEmpty();
    assertThat(r.truncationReason()).isEqualTo(TruncationReason.BYTE_LIMIT);
    assertThat(bytes).as("bytes allocated").isLessThan(5 * (1_000_000L + LIMITS.maxBytes()));
    assertClean(true);
  }

  /** One 20 MB value per row: about one value's worth, where 200 of them used to be read. */
  @Test
  void hugeValues_readOneAtATime() throws Exception {
    GatedExecutor executor = executor(TestDatabases.sharing(shared));
    String sql = "SELECT repeat('x', 20000000) FROM generate_series(1, 200)";
    executor.execute("SELECT 1");
    List<QueryResult> results = new ArrayList<>();

    long bytes = allocated(() -> last(() -> executor.execute(sql), results));

    assertThat(results.get(0).truncationReason()).isEqualTo(TruncationReason.BYTE_LIMIT);
    assertThat(bytes).as("bytes allocated").isLessThan(5 * 20_000_000L);
    assertClean(true);
  }

  /**
   * Tiny rows first make the budget look roomy; the huge rows after them are held at most one
   * fetch at a time, and a fetch is at most MAX_CURSOR_FETCH rows (before: every row up to the
   * cap, 101 MB here).
   */
  @Test
  void tinyRowsThenHugeRows_boundedByRowsPerFetch() throws Exception {
    GatedExecutor executor = executor(TestDatabases.sharing(shared));
    String sql = "SELECT CASE WHEN g <= 100 THEN 'a' ELSE repeat('x', 1000000) END AS v"
        + " FROM generate_series(1, 200) g";
    executor.execute("SELECT 1");
    List<QueryResult> results = new ArrayList<>();

    long bytes = allocated(() -> last(() -> executor.execute(sql), results));

    QueryResult r = results.get(0);
    assertThat(r.rows()).hasSize(100).allSatisfy(row -> assertThat(row).containsExactly("a"));
    assertThat(r.truncationReason()).isEqualTo(TruncationReason.BYTE_LIMIT);
    assertThat(bytes).as("bytes allocated")
        .isLessThan((StatementRunner.MAX_CURSOR_FETCH + 4) * 1_000_000L)
        .isLessThan(100_000_000L);
    assertClean(true);
  }

  /**
   * The cursor read returns what the plain read returns (the path writes still take, which
   * buffers every row): the same columns, rows and truncation, under row caps, byte caps, both
   * and none.
   */
  @Test
  void narrowRows_sameResultAsThePlainRead() throws Exception {
    SessionHardening h = SessionHardening.forDialect(Dialect.POSTGRES,
        HardeningOptions.defaults().withReadOnly(true).withStatementTimeout(LIMITS.timeout()));
    DataSource ds = TestDatabases.sharing(shared);
    List<String> queries = List.of(NARROW.formatted(200), NARROW.formatted(1000),
        NARROW.formatted(0), "SELECT g, CASE WHEN g % 7 = 0 THEN repeat('y', 2000) END"
            + " FROM generate_series(1, 300) g");
    List<QueryLimits> limits = List.of(LIMITS, LIMITS.withMaxRows(1), LIMITS.withMaxBytes(3000),
        new QueryLimits(1000, 20_000, LIMITS.timeout()), LIMITS.withMaxBytes(1));
    for (String sql : queries) {
      for (QueryLimits l : limits) {
        QueryResult plain = StatementRunner.run(ds, h, Dialect.POSTGRES, sql, StatementKind.DML,
            l);
        QueryResult cursor = StatementRunner.run(ds, h, Dialect.POSTGRES, sql, StatementKind.READ,
            l);

        assertThat(cursor.columns()).as("%s %s", sql, l).isEqualTo(plain.columns());
        assertThat(cursor.rows()).as("%s %s", sql, l).isEqualTo(plain.rows());
        assertThat(cursor.truncationReason()).as("%s %s", sql, l)
            .isEqualTo(plain.truncationReason());
        assertClean(true);
      }
    }
    QueryResult r = executor(ds).execute(NARROW.formatted(200));
    assertThat(r.rows()).hasSize(200);
    assertThat(r.rows().get(199)).containsExactly(200, "customer 200",
        new java.math.BigDecimal("250.00"), "2024-07-19");
    assertThat(r.truncated()).isFalse();
  }

  /** SHOW, EXPLAIN and a truncated read each leave the session idle, outside a transaction. */
  @Test
  void otherReadKinds_andTruncation_leaveNoTransaction() throws Exception {
    GatedExecutor executor = executor(TestDatabases.sharing(shared));

    assertThat(executor.execute("SHOW statement_timeout").rows()).containsExactly(
        List.of("1min"));
    assertClean(true);
    assertThat(executor.execute("EXPLAIN SELECT 1").rows()).isNotEmpty();
    assertClean(true);
    assertThat(executor.execute(NARROW.formatted(1000)).truncationReason())
        .isEqualTo(TruncationReason.ROW_LIMIT);
    assertClean(true);
  }

  /** A connection lent inside a transaction stays in it: nothing committed or rolled back. */
  @Test
  void lentWithAutoCommitOff_lendersTransactionUntouched() throws Exception {
    shared.setAutoCommit(false);
    long xid = queryLong(shared, "SELECT txid_current()");
    GatedExecutor executor = GatedExecutor.builder().dataSource(TestDatabases.sharing(shared))
        .gate(SqlGate.builder().dialect(Dialect.POSTGRES).build())
        .hardening(SessionHardening.none()).noFunctionCatalog().limits(LIMITS).build();

    assertThat(executor.execute(NARROW.formatted(300)).rows()).hasSize(200);

    assertThat(shared.getAutoCommit()).isFalse();
    assertThat(queryLong(shared, "SELECT txid_current_if_assigned()")).isEqualTo(xid);
    shared.rollback();
  }

  /** A server error in a later fetch (row 3; the first fetch holds row 1). */
  @Test
  void errorMidCursor_isQueryFailed_connectionClean() throws Exception {
    GatedExecutor executor = executor(TestDatabases.sharing(shared));

    SnowchatException e = assertThrows(SnowchatException.class,
        () -> executor.execute("SELECT 1 / (g - 3) FROM generate_series(1, 10) g"));

    assertThat(e.code()).isEqualTo(GateErrorCode.QUERY_FAILED);
    assertThat(e.getMessage()).contains("22012");
    assertClean(true);
    assertThat(executor.execute("SELECT 1 AS one").rows()).containsExactly(List.of(1));
  }

  /** The watchdog cancels a later fetch; the read's transaction is rolled back all the same. */
  @Test
  void timeoutMidCursor_isStatementTimeout_connectionClean() throws Exception {
    GatedExecutor executor = GatedExecutor.builder().dataSource(TestDatabases.sharing(shared))
        .gate(SqlGate.builder().dialect(Dialect.POSTGRES).build())
        .limits(LIMITS.withTimeout(Duration.ofSeconds(1))).build();

    SnowchatException e = assertTimeoutPreemptively(HANG_GUARD, () -> assertThrows(
        SnowchatException.class, () -> executor.execute("SELECT g, pg_sleep(CASE WHEN g = 3"
            + " THEN 30 ELSE 0 END) FROM generate_series(1, 10) g")));

    assertThat(e.code()).isEqualTo(GateErrorCode.STATEMENT_TIMEOUT);
    assertClean(true);
  }

  /**
   * pgjdbc turns an OutOfMemoryError while receiving rows into SQL state 53200 with the error as
   * its cause (verified with a 300 MB value under -Xmx96m, EVALUATION.md): that is this process
   * running out, not the warehouse. Here the driver's exception is raised in a later fetch.
   */
  @Test
  void driverOutOfMemory_isResultTooLarge_notTheDatabase_connectionClean() throws Exception {
    DataSource failing = failingOnFetch(shared, 2, () -> new SQLException(
        "Ran out of memory retrieving query results.", "53200",
        new OutOfMemoryError("Java heap space")));
    GatedExecutor executor = executorNoCatalog(failing);

    SnowchatException e = assertThrows(SnowchatException.class,
        () -> executor.execute(NARROW.formatted(50)));

    assertThat(e.code()).isEqualTo(GateErrorCode.RESULT_TOO_LARGE);
    assertThat(e.getMessage()).contains("this process").contains("not the database")
        .doesNotContain("rejected");
    assertClean(true);
    // the server's own out-of-memory (53200 without the JVM's error) stays a failed statement
    DataSource serverOom = failingOnFetch(shared, 2, () -> new SQLException("out of memory",
        "53200"));
    assertThat(assertThrows(SnowchatException.class,
        () -> executorNoCatalog(serverOom).execute(NARROW.formatted(50))).code())
        .isEqualTo(GateErrorCode.QUERY_FAILED);
    assertClean(true);
  }

  /**
   * The read's transaction is rolled back behind a read-only gate: a function the gate lets
   * through (the host allows it by name; no catalog, no hardening) cannot keep what it wrote.
   * Behind a gate that allows writes it commits, as auto-commit did.
   */
  @Test
  void writingFunctionInARead_rolledBackInReadOnly_committedWhenWritesAllowed()
      throws Exception {
    String schema = TestDatabases.uniqueSchema("cur");
    try (Statement s = shared.createStatement()) {
      s.execute("CREATE SCHEMA " + schema);
      s.execute("CREATE TABLE " + schema + ".log (i int)");
      s.execute("CREATE FUNCTION " + schema + ".writer() RETURNS int LANGUAGE sql VOLATILE AS"
          + " $$ INSERT INTO " + schema + ".log VALUES (1) RETURNING 1 $$");
    }
    try {
      String call = "SELECT " + schema + ".writer() AS w";
      for (PermissionMode mode : PermissionMode.values()) {
        GatedExecutor executor = GatedExecutor.builder()
            .dataSource(TestDatabases.sharing(shared))
            .gate(SqlGate.builder().dialect(Dialect.POSTGRES).mode(mode)
                .functionPolicy(FunctionPolicy.builder(Dialect.POSTGRES).allow("writer").build())
                .build())
            .hardening(SessionHardening.none()).noFunctionCatalog().limits(LIMITS).build();

        assertThat(executor.execute(call).rows()).as("%s", mode).containsExactly(List.of(1));

        assertClean(true);
        int expected = mode == PermissionMode.READ_ONLY ? 0 : 1;
        assertThat(queryInt(shared, "SELECT count(*) FROM " + schema + ".log")).as("%s", mode)
            .isEqualTo(expected);
        try (Statement s = shared.createStatement()) {
          s.execute("DELETE FROM " + schema + ".log");
        }
      }
    } finally {
      try (Statement s = shared.createStatement()) {
        s.execute("DROP SCHEMA " + schema + " CASCADE");
      }
    }
  }

  /**
   * DuckDB and other drivers keep the plain read: auto-commit never touched, the fetch size as
   * before.
   */
  @Test
  void otherDrivers_unaffected() throws Exception {
    try (TestDatabases.DuckDb duck = TestDatabases.duckDbInMemory();
        Connection h2 = java.sql.DriverManager.getConnection("jdbc:h2:mem:cursor")) {
      for (Connection c : List.of(duck.connect(), h2)) {
        // closed with their databases
        List<String> calls = Collections.synchronizedList(new ArrayList<>());
        DataSource recording = TestDatabases.sharing(recording(c, calls));
        boolean before = c.getAutoCommit();

        QueryResult r = StatementRunner.run(recording, SessionHardening.none(), Dialect.GENERIC,
            "SELECT 1 AS one", StatementKind.READ, LIMITS);

        assertThat(r.rows()).containsExactly(List.of(1));
        assertThat(calls).as("%s", c).doesNotContain("setAutoCommit", "commit", "rollback")
            .contains("setFetchSize(201)");
        assertThat(c.getAutoCommit()).isEqualTo(before);
      }
    }
  }

  /** The session is idle, outside any transaction, with the auto-commit it was lent with. */
  private void assertClean(boolean autoCommit) throws SQLException {
    assertThat(shared.getAutoCommit()).as("auto-commit").isEqualTo(autoCommit);
    try (Connection other = pg.connect(); PreparedStatement ps = other.prepareStatement(
        "SELECT state, xact_start IS NULL, backend_xid IS NULL FROM pg_stat_activity"
            + " WHERE pid = ?")) {
      ps.setInt(1, pid);
      try (ResultSet rs = ps.executeQuery()) {
        assertThat(rs.next()).isTrue();
        assertThat(rs.getString(1)).as("state").isEqualTo("idle");
        assertThat(rs.getBoolean(2)).as("no transaction start").isTrue();
        assertThat(rs.getBoolean(3)).as("no transaction id").isTrue();
      }
    }
  }

  private static int queryInt(Connection c, String sql) throws SQLException {
    return (int) queryLong(c, sql);
  }

  private static long queryLong(Connection c, String sql) throws SQLException {
    try (Statement s = c.createStatement(); ResultSet rs = s.executeQuery(sql)) {
      rs.next();
      return rs.getLong(1);
    }
  }

  /** Records the connection's and statements' method calls (with an int argument, if any). */
  private static Connection recording(Connection c, List<String> calls) {
    return (Connection) wrap(c, Connection.class, (m, a) -> calls.add(
        a != null && a.length == 1 && a[0] instanceof Integer i ? m + "(" + i + ")" : m),
        null, 0);
  }

  /** Lends the connection with result sets whose nth fetching next() throws. */
  private static DataSource failingOnFetch(Connection c, int nth, Supplier<SQLException> error) {
    return TestDatabases.sharing((Connection) wrap(c, Connection.class, (m, a) -> { },
        () -> {
          throw error.get();
        }, nth));
  }

  private interface Listener {
    void called(String method, Object[] args);
  }

  private interface Failure {
    void fail() throws SQLException;
  }

  /** A proxy over connection, statements and result sets; next() number nth calls fail. */
  private static Object wrap(Object target, Class<?> type, Listener listener,
      Failure fail, int nth) {
    AtomicInteger nexts = new AtomicInteger();
    return Proxy.newProxyInstance(PostgresCursorReadTest.class.getClassLoader(),
        new Class<?>[] {type}, (p, m, a) -> {
          listener.called(m.getName(), a);
          if (fail != null && type == ResultSet.class && m.getName().equals("next")
              && nexts.incrementAndGet() == nth) {
            fail.fail();
          }
          Object result;
          try {
            result = m.invoke(target, a);
          } catch (InvocationTargetException e) {
            throw e.getCause();
          }
          Class<?> rt = m.getReturnType();
          if (rt == Statement.class || rt == ResultSet.class) {
            return wrap(result, rt, listener, fail, nth);
          }
          return result;
        });
  }
}
