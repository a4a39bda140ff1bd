package dev.snowchat.mcp;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
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

  /**
   * A call that waits out the pool while its only connection runs another call's query is
   * SERVER_BUSY (load, retry), not CONNECTION_FAILED's "Cannot reach the warehouse"; the
   * warehouse being down stays CONNECTION_FAILED ({@code Issue13SourcesTest}).
   */
  @Test
  void executeQuery_whileThePoolIsBusy_isServerBusy_notConnectionFailed() throws Exception {
    try (SnowchatMcpServer server = SnowchatMcpServer.builder().config(McpConfig.fromEnvironment(
        TestEnv.sample("SNOWCHAT_SCHEMA_INDEX", "off", "SNOWCHAT_POOL_SIZE", "1",
            "SNOWCHAT_QUERY_TIMEOUT", "300s"))).build()) {
      CancelSignal signal = CancelSignal.create();
      CompletableFuture<ToolResult> holder = CompletableFuture.supplyAsync(() -> server.call(
          "execute_query", Map.of("sql", CancelSignalTest.LONG_QUERY),
          CallContext.none().withCancelSignal(signal)));
      while (!holder.isDone() && !signal.hasRegistrations()) {
        Thread.onSpinWait(); // until the long call has its connection
      }
      // A call may still slip in between the long call's statements; once the long statement
      // runs, the next call waits out the pool (10 s).
      ToolResult busy;
      do {
        busy = server.call("execute_query", Map.of("sql", "SELECT 1 AS x"));
      } while (!busy.isError() && !holder.isDone());
      assertThat(holder).isNotDone();
      assertThat(busy.errorCode()).as(busy.text()).isEqualTo("SERVER_BUSY");
      assertThat(busy.text()).contains("SNOWCHAT_POOL_SIZE").doesNotContain("Cannot reach");
      signal.cancel();
      holder.get(60, TimeUnit.SECONDS);
      assertThat(server.call("execute_query", Map.of("sql", "SELECT 1 AS x")).isError()).isFalse();
    }
  }
}
