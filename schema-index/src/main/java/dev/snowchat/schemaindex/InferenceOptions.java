package dev.snowchat.schemaindex;

/**
 * How a {@link JoinGraph} infers foreign keys that the source does not declare.
 *
 * @param inferKeys whether to infer edges at all; declared edges are always kept
 * @param minConfidence inferred edges below this confidence are dropped, in [0, 1]
 */
public record InferenceOptions(boolean inferKeys, double minConfidence) {
  private static final InferenceOptions DEFAULTS = new InferenceOptions(true, 0.0);
  private static final InferenceOptions DECLARED_ONLY = new InferenceOptions(false, 0.0);

  /** Validates the confidence range. */
  public InferenceOptions {
    if (!(minConfidence >= 0.0 && minConfidence <= 1.0)) {
      throw new IllegalArgumentException("minConfidence must be in [0, 1], got " + minConfidence);
    }
  }

  /** {@return inference on, every inferred edge kept} */
  public static InferenceOptions defaults() {
    return DEFAULTS;
  }

  /** {@return no inference: declared foreign keys only} */
  public static InferenceOptions declaredOnly() {
    return DECLARED_ONLY;
  }

  /**
   * Returns a copy with another minimum confidence.
   *
   * @param min the minimum confidence of inferred edges, in [0, 1]
   * @return the copy
   * @throws IllegalArgumentException when out of range
   */
  public InferenceOptions withMinConfidence(double min) {
    return new InferenceOptions(inferKeys, min);
  }
}
