package dev.snowchat.schemaindex;

import static java.util.Objects.requireNonNull;

import java.util.List;
import org.jspecify.annotations.Nullable;

/**
 * One table found by a search.
 *
 * @param table the table
 * @param kind table or view
 * @param score the fused score, higher is better (comparable within one search only)
 * @param comment the table comment, or null
 * @param columns the columns that match the query, best first (empty when not requested)
 * @param neighbors the join edges of the table (to and from it)
 * @param why a short explanation: what matched (name, columns, glossary, meaning) or which strong
 *     hit it was propagated from
 */
public record SearchHit(
    QualifiedName table,
    TableKind kind,
    double score,
    @Nullable String comment,
    List<ColumnHit> columns,
    List<JoinEdge> neighbors,
    String why) {

  /** Validates the fields and copies the lists. */
  public SearchHit {
    requireNonNull(table, "table is null");
    requireNonNull(kind, "kind is null");
    columns = List.copyOf(requireNonNull(columns, "columns is null"));
    neighbors = List.copyOf(requireNonNull(neighbors, "neighbors is null"));
    requireNonNull(why, "why is null");
  }
}
