package dev.snowchat.schemaindex.internal.embed;

import static java.util.Objects.requireNonNull;

import dev.snowchat.schemaindex.EmbeddingProvider;
import dev.snowchat.schemaindex.EmbeddingProviderFactory;
import dev.snowchat.schemaindex.IndexErrorCode;
import dev.snowchat.sqlgate.SnowchatException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.Set;
import org.jspecify.annotations.Nullable;

/**
 * Factory of the {@value #NAME} provider: a local ONNX sentence-embedding model (for example
 * all-MiniLM-L6-v2 or BGE-small-en-v1.5) run by DJL, with its Hugging Face {@code
 * tokenizer.json}; mean or CLS pooling and L2 normalization. Nothing is downloaded: the files must
 * exist.
 *
 * <p>Configuration: {@code modelPath} (the {@code .onnx} file, or a directory holding {@code
 * model.onnx} and {@code tokenizer.json}), {@code tokenizerPath} (defaults to {@code
 * tokenizer.json} next to the model), {@code maxLength} (tokens, default 256), {@code engine}
 * (default {@code OnnxRuntime}), {@code pooling} ({@code mean}, the default, for
 * sentence-transformers models such as all-MiniLM-L6-v2; {@code cls} for BGE models), {@code
 * queryPrefix} (text put before every search query, e.g. BGE's {@code "Represent this sentence
 * for searching relevant passages: "}; default none) and {@code documentPrefix} (text put before
 * every indexed text, e.g. E5's {@code "passage: "}; default none). Prefixes are used as given,
 * trailing spaces included.
 *
 * <p>DJL is an optional dependency: {@code ai.djl:api}, {@code ai.djl.huggingface:tokenizers} and
 * an engine such as {@code ai.djl.onnxruntime:onnxruntime-engine} must be on the class path.
 * Set {@code OPT_OUT_TRACKING=true} and {@code -Dai.djl.offline=true} to keep DJL offline.
 */
public final class DjlEmbeddingProviderFactory implements EmbeddingProviderFactory {
  /** The provider name. */
  public static final String NAME = "djl";

  private static final Set<String> KEYS =
      Set.of("modelPath", "tokenizerPath", "maxLength", "engine", "pooling", "queryPrefix",
          "documentPrefix");

  /** Creates the factory (ServiceLoader). */
  public DjlEmbeddingProviderFactory() {}

  @Override
  public String name() {
    return NAME;
  }

  @Override
  public EmbeddingProvider create(Map<String, String> config) {
    requireNonNull(config, "config is null");
    // First, before any class that links to DJL loads: without DJL a host gets this message,
    // not a NoClassDefFoundError.
    String engine = config.getOrDefault("engine", "OnnxRuntime").strip();
    requireDjl(NAME, engine);
    for (String key : config.keySet()) {
      if (!KEYS.contains(key)) {
        throw new IllegalArgumentException("unknown key '" + key + "' for embedding provider "
            + NAME + " (a local ONNX model); allowed: "
            + String.join(", ", KEYS.stream().sorted().toList()));
      }
    }
    DjlEmbeddingProvider.Pooling pooling = pooling(config.get("pooling"));
    String modelText = config.get("modelPath");
    if (modelText == null || modelText.isBlank()) {
      throw new IllegalArgumentException("embedding provider " + NAME
          + " needs modelPath: an .onnx file or a directory with model.onnx and tokenizer.json");
    }
    Path model = Path.of(modelText.strip());
    Path modelFile;
    Path tokenizer;
    if (Files.isDirectory(model)) {
      modelFile = firstOnnx(model);
      tokenizer = model.resolve("tokenizer.json");
    } else {
      modelFile = model;
      tokenizer = model.toAbsolutePath().getParent().resolve("tokenizer.json");
    }
    String tokenizerText = config.get("tokenizerPath");
    if (tokenizerText != null && !tokenizerText.isBlank()) {
      tokenizer = Path.of(tokenizerText.strip());
    }
    if (modelFile == null || !Files.isRegularFile(modelFile)) {
      throw new SnowchatException(IndexErrorCode.EMBEDDINGS_FAILED,
          "embedding model not found: " + model + " (modelPath must be an .onnx file or a"
              + " directory holding one)");
    }
    if (!Files.isRegularFile(tokenizer)) {
      throw new SnowchatException(IndexErrorCode.EMBEDDINGS_FAILED,
          "tokenizer not found: " + tokenizer + " (set tokenizerPath to the model's"
              + " tokenizer.json)");
    }
    int maxLength = maxLength(config, 8192);
    String queryPrefix = config.getOrDefault("queryPrefix", "");
    String documentPrefix = config.getOrDefault("documentPrefix", "");
    return DjlEmbeddingProvider.load(NAME, modelId(modelFile, tokenizer, maxLength, pooling,
        queryPrefix, documentPrefix), modelFile, tokenizer, maxLength, engine, pooling,
        queryPrefix, documentPrefix);
  }

  /**
   * Identifies a local model's vectors for caches and snapshots by what decides them: the size
   * and two checksums (CRC-32C and CRC-32: 64 bits) of the model's and the tokenizer's bytes, and
   * the settings that change a document's vector. A byte-identical copy of the model, wherever
   * it lies and whatever its files' times, has the same id, so vectors written in CI are used;
   * a changed file gives another id, so they are not. Checksums, not SHA-256: both are
   * intrinsics, 60-80 ms for a 133 MB model where SHA-256 took 0.23 s (1.1 s in the one-shot
   * commands' C1-only JVM). The {@code crc} tokens keep these ids apart from the older ones
   * (names and modification times), whose vectors are therefore embedded again.
   */
  static String modelId(Path modelFile, Path tokenizer, int maxLength,
      DjlEmbeddingProvider.Pooling pooling, String queryPrefix, String documentPrefix) {
    return NAME + ":model:" + contentId(modelFile) + ":tokenizer:" + contentId(tokenizer) + ":"
        + maxLength + ":" + pooling + ":" + Integer.toHexString(documentPrefix.hashCode()) + ":"
        + Integer.toHexString(queryPrefix.hashCode());
  }

