/**
 * The source catalog: many named sources behind one governed server.
 *
 * <p>The entry point is {@link dev.snowchat.mcp.sources.SourceCatalog#fromEnvironment(
 * java.util.Map)}, which reads the JSON file named by {@code SNOWCHAT_SOURCES} and the
 * credentials of its sources from {@code SNOWCHAT_CRED_<NAME>_<FIELD>} variables. Each {@link
 * dev.snowchat.mcp.sources.Source} is Snowflake, any JDBC database, a local file or glob
 * (Parquet, CSV, JSON) or a DuckDB database file, with optional {@link
 * dev.snowchat.mcp.sources.SourceLimits} that may only tighten the server's. Credentials never sit
 * in the file and every {@code toString} masks them.
 *
 * <p>{@link dev.snowchat.mcp.sources.HostData} lets a co-located host query its own in-memory
 * rows through the same gate, when it turns that on.
 */
@NullMarked
package dev.snowchat.mcp.sources;

import org.jspecify.annotations.NullMarked;
