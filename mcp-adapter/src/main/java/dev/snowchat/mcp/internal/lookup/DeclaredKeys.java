package dev.snowchat.mcp.internal.lookup;

import dev.snowchat.schemaindex.EdgeSource;
import dev.snowchat.schemaindex.JoinEdge;
import dev.snowchat.schemaindex.QualifiedName;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Collects the rows of a key listing ({@code DatabaseMetaData.getImportedKeys} or Snowflake's
 * {@code SHOW IMPORTED KEYS}), one row per key column, into one declared {@link JoinEdge} per key,
 * its columns in key-sequence order. Not thread-safe; one instance per listing.
 */
final class DeclaredKeys {
  private record Part(long seq, String fromColumn, String toColumn) {}

  private record Key(QualifiedName from, QualifiedName to, String name) {}

  private final Map<Key, List<Part>> parts = new LinkedHashMap<>();

  /**
   * Adds one key column.
   *
   * @param from the referencing table
   * @param to the referenced table
   * @param keyName the constraint's name, or null when the source does not give one
   * @param seq the column's position in the key
   */
  void add(QualifiedName from, QualifiedName to, String keyName, long seq, String fromColumn,
      String toColumn) {
    String name = keyName == null ? from + "->" + to : keyName;
    parts.computeIfAbsent(new Key(from, to, name), k -> new ArrayList<>())
        .add(new Part(seq, fromColumn, toColumn));
  }

  /** {@return one declared edge per key, in the order the keys were first seen} */
  List<JoinEdge> edges() {
    List<JoinEdge> out = new ArrayList<>(parts.size());
    parts.forEach((key, cols) -> {
      List<Part> sorted = new ArrayList<>(cols);
      sorted.sort(Comparator.comparingLong(Part::seq));
      out.add(new JoinEdge(key.from(), sorted.stream().map(Part::fromColumn).toList(), key.to(),
          sorted.stream().map(Part::toColumn).toList(), EdgeSource.DECLARED,
          "declared foreign key " + key.name(),
          1.0));
    });
    return out;
  }

  /** {@return the imported keys, then the exported ones that are not already listed} */
  static List<JoinEdge> union(List<JoinEdge> imported, List<JoinEdge> exported) {
    List<JoinEdge> out = new ArrayList<>(imported);
    for (JoinEdge e : exported) {
      if (!out.contains(e)) {
        out.add(e);
      }
    }
    return out;
  }
}
