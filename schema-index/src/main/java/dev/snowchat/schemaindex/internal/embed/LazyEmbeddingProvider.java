package dev.snowchat.schemaindex.internal.embed;

import static java.util.Objects.requireNonNull;

import dev.snowchat.schemaindex.EmbeddingProvider;
import dev.snowchat.schemaindex.IndexErrorCode;
import dev.snowchat.sqlgate.SnowchatException;
import java.util.List;
import java.util.function.Supplier;
import org.jspecify.annotations.Nullable;

/**
 * A model provider that knows its name, id and dimension up front and loads the model on first
 * use: a server builds its index (which asks only for those) before its first answer, and the
 * model's load (about half a second of a cold start: DJL, ONNX Runtime, the model file) moves to
 * the index's background embedding. A failed load is remembered and thrown again on each use.
 */
final class LazyEmbeddingProvider implements EmbeddingProvider {
  private final String name;
  private final String modelId;
  private final int dimension;
  private final Supplier<EmbeddingProvider> loader;
  private @Nullable EmbeddingProvider loaded;
  private @Nullable RuntimeException failure;
  private boolean closed;

  LazyEmbeddingProvider(String name, String modelId, int dimension,
      Supplier<EmbeddingProvider> loader) {
    this.name = requireNonNull(name, "name is null");
    this.modelId = requireNonNull(modelId, "modelId is null");
    this.dimension = dimension;
    this.loader = requireNonNull(loader, "loader is null");
  }

  @Override
  public String name() {
    return name;
  }

  @Override
  public String modelId() {
    return modelId;
  }

  @Override
  public int dimension() {
    return dimension;
  }

  /** {@return whether the model has been loaded} */
  synchronized boolean isLoaded() {
    return loaded != null;
  }

  private synchronized EmbeddingProvider model() {
    if (closed) {
      throw new IllegalStateException("embedding provider " + name + " is closed");
    }
    if (failure != null) {
      throw failure;
    }
    if (loaded == null) {
      try {
        EmbeddingProvider p = loader.get();
        if (p.dimension() != dimension) {
          p.close();
          throw new SnowchatException(IndexErrorCode.EMBEDDINGS_FAILED, "embedding model " + name
              + " has dimension " + p.dimension() + ", expected " + dimension);
        }
        loaded = p;
      } catch (RuntimeException e) {
        failure = e;
        throw e;
      }
    }
    return loaded;
  }

  @Override
  public float[] embed(String text) {
    return model().embed(text);
  }

  @Override
  public float[] embedQuery(String query) {
    return model().embedQuery(query);
  }

  @Override
  public List<float[]> embedAll(List<String> texts) {
    return model().embedAll(texts);
  }

  @Override
  public synchronized void close() {
    closed = true;
    if (loaded != null) {
      loaded.close();
      loaded = null;
    }
  }

  @Override
  public String toString() {
    return "LazyEmbeddingProvider[" + modelId + (loaded == null ? ", not loaded" : ", loaded")
        + "]";
  }
}
