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
   * @param signatures the overloads' arguments and return types as the warehouse shows them
   *     (e.g. {@code (part VARCHAR, timestamp DATE) -> TIMESTAMP}); empty when not known
   * @param description the description, or null
   */
  public record Function(String name, String kind, boolean builtin, List<String> signatures,
      @Nullable String description) {
    /** Validates the fields. */
    public Function {
      requireNonNull(name, "name is null");
      requireNonNull(kind, "kind is null");
      signatures = List.copyOf(signatures);
    }

    /**
     * A function with one signature.
     *
     * @param name the name
     * @param kind the kind
     * @param builtin true for a built-in function
     * @param signature the signature, or null when not known
     * @param description the description, or null
     */
    public Function(String name, String kind, boolean builtin, @Nullable String signature,
        @Nullable String description) {
      this(name, kind, builtin, signature == null ? List.of() : List.of(signature), description);
    }

    /** {@return the first signature, or null} */
    public @Nullable String signature() {
      return signatures.isEmpty() ? null : signatures.get(0);
    }

    /** {@return whether the name is an operator ({@code %}, {@code !~~}) rather than a word} */
    public boolean isOperator() {
      return !name.isEmpty() && !Character.isLetter(name.charAt(0)) && name.charAt(0) != '_';
    }

    /**
     * Orders functions for a reader: ordinary names first, then internal ones ({@code _x}),
     * then operators; by name, then kind, within each.
     */
    public static final java.util.Comparator<Function> READING_ORDER =
        java.util.Comparator.comparingInt(Function::rank).thenComparing(Function::name,
            String.CASE_INSENSITIVE_ORDER).thenComparing(Function::kind);

    private int rank() {
      return isOperator() ? 2 : name.startsWith("_") || kind.equals("pragma") ? 1 : 0;
    }
  }
}
