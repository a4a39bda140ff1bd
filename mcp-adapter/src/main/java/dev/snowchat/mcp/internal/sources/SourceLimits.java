package dev.snowchat.mcp.internal.sources;

import static java.util.Objects.requireNonNull;

import dev.snowchat.sqlgate.PermissionMode;
import java.time.Duration;
import java.util.Optional;
import org.jspecify.annotations.Nullable;

/**
 * Per-source limits: a permission mode, a row cap and a statement timeout, each optional. They may
 * only tighten the server's ({@link #checkWithin}); unset ones take the server's.
 *
 * @param mode the permission mode, or null for the server's
 * @param maxRows the row cap, or null for the server's
 * @param timeout the statement timeout, or null for the server's
 */
public record SourceLimits(@Nullable PermissionMode mode, @Nullable Integer maxRows,
    @Nullable Duration timeout) {

  /** No limits of its own: the server's apply. */
  public static final SourceLimits NONE = new SourceLimits(null, null, null);

  /** Validates the values. */
  public SourceLimits {
    if (maxRows != null && maxRows < 1) {
      throw new IllegalArgumentException("maxRows must be at least 1, was " + maxRows);
    }
    if (timeout != null && (timeout.isNegative() || timeout.isZero())) {
      throw new IllegalArgumentException("timeout must be positive, was " + timeout);
    }
  }

  /** {@return the mode, if set} */
  public Optional<PermissionMode> modeIfSet() {
    return Optional.ofNullable(mode);
  }

  /**
   * Checks that these limits only tighten the server's.
   *
   * @param serverMode the server's mode
   * @param serverMaxRows the server's row cap
   * @param serverTimeout the server's timeout
   * @param where the source, for messages (e.g. {@code SNOWCHAT_SOURCES=/etc/s.json, source 'pg'})
   * @throws IllegalArgumentException naming the key that would loosen a server limit
   */
  public void checkWithin(PermissionMode serverMode, int serverMaxRows, Duration serverTimeout,
      String where) {
    requireNonNull(serverMode, "serverMode is null");
    if (mode != null && mode.ordinal() > serverMode.ordinal()) {
      throw new IllegalArgumentException(where + ": mode '" + mode.configName()
          + "' would loosen the server's mode '" + serverMode.configName()
          + "'; a source may only tighten it (SNOWFLAKE_MCP_MODE)");
    }
    if (maxRows != null && maxRows > serverMaxRows) {
      throw new IllegalArgumentException(where + ": maxRows " + maxRows + " is above the"
          + " server's " + serverMaxRows + "; a source may only tighten it"
          + " (SNOWFLAKE_MCP_MAX_ROWS)");
    }
    if (timeout != null && timeout.compareTo(serverTimeout) > 0) {
      throw new IllegalArgumentException(where + ": timeout " + timeout.toMillis() + "ms is"
          + " above the server's " + serverTimeout.toMillis() + "ms; a source may only tighten"
          + " it (SNOWCHAT_QUERY_TIMEOUT)");
    }
  }

  /**
   * {@return the tighter of each limit of this and another}
   *
   * @param other the other limits
   */
  public SourceLimits tightest(SourceLimits other) {
    PermissionMode m = mode == null ? other.mode : other.mode == null ? mode
        : mode.ordinal() <= other.mode.ordinal() ? mode : other.mode;
    Integer r = maxRows == null ? other.maxRows : other.maxRows == null ? maxRows
        : Integer.valueOf(Math.min(maxRows, other.maxRows));
    Duration t = timeout == null ? other.timeout : other.timeout == null ? timeout
        : timeout.compareTo(other.timeout) <= 0 ? timeout : other.timeout;
    return new SourceLimits(m, r, t);
  }

  /**
   * {@return the effective mode: this one, or the server's}
   *
   * @param serverMode the server's mode
   */
  public PermissionMode mode(PermissionMode serverMode) {
    return mode == null ? serverMode : mode;
  }

  /**
   * {@return the effective row cap}
   *
   * @param serverMaxRows the server's row cap
   */
  public int maxRows(int serverMaxRows) {
    return maxRows == null ? serverMaxRows : Math.min(maxRows, serverMaxRows);
  }

  /**
   * {@return the effective timeout}
   *
   * @param serverTimeout the server's timeout
   */
  public Duration timeout(Duration serverTimeout) {
    return timeout == null || timeout.compareTo(serverTimeout) > 0 ? serverTimeout : timeout;
  }
}
