package dev.snowchat.schemaindex;

import static java.util.Objects.requireNonNull;

import dev.snowchat.sqlgate.Dialect;
import dev.snowchat.sqlgate.Sql;
import java.util.ArrayList;
import java.util.List;

/**
 * A chain of joins from one table to another, each edge oriented along the path: the
 * {@code toTable} of one edge is the {@code fromTable} of the next.
 *
 * @param edges the edges, from the start table to the end table; at least one
 */
public record JoinPath(List<JoinEdge> edges) {
  /** Validates the chain. */
  public JoinPath {
    edges = List.copyOf(requireNonNull(edges, "edges is null"));
    if (edges.isEmpty()) {
      throw new IllegalArgumentException("a join path needs at least one edge");
    }
    for (int i = 1; i < edges.size(); i++) {
      if (!edges.get(i - 1).toTable().equals(edges.get(i).fromTable())) {
        throw new IllegalArgumentException("join path edges do not chain at " + i + ": "
            + edges.get(i - 1).toTable() + " then " + edges.get(i).fromTable());
      }
    }
  }

  /** {@return the first table} */
  public QualifiedName start() {
    return edges.get(0).fromTable();
  }

  /** {@return the last table} */
  public QualifiedName end() {
    return edges.get(edges.size() - 1).toTable();
  }

  /** {@return the tables along the path, start first; one more than the edges} */
  public List<QualifiedName> tables() {
    List<QualifiedName> out = new ArrayList<>(edges.size() + 1);
    out.add(start());
    edges.forEach(e -> out.add(e.toTable()));
    return List.copyOf(out);
  }

  /** {@return the ON condition of each edge, with the aliases {@code t0, t1, ...} of the tables} */
  public List<String> onConditions() {
    List<String> out = new ArrayList<>(edges.size());
    for (int i = 0; i < edges.size(); i++) {
      out.add(edges.get(i).onCondition("t" + i, "t" + (i + 1)));
    }
    return List.copyOf(out);
  }

  /**
   * Renders the path as a FROM clause, tables fully qualified and quoted, aliased
   * {@code t0, t1, ...}:
   * {@code FROM "DB"."S"."A" AS t0 JOIN "DB"."S"."B" AS t1 ON t0."X" = t1."Y"}.
   *
   * @param dialect the SQL dialect (all supported dialects quote with double quotes)
   * @return the clause
   */
  public String joinClause(Dialect dialect) {
    requireNonNull(dialect, "dialect is null");
    StringBuilder sb = new StringBuilder("FROM ").append(qualified(dialect, start()))
        .append(" AS t0");
    List<String> on = onConditions();
    for (int i = 0; i < edges.size(); i++) {
      sb.append(" JOIN ").append(qualified(dialect, edges.get(i).toTable()))
          .append(" AS t").append(i + 1)
          .append(" ON ").append(on.get(i));
    }
    return sb.toString();
  }

  private static String qualified(Dialect dialect, QualifiedName n) {
    return Sql.quoteIdentifier(dialect, n.database()) + "."
        + Sql.quoteIdentifier(dialect, n.schema()) + "."
        + Sql.quoteIdentifier(dialect, n.name());
  }
}
