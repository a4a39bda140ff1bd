package dev.snowchat.schemaindex;

import java.util.Map;
import java.util.Set;

/**
 * Creates {@link EmbeddingProvider embedding providers}. Factories are discovered with {@link
 * java.util.ServiceLoader} and selected by explicit {@link #name() name}; nothing is activated just
 * by being on the class path.
 */
public interface EmbeddingProviderFactory {
  /** {@return the unique name users select this factory by, e.g. {@code default} or {@code djl}} */
  String name();

  /**
   * Creates a provider.
   *
   * @param config the provider configuration; unknown keys are refused
   * @return the provider
   * @throws IllegalArgumentException for unknown keys or bad values
   * @throws dev.snowchat.sqlgate.SnowchatException {@link IndexErrorCode#EMBEDDINGS_FAILED} when
   *     the provider cannot start (e.g. a model file is missing)
   */
  EmbeddingProvider create(Map<String, String> config);

  /** {@return the configuration keys whose values must be masked in logs and messages} */
  default Set<String> sensitivePropertyNames() {
    return Set.of();
  }
}
