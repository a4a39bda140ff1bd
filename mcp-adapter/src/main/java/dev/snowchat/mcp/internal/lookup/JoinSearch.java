package dev.snowchat.mcp.internal.lookup;

import dev.snowchat.schemaindex.JoinEdge;
import dev.snowchat.schemaindex.JoinPath;
import dev.snowchat.schemaindex.QualifiedName;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Function;
import java.util.function.Predicate;

/** Finds join paths over live key metadata, for the live lookups. */
final class JoinSearch {
  private JoinSearch() {}

  /**
   * Finds a shortest join path by breadth-first search over live key metadata, where each table's
   * neighbours cost a metadata call (so the search stops after a bounded number of tables).
   *
   * @param from the first table
   * @param to the last table
   * @param neighbours the declared edges of a table, either direction
   * @param visible whether a table may be part of the path (the catalog filter)
   * @param maxExpanded how many tables' neighbours to read at the most
   * @return the path, each edge oriented along it, or empty when none was found within the bound
   */
  static Optional<JoinPath> route(QualifiedName from, QualifiedName to,
      Function<QualifiedName, List<JoinEdge>> neighbours, Predicate<QualifiedName> visible,
      int maxExpanded) {
    if (from.equals(to)) {
      // A table joins itself through a self-referencing key (MANAGER_ID -> EMPLOYEE_ID).
      for (JoinEdge e : neighbours.apply(from)) {
        if (e.fromTable().equals(from) && e.toTable().equals(from)) {
          return Optional.of(new JoinPath(List.of(e)));
        }
      }
      return Optional.empty();
    }
    Map<QualifiedName, QualifiedName> prev = new HashMap<>();
    Map<QualifiedName, JoinEdge> via = new HashMap<>();
    ArrayDeque<QualifiedName> queue = new ArrayDeque<>();
    queue.add(from);
    prev.put(from, from);
    int expanded = 0;
    while (!queue.isEmpty() && expanded++ < maxExpanded) {
      QualifiedName cur = queue.poll();
      for (JoinEdge e : neighbours.apply(cur)) {
        JoinEdge along = e.fromTable().equals(cur) ? e : e.reversed();
        QualifiedName other = along.toTable();
        if (prev.containsKey(other) || !visible.test(other)) {
          continue;
        }
        prev.put(other, cur);
        via.put(other, along);
        if (other.equals(to)) {
          List<JoinEdge> edges = new ArrayList<>();
          for (QualifiedName x = to; !x.equals(from); x = prev.get(x)) {
            edges.add(0, via.get(x));
          }
          return Optional.of(new JoinPath(edges));
        }
        queue.add(other);
      }
    }
    return Optional.empty();
  }
}
