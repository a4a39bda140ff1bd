package dev.snowchat.mcp;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.junit.jupiter.api.Test;

/**
 * Queries running at the same time each get a hardened connection of their own: opening a second
 * pooled DuckDB connection while another is busy must not trip over the locked configuration.
 */
class ConcurrentQueriesTest {
  @Test
  void executeQuery_manyAtOnce_allSucceed() throws Exception {
    try (SnowchatMcpServer server = SnowchatMcpServer.builder().config(McpConfig.fromEnvironment(
        TestEnv.sample("SNOWCHAT_SCHEMA_INDEX", "off", "SNOWCHAT_POOL_SIZE", "8"))).build();
        ExecutorService pool = Executors.newFixedThreadPool(8)) {
      CountDownLatch start = new CountDownLatch(1);
      List<Future<ToolResult>> results = new ArrayList<>();
      for (int i = 0; i < 32; i++) {
        int n = i;
        results.add(pool.submit(() -> {
          start.await();
          return server.call("execute_query", Map.of("sql",
              "SELECT count(*) + " + n + " AS c FROM AIRBNB.ANALYTICS.FACT_REVIEWS"));
        }));
      }
      start.countDown();
      for (Future<ToolResult> f : results) {
        ToolResult r = f.get();
        assertThat(r.isError()).as(r.text()).isFalse();
      }
    }
  }
}
