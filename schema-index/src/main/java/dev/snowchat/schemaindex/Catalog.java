package dev.snowchat.schemaindex;

import static java.util.Objects.requireNonNull;

import java.util.Collection;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

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
