package dev.snowchat.schemaindex.internal.lifecycle;

import dev.snowchat.schemaindex.QualifiedName;
import dev.snowchat.schemaindex.TableStamp;
import dev.snowchat.schemaindex.internal.source.Fingerprints;
import java.util.Collection;
import java.util.HashMap;
import java.util.HexFormat;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;

/** Hashing and diffing of change stamps for polling. */
final class StampDiff {
  private StampDiff() {}

  /** The tables to reload and to drop. */
  record Diff(Set<QualifiedName> added, Set<QualifiedName> changed,
      Set<QualifiedName> removed) {}

  /** {@return SHA-256 over the sorted {@code fqn:changedOn} lines, in hex} */
  static String hash(Collection<TableStamp> stamps) {
    TreeSet<String> lines = new TreeSet<>();
    stamps.forEach(s -> lines.add(s.line()));
    return HexFormat.of().formatHex(Fingerprints.sha256(String.join("\n", lines)));
  }

  static Map<QualifiedName, TableStamp> index(Collection<TableStamp> stamps) {
    Map<QualifiedName, TableStamp> m = HashMap.newHashMap(stamps.size());
    stamps.forEach(s -> m.put(s.table(), s));
    return m;
  }

  /**
   * Compares stamps.
   *
   * @param before the stamps of the served catalog
   * @param served the tables of the served catalog
   * @param after the stamps just read
   * @return what to reload and to drop
   */
  static Diff diff(Map<QualifiedName, TableStamp> before, Set<QualifiedName> served,
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
    for (QualifiedName id : served) {
      if (!after.containsKey(id)) {
        removed.add(id);
      }
    }
    return new Diff(added, changed, removed);
  }
}
