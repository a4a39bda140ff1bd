package dev.snowchat.schemaindex;

import static java.util.Objects.requireNonNull;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.jspecify.annotations.Nullable;

/**
 * One table found by a search.
 *
 * @param table the table
 * @param kind table or view
 * @param score the ranking score, higher is better: it orders the hits of one search and is not
 *     comparable across searches (use {@code relevance} for that)
 * @param relevance how much of the query the table itself matches, 0 to 1, on one scale for
 *     every search and provider: the IDF-weighted share of the query's words found in the
 *     table's name, columns, comments, schema, database and glossary terms (square-rooted), or,
 *     with a semantic embedding model, its calibrated similarity to the query when that is
 *     higher. Unlike {@code score} it ignores the database context, so a bridge table brought
 *     in by its database can rank high with low relevance. At least {@link #CONFIDENT} is
 *     {@link #confident()}; when the first hit is not confident, the search found no confident
 *     match (a nonsense query such as "purple elephant quantum")
 * @param comment the table comment, or null
 * @param columns the columns whose own name or comment matches the query, best first (empty when
 *     not requested or when only the table matched)
 * @param neighbors the join edges of the table (to and from it)
 * @param joins a compact join summary: up to {@value #MAX_JOINS} neighbours as {@code
 *     SCHEMA.TABLE on COLUMN[=COLUMN]}, declared keys first, then by confidence
 * @param why a short explanation: what matched (name, columns, glossary, meaning) or which strong
 *     hit it was propagated from
 */
public record SearchHit(
    QualifiedName table,
    TableKind kind,
    double score,
    double relevance,
    @Nullable String comment,
    List<ColumnHit> columns,
    List<JoinEdge> neighbors,
    List<String> joins,
    String why) {

  /** The relevance from which a hit is a confident match. */
  public static final double CONFIDENT = 0.5;

  /** The most neighbours {@link #joins()} lists. */
  public static final int MAX_JOINS = 5;

  /** Validates the fields and copies the lists. */
  public SearchHit {
    requireNonNull(table, "table is null");
    requireNonNull(kind, "kind is null");
    if (!(relevance >= 0 && relevance <= 1)) {
      throw new IllegalArgumentException("relevance must be 0 to 1, got " + relevance);
    }
    columns = List.copyOf(requireNonNull(columns, "columns is null"));
    neighbors = List.copyOf(requireNonNull(neighbors, "neighbors is null"));
    joins = List.copyOf(requireNonNull(joins, "joins is null"));
    requireNonNull(why, "why is null");
  }

  /**
   * The compact join summary of a table: up to {@value #MAX_JOINS} neighbours, declared edges
   * first, then by confidence and name, as {@code SCHEMA.TABLE on COLUMN} (or {@code on A=B} when
   * the columns are named differently).
   *
   * @param table the table
   * @param neighbors its join edges, either direction
   * @return the summary, for {@link #joins()}
   */
  public static List<String> joinSummary(QualifiedName table, List<JoinEdge> neighbors) {
    requireNonNull(table, "table is null");
    List<JoinEdge> sorted = new ArrayList<>(neighbors);
    sorted.sort(Comparator.comparing((JoinEdge e) -> e.source() != EdgeSource.DECLARED)
        .thenComparing(Comparator.comparingDouble(JoinEdge::confidence).reversed())
        .thenComparing(e -> other(table, e).toString()));
    Set<QualifiedName> seen = new HashSet<>();
    List<String> out = new ArrayList<>();
    for (JoinEdge e : sorted) {
      QualifiedName other = other(table, e);
      if (out.size() == MAX_JOINS || other.equals(table) || !seen.add(other)) {
        continue;
      }
      boolean from = e.fromTable().equals(table);
      List<String> mine = from ? e.fromColumns() : e.toColumns();
      List<String> theirs = from ? e.toColumns() : e.fromColumns();
      String on = mine.equals(theirs) ? String.join(",", mine)
          : String.join(",", mine) + "=" + String.join(",", theirs);
      out.add(other.schema() + "." + other.name() + " on " + on);
    }
    return out;
  }

  private static QualifiedName other(QualifiedName table, JoinEdge e) {
    return e.fromTable().equals(table) ? e.toTable() : e.fromTable();
  }

  /** {@return whether the table matches the query confidently: relevance >= {@link #CONFIDENT}} */
  public boolean confident() {
    return relevance >= CONFIDENT;
  }
}
