package dev.snowchat.schemaindex.internal.source;

import dev.snowchat.schemaindex.IndexErrorCode;
import dev.snowchat.sqlgate.SnowchatException;
import java.sql.SQLException;
import java.util.HashSet;
import java.util.Set;
import org.jspecify.annotations.Nullable;

/**
 * Turns driver failures into {@link SnowchatException}s with index error codes, and makes
 * warehouse error text safe to show: control characters stripped, length capped. Driver messages
 * are untrusted text; SQL we send holds no secrets (identifiers and literals only).
 */
public final class SourceErrors {
  /** Snowflake: incorrect user name or password, or bad key pair. */
  static final int SNOWFLAKE_AUTHENTICATION = 390100;
  /** Snowflake: account does not exist or is disabled. */
  static final int SNOWFLAKE_ACCOUNT = 390201;
  /** Snowflake: the client IP address is not allowed. */
  static final int SNOWFLAKE_IP = 390422;
  /** Snowflake: no active warehouse in the session (INFORMATION_SCHEMA queries need one). */
  static final int SNOWFLAKE_NO_WAREHOUSE = 606;
  /** Snowflake: SHOW result larger than 10,000 rows without LIMIT. */
  static final int SNOWFLAKE_SHOW_LIMIT = 90153;
  /** Snowflake: object does not exist or not authorized (dropped while we read). */
  static final int SNOWFLAKE_NOT_FOUND = 2003;

  private static final int MAX_MESSAGE = 300;

  private SourceErrors() {}

  /**
   * Maps a driver failure.
   *
   * @param sourceName the source name for the message
   * @param what what was being done, e.g. the SQL without values
   * @param e the failure
   * @return the exception to throw
   */
  public static SnowchatException map(String sourceName, String what, SQLException e) {
    IndexErrorCode code = classify(e);
    StringBuilder m = new StringBuilder()
        .append(sourceName).append(" metadata read failed (").append(what).append("): ")
        .append(sanitize(e.getMessage()));
    if (e.getErrorCode() != 0) {
      m.append(" [error ").append(e.getErrorCode()).append(']');
    }
    if (e.getSQLState() != null) {
      m.append(" [SQLState ").append(sanitize(e.getSQLState())).append(']');
    }
    switch (code) {
      case AUTHENTICATION_FAILED -> m.append("; check the user and credentials; not retried");
      case ACCOUNT_NOT_FOUND -> m.append("; check the account identifier; not retried");
      case IP_NOT_ALLOWED -> m.append("; allow this host in the network policy; not retried");
      case CONFIGURATION -> m.append("; set a warehouse for the metadata connection (for example"
          + " SNOWFLAKE_WAREHOUSE); not retried");
      default -> { }
    }
    return new SnowchatException(code, m.toString(), e);
  }

  /**
   * Classifies a failure: Snowflake 390100, 390201, 390422 and 000606 (no warehouse) and SQLState
   * class 28 (invalid authorization) are permanent; everything else is transient.
   *
   * @param e the failure
   * @return the code
   */
  static IndexErrorCode classify(SQLException e) {
    Set<Throwable> seen = new HashSet<>();
    for (Throwable t = e; t != null && seen.add(t); t = next(t)) {
      if (t instanceof SQLException s) {
        switch (s.getErrorCode()) {
          case SNOWFLAKE_AUTHENTICATION -> {
            return IndexErrorCode.AUTHENTICATION_FAILED;
          }
          case SNOWFLAKE_ACCOUNT -> {
            return IndexErrorCode.ACCOUNT_NOT_FOUND;
          }
          case SNOWFLAKE_IP -> {
            return IndexErrorCode.IP_NOT_ALLOWED;
          }
          case SNOWFLAKE_NO_WAREHOUSE -> {
            return IndexErrorCode.CONFIGURATION;
          }
          default -> { }
        }
        if (s.getSQLState() != null && s.getSQLState().startsWith("28")) {
          return IndexErrorCode.AUTHENTICATION_FAILED;
        }
      }
    }
    return IndexErrorCode.SOURCE_FAILED;
  }

  /**
   * Tests whether a failure carries a vendor error code, anywhere in its chain.
   *
   * @param e the failure
   * @param vendorCode the code
   * @return true when present
   */
  static boolean hasCode(SQLException e, int vendorCode) {
    Set<Throwable> seen = new HashSet<>();
    for (Throwable t = e; t != null && seen.add(t); t = next(t)) {
      if (t instanceof SQLException s && s.getErrorCode() == vendorCode) {
        return true;
      }
    }
    return false;
  }

  private static @Nullable Throwable next(Throwable t) {
    if (t instanceof SQLException s && s.getNextException() != null) {
      return s.getNextException();
    }
    return t.getCause();
  }

  /**
   * Makes untrusted text safe for messages and logs: control characters become spaces, the
   * length is capped at 300 characters.
   *
   * @param text the text, or null
   * @return the safe text
   */
  public static String sanitize(@Nullable String text) {
    if (text == null) {
      return "(no message)";
    }
    StringBuilder b = new StringBuilder(Math.min(text.length(), MAX_MESSAGE + 1));
    for (int i = 0; i < text.length() && b.length() <= MAX_MESSAGE; i++) {
      char c = text.charAt(i);
      b.append(Character.isISOControl(c) || c == '\u2028' || c == '\u2029' ? ' ' : c);
    }
    String s = b.toString().strip();
    return s.length() > MAX_MESSAGE ? s.substring(0, MAX_MESSAGE) + "..." : s;
  }
}
