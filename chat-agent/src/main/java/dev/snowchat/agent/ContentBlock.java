package dev.snowchat.agent;

/**
 * One block of a {@link Message}: text, thinking, a tool call the model made, or the result of
 * one. Callers switch over the four kinds exhaustively.
 */
public sealed interface ContentBlock permits TextBlock, ThinkingBlock, ToolUseBlock,
    ToolResultBlock {

  /** {@return a rough token estimate of this block (characters / 4), used to trim history} */
  int estimatedTokens();
}
