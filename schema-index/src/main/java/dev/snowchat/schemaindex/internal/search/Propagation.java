package dev.snowchat.schemaindex.internal.search;

import dev.snowchat.schemaindex.JoinEdge;
import dev.snowchat.schemaindex.QualifiedName;
import dev.snowchat.schemaindex.TableInfo;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Ranking stage: join propagation, off by default ({@link Tuning#propagation()} 0). Each of the
 * best {@link Tuning#propagationSources()} candidates lifts the tables it joins to (which may
 * not have matched at all) by {@code propagation x its score x the edge's confidence}; a table
 * keeps the largest lift. Sets {@link QueryContext#propagatedFrom}.
 *
 * @param tuning the weights
 */
record Propagation(Tuning tuning) {
  void apply(QueryContext q) {
    Map<String, QualifiedName> from = new HashMap<>();
    q.propagatedFrom = from;
    if (tuning.propagation() <= 0 || q.scores.isEmpty()) {
      return;
    }
    List<Map.Entry<String, Double>> top = q.ranked();
    Map<String, Double> bonus = new HashMap<>();
    for (Map.Entry<String, Double> e : top.subList(0, Math.min(top.size(),
        tuning.propagationSources()))) {
      TableInfo t = q.candidates.get(e.getKey());
      for (JoinEdge edge : q.catalog.graph().neighbors(t.id())) {
        QualifiedName other = edge.toTable(); // neighbors() orients each edge from t
        String k = Fields.key(other);
        TableInfo o = q.catalog.tables().get(k);
        if (o == null || !q.accepts(o)) {
          continue;
        }
        double b = tuning.propagation() * e.getValue() * edge.confidence();
        if (b > bonus.getOrDefault(k, 0.0)) {
          bonus.put(k, b);
          from.put(k, t.id());
          q.candidates.putIfAbsent(k, o);
        }
      }
    }
    for (Map.Entry<String, Double> e : bonus.entrySet()) {
      q.scores.merge(e.getKey(), e.getValue(), Double::sum);
    }
  }
}
