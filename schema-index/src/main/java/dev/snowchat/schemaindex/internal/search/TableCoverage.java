package dev.snowchat.schemaindex.internal.search;

import java.io.IOException;
import java.util.HashMap;
import java.util.Map;

/**
 * Ranking stage, semantic models only: table coverage. A table gains {@link
 * Tuning#tableCoverage()} times the best fused score, times the share of the question's words
 * (weighted by IDF) that its name and columns hold, as a share of the best table's. Fusion ranks
 * by position, and a vector compares whole texts: a table that holds every rare word of the
 * question ("which nights is a listing available in the calendar": {@code FACT_CALENDAR}'s
 * {@code IS_AVAILABLE}, {@code CALENDAR_DATE}, {@code LISTING_ID}, {@code MINIMUM_NIGHTS}) can
 * rank below one that holds half of them. Keyword-only and hashing indexes weigh plain BM25 in
 * fusion instead ({@link Tuning#tableBm25()}).
 *
 * @param tuning the weights
 * @param semantic whether vectors come from a semantic model
 */
record TableCoverage(Tuning tuning, boolean semantic) {
  void apply(QueryContext q) throws IOException {
    if (!semantic || tuning.tableCoverage() <= 0 || q.scores.isEmpty() || q.words.isEmpty()) {
      return;
    }
    Map<String, Double> idf = q.wordIdf();
    double all = 0;
    for (double w : idf.values()) {
      all += w;
    }
    Map<String, Double> coverage = new HashMap<>();
    for (String k : q.scores.keySet()) {
      coverage.put(k, Coherence.share(q.catalog.words(q.candidates.get(k)), idf, all));
    }
    double best = Fusion.max(coverage);
    if (best <= 0) {
      return;
    }
    double boost = tuning.tableCoverage() * Fusion.max(q.scores) / best;
    for (Map.Entry<String, Double> e : q.scores.entrySet()) {
      e.setValue(e.getValue() + boost * coverage.get(e.getKey()));
    }
  }
}
