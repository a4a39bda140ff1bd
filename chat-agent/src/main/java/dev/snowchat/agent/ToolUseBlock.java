package dev.snowchat.agent;

import static java.util.Objects.requireNonNull;

import java.util.Map;

/**
 * A tool call the model made.
 *
 * @param id the provider's id of the call, which the matching {@link ToolResultBlock} names
 * @param name the tool name
 * @param input the arguments, as parsed from JSON (values may be null)
 */
public record ToolUseBlock(String id, String name, Map<String, Object> input)
    implements ContentBlock {
  /**
   * Validates the fields and copies the input.
   *
   * @throws IllegalArgumentException for a blank id or name
   */
  public ToolUseBlock {
    requireNonNull(id, "id is null");
    requireNonNull(name, "name is null");
    if (id.isBlank() || name.isBlank()) {
      throw new IllegalArgumentException("tool use id and name must not be blank, got id='" + id
          + "', name='" + name + "'");
    }
    input = Json.copy(requireNonNull(input, "input is null"));
  }

  @Override
  public int estimatedTokens() {
    return Tokens.estimate(name) + Tokens.estimate(Json.write(input));
  }
}
