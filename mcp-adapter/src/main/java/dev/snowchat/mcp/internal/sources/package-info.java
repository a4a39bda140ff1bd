/**
 * The embedded engine behind the source catalog: file sources as views, DuckDB files attached
 * read-only, per-session runtime catalogs for {@code attach_file}, and host tables. Not API.
 */
@NullMarked
package dev.snowchat.mcp.internal.sources;

import org.jspecify.annotations.NullMarked;
