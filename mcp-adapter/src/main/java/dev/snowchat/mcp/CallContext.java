package dev.snowchat.mcp;

import static java.util.Objects.requireNonNull;

import java.util.Map;
import java.util.TreeMap;
import java.util.regex.Pattern;

/**
 * Who a tool call runs for. Its session variables are set on the request connection before the
 * call's query runs and cleared when the connection goes back to the pool, so row access policies
 * that read them (the schema-index reference's row-level-security pattern) see the caller. The
 * system pool used for metadata never carries them.
 *
 * @param sessionVariables variable name to value; names are plain identifiers
 */
public record CallContext(Map<String, String> sessionVariables) {
  private static final Pattern NAME = Pattern.compile("[A-Za-z_][A-Za-z0-9_]{0,127}");
  private static final CallContext NONE = new CallContext(Map.of());

  /** Validates the variable names and copies the map. */
  public CallContext {
    requireNonNull(sessionVariables, "sessionVariables is null");
    for (Map.Entry<String, String> e : sessionVariables.entrySet()) {
      requireNonNull(e.getValue(), "value of session variable " + e.getKey() + " is null");
      if (!NAME.matcher(e.getKey()).matches()) {
        throw new IllegalArgumentException("Bad session variable name '" + e.getKey()
            + "': expected a letter or underscore, then letters, digits or underscores");
      }
    }
    sessionVariables = java.util.Collections.unmodifiableMap(new TreeMap<>(sessionVariables));
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
}
