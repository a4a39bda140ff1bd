package dev.snowchat.agent;

import static java.util.Objects.requireNonNull;

import java.util.ArrayList;
import java.util.List;

/**
 * One message of a conversation.
 *
 * @param role who wrote it
 * @param content its blocks, at least one
 */
public record Message(Role role, List<ContentBlock> content) {
  /**
   * Validates the fields and copies the blocks.
   *
   * @throws IllegalArgumentException for no blocks
   */
  public Message {
    requireNonNull(role, "role is null");
    content = List.copyOf(requireNonNull(content, "content is null"));
    if (content.isEmpty()) {
      throw new IllegalArgumentException("a " + role + " message needs at least one block");
    }
  }

  /**
   * Creates a user message of one text block.
   *
   * @param text the text
   * @return the message
   */
  public static Message user(String text) {
    return new Message(Role.USER, List.of(new TextBlock(text)));
  }

  /**
   * Creates an assistant message of one text block.
   *
   * @param text the text
   * @return the message
   */
  public static Message assistant(String text) {
    return new Message(Role.ASSISTANT, List.of(new TextBlock(text)));
  }

  /** {@return the text blocks joined, without thinking or tool blocks} */
  public String text() {
    StringBuilder sb = new StringBuilder();
    for (ContentBlock b : content) {
      if (b instanceof TextBlock t) {
        sb.append(t.text());
      }
    }
    return sb.toString();
  }

  /** {@return the tool calls in this message, in order} */
  public List<ToolUseBlock> toolUses() {
    List<ToolUseBlock> out = new ArrayList<>();
    for (ContentBlock b : content) {
      if (b instanceof ToolUseBlock t) {
        out.add(t);
      }
    }
    return List.copyOf(out);
  }

  /** {@return true when this message carries tool results (the model's side of a tool call)} */
  public boolean hasToolResults() {
    for (ContentBlock b : content) {
      if (b instanceof ToolResultBlock) {
        return true;
      }
    }
    return false;
  }

  /** {@return a rough token estimate (characters / 4 over all blocks, plus a few per message)} */
  public int estimatedTokens() {
    int n = 4;
    for (ContentBlock b : content) {
      n += b.estimatedTokens();
    }
    return n;
  }
}
