package dev.snowchat.schemaindex.internal.search;

import dev.snowchat.schemaindex.JoinEdge;
import dev.snowchat.schemaindex.QualifiedName;
import dev.snowchat.schemaindex.TableInfo;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Ranking stage: the parent table. A question about a fact filters or labels it by what the
 * fact references: accounts "in Prague" need the district table, lap times "at the Sepang
 * circuit" the circuits, heroes "published by Marvel" the publishers. The question names such
 * a parent by a value, which no table holds in its name or columns, so no other stage finds it.
 * The tables that any of the best {@link Tuning#parentSources()} candidates reference (the
 * other end of their join edges that start at them) compete, but for those ranked above {@link
 * Tuning#parentRank()}; the best scored is lifted to that rank, just below the hit ranked one
 * above it (or stays, when ranked there already). One parent per search, after {@link Bridges}. Sets {@link
 * QueryContext#referencedBy}.
 *
 * @param tuning the weights
 */
record Parents(Tuning tuning) {
  void apply(QueryContext q) {
    int sources = tuning.parentSources();
    int rank = tuning.parentRank();
    if (sources < 1 || rank < 1 || q.scores.isEmpty()) {
      return;
    }
    List<Map.Entry<String, Double>> ranked = q.ranked();
    // the tables ranked above the target rank; one at it already is the one lifted (no change)
    Set<String> above = new HashSet<>();
    for (Map.Entry<String, Double> e : ranked.subList(0, Math.min(ranked.size(), rank - 1))) {
      above.add(e.getKey());
    }
    String best = null;
    TableInfo bestTable = null;
    double bestScore = -1;
    QualifiedName child = null;
    for (Map.Entry<String, Double> e : ranked.subList(0, Math.min(ranked.size(), sources))) {
      TableInfo t = q.candidates.get(e.getKey());
      for (JoinEdge edge : q.catalog.graph().references(t.id())) {
        String k = Fields.key(edge.toTable());
        TableInfo parent = q.catalog.tables().get(k);
        if (above.contains(k) || parent == null || !q.accepts(parent)) {
          continue;
        }
        double s = q.scores.getOrDefault(k, 0.0);
        if (best == null || s > bestScore || (s == bestScore && k.compareTo(best) < 0)) {
          best = k;
          bestTable = parent;
          bestScore = s;
          child = t.id();
        }
      }
    }
    boolean atRank = rank - 1 < ranked.size() && ranked.get(rank - 1).getKey().equals(best);
    if (best != null && !atRank) {
      q.scores.put(best, Bridges.scoreAt(ranked, rank));
      q.candidates.putIfAbsent(best, bestTable);
      q.referencedBy = Map.of(best, child);
    }
  }
}
