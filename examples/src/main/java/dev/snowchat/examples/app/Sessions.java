package dev.snowchat.examples.app;

import java.security.SecureRandom;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.Base64;
import java.util.Iterator;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The chat sessions the server issued. A session id is 128 random bits from {@link SecureRandom}
 * (base64url, 22 characters) and is the capability to use that conversation: only the server
 * creates ids ({@code POST /api/session}), and an id it did not issue (or that expired) is
 * refused, never adopted, so nobody can pick a guessable id or step into another person's
 * conversation. Idle sessions expire; the number of live sessions is capped. Thread-safe.
 */
final class Sessions {
  /** A live session: who created it (the user id budgets count against) and when last used. */
  static final class Session {
    final String id;
    final String userId;
    volatile Instant lastUsed;

    Session(String id, String userId, Instant now) {
      this.id = id;
      this.userId = userId;
      this.lastUsed = now;
    }
  }

  private final SecureRandom random = new SecureRandom();
  private final Map<String, Session> sessions = new ConcurrentHashMap<>();
  private final Duration idleExpiry;
  private final int maxSessions;
  private final Clock clock;

  Sessions(Duration idleExpiry, int maxSessions, Clock clock) {
    this.idleExpiry = idleExpiry;
    this.maxSessions = maxSessions;
    this.clock = clock;
  }

  /** {@return a new random id of 128 bits, base64url without padding} */
  String newId() {
    byte[] b = new byte[16];
    random.nextBytes(b);
    return Base64.getUrlEncoder().withoutPadding().encodeToString(b);
  }

  /**
   * Creates a session.
   *
   * @param userId the user it belongs to
   * @return the session, or empty when the server holds its maximum of live sessions
   */
  Optional<Session> create(String userId) {
    expire();
    if (sessions.size() >= maxSessions) {
      return Optional.empty();
    }
    Session s = new Session(newId(), userId, clock.instant());
    sessions.put(s.id, s);
    return Optional.of(s);
  }

  /**
   * Finds a live session and marks it used.
   *
   * @param id the id the client sent
   * @return the session, or empty when the server did not issue the id or it expired
   */
  Optional<Session> find(String id) {
    Session s = sessions.get(id);
    if (s == null) {
      return Optional.empty();
    }
    Instant now = clock.instant();
    if (s.lastUsed.plus(idleExpiry).isBefore(now)) {
      sessions.remove(id, s);
      return Optional.empty();
    }
    s.lastUsed = now;
    return Optional.of(s);
  }

  int size() {
    return sessions.size();
  }

  private void expire() {
    Instant cutoff = clock.instant().minus(idleExpiry);
    for (Iterator<Session> it = sessions.values().iterator(); it.hasNext(); ) {
      if (it.next().lastUsed.isBefore(cutoff)) {
        it.remove();
      }
    }
  }
}
