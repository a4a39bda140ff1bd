package dev.snowchat.sqlgate;

import static java.util.Objects.requireNonNull;

/**
 * One column of a {@link QueryResult}, as the driver describes it.
 *
 * @param name the column label (the alias when the query gives one)
 * @param type the database's type name, e.g. {@code VARCHAR}, {@code NUMBER(38,0)}, {@code int4}
 * @param jdbcType the {@link java.sql.Types} code the driver reports
 * @param nullable false only when the driver says the column cannot hold nulls
 */
public record ResultColumn(String name, String type, int jdbcType, boolean nullable) {
  /** Validates the fields. */
  public ResultColumn {
    requireNonNull(name, "name is null");
    requireNonNull(type, "type is null");
  }
}
