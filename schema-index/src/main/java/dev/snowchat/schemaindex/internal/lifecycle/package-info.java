/**
 * The index lifecycle: background load, capped exponential backoff, change-stamp polling with
 * incremental updates. Entry point: {@link dev.snowchat.schemaindex.SchemaIndex}. Not exported.
 */
@NullMarked
package dev.snowchat.schemaindex.internal.lifecycle;

import org.jspecify.annotations.NullMarked;
