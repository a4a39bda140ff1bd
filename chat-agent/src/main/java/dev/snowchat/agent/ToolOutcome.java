package dev.snowchat.agent;

import static java.util.Objects.requireNonNull;

import org.jspecify.annotations.Nullable;

/**
 * What a tool call returned.
 *
 * @param error true when the call failed; {@code text} then says what went wrong and what to do
 * @param text the text the model reads
 * @param structured the same content as JSON values (maps, lists, strings, numbers, booleans,
 *     nulls), or null
 */
public record ToolOutcome(boolean error, String text, @Nullable Object structured) {
  /** Validates the text and copies structured maps and lists. */
  public ToolOutcome {
    requireNonNull(text, "text is null");
    structured = Json.copyValue(structured);
  }

  /**
   * Creates a successful outcome.
   *
   * @param text the text form
   * @param structured the structured form, or null
   * @return the outcome
   */
  public static ToolOutcome success(String text, @Nullable Object structured) {
    return new ToolOutcome(false, text, structured);
  }

  /**
   * Creates a successful outcome with text only.
   *
   * @param text the text form
   * @return the outcome
   */
  public static ToolOutcome success(String text) {
    return new ToolOutcome(false, text, null);
  }

  /**
   * Creates a failed outcome.
   *
   * @param message what failed and what the model can do next
   * @return the outcome
   */
  public static ToolOutcome error(String message) {
    return new ToolOutcome(true, message, null);
  }
}
