/**
 * Schema discovery, not API: the live lookups (Snowflake SHOW and DESCRIBE, JDBC {@code
 * DatabaseMetaData}) and the schema-index lookup behind one {@link
 * dev.snowchat.mcp.internal.lookup.SchemaLookup} contract, whose sealed {@link
 * dev.snowchat.mcp.internal.lookup.Answer} says when the index cannot answer now; the {@link
 * dev.snowchat.mcp.internal.lookup.LookupRouter} asks the index first, then live queries.
 */
@NullMarked
package dev.snowchat.mcp.internal.lookup;

import org.jspecify.annotations.NullMarked;
