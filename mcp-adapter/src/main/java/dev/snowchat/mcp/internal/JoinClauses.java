package dev.snowchat.mcp.internal;

import dev.snowchat.mcp.internal.Catalogs.JoinEdge;
import dev.snowchat.schemaindex.QualifiedName;
import dev.snowchat.sqlgate.Sql;
import dev.snowchat.sqlgate.Dialect;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/** Builds {@code FROM ... JOIN ... ON ...} clauses from join edges, every name quoted. */
public final class JoinClauses {
  private JoinClauses() {}

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
    StringBuilder sb = new StringBuilder("FROM ").append(name(dialect, from)).append(" AS t0");
    for (JoinEdge e : edges) {
      QualifiedName next;
      if (alias.containsKey(e.fromTable()) && !alias.containsKey(e.toTable())) {
        next = e.toTable();
      } else if (alias.containsKey(e.toTable()) && !alias.containsKey(e.fromTable())) {
        next = e.fromTable();
      } else {
        continue; // a self-join or an edge between tables already joined adds no new table
      }
      String a = "t" + alias.size();
      alias.put(next, a);
      sb.append("\nJOIN ").append(name(dialect, next)).append(" AS ").append(a).append(" ON ");
      List<String> conds = new ArrayList<>();
      for (int i = 0; i < e.fromColumns().size(); i++) {
        conds.add(alias.get(e.fromTable()) + "." + Sql.quoteIdentifier(dialect,
            e.fromColumns().get(i)) + " = " + alias.get(e.toTable()) + "."
            + Sql.quoteIdentifier(dialect, e.toColumns().get(i)));
      }
      sb.append(String.join(" AND ", conds));
    }
    return sb.toString();
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
