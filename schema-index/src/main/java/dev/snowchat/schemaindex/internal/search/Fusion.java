package dev.snowchat.schemaindex.internal.search;

import dev.snowchat.schemaindex.TableInfo;
import java.util.List;
import java.util.Map;

/**
 * Ranking stage: fusion. The keyword, table-vector and column rankings are fused by reciprocal
 * rank fusion ({@link Rrf}) with their weights; the fused tables still in the catalog become the
 * candidates ({@link QueryContext#scores}, {@link QueryContext#candidates}).
 *
 * @param tuning the weights
 * @param vectorWeight the table-vector ranking's weight, which depends on the provider
 */
record Fusion(Tuning tuning, double vectorWeight) {
  void fuse(QueryContext q) {
    Map<String, Double> fused = Rrf.fuse(
        List.of(q.keywordRanking, q.vectorRanking, q.columnRanking),
        new double[] {tuning.keywordWeight(), vectorWeight, tuning.columnWeight()},
        tuning.rrfC());
    for (Map.Entry<String, Double> e : fused.entrySet()) {
      TableInfo t = q.catalog.tables().get(e.getKey());
      if (t != null) {
        q.scores.put(e.getKey(), e.getValue());
        q.candidates.put(e.getKey(), t);
      }
    }
  }
}
