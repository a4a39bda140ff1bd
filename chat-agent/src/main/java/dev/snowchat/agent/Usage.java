package dev.snowchat.agent;

/**
 * Tokens a model reported for one or more model turns.
 *
 * @param inputTokens input tokens billed at the full rate
 * @param outputTokens output tokens (thinking included)
 * @param cacheReadTokens input tokens read from the prompt cache
 * @param cacheWriteTokens input tokens written to the prompt cache
 */
public record Usage(long inputTokens, long outputTokens, long cacheReadTokens,
    long cacheWriteTokens) {

  /** No tokens. */
  public static final Usage ZERO = new Usage(0, 0, 0, 0);

  /**
   * Validates the counts.
   *
   * @throws IllegalArgumentException for a negative count
   */
  public Usage {
    if (inputTokens < 0 || outputTokens < 0 || cacheReadTokens < 0 || cacheWriteTokens < 0) {
      throw new IllegalArgumentException("token counts must be >= 0, got input=" + inputTokens
          + ", output=" + outputTokens + ", cacheRead=" + cacheReadTokens + ", cacheWrite="
          + cacheWriteTokens);
    }
  }

  /**
   * Creates a usage without cache tokens.
   *
   * @param inputTokens input tokens
   * @param outputTokens output tokens
   * @return the usage
   * @throws IllegalArgumentException for a negative count
   */
  public static Usage of(long inputTokens, long outputTokens) {
    return new Usage(inputTokens, outputTokens, 0, 0);
  }

  /**
   * Adds two usages.
   *
   * @param other the usage to add
   * @return the sum
   */
  public Usage plus(Usage other) {
    return new Usage(inputTokens + other.inputTokens, outputTokens + other.outputTokens,
        cacheReadTokens + other.cacheReadTokens, cacheWriteTokens + other.cacheWriteTokens);
  }

  /** {@return all tokens, input, output and cache together} */
  public long totalTokens() {
    return inputTokens + outputTokens + cacheReadTokens + cacheWriteTokens;
  }
}
