package dev.snowchat.schemaindex.internal.search;

import dev.snowchat.schemaindex.JoinEdge;
import dev.snowchat.schemaindex.TableInfo;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Ranking stage: the bridge table. A question about clients and their accounts "in South
 * Bohemia" names two tables that do not join each other but both join a third it does not
 * name, or names only by a value: the parent both reference ({@code DISTRICT}), or a link table
 * ({@code DISP}); no other stage finds it, yet no SQL answers the question without it. Among
 * the best {@link Tuning#bridgeSources()} candidates, the first pair (best first) that does not
 * join directly but shares a join neighbour outside them lifts that neighbour (the best scored,
 * if several) to rank {@link Tuning#bridgeRank()}, just below the hit ranked one above it; a
 * table already ranked there or higher keeps its place. One bridge per search. Sets {@link
 * QueryContext#bridged}.
 *
 * @param tuning the weights
 */
record Bridges(Tuning tuning) {
  void apply(QueryContext q) {
    int sources = tuning.bridgeSources();
    int rank = tuning.bridgeRank();
    if (sources < 2 || rank < 1 || q.scores.size() < 2) {
      return;
    }
    List<String> keys = q.rankedKeys();
    List<String> top = List.copyOf(keys.subList(0, Math.min(keys.size(), sources)));
    Set<String> topKeys = new HashSet<>(top);
    Map<String, Set<String>> neighbours = new HashMap<>();
    for (String k : top) {
      neighbours.put(k, neighbours(q, q.candidates.get(k)));
    }
    for (int i = 0; i < top.size(); i++) {
      String a = top.get(i);
      Set<String> na = neighbours.get(a);
      for (int j = i + 1; j < top.size(); j++) {
        String b = top.get(j);
        if (na.contains(b)) {
          continue;
        }
        Set<String> nb = neighbours.get(b);
        String best = null;
        double bestScore = -1;
        for (String k : na) {
          if (topKeys.contains(k) || !nb.contains(k)) {
            continue;
          }
          double s = q.scores.getOrDefault(k, 0.0);
          if (best == null || s > bestScore || (s == bestScore && k.compareTo(best) < 0)) {
            best = k;
            bestScore = s;
          }
        }
        if (best != null) {
          lift(q, keys, best, a, b, rank);
          return;
        }
      }
    }
  }

  /**
   * The keys of the tables a candidate joins that the request accepts (itself excluded);
   * {@code neighbors} orients every edge from the candidate.
   */
  private static Set<String> neighbours(QueryContext q, TableInfo t) {
    Set<String> out = new HashSet<>();
    for (JoinEdge edge : q.catalog.graph().neighbors(t.id())) {
      if (edge.toTable().equals(t.id())) {
        continue;
      }
      String k = Fields.key(edge.toTable());
      TableInfo o = q.catalog.tables().get(k);
      if (o != null && q.accepts(o)) {
        out.add(k);
      }
    }
    return out;
  }

  /**
   * Lifts the bridge to {@code rank} (1-based), just below the hit ranked one above it, unless
   * it is ranked there or higher already.
   */
  private static void lift(QueryContext q, List<String> keys, String key, String a, String b,
      int rank) {
    int at = keys.indexOf(key);
    if (at >= 0 && at < rank) {
      return;
    }
    q.place(keys, key, rank - 1);
    q.order(keys);
    q.bridged = Map.of(key, List.of(q.candidates.get(a).id(), q.candidates.get(b).id()));
  }
}
