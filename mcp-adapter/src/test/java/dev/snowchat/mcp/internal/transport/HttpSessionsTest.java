package dev.snowchat.mcp.internal.transport;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;

/**
 * The HTTP session registry on a clock of its own: the cap, idle expiry (a session in use, by a
 * request or an open stream, never expires), and sessions bound to the caller that opened them.
 */
class HttpSessionsTest {
  final AtomicLong now = new AtomicLong(1_000);
  final HttpSessions sessions = new HttpSessions(2, Duration.ofMinutes(30), now::get);

  void open(String id, String owner) {
    assertThat(sessions.reserve()).isTrue();
    sessions.opened(id, owner);
  }

  @Test
  void reserve_overTheCap_isRefused_untilOneEnds() {
    open("a", "");
    open("b", "");
    assertThat(sessions.reserve()).isFalse();
    sessions.forget("a");
    assertThat(sessions.reserve()).isTrue();
    sessions.cancelled(); // an initialize that opened nothing gives its place back
    assertThat(sessions.reserve()).isTrue();
  }

  @Test
  void pendingInitializes_countAgainstTheCap() {
    assertThat(sessions.reserve()).isTrue();
    assertThat(sessions.reserve()).isTrue();
    assertThat(sessions.reserve()).isFalse();
  }

  @Test
  void idleSession_expires_andMakesRoomAtTheCap() {
    open("a", "");
    open("b", "");
    now.addAndGet(Duration.ofMinutes(29).toNanos());
    assertThat(sessions.use("b", "")).isNotNull().satisfies(sessions::done);
    now.addAndGet(Duration.ofMinutes(1).toNanos());
    assertThat(sessions.reserve()).isTrue(); // "a" was idle 30 min and made room
    assertThat(sessions.use("a", "")).isNull();
    assertThat(sessions.use("b", "")).isNotNull();
  }

  @Test
  void sessionInUse_neverExpires() {
    open("a", "");
    HttpSessions.Entry streaming = sessions.use("a", ""); // a stream left open
    now.addAndGet(Duration.ofHours(5).toNanos());
    open("b", "");
    assertThat(sessions.reserve()).isFalse();
    assertThat(sessions.use("a", "")).isNotNull();
    sessions.done(streaming);
  }

  @Test
  void idleSession_isNotFound_evenBelowTheCap() {
    open("a", "");
    now.addAndGet(Duration.ofMinutes(30).toNanos());
    assertThat(sessions.use("a", "")).isNull();
    assertThat(sessions.size()).isZero();
  }

  @Test
  void anotherCaller_doesNotFindTheSession() {
    open("a", "identity:alice");
    assertThat(sessions.use("a", "identity:bob")).isNull();
    assertThat(sessions.use("a", "")).isNull();
    assertThat(sessions.use("a", "identity:alice")).isNotNull();
  }
}
