/**
 * The search engine behind {@code SchemaIndex}: one in-memory Lucene index, keyword and vector
 * retrieval fused by reciprocal rank fusion, database coherence and join propagation. The entry
 * point is {@link dev.snowchat.schemaindex.internal.search.SearchEngine}. Not exported.
 */
@NullMarked
package dev.snowchat.schemaindex.internal.search;

import org.jspecify.annotations.NullMarked;
