package dev.snowchat.schemaindex.internal.embed;

import dev.snowchat.schemaindex.EmbeddingProvider;
import dev.snowchat.schemaindex.internal.search.Words;
import java.nio.charset.StandardCharsets;
import java.util.List;

/**
 * The dependency-free default provider: feature hashing of normalized words, word pairs and
 * character trigrams into a signed, L2-normalized vector. It knows no synonyms, but it matches
 * word variants and misspellings that exact keyword search misses ({@code cognress} and {@code
 * congress} share most trigrams).
 */
final class HashingEmbeddingProvider implements EmbeddingProvider {
  private static final float WORD = 1.0f;
  private static final float PAIR = 0.5f;
  private static final float TRIGRAM = 0.35f;

  private final int dimension;

  HashingEmbeddingProvider(int dimension) {
    if (dimension < 16 || dimension > 4096) {
      throw new IllegalArgumentException("dimension must be between 16 and 4096, got " + dimension);
    }
    this.dimension = dimension;
  }

  @Override
  public String name() {
    return HashingEmbeddingProviderFactory.NAME;
  }

  @Override
  public String modelId() {
    return HashingEmbeddingProviderFactory.NAME + ":murmur3:" + dimension;
  }

  @Override
  public int dimension() {
    return dimension;
  }

  @Override
  public float[] embed(String text) {
    float[] v = new float[dimension];
    List<String> words = Words.of(text);
    String previous = null;
    for (String w : words) {
      add(v, "w:" + w, WORD);
      if (previous != null) {
        add(v, "p:" + previous + ' ' + w, PAIR);
      }
      previous = w;
      String padded = "<" + w + ">";
      for (int i = 0; i + 3 <= padded.length(); i++) {
        add(v, padded.substring(i, i + 3), TRIGRAM);
      }
    }
    double norm = 0;
    for (float x : v) {
      norm += x * x;
    }
    if (norm > 0) {
      float inv = (float) (1.0 / Math.sqrt(norm));
      for (int i = 0; i < v.length; i++) {
        v[i] *= inv;
      }
    }
    return v;
  }

  private void add(float[] v, String feature, float weight) {
    int h = murmur(feature.getBytes(StandardCharsets.UTF_8));
    int slot = Math.floorMod(h, dimension);
    v[slot] += (h & 0x40000000) == 0 ? weight : -weight;
  }

  /** MurmurHash3 x86 32-bit, seed 0: stable across JVMs and releases. */
  static int murmur(byte[] data) {
    int h = 0;
    int n = data.length;
    int i = 0;
    while (i + 4 <= n) {
      int k = (data[i] & 0xff) | (data[i + 1] & 0xff) << 8 | (data[i + 2] & 0xff) << 16
          | (data[i + 3] & 0xff) << 24;
      h ^= mixK(k);
      h = Integer.rotateLeft(h, 13) * 5 + 0xe6546b64;
      i += 4;
    }
    int rest = n - i;
    if (rest > 0) {
      int k = 0;
      if (rest == 3) {
        k ^= (data[i + 2] & 0xff) << 16;
      }
      if (rest >= 2) {
        k ^= (data[i + 1] & 0xff) << 8;
      }
      k ^= data[i] & 0xff;
      h ^= mixK(k);
    }
    h ^= n;
    h ^= h >>> 16;
    h *= 0x85ebca6b;
    h ^= h >>> 13;
    h *= 0xc2b2ae35;
    h ^= h >>> 16;
    return h;
  }

  private static int mixK(int k) {
    k *= 0xcc9e2d51;
    k = Integer.rotateLeft(k, 15);
    return k * 0x1b873593;
  }
}
