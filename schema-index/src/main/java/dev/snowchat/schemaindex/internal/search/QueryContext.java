package dev.snowchat.schemaindex.internal.search;

import static dev.snowchat.schemaindex.internal.search.Fields.lower;

import dev.snowchat.schemaindex.QualifiedName;
import dev.snowchat.schemaindex.SearchRequest;
import dev.snowchat.schemaindex.TableInfo;
import java.io.IOException;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.apache.lucene.index.StoredFields;
import org.apache.lucene.index.Term;
import org.apache.lucene.search.BooleanClause.Occur;
import org.apache.lucene.search.BooleanQuery;
import org.apache.lucene.search.IndexSearcher;
import org.apache.lucene.search.Query;
import org.apache.lucene.search.ScoreDoc;
import org.apache.lucene.search.TermQuery;
import org.jspecify.annotations.Nullable;

/**
 * One search on its way through the ranking stages ({@link Ranker}): what the request asks, the
 * index and catalog it runs against, and what each stage found, in stage order. Each stage reads
 * the fields of the stages before it and sets its own. Created per search, used by one thread.
 */
final class QueryContext {
  /** The request: query text, {@code k}, filters. */
  final SearchRequest request;
  /** The tables and join graph as of the start of the search (an update may run meanwhile). */
  final IndexedCatalog catalog;
  /** The index as of the start of the search. */
  final IndexSearcher searcher;
  final StoredFields stored;
  /** The query's distinct search words ({@link Words#queryTerms}). */
  final List<String> words;
  /** Query tokens as typed (lower case), for exact table and column names such as VENDOR_ID. */
  final List<String> raw;
  /** The request's database, schema and kind filter as a query, or null without filters. */
  final @Nullable Query filter;
  /** How many tables each retriever returns: {@link Tuning#candidates()}, at least {@code k}. */
  final int depth;

  /** Glossary: the entries the query names. */
  List<GlossaryMatcher.Match> glossaryMatches = List.of();
  /** Keyword retrieval: table keys by BM25, best first. */
  List<String> keywordRanking = List.of();
  /** Each table's plain BM25 score ({@link Fields#PLAIN}), when a stage needs it. */
  Map<String, Double> plainScores = Map.of();
  /** Vector retrieval: the query's vector, or null without one (no provider, zero vector). */
  float @Nullable [] queryVector;
  /** Table keys by table-vector similarity (HNSW), best first. */
  List<String> vectorRanking = List.of();
  /** Every table's similarities to the query vector (semantic providers with column vectors). */
  Map<String, ColumnVectors.Score> dense = Map.of();
  /** Table keys by best column similarity, best first. */
  List<String> columnRanking = List.of();
  /**
   * Fusion, then coherence and propagation: each candidate's score by table key, and its table
   * (looked up once: an update may change the catalog's maps meanwhile).
   */
  final Map<String, Double> scores = new HashMap<>();
  final Map<String, TableInfo> candidates = new HashMap<>();
  /** Propagation: the hit that lifted each table it lifted. */
  Map<String, QualifiedName> propagatedFrom = Map.of();
  /** Bridges: the table lifted, and the two hits it links. */
  Map<String, List<QualifiedName>> bridged = Map.of();
  /** Parents: the table lifted, and the hit that references it. */
  Map<String, QualifiedName> referencedBy = Map.of();
  /** The query words' IDF over the tables' plain field, once asked for. */
  private @Nullable Map<String, Double> wordIdf;

  QueryContext(SearchRequest request, IndexedCatalog catalog, IndexSearcher searcher,
      int candidates) throws IOException {
    this.request = request;
    this.catalog = catalog;
    this.searcher = searcher;
    this.stored = searcher.storedFields();
    this.words = Words.queryTerms(request.query());
    this.raw = rawTokens(request.query());
    this.filter = filter(request);
    this.depth = Math.max(candidates, request.k());
  }

  /**
   * {@return each search word's IDF over the tables' {@link Fields#PLAIN} field (names and
   * columns), computed once per search}
   */
  Map<String, Double> wordIdf() throws IOException {
    if (wordIdf == null) {
      Map<String, Double> idf = new HashMap<>();
      int docs = Math.max(1, searcher.getIndexReader().numDocs());
      for (String w : words) {
        int df = DeletedStats.docFreq(searcher, new Term(Fields.PLAIN, w));
        idf.put(w, Math.log(1 + (docs - df + 0.5) / (df + 0.5)));
      }
      wordIdf = idf;
    }
    return wordIdf;
  }

  /** {@return the candidates' scores as they stand, best first ({@link Ranker#BEST_FIRST})} */
  List<Map.Entry<String, Double>> ranked() {
    List<Map.Entry<String, Double>> ranked = new ArrayList<>(scores.entrySet());
    ranked.sort(Ranker.BEST_FIRST);
    return ranked;
  }

