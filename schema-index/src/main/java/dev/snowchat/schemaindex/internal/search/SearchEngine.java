package dev.snowchat.schemaindex.internal.search;

import static java.util.Objects.requireNonNull;

import dev.snowchat.schemaindex.Catalog;
import dev.snowchat.schemaindex.EmbeddingProvider;
import dev.snowchat.schemaindex.Glossary;
import dev.snowchat.schemaindex.JoinGraph;
import dev.snowchat.schemaindex.QualifiedName;
import dev.snowchat.schemaindex.SearchHit;
import dev.snowchat.schemaindex.SearchRequest;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.List;
import java.util.Set;
import org.apache.lucene.search.IndexSearcher;
import org.apache.lucene.util.IOFunction;
import org.jspecify.annotations.Nullable;

/**
 * The search engine behind {@code SchemaIndex}: an {@link Indexer} (one in-memory Lucene index
 * with a document per table and per database, the table and column vectors, built from a catalog
 * and updated in place) and a {@link Ranker} (keyword and vector retrieval, fusion, database
 * coherence and, when turned on, join propagation; see there).
 *
 * <p>Thread-safe: searches may run while {@link #update} replaces documents; each search sees one
 * consistent reader. Public only for the facade in another package; not exported.
 */
public final class SearchEngine implements AutoCloseable {
  private final @Nullable EmbeddingProvider provider;
  private final Indexer indexer;
  private final Ranker ranker;

  private SearchEngine(Tuning tuning, @Nullable EmbeddingProvider provider, Glossary glossary,
      Catalog catalog, JoinGraph graph) throws IOException {
    this.provider = provider;
    GlossaryMatcher matcher = new GlossaryMatcher(glossary);
    this.indexer = new Indexer(catalog, graph, provider,
        new Documents(matcher, tuning.dbTermCap()), tuning);
    this.ranker = new Ranker(tuning, provider, matcher, indexer.columnVectors());
  }

  /**
   * Builds the index of a catalog with the default weights.
   *
   * @param catalog the tables
   * @param glossary business terms; {@link Glossary#empty()} for none
   * @param provider the embedding provider, or null for keyword search only
   * @param graph the join graph of the catalog
   * @return the engine
   */
  public static SearchEngine build(Catalog catalog, Glossary glossary,
      @Nullable EmbeddingProvider provider, JoinGraph graph) {
    return build(catalog, glossary, provider, graph, Tuning.defaults());
  }

  /**
   * Builds the index of a catalog with explicit ranking weights.
   *
   * @param catalog the tables
   * @param glossary business terms
   * @param provider the embedding provider, or null for keyword search only
   * @param graph the join graph of the catalog
   * @param tuning the ranking weights
   * @return the engine
   */
  public static SearchEngine build(Catalog catalog, Glossary glossary,
      @Nullable EmbeddingProvider provider, JoinGraph graph, Tuning tuning) {
    requireNonNull(catalog, "catalog is null");
    requireNonNull(glossary, "glossary is null");
    requireNonNull(graph, "graph is null");
    requireNonNull(tuning, "tuning is null");
    try {
      return new SearchEngine(tuning, provider, glossary, catalog, graph);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /**
   * {@return every text a build of this catalog with this provider embeds}; a caller embeds them
   * ahead of {@link #build} (into a vector cache, in the background) so that the build itself
   * embeds nothing.
   *
   * @param catalog the tables
   * @param glossary business terms (they enter table texts)
   * @param provider the provider the build will use
   * @param tuning the weights the build will use
   */
  public static List<String> textsToEmbed(Catalog catalog, Glossary glossary,
      @Nullable EmbeddingProvider provider, Tuning tuning) {
    return Indexer.texts(catalog, provider,
        new Documents(new GlossaryMatcher(glossary), tuning.dbTermCap()), tuning);
  }

  /**
   * Applies a catalog change in place: only the documents of changed, added and removed tables
   * are replaced (and only those are embedded again), and the documents of their databases when
   * their words or tables changed. Searches running meanwhile see either the old or the new
   * index, each with the BM25 statistics of a fresh build of its catalog ({@link DeletedStats}).
   *
   * @param newCatalog the catalog after the change
   * @param changedOrAdded tables whose definition changed or that are new
   * @param removed tables that no longer exist
   * @param newGraph the join graph of the new catalog
   * @return this engine
   */
  public SearchEngine update(Catalog newCatalog, Set<QualifiedName> changedOrAdded,
      Set<QualifiedName> removed, JoinGraph newGraph) {
    requireNonNull(newCatalog, "newCatalog is null");
    requireNonNull(changedOrAdded, "changedOrAdded is null");
    requireNonNull(removed, "removed is null");
    requireNonNull(newGraph, "newGraph is null");
    try {
      indexer.update(newCatalog, changedOrAdded, removed, newGraph);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    return this;
  }

  /**
   * Applies a function to the current searcher (tests compare its statistics with a build's).
   *
   * @param f the function
   * @param <T> its result type
   * @return its result
   */
  <T> T withSearcher(IOFunction<IndexSearcher, T> f) throws IOException {
    IndexSearcher s = indexer.acquire();
    try {
      return f.apply(s);
    } finally {
      indexer.release(s);
    }
  }

  /** {@return the number of indexed tables} */
  public int size() {
    return indexer.catalog().tables().size();
  }

  /**
   * {@return whether a provider's vectors are semantic (a sentence model) rather than lexical
   * (the hashing provider)}; only semantic vectors are worth caching and computing in the
   * background.
   *
   * @param provider the provider, or null
   */
  public static boolean semantic(@Nullable EmbeddingProvider provider) {
    return Indexer.semantic(provider);
  }

  /** {@return the embedding provider, or null when vector search is off} */
  public @Nullable EmbeddingProvider provider() {
    return provider;
  }

  /** {@return whether column vectors are kept (see {@link Indexer#columnVectorsOn()})} */
  boolean columnVectorsOn() {
    return indexer.columnVectorsOn();
  }

  /**
   * Searches.
   *
   * @param request the query and filters
   * @return up to {@code k} hits, best first
   */
  public List<SearchHit> search(SearchRequest request) {
    requireNonNull(request, "request is null");
    IndexedCatalog catalog = indexer.catalog();
    IndexSearcher searcher;
    try {
      searcher = indexer.acquire();
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    try {
      return ranker.rank(request, catalog, searcher);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    } finally {
      try {
        indexer.release(searcher);
      } catch (IOException e) {
        // the searcher is only released; nothing to recover
      }
    }
  }

  /** Closes the index. */
  @Override
  public void close() {
    try {
      indexer.close();
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }
}
