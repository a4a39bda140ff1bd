package dev.snowchat.schemaindex.internal.embed;

import static java.util.Objects.requireNonNull;

import dev.snowchat.schemaindex.EmbeddingProvider;
import dev.snowchat.schemaindex.EmbeddingProviderFactory;
import dev.snowchat.schemaindex.IndexErrorCode;
import dev.snowchat.sqlgate.SnowchatException;
import java.io.IOException;
import java.io.InputStream;
import java.net.URL;
import java.net.URLConnection;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.Map;
import java.util.Set;
import org.jspecify.annotations.Nullable;

/**
 * A sentence model shipped inside the distribution: its ONNX file and tokenizer are class-path
 * resources of a Maven artifact, copied once to a local folder (ONNX Runtime reads files) and run
 * by DJL, with no download. Subclasses name the model; selected by name like every provider.
 *
 * <p>Configuration: {@code maxLength} (tokens, default 256) and {@code cacheDir} (where the
 * model files are copied; default {@code java.io.tmpdir/snowchat-models}). Needs DJL ({@code
 * ai.djl:api}, {@code ai.djl.huggingface:tokenizers}, {@code ai.djl.onnxruntime:onnxruntime-engine})
 * and the model artifact on the class path; keep DJL offline with {@code OPT_OUT_TRACKING=true}
 * and {@code -Dai.djl.offline=true}.
 */
abstract class ShippedModelFactory implements EmbeddingProviderFactory {
  private static final Set<String> KEYS = Set.of("maxLength", "cacheDir");

  /** The instruction BGE models put before short queries that search passages. */
  static final String BGE_QUERY_PREFIX =
      "Represent this sentence for searching relevant passages: ";

  /**
   * A shipped model.
   *
   * @param name the provider name
   * @param modelResource the ONNX file's class-path resource
   * @param tokenizerResource the tokenizer.json's class-path resource
   * @param artifact the Maven artifact holding both (for the error message)
   * @param version the artifact version (part of the model id)
   * @param pooling CLS or mean pooling
   * @param queryPrefix the query instruction
   * @param dimension the vectors' dimension
   * @param shipped whether the products (server, plugin, chat app) carry the artifact
   */
  record Model(String name, String modelResource, String tokenizerResource, String artifact,
      String version, DjlEmbeddingProvider.Pooling pooling, String queryPrefix, int dimension,
      boolean shipped) {
    /** {@return what the message about a missing artifact says of the products} */
    String shippedBy() {
      return shipped ? ", which the Snowchat server, plugin and chat app carry (in lib/ beside"
          + " the runnable jars)" : ", which no Snowchat product ships (the server, the plugin"
          + " and the chat app carry bge-small only)";
    }
  }

  abstract Model model();

  @Override
  public final String name() {
    return model().name();
  }

  @Override
  public final EmbeddingProvider create(Map<String, String> config) {
    requireNonNull(config, "config is null");
    Model m = model();
    // First DJL and ONNX Runtime (before any class that links to them loads), then the model
    // artifact: fail now, not at the first embedding, when either is missing; load it later.
    DjlEmbeddingProviderFactory.requireDjl(m.name(), "OnnxRuntime");
    requireResource(m, m.modelResource());
    requireResource(m, m.tokenizerResource());
    for (String key : config.keySet()) {
      if (!KEYS.contains(key)) {
        throw new IllegalArgumentException("unknown key '" + key + "' for embedding provider "
            + m.name() + "; allowed: cacheDir, maxLength");
      }
    }
    int maxLength = DjlEmbeddingProviderFactory.maxLength(config, 512);
    String dirText = config.get("cacheDir");
    Path dir = dirText == null || dirText.isBlank()
        ? Path.of(System.getProperty("java.io.tmpdir"), "snowchat-models")
        : Path.of(dirText.strip());
    Path folder = dir.resolve(m.name() + "-" + m.version());
    String id = m.name() + ":" + m.modelResource() + "@" + m.version() + ":" + maxLength;
    int length = maxLength;
    return new LazyEmbeddingProvider(m.name(), id, m.dimension(), () -> {
      Path modelFile = extract(m, m.modelResource(), folder.resolve("model.onnx"));
      Path tokenizer = extract(m, m.tokenizerResource(), folder.resolve("tokenizer.json"));
      return DjlEmbeddingProvider.load(m.name(), id, modelFile, tokenizer, length,
          "OnnxRuntime", m.pooling(), m.queryPrefix(), "");
    });
  }

  /** {@return whether the model's artifact is on the class path} */
  final boolean available() {
    return resource(model().modelResource()) != null;
  }

  private static URL requireResource(Model m, String resource) {
    URL url = resource(resource);
    if (url == null) {
      throw new SnowchatException(IndexErrorCode.EMBEDDINGS_FAILED, "embedding model "
          + m.name() + " is not on the class path: it needs " + m.artifact() + ":"
          + m.version() + " (" + resource + " is missing)" + m.shippedBy() + "; choose "
          + EmbeddingSetting.choices());
    }
    return url;
  }

  private static @Nullable URL resource(String name) {
    URL url = ShippedModelFactory.class.getClassLoader().getResource(name);
    if (url == null && Thread.currentThread().getContextClassLoader() != null) {
      url = Thread.currentThread().getContextClassLoader().getResource(name);
    }
    return url;
  }

  /**
   * Copies a resource to {@code target} unless a file of the same size is there (another
   * process or an earlier start copied it); the copy goes through a temporary file and an atomic
   * move, so that concurrent starts never read a half-written model.
   */
  private static Path extract(Model m, String resource, Path target) {
    URL url = requireResource(m, resource);
    try {
      Files.createDirectories(target.getParent());
      long size;
      URLConnection c = url.openConnection();
      size = c.getContentLengthLong();
      if (Files.isRegularFile(target) && size >= 0 && Files.size(target) == size) {
        return target;
      }
      Path tmp = Files.createTempFile(target.getParent(), target.getFileName().toString(),
          ".tmp");
      try (InputStream in = c.getInputStream()) {
        Files.copy(in, tmp, StandardCopyOption.REPLACE_EXISTING);
      }
      Files.move(tmp, target, StandardCopyOption.REPLACE_EXISTING,
          StandardCopyOption.ATOMIC_MOVE);
      return target;
    } catch (IOException e) {
      throw new SnowchatException(IndexErrorCode.EMBEDDINGS_FAILED, "cannot copy " + resource
          + " of embedding provider " + m.name() + " to " + target + ": " + e.getMessage(), e);
    }
  }

  @Override
  public final Set<String> sensitivePropertyNames() {
    return Set.of();
  }
}
