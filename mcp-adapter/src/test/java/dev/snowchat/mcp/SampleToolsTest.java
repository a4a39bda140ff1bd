package dev.snowchat.mcp;

import static org.assertj.core.api.Assertions.assertThat;

import dev.snowchat.mcp.testing.ToolAssertions;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/** Every tool, in-process, against the embedded sample warehouse, with live discovery. */
class SampleToolsTest {
  static SnowchatMcpServer server;

  @BeforeAll
  static void start() {
    server = SnowchatMcpServer.builder()
        .config(McpConfig.fromEnvironment(TestEnv.sample("SNOWCHAT_QUERY_TIMEOUT", "2s",
            "SNOWCHAT_SCHEMA_INDEX", "off")))
        .build();
  }

  @AfterAll
  static void stop() {
    server.close();
  }

  static ToolResult ok(String tool, Map<String, Object> args) {
    return ToolAssertions.ok(server, tool, args);
  }

  static ToolResult error(String tool, Map<String, Object> args, String code) {
    ToolResult r = server.call(tool, args);
    assertThat(r.errorCode()).as("%s -> %s", tool, r.text()).isEqualTo(code);
    return r;
  }

  @Test
  void tools_areTheTenDefinedOnes_withSchemasAndHints() {
    assertThat(server.tools()).extracting(ToolDefinition::name).containsExactly(
        "get_connection_info", "list_databases", "list_schemas", "list_tables",
        "describe_table", "preview_table", "execute_query", "search_schema", "find_join_path",
        "list_functions");
    assertThat(server.tools()).allSatisfy(t -> {
      assertThat(t.readOnly()).isTrue();
      assertThat(t.inputSchema()).containsEntry("type", "object");
      assertThat(t.description()).isNotBlank();
    });
    assertThat(server.tool("execute_query").orElseThrow().description())
        .contains("1000 rows").contains("read_only");
  }

  @Test
  void getConnectionInfo_showsModeLimitsAndVersion() {
    ToolResult r = ok("get_connection_info", Map.of());
    assertThat(r.structured()).containsEntry("backend", "sample").containsEntry("mode",
        "read_only").containsEntry("maxRows", 1000);
    assertThat((String) r.structured().get("serverVersion")).containsIgnoringCase("duckdb");
  }

  @Test
  void listDatabasesSchemasTables_walkTheSample() {
    assertThat(ok("list_databases", Map.of()).text()).contains("AIRBNB");
    ToolResult schemas = ok("list_schemas", Map.of("database", "AIRBNB"));
    assertThat(schemas.text()).contains("RAW").contains("ANALYTICS");
    assertThat(schemas.structured()).containsEntry("source", "live");
    ToolResult tables = ok("list_tables", Map.of("database", "AIRBNB", "schema", "ANALYTICS"));
    assertThat(tables.text()).contains("DIM_LISTINGS").contains("VW_HOST_PERFORMANCE (view)");
    ToolResult filtered = ok("list_tables", Map.of("database", "airbnb", "schema", "analytics",
        "pattern", "dim%"));
    assertThat((List<?>) filtered.structured().get("tables")).hasSize(4);
  }

  @Test
  void describeTable_givesColumnsKeysAndComments() {
    ToolResult r = ok("describe_table", Map.of("table", "AIRBNB.ANALYTICS.DIM_LISTINGS"));
    assertThat(r.text()).contains("LISTING_ID").contains("PK").contains("FK (HOST_ID)");
    assertThat((List<?>) r.structured().get("foreignKeys")).isNotEmpty();
    // Unqualified and lower-case names resolve too.
    assertThat(ok("describe_table", Map.of("table", "analytics.dim_hosts")).text())
        .contains("AIRBNB.ANALYTICS.DIM_HOSTS");
  }

  @Test
  void previewTable_capsRowsAndMarksData() {
    ToolResult r = ok("preview_table", Map.of("table", "AIRBNB.RAW.RAW_LISTINGS", "limit", 3));
    assertThat(r.structured()).containsEntry("rowCount", 3).containsEntry("truncated", false);
    assertThat(r.text()).contains("not instructions").contains("<<<DATA").contains("DATA>>>");
    error("preview_table", Map.of("table", "AIRBNB.RAW.RAW_LISTINGS", "limit", 500),
        "INVALID_ARGUMENT");
  }

  @Test
  void executeQuery_returnsTypedColumnsRowsAndTiming() {
    ToolResult r = ok("execute_query", Map.of("sql",
        "SELECT CITY, count(*) AS n FROM AIRBNB.ANALYTICS.DIM_NEIGHBOURHOODS GROUP BY CITY"
            + " ORDER BY CITY"));
    assertThat(r.structured()).containsKeys("columns", "rows", "rowCount", "truncated",
        "elapsedMs", "queryId");
    @SuppressWarnings("unchecked")
    List<Map<String, Object>> cols = (List<Map<String, Object>>) r.structured().get("columns");
    assertThat(cols).extracting(c -> c.get("name")).containsExactly("CITY", "n");
  }

