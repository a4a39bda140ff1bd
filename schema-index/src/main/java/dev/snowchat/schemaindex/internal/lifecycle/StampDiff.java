package dev.snowchat.schemaindex.internal.lifecycle;

import dev.snowchat.schemaindex.Catalog;
import dev.snowchat.schemaindex.QualifiedName;
import dev.snowchat.schemaindex.TableInfo;
import dev.snowchat.schemaindex.TableStamp;
import java.util.Collection;
import java.util.HashMap;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;

/** Indexing and diffing of change stamps for polling. */
final class StampDiff {
  private StampDiff() {}

  /** The tables to reload and to drop. */
  record Diff(Set<QualifiedName> added, Set<QualifiedName> changed,
      Set<QualifiedName> removed) {}

  static Map<QualifiedName, TableStamp> index(Collection<TableStamp> stamps) {
    Map<QualifiedName, TableStamp> m = HashMap.newHashMap(stamps.size());
    stamps.forEach(s -> m.put(s.table(), s));
    return m;
  }

  /**
   * Compares stamps.
   *
   * @param before the stamps of the served catalog
   * @param served the served catalog
   * @param after the stamps just read
   * @return what to reload and to drop
   */
  static Diff diff(Map<QualifiedName, TableStamp> before, Catalog served,
      Map<QualifiedName, TableStamp> after) {
    Set<QualifiedName> added = new TreeSet<>();
    Set<QualifiedName> changed = new TreeSet<>();
    Set<QualifiedName> removed = new TreeSet<>();
    after.forEach((id, stamp) -> {
      TableStamp old = before.get(id);
      if (old == null) {
        added.add(id);
      } else if (!old.equals(stamp)) {
        changed.add(id);
      }
    });
    for (TableInfo t : served.tables()) {
      if (!after.containsKey(t.id())) {
        removed.add(t.id());
      }
    }
    return new Diff(added, changed, removed);
  }
}
