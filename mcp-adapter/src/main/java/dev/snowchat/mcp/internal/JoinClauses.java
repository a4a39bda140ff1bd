package dev.snowchat.mcp.internal;

import dev.snowchat.mcp.internal.Catalogs.JoinEdge;
import dev.snowchat.mcp.internal.Catalogs.JoinRoute;
import dev.snowchat.schemaindex.QualifiedName;
import dev.snowchat.sqlgate.Sql;
import dev.snowchat.sqlgate.Dialect;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Function;
import java.util.function.Predicate;

/** Builds {@code FROM ... JOIN ... ON ...} clauses from join edges, every name quoted. */
public final class JoinClauses {
  private JoinClauses() {}

  /**
   * Finds a shortest join route by breadth-first search over live key metadata, where each table's
   * neighbours cost a metadata call (so the search stops after a bounded number of tables).
   *
   * @param dialect the dialect, for quoting the clause
   * @param from the first table
   * @param to the last table
   * @param neighbours the declared edges of a table, either direction
   * @param visible whether a table may be part of the route (the catalog filter)
   * @param maxExpanded how many tables' neighbours to read at the most
   * @return the route with its clause, or empty when none was found within the bound
   */
  static Optional<JoinRoute> route(Dialect dialect, QualifiedName from, QualifiedName to,
      Function<QualifiedName, List<JoinEdge>> neighbours, Predicate<QualifiedName> visible,
      int maxExpanded) {
    if (from.equals(to)) {
      // A table joins itself through a self-referencing key (MANAGER_ID -> EMPLOYEE_ID).
      for (JoinEdge e : neighbours.apply(from)) {
        if (e.fromTable().equals(from) && e.toTable().equals(from)) {
          return Optional.of(new JoinRoute(from, to, List.of(e), build(dialect, from,
              List.of(e))));
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
        QualifiedName other = e.fromTable().equals(cur) ? e.toTable() : e.fromTable();
        if (prev.containsKey(other) || !visible.test(other)) {
          continue;
        }
        prev.put(other, cur);
        via.put(other, e);
        if (other.equals(to)) {
          List<JoinEdge> edges = new ArrayList<>();
          for (QualifiedName x = to; !x.equals(from); x = prev.get(x)) {
            edges.add(0, via.get(x));
          }
          return Optional.of(new JoinRoute(from, to, edges, build(dialect, from, edges)));
        }
        queue.add(other);
      }
    }
    return Optional.empty();
  }

  /**
   * Builds the clause for a path. Each edge must touch a table already in the clause.
   *
   * @param dialect the dialect, for quoting
   * @param from the first table
   * @param edges the edges in path order (either orientation)
   * @return the clause, with aliases t0, t1, ...
   */
  public static String build(Dialect dialect, QualifiedName from, List<JoinEdge> edges) {
    Map<QualifiedName, String> alias = new HashMap<>();
    alias.put(from, "t0");
    int aliases = 1;
    StringBuilder sb = new StringBuilder("FROM ").append(name(dialect, from)).append(" AS t0");
    for (JoinEdge e : edges) {
      if (e.fromTable().equals(e.toTable()) && alias.containsKey(e.fromTable())) {
        // A self-referencing key: a second copy of the table, the referenced row.
        String a = "t" + aliases++;
        sb.append("\nJOIN ").append(name(dialect, e.toTable())).append(" AS ").append(a)
            .append(" ON ").append(on(dialect, e, alias.get(e.fromTable()), a));
        continue;
      }
      QualifiedName next;
      if (alias.containsKey(e.fromTable()) && !alias.containsKey(e.toTable())) {
        next = e.toTable();
      } else if (alias.containsKey(e.toTable()) && !alias.containsKey(e.fromTable())) {
        next = e.fromTable();
      } else {
        continue; // a self-join or an edge between tables already joined adds no new table
      }
      String a = "t" + aliases++;
      alias.put(next, a);
      sb.append("\nJOIN ").append(name(dialect, next)).append(" AS ").append(a).append(" ON ")
          .append(on(dialect, e, alias.get(e.fromTable()), alias.get(e.toTable())));
    }
    return sb.toString();
  }

  private static String on(Dialect dialect, JoinEdge e, String fromAlias, String toAlias) {
    List<String> conds = new ArrayList<>();
    for (int i = 0; i < e.fromColumns().size(); i++) {
      conds.add(fromAlias + "." + Sql.quoteIdentifier(dialect, e.fromColumns().get(i)) + " = "
          + toAlias + "." + Sql.quoteIdentifier(dialect, e.toColumns().get(i)));
    }
    return String.join(" AND ", conds);
  }

  /**
   * Quotes a qualified name for the dialect.
   *
   * @param dialect the dialect
   * @param q the name
   * @return {@code "DB"."SCHEMA"."NAME"}
   */
  public static String name(Dialect dialect, QualifiedName q) {
    return Sql.quoteIdentifier(dialect, q.database()) + "."
        + Sql.quoteIdentifier(dialect, q.schema()) + "." + Sql.quoteIdentifier(dialect, q.name());
  }
}
