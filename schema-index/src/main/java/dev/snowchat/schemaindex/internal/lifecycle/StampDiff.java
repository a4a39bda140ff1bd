package dev.snowchat.schemaindex.internal.lifecycle;

import dev.snowchat.schemaindex.QualifiedName;
import dev.snowchat.schemaindex.TableStamp;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collection;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.TreeSet;
import org.jspecify.annotations.Nullable;

/**
 * The change stamps as last read, compared with each new read in one pass over it, and what
 * changed then recorded in place (no sort, no map of the new read). A source lists its tables in
 * the same order each time, so the read is first walked beside the last one: a stamp equal to
 * the one at the same place (usually the same object) costs a reference comparison, not a hash
 * lookup. Only when the tables listed differ (one added, removed or moved) is each stamp looked
 * up by name. Not thread-safe: the lifecycle uses it under its run lock.
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
  /** The tables of {@link #last} that could not be read. */
  private final Set<QualifiedName> missing = new HashSet<>();
  /** The last read in its order, when it listed no table twice; else null. */
  private TableStamp @Nullable [] lastOrder;
  /** The read that {@link #compare} last saw, installed by {@link #record}. */
  private TableStamp @Nullable [] pendingOrder;
  private long generation;

  private StampDiff(Map<QualifiedName, Entry> last, TableStamp @Nullable [] order) {
    this.last = last;
    this.lastOrder = order;
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
    TableStamp[] order = stamps.toArray(TableStamp[]::new);
    return new StampDiff(m, m.size() == order.length ? order : null);
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
    TableStamp[] now = read.toArray(TableStamp[]::new);
    pendingOrder = null;
    if (lastOrder != null && lastOrder.length == now.length) {
      Diff d = compareInOrder(lastOrder, now);
      if (d != null) {
        // the same tables in the same order: no table listed twice, none added or removed
        pendingOrder = now;
        return d;
      }
    }
    return compareByName(Arrays.asList(now), now);
  }

  /**
   * {@return the diff of two reads that list the same tables in the same order; null when they
   * do not}
   */
  private @Nullable Diff compareInOrder(TableStamp[] before, TableStamp[] now) {
    Set<QualifiedName> added = null;
    Set<QualifiedName> changed = null;
    List<TableStamp> newer = null;
    for (int i = 0; i < now.length; i++) {
      TableStamp a = before[i];
      TableStamp b = now[i];
      if (a == b) {
        continue;
      }
      QualifiedName id = a.table();
      if (id != b.table() && !id.equals(b.table())) {
        return null;
      }
      // the same table: compare the rest of the stamp (the generated equals would compare the
      // names again, part by part)
      if (!Objects.equals(a.changedOn(), b.changedOn())
          || !Objects.equals(a.fingerprint(), b.fingerprint())) {
        if (newer == null) {
          added = new TreeSet<>();
          changed = new TreeSet<>();
          newer = new ArrayList<>();
        }
        (missing.contains(b.table()) ? added : changed).add(b.table());
        newer.add(b);
      }
    }
    if (newer == null) {
      return Diff.NONE;
    }
    added.addAll(missing); // the tables not read last time are asked for again
    return new Diff(added, changed, Set.of(), newer, List.of());
  }

  private Diff compareByName(List<TableStamp> read, TableStamp @Nullable [] order) {
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
          return compareByName(dedupe(read), null);
        }
        newer.add(s);
      } else if (e.seen == gen) {
        return compareByName(dedupe(read), null);
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
    pendingOrder = order;
    if (newer.isEmpty() && removed.isEmpty() && forgotten.isEmpty()) {
      lastOrder = order; // the same tables, perhaps in another order
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
    diff.forgotten().forEach(missing::remove);
    for (Set<QualifiedName> ids : List.of(diff.added(), diff.changed())) {
      for (QualifiedName id : ids) {
        boolean no = unreadable.contains(id);
        last.get(id).missing = no;
        if (no) {
          missing.add(id);
        } else {
          missing.remove(id);
        }
      }
    }
    lastOrder = pendingOrder;
    pendingOrder = null;
  }

  /** {@return the stamps as last read, as a map (for tests)} */
  Map<QualifiedName, TableStamp> asMap() {
    Map<QualifiedName, TableStamp> m = new HashMap<>();
    last.forEach((id, e) -> m.put(id, e.stamp));
    return m;
  }
}
