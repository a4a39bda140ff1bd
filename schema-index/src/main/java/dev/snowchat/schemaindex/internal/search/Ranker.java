package dev.snowchat.schemaindex.internal.search;

import dev.snowchat.schemaindex.EmbeddingProvider;
import dev.snowchat.schemaindex.SearchHit;
import dev.snowchat.schemaindex.SearchRequest;
import java.io.IOException;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import org.apache.lucene.search.IndexSearcher;
import org.jspecify.annotations.Nullable;

/**
 * The ranking half of the search engine: runs one search through the stages, in order, each
 * reading and writing the search's {@link QueryContext}:
 *
 * <ol>
 *   <li>glossary: the entries whose terms the query holds ({@link GlossaryMatcher});
 *   <li>keyword retrieval: BM25 candidates ({@link KeywordRetrieval}), boosted by those entries;
 *   <li>vector retrieval: table vectors, and with column vectors the column ranking ({@link
 *       VectorRetrieval});
 *   <li>fusion of the three rankings ({@link Fusion});
 *   <li>column phrases: a column named by all its words ({@link ColumnPhrase});
 *   <li>table coverage: how much of the question a table holds ({@link TableCoverage}, semantic
 *       models only);
 *   <li>schema preference: modelled layers (or the request's schemas) win near-ties ({@link
 *       SchemaPreference});
 *   <li>database coherence ({@link Coherence});
 *   <li>join propagation, off by default ({@link Propagation});
 *   <li>the bridge: a table linking two of the best hits that do not join each other ({@link
 *       Bridges});
 *   <li>parents: the tables the best three hits reference take ranks 4 to 6 from tables that
 *       are none ({@link Parents});
 *   <li>the best {@code k} as hits, with relevance, columns, joins and reasons ({@link Hits}).
 * </ol>
 *
 * <p>Immutable; searches run concurrently, each with its own context.
 */
final class Ranker {
  /** Highest score first, equal scores in key order: no ranking depends on hash order. */
  static final Comparator<Map.Entry<String, Double>> BEST_FIRST =
      Map.Entry.<String, Double>comparingByValue().reversed()
          .thenComparing(Map.Entry.comparingByKey());

  private final Tuning tuning;
  private final GlossaryMatcher glossary;
  private final KeywordRetrieval keywords;
  private final VectorRetrieval vectors;
  private final Fusion fusion;
  private final ColumnPhrase phrases;
  private final TableCoverage tableCoverage;
  private final SchemaPreference preference;
  private final Coherence coherence;
  private final Propagation propagation;
  private final Bridges bridges;
  private final Parents parents;

  /**
   * @param tuning the weights
   * @param provider the embedding provider, or null for keyword search only
   * @param glossary the glossary
   * @param columnVectors the index's column vectors (empty when off)
   */
  Ranker(Tuning tuning, @Nullable EmbeddingProvider provider, GlossaryMatcher glossary,
      ColumnVectors columnVectors) {
    this.tuning = tuning;
    this.glossary = glossary;
    // the hashing provider's vectors are lexical: they mostly catch misspellings
    double vectorWeight = provider == null ? 0
        : Indexer.semantic(provider) ? tuning.vectorWeight() : tuning.hashingVectorWeight();
    boolean semantic = Indexer.semantic(provider);
    double tableBm25 = semantic ? tuning.semanticTableBm25() : tuning.tableBm25();
    double dbBm25 = semantic ? tuning.semanticDbBm25() : tuning.dbBm25();
    this.keywords = new KeywordRetrieval(tuning,
        tableBm25 > 0 || (dbBm25 > 0 && tuning.coherence() > 0));
    this.vectors = new VectorRetrieval(tuning, provider, vectorWeight, columnVectors);
    this.fusion = new Fusion(tuning, vectorWeight, tableBm25);
    this.phrases = new ColumnPhrase(tuning);
    this.tableCoverage = new TableCoverage(tuning, semantic);
    this.preference = new SchemaPreference(tuning);
    this.coherence = new Coherence(tuning, semantic);
    this.propagation = new Propagation(tuning);
    this.bridges = new Bridges(tuning);
    this.parents = new Parents(tuning);
  }

  /**
   * Ranks the tables for a request.
   *
   * @param request the request
   * @param catalog the tables and join graph as of the start of the search
   * @param searcher the index as of the start of the search
   * @return up to {@code k} hits, best first
   */
  List<SearchHit> rank(SearchRequest request, IndexedCatalog catalog, IndexSearcher searcher)
      throws IOException {
    QueryContext q = new QueryContext(request, catalog, searcher, tuning.candidates());
    q.glossaryMatches = glossary.match(q.words);
    keywords.retrieve(q);
    vectors.retrieve(q);
    fusion.fuse(q);
    phrases.apply(q);
    tableCoverage.apply(q);
    preference.apply(q);
    coherence.apply(q);
    propagation.apply(q);
    bridges.apply(q);
    parents.apply(q);
    return Hits.of(q, tuning);
  }
}
