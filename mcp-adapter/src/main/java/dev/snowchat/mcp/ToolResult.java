package dev.snowchat.mcp;

import static java.util.Objects.requireNonNull;

import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;
import org.jspecify.annotations.Nullable;

/**
 * What a tool call returns: a compact text form a model reads well, and the same content as a
 * structured JSON object (maps, lists, strings, numbers, booleans, nulls). A tool error carries
 * only text saying what went wrong and what to do next, plus a stable error code.
 *
 * @param text the text form (for an error, the actionable message)
 * @param structured the structured form, empty for an error
 * @param errorCode null for success; for an error a stable code: a {@link ToolErrorCode} name
 *     such as {@code QUERY_REFUSED}, or a host's own
 */
public record ToolResult(String text, Map<String, Object> structured, @Nullable String errorCode) {

  /** Validates the fields and copies the structured map (its values are not copied). */
  public ToolResult {
    requireNonNull(text, "text is null");
    requireNonNull(structured, "structured is null");
    structured = java.util.Collections.unmodifiableMap(new LinkedHashMap<>(structured));
    if (errorCode != null && errorCode.isBlank()) {
      throw new IllegalArgumentException("errorCode is blank");
    }
  }

  /**
   * Creates a successful result.
   *
   * @param text the text form
   * @param structured the structured form
   * @return the result
   */
  public static ToolResult success(String text, Map<String, Object> structured) {
    return new ToolResult(text, structured, null);
  }

  /**
   * Creates a tool error.
   *
   * @param code a stable code, e.g. {@code QUERY_REFUSED}, {@code TABLE_NOT_FOUND}
   * @param message what failed and what the caller can do next
   * @return the result
   */
  public static ToolResult error(String code, String message) {
    return new ToolResult(message, Map.of(), requireNonNull(code, "code is null"));
  }

  /**
   * Creates a tool error with one of the tools' own codes.
   *
   * @param code the code
   * @param message what failed and what the caller can do next
   * @return the result
   */
  public static ToolResult error(ToolErrorCode code, String message) {
    return error(requireNonNull(code, "code is null").name(), message);
  }

  /** {@return true when this is a tool error} */
  public boolean isError() {
    return errorCode != null;
  }

  /** {@return the error code, or empty for a success} */
  public Optional<String> error() {
    return Optional.ofNullable(errorCode);
  }
}
