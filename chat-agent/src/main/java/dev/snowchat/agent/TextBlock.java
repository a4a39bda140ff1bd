package dev.snowchat.agent;

import static java.util.Objects.requireNonNull;

/**
 * Text written by the user or the model.
 *
 * @param text the text
 */
public record TextBlock(String text) implements ContentBlock {
  /** Validates the text. */
  public TextBlock {
    requireNonNull(text, "text is null");
  }

  @Override
  public int estimatedTokens() {
    return Tokens.estimate(text);
  }
}
