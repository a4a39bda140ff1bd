package dev.snowchat.mcp.issues;

import static dev.snowchat.mcp.testing.ToolAssertions.ok;
import static org.assertj.core.api.Assertions.assertThat;

import dev.snowchat.mcp.McpConfig;
import dev.snowchat.mcp.SnowchatMcpServer;
import dev.snowchat.mcp.TestEnv;
import dev.snowchat.mcp.ToolResult;
import dev.snowchat.sqlgate.testing.TestDatabases;
import java.sql.Connection;
import java.sql.Statement;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;

/**
 * Issue 11 item 10: metadata a user expects. Row counts where the database keeps them (marked as
 * estimates), no empty default schema, functions before operators with their overloads, a
 * self-referencing key as a join path, "Did you mean" for a near-miss table name, and a wrong
 * password reported as a connection failure.
 */
class Issue11MetadataTest {

  @Nested
  @TestInstance(TestInstance.Lifecycle.PER_CLASS)
  class Sample {
    SnowchatMcpServer server;

    @BeforeAll
    void start() {
      server = SnowchatMcpServer.builder().config(McpConfig.fromEnvironment(TestEnv.sample(
          "SNOWCHAT_SCHEMA_INDEX", "off"))).build();
    }

    @AfterAll
    void stop() {
      server.close();
    }

    @Test
    void listTables_showsEstimatedRowCounts() {
      ToolResult r = ok(server, "list_tables", Map.of("database", "AIRBNB", "schema",
          "ANALYTICS"));
      @SuppressWarnings("unchecked")
      List<Map<String, Object>> tables = (List<Map<String, Object>>) r.structured().get("tables");
      Map<String, Object> listings = tables.stream()
          .filter(t -> t.get("name").equals("DIM_LISTINGS")).findFirst().orElseThrow();
      assertThat((Number) listings.get("rowCount")).isNotNull();
      assertThat(((Number) listings.get("rowCount")).longValue()).isPositive();
      assertThat(listings).containsEntry("rowCountEstimated", true);
      assertThat(r.text()).containsPattern("DIM_LISTINGS \\(table, ~\\d+ rows \\(estimate\\)\\)");
    }

    @Test
    void describeTable_showsTheRowCount() {
      ToolResult r = ok(server, "describe_table", Map.of("table",
          "AIRBNB.ANALYTICS.DIM_LISTINGS"));
      assertThat(r.structured().get("rowCount")).isNotNull();
      assertThat(r.text()).contains("rows (estimate)");
    }

    @Test
    void listSchemas_hidesTheEmptyMainSchema() {
      ToolResult r = ok(server, "list_schemas", Map.of("database", "AIRBNB"));
      @SuppressWarnings("unchecked")
      List<Map<String, Object>> schemas = (List<Map<String, Object>>) r.structured()
          .get("schemas");
      assertThat(schemas).extracting(s -> s.get("name")).containsExactly("ANALYTICS", "RAW");
    }

    @Test
    void listFunctions_leadsWithNamedFunctions_andShowsOverloads() {
      ToolResult r = ok(server, "list_functions", Map.of());
      @SuppressWarnings("unchecked")
      List<Map<String, Object>> fs = (List<Map<String, Object>>) r.structured().get("functions");
      assertThat(fs).isNotEmpty();
      assertThat(fs.subList(0, 20)).allSatisfy(f ->
          assertThat((String) f.get("name")).matches("[A-Za-z][A-Za-z0-9_]*"));
      assertThat(r.text().lines().skip(1).findFirst().orElseThrow()).doesNotStartWith("!");

      ToolResult trunc = ok(server, "list_functions", Map.of("pattern", "date_trunc"));
      @SuppressWarnings("unchecked")
      Map<String, Object> dt = ((List<Map<String, Object>>) trunc.structured().get("functions"))
          .stream().filter(f -> f.get("name").equals("date_trunc")).findFirst().orElseThrow();
      assertThat((Integer) dt.get("overloads")).isGreaterThan(1);
      assertThat((List<?>) dt.get("signatures")).hasSize((Integer) dt.get("overloads"))
          .anySatisfy(s -> assertThat((String) s).contains("TIMESTAMP"));
      assertThat(trunc.text()).contains("date_trunc(part VARCHAR, timestamp DATE) -> ");
    }

    @Test
    void operators_comeLast_whenAskedFor() {
      ToolResult r = ok(server, "list_functions", Map.of("pattern", "%~%"));
      assertThat(r.text()).contains("!~~");
    }

