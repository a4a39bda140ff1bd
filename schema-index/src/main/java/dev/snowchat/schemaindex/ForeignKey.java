package dev.snowchat.schemaindex;

import static java.util.Objects.requireNonNull;

import java.util.List;

/**
 * A foreign key declared by the source (not inferred): columns of the owning table that reference
 * columns of another table.
 *
 * @param columns the referencing columns of the owning table, in key order
 * @param referencedTable the referenced table
 * @param referencedColumns the referenced columns, in key order
 */
public record ForeignKey(
    List<String> columns, QualifiedName referencedTable, List<String> referencedColumns) {
  /** Validates the fields: equal, non-zero column counts. */
  public ForeignKey {
    columns = List.copyOf(requireNonNull(columns, "columns is null"));
    requireNonNull(referencedTable, "referencedTable is null");
    referencedColumns = List.copyOf(requireNonNull(referencedColumns, "referencedColumns is null"));
    if (columns.isEmpty() || columns.size() != referencedColumns.size()) {
      throw new IllegalArgumentException("a foreign key needs the same non-zero number of columns"
          + " on both sides, got " + columns + " -> " + referencedColumns);
    }
  }
}
