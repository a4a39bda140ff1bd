package dev.snowchat.schemaindex.internal.embed;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.snowchat.schemaindex.IndexErrorCode;
import dev.snowchat.sqlgate.SnowchatException;
import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import org.junit.jupiter.api.Test;

/**
 * The exit gate in front of the model runtime's native code: an exit waits for a call in
 * progress (a model load in a background thread when the input ends) and refuses new ones.
 */
class NativeCallsTest {

  @Test
  void quiesceWaitsForTheCallInProgressAndRefusesNewCalls() throws Exception {
    NativeCalls gate = new NativeCalls();
    CountDownLatch inside = new CountDownLatch(1);
    CountDownLatch finish = new CountDownLatch(1);
    CompletableFuture<String> load = CompletableFuture.supplyAsync(() -> gate.call(() -> {
      inside.countDown();
      try {
        finish.await();
      } catch (InterruptedException e) {
        throw new IllegalStateException(e);
      }
      return "loaded";
    }));
    assertThat(inside.await(30, TimeUnit.SECONDS)).isTrue();

    // The call holds the gate: an exit cannot go on while it is inside.
    assertThat(gate.quiesce(Duration.ofMillis(50))).isFalse();
    assertThat(gate.isClosed()).isTrue();
    // New calls are refused while the exit waits, without running.
    AtomicBoolean ran = new AtomicBoolean();
    assertThatThrownBy(() -> gate.call(() -> ran.getAndSet(true)))
        .isInstanceOfSatisfying(SnowchatException.class,
            e -> assertThat(e.code()).isEqualTo(IndexErrorCode.EMBEDDINGS_FAILED))
        .hasMessageContaining("shutting down");
    assertThat(ran).isFalse();

    finish.countDown();
    assertThat(load.get(30, TimeUnit.SECONDS)).isEqualTo("loaded");
    assertThat(gate.quiesce(Duration.ofSeconds(30))).isTrue();
    // Closed for good: later calls are refused too.
    assertThatThrownBy(() -> gate.call(() -> "late")).isInstanceOf(SnowchatException.class);
  }

  @Test
  void callsNestAndRunWhileOpen() {
    NativeCalls gate = new NativeCalls();
    assertThat(gate.call(() -> gate.call(() -> 42))).isEqualTo(42);
    assertThat(gate.isClosed()).isFalse();
  }

  @Test
  void releaseIsSkippedOnceClosed() throws Exception {
    NativeCalls gate = new NativeCalls();
    AtomicBoolean released = new AtomicBoolean();
    gate.release(() -> released.set(true));
    assertThat(released).isTrue();
    released.set(false);
    assertThat(gate.quiesce(Duration.ofSeconds(1))).isTrue();
    gate.release(() -> released.set(true));
    assertThat(released).isFalse();
  }
}
