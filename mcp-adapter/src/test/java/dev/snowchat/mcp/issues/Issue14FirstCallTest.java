package dev.snowchat.mcp.issues;

import static org.assertj.core.api.Assertions.assertThat;

import dev.snowchat.mcp.McpConfig;
import dev.snowchat.mcp.SnowchatMcpServer;
import dev.snowchat.mcp.TestEnv;
import dev.snowchat.mcp.ToolResult;
import dev.snowchat.mcp.sample.SampleWarehouse;
import dev.snowchat.schemaindex.CatalogSources;
import dev.snowchat.schemaindex.DriverDataSource;
import dev.snowchat.schemaindex.LoadState;
import dev.snowchat.schemaindex.SchemaIndex;
import dev.snowchat.schemaindex.SourceOptions;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.net.http.HttpClient;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * Issue 14 item 3, "consistent answers from the first call": a discovery call in a server's
 * first second (before its delayed index start) found the index {@code Unloaded} and was answered
 * from live metadata ({@code source=live}, another score scale, ranking and confidence). Now it
 * starts the index and waits (bounded) for its first load, over stdio and HTTP, with or without a
 * snapshot; the first answer is the answer a later call gets.
 */
class Issue14FirstCallTest {
  static final JsonMapper JSON = JsonMapper.builder().build();
  static final String QUERY = "{\"query\":\"reviews by host\",\"k\":5}";

  /** Keyword-only, so that the first answer and a later one are the same search. */
  static McpConfig config(String... extra) {
    List<String> env = new ArrayList<>(List.of("SNOWCHAT_EMBEDDINGS", "none",
        "SNOWCHAT_INDEX_POLL_INTERVAL", "0", "SNOWCHAT_HTTP_PORT", "0"));
    env.addAll(List.of(extra));
    return McpConfig.fromEnvironment(TestEnv.sample(env.toArray(String[]::new)));
  }

  /** The tables and scores of a search_schema result's structured content. */
  static List<String> ranking(JsonNode structured) {
    List<String> out = new ArrayList<>();
    structured.get("hits").forEach(h -> out.add(h.get("table").asString() + " "
        + h.get("score").asDouble() + " " + h.get("relevance").asDouble()));
    return out;
  }

  static JsonNode structured(ToolResult r) {
    return JSON.valueToTree(r.structured());
  }

  @Test
  void stdio_searchInTheFirstMoment_isAnsweredByTheIndex_asLaterCallsAre() throws Exception {
    try (SnowchatMcpServer server = SnowchatMcpServer.builder().config(config()).build()) {
      String input = String.join("\n", Issue11StdioTest.INIT, Issue11StdioTest.INITIALIZED,
          "{\"jsonrpc\":\"2.0\",\"id\":2,\"method\":\"tools/call\",\"params\":{\"name\":"
              + "\"search_schema\",\"arguments\":" + QUERY + "}}") + "\n";
      ByteArrayOutputStream out = new ByteArrayOutputStream();
      CompletableFuture<Void> served = CompletableFuture.runAsync(() -> {
        try {
          server.serveStdio(new ByteArrayInputStream(input.getBytes(StandardCharsets.UTF_8)),
              out);
        } catch (InterruptedException e) {
          throw new IllegalStateException(e);
        }
      });
      // Returns once the input ends and the call is answered; the bound only stops a hang.
      served.get(120, TimeUnit.SECONDS);
      String line;
      synchronized (out) {
        line = out.toString(StandardCharsets.UTF_8).lines()
            .filter(l -> l.contains("\"id\":2")).findFirst().orElseThrow();
      }
      JsonNode first = JSON.readTree(line).get("result").get("structuredContent");
      assertThat(first.get("source").asString()).isEqualTo("index");
      assertThat(first.get("mode").asString()).isEqualTo("keyword");

      JsonNode later = structured(server.call("search_schema",
          Map.of("query", "reviews by host", "k", 5)));
      assertThat(later.get("source").asString()).isEqualTo("index");
      assertThat(ranking(first)).isNotEmpty().isEqualTo(ranking(later));
    }
  }

  @Test
  void http_searchInTheFirstMoment_isAnsweredByTheIndex() throws Exception {
    try (SnowchatMcpServer server = SnowchatMcpServer.builder().config(config()).build();
        SnowchatMcpServer.Http endpoint = server.startHttp();
        HttpClient http = HttpClient.newHttpClient()) {
      Issue13HttpSessionsTest.Session s = new Issue13HttpSessionsTest.Session(http,
          endpoint.uri());
      JsonNode first = s.call("search_schema", QUERY).get("structuredContent");
      assertThat(first.get("source").asString()).isEqualTo("index");
      JsonNode later = structured(server.call("search_schema",
          Map.of("query", "reviews by host", "k", 5)));
      assertThat(ranking(first)).isNotEmpty().isEqualTo(ranking(later));
    }
  }

  @Test
  void withASnapshot_theFirstCallInProcessIsAnsweredByTheIndex(@TempDir Path dir)
      throws Exception {
    Path snapshot = dir.resolve("catalog.json");
    Path db = SampleWarehouse.ensure(TestEnv.sampleDir());
    try (SchemaIndex writer = SchemaIndex.builder().source(CatalogSources.jdbc(
        DriverDataSource.of(SampleWarehouse.jdbcUrl(db), SampleWarehouse.readOnlyProperties()),
        SourceOptions.defaults())).keywordOnly().build()) {
      assertThat(writer.refreshNow().get(60, TimeUnit.SECONDS))
          .isInstanceOf(LoadState.Ready.class);
      writer.writeSnapshot(snapshot);
    }
    try (SnowchatMcpServer server = SnowchatMcpServer.builder()
        .config(config("SNOWCHAT_INDEX_SNAPSHOT", snapshot.toString())).build();
        SnowchatMcpServer.Http endpoint = server.startHttp();
        HttpClient http = HttpClient.newHttpClient()) {
      Issue13HttpSessionsTest.Session s = new Issue13HttpSessionsTest.Session(http,
          endpoint.uri());
      JsonNode first = s.call("search_schema", QUERY).get("structuredContent");
      assertThat(first.get("source").asString()).isEqualTo("index");
      assertThat(ranking(first).getFirst()).startsWith("AIRBNB.ANALYTICS.FACT_REVIEWS ");
    }
  }
}