  /** {@return the candidates' keys, best first as {@link #ranked()}; a list to change} */
  List<String> rankedKeys() {
    List<Map.Entry<String, Double>> ranked = ranked();
    List<String> keys = new ArrayList<>(ranked.size() + 1);
    for (Map.Entry<String, Double> e : ranked) {
      keys.add(e.getKey());
    }
    return keys;
  }

  /**
   * Moves a table to a place in a ranking, for a stage that lifts it: the table (a candidate or
   * not yet) is put at {@code index} of {@code keys} (at the end when the list is shorter) and
   * scored midway between its new neighbours (below the last one: midway to 0; at the top:
   * above the first by half its score). Equal neighbours leave the order to {@link #order},
   * which the stage calls once it has placed its tables.
   *
   * @param keys every scored candidate's key, best first; changed
   * @param key the table's key
   * @param index where it goes (0-based)
   */
  void place(List<String> keys, String key, int index) {
    keys.remove(key);
    int at = Math.min(index, keys.size());
    keys.add(at, key);
    double below = at + 1 < keys.size() ? scores.get(keys.get(at + 1)) : 0;
    double above = at > 0 ? scores.get(keys.get(at - 1)) : below + Math.max(Math.abs(below), 1e-9);
    scores.put(key, below + (above - below) / 2);
    candidates.putIfAbsent(key, catalog.tables().get(key));
  }

  /**
   * Makes the scores rank the candidates in the given order, for a stage that moved a table in
   * a ranking by giving it a score between two others ({@link #place}): where those two scores
   * are equal (tables filled in with the same score), or a table would still sort above the one
   * before it, it moves to just below that one ({@link Math#nextDown}), and so on down the list.
   *
   * @param keys every scored candidate's key, in the order the scores must give
   */
  void order(List<String> keys) {
    for (int i = 1; i < keys.size(); i++) {
      String above = keys.get(i - 1);
      String k = keys.get(i);
      double a = scores.get(above);
      double s = scores.get(k);
      if (s > a || (s == a && k.compareTo(above) < 0)) {
        scores.put(k, Math.nextDown(a));
      }
    }
  }

  /** {@return whether a table passes the request's database, schema and kind filters} */
  boolean accepts(TableInfo t) {
    SearchRequest r = request;
    return (r.database() == null || r.database().equalsIgnoreCase(t.id().database()))
        && (r.schema() == null || r.schema().equalsIgnoreCase(t.id().schema()))
        && (r.kind() == null || r.kind() == t.kind());
  }

  /**
   * The tables of the hits, best first; equal scores in key order, so that the ranks do not depend
   * on document numbers (an updated table's document is numbered after the others, and a fresh
   * build must rank exactly as an updated index does).
   */
  List<String> ranking(ScoreDoc[] hits) throws IOException {
    return ranking(hits, null);
  }

  /** As {@link #ranking(ScoreDoc[])}, also putting each table's score into {@code scoresOut}. */
  List<String> ranking(ScoreDoc[] hits, @Nullable Map<String, Double> scoresOut)
      throws IOException {
    record Hit(String key, float score) {}
    List<Hit> out = new ArrayList<>(hits.length);
    for (ScoreDoc sd : hits) {
      out.add(new Hit(stored.document(sd.doc, Set.of(Fields.KEY)).get(Fields.KEY), sd.score));
    }
    out.sort(Comparator.comparingDouble((Hit h) -> -h.score()).thenComparing(Hit::key));
    if (scoresOut != null) {
      for (Hit h : out) {
        scoresOut.put(h.key(), (double) h.score());
      }
    }
    return out.stream().map(Hit::key).toList();
  }

  private static @Nullable Query filter(SearchRequest r) {
    if (r.database() == null && r.schema() == null && r.kind() == null) {
      return null;
    }
    BooleanQuery.Builder b = new BooleanQuery.Builder();
    if (r.database() != null) {
      b.add(new TermQuery(new Term(Fields.DB, lower(r.database()))), Occur.FILTER);
    }
    if (r.schema() != null) {
      b.add(new TermQuery(new Term(Fields.SCHEMA, lower(r.schema()))), Occur.FILTER);
    }
    if (r.kind() != null) {
      b.add(new TermQuery(new Term(Fields.KIND, r.kind().configName())), Occur.FILTER);
    }
    return b.build();
  }

  /** Query words as typed (lower case), for exact table and column names such as VENDOR_ID. */
  static List<String> rawTokens(String query) {
    Set<String> out = new LinkedHashSet<>();
    for (String t : query.split("[^\\p{L}\\p{N}_$]+")) {
      if (!t.isEmpty()) {
        out.add(lower(t));
      }
    }
    return List.copyOf(out);
  }
}
