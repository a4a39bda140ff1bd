package dev.snowchat.mcp.issues;

import static org.assertj.core.api.Assertions.assertThat;

import dev.snowchat.mcp.McpConfig;
import dev.snowchat.mcp.SnowchatMcpServer;
import dev.snowchat.mcp.TestEnv;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * Issue 13: attach_file over Streamable HTTP sessions. Two sessions attach different files under
 * the same name and each sees only its own; 100 sessions attaching and querying concurrently lose
 * nothing and leak nothing.
 */
class Issue13HttpSessionsTest {
  static final JsonMapper JSON = JsonMapper.builder().build();
  @TempDir Path dir;

  /** A minimal MCP client over Streamable HTTP: one session. */
  static final class Session {
    final HttpClient http;
    final URI uri;
    final String id;
    final AtomicInteger ids = new AtomicInteger(1);

    Session(HttpClient http, URI uri) throws Exception {
      this.http = http;
      this.uri = uri;
      HttpResponse<String> r = post(null, "{\"jsonrpc\":\"2.0\",\"id\":0,\"method\":"
          + "\"initialize\",\"params\":{\"protocolVersion\":\"2025-06-18\",\"capabilities\":{},"
          + "\"clientInfo\":{\"name\":\"t\",\"version\":\"1\"}}}");
      this.id = r.headers().firstValue("Mcp-Session-Id").orElseThrow();
      post(id, "{\"jsonrpc\":\"2.0\",\"method\":\"notifications/initialized\"}");
    }

    HttpResponse<String> post(String session, String body) throws Exception {
      HttpRequest.Builder b = HttpRequest.newBuilder(uri)
          .header("Content-Type", "application/json")
          .header("Accept", "application/json, text/event-stream")
          .POST(HttpRequest.BodyPublishers.ofString(body));
      if (session != null) {
        b.header("Mcp-Session-Id", session);
      }
      return http.send(b.build(), HttpResponse.BodyHandlers.ofString());
    }

    /** Calls a tool; returns the CallToolResult. */
    JsonNode call(String tool, String arguments) throws Exception {
      String body = "{\"jsonrpc\":\"2.0\",\"id\":" + ids.incrementAndGet() + ",\"method\":"
          + "\"tools/call\",\"params\":{\"name\":\"" + tool + "\",\"arguments\":" + arguments
          + "}}";
      String text = post(id, body).body();
      String json = text.strip().startsWith("{") ? text : text.lines()
          .filter(l -> l.startsWith("data:")).map(l -> l.substring(5).strip())
          .reduce((a, b) -> b).orElseThrow(() -> new AssertionError(text));
      return JSON.readTree(json).get("result");
    }
  }

  static String text(JsonNode result) {
    return result.get("content").get(0).get("text").asString();
  }

  @Test
  void twoHttpSessions_sameName_eachSeesOnlyItsOwn_andHundredConcurrentLoseNothing()
      throws Exception {
    Path allowed = Files.createDirectories(dir.resolve("allowed"));
    for (int i = 0; i < 100; i++) {
      Files.writeString(allowed.resolve("s" + i + ".csv"), "owner,v\n" + i + ",x\n" + i + ",y\n");
    }
    try (SnowchatMcpServer server = SnowchatMcpServer.builder().config(McpConfig
        .fromEnvironment(TestEnv.sample("SNOWCHAT_HTTP_PORT", "0", "SNOWCHAT_SCHEMA_INDEX",
            "off", "SNOWCHAT_FILE_ALLOWLIST", allowed.toString(), "SNOWCHAT_POOL_SIZE", "8")))
        .build(); SnowchatMcpServer.Http endpoint = server.startHttp();
        HttpClient http = HttpClient.newHttpClient()) {
      Session a = new Session(http, endpoint.uri());
      Session b = new Session(http, endpoint.uri());
      assertThat(a.id).isNotEqualTo(b.id);
      JsonNode attached = a.call("attach_file", "{\"name\":\"mine\",\"path\":\""
          + allowed.resolve("s1.csv") + "\"}");
      assertThat(attached.get("isError").asBoolean()).as(text(attached)).isFalse();
      b.call("attach_file", "{\"name\":\"mine\",\"path\":\"" + allowed.resolve("s2.csv") + "\"}");
      String sql = "{\"source\":\"local\",\"sql\":\"SELECT DISTINCT owner FROM mine\"}";
      assertThat(text(a.call("execute_query", sql))).contains("\n1\n").doesNotContain("\n2\n");
      assertThat(text(b.call("execute_query", sql))).contains("\n2\n").doesNotContain("\n1\n");
      Session c = new Session(http, endpoint.uri());
      JsonNode none = c.call("execute_query", sql);
      assertThat(none.get("isError").asBoolean()).isTrue();
      assertThat(text(c.call("list_tables", "{\"source\":\"local\",\"database\":\"temp\","
          + "\"schema\":\"main\"}"))).doesNotContain("mine");
      assertThat(text(a.call("list_tables", "{\"source\":\"local\",\"database\":\"temp\","
          + "\"schema\":\"main\"}"))).contains("mine");

      ExecutorService pool = Executors.newFixedThreadPool(16);
      try {
        List<Future<String>> results = new ArrayList<>();
        for (int i = 0; i < 100; i++) {
          int n = i;
          results.add(pool.submit(() -> {
            Session s = new Session(http, endpoint.uri());
            JsonNode r = s.call("attach_file", "{\"name\":\"mine\",\"path\":\""
                + allowed.resolve("s" + n + ".csv") + "\"}");
            if (r.get("isError").asBoolean()) {
              return "attach failed: " + text(r);
            }
            StringBuilder seen = new StringBuilder();
            for (int k = 0; k < 3; k++) {
              JsonNode q = s.call("execute_query", "{\"source\":\"local\",\"sql\":"
                  + "\"SELECT owner, count(*) AS n FROM mine GROUP BY owner\","
                  + "\"structured_rows\":true}");
              seen.append(q.get("structuredContent").get("rows").toString()).append(';');
            }
            return seen.toString();
          }));
        }
        for (int i = 0; i < 100; i++) {
          assertThat(results.get(i).get()).isEqualTo(("[[" + i + ",2]];").repeat(3));
        }
      } finally {
        pool.shutdown();
      }
    }
  }
}
