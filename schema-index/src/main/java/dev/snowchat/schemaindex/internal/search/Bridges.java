package dev.snowchat.schemaindex.internal.search;

import dev.snowchat.schemaindex.JoinEdge;
import dev.snowchat.schemaindex.QualifiedName;
import dev.snowchat.schemaindex.TableInfo;
import java.util.ArrayList;
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
    List<Map.Entry<String, Double>> ranked = q.ranked();
    List<Map.Entry<String, Double>> top = ranked.subList(0, Math.min(ranked.size(), sources));
    Set<String> topKeys = new HashSet<>();
    Map<String, Set<String>> neighbours = new HashMap<>();
    for (Map.Entry<String, Double> e : top) {
      topKeys.add(e.getKey());
      neighbours.put(e.getKey(), neighbours(q, q.candidates.get(e.getKey())));
    }
    for (int i = 0; i < top.size(); i++) {
      String a = top.get(i).getKey();
      Set<String> na = neighbours.get(a);
      for (int j = i + 1; j < top.size(); j++) {
        String b = top.get(j).getKey();
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
          lift(q, ranked, best, a, b, rank);
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

  private static void lift(QueryContext q, List<Map.Entry<String, Double>> ranked, String key,
      String a, String b, int rank) {
    int at = -1;
    for (int i = 0; i < ranked.size(); i++) {
      if (ranked.get(i).getKey().equals(key)) {
        at = i;
        break;
      }
    }
    if (at >= 0 && at < rank) {
      return;
    }
    q.scores.put(key, scoreAt(ranked, rank));
    q.candidates.putIfAbsent(key, q.catalog.tables().get(key));
    List<String> keys = new ArrayList<>(ranked.size() + 1);
    for (Map.Entry<String, Double> e : ranked) {
      if (!e.getKey().equals(key)) {
        keys.add(e.getKey());
      }
    }
    keys.add(Math.min(rank - 1, keys.size()), key);
    q.order(keys);
    q.bridged = Map.of(key, List.of(q.candidates.get(a).id(), q.candidates.get(b).id()));
  }

  /**
   * The score that ranks a table at {@code rank} (1-based) of a ranking it is not yet in the
   * first {@code rank} of: between the hits now at ranks {@code rank - 1} and {@code rank}, or
   * below the last one.
   */
  static double scoreAt(List<Map.Entry<String, Double>> ranked, int rank) {
    double first = ranked.get(0).getValue();
    double above = rank >= 2 ? ranked.get(Math.min(rank - 2, ranked.size() - 1)).getValue()
        : first + Math.max(Math.abs(first), 1e-9);
    double below = rank - 1 < ranked.size() ? ranked.get(rank - 1).getValue() : 0;
    return below + (above - below) / 2;
  }
}
