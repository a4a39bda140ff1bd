package dev.snowchat.agent;

import static java.util.Objects.requireNonNull;

/**
 * The result of a tool call, sent back to the model in a {@link Role#USER} message.
 *
 * @param toolUseId the id of the {@link ToolUseBlock} it answers
 * @param content the result text the model reads
 * @param error true when the call failed (the content says why)
 */
public record ToolResultBlock(String toolUseId, String content, boolean error)
    implements ContentBlock {
  /** Validates the fields. */
  public ToolResultBlock {
    requireNonNull(toolUseId, "toolUseId is null");
    requireNonNull(content, "content is null");
  }

  @Override
  public int estimatedTokens() {
    return Tokens.estimate(content);
  }
}
