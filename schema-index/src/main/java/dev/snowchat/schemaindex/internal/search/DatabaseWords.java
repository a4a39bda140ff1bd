package dev.snowchat.schemaindex.internal.search;

import dev.snowchat.schemaindex.ColumnInfo;
import dev.snowchat.schemaindex.TableInfo;
import java.util.HashMap;
import java.util.Map;
import org.jspecify.annotations.Nullable;

/**
 * The word counts of one database's table names and column names, which its document holds
 * ({@link Documents#database}, capped). Updates keep them current, so that a database's document
 * is rebuilt without reading its tables again, and remember the counts before the running update
 * so that the document's old copy can be described to {@link DeletedStats}. Used by the updating
 * thread only.
 */
final class DatabaseWords {
  final Map<String, Integer> names = new HashMap<>();
  final Map<String, Integer> columns = new HashMap<>();
  /** The counts before the running update of the words it changed (0: absent), or null. */
  private @Nullable Map<String, Integer> namesBefore;
  private @Nullable Map<String, Integer> columnsBefore;

  /**
   * Counts a table's words in (sign 1) or out (sign -1); tracked when an update does it, which
   * remembers the counts before it until {@link #settle()}.
   */
  void add(TableInfo t, int sign, boolean tracked) {
    if (tracked && namesBefore == null) {
      namesBefore = new HashMap<>();
      columnsBefore = new HashMap<>();
    }
    for (String w : Words.name(t.id().name())) {
      count(names, tracked ? namesBefore : null, w, sign);
    }
    for (ColumnInfo c : t.columns()) {
      for (String w : Words.name(c.name())) {
        count(columns, tracked ? columnsBefore : null, w, sign);
      }
    }
  }

  private static void count(Map<String, Integer> counts, @Nullable Map<String, Integer> before,
      String w, int sign) {
    if (before != null) {
      before.putIfAbsent(w, counts.getOrDefault(w, 0));
    }
    counts.merge(w, sign, DatabaseWords::sumOrRemove);
  }

  private static @Nullable Integer sumOrRemove(Integer a, Integer b) {
    int v = a + b;
    return v <= 0 ? null : v;
  }

  /** {@return whether the running update changed a count below the cap} */
  boolean cappedChanged(int cap) {
    return cappedChanged(names, namesBefore, cap) || cappedChanged(columns, columnsBefore, cap);
  }

  private static boolean cappedChanged(Map<String, Integer> counts,
      @Nullable Map<String, Integer> before, int cap) {
    if (before != null) {
      for (Map.Entry<String, Integer> e : before.entrySet()) {
        if (Math.min(e.getValue(), cap) != Math.min(counts.getOrDefault(e.getKey(), 0), cap)) {
          return true;
        }
      }
    }
    return false;
  }

  /** {@return the table-name word counts as they were before the running update} */
  Map<String, Integer> namesBeforeUpdate() {
    return before(names, namesBefore);
  }

  /** {@return the column-name word counts as they were before the running update} */
  Map<String, Integer> columnsBeforeUpdate() {
    return before(columns, columnsBefore);
  }

  private static Map<String, Integer> before(Map<String, Integer> counts,
      @Nullable Map<String, Integer> before) {
    if (before == null || before.isEmpty()) {
      return counts;
    }
    Map<String, Integer> out = new HashMap<>(counts);
    before.forEach((w, n) -> {
      if (n > 0) {
        out.put(w, n);
      } else {
        out.remove(w);
      }
    });
    return out;
  }

  /** Ends the running update. */
  void settle() {
    namesBefore = null;
    columnsBefore = null;
  }

  boolean isEmpty() {
    return names.isEmpty() && columns.isEmpty();
  }
}
