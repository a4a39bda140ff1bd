package dev.snowchat.mcp.internal;

import static java.util.Objects.requireNonNull;

import dev.snowchat.schemaindex.QualifiedName;
import dev.snowchat.schemaindex.TableKind;
import java.util.List;
import org.jspecify.annotations.Nullable;

/** The values schema lookups return, shaped for the tools' output. */
public final class Catalogs {
  private Catalogs() {}

  /**
   * A database.
   *
   * @param name the name
   * @param comment the comment, or null
   */
  public record Database(String name, @Nullable String comment) {
    /** Validates the fields. */
    public Database {
      requireNonNull(name, "name is null");
    }
  }

  /**
   * A schema.
   *
   * @param database the database
   * @param name the name
   * @param comment the comment, or null
   */
  public record Schema(String database, String name, @Nullable String comment) {
    /** Validates the fields. */
    public Schema {
      requireNonNull(database, "database is null");
      requireNonNull(name, "name is null");
    }
  }

  /**
   * A join edge between two tables.
   *
   * @param fromTable the referencing table
   * @param fromColumns its columns
   * @param toTable the referenced table
   * @param toColumns its columns
   * @param declared true for a declared foreign key, false for an inferred one
   * @param evidence why the edge exists (e.g. the constraint, or a naming rule)
   * @param confidence 1.0 for declared keys, lower for inferred ones
   */
  public record JoinEdge(
      QualifiedName fromTable,
      List<String> fromColumns,
      QualifiedName toTable,
      List<String> toColumns,
      boolean declared,
      String evidence,
      double confidence) {
    /** Validates the fields. */
    public JoinEdge {
      requireNonNull(fromTable, "fromTable is null");
      requireNonNull(toTable, "toTable is null");
      fromColumns = List.copyOf(fromColumns);
      toColumns = List.copyOf(toColumns);
      requireNonNull(evidence, "evidence is null");
      if (fromColumns.isEmpty() || fromColumns.size() != toColumns.size()) {
        throw new IllegalArgumentException("a join edge needs equal, non-zero column counts");
      }
    }
  }

  /**
   * A join path: edges in order, and the JOIN clause that follows them.
   *
   * @param from the start table
   * @param to the end table
   * @param edges the edges, each oriented as the key declares it
   * @param joinClause {@code FROM a JOIN b ON ...}, identifiers quoted for the dialect
   */
  public record JoinRoute(QualifiedName from, QualifiedName to, List<JoinEdge> edges,
      String joinClause) {
    /** Validates the fields. */
    public JoinRoute {
      requireNonNull(from, "from is null");
      requireNonNull(to, "to is null");
      edges = List.copyOf(edges);
      requireNonNull(joinClause, "joinClause is null");
    }
  }

  /**
   * One search hit.
   *
   * @param table the table
   * @param kind table or view
   * @param score the relevance score (higher is better; comparable within one answer only)
   * @param comment the table comment, or null
   * @param matchedColumns columns that matched the query
   * @param neighbours join edges touching the table
   */
  public record SchemaHit(QualifiedName table, TableKind kind, double score,
      @Nullable String comment, List<String> matchedColumns, List<JoinEdge> neighbours) {
    /** Validates the fields. */
    public SchemaHit {
      requireNonNull(table, "table is null");
      requireNonNull(kind, "kind is null");
      matchedColumns = List.copyOf(matchedColumns);
      neighbours = List.copyOf(neighbours);
    }
  }

  /**
   * A function the warehouse offers.
   *
   * @param name the name
   * @param kind e.g. {@code scalar}, {@code aggregate}, {@code table}
   * @param builtin true for a built-in function
   * @param signature the arguments and return type as the warehouse shows them, or null
   * @param description the description, or null
   */
  public record Function(String name, String kind, boolean builtin, @Nullable String signature,
      @Nullable String description) {
    /** Validates the fields. */
    public Function {
      requireNonNull(name, "name is null");
      requireNonNull(kind, "kind is null");
    }
  }
}
