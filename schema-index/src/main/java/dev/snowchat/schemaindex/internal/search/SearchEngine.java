package dev.snowchat.schemaindex.internal.search;

import static java.util.Objects.requireNonNull;

import dev.snowchat.schemaindex.Catalog;
import dev.snowchat.schemaindex.ColumnHit;
import dev.snowchat.schemaindex.ColumnInfo;
import dev.snowchat.schemaindex.EmbeddingProvider;
import dev.snowchat.schemaindex.Glossary;
import dev.snowchat.schemaindex.GlossaryEntry;
import dev.snowchat.schemaindex.JoinEdge;
import dev.snowchat.schemaindex.JoinGraph;
import dev.snowchat.schemaindex.QualifiedName;
import dev.snowchat.schemaindex.SearchHit;
import dev.snowchat.schemaindex.SearchRequest;
import dev.snowchat.schemaindex.TableInfo;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Comparator;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import org.apache.lucene.analysis.CharArraySet;
import org.apache.lucene.analysis.standard.StandardAnalyzer;
import org.apache.lucene.document.Document;
import org.apache.lucene.document.Field;
import org.apache.lucene.document.KnnFloatVectorField;
import org.apache.lucene.document.StoredField;
import org.apache.lucene.document.StringField;
import org.apache.lucene.document.TextField;
import org.apache.lucene.index.IndexWriter;
import org.apache.lucene.index.IndexWriterConfig;
import org.apache.lucene.index.StoredFields;
import org.apache.lucene.index.Term;
import org.apache.lucene.index.TieredMergePolicy;
import org.apache.lucene.index.VectorSimilarityFunction;
import org.apache.lucene.search.BooleanClause.Occur;
import org.apache.lucene.search.BooleanQuery;
import org.apache.lucene.search.BoostQuery;
import org.apache.lucene.search.IndexSearcher;
import org.apache.lucene.search.KnnFloatVectorQuery;
import org.apache.lucene.search.Query;
import org.apache.lucene.search.ScoreDoc;
import org.apache.lucene.search.SearcherFactory;
import org.apache.lucene.search.SearcherManager;
import org.apache.lucene.search.TermQuery;
import org.apache.lucene.search.TopDocs;
import org.apache.lucene.search.similarities.BM25Similarity;
import org.apache.lucene.search.similarities.PerFieldSimilarityWrapper;
import org.apache.lucene.search.similarities.Similarity;
import org.apache.lucene.store.ByteBuffersDirectory;
import org.apache.lucene.util.IOFunction;
import org.jspecify.annotations.Nullable;

/**
 * The search engine behind {@code SchemaIndex}: one in-memory Lucene index with a document per
 * table. Keyword retrieval (BM25 over name, database, column and comment words and glossary
 * text, plus exact table and column names) and vector retrieval (HNSW; with a semantic model
 * also every column's vector, a table ranked by its best column) are fused by reciprocal rank
 * fusion, then re-ranked by database coherence (tables of the best-scoring databases gain) and
 * join propagation (a strong hit lifts the tables it joins to).
 *
 * <p>Thread-safe: searches may run while {@link #update} replaces documents; each search sees one
 * consistent reader. Public only for the facade in another package; not exported.
 */
public final class SearchEngine implements AutoCloseable {
  static final String KEY = "key";
  static final String DB = "db";
  static final String SCHEMA = "schema";
  static final String KIND = "kind";
  static final String NAME = "name";
  static final String DBNAME = "dbname";
  static final String COLS = "cols";
  static final String TEXT = "text";
  static final String GLOSS = "gloss";
  static final String COLX = "colx";
  static final String NAMEX = "namex";
  static final String GID = "gid";
  static final String VEC = "vec";
  /** Fields of the database documents: database, table and column words of a whole database. */
  static final String D_KEY = "dkey";
  static final String D_NAME = "dname";
  static final String D_TABLES = "dtables";
  static final String D_COLUMNS = "dcolumns";
  static final String D_VEC = "dvec";

  private static final int MAX_COLUMN_HITS = 10;
  private static final String HASHING = "default";

  private final Tuning tuning;
  private final @Nullable EmbeddingProvider provider;
  private final GlossaryMatcher glossary;
  private final ByteBuffersDirectory directory;
  private final IndexWriter writer;
  private final SearcherManager searchers;
  private final Object updateLock = new Object();
  private volatile State state;
  /** Statistics of deleted documents still in the index, left out of searches' BM25. */
  private final DeletedStats deleted;
  /**
   * The version each document written by an update carries (the update's number); documents of
   * the build carry none (version 0). Keys are table keys and database names. Guarded by
   * updateLock.
   */
  private final Map<String, Long> tableVersions = new HashMap<>();
  private final Map<String, Long> databaseVersions = new HashMap<>();
  private long updates;
  /**
   * Word counts of each database's table names and column names, kept up to date by updates so
   * that a database document is rebuilt without re-reading its tables. Guarded by updateLock.
   */
  private final Map<String, DatabaseWords> databaseWords = new HashMap<>();
  /** Table and column vectors in memory, with a semantic provider only (see ColumnVectors). */
  private final ColumnVectors columnVectors = new ColumnVectors();
  /** Whether column vectors are kept (see {@link #columnVectorsOn()}); written under updateLock. */
  private volatile boolean columnVectorsOn;

  /** Word counts of one database. */
  private static final class DatabaseWords {
    final Map<String, Integer> names = new HashMap<>();
    final Map<String, Integer> columns = new HashMap<>();
    /** The counts before the running update of the words it changed (0: absent), or null. */
    @Nullable Map<String, Integer> namesBefore;
    @Nullable Map<String, Integer> columnsBefore;

    void add(TableInfo t, int sign, boolean tracked) {
      if (tracked && namesBefore == null) {
        namesBefore = new HashMap<>();
        columnsBefore = new HashMap<>();
      }
      for (String w : Words.of(t.id().name())) {
        count(names, tracked ? namesBefore : null, w, sign);
      }
      for (ColumnInfo c : t.columns()) {
        for (String w : Words.of(c.name())) {
          count(columns, tracked ? columnsBefore : null, w, sign);
        }
      }
    }

    private static void count(Map<String, Integer> counts, @Nullable Map<String, Integer> before,
        String w, int sign) {
      if (before != null) {
        before.putIfAbsent(w, counts.getOrDefault(w, 0));
      }
      counts.merge(w, sign, DatabaseWords::sumOrRemove);
    }

