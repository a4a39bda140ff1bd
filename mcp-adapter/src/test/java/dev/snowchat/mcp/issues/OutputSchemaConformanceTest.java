package dev.snowchat.mcp.issues;

import static org.assertj.core.api.Assertions.assertThat;

import dev.snowchat.mcp.McpConfig;
import dev.snowchat.mcp.SnowchatMcpServer;
import dev.snowchat.mcp.TestEnv;
import io.modelcontextprotocol.client.McpClient;
import io.modelcontextprotocol.client.McpSyncClient;
import io.modelcontextprotocol.client.transport.HttpClientStreamableHttpTransport;
import io.modelcontextprotocol.json.McpJsonDefaults;
import io.modelcontextprotocol.json.schema.JsonSchemaValidator;
import io.modelcontextprotocol.spec.McpSchema.CallToolRequest;
import io.modelcontextprotocol.spec.McpSchema.CallToolResult;
import io.modelcontextprotocol.spec.McpSchema.TextContent;
import io.modelcontextprotocol.spec.McpSchema.Tool;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.Statement;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import tools.jackson.databind.json.JsonMapper;

/**
 * Every tool's structured result, success or error, conforms to the output schema the tool
 * declares, checked the way MCP clients check it: over Streamable HTTP with the official SDK's
 * client (which validates results against the listed output schemas) and, explicitly, with the
 * SDK's JSON schema validator; and every error carries its code in {@code
 * structuredContent.error.code}, bad arguments included ({@code INVALID_ARGUMENT}, not the SDK's
 * text-only "input validation failed"). For the single warehouse (the sample) and a source
 * catalog (a CSV, a JSON file, a DuckDB file and the sample, with attach_file).
 */
class OutputSchemaConformanceTest {
  static final JsonSchemaValidator VALIDATOR = McpJsonDefaults.getSchemaValidator();
  static final JsonMapper JSON = JsonMapper.builder().build();
  @TempDir static Path dir;

  /** A call and whether it must fail, and with which code. */
  record Case(String tool, Map<String, Object> args, String code) {}

  static Case ok(String tool, Object... kv) {
    return new Case(tool, map(kv), null);
  }

  static Case err(String code, String tool, Object... kv) {
    return new Case(tool, map(kv), code);
  }

  static Map<String, Object> map(Object... kv) {
    Map<String, Object> m = new LinkedHashMap<>();
    for (int i = 0; i < kv.length; i += 2) {
      m.put((String) kv[i], kv[i + 1]);
    }
    return m;
  }

  static final String HOSTS = "AIRBNB.ANALYTICS.DIM_HOSTS";
  static final String REVIEWS = "AIRBNB.ANALYTICS.FACT_REVIEWS";

  /** Cases for the sample's tools; {@code extra} is added to every call (a source). */
  static List<Case> warehouseCases(Object... extra) {
    List<Case> cases = new ArrayList<>(List.of(
        ok("get_connection_info"),
        ok("list_databases"),
        ok("list_schemas", "database", "AIRBNB"),
        err("INVALID_ARGUMENT", "list_schemas"),
        err("DATABASE_NOT_FOUND", "list_schemas", "database", "NOPE"),
        ok("list_tables", "database", "AIRBNB", "schema", "ANALYTICS", "pattern", "%list%"),
        err("SCHEMA_NOT_FOUND", "list_tables", "database", "AIRBNB", "schema", "NOPE"),
        ok("describe_table", "table", HOSTS),
        err("TABLE_NOT_FOUND", "describe_table", "table", "AIRBNB.ANALYTICS.NO_SUCH"),
        ok("preview_table", "table", HOSTS, "limit", 2),
        ok("preview_table", "table", HOSTS, "limit", 2, "structured_rows", true),
        err("INVALID_ARGUMENT", "preview_table", "table", HOSTS, "limit", 101),
        err("INVALID_ARGUMENT", "preview_table", "table", HOSTS, "limit", "x"),
        err("INVALID_ARGUMENT", "preview_table", "limit", 2),
        ok("execute_query", "sql", "SELECT count(*) AS n FROM " + REVIEWS),
        ok("execute_query", "sql", "SELECT 1 AS one", "structured_rows", true),
        err("QUERY_REFUSED", "execute_query", "sql", "DROP TABLE " + HOSTS),
        err("INVALID_ARGUMENT", "execute_query", "sql", "SELECT 1", "bogus", 1),
        ok("search_schema", "query", "host reviews", "k", 3),
        ok("search_schema", "query", "xyzzy plugh", "k", 3, "database", "AIRBNB"),
        err("INVALID_ARGUMENT", "search_schema", "query", "hosts", "k", 51),
        // as list_schemas says it (it used to be 0 hits from the index)
        err("DATABASE_NOT_FOUND", "search_schema", "query", "listing price", "database", "NOPE"),
        err("INVALID_ARGUMENT", "search_schema", "k", 3),
        ok("find_join_path", "from", REVIEWS, "to", HOSTS),
        err("TABLE_NOT_FOUND", "find_join_path", "from", REVIEWS, "to", "AIRBNB.X.Y"),
        ok("list_functions", "pattern", "date_trunc"),
        err("INVALID_ARGUMENT", "list_functions", "pattern", 5)));
    if (extra.length == 0) {
      return cases;
    }
    List<Case> out = new ArrayList<>();
    for (Case c : cases) {
      Map<String, Object> args = new LinkedHashMap<>(c.args());
      args.putAll(map(extra));
      out.add(new Case(c.tool(), args, c.code()));
    }
    return out;
  }

