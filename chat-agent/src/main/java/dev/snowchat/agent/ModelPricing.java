package dev.snowchat.agent;

/**
 * Prices of a model in USD per million tokens, so that {@link AgentEvent.Done#costUsd()} comes
 * from the usage the model reported.
 *
 * @param inputPerMTok input tokens
 * @param outputPerMTok output tokens
 * @param cacheReadPerMTok input tokens read from the prompt cache
 * @param cacheWritePerMTok input tokens written to the prompt cache
 */
public record ModelPricing(double inputPerMTok, double outputPerMTok, double cacheReadPerMTok,
    double cacheWritePerMTok) {

  /** Everything free: local models, the offline planner, tests. */
  public static final ModelPricing FREE = new ModelPricing(0, 0, 0, 0);

  /**
   * Validates the prices.
   *
   * @throws IllegalArgumentException for a negative or non-finite price
   */
  public ModelPricing {
    for (double p : new double[] {inputPerMTok, outputPerMTok, cacheReadPerMTok,
        cacheWritePerMTok}) {
      if (!(p >= 0) || Double.isInfinite(p)) {
        throw new IllegalArgumentException("prices must be finite and >= 0, got input="
            + inputPerMTok + ", output=" + outputPerMTok + ", cacheRead=" + cacheReadPerMTok
            + ", cacheWrite=" + cacheWritePerMTok);
      }
    }
  }

  /**
   * Creates a pricing with Anthropic's cache multipliers: cache reads at 0.1 times the input
   * price, cache writes at 1.25 times.
   *
   * @param inputPerMTok USD per million input tokens
   * @param outputPerMTok USD per million output tokens
   * @return the pricing
   * @throws IllegalArgumentException for a negative or non-finite price
   */
  public static ModelPricing of(double inputPerMTok, double outputPerMTok) {
    return new ModelPricing(inputPerMTok, outputPerMTok, inputPerMTok * 0.1,
        inputPerMTok * 1.25);
  }

  /**
   * Prices a usage.
   *
   * @param usage the usage
   * @return the cost in USD
   */
  public double cost(Usage usage) {
    return (usage.inputTokens() * inputPerMTok + usage.outputTokens() * outputPerMTok
        + usage.cacheReadTokens() * cacheReadPerMTok
        + usage.cacheWriteTokens() * cacheWritePerMTok) / 1_000_000.0;
  }
}
