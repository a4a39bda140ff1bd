package dev.snowchat.schemaindex.internal.lifecycle;

import dev.snowchat.schemaindex.QualifiedName;
import dev.snowchat.schemaindex.TableStamp;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;

/**
 * The change stamps as last read, compared with each new read in one pass over it: one hash
 * lookup a stamp, no copy, no sort, no map of the new read; what changed is then recorded in
 * place. Not thread-safe: the lifecycle uses it under its run lock.
 */
final class StampDiff {
  /** A stamp as last read; {@code missing} when its table was listed but could not be read. */
  private static final class Entry {
    TableStamp stamp;
    long seen;
    boolean missing;

    Entry(TableStamp stamp) {
      this.stamp = stamp;
    }
  }

  /**
   * What a read changed.
   *
   * @param added tables to read that are not served: new, or listed before but not readable then
   * @param changed served tables whose stamp changed
   * @param removed served tables no longer listed
   * @param newer the stamps to record for added and changed tables
   * @param forgotten tables not served and no longer listed
   */
  record Diff(Set<QualifiedName> added, Set<QualifiedName> changed,
      Set<QualifiedName> removed, List<TableStamp> newer, List<QualifiedName> forgotten) {
    static final Diff NONE = new Diff(Set.of(), Set.of(), Set.of(), List.of(), List.of());

    /** {@return whether the read equals the last one} */
    boolean isEmpty() {
      return this == NONE;
    }
  }

  private final Map<QualifiedName, Entry> last;
  private long generation;

  private StampDiff(Map<QualifiedName, Entry> last) {
    this.last = last;
  }

  /**
   * Starts from the stamps of a served catalog.
   *
   * @param stamps the stamps; for a table listed twice the last counts
   * @return the stamps as last read
   */
  static StampDiff of(Collection<TableStamp> stamps) {
    Map<QualifiedName, Entry> m = HashMap.newHashMap(stamps.size());
    stamps.forEach(s -> m.put(s.table(), new Entry(s)));
    return new StampDiff(m);
  }

  /** {@return the number of tables listed in the last read} */
  int size() {
    return last.size();
  }

  /**
   * Compares a new read with the last one, without recording it ({@link #record} does, once the
   * change is applied).
   *
   * @param read the stamps just read, in any order
   * @return {@link Diff#NONE} when they equal the last read (as a set), else what changed; tables
   *     that could not be read last time are read again when anything else changed
   */
  Diff compare(List<TableStamp> read) {
    long gen = ++generation;
    Set<QualifiedName> added = new TreeSet<>();
    Set<QualifiedName> changed = new TreeSet<>();
    List<TableStamp> newer = new ArrayList<>();
    List<QualifiedName> missingAgain = new ArrayList<>();
    int seen = 0;
    for (TableStamp s : read) {
      QualifiedName id = s.table();
      Entry e = last.get(id);
      if (e == null) {
        if (!added.add(id)) {
          return compare(dedupe(read));
        }
        newer.add(s);
      } else if (e.seen == gen) {
        return compare(dedupe(read));
      } else {
        e.seen = gen;
        seen++;
        if (!e.stamp.equals(s)) {
          (e.missing ? added : changed).add(id);
          newer.add(s);
        } else if (e.missing) {
          missingAgain.add(id);
        }
      }
    }
    Set<QualifiedName> removed = new TreeSet<>();
    List<QualifiedName> forgotten = new ArrayList<>();
    if (seen < last.size()) {
      last.forEach((id, e) -> {
        if (e.seen != gen) {
          (e.missing ? forgotten : removed).add(id);
        }
      });
    }
    if (newer.isEmpty() && removed.isEmpty() && forgotten.isEmpty()) {
      return Diff.NONE;
    }
    added.addAll(missingAgain);
    return new Diff(added, changed, removed, newer, forgotten);
  }

  /** {@return the read with each table once, the last stamp of a table listed twice} */
  private static List<TableStamp> dedupe(List<TableStamp> read) {
    Map<QualifiedName, TableStamp> m = new LinkedHashMap<>();
    read.forEach(s -> m.put(s.table(), s));
    return List.copyOf(m.values());
  }

  /**
   * Records a read whose change was applied: its cost follows the change.
   *
   * @param diff what {@link #compare} returned for the read
   * @param unreadable added or changed tables that could not be read: not served, read again
   *     with the next change
   */
  void record(Diff diff, Set<QualifiedName> unreadable) {
    for (TableStamp s : diff.newer()) {
      Entry e = last.get(s.table());
      if (e == null) {
        last.put(s.table(), new Entry(s));
      } else {
        e.stamp = s;
      }
    }
    diff.removed().forEach(last::remove);
    diff.forgotten().forEach(last::remove);
    for (Set<QualifiedName> ids : List.of(diff.added(), diff.changed())) {
      for (QualifiedName id : ids) {
        last.get(id).missing = unreadable.contains(id);
      }
    }
  }

  /** {@return the stamps as last read, as a map (for tests)} */
  Map<QualifiedName, TableStamp> asMap() {
    Map<QualifiedName, TableStamp> m = new HashMap<>();
    last.forEach((id, e) -> m.put(id, e.stamp));
    return m;
  }
}
