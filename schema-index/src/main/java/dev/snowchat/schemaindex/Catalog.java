package dev.snowchat.schemaindex;

import static java.util.Objects.requireNonNull;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collection;
import java.util.Collections;
import java.util.Comparator;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * An immutable set of tables and views, sorted by qualified name, with lookup by name. This is what
 * {@link CatalogSource catalog sources} produce and what the JSON snapshot holds.
 */
public final class Catalog {
  /**
   * The least number of tables that may differ from a shared lookup map before {@link #with}
   * builds a full map again (else a sixteenth of the catalog).
   */
  private static final int MIN_OVERLAY = 64;

  /** The tables sorted by name, read only: {@link #tables} is a view of it. */
  private final TableInfo[] array;
  private final List<TableInfo> tables;
  /** A full lookup map, possibly shared with the catalogs this one was derived from. */
  private final Map<QualifiedName, TableInfo> byId;
  /**
   * The tables that differ from {@link #byId}: a new or changed table, or {@link #GONE} for one
   * removed. Small (bounded by {@link #overlayLimit}), so a catalog made by {@link #with} costs
   * the change, not the catalog.
   */
  private final Map<QualifiedName, Object> overlay;

  /** Marks a removed table in {@link #overlay}. */
  private static final Object GONE = new Object();

  private static final Catalog EMPTY = new Catalog(List.of());

  private Catalog(Collection<TableInfo> input) {
    Map<QualifiedName, TableInfo> map = new LinkedHashMap<>();
    input.stream()
        .sorted(Comparator.comparing(TableInfo::id))
        .forEach(t -> {
          TableInfo previous = map.putIfAbsent(t.id(), t);
          if (previous != null) {
            throw new IllegalArgumentException("duplicate table in catalog: " + t.id());
          }
        });
    this.array = map.values().toArray(TableInfo[]::new);
    this.tables = Collections.unmodifiableList(Arrays.asList(array));
    this.byId = Map.copyOf(map);
    this.overlay = Map.of();
  }

  private Catalog(TableInfo[] sorted, Map<QualifiedName, TableInfo> byId,
      Map<QualifiedName, Object> overlay) {
    this.array = sorted;
    this.tables = Collections.unmodifiableList(Arrays.asList(sorted));
    this.byId = byId;
    this.overlay = overlay;
  }

  private static int overlayLimit(int size) {
    return Math.max(MIN_OVERLAY, size / 16);
  }

  /**
   * Creates a catalog.
   *
   * @param tables the tables; qualified names must be unique
   * @return the catalog
   * @throws IllegalArgumentException on a duplicate qualified name
   */
  public static Catalog of(Collection<TableInfo> tables) {
    requireNonNull(tables, "tables is null");
    return tables.isEmpty() ? EMPTY : new Catalog(tables);
  }

