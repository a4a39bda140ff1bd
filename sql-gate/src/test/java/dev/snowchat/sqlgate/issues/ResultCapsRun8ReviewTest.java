package dev.snowchat.sqlgate.issues;

import static org.assertj.core.api.Assertions.assertThat;

import dev.snowchat.sqlgate.Dialect;
import dev.snowchat.sqlgate.GatedExecutor;
import dev.snowchat.sqlgate.QueryLimits;
import dev.snowchat.sqlgate.QueryResult;
import dev.snowchat.sqlgate.SessionHardening;
import dev.snowchat.sqlgate.SqlGate;
import dev.snowchat.sqlgate.TruncationReason;
import dev.snowchat.sqlgate.testing.TestDatabases;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Proxy;
import java.sql.Array;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.Statement;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

/**
 * A review of the eighth red-team run (2026-12-06) found the executor's run-8 changes wrong in
 * both directions (the gate's are in {@link Run8ReviewTest}):
 *
 * <ul>
 *   <li>Run 8 measured every array by {@link Array#getArray()} before building its text. pgjdbc
 *       holds an array as the text the server sent and converts each element there: {@code
 *       SELECT ARRAY['NaN'::numeric]}, {@code ARRAY[1::money]} and {@code ARRAY[B'101']} failed
 *       ("Bad value for type BigDecimal : NaN"), and every array that fit was converted twice
 *       ({@code array_agg} of three million integers under a 128 KiB cap: 79 MB became 523 MB).
 *       A text-backed array is now measured by its text, and a failed estimate never fails the
 *       read.
 *   <li>The estimate counted one character per element, so a list of one huge text ({@code
 *       [repeat('x', 100000000)]}), a map's keys, a struct's text fields still had their whole
 *       text built, only to be dropped; and it counted a separator per element and nesting
 *       level, more than the text holds ({@code [[[1]]]} needed a bigger cap than its 7
 *       characters). A text element now counts its length, binary data its bytes, map keys
 *       count, and {@code n} elements have {@code n - 1} separators.
 *   <li>The names of a 1,200-column result with 35-character names (79 KB) failed any cap up to
 *       64 KiB; names and types are now bounded at the cap or 256 KiB, the larger.
 * </ul>
 */
class ResultCapsRun8ReviewTest {

  @Test
  void postgres_arraysPgjdbcCannotConvert_returnTheirText() throws Exception {
    TestDatabases.Postgres pg = TestDatabases.postgres();
    try (Connection c = pg.connect()) {
      GatedExecutor executor = executor(TestDatabases.sharing(c), Dialect.POSTGRES,
          QueryLimits.defaults());
      QueryResult r = executor.execute("SELECT ARRAY['NaN'::numeric] a, ARRAY[1::money] b,"
          + " ARRAY[B'101'] c, (SELECT array_agg(x) FROM (VALUES (1.5::numeric), ('NaN'))"
          + " v(x)) d");
      assertThat(r.rows().get(0)).containsExactly("{NaN}", "{$1.00}", "{101}", "{1.5,NaN}");
    }
  }

  @Test
  void postgres_arrays_areMeasuredByTheirText_notConverted() throws Exception {
    TestDatabases.Postgres pg = TestDatabases.postgres();
    try (Connection c = pg.connect()) {
      Map<String, AtomicInteger> calls = new ConcurrentHashMap<>();
      GatedExecutor executor = executor(TestDatabases.sharing(counting(c, calls)),
          Dialect.POSTGRES, QueryLimits.defaults().withMaxBytes(131_072));
      QueryResult big = executor.execute("SELECT array_agg(g) AS a FROM generate_series(1,"
          + " 300000) g");
      assertThat(big.rows()).isEmpty();
      assertThat(big.truncationReason()).isEqualTo(TruncationReason.BYTE_LIMIT);
      QueryResult small = executor.execute("SELECT ARRAY[1, 2] AS a, ARRAY[['x']] AS b");
      assertThat(small.rows().get(0)).containsExactly("{1,2}", "{{x}}");
      assertThat(calls.getOrDefault("Array.getArray", new AtomicInteger()).get())
          .as("the elements converted to measure them (%s)", calls).isZero();
    }
  }