  @Test
  void singleWarehouse_everyResultConformsToItsOutputSchema() throws Exception {
    check(TestEnv.sample("SNOWCHAT_HTTP_PORT", "0", "SNOWCHAT_EMBEDDINGS", "hashing"),
        warehouseCases());
  }

  @Test
  void sourceCatalog_everyResultConformsToItsOutputSchema() throws Exception {
    Path data = Files.createDirectories(dir.resolve("data"));
    Files.writeString(data.resolve("customers.csv"), "customer_id,name\n0,Ada\n1,Bo\n");
    Files.writeString(data.resolve("orders.json"),
        "[{\"order_id\":1,\"customer_id\":0,\"amount\":10}]");
    try (Connection c = DriverManager.getConnection("jdbc:duckdb:" + data.resolve("arch.duckdb"));
        Statement s = c.createStatement()) {
      s.execute("CREATE TABLE notes AS SELECT 1 AS order_id, 'first' AS note");
    }
    Path up = Files.createDirectories(dir.resolve("up"));
    Files.writeString(up.resolve("u1.csv"), "upload_id,label\n1,x\n");
    Path catalog = Files.writeString(dir.resolve("sources.json"), """
        {"sources": [
          {"name": "customers", "address": "data/customers.csv"},
          {"name": "orders", "address": "data/orders.json", "format": "json"},
          {"name": "arch", "address": "data/arch.duckdb"},
          {"name": "demo", "address": "sample:", "maxRows": 5}
        ]}""");
    List<Case> cases = new ArrayList<>(warehouseCases("source", "demo"));
    cases.addAll(List.of(
        ok("list_sources"),
        ok("list_databases"),
        ok("search_schema", "query", "customers name", "k", 3),
        ok("search_schema", "query", "nothing like this", "k", 3),
        ok("attach_file", "name", "uploads", "path", up.resolve("u1.csv").toString()),
        err("INVALID_ARGUMENT", "attach_file", "name", "x", "path",
            up.resolve("u1.csv").toString(), "format", "xml"),
        err("INVALID_ARGUMENT", "attach_file", "name", "x"),
        ok("search_schema", "query", "uploads", "source", "local"),
        ok("execute_query", "sql", "SELECT count(*) FROM uploads", "source", "local"),
        err("INVALID_ARGUMENT", "describe_table", "table", "x", "source", "nope"),
        err("INVALID_ARGUMENT", "describe_table", "table", "x", "source", 3)));
    check(TestEnv.sample("SNOWCHAT_HTTP_PORT", "0", "SNOWCHAT_EMBEDDINGS", "hashing",
        "SNOWCHAT_SOURCES", catalog.toString(), "SNOWCHAT_FILE_ALLOWLIST", up.toString()),
        cases);
  }

  static void check(Map<String, String> env, List<Case> cases) throws Exception {
    try (SnowchatMcpServer server = SnowchatMcpServer.builder()
        .config(McpConfig.fromEnvironment(env)).build();
        SnowchatMcpServer.Http http = server.startHttp()) {
      URI uri = http.uri();
      McpSyncClient client = McpClient.sync(HttpClientStreamableHttpTransport
          .builder(uri.getScheme() + "://" + uri.getAuthority()).endpoint(uri.getPath()).build())
          .requestTimeout(Duration.ofSeconds(60)).build();
      try {
        client.initialize();
        Map<String, Tool> tools = new LinkedHashMap<>();
        for (Tool t : client.listTools().tools()) {
          tools.put(t.name(), t);
        }
        Set<String> called = new TreeSet<>();
        List<String> failures = new ArrayList<>();
        for (Case c : cases) {
          Tool tool = tools.get(c.tool());
          assertThat(tool).as(c.tool()).isNotNull();
          called.add(c.tool());
          String what = c.tool() + " " + JSON.writeValueAsString(c.args());
          CallToolResult r;
          try {
            // The SDK client validates structured content against the listed output schema.
            r = client.callTool(new CallToolRequest(c.tool(), c.args()));
          } catch (RuntimeException e) {
            failures.add(what + ": the client refused the result: " + e.getMessage());
            continue;
          }
          String text = r.content().isEmpty() ? "" : ((TextContent) r.content().get(0)).text();
          if (r.structuredContent() == null) {
            failures.add(what + ": no structured content: " + text);
            continue;
          }
          JsonSchemaValidator.ValidationResponse v =
              VALIDATOR.validate(tool.outputSchema(), r.structuredContent());
          if (!v.valid()) {
            failures.add(what + ": " + v.errorMessage());
          }
          boolean isError = Boolean.TRUE.equals(r.isError());
          Object error = r.structuredContent() instanceof Map<?, ?> m ? m.get("error") : null;
          if (c.code() == null && isError) {
            failures.add(what + ": unexpected error: " + text);
          } else if (c.code() != null && !(isError && error instanceof Map<?, ?> e
              && c.code().equals(e.get("code")))) {
            failures.add(what + ": expected error " + c.code() + ", got " + text + " "
                + r.structuredContent());
          }
        }
        assertThat(failures).isEmpty();
        assertThat(called).as("every listed tool is exercised").isEqualTo(tools.keySet()
            .stream().collect(java.util.stream.Collectors.toCollection(TreeSet::new)));
      } finally {
        client.closeGracefully();
      }
    }
  }
}