  /**
   * Returns this catalog with some tables added or replaced and others removed, without sorting
   * the tables that stay: what a poll that read a few changed tables installs. Its cost follows
   * the change (binary searches, one array copy of the table list), not the catalog: the lookup
   * map is shared with this catalog, the change kept beside it, until enough changes have
   * gathered to build a full map again.
   *
   * @param addedOrChanged tables to add, or to put in place of the table of the same name
   * @param removed names of tables to drop (names not in the catalog are ignored)
   * @return the new catalog; this one when there is nothing to change
   * @throws IllegalArgumentException when a name is both added and removed, or added twice
   */
  public Catalog with(Collection<TableInfo> addedOrChanged, Collection<QualifiedName> removed) {
    requireNonNull(addedOrChanged, "addedOrChanged is null");
    requireNonNull(removed, "removed is null");
    if (addedOrChanged.isEmpty() && removed.isEmpty()) {
      return this;
    }
    List<TableInfo> in = new ArrayList<>(addedOrChanged);
    in.sort(Comparator.comparing(TableInfo::id));
    Set<QualifiedName> gone = new HashSet<>(removed);
    for (int i = 0; i < in.size(); i++) {
      QualifiedName id = in.get(i).id();
      if ((i > 0 && in.get(i - 1).id().equals(id)) || gone.contains(id)) {
        throw new IllegalArgumentException("table both added and removed, or added twice: "
            + id);
      }
    }
    // Each position of the sorted list either loses a table (replaced or removed) or gains one.
    List<QualifiedName> drop = new ArrayList<>();
    for (QualifiedName id : gone) {
      if (indexOf(id) >= 0) {
        drop.add(id);
      }
    }
    drop.sort(null);
    TableInfo[] out = new TableInfo[tables.size() - drop.size() + in.size()];
    int from = 0;
    int to = 0;
    int d = 0;
    int a = 0;
    while (d < drop.size() || a < in.size()) {
      // the next change in name order: a table to drop, or one to add (replacing its old copy)
      QualifiedName dropNext = d < drop.size() ? drop.get(d) : null;
      TableInfo addNext = a < in.size() ? in.get(a) : null;
      boolean isDrop = addNext == null
          || (dropNext != null && dropNext.compareTo(addNext.id()) < 0);
      QualifiedName id = isDrop ? dropNext : addNext.id();
      int at = indexOf(id);
      int until = at >= 0 ? at : -at - 1;
      System.arraycopy(array, from, out, to, until - from);
      to += until - from;
      from = at >= 0 ? at + 1 : until;
      if (isDrop) {
        d++;
      } else {
        out[to++] = addNext;
        a++;
      }
    }
    System.arraycopy(array, from, out, to, array.length - from);
    to += array.length - from;
    if (to == 0) {
      return EMPTY;
    }
    if (to < out.length) {
      out = Arrays.copyOf(out, to); // some added tables replaced old copies
    }
    Map<QualifiedName, Object> delta = new HashMap<>(overlay);
    drop.forEach(id -> delta.put(id, GONE));
    in.forEach(t -> delta.put(t.id(), t));
    if (delta.size() > overlayLimit(out.length)) {
      Map<QualifiedName, TableInfo> map = HashMap.newHashMap(out.length);
      for (TableInfo t : out) {
        map.put(t.id(), t);
      }
      return new Catalog(out, Map.copyOf(map), Map.of());
    }
    return new Catalog(out, byId, delta);
  }

  /** {@return the position of a table in {@link #tables}, or {@code -(insertion point) - 1}} */
  private int indexOf(QualifiedName id) {
    int lo = 0;
    int hi = array.length - 1;
    while (lo <= hi) {
      int mid = (lo + hi) >>> 1;
      int c = array[mid].id().compareTo(id);
      if (c < 0) {
        lo = mid + 1;
      } else if (c > 0) {
        hi = mid - 1;
      } else {
        return mid;
      }
    }
    return -lo - 1;
  }

  /**
   * The tables of one database: a view of the sorted list, found by binary search (names sort by
   * database first).
   *
   * @param database the database
   * @return its tables, sorted; empty when it has none
   */
  List<TableInfo> tablesOf(String database) {
    int lo = 0;
    int hi = tables.size();
    while (lo < hi) {
      int mid = (lo + hi) >>> 1;
      if (tables.get(mid).id().database().compareTo(database) < 0) {
        lo = mid + 1;
      } else {
        hi = mid;
      }
    }
    int end = lo;
    while (end < tables.size() && tables.get(end).id().database().equals(database)) {
      end++;
    }
    return tables.subList(lo, end);
  }

  /** {@return the empty catalog} */
  public static Catalog empty() {
    return EMPTY;
  }

  /** {@return the tables and views, sorted by qualified name} */
  public List<TableInfo> tables() {
    return tables;
  }

  /** {@return the number of tables and views} */
  public int size() {
    return tables.size();
  }

  /**
   * Finds a table by its exact qualified name.
   *
   * @param id the qualified name
   * @return the table, or empty
   */
  public Optional<TableInfo> table(QualifiedName id) {
    requireNonNull(id, "id is null");
    Object changed = overlay.isEmpty() ? null : overlay.get(id);
    if (changed != null) {
      return changed == GONE ? Optional.empty() : Optional.of((TableInfo) changed);
    }
    return Optional.ofNullable(byId.get(id));
  }

  @Override
  public boolean equals(Object o) {
    return o instanceof Catalog c && c.tables.equals(tables);
  }

  @Override
  public int hashCode() {
    return tables.hashCode();
  }

  @Override
  public String toString() {
    return "Catalog[" + tables.size() + " tables]";
  }
}
