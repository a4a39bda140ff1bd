package dev.snowchat.agent;

import static java.util.Objects.requireNonNull;

import org.jspecify.annotations.Nullable;

/**
 * The model's reasoning, kept in history so that providers which sign it can verify it.
 *
 * @param text the thinking text
 * @param signature the provider's signature of the block, or null
 */
public record ThinkingBlock(String text, @Nullable String signature) implements ContentBlock {
  /** Validates the text. */
  public ThinkingBlock {
    requireNonNull(text, "text is null");
  }

  @Override
  public int estimatedTokens() {
    return Tokens.estimate(text) + (signature == null ? 0 : Tokens.estimate(signature));
  }
}