  @Test
  void duckDb_oneHugeTextInAListMapOrStruct_isDroppedWithoutBuildingTheValuesText()
      throws Exception {
    try (Connection c = DriverManager.getConnection("jdbc:duckdb:")) {
      Map<String, AtomicInteger> calls = new ConcurrentHashMap<>();
      GatedExecutor executor = executor(TestDatabases.sharing(counting(c, calls)),
          Dialect.DUCKDB, QueryLimits.defaults().withMaxBytes(131_072));
      for (String sql : List.of("SELECT [repeat('x', 1000000)] AS l",
          "SELECT MAP {repeat('x', 1000000): 1} AS m", "SELECT {'a': repeat('x', 1000000)} AS s",
          "SELECT [repeat('x', 10000) FOR i IN range(100)] AS l",
          "SELECT [repeat('x', 1000000)::BLOB] AS b", "SELECT [[[repeat('x', 1000000)]]] AS l",
          "SELECT map([1], [[repeat('x', 1000000)]]) AS m")) {
        calls.clear();
        QueryResult r = executor.execute(sql);
        assertThat(r.rows()).as(sql).isEmpty();
        assertThat(r.truncationReason()).as(sql).isEqualTo(TruncationReason.BYTE_LIMIT);
        assertThat(calls.get("ResultSet.getString")).as("the value's text built for %s", sql)
            .isNull();
      }
      // values that fit keep their text
      QueryResult small = executor.execute("SELECT ['ab', ''] AS l, MAP {'k': 'v'} AS m,"
          + " {'a': 'xy'} AS s");
      assertThat(small.rows().get(0)).containsExactly("[ab, '']", "{k=v}", "{'a': xy}");
    }
  }

  @Test
  void duckDb_nestedLists_fitTheCapTheirTextFits() throws Exception {
    try (Connection c = DriverManager.getConnection("jdbc:duckdb:")) {
      GatedExecutor executor = executor(TestDatabases.sharing(c), Dialect.DUCKDB,
          QueryLimits.defaults());
      // each pair has the same text length: the list needs no bigger cap than the string
      for (String[] pair : new String[][] {{"'[[[1]]]'", "[[[1]]]"},
          {"'[[[[1]]]]'", "[[[[1]]]]"},
          {"'[1, 2]'", "[1, 2]"}, {"'{1=2}'", "MAP {1: 2}"}}) {
        long text = firstFit(executor, "SELECT " + pair[0] + " AS a");
        assertThat(firstFit(executor, "SELECT " + pair[1] + " AS a"))
            .as("%s (%s fits at %d)", pair[1], pair[0], text).isEqualTo(text);
      }
    }
  }

  @Test
  void duckDb_wideResultOfOrdinaryNames_keepsItsColumnsUnderASmallCap() throws Exception {
    try (Connection c = DriverManager.getConnection("jdbc:duckdb:")) {
      StringBuilder select = new StringBuilder("SELECT ");
      for (int i = 0; i < 1200; i++) {
        select.append(i == 0 ? "" : ", ").append(i)
            .append(String.format(" AS customer_lifetime_value_bucket_%04d", i));
      }
      GatedExecutor executor = executor(TestDatabases.sharing(c), Dialect.DUCKDB,
          QueryLimits.defaults());
      for (long cap : new long[] {1, 4_096, 65_536}) {
        QueryResult r = executor.execute(select.toString(),
            QueryLimits.defaults().withMaxBytes(cap));
        assertThat(r.columns()).as("cap %d", cap).hasSize(1200);
        assertThat(r.rows()).hasSize(cap == 65_536 ? 1 : 0);
      }
    }
  }

  // A second review of run 8: struct field names were not counted, and an array was converted
  // whole to be measured (or, after one value failed to convert, never measured again).