    private static @Nullable Integer sumOrRemove(Integer a, Integer b) {
      int v = a + b;
      return v <= 0 ? null : v;
    }

    /** {@return whether the running update changed a count below the cap} */
    boolean cappedChanged(int cap) {
      return cappedChanged(names, namesBefore, cap) || cappedChanged(columns, columnsBefore, cap);
    }

    private static boolean cappedChanged(Map<String, Integer> counts,
        @Nullable Map<String, Integer> before, int cap) {
      if (before != null) {
        for (Map.Entry<String, Integer> e : before.entrySet()) {
          if (Math.min(e.getValue(), cap) != Math.min(counts.getOrDefault(e.getKey(), 0), cap)) {
            return true;
          }
        }
      }
      return false;
    }

    /** {@return the counts as they were before the running update} */
    static Map<String, Integer> before(Map<String, Integer> counts,
        @Nullable Map<String, Integer> before) {
      if (before == null || before.isEmpty()) {
        return counts;
      }
      Map<String, Integer> out = new HashMap<>(counts);
      before.forEach((w, n) -> {
        if (n > 0) {
          out.put(w, n);
        } else {
          out.remove(w);
        }
      });
      return out;
    }

    /** Ends the running update. */
    void settle() {
      namesBefore = null;
      columnsBefore = null;
    }

    boolean isEmpty() {
      return names.isEmpty() && columns.isEmpty();
    }
  }

  /** What searches read besides the index; replaced as a whole by updates. */
  private record State(Map<String, TableInfo> tables, Map<String, List<TableInfo>> byDatabase,
      JoinGraph graph) {
    static State of(Catalog catalog, JoinGraph graph) {
      Map<String, TableInfo> tables = new ConcurrentHashMap<>(catalog.size() * 4 / 3 + 1);
      Map<String, List<TableInfo>> byDb = new ConcurrentHashMap<>();
      for (TableInfo t : catalog.tables()) {
        tables.put(key(t.id()), t);
        byDb.computeIfAbsent(t.id().database(), d -> new ArrayList<>()).add(t);
      }
      byDb.replaceAll((db, list) -> List.copyOf(list));
      return new State(tables, byDb, graph);
    }

    /**
     * The state after a change: patches the maps in place (a concurrent search may see a mix of
     * old and new tables, which it tolerates: unknown keys are skipped) and takes the new graph.
     */
    State patch(Catalog catalog, Set<QualifiedName> changed, Set<QualifiedName> removed,
        JoinGraph newGraph) {
      Set<String> databases = new HashSet<>();
      for (QualifiedName q : removed) {
        tables.remove(key(q));
        databases.add(q.database());
      }
      for (QualifiedName q : changed) {
        TableInfo info = catalog.table(q).orElse(null);
        if (info == null) {
          tables.remove(key(q));
        } else {
          tables.put(key(q), info);
        }
        databases.add(q.database());
      }
      for (String db : databases) {
        List<TableInfo> list = new ArrayList<>();
        for (TableInfo old : byDatabase.getOrDefault(db, List.of())) {
          if (!removed.contains(old.id()) && !changed.contains(old.id())) {
            list.add(old);
          }
        }
        for (QualifiedName q : changed) {
          if (q.database().equals(db)) {
            catalog.table(q).ifPresent(list::add);
          }
        }
        if (list.isEmpty()) {
          byDatabase.remove(db);
        } else {
          list.sort(Comparator.comparing(TableInfo::id));
          byDatabase.put(db, List.copyOf(list));
        }
      }
      return new State(tables, byDatabase, newGraph);
    }
  }

  private SearchEngine(Tuning tuning, @Nullable EmbeddingProvider provider, Glossary glossary,
      Catalog catalog, JoinGraph graph) throws IOException {
    this.tuning = tuning;
    this.provider = provider;
    this.glossary = new GlossaryMatcher(glossary);
    this.directory = new ByteBuffersDirectory();
    Similarity similarity = similarity(tuning);
    StandardAnalyzer analyzer = new StandardAnalyzer(CharArraySet.EMPTY_SET);
    this.deleted = new DeletedStats(analyzer);
    // compound files only save file handles, and the index is in memory: an update's flush and
    // the merges after it would copy every file once more
    TieredMergePolicy merges = new TieredMergePolicy();
    merges.setNoCFSRatio(0);
    IndexWriterConfig config = new IndexWriterConfig(analyzer)
        .setOpenMode(IndexWriterConfig.OpenMode.CREATE)
        .setSimilarity(similarity)
        .setRAMBufferSizeMB(256)
        // an update must not wait for merges of the new small segments when it refreshes
        .setMaxFullFlushMergeWaitMillis(0)
        .setCommitOnClose(false)
        .setUseCompoundFile(false)
        .setMergePolicy(merges);
    this.writer = new IndexWriter(directory, config);
    this.columnVectorsOn = semantic() && tuning.columnVectors > 0
        && columnCount(catalog) <= tuning.maxColumnVectors;
    addAll(catalog.tables());
    SearcherFactory factory = new SearcherFactory() {
      @Override
      public IndexSearcher newSearcher(org.apache.lucene.index.IndexReader reader,
          org.apache.lucene.index.IndexReader previous) throws IOException {
        // called on refreshes only, which run under updateLock (or in this constructor)
        IndexSearcher s = new DeletedStats.Searcher(reader, deleted.open(reader));
        s.setSimilarity(similarity);
        return s;
      }
    };
    State initial = State.of(catalog, graph);
    for (TableInfo t : catalog.tables()) {
      countWords(t, 1, false);
    }
    List<String> databases = List.copyOf(initial.byDatabase().keySet());
    List<float[]> dbVectors = embedDatabases(databases, initial);
    for (int i = 0; i < databases.size(); i++) {
      String db = databases.get(i);
      writer.addDocument(databaseDocument(db, dbVectors == null ? null : dbVectors.get(i)));
    }
    this.searchers = new SearcherManager(writer, factory);
    this.state = initial;
  }

