package dev.snowchat.schemaindex.internal.search;

import static dev.snowchat.schemaindex.internal.search.Fields.key;

import dev.snowchat.schemaindex.Catalog;
import dev.snowchat.schemaindex.ColumnInfo;
import dev.snowchat.schemaindex.EmbeddingProvider;
import dev.snowchat.schemaindex.JoinGraph;
import dev.snowchat.schemaindex.QualifiedName;
import dev.snowchat.schemaindex.TableInfo;
import dev.snowchat.schemaindex.internal.embed.HashingEmbeddingProviderFactory;
import java.io.IOException;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.apache.lucene.analysis.CharArraySet;
import org.apache.lucene.analysis.standard.StandardAnalyzer;
import org.apache.lucene.document.Document;
import org.apache.lucene.document.StoredField;
import org.apache.lucene.index.IndexReader;
import org.apache.lucene.index.IndexWriter;
import org.apache.lucene.index.IndexWriterConfig;
import org.apache.lucene.index.Term;
import org.apache.lucene.index.TieredMergePolicy;
import org.apache.lucene.search.IndexSearcher;
import org.apache.lucene.search.SearcherFactory;
import org.apache.lucene.search.SearcherManager;
import org.apache.lucene.search.similarities.BM25Similarity;
import org.apache.lucene.search.similarities.PerFieldSimilarityWrapper;
import org.apache.lucene.search.similarities.Similarity;
import org.apache.lucene.store.ByteBuffersDirectory;
import org.jspecify.annotations.Nullable;

/**
 * The indexing half of the search engine: one in-memory Lucene index with a document per table
 * and one per database ({@link Documents}), the table and column vectors ({@link
 * ColumnVectors}), and what searches read besides ({@link IndexedCatalog}). Builds them from a
 * catalog and updates them in place: only the changed tables' documents and vectors are
 * replaced, and a database's document only when its capped word counts or its tables changed.
 * Searchers leave out the statistics of deleted copies still in the index ({@link
 * DeletedStats}), so BM25 scores equal a fresh build's after every update.
 *
 * <p>Thread-safe: updates run one at a time; searchers acquired meanwhile keep one consistent
 * reader.
 */
final class Indexer implements AutoCloseable {
  private final Tuning tuning;
  private final @Nullable EmbeddingProvider provider;
  private final Documents documents;
  private final ByteBuffersDirectory directory;
  private final IndexWriter writer;
  private final SearcherManager searchers;
  private final Object updateLock = new Object();
  private volatile IndexedCatalog catalog;
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

  /**
   * Builds the index of a catalog.
   *
   * @param catalog the tables
   * @param graph the join graph of the catalog
   * @param provider the embedding provider, or null for keyword search only
   * @param documents how tables and databases become documents and vector texts
   * @param tuning the weights (BM25 parameters, column vector settings)
   */
  Indexer(Catalog catalog, JoinGraph graph, @Nullable EmbeddingProvider provider,
      Documents documents, Tuning tuning) throws IOException {
    this.tuning = tuning;
    this.provider = provider;
    this.documents = documents;
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
    this.columnVectorsOn = semantic(provider) && tuning.columnVectors()
        && columnCount(catalog) <= tuning.maxColumnVectors();
    addAll(catalog.tables());
    SearcherFactory factory = new SearcherFactory() {
      @Override
      public IndexSearcher newSearcher(IndexReader reader, IndexReader previous)
          throws IOException {
        // called on refreshes only, which run under updateLock (or in this constructor)
        IndexSearcher s = new DeletedStats.Searcher(reader, deleted.open(reader));
        s.setSimilarity(similarity);
        return s;
      }
    };
    IndexedCatalog initial = IndexedCatalog.of(catalog, graph);
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
    this.catalog = initial;
  }

  /**
   * {@return whether vectors come from a semantic model rather than the dependency-free hashing
   * provider}, whose vectors are lexical: column vectors, database vectors and the coherence
   * signals built on them are for semantic models only.
   */
  static boolean semantic(@Nullable EmbeddingProvider provider) {
    return provider != null && !provider.name().equals(HashingEmbeddingProviderFactory.NAME);
  }

  /** {@return what searches read besides the index, as of now} */
  IndexedCatalog catalog() {
    return catalog;
  }

  /** {@return the current searcher}, to be handed back with {@link #release}. */
  IndexSearcher acquire() throws IOException {
    return searchers.acquire();
  }

