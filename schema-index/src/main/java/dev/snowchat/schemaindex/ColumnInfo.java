package dev.snowchat.schemaindex;

import static java.util.Objects.requireNonNull;

import org.jspecify.annotations.Nullable;

/**
 * One column of a table or view.
 *
 * @param name the column name, as the source reports it
 * @param type the data type as text (e.g. {@code NUMBER(38,0)}, {@code VARCHAR})
 * @param nullable whether the column accepts nulls
 * @param comment the column comment, or null
 */
public record ColumnInfo(String name, String type, boolean nullable, @Nullable String comment) {
  /** Validates the fields. */
  public ColumnInfo {
    requireNonNull(name, "name is null");
    requireNonNull(type, "type is null");
    if (name.isEmpty()) {
      throw new IllegalArgumentException("column name is empty");
    }
  }

  /**
   * Creates a nullable column with no comment.
   *
   * @param name the column name
   * @param type the data type
   * @return the column
   */
  public static ColumnInfo of(String name, String type) {
    return new ColumnInfo(name, type, true, null);
  }
}