  /**
   * Builds the index of a catalog.
   *
   * @param catalog the tables
   * @param glossary business terms; {@link Glossary#empty()} for none
   * @param provider the embedding provider, or null for keyword search only
   * @param graph the join graph of the catalog
   * @return the engine
   */
  public static SearchEngine build(Catalog catalog, Glossary glossary,
      @Nullable EmbeddingProvider provider, JoinGraph graph) {
    return build(catalog, glossary, provider, graph, new Tuning());
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
    synchronized (updateLock) {
      try {
        if (columnVectorsOn && columnCount(newCatalog) > tuning.maxColumnVectors) {
          columnVectorsOn = false;
          columnVectors.clear();
        }
        long version = ++updates;
        State old = state;
        Set<QualifiedName> touched = new LinkedHashSet<>(removed);
        touched.addAll(changedOrAdded);
        // the tables of each touched database before the change (patch replaces the lists)
        Map<String, @Nullable List<TableInfo>> oldMembers = new HashMap<>();
        for (QualifiedName q : touched) {
          if (!oldMembers.containsKey(q.database())) {
            oldMembers.put(q.database(), old.byDatabase().get(q.database()));
          }
        }
        List<TableInfo> changed = new ArrayList<>();
        for (QualifiedName q : changedOrAdded) {
          newCatalog.table(q).ifPresent(changed::add);
        }
        // every old copy leaves the index, and its statistics with it
        for (QualifiedName q : touched) {
          TableInfo before = old.tables().get(key(q));
          if (before != null) {
            deleted.deleting(new DeletedStats.Version(key(q), false,
                tableVersions.getOrDefault(key(q), 0L)), document(before, null));
            countWords(before, -1, true);
          }
        }
        Set<QualifiedName> kept = new HashSet<>();
        for (TableInfo t : changed) {
          countWords(t, 1, true);
          kept.add(t.id());
        }
        for (QualifiedName q : touched) {
          if (!kept.contains(q) && old.tables().containsKey(key(q))) {
            writer.deleteDocuments(new Term(KEY, key(q)));
            columnVectors.remove(key(q));
            tableVersions.remove(key(q));
          }
        }
        List<float[]> vectors = embed(changed);
        for (int i = 0; i < changed.size(); i++) {
          TableInfo t = changed.get(i);
          Document d = document(t, vectors == null ? null : vectors.get(i));
          d.add(new StoredField(DeletedStats.VERSION, version));
          writer.updateDocument(new Term(KEY, key(t.id())), d);
          tableVersions.put(key(t.id()), version);
        }
        State next = old.patch(newCatalog, changedOrAdded, removed, newGraph);
        updateDatabases(oldMembers, next, version);
        state = next;
        searchers.maybeRefreshBlocking();
        if (deleted.takeUnknown()) {
          // a deleted document of unknown content (not expected): merge it away so that the
          // statistics are exact again
          writer.forceMerge(1);
          searchers.maybeRefreshBlocking();
        }
      } catch (IOException e) {
        throw new UncheckedIOException(e);
      }
    }
    return this;
  }

  /**
   * Replaces the documents of the touched databases whose words (capped counts) or tables
   * changed, deletes those of databases that are gone and adds those of new ones. A database
   * document whose capped word counts and table list are unchanged is left as it is: it would be
   * written again identically (its vector is computed from its table names).
   */
  private void updateDatabases(Map<String, @Nullable List<TableInfo>> oldMembers, State next,
      long version) throws IOException {
    List<String> rewrite = new ArrayList<>();
    for (Map.Entry<String, @Nullable List<TableInfo>> e : oldMembers.entrySet()) {
      String db = e.getKey();
      List<TableInfo> before = e.getValue();
      List<TableInfo> after = next.byDatabase().get(db);
      DatabaseWords words = databaseWords.get(db);
      boolean changed = before == null || after == null
          || (words != null && words.cappedChanged(tuning.dbTermCap))
          || !sameTables(before, after);
      if (before != null && changed) {
        Map<String, Integer> names = words == null ? Map.of()
            : DatabaseWords.before(words.names, words.namesBefore);
        Map<String, Integer> columns = words == null ? Map.of()
            : DatabaseWords.before(words.columns, words.columnsBefore);
        deleted.deleting(new DeletedStats.Version(db, true,
            databaseVersions.getOrDefault(db, 0L)), databaseDocument(db, names, columns, null));
        if (after == null) {
          writer.deleteDocuments(new Term(D_KEY, db));
          databaseVersions.remove(db);
        }
      }
      if (after != null && changed) {
        rewrite.add(db);
      }
      if (words != null) {
        words.settle();
        if (words.isEmpty()) {
          databaseWords.remove(db);
        }
      }
    }
    List<float[]> dbVectors = embedDatabases(rewrite, next);
    for (int i = 0; i < rewrite.size(); i++) {
      String db = rewrite.get(i);
      Document d = databaseDocument(db, dbVectors == null ? null : dbVectors.get(i));
      d.add(new StoredField(DeletedStats.VERSION, version));
      writer.updateDocument(new Term(D_KEY, db), d);
      databaseVersions.put(db, version);
    }
  }

  private static boolean sameTables(List<TableInfo> a, List<TableInfo> b) {
    if (a.size() != b.size()) {
      return false;
    }
    for (int i = 0; i < a.size(); i++) {
      if (!a.get(i).id().equals(b.get(i).id())) {
        return false;
      }
    }
    return true;
  }

  /**
   * Applies a function to the current searcher (tests compare its statistics with a build's).
   *
   * @param f the function
   * @param <T> its result type
   * @return its result
   */
  <T> T withSearcher(IOFunction<IndexSearcher, T> f) throws IOException {
    IndexSearcher s = searchers.acquire();
    try {
      return f.apply(s);
    } finally {
      searchers.release(s);
    }
  }

  /** {@return the number of indexed tables} */
  public int size() {
    return state.tables().size();
  }

  /** {@return the embedding provider, or null when vector search is off} */
  public @Nullable EmbeddingProvider provider() {
    return provider;
  }

