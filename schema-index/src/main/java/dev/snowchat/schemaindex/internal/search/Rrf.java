package dev.snowchat.schemaindex.internal.search;

import java.util.HashMap;
import java.util.List;
import java.util.Map;

/** Reciprocal rank fusion: each ranking adds {@code weight / (c + rank)}, rank from 1. */
final class Rrf {
  /** The usual constant; it damps the advantage of the very first ranks. */
  static final double C = 60;

  private Rrf() {}

  /**
   * Fuses rankings of keys.
   *
   * @param rankings ranked keys, best first
   * @param weights one weight per ranking
   * @param c the rank constant
   * @return key to fused score
   */
  static <K> Map<K, Double> fuse(List<List<K>> rankings, double[] weights, double c) {
    if (rankings.size() != weights.length) {
      throw new IllegalArgumentException(
          "need one weight per ranking: " + rankings.size() + " vs " + weights.length);
    }
    Map<K, Double> out = new HashMap<>();
    for (int r = 0; r < rankings.size(); r++) {
      List<K> ranking = rankings.get(r);
      for (int i = 0; i < ranking.size(); i++) {
        out.merge(ranking.get(i), weights[r] / (c + i + 1), Double::sum);
      }
    }
    return out;
  }
}
