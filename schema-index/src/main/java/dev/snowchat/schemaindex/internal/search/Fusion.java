package dev.snowchat.schemaindex.internal.search;

import dev.snowchat.schemaindex.TableInfo;
import java.util.List;
import java.util.Map;

/**
 * Ranking stage: fusion. The keyword, table-vector and column rankings are fused by reciprocal
 * rank fusion ({@link Rrf}) with their weights; the fused tables still in the catalog become the
 * candidates ({@link QueryContext#scores}, {@link QueryContext#candidates}). With a plain BM25
 * weight, a table's score becomes its fused score as a share of the best plus that weight times
 * its plain BM25 score as a share of the best ({@link QueryContext#plainScores}): ranks alone
 * say that a table came first, not by how much.
 *
 * @param tuning the weights
 * @param vectorWeight the table-vector ranking's weight, which depends on the provider
 * @param bm25Weight the plain BM25 scores' weight, which depends on the provider (0: off)
 */
record Fusion(Tuning tuning, double vectorWeight, double bm25Weight) {
  void fuse(QueryContext q) {
    Map<String, Double> fused = Rrf.fuse(
        List.of(q.keywordRanking, q.vectorRanking, q.columnRanking),
        new double[] {tuning.keywordWeight(), vectorWeight, tuning.columnWeight()},
        tuning.rrfC());
    double maxFused = max(fused);
    double maxBm25 = max(q.plainScores);
    if (bm25Weight > 0 && maxFused > 0 && maxBm25 > 0) {
      fused.replaceAll((k, v) -> v / maxFused
          + bm25Weight * q.plainScores.getOrDefault(k, 0.0) / maxBm25);
    }
    for (Map.Entry<String, Double> e : fused.entrySet()) {
      TableInfo t = q.catalog.tables().get(e.getKey());
      if (t != null) {
        q.scores.put(e.getKey(), e.getValue());
        q.candidates.put(e.getKey(), t);
      }
    }
  }

  /** {@return the largest value, 0 when none is positive} */
  static double max(Map<String, Double> scores) {
    double max = 0;
    for (double v : scores.values()) {
      max = Math.max(max, v);
    }
    return max;
  }
}
