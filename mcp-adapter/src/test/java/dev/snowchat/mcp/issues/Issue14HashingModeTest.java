package dev.snowchat.mcp.issues;

import static org.assertj.core.api.Assertions.assertThat;

import dev.snowchat.mcp.McpConfig;
import dev.snowchat.mcp.SnowchatMcpServer;
import dev.snowchat.mcp.TestEnv;
import dev.snowchat.mcp.ToolResult;
import dev.snowchat.mcp.testing.ToolAssertions;
import java.time.Duration;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * Issue 14 item 4, minor: with {@code SNOWCHAT_EMBEDDINGS=hashing} answers said "hybrid search:
 * keywords and the embedding model" though no sentence model takes part (the hashing provider's
 * vectors are hashed words, word pairs and character trigrams). The mode keeps its documented
 * name, {@code hybrid}; {@code semantic: false} and the text say the vectors are lexical.
 */
class Issue14HashingModeTest {
  static ToolResult search(String embeddings) throws InterruptedException {
    try (SnowchatMcpServer server = SnowchatMcpServer.builder().config(McpConfig.fromEnvironment(
        TestEnv.sample("SNOWCHAT_EMBEDDINGS", embeddings, "SNOWCHAT_INDEX_POLL_INTERVAL", "0")))
        .build()) {
      assertThat(server.awaitIndex(Duration.ofSeconds(60))).isTrue();
      return ToolAssertions.ok(server, "search_schema", Map.of("query", "listing price",
          "k", 3));
    }
  }

  @Test
  void hashing_isHybridButNotSemantic_andTheTextSaysLexical() throws InterruptedException {
    ToolResult r = search("hashing");
    assertThat(r.structured()).containsEntry("source", "index").containsEntry("mode", "hybrid")
        .containsEntry("semantic", false);
    assertThat(r.text()).contains("hashed word vectors (lexical, no sentence model)")
        .doesNotContain("embedding model");
  }

  @Test
  void none_isKeyword_andNotSemantic() throws InterruptedException {
    ToolResult r = search("none");
    assertThat(r.structured()).containsEntry("mode", "keyword").containsEntry("semantic", false);
    assertThat(r.text()).contains("keyword search");
  }
}
