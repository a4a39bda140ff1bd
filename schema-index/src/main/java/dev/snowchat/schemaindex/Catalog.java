package dev.snowchat.schemaindex;

import static java.util.Objects.requireNonNull;

import java.util.ArrayList;
import java.util.Collection;
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
  private static final Catalog EMPTY = new Catalog(List.of());

  private final List<TableInfo> tables;
  private final Map<QualifiedName, TableInfo> byId;

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
    this.tables = List.copyOf(map.values());
    this.byId = Map.copyOf(map);
  }

  private Catalog(List<TableInfo> sorted, Map<QualifiedName, TableInfo> byId) {
    this.tables = List.copyOf(sorted);
    this.byId = Map.copyOf(byId);
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
   * the tables that stay: what a poll that read a few changed tables installs.
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
    Set<QualifiedName> replaced = new HashSet<>();
    for (TableInfo t : in) {
      if (!replaced.add(t.id()) || gone.contains(t.id())) {
        throw new IllegalArgumentException("table both added and removed, or added twice: "
            + t.id());
      }
    }
    Map<QualifiedName, TableInfo> map = new HashMap<>(byId);
    map.keySet().removeAll(gone);
    List<TableInfo> out = new ArrayList<>(tables.size() + in.size());
    int next = 0;
    for (TableInfo t : tables) {
      if (gone.contains(t.id()) || replaced.contains(t.id())) {
        continue;
      }
      while (next < in.size() && in.get(next).id().compareTo(t.id()) < 0) {
        out.add(in.get(next++));
      }
      out.add(t);
    }
    out.addAll(in.subList(next, in.size()));
    in.forEach(t -> map.put(t.id(), t));
    return out.isEmpty() ? EMPTY : new Catalog(out, map);
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
    return Optional.ofNullable(byId.get(requireNonNull(id, "id is null")));
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
