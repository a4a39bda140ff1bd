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
 * 128 KiB cap. The names and types are now bounded by the cap too (at least 64 KiB, so that a
 * small cap still shows an ordinary wide result's columns): past it the call fails with {@link
 * GateErrorCode#RESULT_TOO_LARGE}, as a driver that runs out of memory does.
 */
class ResultCapsRun8Test {
  private static final String PIVOT = "PIVOT (SELECT repeat('x', 20000) || i AS k, 1 AS v"
      + " FROM range(100) r(i)) ON k USING sum(v)";

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
