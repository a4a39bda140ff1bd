package dev.snowchat.schemaindex;

import static java.util.Objects.requireNonNull;

/**
 * A column of a hit table that matches the query.
 *
 * @param name the column name
 * @param type the column type
 * @param score how well it matches, higher is better (comparable within one search only)
 */
public record ColumnHit(String name, String type, double score) {
  /** Validates the fields. */
  public ColumnHit {
    requireNonNull(name, "name is null");
    requireNonNull(type, "type is null");
  }
}
