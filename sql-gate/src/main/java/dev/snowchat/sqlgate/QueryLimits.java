package dev.snowchat.sqlgate;

import static java.util.Objects.requireNonNull;

import java.time.Duration;

/**
 * The caps one gated statement runs under. Immutable; derive variants with the {@code with...}
 * methods.
 *
 * <pre>{@code
 * QueryLimits limits = QueryLimits.defaults().withMaxRows(500).withTimeout(Duration.ofSeconds(30));
 * }</pre>
 *
 * @param maxRows the most rows returned; more are dropped and the result is marked
 *     {@link TruncationReason#ROW_LIMIT truncated}. At least 1, at most {@link #MAX_ROWS_LIMIT}.
 * @param maxBytes the most bytes of row values returned, estimated as their JSON size; the row
 *     that would pass it is dropped and the result is marked {@link TruncationReason#BYTE_LIMIT
 *     truncated}. At least 1. The columns' names and types are bounded apart from the rows, by
 *     this value or 256 KiB, whichever is larger (so any cap shows the columns of a table at
 *     the engines' own limits); a result whose names and types pass that fails with {@link
 *     GateErrorCode#RESULT_TOO_LARGE}. A result thus holds at most {@code maxBytes} of values
 *     plus {@code max(maxBytes, 256 KiB)} of names and types.
 * @param timeout how long the statement (execution and reading the rows) may take before it is
 *     cancelled; at least 1 ms, at most {@link Integer#MAX_VALUE} seconds
 */
public record QueryLimits(int maxRows, long maxBytes, Duration timeout) {
  /** The default row cap, as the reference's {@code SNOWFLAKE_MCP_MAX_ROWS} default. */
  public static final int DEFAULT_MAX_ROWS = 1000;

  /** The default byte cap: 1 MiB. */
  public static final long DEFAULT_MAX_BYTES = 1L << 20;

  /** The default statement timeout: 60 seconds. */
  public static final Duration DEFAULT_TIMEOUT = Duration.ofSeconds(60);

  /** The largest row cap (one more row is fetched to detect truncation). */
  public static final int MAX_ROWS_LIMIT = Integer.MAX_VALUE - 1;

  private static final QueryLimits DEFAULTS =
      new QueryLimits(DEFAULT_MAX_ROWS, DEFAULT_MAX_BYTES, DEFAULT_TIMEOUT);

  /**
   * Validates the fields.
   *
   * @throws IllegalArgumentException naming the bad value and the allowed range
   */
  public QueryLimits {
    requireNonNull(timeout, "timeout is null");
    if (maxRows < 1 || maxRows > MAX_ROWS_LIMIT) {
      throw new IllegalArgumentException(
          "maxRows must be between 1 and " + MAX_ROWS_LIMIT + ", was " + maxRows);
    }
    if (maxBytes < 1) {
      throw new IllegalArgumentException("maxBytes must be at least 1, was " + maxBytes);
    }
    if (timeout.compareTo(Duration.ofMillis(1)) < 0
        || timeout.compareTo(Duration.ofSeconds(Integer.MAX_VALUE)) > 0) {
      throw new IllegalArgumentException(
          "timeout must be between 1 ms and " + Integer.MAX_VALUE + " s, was " + timeout);
    }
  }

  /** {@return the defaults: 1000 rows, 1 MiB, 60 seconds} */
  public static QueryLimits defaults() {
    return DEFAULTS;
  }

  /**
   * Returns a copy with another row cap.
   *
   * @param maxRows the row cap
   * @return the new limits
   * @throws IllegalArgumentException if the value is out of range
   */
  public QueryLimits withMaxRows(int maxRows) {
    return new QueryLimits(maxRows, maxBytes, timeout);
  }

  /**
   * Returns a copy with another byte cap.
   *
   * @param maxBytes the byte cap
   * @return the new limits
   * @throws IllegalArgumentException if the value is out of range
   */
  public QueryLimits withMaxBytes(long maxBytes) {
    return new QueryLimits(maxRows, maxBytes, timeout);
  }

  /**
   * Returns a copy with another timeout.
   *
   * @param timeout the timeout
   * @return the new limits
   * @throws IllegalArgumentException if the value is out of range
   */
  public QueryLimits withTimeout(Duration timeout) {
    return new QueryLimits(maxRows, maxBytes, timeout);
  }

  /**
   * Tells whether every cap here is at most the ceiling's, which is what
   * {@link GatedExecutor#execute(String, QueryLimits)} requires of per-call limits.
   *
   * @param ceiling the limits not to exceed
   * @return true when none of these limits is looser than the ceiling's
   */
  public boolean fitsWithin(QueryLimits ceiling) {
    requireNonNull(ceiling, "ceiling is null");
    return maxRows <= ceiling.maxRows
        && maxBytes <= ceiling.maxBytes
        && timeout.compareTo(ceiling.timeout) <= 0;
  }

  /**
   * Returns the tighter of each cap here and in the ceiling. A host that lets a caller ask for
   * limits (say a tool argument {@code max_rows}) uses this to keep them within its own, as an
   * explicit decision rather than a silent clamp inside the executor.
   *
   * @param ceiling the limits not to exceed
   * @return limits that {@link #fitsWithin fit within} the ceiling
   */
  public QueryLimits atMost(QueryLimits ceiling) {
    requireNonNull(ceiling, "ceiling is null");
    return new QueryLimits(
        Math.min(maxRows, ceiling.maxRows),
        Math.min(maxBytes, ceiling.maxBytes),
        timeout.compareTo(ceiling.timeout) <= 0 ? timeout : ceiling.timeout);
  }
}