  @Test
  void duckDb_structsWithLongFieldNames_areDroppedWithoutBuildingTheirText() throws Exception {
    String name = "n".repeat(10_000);
    try (Connection c = DriverManager.getConnection("jdbc:duckdb:")) {
      Map<String, AtomicInteger> calls = new ConcurrentHashMap<>();
      GatedExecutor executor = executor(TestDatabases.sharing(counting(c, calls)),
          Dialect.DUCKDB, QueryLimits.defaults().withMaxBytes(131_072));
      for (String sql : List.of("SELECT [{'" + name + "': i} FOR i IN range(30)] AS l",
          "SELECT [{'" + name + "': {'" + name + "': i}} FOR i IN range(20)] AS l",
          "SELECT {'" + "n".repeat(200_000) + "': 1} AS s",
          "SELECT MAP {1: [{'" + name + "': 1} FOR i IN range(20)]} AS m")) {
        calls.clear();
        QueryResult r = executor.execute(sql);
        assertThat(r.rows()).as(sql).isEmpty();
        assertThat(r.truncationReason()).as(sql).isEqualTo(TruncationReason.BYTE_LIMIT);
        assertThat(calls.get("ResultSet.getString")).as("the value's text built for %s",
            sql.substring(0, 40)).isNull();
      }
    }
  }

  @Test
  void duckDb_structs_fitTheCapTheirTextFits() throws Exception {
    try (Connection c = DriverManager.getConnection("jdbc:duckdb:")) {
      GatedExecutor executor = executor(TestDatabases.sharing(c), Dialect.DUCKDB,
          QueryLimits.defaults());
      // the names count as the driver writes them ('a': ), never more
      for (String[] pair : new String[][] {{"'{''a'': 1}'", "{'a': 1}"},
          {"'[{''ab'': 1, ''c'': x}]'", "[{'ab': 1, 'c': 'x'}]"},
          {"'{''k'': {''l'': 1}}'", "{'k': {'l': 1}}"}}) {
        long text = firstFit(executor, "SELECT " + pair[0] + " AS a");
        assertThat(firstFit(executor, "SELECT " + pair[1] + " AS a"))
            .as("%s (%s fits at %d)", pair[1], pair[0], text).isEqualTo(text);
      }
    }
  }

  // A third review of run 8: DuckDB 1.4 names every field of an unnamed struct '' in getMap()
  // ({=2}), yet writes (1, 2); its names were counted, +4 a field, past the cap.

  @Test
  void duckDb_listsOfUnnamedStructs_fitTheCapTheirTextFits() throws Exception {
    try (Connection c = DriverManager.getConnection("jdbc:duckdb:")) {
      GatedExecutor executor = executor(TestDatabases.sharing(c), Dialect.DUCKDB,
          QueryLimits.defaults().withMaxBytes(8192));
      for (String sql : List.of("SELECT [row(i % 10) FOR i IN range(1500)] a",
          "SELECT [row(i % 10, i % 10) FOR i IN range(1000)] a")) {
        QueryResult r = executor.execute(sql);
        assertThat(r.truncationReason()).as(sql).isNull();
        assertThat(r.rows()).as(sql).hasSize(1);
        assertThat(r.rows().get(0).get(0)).asString().as(sql).startsWith("[(0");
      }
    }
  }

  @Test
  void duckDb_hugeList_isMeasuredWithoutConvertingEveryElement() throws Exception {
    try (Connection c = DriverManager.getConnection("jdbc:duckdb:")) {
      try (Statement s = c.createStatement()) {
        s.execute("CREATE TABLE ft AS SELECT 1 id, ['infinity'::DATE] l UNION ALL"
            + " SELECT 2, [DATE '2020-01-01' + i::INT FOR i IN range(300000)] UNION ALL"
            + " SELECT 3, ['infinity'::DATE] UNION ALL"
            + " SELECT 4, [DATE '2020-01-01' + i::INT FOR i IN range(300000)]");
      }
      Map<String, AtomicInteger> calls = new ConcurrentHashMap<>();
      GatedExecutor executor = executor(TestDatabases.sharing(counting(c, calls)),
          Dialect.DUCKDB, QueryLimits.defaults().withMaxBytes(131_072));
      QueryResult alone = executor.execute("SELECT l FROM ft WHERE id = 2");
      assertThat(alone.rows()).isEmpty();
      assertThat(alone.truncationReason()).isEqualTo(TruncationReason.BYTE_LIMIT);
      assertThat(calls.get("Array.getArray/0")).as("the whole list converted (%s)", calls)
          .isNull();
      assertThat(calls.get("ResultSet.getString")).as("the list's text built").isNull();
      // a list DuckDB fails to convert ('infinity'::DATE) keeps its text, and the next value of
      // the column is measured by its elements again: its text is never built
      calls.clear();
      QueryResult mixed = executor.execute("SELECT l FROM ft WHERE id IN (1, 2) ORDER BY id");
      assertThat(mixed.rows()).hasSize(1);
      assertThat(mixed.rows().get(0)).containsExactly("[infinity]");
      assertThat(mixed.truncationReason()).isEqualTo(TruncationReason.BYTE_LIMIT);
      assertThat(calls.get("ResultSet.getString").get()).as("texts built (%s)", calls)
          .isEqualTo(1);
      assertThat(calls.get("Array.getArray/0")).as("the whole list converted").isNull();
    }
  }

