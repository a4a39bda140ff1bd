package dev.snowchat.sqlgate.internal.exec;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;

import java.lang.reflect.Proxy;
import java.sql.Connection;
import java.sql.Statement;
import java.time.Duration;
import java.util.concurrent.CountDownLatch;
import org.junit.jupiter.api.Test;

/** The watchdog's escalation, on fakes that record what it calls. */
class WatchdogTest {
  private static final Duration HANG_GUARD = Duration.ofSeconds(30);

  private final CountDownLatch cancelled = new CountDownLatch(1);
  private final CountDownLatch aborted = new CountDownLatch(1);

  // A statement whose cancel is ignored, as a stuck driver would.
  private final Statement statement = (Statement) Proxy.newProxyInstance(
      getClass().getClassLoader(), new Class<?>[] {Statement.class}, (p, m, a) -> {
        if (m.getName().equals("cancel")) {
          cancelled.countDown();
          return null;
        }
        throw new UnsupportedOperationException(m.getName());
      });
  private final Connection connection = (Connection) Proxy.newProxyInstance(
      getClass().getClassLoader(), new Class<?>[] {Connection.class}, (p, m, a) -> {
        if (m.getName().equals("abort")) {
          aborted.countDown();
          return null;
        }
        throw new UnsupportedOperationException(m.getName());
      });

  @Test
  void deadline_cancelsThenAbortsAStuckStatement() {
    Watchdog.Guard guard = Watchdog.arm(statement, connection, Duration.ofMillis(20),
        Duration.ofMillis(20));

    assertTimeoutPreemptively(HANG_GUARD, () -> {
      cancelled.await();
      aborted.await();
    });
    assertThat(guard.fired()).isTrue();
    guard.disarm();
  }

  @Test
  void disarm_beforeTheDeadline_neverFires() {
    Watchdog.Guard guard = Watchdog.arm(statement, connection, Duration.ofHours(1));

    guard.disarm();

    assertThat(guard.fired()).isFalse();
    assertThat(cancelled.getCount()).isEqualTo(1);
  }
}
