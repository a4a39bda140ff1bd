package dev.snowchat.sqlgate.issues;

import static org.assertj.core.api.Assertions.assertThat;

import dev.snowchat.sqlgate.Dialect;
import dev.snowchat.sqlgate.Execution;
import dev.snowchat.sqlgate.GatedExecutor;
import dev.snowchat.sqlgate.Rule;
import dev.snowchat.sqlgate.SqlGate;
import dev.snowchat.sqlgate.Verdict;
import dev.snowchat.sqlgate.testing.TestDatabases;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.Statement;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The seventh red-team run (2026-12-02): a pooled PostgreSQL session's earlier statements through
 * its memory contexts. {@code pg_backend_memory_contexts} (and its function {@code
 * pg_get_backend_memory_contexts()}) names each cached plan's context by the statement's text, so
 * it shows what {@code pg_prepared_statements}, refused since the first run, shows: the SQL of
 * whoever used the pooled connection before, literals included. Confirmed on PostgreSQL 15 through
 * {@code GatedExecutor} with the engine's catalog (readable by superusers there, and by {@code
 * pg_read_all_stats}, part of {@code pg_monitor}, from PostgreSQL 16).
 */
class PooledSessionDisclosureRun7Test {
  private static final String SECRET = "sk-live-run7-4242";

  @Test
  void postgres_memoryContexts_showAnEarlierStatementsText_refused() throws Exception {
    TestDatabases.Postgres pg = TestDatabases.postgres();
    try (Connection pooled = pg.connect()) {
      // the host's own code ran a prepared statement on the connection before lending it
      // (pgjdbc prepares on the server from the fifth execution)
      for (int n = 0; n < 6; n++) {
        try (PreparedStatement ps = pooled.prepareStatement(
            "SELECT count(*) FROM pg_catalog.pg_class WHERE relname <> '" + SECRET + "'");
            ResultSet rs = ps.executeQuery()) {
          rs.next();
        }
      }
      String query = "SELECT ident FROM pg_backend_memory_contexts WHERE ident LIKE '%"
          + "sk-live-run7" + "%' AND ident NOT LIKE '%pg_backend_memory_contexts%'";
      // the effect, without the gate: the earlier statement's text, secret included
      try (Statement s = pooled.createStatement(); ResultSet rs = s.executeQuery(query)) {
        assertThat(rs.next()).isTrue();
        assertThat(rs.getString(1)).contains(SECRET);
      }
      GatedExecutor executor = GatedExecutor.builder()
          .dataSource(TestDatabases.sharing(pooled))
          .gate(SqlGate.builder().dialect(Dialect.POSTGRES).build()).build();
      RefusedRuns.assertAllRefused(executor, Rule.FUNCTION_NOT_ALLOWED, List.of(query,
          "SELECT ident FROM pg_catalog.pg_backend_memory_contexts",
          "SELECT ident FROM pg_get_backend_memory_contexts()",
          "SELECT * FROM \"pg_backend_memory_contexts\""));
      // the session's own statistics stay readable
      assertThat(executor.run("SELECT count(*) FROM pg_locks"))
          .isInstanceOf(Execution.Completed.class);
    }
  }

  @ParameterizedTest
  @ValueSource(strings = {"SELECT * FROM pg_backend_memory_contexts",
      "SELECT ident FROM pg_catalog.pg_backend_memory_contexts WHERE level > 1",
      "SELECT * FROM PG_BACKEND_MEMORY_CONTEXTS", "SELECT * FROM \"pg_backend_memory_contexts\"",
      "WITH m AS (SELECT * FROM pg_backend_memory_contexts) SELECT ident FROM m",
      "SELECT (SELECT string_agg(ident, ',') FROM pg_backend_memory_contexts)",
      "SELECT * FROM pg_get_backend_memory_contexts()",
      "SELECT ident FROM pg_catalog.pg_get_backend_memory_contexts() c",
      "SELECT * FROM \"pg_catalog\".\"pg_get_backend_memory_contexts\"()",
      "EXPLAIN ANALYZE SELECT * FROM pg_backend_memory_contexts"})
  void memoryContexts_everySpelling_refusedInPostgresAndGeneric(String sql) {
    for (Dialect d : List.of(Dialect.POSTGRES, Dialect.GENERIC)) {
      Verdict v = SqlGate.builder().dialect(d).build().check(sql);
      assertThat(v.allowed()).as("%s %s", d, sql).isFalse();
    }
  }
}
