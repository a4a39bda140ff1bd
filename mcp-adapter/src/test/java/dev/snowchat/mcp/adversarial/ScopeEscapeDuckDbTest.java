package dev.snowchat.mcp.adversarial;

import static org.assertj.core.api.Assertions.assertThat;

import dev.snowchat.mcp.McpConfig;
import dev.snowchat.mcp.SnowchatMcpServer;
import dev.snowchat.mcp.TestEnv;
import dev.snowchat.mcp.ToolResult;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;

/**
 * Issue 11 item 5: scope escapes, family by family (quoting, case folding, comments between name
 * parts, CTEs shadowing or wrapping a hidden table, subqueries, joins, set operations, lateral,
 * three-part names, default-schema resolution, search_path tricks, catalog views, name-taking
 * functions, row types, views, DESCRIBE/SHOW/SUMMARIZE, USE, DML). Statement lists live in
 * {@code adversarial/scope/<engine>.sql}; each must be refused with {@code QUERY_REFUSED}, and
 * ordinary queries over what is in scope (CTEs named like a hidden table, recursive CTEs,
 * generators, views in scope) must still run.
 *
 * <p>On the sample warehouse (DuckDB) with {@code SNOWCHAT_INCLUDE=AIRBNB.ANALYTICS}.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class ScopeEscapeDuckDbTest {

  SnowchatMcpServer server;

  @BeforeAll
  void start() {
    server = SnowchatMcpServer.builder().config(McpConfig.fromEnvironment(TestEnv.sample(
        "SNOWCHAT_INCLUDE", "AIRBNB.ANALYTICS", "SNOWCHAT_SCHEMA_INDEX", "off"))).build();
  }

  @AfterAll
  void stop() {
    server.close();
  }

  @Test
  void everyEscape_isRefused() {
    List<String> escapes = Adversarial.load("scope/duckdb.sql", Map.of());
    assertThat(Adversarial.notRefused(server, escapes)).isEmpty();
  }

  @Test
  void refusal_namesTheObjectAsWritten_andWhatToUseInstead() {
    ToolResult r = server.call("execute_query", Map.of("sql",
        "SELECT * FROM ANALYTICS.DIM_HOSTS h JOIN Raw . \"RAW_HOSTS\" r USING (HOST_ID)"));
    assertThat(r.errorCode()).isEqualTo("QUERY_REFUSED");
    assertThat(r.text()).contains("Raw.\"RAW_HOSTS\"").contains("AIRBNB.Raw.RAW_HOSTS")
        .contains("SNOWCHAT_INCLUDE").contains("search_schema");
    ToolResult catalog = server.call("execute_query", Map.of("sql",
        "SELECT * FROM information_schema.tables"));
    assertThat(catalog.text()).contains("information_schema.tables")
        .contains("is a catalog view").contains("list_tables");
  }

  @Test
  void queriesInScope_stillRun() {
    assertThat(Adversarial.failed(server, List.of(
        "SELECT count(*) FROM AIRBNB.ANALYTICS.DIM_HOSTS",
        "SELECT count(*) FROM analytics.dim_hosts",
        "SELECT count(*) FROM \"ANALYTICS\".\"DIM_HOSTS\"",
        "WITH RAW_HOSTS AS (SELECT * FROM ANALYTICS.DIM_HOSTS) SELECT count(*) FROM RAW_HOSTS",
        "WITH RECURSIVE n AS (SELECT 1 AS i UNION ALL SELECT i + 1 FROM n WHERE i < 5)"
            + " SELECT max(i) FROM n",
        "SELECT h.HOST_ID, count(*) FROM ANALYTICS.DIM_HOSTS h JOIN ANALYTICS.DIM_LISTINGS l"
            + " ON l.HOST_ID = h.HOST_ID GROUP BY 1 ORDER BY 2 DESC LIMIT 3",
        "SELECT * FROM ANALYTICS.DIM_HOSTS WHERE HOST_ID IN (SELECT HOST_ID FROM"
            + " ANALYTICS.FACT_REVIEWS) LIMIT 1",
        "SELECT * FROM range(3) r, unnest([1, 2]) u",
        "SELECT * FROM ANALYTICS.VW_HOST_PERFORMANCE LIMIT 1",
        "DESCRIBE ANALYTICS.DIM_HOSTS",
        "SUMMARIZE ANALYTICS.DIM_DATE",
        "EXPLAIN SELECT * FROM ANALYTICS.DIM_HOSTS",
        "FROM ANALYTICS.DIM_HOSTS SELECT count(*)",
        "SELECT CAST(HOST_ID AS VARCHAR), HOST_ID::BIGINT FROM ANALYTICS.DIM_HOSTS LIMIT 1",
        "SELECT 1"))).isEmpty();
  }

  @Test
  void previewAndDescribe_ofAHiddenTable_areNotFound() {
    assertThat(server.call("preview_table", Map.of("table", "AIRBNB.RAW.RAW_HOSTS"))
        .errorCode()).isEqualTo("TABLE_NOT_FOUND");
    assertThat(server.call("describe_table", Map.of("table", "RAW.RAW_HOSTS"))
        .errorCode()).isEqualTo("TABLE_NOT_FOUND");
  }
}
