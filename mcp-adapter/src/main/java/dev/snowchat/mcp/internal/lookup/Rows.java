package dev.snowchat.mcp.internal.lookup;

import dev.snowchat.sqlgate.QueryResult;
import dev.snowchat.sqlgate.ResultColumn;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.jspecify.annotations.Nullable;

/** Reads a {@link QueryResult}'s rows by column name, case-insensitively. */
final class Rows {
  private final QueryResult result;
  private final Map<String, Integer> index = new HashMap<>();

  Rows(QueryResult result) {
    this.result = result;
    List<ResultColumn> cols = result.columns();
    for (int i = 0; i < cols.size(); i++) {
      index.putIfAbsent(cols.get(i).name().toLowerCase(Locale.ROOT), i);
    }
  }

  List<List<Object>> rows() {
    return result.rows();
  }

  boolean truncated() {
    return result.truncated();
  }

  @Nullable String get(List<Object> row, String column) {
    Integer i = index.get(column.toLowerCase(Locale.ROOT));
    if (i == null || i >= row.size() || row.get(i) == null) {
      return null;
    }
    String s = row.get(i).toString();
    return s;
  }

  @Nullable String text(List<Object> row, String column) {
    String s = get(row, column);
    return s == null || s.isBlank() ? null : s;
  }

  boolean yes(List<Object> row, String column) {
    String s = get(row, column);
    return s != null && (s.equalsIgnoreCase("Y") || s.equalsIgnoreCase("true")
        || s.equalsIgnoreCase("yes"));
  }

  @Nullable Long number(List<Object> row, String column) {
    String s = get(row, column);
    if (s == null) {
      return null;
    }
    try {
      return (long) Double.parseDouble(s);
    } catch (NumberFormatException e) {
      return null;
    }
  }
}
