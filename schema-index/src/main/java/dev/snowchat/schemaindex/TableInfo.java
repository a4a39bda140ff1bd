package dev.snowchat.schemaindex;

import static java.util.Objects.requireNonNull;

import java.time.Instant;
import java.util.List;
import java.util.Optional;
import org.jspecify.annotations.Nullable;

/**
 * A table or view in the catalog. Immutable.
 *
 * @param id the qualified name
 * @param kind table or view
 * @param comment the comment, or null
 * @param rowCount the row count the source reports, or null when unknown (views)
 * @param changedOn when the source last changed the object's definition or data, or null
 * @param columns the columns in ordinal order (empty when not known)
 * @param primaryKey the declared primary-key columns (empty when none is declared)
 * @param foreignKeys the declared foreign keys (empty when none is declared)
 */
public record TableInfo(
    QualifiedName id,
    TableKind kind,
    @Nullable String comment,
    @Nullable Long rowCount,
    @Nullable Instant changedOn,
    List<ColumnInfo> columns,
    List<String> primaryKey,
    List<ForeignKey> foreignKeys) {

  /** Validates the fields and copies the lists. */
  public TableInfo {
    requireNonNull(id, "id is null");
    requireNonNull(kind, "kind is null");
    columns = List.copyOf(requireNonNull(columns, "columns is null"));
    primaryKey = List.copyOf(requireNonNull(primaryKey, "primaryKey is null"));
    foreignKeys = List.copyOf(requireNonNull(foreignKeys, "foreignKeys is null"));
    if (rowCount != null && rowCount < 0) {
      throw new IllegalArgumentException("rowCount must be >= 0, got " + rowCount + " for " + id);
    }
  }

  /**
   * Starts a builder for a table.
   *
   * @param id the qualified name
   * @return a builder with kind TABLE and nothing else set
   */
  public static Builder builder(QualifiedName id) {
    return new Builder(id);
  }

  /**
   * Finds a column by name, exactly first, then ignoring case.
   *
   * @param name the column name
   * @return the column, or empty
   */
  public Optional<ColumnInfo> column(String name) {
    for (ColumnInfo c : columns) {
      if (c.name().equals(name)) {
        return Optional.of(c);
      }
    }
    for (ColumnInfo c : columns) {
      if (c.name().equalsIgnoreCase(name)) {
        return Optional.of(c);
      }
    }
    return Optional.empty();
  }

  /**
   * Returns a copy with other columns.
   *
   * @param newColumns the columns
   * @return the copy
   */
  public TableInfo withColumns(List<ColumnInfo> newColumns) {
    return new TableInfo(id, kind, comment, rowCount, changedOn, newColumns, primaryKey,
        foreignKeys);
  }

  /** Builds a {@link TableInfo}. */
  public static final class Builder {
    private final QualifiedName id;
    private TableKind kind = TableKind.TABLE;
    private @Nullable String comment;
    private @Nullable Long rowCount;
    private @Nullable Instant changedOn;
    private List<ColumnInfo> columns = List.of();
    private List<String> primaryKey = List.of();
    private List<ForeignKey> foreignKeys = List.of();

    private Builder(QualifiedName id) {
      this.id = requireNonNull(id, "id is null");
    }

    /**
     * Sets the kind.
     *
     * @param kind table or view
     * @return this builder
     */
    public Builder kind(TableKind kind) {
      this.kind = requireNonNull(kind, "kind is null");
      return this;
    }

    /**
     * Sets the comment.
     *
     * @param comment the comment, or null
     * @return this builder
     */
    public Builder comment(@Nullable String comment) {
      this.comment = comment;
      return this;
    }

    /**
     * Sets the row count.
     *
     * @param rowCount the row count, or null
     * @return this builder
     */
    public Builder rowCount(@Nullable Long rowCount) {
      this.rowCount = rowCount;
      return this;
    }

    /**
     * Sets the changed-on stamp.
     *
     * @param changedOn the stamp, or null
     * @return this builder
     */
    public Builder changedOn(@Nullable Instant changedOn) {
      this.changedOn = changedOn;
      return this;
    }

    /**
     * Sets the columns.
     *
     * @param columns the columns in ordinal order
     * @return this builder
     */
    public Builder columns(List<ColumnInfo> columns) {
      this.columns = requireNonNull(columns, "columns is null");
      return this;
    }

    /**
     * Sets the primary key.
     *
     * @param primaryKey the key columns
     * @return this builder
     */
    public Builder primaryKey(List<String> primaryKey) {
      this.primaryKey = requireNonNull(primaryKey, "primaryKey is null");
      return this;
    }

    /**
     * Sets the declared foreign keys.
     *
     * @param foreignKeys the keys
     * @return this builder
     */
    public Builder foreignKeys(List<ForeignKey> foreignKeys) {
      this.foreignKeys = requireNonNull(foreignKeys, "foreignKeys is null");
      return this;
    }

    /** {@return the table} */
    public TableInfo build() {
      return new TableInfo(id, kind, comment, rowCount, changedOn, columns, primaryKey,
          foreignKeys);
    }
  }
}
