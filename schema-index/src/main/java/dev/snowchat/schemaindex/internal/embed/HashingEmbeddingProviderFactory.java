package dev.snowchat.schemaindex.internal.embed;

import static java.util.Objects.requireNonNull;

import dev.snowchat.schemaindex.EmbeddingProvider;
import dev.snowchat.schemaindex.EmbeddingProviderFactory;
import java.util.Map;
import java.util.Set;

/**
 * Factory of the dependency-free default provider, named {@value #NAME}. Configuration: {@code
 * dimension} (16 to 4096, default {@value #DEFAULT_DIMENSION}).
 */
public final class HashingEmbeddingProviderFactory implements EmbeddingProviderFactory {
  /** The provider name. */
  public static final String NAME = "default";

  /** The default vector size. */
  public static final int DEFAULT_DIMENSION = 256;

  /** Creates the factory (ServiceLoader). */
  public HashingEmbeddingProviderFactory() {}

  @Override
  public String name() {
    return NAME;
  }

  @Override
  public EmbeddingProvider create(Map<String, String> config) {
    requireNonNull(config, "config is null");
    int dimension = DEFAULT_DIMENSION;
    for (Map.Entry<String, String> e : config.entrySet()) {
      if (!e.getKey().equals("dimension")) {
        throw new IllegalArgumentException("unknown key '" + e.getKey()
            + "' for embedding provider " + NAME + " (hashing); allowed: dimension");
      }
      try {
        dimension = Integer.parseInt(e.getValue().strip());
      } catch (NumberFormatException ex) {
        throw new IllegalArgumentException(
            "dimension must be an integer, got '" + e.getValue() + "'", ex);
      }
    }
    return new HashingEmbeddingProvider(dimension);
  }

  /** {@return a provider with the default dimension} */
  public static EmbeddingProvider createDefault() {
    return new HashingEmbeddingProvider(DEFAULT_DIMENSION);
  }

  @Override
  public Set<String> sensitivePropertyNames() {
    return Set.of();
  }
}
