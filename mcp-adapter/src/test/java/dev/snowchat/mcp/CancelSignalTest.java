package dev.snowchat.mcp;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Duration;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

class CancelSignalTest {
  /** Hundreds of billions of products: minutes on DuckDB unless cancelled. */
  static final String LONG_QUERY =
      "SELECT sum(a.range * b.range) FROM range(400000) a, range(1000000) b";

  @Test
  void cancel_stopsTheRunningQuery_longBeforeItsTimeout() throws Exception {
    try (SnowchatMcpServer server = SnowchatMcpServer.builder()
        .config(McpConfig.fromEnvironment(TestEnv.sample("SNOWCHAT_SCHEMA_INDEX", "false",
            "SNOWCHAT_QUERY_TIMEOUT", "300s")))
        .build()) {
      CancelSignal signal = CancelSignal.create();
      CallContext ctx = CallContext.none().withQueryTag("snowchat:test:1").withCancelSignal(signal);
      CompletableFuture<ToolResult> call = CompletableFuture.supplyAsync(
          () -> server.call("execute_query", Map.of("sql", LONG_QUERY), ctx));
      // Cancel only once the statement exists, so that the cancel really stops a running one.
      while (!call.isDone() && !signal.hasRegistrations()) {
        Thread.onSpinWait();
      }
      long start = System.nanoTime();
      signal.cancel();
      ToolResult r = call.get(60, TimeUnit.SECONDS);
      assertThat(Duration.ofNanos(System.nanoTime() - start)).isLessThan(Duration.ofSeconds(60));
      assertThat(r.isError()).isTrue();
      // The pool is still usable afterwards.
      assertThat(server.call("execute_query", Map.of("sql", "SELECT 42 AS x"),
          CallContext.none().withQueryTag("snowchat:test:2")).isError()).isFalse();
    }
  }

  @Test
  void cancelledBeforeTheCall_neverRunsIt() {
    try (SnowchatMcpServer server = SnowchatMcpServer.builder()
        .config(McpConfig.fromEnvironment(TestEnv.sample("SNOWCHAT_SCHEMA_INDEX", "false")))
        .build()) {
      CancelSignal signal = CancelSignal.create();
      signal.cancel();
      ToolResult r = server.call("execute_query", Map.of("sql", "SELECT 1"),
          CallContext.none().withCancelSignal(signal));
      assertThat(r.isError()).isTrue();
    }
  }

  @Test
  void queryTag_isValidated() {
    assertThatThrownBy(() -> CallContext.none().withQueryTag("bad\ntag"))
        .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("query tag");
    assertThat(CallContext.none().withQueryTag("snowchat:abc_DEF-1:3").queryTag())
        .isEqualTo("snowchat:abc_DEF-1:3");
  }
}
