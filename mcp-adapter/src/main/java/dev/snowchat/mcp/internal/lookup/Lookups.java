package dev.snowchat.mcp.internal.lookup;

import dev.snowchat.mcp.ToolErrorCode;
import dev.snowchat.schemaindex.ColumnHit;
import dev.snowchat.schemaindex.JoinEdge;
import dev.snowchat.schemaindex.QualifiedName;
import dev.snowchat.schemaindex.SearchHit;
import dev.snowchat.schemaindex.TableKind;
import dev.snowchat.sqlgate.SnowchatException;
import java.util.Collection;
import java.util.List;
import java.util.Locale;
import org.jspecify.annotations.Nullable;

/** What the schema lookups share: name matching, search words and scoring, and their errors. */
final class Lookups {
  private Lookups() {}

  /**
   * Picks a name as a caller wrote it: the exact match first, then the single case-insensitive
   * one.
   *
   * @param names the names there are
   * @param wanted the name written
   * @return the name, or null when none matches or several match without quoting
   */
  static @Nullable String pick(Collection<String> names, String wanted) {
    for (String n : names) {
      if (n != null && n.equals(wanted)) {
        return n;
      }
    }
    String found = null;
    for (String n : names) {
      if (n != null && n.equalsIgnoreCase(wanted)) {
        if (found != null) {
          return null; // ambiguous without quoting
        }
        found = n;
      }
    }
    return found;
  }

  /**
   * Splits a search query into its words.
   *
   * @param query the query
   * @return the words, at least one
   * @throws SnowchatException {@link ToolErrorCode#INVALID_ARGUMENT} when it has none
   */
  static List<String> searchWords(String query) {
    List<String> words = Patterns.words(query);
    if (words.isEmpty()) {
      throw new SnowchatException(ToolErrorCode.INVALID_ARGUMENT, "search_schema needs at least"
          + " one word of two or more letters, e.g. 'listing price' or 'host reviews'.");
    }
    return words;
  }

  /** Counts the query words that occur in a name (split into its words) or text. */
  static double hits(List<String> words, @Nullable String text) {
    if (text == null || text.isEmpty()) {
      return 0;
    }
    String t = text.toLowerCase(Locale.ROOT);
    List<String> parts = List.of(t.split("[^\\p{L}\\p{N}]+"));
    double s = 0;
    for (String w : words) {
      if (parts.contains(w)) {
        s += 1;
      } else if (t.contains(w)) {
        s += 0.5;
      }
    }
    return s;
  }

  /**
   * A search hit from live metadata, its score rounded to two decimals. Its relevance is the
   * square root of the share of the query's words found in the table's name, comment or matched
   * columns (the index's scale without word weights).
   *
   * @param words the query's words, lower case
   * @param table the table
   * @param kind table or view
   * @param score the sum of the word hits in its name, comment and columns
   * @param comment the table comment, or null
   * @param columns the columns whose names or comments hold a query word
   * @param neighbours the table's declared keys, either direction
   * @return the hit
   */
  static SearchHit liveHit(List<String> words, QualifiedName table, TableKind kind, double score,
      @Nullable String comment, List<ColumnHit> columns, List<JoinEdge> neighbours) {
    String why = columns.isEmpty() ? "query words in the name or comment (live metadata)"
        : "query words in columns " + String.join(", ", columns.stream().map(ColumnHit::name)
            .toList()) + " (live metadata)";
    StringBuilder text = new StringBuilder(table.name()).append(' ')
        .append(comment == null ? "" : comment);
    columns.forEach(c -> text.append(' ').append(c.name()));
    String t = text.toString().toLowerCase(Locale.ROOT);
    long found = words.stream().filter(t::contains).count();
    double relevance = words.isEmpty() ? 0
        : Math.round(Math.sqrt((double) found / words.size()) * 1000) / 1000.0;
    return new SearchHit(table, kind, Math.round(score * 100) / 100.0, relevance, comment,
        columns, neighbours, SearchHit.joinSummary(table, neighbours), why);
  }

  /** A LIKE pattern for SQL: a pattern without wildcards becomes a substring match. */
  static String likeText(String pattern) {
    String p = pattern.strip().replace('*', '%');
    return p.contains("%") || p.contains("_") ? p : "%" + p + "%";
  }

  static @Nullable String str(@Nullable Object o) {
    return o == null ? null : o.toString();
  }

  static String nvl(@Nullable String a, String b) {
    return a == null ? b : a;
  }

  static @Nullable String blankToNull(@Nullable String s) {
    return s == null || s.isBlank() ? null : s;
  }

  static SnowchatException tableNotFound(String table) {
    return tableNotFound(table, "");
  }

  /**
   * A table that was not found, with suggestions.
   *
   * @param table the name as the caller wrote it
   * @param didYouMean {@code " Did you mean X?"}, or empty text
   * @return the failure, a {@link ToolErrorCode#TABLE_NOT_FOUND} tool error
   */
  static SnowchatException tableNotFound(String table, String didYouMean) {
    return new SnowchatException(ToolErrorCode.TABLE_NOT_FOUND, "Table or view " + table
        + " was not found (or is not visible to this connection)." + didYouMean + " Use"
        + " list_tables(database, schema) or search_schema(query) to find the exact name, then"
        + " retry with DATABASE.SCHEMA.TABLE.");
  }
}