  @Test
  void h2_bigArray_isMeasuredWithoutConvertingEveryElement() throws Exception {
    try (Connection c = DriverManager.getConnection("jdbc:h2:mem:r8b")) {
      try (Statement s = c.createStatement()) {
        s.execute("CREATE TABLE h AS SELECT CAST(X AS VARCHAR) X FROM SYSTEM_RANGE(1, 60000)");
      }
      Map<String, AtomicInteger> calls = new ConcurrentHashMap<>();
      GatedExecutor executor = GatedExecutor.builder()
          .dataSource(TestDatabases.sharing(counting(c, calls)))
          .gate(SqlGate.builder().dialect(Dialect.GENERIC).build())
          .limits(QueryLimits.defaults().withMaxBytes(131_072))
          .hardening(SessionHardening.none()).noFunctionCatalog().build();
      QueryResult small = executor.execute("SELECT ARRAY[1, 2, 3] AS a");
      assertThat(small.rows()).hasSize(1);
      QueryResult big = executor.execute("SELECT ARRAY_AGG(X) AS a FROM h");
      assertThat(big.rows()).isEmpty();
      assertThat(big.truncationReason()).isEqualTo(TruncationReason.BYTE_LIMIT);
      assertThat(calls.get("Array.getArray/0")).as("the whole array converted (%s)", calls)
          .isNull();
    }
  }

  /** {@return the smallest byte cap under which the one-row result keeps its row} */
  private static long firstFit(GatedExecutor executor, String sql) {
    for (long cap = 1; cap < 100; cap++) {
      QueryResult r = executor.execute(sql, QueryLimits.defaults().withMaxBytes(cap));
      if (!r.rows().isEmpty()) {
        return cap;
      }
    }
    throw new AssertionError("no cap below 100 fits " + sql);
  }

  private static GatedExecutor executor(javax.sql.DataSource ds, Dialect dialect,
      QueryLimits limits) {
    // no hardening and no catalog read: the statement is the only one the connection runs
    return GatedExecutor.builder().dataSource(ds)
        .gate(SqlGate.builder().dialect(dialect).build()).limits(limits)
        .hardening(SessionHardening.none()).noFunctionCatalog().build();
  }

  /**
   * {@return the connection, counting the calls made on its statements, result sets and arrays}
   * as {@code "ResultSet.getString"} and the like, and by argument count as {@code
   * "Array.getArray/0"}
   */
  private static Connection counting(Connection c, Map<String, AtomicInteger> calls) {
    return wrap(c, Connection.class, calls);
  }

  private static <T> T wrap(T target, Class<T> type, Map<String, AtomicInteger> calls) {
    return type.cast(Proxy.newProxyInstance(ResultCapsRun8ReviewTest.class.getClassLoader(),
        new Class<?>[] {type}, (p, m, a) -> {
          // by name, and by name and argument count ("Array.getArray/0": the whole array)
          String name = type.getSimpleName() + "." + m.getName();
          calls.computeIfAbsent(name, k -> new AtomicInteger()).incrementAndGet();
          calls.computeIfAbsent(name + "/" + (a == null ? 0 : a.length),
              k -> new AtomicInteger()).incrementAndGet();
          Object r;
          try {
            r = m.invoke(target, a);
          } catch (InvocationTargetException e) {
            throw e.getCause();
          }
          if (m.getName().equals("unwrap")) {
            return r;
          }
          return switch (r) {
            case PreparedStatement s -> wrap(s, PreparedStatement.class, calls);
            case Statement s -> wrap(s, Statement.class, calls);
            case ResultSet rs -> wrap(rs, ResultSet.class, calls);
            case Array ar -> wrap(ar, Array.class, calls);
            case null, default -> r;
          };
        }));
  }
}
