package dev.snowchat.schemaindex.internal.lifecycle;

import dev.snowchat.schemaindex.Catalog;
import dev.snowchat.schemaindex.QualifiedName;
import java.util.Set;

/**
 * What the lifecycle serves besides the catalog (the join graph and search engine), built once
 * and then updated incrementally.
 *
 * @param <S> the served index
 */
public interface Derived<S> {
  /**
   * Builds the index of a whole catalog.
   *
   * @param catalog the catalog
   * @return the index
   */
  S build(Catalog catalog);

  /**
   * Applies a change without a rebuild.
   *
   * @param current the index of the previous catalog
   * @param newCatalog the new catalog
   * @param changedOrAdded tables that changed or are new
   * @param removed tables that are gone
   * @return the index of the new catalog; it may share resources with {@code current} (which is
   *     not closed by the lifecycle), as an index updated in place does
   */
  S update(S current, Catalog newCatalog, Set<QualifiedName> changedOrAdded,
      Set<QualifiedName> removed);

  /**
   * Releases an index that is no longer served.
   *
   * @param index the index
   */
  default void close(S index) {}
}
