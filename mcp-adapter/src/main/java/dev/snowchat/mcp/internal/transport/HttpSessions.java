package dev.snowchat.mcp.internal.transport;

import java.time.Duration;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.LongSupplier;
import org.jspecify.annotations.Nullable;

/**
 * The Streamable HTTP sessions this server admitted, with their owner and use. The SDK's
 * transport keeps sessions without bound (it drops one only after 30 to 60 minutes without a
 * request), each holding what its initialize carried; this registry caps how many are open,
 * ends a session idle for the expiry (no request, no open stream), and binds each session to the
 * caller that opened it (the bearer token's identity), so that another caller's requests on its
 * id are answered as for an unknown session. A session this registry no longer holds never
 * reaches the SDK again, which then drops it at its next sweep.
 */
final class HttpSessions {
  /** A session: who opened it, when it was last used, and its requests and streams open now. */
  static final class Entry {
    final String owner;
    volatile long lastUsed;
    final AtomicInteger busy = new AtomicInteger();

    Entry(String owner, long now) {
      this.owner = owner;
      this.lastUsed = now;
    }
  }

  private final int max;
  private final long idleNanos;
  private final LongSupplier clock;
  private final Map<String, Entry> open = new ConcurrentHashMap<>();
  private int pending; // initializes admitted and not yet answered; guarded by this

  /**
   * @param max the most sessions open at once
   * @param idle how long a session lives without a request or an open stream
   * @param clock nanoseconds, as {@link System#nanoTime()}
   */
  HttpSessions(int max, Duration idle, LongSupplier clock) {
    if (max < 1) {
      throw new IllegalArgumentException("max must be positive, got " + max);
    }
    this.max = max;
    this.idleNanos = idle.toNanos();
    this.clock = clock;
  }

  /** {@return the most sessions open at once} */
  int max() {
    return max;
  }

  /** {@return the sessions open now} */
  int size() {
    return open.size();
  }

  /**
   * Admits an initialize: room for one more session, after ending idle ones if the registry is
   * full. Follow with {@link #opened} or {@link #cancelled}.
   *
   * @return false when every place is taken by a session in use
   */
  synchronized boolean reserve() {
    if (open.size() + pending >= max) {
      long now = clock.getAsLong();
      open.values().removeIf(e -> idle(e, now));
    }
    if (open.size() + pending >= max) {
      return false;
    }
    pending++;
    return true;
  }

  /** Records the session an admitted initialize opened. */
  synchronized void opened(String id, String owner) {
    pending--;
    open.put(id, new Entry(owner, clock.getAsLong()));
  }

  /** Releases the place of an admitted initialize that opened no session. */
  synchronized void cancelled() {
    pending--;
  }

  /**
   * Starts a request (or a stream) on a session; end it with {@link #done}.
   *
   * @param id the session id the request carries
   * @param caller who sends it
   * @return the session, or null when it is unknown, ended, idle past the expiry, or another
   *     caller's
   */
  @Nullable Entry use(String id, String caller) {
    Entry e = open.get(id);
    if (e == null || !e.owner.equals(caller)) {
      return null;
    }
    long now = clock.getAsLong();
    if (idle(e, now)) {
      open.remove(id, e);
      return null;
    }
    e.busy.incrementAndGet();
    e.lastUsed = now;
    return e;
  }

  /** Ends a request or stream that {@link #use} started. */
  void done(Entry e) {
    e.lastUsed = clock.getAsLong();
    e.busy.decrementAndGet();
  }

  /** Forgets a session that ended (deleted, or unknown to the SDK). */
  void forget(String id) {
    open.remove(id);
  }

  private boolean idle(Entry e, long now) {
    return e.busy.get() == 0 && now - e.lastUsed >= idleNanos;
  }
}
