/**
 * The search engine behind {@code SchemaIndex}. The entry point is {@link
 * dev.snowchat.schemaindex.internal.search.SearchEngine}, which pairs
 *
 * <ul>
 *   <li>indexing, {@link dev.snowchat.schemaindex.internal.search.Indexer}: one in-memory Lucene
 *       index with a document per table and per database ({@code Documents}, {@code Fields},
 *       {@code DatabaseWords}), table and column vectors ({@code ColumnVectors}), in-place
 *       updates with exact BM25 statistics ({@code DeletedStats});
 *   <li>ranking, {@link dev.snowchat.schemaindex.internal.search.Ranker}: named stages over a
 *       per-search {@code QueryContext} (glossary, keyword retrieval, vector retrieval, fusion,
 *       database coherence, join propagation, hits), weighted by one immutable {@link
 *       dev.snowchat.schemaindex.internal.search.Tuning}.
 * </ul>
 *
 * <p>Not exported.
 */
@NullMarked
package dev.snowchat.schemaindex.internal.search;

import org.jspecify.annotations.NullMarked;
