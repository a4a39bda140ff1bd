package dev.snowchat.schemaindex;

import static java.util.Objects.requireNonNull;

import dev.snowchat.sqlgate.ErrorCode;
import java.time.Instant;
import org.jspecify.annotations.Nullable;

/**
 * Where the {@link SchemaIndex} stands: not started, loading, serving ({@link Ready}, or {@link
 * Degraded} while the source fails), or without an index ({@link Failed}). Switch over it
 * exhaustively; error messages are secret-free and safe to show.
 */
public sealed interface LoadState
    permits LoadState.Unloaded, LoadState.Loading, LoadState.Ready, LoadState.Failed,
        LoadState.Degraded {

  /** {@return true when an index is being served: {@link Ready} or {@link Degraded}} */
  default boolean serving() {
    return this instanceof Ready || this instanceof Degraded;
  }

  /** Not started: {@link SchemaIndex#start()} has not been called. */
  record Unloaded() implements LoadState {}

  /**
   * The first load is running.
   *
   * @param attempt the attempt number, from 1
   * @param since when the attempt started
   */
  record Loading(int attempt, Instant since) implements LoadState {
    /** Validates the fields. */
    public Loading {
      requireNonNull(since, "since is null");
      if (attempt < 1) {
        throw new IllegalArgumentException("attempt must be >= 1, got " + attempt);
      }
    }
  }

  /**
   * An index is served and the last read of the source succeeded.
   *
   * @param tables the number of tables and views
   * @param loadedAt when the served catalog last changed
   * @param checkedAt when the source was last read successfully (load or poll)
   * @param origin where the served catalog comes from: the source name, or {@code snapshot} until
   *     the first refresh from the source succeeds
   */
  record Ready(int tables, Instant loadedAt, Instant checkedAt, String origin)
      implements LoadState {
    /** Validates the fields. */
    public Ready {
      requireNonNull(loadedAt, "loadedAt is null");
      requireNonNull(checkedAt, "checkedAt is null");
      requireNonNull(origin, "origin is null");
    }
  }

  /**
   * No index is served: loading failed. Tools fall back to live queries.
   *
   * @param error what failed, secret-free
   * @param code the error code
   * @param permanent true when the failure is permanent (bad credentials, unknown account, IP not
   *     allowed, missing configuration) and no retry is scheduled
   * @param attempt how many attempts failed in a row
   * @param nextRetryAt when the next attempt runs, or null when none is scheduled (permanent, or
   *     retries exhausted)
   */
  record Failed(String error, ErrorCode code, boolean permanent, int attempt,
      @Nullable Instant nextRetryAt) implements LoadState {
    /** Validates the fields. */
    public Failed {
      requireNonNull(error, "error is null");
      requireNonNull(code, "code is null");
    }
  }

  /**
   * The last good index is served but the latest read of the source failed.
   *
   * @param tables the number of tables and views served
   * @param loadedAt when the served catalog last changed
   * @param error what failed, secret-free
   * @param code the error code
   * @param permanent true when the failure is permanent and no retry is scheduled
   * @param attempt how many reads failed in a row
   * @param nextRetryAt when the source is read next, or null when not scheduled
   */
  record Degraded(int tables, Instant loadedAt, String error, ErrorCode code, boolean permanent,
      int attempt, @Nullable Instant nextRetryAt) implements LoadState {
    /** Validates the fields. */
    public Degraded {
      requireNonNull(loadedAt, "loadedAt is null");
      requireNonNull(error, "error is null");
      requireNonNull(code, "code is null");
    }
  }
}
