package dev.snowchat.sqlgate.issues;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.snowchat.sqlgate.Dialect;
import dev.snowchat.sqlgate.GateErrorCode;
import dev.snowchat.sqlgate.GatedExecutor;
import dev.snowchat.sqlgate.QueryLimits;
import dev.snowchat.sqlgate.QueryResult;
import dev.snowchat.sqlgate.SnowchatException;
import dev.snowchat.sqlgate.SqlGate;
import dev.snowchat.sqlgate.testing.TestDatabases;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.Statement;
import org.junit.jupiter.api.Test;

/**
 * The eighth red-team run (2026-12-06): the byte cap bounded the rows' values, not the columns'
 * names. DuckDB's {@code PIVOT} (a read the gate allows) names its columns by the values it pivots
 * on, so a one-row result carried 20 MB of column names through {@code GatedExecutor} under a
 * 128 KiB cap. The names and types are now bounded by the cap too (at least 256 KiB since the
 * review of run 8, so that any cap still shows the columns of a table at the engines' limits): past it the call fails with {@link
 * GateErrorCode#RESULT_TOO_LARGE}, as a driver that runs out of memory does.
 *
 * <p>The same run measured one list value: DuckDB's {@code SELECT range(10000000)} under a
 * 128 KiB cap allocated 870 MB on the executing thread, 277 MB of them the driver's own copy and
 * the rest the value's text, built to be measured and dropped. An array, struct or map is now
 * measured by its elements before its text is built (how: {@link ResultCapsRun8ReviewTest}).
 */
class ResultCapsRun8Test {
  private static final String PIVOT = "PIVOT (SELECT repeat('x', 20000) || i AS k, 1 AS v"
      + " FROM range(100) r(i)) ON k USING sum(v)";

  @Test
  void duckDb_oneHugeList_isDroppedWithoutBuildingItsText() throws Exception {
    String sql = "SELECT range(3000000) AS r";
    try (Connection c = DriverManager.getConnection("jdbc:duckdb:")) {
      long driver = allocated(() -> {
        try (Statement s = c.createStatement(); ResultSet rs = s.executeQuery(sql)) {
          rs.next();
          assertThat(rs.getObject(1)).isInstanceOf(java.sql.Array.class);
        }
      });
      GatedExecutor executor = GatedExecutor.builder().dataSource(TestDatabases.sharing(c))
          .gate(SqlGate.builder().dialect(Dialect.DUCKDB).build())
          .limits(QueryLimits.defaults().withMaxBytes(131_072)).build();
      QueryResult[] result = new QueryResult[1];
      long gated = allocated(() -> result[0] = executor.execute(sql));
      assertThat(result[0].rows()).isEmpty();
      assertThat(result[0].truncationReason())
          .isEqualTo(dev.snowchat.sqlgate.TruncationReason.BYTE_LIMIT);
      // the driver's copy of the list, not its text besides (which took twice as much)
      assertThat(gated).as("allocated: gated %d, the driver alone %d", gated, driver)
          .isLessThan(driver + driver / 2 + 16_000_000L);
      // small lists, structs and maps keep their text
      QueryResult small = executor.execute("SELECT [1, 2] AS a, {'x': [3]} AS s,"
          + " map([1], ['b']) AS m");
      assertThat(small.rows().get(0)).containsExactly("[1, 2]", "{'x': [3]}", "{1=b}");
    }
  }

  private interface Body {
    void run() throws Exception;
  }

  /** {@return the bytes the calling thread allocated running the body} */
  private static long allocated(Body body) throws Exception {
    com.sun.management.ThreadMXBean mx = (com.sun.management.ThreadMXBean)
        java.lang.management.ManagementFactory.getThreadMXBean();
    long before = mx.getCurrentThreadAllocatedBytes();
    body.run();
    return mx.getCurrentThreadAllocatedBytes() - before;
  }

  @Test
  void duckDb_pivotNamesItsColumnsByData_theByteCapBoundsTheNames() throws Exception {
    try (Connection c = DriverManager.getConnection("jdbc:duckdb:")) {
      // the effect, without the executor: 100 columns of 20,000-character names, 2 MB
      try (Statement s = c.createStatement(); ResultSet rs = s.executeQuery(PIVOT)) {
        long names = 0;
        for (int i = 1; i <= rs.getMetaData().getColumnCount(); i++) {
          names += rs.getMetaData().getColumnLabel(i).length();
        }
        assertThat(names).isGreaterThan(2_000_000);
      }
      GatedExecutor executor = GatedExecutor.builder().dataSource(TestDatabases.sharing(c))
          .gate(SqlGate.builder().dialect(Dialect.DUCKDB).build())
          .limits(QueryLimits.defaults().withMaxBytes(131_072)).build();
      for (String sql : new String[] {PIVOT, "SELECT * FROM (" + PIVOT + ") LIMIT 0",
          "FROM (" + PIVOT + ") SELECT COLUMNS('x.*')"}) {
        assertThatThrownBy(() -> executor.execute(sql)).as(sql)
            .isInstanceOfSatisfying(SnowchatException.class, e -> {
              assertThat(e.code()).isEqualTo(GateErrorCode.RESULT_TOO_LARGE);
              assertThat(e.getMessage()).contains("column names").contains("131072 bytes");
            });
      }
      // a 1-byte cap still gives an ordinary result's columns, with no rows
      QueryResult tiny = executor.execute("SELECT 1 AS a, 'x' AS b",
          QueryLimits.defaults().withMaxBytes(1));
      assertThat(tiny.columns()).hasSize(2);
      assertThat(tiny.rows()).isEmpty();
      // a pivot with short names still reads
      QueryResult small = executor.execute("PIVOT (SELECT 'k' || i AS k, 1 AS v FROM range(50)"
          + " r(i)) ON k USING sum(v)");
      assertThat(small.columns()).hasSize(50);
      assertThat(small.rows()).hasSize(1);
      assertThat(small.truncated()).isFalse();
    }
  }
}