  /**
   * Searches.
   *
   * @param request the query and filters
   * @return up to {@code k} hits, best first
   */
  public List<SearchHit> search(SearchRequest request) {
    requireNonNull(request, "request is null");
    State s = state;
    IndexSearcher searcher;
    try {
      searcher = searchers.acquire();
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    try {
      return search(request, s, searcher);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    } finally {
      try {
        searchers.release(searcher);
      } catch (IOException e) {
        // the searcher is only released; nothing to recover
      }
    }
  }

  /**
   * The tables of the hits, best first; equal scores in key order, so that the ranks do not depend
   * on document numbers (an updated table's document is numbered after the others, and a fresh
   * build must rank exactly as an updated index does).
   */
  private static List<String> ranking(ScoreDoc[] hits, StoredFields stored) throws IOException {
    record Hit(String key, float score) {}
    List<Hit> out = new ArrayList<>(hits.length);
    for (ScoreDoc sd : hits) {
      out.add(new Hit(stored.document(sd.doc, Set.of(KEY)).get(KEY), sd.score));
    }
    out.sort(Comparator.comparingDouble((Hit h) -> -h.score()).thenComparing(Hit::key));
    return out.stream().map(Hit::key).toList();
  }

  private List<SearchHit> search(SearchRequest r, State s, IndexSearcher searcher)
      throws IOException {
    Query filter = filter(r);
    List<String> words = distinct(Words.query(r.query()));
    if (words.isEmpty()) {
      words = distinct(Words.of(r.query()));
    }
    List<String> raw = rawTokens(r.query());
    List<GlossaryMatcher.Match> glossaryMatches = glossary.match(words);
    Query keyword = keywordQuery(words, raw, glossaryMatches);
    int n = Math.max(tuning.candidates, r.k());
    List<String> keywordRanking = List.of();
    StoredFields stored = searcher.storedFields();
    if (keyword != null) {
      Query q = filter == null ? keyword : new BooleanQuery.Builder()
          .add(keyword, Occur.MUST).add(filter, Occur.FILTER).build();
      keywordRanking = ranking(searcher.search(q, n).scoreDocs, stored);
    }
    List<String> vectorRanking = List.of();
    double vectorWeight = vectorWeight();
    float @Nullable [] v = null;
    if (provider != null && vectorWeight > 0) {
      v = provider.embedQuery(r.query());
      if (!nonZero(v)) {
        v = null;
      }
      if (v != null) {
        TopDocs top = searcher.search(new KnnFloatVectorQuery(VEC, v, n, filter), n);
        vectorRanking = ranking(top.scoreDocs, stored);
      }
    }
    Map<String, ColumnVectors.Score> dense = v == null || !semantic() || columnVectors.isEmpty()
        ? Map.of() : columnVectors.score(v);
    List<String> columnRanking = columnRanking(dense, s, r, n);
    Map<String, Double> fused = Rrf.fuse(List.of(keywordRanking, vectorRanking, columnRanking),
        new double[] {tuning.keywordWeight, vectorWeight, tuning.columnWeight}, tuning.rrfC);
    Map<String, Double> scores = new HashMap<>();
    // the candidates' tables, looked up once: an update may change the maps meanwhile
    Map<String, TableInfo> cand = new HashMap<>();
    for (Map.Entry<String, Double> e : fused.entrySet()) {
      TableInfo t = s.tables().get(e.getKey());
      if (t != null) {
        scores.put(e.getKey(), e.getValue());
        cand.put(e.getKey(), t);
      }
    }
    applyCoherence(scores, cand, s, r, words, v, dense, searcher);
    Map<String, QualifiedName> propagatedFrom = propagate(scores, cand, s, r);
    List<Map.Entry<String, Double>> ranked = new ArrayList<>(scores.entrySet());
    ranked.sort(Map.Entry.<String, Double>comparingByValue().reversed()
        .thenComparing(Map.Entry.comparingByKey()));
    Set<String> keywordTop = new HashSet<>(
        keywordRanking.subList(0, Math.min(keywordRanking.size(), 20)));
    Set<String> vectorTop = new HashSet<>(
        vectorRanking.subList(0, Math.min(vectorRanking.size(), 10)));
    Set<String> wordSet = new HashSet<>(words);
    List<SearchHit> hits = new ArrayList<>(r.k());
    for (Map.Entry<String, Double> e : ranked) {
      if (hits.size() == r.k()) {
        break;
      }
      TableInfo t = cand.get(e.getKey());
      List<ColumnHit> columns = r.includeColumns()
          ? columnHits(t, wordSet, raw, searcher) : List.of();
      String why = why(t, wordSet, r.includeColumns() ? columns : columnHits(t, wordSet, raw,
          searcher), glossaryMatches, keywordTop.contains(e.getKey()),
          vectorTop.contains(e.getKey()), propagatedFrom.get(e.getKey()));
      hits.add(new SearchHit(t.id(), t.kind(), e.getValue(), t.comment(), columns,
          s.graph().neighbors(t.id()), why));
    }
    return hits;
  }

  /**
   * Database coherence: the tables of one question come from one database. Databases are ranked
   * by BM25 over database documents (all table and column words of a database, so IDF counts
   * databases, not tables); a table gains in proportion to its database's score, and the best
   * databases' remaining tables become candidates.
   */
  private void applyCoherence(Map<String, Double> scores, Map<String, TableInfo> cand, State s,
      SearchRequest r, List<String> words, float @Nullable [] queryVector,
      Map<String, ColumnVectors.Score> dense, IndexSearcher searcher) throws IOException {
    if (tuning.coherence <= 0) {
      return;
    }
    double maxTable = 0;
    for (double v : scores.values()) {
      maxTable = Math.max(maxTable, v);
    }
    Map<String, Double> dbScore = new LinkedHashMap<>();
    if (r.database() != null) {
      for (String db : s.byDatabase().keySet()) {
        if (db.equalsIgnoreCase(r.database())) {
          dbScore.put(db, 1.0);
        }
      }
    } else {
      BooleanQuery.Builder b = new BooleanQuery.Builder();
      int clauses = 0;
      for (String w : words) {
        clauses += should(b, D_NAME, w, tuning.dbName);
        clauses += should(b, D_TABLES, w, tuning.dbTables);
        clauses += should(b, D_COLUMNS, w, tuning.dbColumns);
      }
      if (clauses == 0) {
        return;
      }
      {
        TopDocs top = searcher.search(b.build(), tuning.coherenceDatabases);
        StoredFields stored = searcher.storedFields();
        double max = top.scoreDocs.length == 0 ? 0 : top.scoreDocs[0].score;
        for (ScoreDoc sd : top.scoreDocs) {
          dbScore.put(stored.document(sd.doc, Set.of(D_KEY)).get(D_KEY), sd.score / max);
        }
        if (queryVector != null && tuning.dbVectorWeight > 0) {
          TopDocs near = searcher.search(new KnnFloatVectorQuery(D_VEC, queryVector,
              tuning.coherenceDatabases), tuning.coherenceDatabases);
          int n = near.scoreDocs.length;
          if (n > 1) {
            double hi = near.scoreDocs[0].score;
            double lo = near.scoreDocs[n - 1].score;
            for (ScoreDoc sd : near.scoreDocs) {
              double norm = hi > lo ? (sd.score - lo) / (hi - lo) : 1;
              dbScore.merge(stored.document(sd.doc, Set.of(D_KEY)).get(D_KEY),
                  tuning.dbVectorWeight * norm, Double::sum);
            }
          }
        }
      }
    }
    if (!dbScore.isEmpty()) {
      // a database is also as good as its best table (keyword and vector evidence)
      Map<String, Double> best = new HashMap<>();
      for (Map.Entry<String, Double> e : scores.entrySet()) {
        best.merge(cand.get(e.getKey()).id().database(), e.getValue() / maxTable, Math::max);
      }
      for (Map.Entry<String, Double> e : best.entrySet()) {
        if (semantic() && tuning.dbFromTables > 0 && maxTable > 0) {
          dbScore.merge(e.getKey(), tuning.dbFromTables * e.getValue(), Double::sum);
        }
      }
      if (r.database() == null && tuning.dbDenseWeight > 0 && !dense.isEmpty()) {
        addDenseDatabaseScores(dbScore, dense, s, r);
      }
      double maxDb = 0;
      for (double v : dbScore.values()) {
        maxDb = Math.max(maxDb, v);
      }
      List<Map.Entry<String, Double>> sorted = new ArrayList<>(dbScore.entrySet());
      sorted.sort(Map.Entry.<String, Double>comparingByValue().reversed()
          .thenComparing(Map.Entry.comparingByKey()));
      dbScore = new LinkedHashMap<>();
      for (Map.Entry<String, Double> e : sorted) {
        dbScore.put(e.getKey(), e.getValue() / maxDb);
      }
    }
    int fill = 0;
    for (Map.Entry<String, Double> e : dbScore.entrySet()) {
      List<TableInfo> tables = s.byDatabase().get(e.getKey());
      if (tables == null || tables.size() > tuning.fillLimit) {
        continue;
      }
      if (fill++ >= tuning.fillDatabases) {
        break;
      }
      for (TableInfo t : tables) {
        if (accepts(r, t)) {
          String k = key(t.id());
          scores.putIfAbsent(k, 0.0);
          cand.putIfAbsent(k, t);
        }
      }
    }
    final double norm = maxTable > 0 ? maxTable : 1;
    final Map<String, Double> finalDbScore = dbScore;
    scores.replaceAll((k, v) -> v / norm
        + tuning.coherence * finalDbScore.getOrDefault(cand.get(k).id().database(), 0.0));
  }

  /**
   * Tables ranked by their best column similarities (plus a share of their table similarity):
   * a third ranking for fusion, with a semantic provider only.
   */
  private List<String> columnRanking(Map<String, ColumnVectors.Score> dense, State s,
      SearchRequest r, int n) {
    if (dense.isEmpty() || tuning.columnWeight <= 0) {
      return List.of();
    }
    List<Map.Entry<String, Double>> all = new ArrayList<>(dense.size());
    for (Map.Entry<String, ColumnVectors.Score> e : dense.entrySet()) {
      TableInfo t = s.tables().get(e.getKey());
      if (t != null && accepts(r, t)) {
        all.add(Map.entry(e.getKey(), columnScore(e.getValue())));
      }
    }
    all.sort(Map.Entry.<String, Double>comparingByValue().reversed()
        .thenComparing(Map.Entry.comparingByKey()));
    List<String> out = new ArrayList<>(Math.min(n, all.size()));
    for (int i = 0; i < all.size() && i < n; i++) {
      out.add(all.get(i).getKey());
    }
    return out;
  }

  private double columnScore(ColumnVectors.Score sc) {
    return sc.bestColumn() + tuning.columnSecond * sc.secondColumn()
        + tuning.columnTable * sc.table();
  }

  /**
   * Dense database routing: a database scores the mean of its best few tables' similarities
   * (table vector plus best column); the best {@code coherenceDatabases} databases gain, scaled
   * from 0 (the next database's score) to 1 (the best's).
   */
  private void addDenseDatabaseScores(Map<String, Double> dbScore,
      Map<String, ColumnVectors.Score> dense, State s, SearchRequest r) {
    Map<String, List<Double>> perDb = new HashMap<>();
    for (Map.Entry<String, ColumnVectors.Score> e : dense.entrySet()) {
      TableInfo t = s.tables().get(e.getKey());
      if (t == null || !accepts(r, t)) {
        continue;
      }
      ColumnVectors.Score sc = e.getValue();
      double v = sc.table() + tuning.dbDenseColumn * sc.bestColumn();
      perDb.computeIfAbsent(t.id().database(), d -> new ArrayList<>()).add(v);
    }
    Map<String, Double> db = new HashMap<>();
    double hi = Double.NEGATIVE_INFINITY;
    double lo = Double.POSITIVE_INFINITY;
    for (Map.Entry<String, List<Double>> e : perDb.entrySet()) {
      List<Double> list = e.getValue();
      list.sort(Comparator.reverseOrder());
      int k = Math.min(tuning.dbDenseTopK, list.size());
      double sum = 0;
      for (int i = 0; i < k; i++) {
        sum += list.get(i);
      }
      double mean = sum / Math.max(1, tuning.dbDenseTopK);
      db.put(e.getKey(), mean);
      hi = Math.max(hi, mean);
      lo = Math.min(lo, mean);
    }
    if (!(hi > lo)) {
      return;
    }
    // only the best databases: far ones would otherwise all gain a little
    List<Map.Entry<String, Double>> sorted = new ArrayList<>(db.entrySet());
    sorted.sort(Map.Entry.<String, Double>comparingByValue().reversed()
        .thenComparing(Map.Entry.comparingByKey()));
    double floor = sorted.get(Math.min(sorted.size() - 1, tuning.coherenceDatabases)).getValue();
    for (int i = 0; i < sorted.size() && i < tuning.coherenceDatabases; i++) {
      Map.Entry<String, Double> e = sorted.get(i);
      double norm = hi > floor ? (e.getValue() - floor) / (hi - floor) : 1;
      dbScore.merge(e.getKey(), tuning.dbDenseWeight * norm, Double::sum);
    }
  }

  /** A strong hit lifts its join neighbours, which may not have matched at all. */
  private Map<String, QualifiedName> propagate(Map<String, Double> scores,
      Map<String, TableInfo> cand, State s, SearchRequest r) {
    Map<String, QualifiedName> from = new HashMap<>();
    if (tuning.propagation <= 0 || scores.isEmpty()) {
      return from;
    }
    List<Map.Entry<String, Double>> top = new ArrayList<>(scores.entrySet());
    top.sort(Map.Entry.<String, Double>comparingByValue().reversed()
        .thenComparing(Map.Entry.comparingByKey()));
    Map<String, Double> bonus = new HashMap<>();
    for (Map.Entry<String, Double> e : top.subList(0, Math.min(top.size(),
        tuning.propagationSources))) {
      TableInfo t = cand.get(e.getKey());
      for (JoinEdge edge : s.graph().neighbors(t.id())) {
        QualifiedName other = edge.fromTable().equals(t.id()) ? edge.toTable() : edge.fromTable();
        String k = key(other);
        TableInfo o = s.tables().get(k);
        if (o == null || !accepts(r, o)) {
          continue;
        }
        double b = tuning.propagation * e.getValue() * edge.confidence();
        if (b > bonus.getOrDefault(k, 0.0)) {
          bonus.put(k, b);
          from.put(k, t.id());
          cand.putIfAbsent(k, o);
        }
      }
    }
    for (Map.Entry<String, Double> e : bonus.entrySet()) {
      scores.merge(e.getKey(), e.getValue(), Double::sum);
    }
    return from;
  }

  /** {@return whether vectors come from a semantic model rather than the hashing provider} */
  /**
   * {@return whether column vectors are kept}: decided when the index is built, from the catalog's
   * column count ({@code Tuning.maxColumnVectors}); an update that takes the catalog past the
   * limit drops them, and a catalog that shrinks below it gets them at its next full build.
   */
  boolean columnVectorsOn() {
    return columnVectorsOn;
  }

  private static long columnCount(Catalog catalog) {
    long n = 0;
    for (TableInfo t : catalog.tables()) {
      n += t.columns().size();
    }
    return n;
  }

  private boolean semantic() {
    return provider != null && !provider.name().equals(HASHING);
  }

  private double vectorWeight() {
    if (provider == null) {
      return 0;
    }
    return provider.name().equals(HASHING) ? tuning.hashingVectorWeight : tuning.vectorWeight;
  }

  private static boolean accepts(SearchRequest r, TableInfo t) {
    return (r.database() == null || r.database().equalsIgnoreCase(t.id().database()))
        && (r.schema() == null || r.schema().equalsIgnoreCase(t.id().schema()))
        && (r.kind() == null || r.kind() == t.kind());
  }

  private @Nullable Query keywordQuery(List<String> words, List<String> raw,
      List<GlossaryMatcher.Match> glossaryMatches) {
    BooleanQuery.Builder b = new BooleanQuery.Builder();
    int clauses = 0;
    for (String w : words) {
      clauses += should(b, NAME, w, tuning.name);
      clauses += should(b, DBNAME, w, tuning.database);
      clauses += should(b, COLS, w, tuning.columns);
      clauses += should(b, TEXT, w, tuning.text);
      clauses += should(b, GLOSS, w, tuning.glossaryText);
    }
    for (String t : raw) {
      clauses += should(b, COLX, t, tuning.exactColumn);
      clauses += should(b, NAMEX, t, tuning.exactName);
    }
    for (GlossaryMatcher.Match m : glossaryMatches) {
      clauses += should(b, GID, m.id(), tuning.glossaryTerm * m.entry().priority().weight());
    }
    return clauses == 0 ? null : b.build();
  }

  private static int should(BooleanQuery.Builder b, String field, String word, double boost) {
    if (boost <= 0) {
      return 0;
    }
    b.add(new BoostQuery(new TermQuery(new Term(field, word)), (float) boost), Occur.SHOULD);
    return 1;
  }

  private static @Nullable Query filter(SearchRequest r) {
    if (r.database() == null && r.schema() == null && r.kind() == null) {
      return null;
    }
    BooleanQuery.Builder b = new BooleanQuery.Builder();
    if (r.database() != null) {
      b.add(new TermQuery(new Term(DB, lower(r.database()))), Occur.FILTER);
    }
    if (r.schema() != null) {
      b.add(new TermQuery(new Term(SCHEMA, lower(r.schema()))), Occur.FILTER);
    }
    if (r.kind() != null) {
      b.add(new TermQuery(new Term(KIND, r.kind().configName())), Occur.FILTER);
    }
    return b.build();
  }

  private List<ColumnHit> columnHits(TableInfo t, Set<String> words, List<String> raw,
      IndexSearcher searcher) throws IOException {
    List<ColumnHit> out = new ArrayList<>();
    int docs = Math.max(1, searcher.getIndexReader().numDocs());
    Map<String, Double> idf = new HashMap<>();
    for (ColumnInfo c : t.columns()) {
      double score = 0;
      if (raw.contains(lower(c.name()))) {
        score += 10;
      }
      List<String> cw = Words.of(c.name());
      if (c.comment() != null) {
        cw.addAll(Words.of(c.comment()));
      }
      int matched = 0;
      double sum = 0;
      for (String w : new LinkedHashSet<>(cw)) {
        if (words.contains(w)) {
          matched++;
          sum += idf.computeIfAbsent(w, x -> idf(searcher, x, docs));
        }
      }
      if (matched > 0) {
        score += sum * Math.sqrt((double) matched / Math.max(1, cw.size()));
      }
      if (score > 0) {
        out.add(new ColumnHit(c.name(), c.type(), score));
      }
    }
    out.sort(Comparator.comparingDouble(ColumnHit::score).reversed());
    return out.size() > MAX_COLUMN_HITS ? List.copyOf(out.subList(0, MAX_COLUMN_HITS)) : out;
  }

  private static double idf(IndexSearcher searcher, String word, int docs) {
    try {
      int df = DeletedStats.docFreq(searcher, new Term(COLS, word));
      return Math.log(1 + (docs - df + 0.5) / (df + 0.5));
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  private static String why(TableInfo t, Set<String> words, List<ColumnHit> columns,
      List<GlossaryMatcher.Match> glossaryMatches, boolean keyword, boolean vector,
      @Nullable QualifiedName propagatedFrom) {
    List<String> parts = new ArrayList<>();
    List<String> nameWords = new ArrayList<>();
    for (String w : new LinkedHashSet<>(Words.of(t.id().name()))) {
      if (words.contains(w)) {
        nameWords.add(w);
      }
    }
    if (!nameWords.isEmpty()) {
      parts.add("name matches " + String.join(", ", nameWords));
    }
    if (!columns.isEmpty()) {
      parts.add("columns " + String.join(", ",
          columns.stream().limit(3).map(ColumnHit::name).toList()));
    }
    for (GlossaryMatcher.Match m : glossaryMatches) {
      if (m.entry().targets(t.id())) {
        parts.add("glossary '" + m.term() + "'");
        break;
      }
    }
    if (t.comment() != null && keyword && parts.isEmpty()) {
      parts.add("comment matches");
    }
    if (vector && parts.isEmpty()) {
      parts.add("similar meaning");
    }
    if (propagatedFrom != null) {
      parts.add("joins " + propagatedFrom.name());
    }
    if (parts.isEmpty()) {
      parts.add(keyword ? "database or context matches" : "related");
    }
    return String.join("; ", parts);
  }

  private void addAll(Collection<TableInfo> tables) throws IOException {
    List<TableInfo> list = List.copyOf(tables);
    int batch = 4096;
    for (int i = 0; i < list.size(); i += batch) {
      List<TableInfo> part = list.subList(i, Math.min(list.size(), i + batch));
      List<float[]> vectors = embed(part);
      List<Document> docs = new ArrayList<>(part.size());
      for (int j = 0; j < part.size(); j++) {
        docs.add(document(part.get(j), vectors == null ? null : vectors.get(j)));
      }
      writer.addDocuments(docs);
    }
  }

  private @Nullable List<float[]> embed(List<TableInfo> tables) {
    if (provider == null || tables.isEmpty()) {
      return null;
    }
    List<String> texts = new ArrayList<>(tables.size());
    for (TableInfo t : tables) {
      texts.add(embeddingText(t, glossary.entriesFor(t.id())));
    }
    List<float[]> vectors = provider.embedAll(texts);
    if (columnVectorsOn) {
      List<String> columnTexts = new ArrayList<>();
      for (TableInfo t : tables) {
        for (ColumnInfo c : t.columns()) {
          columnTexts.add(columnText(t, c));
        }
      }
      List<float[]> cv = provider.embedAll(columnTexts);
      int at = 0;
      for (int i = 0; i < tables.size(); i++) {
        TableInfo t = tables.get(i);
        float[][] cols = new float[t.columns().size()][];
        for (int j = 0; j < cols.length; j++) {
          cols[j] = cv.get(at++);
        }
        columnVectors.put(key(t.id()), t.id().database(), vectors.get(i), cols);
      }
    }
    return vectors;
  }

  /**
   * The text a column's vector is computed from: its words and its table's ({@code examination
   * date of examination}); bare column words such as {@code id} or {@code date} match every
   * database alike.
   */
  static String columnText(TableInfo t, ColumnInfo c) {
    StringBuilder sb = new StringBuilder(String.join(" ", Words.split(c.name())))
        .append(" of ").append(String.join(" ", Words.split(t.id().name())));
    if (c.comment() != null) {
      sb.append(": ").append(c.comment());
    }
    return sb.toString();
  }

  /** The text a table's vector is computed from: its words in a sentence-like order. */
  static String embeddingText(TableInfo t, List<GlossaryEntry> entries) {
    StringBuilder sb = new StringBuilder();
    sb.append(String.join(" ", Words.split(t.id().name()))).append(" (")
        .append(String.join(" ", Words.split(t.id().database()))).append(")");
    if (t.comment() != null) {
      sb.append(": ").append(t.comment());
    }
    for (GlossaryEntry e : entries) {
      sb.append(". ").append(String.join(", ", e.terms()));
      if (e.context() != null) {
        sb.append(". ").append(e.context());
      }
    }
    sb.append(". columns: ");
    for (int i = 0; i < t.columns().size(); i++) {
      if (i > 0) {
        sb.append(", ");
      }
      sb.append(String.join(" ", Words.split(t.columns().get(i).name())));
    }
    return sb.toString();
  }

  private Document document(TableInfo t, float @Nullable [] vector) {
    Document d = new Document();
    QualifiedName id = t.id();
    d.add(new StringField(KEY, key(id), Field.Store.YES));
    d.add(new StringField(DB, lower(id.database()), Field.Store.NO));
    d.add(new StringField(SCHEMA, lower(id.schema()), Field.Store.NO));
    d.add(new StringField(KIND, t.kind().configName(), Field.Store.NO));
    d.add(new StringField(NAMEX, lower(id.name()), Field.Store.NO));
    String nameWords = String.join(" ", Words.of(id.name()));
    d.add(new TextField(NAME, nameWords, Field.Store.NO));
    List<String> dbWords = Words.of(id.database());
    if (!id.schema().equalsIgnoreCase("PUBLIC")) {
      dbWords.addAll(Words.of(id.schema()));
    }
    d.add(new TextField(DBNAME, String.join(" ", dbWords), Field.Store.NO));
    StringBuilder cols = new StringBuilder();
    StringBuilder text = new StringBuilder();
    if (t.comment() != null) {
      text.append(String.join(" ", Words.of(t.comment()))).append(' ');
    }
    for (ColumnInfo c : t.columns()) {
      d.add(new StringField(COLX, lower(c.name()), Field.Store.NO));
      cols.append(String.join(" ", Words.of(c.name()))).append(' ');
      if (c.comment() != null) {
        text.append(String.join(" ", Words.of(c.comment()))).append(' ');
      }
    }
    String columnWords = cols.toString();
    d.add(new TextField(COLS, columnWords, Field.Store.NO));
    if (!text.isEmpty()) {
      d.add(new TextField(TEXT, text.toString(), Field.Store.NO));
    }
    List<GlossaryEntry> entries = glossary.entriesFor(id);
    if (!entries.isEmpty()) {
      StringBuilder g = new StringBuilder();
      for (GlossaryEntry e : entries) {
        d.add(new StringField(GID, glossary.id(e), Field.Store.NO));
        for (String term : e.terms()) {
          g.append(String.join(" ", Words.of(term))).append(' ');
        }
        if (e.context() != null) {
          g.append(String.join(" ", Words.of(e.context()))).append(' ');
        }
        if (e.domain() != null) {
          g.append(String.join(" ", Words.of(e.domain()))).append(' ');
        }
      }
      d.add(new TextField(GLOSS, g.toString(), Field.Store.NO));
    }
    if (vector != null && nonZero(vector)) {
      d.add(new KnnFloatVectorField(VEC, vector, VectorSimilarityFunction.DOT_PRODUCT));
    }
    return d;
  }

  /** Database vectors only come from semantic models: hashing vectors add nothing there. */
  private @Nullable List<float[]> embedDatabases(List<String> databases, State s) {
    if (provider == null || provider.name().equals(HASHING) || tuning.dbVectorWeight <= 0
        || databases.isEmpty()) {
      return null;
    }
    List<String> texts = new ArrayList<>(databases.size());
    for (String db : databases) {
      StringBuilder sb = new StringBuilder("database ")
          .append(String.join(" ", Words.split(db))).append(". tables: ");
      List<TableInfo> tables = s.byDatabase().get(db);
      for (int i = 0; i < tables.size(); i++) {
        sb.append(i == 0 ? "" : ", ").append(String.join(" ", Words.split(tables.get(i).id()
            .name())));
      }
      texts.add(sb.toString());
    }
    return provider.embedAll(texts);
  }

  private Document databaseDocument(String database, float @Nullable [] vector) {
    DatabaseWords counts = databaseWords.get(database);
    return databaseDocument(database, counts == null ? Map.of() : counts.names,
        counts == null ? Map.of() : counts.columns, vector);
  }

  private Document databaseDocument(String database, Map<String, Integer> names,
      Map<String, Integer> columns, float @Nullable [] vector) {
    Document d = new Document();
    if (vector != null && nonZero(vector)) {
      d.add(new KnnFloatVectorField(D_VEC, vector, VectorSimilarityFunction.DOT_PRODUCT));
    }
    d.add(new StringField(D_KEY, database, Field.Store.YES));
    d.add(new TextField(D_NAME, String.join(" ", Words.of(database)), Field.Store.NO));
    // word counts, capped: BM25 saturates anyway, and small documents keep updates cheap
    d.add(new TextField(D_TABLES, capped(names), Field.Store.NO));
    d.add(new TextField(D_COLUMNS, capped(columns), Field.Store.NO));
    return d;
  }

  /** Counts a table's words in its database (tracked: by an update, which settles them). */
  private void countWords(TableInfo t, int sign, boolean tracked) {
    DatabaseWords w = databaseWords.computeIfAbsent(t.id().database(), d -> new DatabaseWords());
    w.add(t, sign, tracked);
  }

  private String capped(Map<String, Integer> counts) {
    StringBuilder sb = new StringBuilder(counts.size() * 12);
    for (Map.Entry<String, Integer> e : counts.entrySet()) {
      for (int i = Math.min(e.getValue(), tuning.dbTermCap); i > 0; i--) {
        sb.append(e.getKey()).append(' ');
      }
    }
    return sb.toString();
  }

  private static Similarity similarity(Tuning tuning) {
    BM25Similarity base = new BM25Similarity((float) tuning.k1, (float) tuning.b);
    BM25Similarity columns = new BM25Similarity((float) tuning.k1, (float) tuning.bColumns);
    return new PerFieldSimilarityWrapper() {
      @Override
      public Similarity get(String field) {
        return field.equals(COLS) ? columns : base;
      }
    };
  }

  static String key(QualifiedName q) {
    return q.database() + '\u001f' + q.schema() + '\u001f' + q.name();
  }

  private static String lower(String s) {
    return s.toLowerCase(Locale.ROOT);
  }

  private static boolean nonZero(float[] v) {
    for (float x : v) {
      if (x != 0) {
        return true;
      }
    }
    return false;
  }

  private static List<String> distinct(List<String> words) {
    return List.copyOf(new LinkedHashSet<>(words));
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

  /** Closes the index. */
  @Override
  public void close() {
    try {
      searchers.close();
      writer.rollback();
      directory.close();

    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /** Finds glossary entries for tables and glossary terms in queries. */
  static final class GlossaryMatcher {
    record Match(String id, GlossaryEntry entry, String term) {}

    private final List<GlossaryEntry> entries;
    private final Map<GlossaryEntry, String> ids = new LinkedHashMap<>();
    private final Map<String, List<GlossaryEntry>> byBareName = new HashMap<>();
    private final Map<String, List<GlossaryEntry>> byQualifiedName = new HashMap<>();
    private final List<List<String>> termWords = new ArrayList<>();
    private final List<GlossaryEntry> termEntries = new ArrayList<>();
    private final List<String> termTexts = new ArrayList<>();

    GlossaryMatcher(Glossary glossary) {
      this.entries = glossary.entries();
      for (int i = 0; i < entries.size(); i++) {
        GlossaryEntry e = entries.get(i);
        ids.putIfAbsent(e, "g" + i);
        for (String target : e.targets()) {
          String u = target.strip().toUpperCase(Locale.ROOT);
          (u.indexOf('.') < 0 ? byBareName : byQualifiedName)
              .computeIfAbsent(u, x -> new ArrayList<>()).add(e);
        }
        for (String term : e.terms()) {
          List<String> w = distinct(Words.query(term));
          if (w.isEmpty()) {
            w = distinct(Words.of(term));
          }
          termWords.add(w);
          termEntries.add(e);
          termTexts.add(term);
        }
      }
    }

    String id(GlossaryEntry e) {
      return ids.get(e);
    }

    List<GlossaryEntry> entriesFor(QualifiedName table) {
      if (entries.isEmpty()) {
        return List.of();
      }
      List<GlossaryEntry> out = new ArrayList<>();
      out.addAll(byBareName.getOrDefault(table.name().toUpperCase(Locale.ROOT), List.of()));
      for (GlossaryEntry e : byQualifiedName.getOrDefault(
          table.toString().toUpperCase(Locale.ROOT), List.of())) {
        if (!out.contains(e)) {
          out.add(e);
        }
      }
      return out;
    }

    /** {@return entries with a term all of whose words are in the query, best term once} */
    List<Match> match(List<String> queryWords) {
      if (termWords.isEmpty()) {
        return List.of();
      }
      Set<String> q = new HashSet<>(queryWords);
      Map<GlossaryEntry, Match> out = new LinkedHashMap<>();
      for (int i = 0; i < termWords.size(); i++) {
        List<String> w = termWords.get(i);
        if (!w.isEmpty() && q.containsAll(w)) {
          GlossaryEntry e = termEntries.get(i);
          out.putIfAbsent(e, new Match(ids.get(e), e, termTexts.get(i)));
        }
      }
      return List.copyOf(out.values());
    }
  }
}
