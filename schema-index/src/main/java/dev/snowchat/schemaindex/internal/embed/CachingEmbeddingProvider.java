package dev.snowchat.schemaindex.internal.embed;

import static java.util.Objects.requireNonNull;

import dev.snowchat.schemaindex.EmbeddingProvider;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicLong;

/**
 * A provider that never embeds a document text twice: {@link #embed} and {@link #embedAll} answer
 * from a {@link VectorCache} and send only the texts it misses (each once) to the model. Query
 * vectors are kept in a small in-memory LRU (the same question asked again gets the same
 * vector, and the model is not run). Counts what it embedded, for tests and figures.
 */
public final class CachingEmbeddingProvider implements EmbeddingProvider {
  private static final int QUERY_CACHE = 1024;

  private final EmbeddingProvider delegate;
  private final VectorCache cache;
  private final AtomicLong embedded = new AtomicLong();
  private final Map<String, float[]> queries = new LinkedHashMap<>(64, 0.75f, true) {
    @Override
    protected boolean removeEldestEntry(Map.Entry<String, float[]> eldest) {
      return size() > QUERY_CACHE;
    }
  };

  /**
   * Wraps a provider.
   *
   * @param delegate the model
   * @param cache vectors of the same model ({@link VectorCache#modelId()} equal to the
   *     delegate's)
   */
  public CachingEmbeddingProvider(EmbeddingProvider delegate, VectorCache cache) {
    this.delegate = requireNonNull(delegate, "delegate is null");
    this.cache = requireNonNull(cache, "cache is null");
    if (!cache.modelId().equals(delegate.modelId())) {
      throw new IllegalArgumentException("the vector cache holds vectors of " + cache.modelId()
          + ", not of " + delegate.modelId());
    }
  }

  /** {@return the cache} */
  public VectorCache cache() {
    return cache;
  }

  /** {@return the model behind the cache} */
  public EmbeddingProvider delegate() {
    return delegate;
  }

  /** {@return the number of document texts sent to the model so far} */
  public long embedded() {
    return embedded.get();
  }

  @Override
  public String name() {
    return delegate.name();
  }

  @Override
  public String modelId() {
    return delegate.modelId();
  }

  @Override
  public int dimension() {
    return delegate.dimension();
  }

  @Override
  public float[] embed(String text) {
    float[] v = cache.get(text);
    if (v == null) {
      v = delegate.embed(text);
      embedded.incrementAndGet();
      cache.put(text, v);
    }
    return v;
  }

  @Override
  public float[] embedQuery(String query) {
    synchronized (queries) {
      float[] v = queries.get(query);
      if (v != null) {
        return v;
      }
    }
    float[] v = delegate.embedQuery(query);
    synchronized (queries) {
      queries.put(query, v);
    }
    return v;
  }

  @Override
  public List<float[]> embedAll(List<String> texts) {
    LinkedHashSet<String> missing = new LinkedHashSet<>();
    for (String t : texts) {
      if (!cache.contains(t)) {
        missing.add(t);
      }
    }
    if (!missing.isEmpty()) {
      List<String> unique = List.copyOf(missing);
      List<float[]> vectors = delegate.embedAll(unique);
      embedded.addAndGet(unique.size());
      for (int i = 0; i < unique.size(); i++) {
        cache.put(unique.get(i), vectors.get(i));
      }
    }
    List<float[]> out = new ArrayList<>(texts.size());
    for (String t : texts) {
      float[] v = cache.get(t);
      out.add(v != null ? v : embed(t));
    }
    return out;
  }

  /** Does nothing: the delegate belongs to whoever created it. */
  @Override
  public void close() {}
}