  /** {@return a file's size and checksums of its bytes, as {@code SIZE:crc=HEX}} */
  static String contentId(Path file) {
    java.util.zip.CRC32C c = new java.util.zip.CRC32C();
    java.util.zip.CRC32 d = new java.util.zip.CRC32();
    long size = 0;
    byte[] buffer = new byte[1 << 16];
    try (java.io.InputStream in = Files.newInputStream(file)) {
      int n;
      while ((n = in.read(buffer)) > 0) {
        c.update(buffer, 0, n);
        d.update(buffer, 0, n);
        size += n;
      }
    } catch (java.io.IOException e) {
      throw new SnowchatException(IndexErrorCode.EMBEDDINGS_FAILED,
          "cannot read embedding model file " + file + ": " + e.getMessage(), e);
    }
    return size + ":crc=" + String.format(java.util.Locale.ROOT, "%08x%08x", c.getValue(),
        d.getValue());
  }

  private static DjlEmbeddingProvider.Pooling pooling(@Nullable String text) {
    if (text == null) {
      return DjlEmbeddingProvider.Pooling.MEAN;
    }
    return switch (text.strip().toLowerCase(java.util.Locale.ROOT)) {
      case "mean" -> DjlEmbeddingProvider.Pooling.MEAN;
      case "cls" -> DjlEmbeddingProvider.Pooling.CLS;
      default -> throw new IllegalArgumentException(
          "pooling must be mean or cls, got '" + text + "'");
    };
  }

  private static @Nullable Path firstOnnx(Path dir) {
    Path preferred = dir.resolve("model.onnx");
    if (Files.isRegularFile(preferred)) {
      return preferred;
    }
    try (var files = Files.list(dir)) {
      return files.filter(p -> p.getFileName().toString().endsWith(".onnx")).sorted()
          .findFirst().orElse(null);
    } catch (java.io.IOException e) {
      return null;
    }
  }

  /**
   * Fails with a message naming what is missing unless DJL, its tokenizer and (for the default
   * engine) ONNX Runtime are on the class path. Every model provider calls it before anything
   * that links to DJL types ({@link DjlEmbeddingProvider}): without them the host gets this
   * message instead of a {@code NoClassDefFoundError}.
   *
   * @param provider the provider name, for the message
   * @param engine the DJL engine the provider runs
   * @throws SnowchatException {@link IndexErrorCode#EMBEDDINGS_FAILED} when a class is missing
   */
  static void requireDjl(String provider, String engine) {
    // Nothing downloads at run time and DJL never reports usage, even when the host forgot the
    // flags (an explicit setting wins).
    if (System.getProperty("ai.djl.offline") == null) {
      System.setProperty("ai.djl.offline", "true");
    }
    if (System.getProperty("OPT_OUT_TRACKING") == null) {
      System.setProperty("OPT_OUT_TRACKING", "true");
    }
    java.util.List<String> classes = new java.util.ArrayList<>(java.util.List.of(
        "ai.djl.Model", "ai.djl.translate.Translator",
        "ai.djl.huggingface.tokenizers.HuggingFaceTokenizer"));
    if (engine.equalsIgnoreCase("OnnxRuntime")) {
      classes.add("ai.djl.onnxruntime.engine.OrtEngine");
      classes.add("ai.onnxruntime.OrtEnvironment");
    }
    ClassLoader loader = DjlEmbeddingProviderFactory.class.getClassLoader();
    for (String cls : classes) {
      try {
        Class.forName(cls, false, loader);
      } catch (ClassNotFoundException | LinkageError e) {
        throw new SnowchatException(IndexErrorCode.EMBEDDINGS_FAILED,
            "embedding provider " + provider + " needs DJL and ONNX Runtime on the class path ("
                + cls + " is missing): add ai.djl:api, ai.djl.huggingface:tokenizers and"
                + " ai.djl.onnxruntime:onnxruntime-engine (the runnable Snowchat jars read them"
                + " from lib/ beside the jar: keep that folder with the jar), or choose hashing"
                + " or none", e);
      }
    }
  }

  /**
   * Reads the {@code maxLength} setting of a model provider (tokens per text, default 256).
   * Here, not in {@link DjlEmbeddingProvider}, whose class links to DJL.
   *
   * @param config the provider's settings
   * @param max the largest the model takes
   * @return the length
   * @throws IllegalArgumentException when the setting is not an integer in 8 to {@code max}
   */
  static int maxLength(Map<String, String> config, int max) {
    String text = config.get("maxLength");
    if (text == null) {
      return 256;
    }
    int value;
    try {
      value = Integer.parseInt(text.strip());
    } catch (NumberFormatException e) {
      throw new IllegalArgumentException("maxLength must be an integer, got '" + text + "'");
    }
    if (value < 8 || value > max) {
      throw new IllegalArgumentException("maxLength must be between 8 and " + max + ", got "
          + value);
    }
    return value;
  }

  @Override
  public Set<String> sensitivePropertyNames() {
    return Set.of();
  }
}
