package dev.snowchat.schemaindex.internal.search;

import dev.snowchat.schemaindex.JoinEdge;
import dev.snowchat.schemaindex.QualifiedName;
import dev.snowchat.schemaindex.TableInfo;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Ranking stage: parent tables. A question about a fact filters or labels it by what the fact
 * references: accounts "in Prague" need the district table, lap times "at the Sepang circuit"
 * the circuits, heroes "published by Marvel" the publishers. The question names such a parent
 * by a value, which no table holds in its name or columns, so no other stage finds it.
 *
 * <p>The best {@link Tuning#parentSources()} hits (fewer when fewer were found) are the anchors;
 * the tables they reference (the other end of their join edges that start at them) are their
 * parents. Each rank after the anchors, down to {@link Tuning#parentRank()}, keeps a parent
 * that holds it; any other table there (a bridge too) makes way for the best-ranked parent
 * below it, lifted just above it, and moves down one rank. Parents no search found follow
 * those it found, in key order (database, schema, name): a district table whose columns are
 * {@code A2}, {@code A3} matches no word. The anchors never move. After {@link Bridges}; sets
 * {@link QueryContext#referencedBy}.
 *
 * @param tuning the weights
 */
record Parents(Tuning tuning) {
  void apply(QueryContext q) {
    int sources = tuning.parentSources();
    int last = tuning.parentRank();
    if (sources < 1 || last <= sources || q.scores.isEmpty()) {
      return;
    }
    List<String> keys = q.rankedKeys();
    int anchors = Math.min(sources, keys.size());
    // each parent with the anchor that references it (the best anchor first)
    Map<String, QualifiedName> parents = new LinkedHashMap<>();
    for (String anchor : keys.subList(0, anchors)) {
      TableInfo t = q.candidates.get(anchor);
      for (JoinEdge edge : q.catalog.graph().references(t.id())) {
        String k = Fields.key(edge.toTable());
        TableInfo parent = q.catalog.tables().get(k);
        if (parent != null && q.accepts(parent) && !parents.containsKey(k)) {
          parents.put(k, t.id());
        }
      }
    }
    parents.keySet().removeAll(keys.subList(0, anchors));
    if (parents.isEmpty()) {
      return;
    }
    Map<String, QualifiedName> lifted = new HashMap<>();
    for (int slot = anchors; slot < last && slot <= keys.size(); slot++) {
      if (slot < keys.size() && parents.containsKey(keys.get(slot))) {
        continue;
      }
      String parent = below(keys, slot, parents);
      if (parent == null) {
        break;
      }
      q.place(keys, parent, slot);
      lifted.put(parent, parents.get(parent));
    }
    if (!lifted.isEmpty()) {
      q.order(keys);
      q.referencedBy = Map.copyOf(lifted);
    }
  }

  /**
   * {@return the best-ranked parent below {@code slot}, else the first parent not ranked at all
   * (in key order), else null}
   */
  private static String below(List<String> keys, int slot, Map<String, QualifiedName> parents) {
    for (int j = slot + 1; j < keys.size(); j++) {
      if (parents.containsKey(keys.get(j))) {
        return keys.get(j);
      }
    }
    String first = null;
    for (String k : parents.keySet()) {
      if (!keys.contains(k) && (first == null || k.compareTo(first) < 0)) {
        first = k;
      }
    }
    return first;
  }
}