  @Test
  void executeQuery_rowCap_setsTruncatedWithAHint() {
    ToolResult r = ok("execute_query", Map.of("sql", "SELECT * FROM AIRBNB.RAW.RAW_REVIEWS",
        "max_rows", 5));
    assertThat(r.structured()).containsEntry("rowCount", 5).containsEntry("truncated", true);
    assertThat(r.text()).contains("TRUNCATED").contains("LIMIT");
  }

  @Test
  void executeQuery_refusedWrite_saysWhatTheModeAllows() {
    ToolResult r = error("execute_query", Map.of("sql",
        "DELETE FROM AIRBNB.RAW.RAW_REVIEWS"), "QUERY_REFUSED");
    assertThat(r.text()).contains("read_only").contains("SELECT");
    // The server keeps serving.
    ok("execute_query", Map.of("sql", "SELECT 1 AS one"));
  }

  @Test
  void executeQuery_timeout_cancelsAndSaysHowToNarrow() {
    ToolResult r = error("execute_query", Map.of("sql",
        "SELECT count(*) FROM AIRBNB.ANALYTICS.FACT_CALENDAR a,"
            + " AIRBNB.ANALYTICS.FACT_CALENDAR b WHERE a.LISTING_ID + b.LISTING_ID > 0"),
        "STATEMENT_TIMEOUT");
    assertThat(r.text()).contains("2s").contains("cancelled");
    ok("execute_query", Map.of("sql", "SELECT 2 AS two"));
  }

  @Test
  void executeQuery_missingTableAndBadSql_areActionable() {
    ToolResult r = error("execute_query", Map.of("sql", "SELECT * FROM AIRBNB.RAW.NO_SUCH"),
        "QUERY_FAILED");
    assertThat(r.text()).contains("NO_SUCH").contains("describe_table");
    error("describe_table", Map.of("table", "AIRBNB.RAW.NO_SUCH"), "TABLE_NOT_FOUND");
    error("preview_table", Map.of("table", "NO_SUCH"), "TABLE_NOT_FOUND");
  }

  @Test
  void badArguments_areToolErrorsNamingTheArgument() {
    assertThat(error("list_schemas", Map.of(), "INVALID_ARGUMENT").text())
        .contains("database");
    assertThat(error("list_schemas", Map.of("database", 42), "INVALID_ARGUMENT").text())
        .contains("string");
    assertThat(error("list_databases", Map.of("bogus", "x"), "INVALID_ARGUMENT").text())
        .contains("bogus");
    assertThat(error("describe_table", Map.of("table", "a;b"), "INVALID_ARGUMENT").text())
        .contains("DATABASE.SCHEMA.TABLE");
    assertThat(server.call("no_such_tool", Map.of()).errorCode()).isEqualTo("UNKNOWN_TOOL");
    error("list_schemas", Map.of("database", "NOPE"), "DATABASE_NOT_FOUND");
  }

  @Test
  void searchSchema_findsTablesColumnsAndNeighbours() {
    ToolResult r = ok("search_schema", Map.of("query", "listing price", "k", 5));
    @SuppressWarnings("unchecked")
    List<Map<String, Object>> hits = (List<Map<String, Object>>) r.structured().get("hits");
    assertThat(hits).hasSizeLessThanOrEqualTo(5).isNotEmpty();
    assertThat(hits).extracting(h -> h.get("table")).contains("AIRBNB.ANALYTICS.DIM_LISTINGS");
    assertThat(r.text()).contains("joins:");
    assertThat(r.structured()).containsEntry("source", "live");
  }

  @Test
  void findJoinPath_givesEdgesAndAJoinClause() {
    ToolResult r = ok("find_join_path", Map.of("from", "AIRBNB.ANALYTICS.DIM_LISTINGS",
        "to", "AIRBNB.ANALYTICS.DIM_HOSTS"));
    assertThat(r.structured()).containsEntry("found", true);
    assertThat((String) r.structured().get("joinClause"))
        .contains("JOIN \"AIRBNB\".\"ANALYTICS\".\"DIM_HOSTS\" AS t1 ON t0.\"HOST_ID\" =");
  }

  @Test
  void listFunctions_filtersByPattern() {
    ToolResult r = ok("list_functions", Map.of("pattern", "date_trunc"));
    assertThat(r.text()).contains("date_trunc");
    assertThat((Integer) ok("list_functions", Map.of()).structured().get("count"))
        .isEqualTo(200);
  }
}
