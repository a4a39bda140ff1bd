package dev.snowchat.agent;

import static java.util.Objects.requireNonNull;

import java.util.ArrayList;
import java.util.List;

/**
 * One model turn's complete response.
 *
 * @param content the blocks: text, thinking and tool-use, in the order the model wrote them
 * @param stopReason the provider's stop reason as sent ({@code end_turn}, {@code tool_use},
 *     {@code max_tokens}, {@code stop} ...)
 * @param usage the tokens the provider reported for this model turn
 */
public record ModelResponse(List<ContentBlock> content, String stopReason, Usage usage) {
  /** Validates the fields and copies the blocks. */
  public ModelResponse {
    content = List.copyOf(requireNonNull(content, "content is null"));
    requireNonNull(stopReason, "stopReason is null");
    requireNonNull(usage, "usage is null");
  }

  /** {@return the tool calls of the response, in order} */
  public List<ToolUseBlock> toolUses() {
    List<ToolUseBlock> out = new ArrayList<>();
    for (ContentBlock b : content) {
      if (b instanceof ToolUseBlock t) {
        out.add(t);
      }
    }
    return List.copyOf(out);
  }

  /** {@return the text blocks joined} */
  public String text() {
    StringBuilder sb = new StringBuilder();
    for (ContentBlock b : content) {
      if (b instanceof TextBlock t) {
        sb.append(t.text());
      }
    }
    return sb.toString();
  }

  /** {@return true when the model stopped at its output cap ({@code max_tokens}, {@code length})} */
  public boolean hitMaxTokens() {
    return "max_tokens".equals(stopReason) || "length".equals(stopReason);
  }
}
