package dev.snowchat.mcp;

import static java.util.Objects.requireNonNull;

import java.util.Map;
import java.util.TreeMap;
import java.util.regex.Pattern;
import org.jspecify.annotations.Nullable;

/**
 * Who a tool call runs for. Its session variables are set on the request connection before the
 * call's query runs and cleared when the connection goes back to the pool, so row access policies
 * that read them (the schema-index reference's row-level-security pattern) see the caller. The
 * system pool used for metadata never carries them.
 *
 * <p>A query tag labels the call's query: on Snowflake it is the statement's {@code QUERY_TAG}
 * (visible in {@code QUERY_HISTORY}, overriding the server's configured tag for that statement);
 * DuckDB, PostgreSQL and other databases have no per-statement tag, so there it is not sent
 * anywhere. A {@link CancelSignal} lets another thread stop the call's running query.
 *
 * @param sessionVariables variable name to value; names are plain identifiers
 * @param queryTag the call's query tag, or null for the configured one; at most 200 characters of
 *     letters, digits, space and {@code ._:/@=-}
 * @param cancelSignal a signal that cancels the call's running query, or null
 */
public record CallContext(Map<String, String> sessionVariables, @Nullable String queryTag,
    @Nullable CancelSignal cancelSignal) {
  private static final Pattern NAME = Pattern.compile("[A-Za-z_][A-Za-z0-9_]{0,127}");
  private static final Pattern TAG = Pattern.compile("[A-Za-z0-9 ._:/@=-]{1,200}");
  private static final CallContext NONE = new CallContext(Map.of());

  /** Validates the variable names and the tag, and copies the map. */
  public CallContext {
    requireNonNull(sessionVariables, "sessionVariables is null");
    for (Map.Entry<String, String> e : sessionVariables.entrySet()) {
      requireNonNull(e.getValue(), "value of session variable " + e.getKey() + " is null");
      if (!NAME.matcher(e.getKey()).matches()) {
        throw new IllegalArgumentException("Bad session variable name '" + e.getKey()
            + "': expected a letter or underscore, then letters, digits or underscores");
      }
    }
    if (queryTag != null && !TAG.matcher(queryTag).matches()) {
      throw new IllegalArgumentException("Bad query tag '" + queryTag.replaceAll("\\p{Cntrl}", "?")
          + "': expected 1 to 200 letters, digits, spaces or ._:/@=-");
    }
    sessionVariables = java.util.Collections.unmodifiableMap(new TreeMap<>(sessionVariables));
  }

  /**
   * Creates a context with session variables only.
   *
   * @param sessionVariables variable name to value
   * @throws IllegalArgumentException for a bad variable name
   */
  public CallContext(Map<String, String> sessionVariables) {
    this(sessionVariables, null, null);
  }

  /** {@return the context of an anonymous caller: no session variables} */
  public static CallContext none() {
    return NONE;
  }

  /**
   * Creates a context with session variables.
   *
   * @param sessionVariables variable name to value
   * @return the context
   * @throws IllegalArgumentException for a bad variable name
   */
  public static CallContext withSessionVariables(Map<String, String> sessionVariables) {
    return sessionVariables.isEmpty() ? NONE : new CallContext(sessionVariables);
  }

  /**
   * {@return this context with a query tag}
   *
   * @param tag the tag: 1 to 200 letters, digits, spaces or {@code ._:/@=-}
   * @throws IllegalArgumentException for a bad tag
   */
  public CallContext withQueryTag(String tag) {
    return new CallContext(sessionVariables, requireNonNull(tag, "tag is null"), cancelSignal);
  }

  /**
   * {@return this context with a cancel signal}
   *
   * @param signal the signal that cancels the call's running query
   */
  public CallContext withCancelSignal(CancelSignal signal) {
    return new CallContext(sessionVariables, queryTag, requireNonNull(signal, "signal is null"));
  }
}
