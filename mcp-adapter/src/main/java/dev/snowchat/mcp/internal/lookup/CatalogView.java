package dev.snowchat.mcp.internal.lookup;

import static java.util.Objects.requireNonNull;

import dev.snowchat.mcp.internal.jdbc.Warehouse;
import org.jspecify.annotations.Nullable;

/**
 * What the lookups show and how they read short names: the include/exclude filter, and the
 * database and schema that a name without them means (null: the connection's own).
 *
 * @param filter the objects callers may see
 * @param defaultDatabase the database of a name given without one, or null
 * @param defaultSchema the schema of a name given without one, or null
 */
record CatalogView(Patterns filter, @Nullable String defaultDatabase,
    @Nullable String defaultSchema) {
  /** Validates the filter. */
  CatalogView {
    requireNonNull(filter, "filter is null");
  }

  /** {@return the view of a warehouse: its configured filter and its target's defaults} */
  static CatalogView of(Warehouse w) {
    return new CatalogView(new Patterns(w.config().includePatterns(),
        w.config().excludePatterns()), w.target().defaultDatabase(), w.target().defaultSchema());
  }
}
