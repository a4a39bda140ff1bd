package dev.snowchat.schemaindex.internal.embed;

import static java.util.Objects.requireNonNull;

import dev.snowchat.schemaindex.EmbeddingProvider;
import dev.snowchat.schemaindex.EmbeddingProviderFactory;
import dev.snowchat.schemaindex.EmbeddingProviders;
import java.nio.file.Files;
import java.nio.file.InvalidPathException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.ServiceLoader;

/**
 * The product setting that chooses the embedding model ({@code SNOWCHAT_EMBEDDINGS}, the
 * plugin's {@code snowchat.embeddings}): {@code MODEL[,key=value]...}, where {@code MODEL} is a
 * shipped model's name ({@code bge-small}), {@code hashing}, {@code none} (no settings), another
 * factory's name, or a local ONNX model path run by the {@code djl} provider. The settings go to
 * that model's factory ({@code bge-small,cacheDir=/x}, {@code hashing,dimension=512}, {@code
 * /models/bge,pooling=cls}). Messages name what can be typed here, not factory names.
 */
public final class EmbeddingSetting {
  private EmbeddingSetting() {}

  /**
   * Creates the provider a setting names; see {@link EmbeddingProviders#fromSetting}.
   *
   * @param setting the value
   * @return the provider, or empty for {@code none}
   * @throws IllegalArgumentException for an unknown model or a bad {@code key=value}
   * @throws dev.snowchat.sqlgate.SnowchatException {@code EMBEDDINGS_FAILED} when the model
   *     cannot start
   */
  public static Optional<EmbeddingProvider> create(String setting) {
    requireNonNull(setting, "setting is null");
    String v = setting.strip();
    if (v.isEmpty()) {
      v = EmbeddingProviders.SHIPPED;
    }
    String[] parts = v.split(",", -1);
    String head = parts[0].strip();
    if (head.isEmpty()) {
      // (an empty path would be the working directory)
      throw new IllegalArgumentException("embeddings setting '" + setting.strip() + "' names no"
          + " model before its settings; choose " + choices());
    }
    Map<String, String> config = new LinkedHashMap<>();
    for (int i = 1; i < parts.length; i++) {
      String part = parts[i].strip();
      int eq = part.indexOf('=');
      if (eq <= 0) {
        throw new IllegalArgumentException("embeddings setting: expected key=value after '"
            + head + "', got '" + part + "'");
      }
      String key = part.substring(0, eq).strip();
      if (config.put(key, part.substring(eq + 1).strip()) != null) {
        throw new IllegalArgumentException("embeddings setting: " + key + " is repeated");
      }
    }
    if (head.equals("none")) {
      if (!config.isEmpty()) {
        throw new IllegalArgumentException("embeddings setting: none takes no settings, got "
            + String.join(", ", config.keySet()));
      }
      return Optional.empty();
    }
    if (head.equals("hashing")) {
      return Optional.of(EmbeddingProviders.create(EmbeddingProviders.DEFAULT, config));
    }
    if (EmbeddingProviders.names().contains(head)) {
      return Optional.of(EmbeddingProviders.create(head, config));
    }
    if (isPath(head)) {
      if (config.containsKey("modelPath")) {
        throw new IllegalArgumentException("embeddings setting: modelPath is repeated (the"
            + " model path is '" + head + "')");
      }
      Map<String, String> djl = new LinkedHashMap<>();
      djl.put("modelPath", head);
      djl.putAll(config);
      return Optional.of(EmbeddingProviders.create(DjlEmbeddingProviderFactory.NAME, djl));
    }
    throw new IllegalArgumentException("no embedding model named '" + head + "'; choose "
        + choices());
  }

  /** A path, not a name: it has a separator, starts with a dot, ends in .onnx, or exists. */
  private static boolean isPath(String head) {
    if (head.contains("/") || head.contains("\\") || head.startsWith(".")
        || head.endsWith(".onnx")) {
      return true;
    }
    try {
      return Files.exists(Path.of(head));
    } catch (InvalidPathException e) {
      return false;
    }
  }

  /**
   * {@return what a setting can name in this process, for messages}: the shipped models whose
   * artifact and runtime are on the class path, {@code hashing}, {@code none}, and a local model
   * path when DJL is there
   */
  public static String choices() {
    boolean djl = djlPresent();
    List<String> out = new ArrayList<>();
    if (djl) {
      for (EmbeddingProviderFactory f : ServiceLoader.load(EmbeddingProviderFactory.class,
          EmbeddingSetting.class.getClassLoader())) {
        if (f instanceof ShippedModelFactory s && s.available()) {
          out.add(f.name().equals(EmbeddingProviders.SHIPPED)
              ? f.name() + " (the shipped default)" : f.name());
        }
      }
      out.sort(null);
    }
    out.add("hashing (no model: feature hashing)");
    out.add("none (keyword search only)");
    if (djl) {
      out.add("a local ONNX model path (an .onnx file, or a folder with model.onnx and"
          + " tokenizer.json)");
    }
    return String.join(", ", out) + "; each but none optionally followed by ,key=value"
        + " settings";
  }

  /** {@return whether DJL, its tokenizer and ONNX Runtime are on the class path} */
  static boolean djlPresent() {
    try {
      DjlEmbeddingProviderFactory.requireDjl("any", "OnnxRuntime");
      return true;
    } catch (dev.snowchat.sqlgate.SnowchatException e) {
      return false;
    }
  }
}