    @Test
    void describeTable_nearMiss_suggestsTheTable() {
      ToolResult r = server.call("describe_table", Map.of("table", "DIM_LISTING"));
      assertThat(r.errorCode()).isEqualTo("TABLE_NOT_FOUND");
      assertThat(r.text()).contains("Did you mean AIRBNB.ANALYTICS.DIM_LISTINGS?");
    }

    @Test
    void previewTable_misspelt_suggestsTheTable() {
      ToolResult r = server.call("preview_table", Map.of("table", "AIRBNB.ANALYTICS.dim_listngs"));
      assertThat(r.errorCode()).isEqualTo("TABLE_NOT_FOUND");
      assertThat(r.text()).contains("Did you mean AIRBNB.ANALYTICS.DIM_LISTINGS?");
    }

    @Test
    void nothingClose_noSuggestion() {
      ToolResult r = server.call("describe_table", Map.of("table", "AIRBNB.ANALYTICS.ZEBRAS"));
      assertThat(r.errorCode()).isEqualTo("TABLE_NOT_FOUND");
      assertThat(r.text()).doesNotContain("Did you mean");
    }
  }

  @Nested
  @TestInstance(TestInstance.Lifecycle.PER_CLASS)
  class Postgres {
    SnowchatMcpServer server;
    Map<String, String> env;
    String db;

    @BeforeAll
    void start() throws Exception {
      env = TestEnv.postgres("SNOWCHAT_SCHEMA_INDEX", "off");
      try (Connection c = TestDatabases.postgres().connect(); Statement s = c.createStatement()) {
        db = c.getCatalog();
        s.execute("DROP SCHEMA IF EXISTS issue11_meta CASCADE");
        s.execute("CREATE SCHEMA issue11_meta");
        s.execute("CREATE TABLE issue11_meta.employees (employee_id int PRIMARY KEY,"
            + " name text, manager_id int REFERENCES issue11_meta.employees(employee_id))");
        s.execute("INSERT INTO issue11_meta.employees SELECT g, 'e' || g,"
            + " CASE WHEN g = 1 THEN NULL ELSE 1 END FROM generate_series(1, 40) g");
        s.execute("ANALYZE issue11_meta.employees");
      }
      server = SnowchatMcpServer.builder().config(McpConfig.fromEnvironment(env)).build();
    }

    @AfterAll
    void stop() {
      if (server != null) {
        server.close();
      }
    }

    @Test
    void listTables_showsThePlannerRowCount() {
      ToolResult r = ok(server, "list_tables", Map.of("database", db, "schema",
          "issue11_meta"));
      assertThat(r.text()).contains("employees (table, ~40 rows (estimate))");
      ToolResult d = ok(server, "describe_table", Map.of("table", db + ".issue11_meta.employees"));
      assertThat(((Number) d.structured().get("rowCount")).longValue()).isEqualTo(40);
    }

    @Test
    void findJoinPath_selfReferencingKey_joinsTheTableToItself() {
      String t = db + ".issue11_meta.employees";
      ToolResult r = ok(server, "find_join_path", Map.of("from", t, "to", t));
      assertThat(r.structured()).containsEntry("found", true);
      assertThat((String) r.structured().get("joinClause")).isEqualTo("FROM \"" + db
          + "\".\"issue11_meta\".\"employees\" AS t0\nJOIN \"" + db
          + "\".\"issue11_meta\".\"employees\" AS t1 ON t0.\"manager_id\" = t1.\"employee_id\"");
    }

    @Test
    void wrongPassword_isAConnectionFailure() {
      Map<String, String> bad = new java.util.HashMap<>(env);
      bad.put("SNOWCHAT_JDBC_PASSWORD", "not-the-password");
      try (SnowchatMcpServer s = SnowchatMcpServer.builder()
          .config(McpConfig.fromEnvironment(bad)).build()) {
        for (var call : List.of(
            Map.entry("list_tables", Map.<String, Object>of("database", db, "schema", "public")),
            Map.entry("execute_query", Map.<String, Object>of("sql", "SELECT 1")))) {
          ToolResult r = s.call(call.getKey(), call.getValue());
          assertThat(r.errorCode()).as(call.getKey() + ": " + r.text())
              .isEqualTo("CONNECTION_FAILED");
          assertThat(r.text()).contains("authentication failed").doesNotContain(
              "not-the-password");
        }
      }
    }
  }
}