  /** Hands back a searcher from {@link #acquire}. */
  void release(IndexSearcher searcher) throws IOException {
    searchers.release(searcher);
  }

  /** {@return the table and column vectors (empty unless {@link #columnVectorsOn()})} */
  ColumnVectors columnVectors() {
    return columnVectors;
  }

  /**
   * {@return whether column vectors are kept}: decided when the index is built, from the catalog's
   * column count ({@link Tuning#maxColumnVectors()}); an update that takes the catalog past the
   * limit drops them, and a catalog that shrinks below it gets them at its next full build.
   */
  boolean columnVectorsOn() {
    return columnVectorsOn;
  }

  /**
   * Applies a catalog change in place (see {@link SearchEngine#update}).
   *
   * @param newCatalog the catalog after the change
   * @param changedOrAdded tables whose definition changed or that are new
   * @param removed tables that no longer exist
   * @param newGraph the join graph of the new catalog
   */
  void update(Catalog newCatalog, Set<QualifiedName> changedOrAdded, Set<QualifiedName> removed,
      JoinGraph newGraph) throws IOException {
    synchronized (updateLock) {
      if (columnVectorsOn && columnCount(newCatalog) > tuning.maxColumnVectors()) {
        columnVectorsOn = false;
        columnVectors.clear();
      }
      long version = ++updates;
      IndexedCatalog old = catalog;
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
              tableVersions.getOrDefault(key(q), 0L)), documents.table(before, null));
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
          writer.deleteDocuments(new Term(Fields.KEY, key(q)));
          columnVectors.remove(key(q));
          tableVersions.remove(key(q));
        }
      }
      List<float[]> vectors = embed(changed);
      for (int i = 0; i < changed.size(); i++) {
        TableInfo t = changed.get(i);
        Document d = documents.table(t, vectors == null ? null : vectors.get(i));
        d.add(new StoredField(DeletedStats.VERSION, version));
        writer.updateDocument(new Term(Fields.KEY, key(t.id())), d);
        tableVersions.put(key(t.id()), version);
      }
      IndexedCatalog next = old.patch(newCatalog, changedOrAdded, removed, newGraph);
      updateDatabases(oldMembers, next, version);
      catalog = next;
      searchers.maybeRefreshBlocking();
      if (deleted.takeUnknown()) {
        // a deleted document of unknown content (not expected): merge it away so that the
        // statistics are exact again
        writer.forceMerge(1);
        searchers.maybeRefreshBlocking();
      }
    }
  }

  /**
   * Replaces the documents of the touched databases whose words (capped counts) or tables
   * changed, deletes those of databases that are gone and adds those of new ones. A database
   * document whose capped word counts and table list are unchanged is left as it is: it would be
   * written again identically (its vector is computed from its table names).
   */
  private void updateDatabases(Map<String, @Nullable List<TableInfo>> oldMembers,
      IndexedCatalog next, long version) throws IOException {
    List<String> rewrite = new ArrayList<>();
    for (Map.Entry<String, @Nullable List<TableInfo>> e : oldMembers.entrySet()) {
      String db = e.getKey();
      List<TableInfo> before = e.getValue();
      List<TableInfo> after = next.byDatabase().get(db);
      DatabaseWords words = databaseWords.get(db);
      boolean changed = before == null || after == null
          || (words != null && words.cappedChanged(tuning.dbTermCap()))
          || !sameTables(before, after);
      if (before != null && changed) {
        Map<String, Integer> names = words == null ? Map.of() : words.namesBeforeUpdate();
        Map<String, Integer> columns = words == null ? Map.of() : words.columnsBeforeUpdate();
        deleted.deleting(new DeletedStats.Version(db, true,
            databaseVersions.getOrDefault(db, 0L)), documents.database(db, names, columns, null));
        if (after == null) {
          writer.deleteDocuments(new Term(Fields.D_KEY, db));
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
      writer.updateDocument(new Term(Fields.D_KEY, db), d);
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

  private static long columnCount(Catalog catalog) {
    long n = 0;
    for (TableInfo t : catalog.tables()) {
      n += t.columns().size();
    }
    return n;
  }

  private void addAll(Collection<TableInfo> tables) throws IOException {
    List<TableInfo> list = List.copyOf(tables);
    int batch = 4096;
    for (int i = 0; i < list.size(); i += batch) {
      List<TableInfo> part = list.subList(i, Math.min(list.size(), i + batch));
      List<float[]> vectors = embed(part);
      List<Document> docs = new ArrayList<>(part.size());
      for (int j = 0; j < part.size(); j++) {
        docs.add(documents.table(part.get(j), vectors == null ? null : vectors.get(j)));
      }
      writer.addDocuments(docs);
    }
  }

  /**
   * Embeds tables, and their columns when column vectors are on (kept in {@link #columnVectors}).
   *
   * @return the tables' vectors, or null without a provider
   */
  private @Nullable List<float[]> embed(List<TableInfo> tables) {
    if (provider == null || tables.isEmpty()) {
      return null;
    }
    List<String> texts = new ArrayList<>(tables.size());
    for (TableInfo t : tables) {
      texts.add(documents.tableText(t));
    }
    List<float[]> vectors = provider.embedAll(texts);
    if (columnVectorsOn) {
      List<String> columnTexts = new ArrayList<>();
      for (TableInfo t : tables) {
        for (ColumnInfo c : t.columns()) {
          columnTexts.add(Documents.columnText(t, c));
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
   * {@return every text a build of this catalog embeds, in build order}: table texts, column
   * texts when column vectors would be on, database texts when database vectors are on.
   * Embedding them ahead of a build (into a vector cache) makes the build embed nothing.
   *
   * @param catalog the catalog
   * @param provider the provider the build would use
   * @param documents how tables become texts
   * @param tuning the weights
   */
  static List<String> texts(Catalog catalog, @Nullable EmbeddingProvider provider,
      Documents documents, Tuning tuning) {
    List<String> out = new ArrayList<>();
    if (provider == null) {
      return out;
    }
    boolean columns = semantic(provider) && tuning.columnVectors()
        && columnCount(catalog) <= tuning.maxColumnVectors();
    Map<String, List<TableInfo>> byDb = new java.util.LinkedHashMap<>();
    for (TableInfo t : catalog.tables()) {
      out.add(documents.tableText(t));
      byDb.computeIfAbsent(t.id().database(), d -> new ArrayList<>()).add(t);
    }
    if (columns) {
      for (TableInfo t : catalog.tables()) {
        for (ColumnInfo c : t.columns()) {
          out.add(Documents.columnText(t, c));
        }
      }
    }
    if (semantic(provider) && tuning.dbVectorWeight() > 0) {
      for (Map.Entry<String, List<TableInfo>> e : byDb.entrySet()) {
        out.add(Documents.databaseText(e.getKey(), e.getValue()));
      }
    }
    return out;
  }

  /** Database vectors only come from semantic models: hashing vectors add nothing there. */
  private @Nullable List<float[]> embedDatabases(List<String> databases, IndexedCatalog s) {
    if (!semantic(provider) || tuning.dbVectorWeight() <= 0 || databases.isEmpty()) {
      return null;
    }
    List<String> texts = new ArrayList<>(databases.size());
    for (String db : databases) {
      texts.add(Documents.databaseText(db, s.byDatabase().get(db)));
    }
    return provider.embedAll(texts);
  }

  private Document databaseDocument(String database, float @Nullable [] vector) {
    DatabaseWords counts = databaseWords.get(database);
    return documents.database(database, counts == null ? Map.of() : counts.names,
        counts == null ? Map.of() : counts.columns, vector);
  }

  /** Counts a table's words in its database (tracked: by an update, which settles them). */
  private void countWords(TableInfo t, int sign, boolean tracked) {
    DatabaseWords w = databaseWords.computeIfAbsent(t.id().database(), d -> new DatabaseWords());
    w.add(t, sign, tracked);
  }

  private static Similarity similarity(Tuning tuning) {
    BM25Similarity base = new BM25Similarity((float) tuning.k1(), (float) tuning.b());
    BM25Similarity columns = new BM25Similarity((float) tuning.k1(), (float) tuning.bColumns());
    BM25Similarity plain = new BM25Similarity((float) tuning.k1(), (float) tuning.bPlain());
    return new PerFieldSimilarityWrapper() {
      @Override
      public Similarity get(String field) {
        return switch (field) {
          case Fields.COLS -> columns;
          case Fields.PLAIN -> plain;
          default -> base;
        };
      }
    };
  }

  /** Closes the index. */
  @Override
  public void close() throws IOException {
    searchers.close();
    writer.rollback();
    directory.close();
  }
}
