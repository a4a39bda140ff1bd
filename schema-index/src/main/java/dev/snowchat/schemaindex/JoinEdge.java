package dev.snowchat.schemaindex;

import static java.util.Objects.requireNonNull;

import dev.snowchat.sqlgate.Dialect;
import dev.snowchat.sqlgate.Sql;
import java.util.List;
import java.util.regex.Pattern;

/**
 * One way to join two tables: columns of {@code fromTable} equal to columns of {@code toTable}.
 * For a foreign key, {@code from} is the referencing side and {@code to} the referenced one; inside
 * a {@link JoinPath} an edge may be {@link #reversed() reversed} to follow the path.
 *
 * @param fromTable the table on the left of the ON condition
 * @param fromColumns its columns, in key order
 * @param toTable the table on the right of the ON condition
 * @param toColumns its columns, in the same order
 * @param source declared by the source or inferred
 * @param evidence why the edge exists, for people and models (e.g. {@code declared FK})
 * @param confidence 1 for a declared key, lower for an inferred one
 */
public record JoinEdge(
    QualifiedName fromTable,
    List<String> fromColumns,
    QualifiedName toTable,
    List<String> toColumns,
    EdgeSource source,
    String evidence,
    double confidence) {

  private static final Pattern ALIAS = Pattern.compile("[A-Za-z_][A-Za-z0-9_$]*");

  /** Validates the fields: same non-zero column counts, confidence in [0, 1], evidence given. */
  public JoinEdge {
    requireNonNull(fromTable, "fromTable is null");
    fromColumns = List.copyOf(requireNonNull(fromColumns, "fromColumns is null"));
    requireNonNull(toTable, "toTable is null");
    toColumns = List.copyOf(requireNonNull(toColumns, "toColumns is null"));
    requireNonNull(source, "source is null");
    requireNonNull(evidence, "evidence is null");
    if (fromColumns.isEmpty() || fromColumns.size() != toColumns.size()) {
      throw new IllegalArgumentException("a join edge needs the same non-zero number of columns"
          + " on both sides, got " + fromColumns + " -> " + toColumns);
    }
    if (!(confidence >= 0.0 && confidence <= 1.0)) {
      throw new IllegalArgumentException("confidence must be in [0, 1], got " + confidence);
    }
    if (evidence.isBlank()) {
      throw new IllegalArgumentException("evidence must not be blank");
    }
  }

  /**
   * Renders the ON condition of this edge, identifiers double-quoted (valid in Snowflake, DuckDB
   * and ANSI SQL), columns compared in key order: {@code a."X" = b."Y" AND a."Z" = b."W"}.
   *
   * @param fromAlias the alias of {@code fromTable} in the query
   * @param toAlias the alias of {@code toTable} in the query
   * @return the condition
   * @throws IllegalArgumentException when an alias is not a simple unquoted identifier, or a
   *     column name holds a NUL character
   */
  public String onCondition(String fromAlias, String toAlias) {
    checkAlias(fromAlias);
    checkAlias(toAlias);
    StringBuilder sb = new StringBuilder();
    for (int i = 0; i < fromColumns.size(); i++) {
      if (i > 0) {
        sb.append(" AND ");
      }
      sb.append(fromAlias).append('.').append(quote(fromColumns.get(i)))
          .append(" = ")
          .append(toAlias).append('.').append(quote(toColumns.get(i)));
    }
    return sb.toString();
  }

  /** {@return the same join seen from the other side: from and to swapped} */
  public JoinEdge reversed() {
    return new JoinEdge(toTable, toColumns, fromTable, fromColumns, source, evidence, confidence);
  }

  /** {@return whether the edge touches the table, on either side} */
  public boolean touches(QualifiedName table) {
    return fromTable.equals(table) || toTable.equals(table);
  }

  private static void checkAlias(String alias) {
    requireNonNull(alias, "alias is null");
    if (!ALIAS.matcher(alias).matches()) {
      throw new IllegalArgumentException("alias must be a simple identifier"
          + " ([A-Za-z_][A-Za-z0-9_$]*), got '" + alias + "'");
    }
  }

  // Every supported dialect quotes identifiers alike (double quotes, embedded ones doubled).
  static String quote(String identifier) {
    return Sql.quoteIdentifier(Dialect.GENERIC, identifier);
  }
}
