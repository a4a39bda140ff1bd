package dev.snowchat.sqlgate;

import static java.util.Objects.requireNonNull;

import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Optional;
import org.jspecify.annotations.Nullable;

/**
 * The capped result of one gated statement. Immutable.
 *
 * <p>Row values are JSON-friendly: {@code null}, {@link String}, {@link Boolean}, {@link Integer}
 * (for 8-, 16- and 32-bit integers), {@link Long}, {@link java.math.BigDecimal} (decimals and
 * integers wider than 64 bits) and {@link Double}. Everything else is a string: dates, times and
 * timestamps in ISO-8601 ({@code 2024-01-02}, {@code 10:11:12}, {@code 2024-01-02T10:11:12.5},
 * {@code 2024-01-02T08:11:12Z}), binary values in base64 (RFC 4648, padded), non-finite floats as
 * {@code "NaN"}, {@code "Infinity"}, {@code "-Infinity"}, and arrays, structs, maps, intervals,
 * JSON and other types as the driver renders them as text.
 *
 * <p>A statement that returns no result set (DML in a writing mode, {@code USE}) gives one
 * {@code BIGINT} column {@code rows_affected} with the driver's update count, or no columns when
 * the driver reports none.
 *
 * @param columns the columns, in order
 * @param rows the rows, each with one value per column; the lists are unmodifiable and may hold
 *     nulls
 * @param truncated true when the statement produced more than is returned
 * @param truncationReason why the result was truncated; null exactly when it was not
 * @param elapsed the time from sending the statement to reading the last returned row
 * @param queryId the warehouse's id for the statement when the driver offers one (Snowflake),
 *     else null
 * @param kind the statement kind, as the gate classified it
 */
public record QueryResult(
    List<ResultColumn> columns,
    List<List<@Nullable Object>> rows,
    boolean truncated,
    @Nullable TruncationReason truncationReason,
    Duration elapsed,
    @Nullable String queryId,
    StatementKind kind) {

  /**
   * Validates the fields and copies the lists.
   *
   * @throws IllegalArgumentException when a row's width differs from the column count, the
   *     elapsed time is negative, or {@code truncated} disagrees with {@code truncationReason}
   */
  public QueryResult {
    columns = List.copyOf(requireNonNull(columns, "columns is null"));
    requireNonNull(rows, "rows is null");
    requireNonNull(elapsed, "elapsed is null");
    requireNonNull(kind, "kind is null");
    if (truncated != (truncationReason != null)) {
      throw new IllegalArgumentException(
          "truncated is " + truncated + " but truncationReason is " + truncationReason);
    }
    if (elapsed.isNegative()) {
      throw new IllegalArgumentException("elapsed must not be negative, was " + elapsed);
    }
    List<List<@Nullable Object>> copy = new ArrayList<>(rows.size());
    for (List<@Nullable Object> row : rows) {
      requireNonNull(row, "rows holds a null row");
      if (row.size() != columns.size()) {
        throw new IllegalArgumentException("a row has " + row.size() + " values but there are "
            + columns.size() + " columns");
      }
      copy.add(Collections.unmodifiableList(new ArrayList<>(row)));
    }
    rows = Collections.unmodifiableList(copy);
  }

  /** {@return the number of rows returned} */
  public int rowCount() {
    return rows.size();
  }

  /** {@return why the result was truncated, or empty when it holds every row} */
  public Optional<TruncationReason> truncation() {
    return Optional.ofNullable(truncationReason);
  }
}
