package dev.snowchat.sqlgate.issues;

import static org.assertj.core.api.Assertions.assertThat;

import dev.snowchat.sqlgate.Execution;
import dev.snowchat.sqlgate.GatedExecutor;
import dev.snowchat.sqlgate.Rule;
import dev.snowchat.sqlgate.SqlGate;
import dev.snowchat.sqlgate.testing.TestDatabases;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.Statement;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The seventh red-team run (2026-12-02): a gate left at its default dialect, GENERIC, in front of
 * DuckDB. GENERIC refused PostgreSQL's disclosing views but not DuckDB's: {@code FROM duckdb_logs}
 * (a view, no call) returned the SQL other callers had run, literals included, through {@code
 * GatedExecutor} (GENERIC's hardening does not turn DuckDB's logging off). DuckDB's refused views
 * are now GENERIC's too. The file names of the same setting are in {@link
 * DuckDbTablePositionsTest}.
 */
class GenericOverDuckDbRun7Test {
  @Test
  void genericGate_duckDbLogView_showsOtherCallersSql_refused() throws Exception {
    try (Connection c = DriverManager.getConnection("jdbc:duckdb:")) {
      try (Statement s = c.createStatement()) {
        s.execute("CALL enable_logging('QueryLog')");
        s.executeQuery("SELECT 'sk-run7-duck' AS api_key").close(); // another caller's statement
        try (ResultSet rs = s.executeQuery("SELECT count(*) FROM duckdb_logs"
            + " WHERE message LIKE '%sk-run7-duck%'")) {
          rs.next();
          assertThat(rs.getLong(1)).as("the effect, without the gate").isPositive();
        }
      }
      GatedExecutor executor = GatedExecutor.builder().dataSource(TestDatabases.sharing(c))
          .gate(SqlGate.builder().build()).build();
      RefusedRuns.assertAllRefused(executor, Rule.FUNCTION_NOT_ALLOWED, List.of(
          "SELECT message FROM duckdb_logs", "SELECT * FROM main.duckdb_logs",
          "SELECT * FROM system.main.duckdb_logs", "SELECT * FROM \"duckdb_logs\"",
          "SELECT * FROM DUCKDB_LOGS WHERE type = 'QueryLog'",
          "WITH l AS (SELECT * FROM duckdb_logs) SELECT message FROM l",
          "SELECT (SELECT max(message) FROM duckdb_logs)"));
      // DuckDB's metadata views stay readable behind GENERIC
      assertThat(executor.run("SELECT count(*) FROM duckdb_tables"))
          .isInstanceOf(Execution.Completed.class);
      try (Statement s = c.createStatement()) {
        s.execute("CALL disable_logging()");
      }
    }
  }
}
