package dev.snowchat.schemaindex.internal.search;

import java.util.HashMap;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The vectors of each table's columns (and the table's own vector), kept in memory for a semantic
 * embedding provider: questions name attributes ("the patient's albumin"), and a table whose best
 * column matches a question is likely one of its tables even when the table vector, which mixes
 * all columns, is not near. Scored by brute force: {@code dimension} multiply-adds per column and
 * query, about 1 ms for 5,000 columns of 384 dimensions; memory is {@code 4 * dimension} bytes a
 * column. Thread-safe: entries are replaced whole.
 */
final class ColumnVectors {
  /** One table: its database, its vector and its column vectors packed row by row. */
  private record Entry(String database, float[] table, float[] columns, int dimension) {
    int count() {
      return columns.length / dimension;
    }
  }

  /** Similarities of one table to a query. */
  record Score(String database, double table, double bestColumn, double secondColumn) {}

  private final Map<String, Entry> entries = new ConcurrentHashMap<>();

  /** Stores or replaces a table's vectors. */
  void put(String key, String database, float[] table, float[][] columns) {
    int dim = table.length;
    float[] packed = new float[columns.length * dim];
    for (int i = 0; i < columns.length; i++) {
      System.arraycopy(columns[i], 0, packed, i * dim, dim);
    }
    entries.put(key, new Entry(database, table, packed, dim));
  }

  /** Forgets a table. */
  void remove(String key) {
    entries.remove(key);
  }

  /** Forgets every table. */
  void clear() {
    entries.clear();
  }

  boolean isEmpty() {
    return entries.isEmpty();
  }

  /** {@return every table's similarity to the query: the table vector and its best columns} */
  Map<String, Score> score(float[] query) {
    Map<String, Score> out = new HashMap<>(entries.size() * 4 / 3 + 1);
    for (Map.Entry<String, Entry> e : entries.entrySet()) {
      Entry t = e.getValue();
      if (t.table().length != query.length) {
        continue;
      }
      double best = -1;
      double second = -1;
      float[] c = t.columns();
      int dim = t.dimension();
      for (int i = 0, n = t.count(); i < n; i++) {
        double s = dot(c, i * dim, query);
        if (s > best) {
          second = best;
          best = s;
        } else if (s > second) {
          second = s;
        }
      }
      double table = dot(t.table(), 0, query);
      out.put(e.getKey(), new Score(t.database(), table, best < 0 ? 0 : best,
          second < 0 ? (best < 0 ? 0 : best) : second));
    }
    return out;
  }

  private static double dot(float[] a, int offset, float[] q) {
    double s = 0;
    for (int d = 0; d < q.length; d++) {
      s += a[offset + d] * q[d];
    }
    return s;
  }
}
