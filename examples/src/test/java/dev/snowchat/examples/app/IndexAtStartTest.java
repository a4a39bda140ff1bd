package dev.snowchat.examples.app;

import static org.assertj.core.api.Assertions.assertThat;

import dev.snowchat.mcp.ToolResult;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * Issue 14 item 3 in the chat app: the schema index starts loading when the app starts serving
 * (it used to load only when a question or a health check touched it), so a first question that
 * comes after mcp-adapter's 10 s first-call window is answered from the index, as later ones
 * are, not from live metadata. The test waits for the untouched index to load instead of
 * sleeping past the window.
 */
class IndexAtStartTest {
  @Test
  void theIndexLoadsAtStart_untouched_andAnswersTheFirstQuestion() throws Exception {
    try (ChatApp app = TestApps.start("SNOWCHAT_EMBEDDINGS", "hashing")) {
      // Nothing touches the index (isIndexLoaded does not start it): it loads because the app
      // started serving. Once loaded, a question at any time, in the first-call window or after
      // it, is answered from it.
      long deadline = System.nanoTime() + java.util.concurrent.TimeUnit.SECONDS.toNanos(60);
      while (!app.warehouse().isIndexLoaded()) {
        assertThat(System.nanoTime() - deadline).as("index loaded at start").isNegative();
        Thread.sleep(50);
      }
      ToolResult r = app.warehouse().call("search_schema", Map.of("query", "listing price",
          "k", 3));
      assertThat(r.isError()).as(r.text()).isFalse();
      assertThat(r.structured().get("source")).as(r.text()).isEqualTo("index");
    }
  }

  @Test
  void firstQuestionAtOnce_waitsForTheIndex() {
    try (ChatApp app = TestApps.start("SNOWCHAT_EMBEDDINGS", "hashing")) {
      ToolResult r = app.warehouse().call("search_schema", Map.of("query", "listing price",
          "k", 3));
      assertThat(r.structured().get("source")).as(r.text()).isEqualTo("index");
    }
  }
}
