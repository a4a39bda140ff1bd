package dev.snowchat.schemaindex;

import static java.util.Objects.requireNonNull;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.ServiceLoader;
import java.util.TreeSet;

/** Finds {@link EmbeddingProviderFactory embedding provider factories} by name. */
public final class EmbeddingProviders {
  /** The name of the dependency-free provider that is always available. */
  public static final String DEFAULT = "default";

  private EmbeddingProviders() {}

  /** {@return the names of all factories visible to this module, sorted} */
  public static List<String> names() {
    TreeSet<String> names = new TreeSet<>();
    for (EmbeddingProviderFactory f : factories()) {
      names.add(f.name());
    }
    return List.copyOf(names);
  }

  /**
   * Finds a factory by name.
   *
   * @param name the factory name (e.g. {@code default}, {@code djl})
   * @return the factory
   * @throws IllegalArgumentException when no factory or more than one has that name; the message
   *     lists the names found
   */
  public static EmbeddingProviderFactory factory(String name) {
    requireNonNull(name, "name is null");
    List<EmbeddingProviderFactory> all = factories();
    List<EmbeddingProviderFactory> matches = new ArrayList<>();
    TreeSet<String> found = new TreeSet<>();
    for (EmbeddingProviderFactory f : all) {
      found.add(f.name());
      if (f.name().equals(name)) {
        matches.add(f);
      }
    }
    if (matches.isEmpty()) {
      throw new IllegalArgumentException(
          "no embedding provider named '" + name + "'; found: " + found);
    }
    if (matches.size() > 1) {
      List<String> classes = matches.stream().map(f -> f.getClass().getName()).toList();
      throw new IllegalArgumentException(
          "more than one embedding provider named '" + name + "': " + classes);
    }
    return matches.getFirst();
  }

  /**
   * Creates a provider by factory name.
   *
   * @param name the factory name
   * @param config the provider configuration
   * @return the provider
   * @throws IllegalArgumentException for an unknown or ambiguous name or a bad configuration
   * @throws dev.snowchat.sqlgate.SnowchatException {@link IndexErrorCode#EMBEDDINGS_FAILED} when
   *     the provider cannot start
   */
  public static EmbeddingProvider create(String name, Map<String, String> config) {
    requireNonNull(config, "config is null");
    return factory(name).create(Map.copyOf(config));
  }

  private static List<EmbeddingProviderFactory> factories() {
    List<EmbeddingProviderFactory> out = new ArrayList<>();
    ServiceLoader.load(EmbeddingProviderFactory.class, EmbeddingProviders.class.getClassLoader())
        .forEach(out::add);
    return out;
  }
}
