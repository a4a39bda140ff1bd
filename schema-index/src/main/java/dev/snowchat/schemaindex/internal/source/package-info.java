/**
 * Catalog sources behind {@link dev.snowchat.schemaindex.CatalogSource}: Snowflake (paged SHOW
 * commands, per-schema batches), any JDBC database (DatabaseMetaData) and JSON snapshots, with
 * their factories. Entry point: {@link dev.snowchat.schemaindex.CatalogSources}. Not exported.
 */
@NullMarked
package dev.snowchat.schemaindex.internal.source;

import org.jspecify.annotations.NullMarked;
