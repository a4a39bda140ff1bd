package dev.snowchat.schemaindex;

import static java.util.Objects.requireNonNull;

import dev.snowchat.schemaindex.internal.embed.CachingEmbeddingProvider;
import dev.snowchat.schemaindex.internal.embed.VectorCache;
import dev.snowchat.schemaindex.internal.lifecycle.Derived;
import dev.snowchat.schemaindex.internal.lifecycle.IndexLifecycle;
import dev.snowchat.schemaindex.internal.search.SearchEngine;
import dev.snowchat.schemaindex.internal.search.Tuning;
import dev.snowchat.schemaindex.internal.source.SourceErrors;
import dev.snowchat.sqlgate.SnowchatException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Predicate;
import java.util.concurrent.locks.LockSupport;
import org.apache.lucene.store.AlreadyClosedException;
import org.jspecify.annotations.Nullable;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The schema index: finds the tables a question needs among many, and how they join. It loads a
 * catalog from a {@link CatalogSource} in the background, serves search and join paths from
 * memory, and polls the source for changes, updating only what changed.
 *
 * <pre>{@code
 * SchemaIndex index = SchemaIndex.builder()
 *     .source(CatalogSources.snowflake(systemPool, SourceOptions.defaults()))
 *     .glossary(Glossary.read(Path.of("glossary.json")))
 *     .build();
 * index.start();                       // returns at once
 * if (index.isReady()) { index.search(SearchRequest.of("revenue by country", 10)); }
 * }</pre>
 *
 * <p>Until the first load completes (or when it failed) {@link #search}, {@link #joinPath},
 * {@link #neighbors} and {@link #table} throw {@link SnowchatException} with {@link
 * IndexErrorCode#NOT_LOADED}: callers fall back to live metadata queries. {@link #state()} says
 * why. Thread-safe.
 */
public final class SchemaIndex implements AutoCloseable {
  private static final AtomicInteger THREADS = new AtomicInteger();

  private static final Logger LOG = LoggerFactory.getLogger(SchemaIndex.class);
  /** Texts embedded per step of the background embedding (between steps it may stop). */
  private static final int EMBED_STEP = 512;

  /**
   * What is served: the catalog in scope, its join graph, its search engine, and whether vectors
   * took part in that search.
   */
  private record Served(Catalog catalog, JoinGraph graph, SearchEngine search, SearchMode mode) {}

  private final IndexLifecycle<Served> lifecycle;
  private final @Nullable EmbeddingProvider ownedProvider;
  /** The provider searches use: null for keyword search only. */
  private final @Nullable EmbeddingProvider model;
  /** The vector cache in front of a semantic model, else null. */
  private final @Nullable CachingEmbeddingProvider cached;
  private final Glossary glossary;
  private final Tuning tuning;
  private final boolean keywordFirst;
  private final @Nullable Path snapshot;
  private volatile boolean closed;
  private boolean snapshotVectorsRead;
  private volatile @Nullable Thread embedding;

  private SchemaIndex(Builder b) {
    CatalogSource source = requireNonNull(b.source);
    this.glossary = b.glossary == null ? Glossary.empty() : b.glossary;
    InferenceOptions inference = b.inference == null ? InferenceOptions.defaults() : b.inference;
    EmbeddingProvider provider = b.embeddings;
    this.ownedProvider = provider == null && !b.keywordOnly
        ? EmbeddingProviders.create(EmbeddingProviders.DEFAULT, Map.of()) : null;
    EmbeddingProvider effective = provider == null ? ownedProvider : provider;
    this.cached = SearchEngine.semantic(effective)
        ? new CachingEmbeddingProvider(effective,
            new VectorCache(effective.modelId(), effective.dimension()))
        : null;
    this.model = cached != null ? cached : effective;
    this.keywordFirst = b.keywordFirst == null || b.keywordFirst;
    this.snapshot = b.snapshot;
    this.tuning = Tuning.defaults().with(w -> {
      if (b.joinPropagation != null) {
        w.propagation = b.joinPropagation;
      }
      if (Boolean.FALSE.equals(b.joinCompletion)) {
        w.bridgeSources = 0;
        w.parentSources = 0;
      }
      if (b.columnVectorLimit != null) {
        w.maxColumnVectors = b.columnVectorLimit;
      }
    });
    Predicate<QualifiedName> scope = b.scope;
    Derived<Served> derived = new Derived<>() {
      @Override
      public Served build(Catalog loaded) {
        Catalog catalog = inScope(loaded, scope);
        JoinGraph graph = JoinGraph.build(catalog, inference);
        return buildServed(catalog, graph);
      }

      @Override
      public Served update(Served current, Catalog loaded, Set<QualifiedName> changedOrAdded,
          Set<QualifiedName> removed) {
        Catalog newCatalog = inScope(loaded, scope);
        Set<QualifiedName> changed = inScope(changedOrAdded, scope);
        Set<QualifiedName> gone = inScope(removed, scope);
        JoinGraph graph = current.graph().update(newCatalog, changed, gone);
        SearchEngine search = current.search().update(newCatalog, changed, gone, graph);
        return new Served(newCatalog, graph, search, current.mode());
      }

      @Override
      public void close(Served index) {
        index.search().close();
      }
    };
    boolean owns = b.scheduler == null;
    ScheduledExecutorService scheduler = owns ? defaultScheduler() : b.scheduler;
    Duration initial = b.initialBackoff == null ? Builder.DEFAULT_INITIAL_BACKOFF
        : b.initialBackoff;
    Duration max = b.maxBackoff == null ? Builder.DEFAULT_MAX_BACKOFF : b.maxBackoff;
    this.lifecycle = new IndexLifecycle<>(source, derived, new IndexLifecycle.Config(
        b.pollInterval == null ? Builder.DEFAULT_POLL_INTERVAL : b.pollInterval, initial, max,
        b.maxRetries == null ? Integer.MAX_VALUE : b.maxRetries, b.snapshot),
        scheduler, owns, b.clock == null ? Clock.systemUTC() : b.clock);
  }

  /**
   * The tables of a catalog the scope accepts, with the foreign keys that point outside it
   * dropped: what is out of scope never reaches search ranking, the join graph or a join path.
   */
  private static Catalog inScope(Catalog catalog, @Nullable Predicate<QualifiedName> scope) {
    if (scope == null) {
      return catalog;
    }
    List<TableInfo> kept = new ArrayList<>(catalog.size());
    boolean changed = false;
    for (TableInfo t : catalog.tables()) {
      if (!scope.test(t.id())) {
        changed = true;
        continue;
      }
      List<ForeignKey> fks = t.foreignKeys().stream()
          .filter(fk -> scope.test(fk.referencedTable())).toList();
      if (fks.size() == t.foreignKeys().size()) {
        kept.add(t);
      } else {
        changed = true;
        kept.add(new TableInfo(t.id(), t.kind(), t.comment(), t.rowCount(), t.changedOn(),
            t.columns(), t.primaryKey(), fks));
      }
    }
    return changed ? Catalog.of(kept) : catalog;
  }

  private static Set<QualifiedName> inScope(Set<QualifiedName> names,
      @Nullable Predicate<QualifiedName> scope) {
    if (scope == null) {
      return names;
    }
    Set<QualifiedName> out = new HashSet<>();
    for (QualifiedName q : names) {
      if (scope.test(q)) {
        out.add(q);
      }
    }
    return out;
  }

  /**
   * Builds what is served for a whole catalog: with a semantic model whose vectors are not all
   * cached (and keyword-first on), a keyword-only search at once while the vectors are computed
   * in the background; otherwise the full search.
   */
  private Served buildServed(Catalog catalog, JoinGraph graph) {
    if (cached == null) {
      return new Served(catalog, graph,
          SearchEngine.build(catalog, glossary, model, graph, tuning),
          model == null ? SearchMode.KEYWORD : SearchMode.HYBRID);
    }
    List<String> texts = SearchEngine.textsToEmbed(catalog, glossary, cached, tuning);
    readSnapshotVectors(texts);
    List<String> missing = new ArrayList<>();
    for (String t : texts) {
      if (!cached.cache().contains(t)) {
        missing.add(t);
      }
    }
    if (missing.isEmpty() || !keywordFirst) {
      return new Served(catalog, graph,
          SearchEngine.build(catalog, glossary, cached, graph, tuning),
          SearchMode.HYBRID);
    }
    LOG.info("Schema index: keyword search while {} of {} texts are embedded by {}",
        missing.size(), texts.size(), cached.name());
    embedInBackground(missing);
    return new Served(catalog, graph,
          SearchEngine.build(catalog, glossary, null, graph, tuning),
        SearchMode.KEYWORD_WHILE_EMBEDDING);
  }

  /**
   * Loads the vectors stored beside the snapshot into the cache, once: only those of this
   * catalog's texts, and only from a file of this model that passes every check ({@link
   * VectorCache#read(Path, String, int, java.util.Collection)}). A file that fails is ignored
   * whole, with a warning, and its texts are embedded again: a wrong vector would fail or skew
   * every search, a missing one costs one embedding.
   */
  private void readSnapshotVectors(List<String> texts) {
    if (snapshotVectorsRead || snapshot == null || cached == null) {
      return;
    }
    snapshotVectorsRead = true;
    Path file = VectorCache.besideSnapshot(snapshot);
    if (!Files.exists(file)) {
      return;
    }
    VectorCache mine = cached.cache();
    try {
      VectorCache stored = VectorCache.read(file, mine.modelId(), mine.dimension(), texts);
      if (!stored.modelId().equals(mine.modelId()) || stored.dimension() != mine.dimension()) {
        LOG.info("Schema index: ignoring the vectors in {}: they are of model {} ({} dimensions),"
            + " this index embeds with {} ({})", file, SourceErrors.sanitize(stored.modelId()),
            stored.dimension(), mine.modelId(), mine.dimension());
        return;
      }
      mine.putAll(stored);
      LOG.info("Schema index: {} vectors of {} read from {}", stored.size(), stored.modelId(),
          file);
    } catch (RuntimeException e) {
      LOG.warn("Schema index: cannot use the vectors in {}: {}; embedding the texts again", file,
          SourceErrors.sanitize(e.getMessage()));
    }
  }

  /**
   * Embeds texts into the cache on an own daemon thread (the scheduler keeps serving polls),
   * then swaps the keyword-only search for the full one between two lifecycle tasks.
   */
  private void embedInBackground(List<String> texts) {
    CachingEmbeddingProvider c = requireNonNull(cached);
    Thread t = new Thread(() -> {
      long start = System.nanoTime();
      try {
        for (int i = 0; i < texts.size() && !closed; i += EMBED_STEP) {
          c.embedAll(texts.subList(i, Math.min(texts.size(), i + EMBED_STEP)));
        }
        if (closed) {
          return;
        }
        LOG.info("Schema index: {} texts embedded by {} in {} ms", texts.size(), c.name(),
            (System.nanoTime() - start) / 1_000_000);
        lifecycle.replaceIndex(s -> upgrade(s, SearchMode.HYBRID));
      } catch (RuntimeException e) {
        if (!closed) {
          LOG.warn("Schema index: embedding with {} failed, serving keyword search only: {}",
              c.name(), e.getMessage());
          lifecycle.replaceIndex(s -> upgrade(s, SearchMode.KEYWORD));
        }
      }
    }, "snowchat-schema-index-vectors-" + THREADS.incrementAndGet());
    t.setDaemon(true);
    embedding = t;
    t.start();
  }

  /** Swaps a keyword-only search being embedded for the full one (or marks it keyword-only). */
  private Served upgrade(IndexLifecycle.Served<Served> s, SearchMode to) {
    Served current = s.index();
    if (current.mode() != SearchMode.KEYWORD_WHILE_EMBEDDING) {
      return current;
    }
    if (to == SearchMode.KEYWORD) {
      return new Served(current.catalog(), current.graph(), current.search(),
          SearchMode.KEYWORD);
    }
    // Tables changed since the embedding started miss the cache and are embedded here.
    SearchEngine full = SearchEngine.build(current.catalog(), glossary, cached, current.graph(),
        tuning);
    // Searches that hold the old engine finish on their acquired reader; a search that starts
    // on it after the close retries on the new one (see find).
    current.search().close();
    return new Served(current.catalog(), current.graph(), full, SearchMode.HYBRID);
  }

  private static ScheduledExecutorService defaultScheduler() {
    return Executors.newSingleThreadScheduledExecutor(r -> {
      Thread t = new Thread(r, "snowchat-schema-index-" + THREADS.incrementAndGet());
      t.setDaemon(true);
      return t;
    });
  }

  /** {@return a new builder} */
  public static Builder builder() {
    return new Builder();
  }

  /**
   * Starts loading in the background and returns at once. Later calls do nothing.
   *
   * @throws IllegalStateException when the index is closed
   */
  public void start() {
    lifecycle.start();
  }

  /** {@return the load state; never blocks} */
  public LoadState state() {
    return lifecycle.state();
  }

  /** {@return true when an index is served (state {@link LoadState.Ready} or Degraded)} */
  public boolean isReady() {
    return lifecycle.served() != null;
  }

  /** {@return the served catalog, or empty when none is loaded} */
  public Optional<Catalog> catalog() {
    IndexLifecycle.Served<Served> s = lifecycle.served();
    return s == null ? Optional.empty() : Optional.of(s.index().catalog());
  }

  /**
   * Searches the tables.
   *
   * @param request the search
   * @return the best tables first
   * @throws SnowchatException {@link IndexErrorCode#NOT_LOADED} when no index is loaded
   */
  public List<SearchHit> search(SearchRequest request) {
    return find(request).hits();
  }

  /**
   * Searches the tables and says how: {@link SearchMode#HYBRID} with vectors, or keyword-only
   * (while a semantic model embeds the catalog in the background, or by configuration).
   *
   * @param request the search
   * @return the best tables first, and the mode that found them
   * @throws SnowchatException {@link IndexErrorCode#NOT_LOADED} when no index is loaded
   */
  public SearchResult find(SearchRequest request) {
    requireNonNull(request, "request is null");
    Served s = served().index();
    try {
      return new SearchResult(s.search().search(request), s.mode());
    } catch (AlreadyClosedException e) {
      // the keyword-only engine was swapped for the full one during this call
      Served now = served().index();
      if (now == s) {
        throw e;
      }
      return new SearchResult(now.search().search(request), now.mode());
    }
  }

  /**
   * Waits until an index is served (a snapshot or the source's first load), at most {@code
   * timeout}; returns at once when the index is not started or its load failed. Servers call it
   * briefly before a discovery call so that answers in the first seconds come from the index, as
   * later ones do, and not from live metadata.
   *
   * @param timeout the longest wait
   * @return whether an index is served
   * @throws IllegalArgumentException when the timeout is negative
   */
  public boolean awaitReady(Duration timeout) {
    // no wait when nothing loads (not started) or the load failed (a retry is seconds away)
    return await(timeout, () -> isReady() || state() instanceof LoadState.Unloaded
        || state() instanceof LoadState.Failed) && isReady();
  }

  /**
   * Waits until searches use vectors or never will (the background embedding ended), at most
   * {@code timeout}; {@code snowchat:index} waits so that its snapshot carries every vector.
   *
   * @param timeout the longest wait
   * @return whether an index is served and not {@link SearchMode#KEYWORD_WHILE_EMBEDDING}
   * @throws IllegalArgumentException when the timeout is negative
   */
  public boolean awaitVectors(Duration timeout) {
    return await(timeout, () -> {
      IndexLifecycle.Served<Served> s = lifecycle.served();
      return s != null && s.index().mode() != SearchMode.KEYWORD_WHILE_EMBEDDING;
    });
  }

  private static boolean await(Duration timeout, java.util.function.BooleanSupplier done) {
    requireNonNull(timeout, "timeout is null");
    if (timeout.isNegative()) {
      throw new IllegalArgumentException("timeout must not be negative, got " + timeout);
    }
    long deadline = System.nanoTime() + timeout.toNanos();
    while (!done.getAsBoolean()) {
      long left = deadline - System.nanoTime();
      if (left <= 0) {
        return false;
      }
      LockSupport.parkNanos(Math.min(left, 5_000_000L));
      if (Thread.currentThread().isInterrupted()) {
        return done.getAsBoolean();
      }
    }
    return true;
  }

  /**
   * Writes the served catalog (the tables in scope) to a snapshot file ({@link CatalogSnapshot})
   * and, with a semantic model, its vectors beside it ({@code FILE.vectors}: the model id and one
   * vector per embedded text, in text-hash order: the same vectors give the same bytes; mode
   * 0644 before the umask, as the snapshot), so that an index started from the snapshot ({@link
   * Builder#snapshot}) with the same model embeds nothing. Call {@link #awaitVectors} first to
   * include every vector.
   *
   * @param file the snapshot file
   * @return the number of vectors written (0 without a semantic model)
   * @throws SnowchatException {@link IndexErrorCode#NOT_LOADED} when no index is loaded; {@link
   *     IndexErrorCode#SNAPSHOT_IO} when a file cannot be written
   */
  public int writeSnapshot(Path file) {
    requireNonNull(file, "file is null");
    Catalog catalog = served().index().catalog();
    if (cached == null) {
      CatalogSnapshot.write(catalog, file);
      return 0;
    }
    VectorCache out = new VectorCache(cached.cache().modelId(), cached.cache().dimension());
    for (String text : SearchEngine.textsToEmbed(catalog, glossary, cached, tuning)) {
      float[] v = cached.cache().get(text);
      if (v != null) {
        out.put(text, v);
      }
    }
    // The vectors first: once the snapshot is written its vectors are there. Either file alone
    // is safe with the other's older version: a vector is looked up by model id and text hash.
    out.write(VectorCache.besideSnapshot(file));
    CatalogSnapshot.write(catalog, file);
    return out.size();
  }

  /** {@return the number of texts the model embedded so far (0 without a semantic model)} */
  public long embeddedTexts() {
    return cached == null ? 0 : cached.embedded();
  }

  /**
   * Finds how to join two tables.
   *
   * @param from the start table
   * @param to the end table
   * @return the path, or empty when the tables are not connected or unknown
   * @throws SnowchatException {@link IndexErrorCode#NOT_LOADED} when no index is loaded
   */
  public Optional<JoinPath> joinPath(QualifiedName from, QualifiedName to) {
    requireNonNull(from, "from is null");
    requireNonNull(to, "to is null");
    return served().index().graph().joinPath(from, to);
  }

  /**
   * Lists the tables a table joins to.
   *
   * @param table the table
   * @return its join edges, best first; empty for an unknown or unconnected table
   * @throws SnowchatException {@link IndexErrorCode#NOT_LOADED} when no index is loaded
   */
  public List<JoinEdge> neighbors(QualifiedName table) {
    requireNonNull(table, "table is null");
    return served().index().graph().neighbors(table);
  }

  /**
   * Looks a table up in the served catalog.
   *
   * @param table the qualified name
   * @return the table, or empty when the catalog has no such table
   * @throws SnowchatException {@link IndexErrorCode#NOT_LOADED} when no index is loaded
   */
  public Optional<TableInfo> table(QualifiedName table) {
    requireNonNull(table, "table is null");
    return served().index().catalog().table(table);
  }

  /**
   * Reads the source now, without waiting: a poll when an index is served, else a load (which
   * also starts the index). Useful for tools and tests.
   *
   * @return completes with the state after that read
   * @throws IllegalStateException when the index is closed
   */
  public CompletableFuture<LoadState> refreshNow() {
    return lifecycle.refreshNow();
  }

  /** Stops polling and releases the index, the source and an owned scheduler. Idempotent. */
  @Override
  public void close() {
    closed = true;
    Thread t = embedding;
    if (t != null) {
      t.interrupt();
    }
    lifecycle.close();
    if (ownedProvider != null) {
      ownedProvider.close();
    }
  }

  private IndexLifecycle.Served<Served> served() {
    IndexLifecycle.Served<Served> s = lifecycle.served();
    if (s == null) {
      throw new SnowchatException(IndexErrorCode.NOT_LOADED,
          "The schema index is not loaded (" + describe(lifecycle.state())
              + "); use live metadata queries instead");
    }
    return s;
  }

  private static String describe(LoadState state) {
    return switch (state) {
      case LoadState.Unloaded u -> "not started";
      case LoadState.Loading l -> "loading, attempt " + l.attempt();
      case LoadState.Ready r -> "ready";
      case LoadState.Degraded d -> "degraded";
      case LoadState.Failed f -> (f.permanent() ? "failed permanently: " : "failed, "
          + (f.nextRetryAt() == null ? "not retrying" : "retrying at " + f.nextRetryAt())
          + ": ") + f.error();
    };
  }

  @Override
  public String toString() {
    return "SchemaIndex[" + describe(state()) + "]";
  }

  /**
   * Builds a {@link SchemaIndex}. Each setting may be set once; {@link #source} is required.
   */
  public static final class Builder {
    /** The default time between polls. */
    public static final Duration DEFAULT_POLL_INTERVAL = Duration.ofMinutes(5);
    /** The default first retry delay. */
    public static final Duration DEFAULT_INITIAL_BACKOFF = Duration.ofSeconds(10);
    /** The default largest retry delay. */
    public static final Duration DEFAULT_MAX_BACKOFF = Duration.ofSeconds(120);
    /** The default largest catalog, in columns, that gets column vectors. */
    public static final int DEFAULT_COLUMN_VECTOR_LIMIT = 100_000;

    private @Nullable CatalogSource source;
    private @Nullable Glossary glossary;
    private @Nullable EmbeddingProvider embeddings;
    private boolean keywordOnly;
    private @Nullable Boolean keywordFirst;
    private @Nullable InferenceOptions inference;
    private @Nullable Double joinPropagation;
    private @Nullable Boolean joinCompletion;
    private @Nullable Integer columnVectorLimit;
    private @Nullable Duration pollInterval;
    private @Nullable Duration initialBackoff;
    private @Nullable Duration maxBackoff;
    private @Nullable Integer maxRetries;
    private @Nullable Path snapshot;
    private @Nullable ScheduledExecutorService scheduler;
    private @Nullable Clock clock;
    private @Nullable Predicate<QualifiedName> scope;

    private Builder() {}

    private static void once(String name, @Nullable Object old) {
      if (old != null) {
        throw new IllegalStateException(name + " was already set to " + old);
      }
    }

    /**
     * Sets the catalog source (required). The index closes it on {@link SchemaIndex#close()}.
     *
     * @param source the source
     * @return this builder
     * @throws IllegalStateException when already set
     */
    public Builder source(CatalogSource source) {
      requireNonNull(source, "source is null");
      once("source", this.source == null ? null : this.source.name());
      this.source = source;
      return this;
    }

    /**
     * Sets the business glossary that boosts search (default: none).
     *
     * @param glossary the glossary
     * @return this builder
     * @throws IllegalStateException when already set
     */
    public Builder glossary(Glossary glossary) {
      requireNonNull(glossary, "glossary is null");
      once("glossary", this.glossary == null ? null : this.glossary.entries().size() + " entries");
      this.glossary = glossary;
      return this;
    }

    /**
     * Sets the embedding provider for semantic search (default: the dependency-free {@code
     * default} provider, owned and closed by the index). A provider set here is not closed.
     *
     * @param provider the provider
     * @return this builder
     * @throws IllegalStateException when already set
     */
    public Builder embeddings(EmbeddingProvider provider) {
      requireNonNull(provider, "provider is null");
      once("embeddings", this.embeddings == null ? (keywordOnly ? "none" : null)
          : this.embeddings.name());
      this.embeddings = provider;
      return this;
    }

    /**
     * Turns vector search off: keyword search only ({@link SearchMode#KEYWORD}).
     *
     * @return this builder
     * @throws IllegalStateException when embeddings were already set
     */
    public Builder keywordOnly() {
      once("embeddings", this.embeddings == null ? (keywordOnly ? "none" : null)
          : this.embeddings.name());
      this.keywordOnly = true;
      return this;
    }

    /**
     * Sets whether a semantic model's index serves keyword search at once while the catalog's
     * vectors are computed in the background ({@link SearchMode#KEYWORD_WHILE_EMBEDDING}), then
     * turns hybrid (default true). False makes the first load wait for every vector. Vectors
     * already cached (read from the snapshot's vector file) are never computed again.
     *
     * @param on whether to serve keywords first
     * @return this builder
     * @throws IllegalStateException when already set
     */
    public Builder keywordFirst(boolean on) {
      once("keywordFirst", this.keywordFirst);
      this.keywordFirst = on;
      return this;
    }

    /**
     * Sets how foreign keys are inferred for the join graph (default: {@link
     * InferenceOptions#defaults()}).
     *
     * @param options the options
     * @return this builder
     * @throws IllegalStateException when already set
     */
    public Builder inference(InferenceOptions options) {
      requireNonNull(options, "options is null");
      once("inference", this.inference);
      this.inference = options;
      return this;
    }

    /**
     * Sets join propagation: the share of a strong hit's score that the tables it joins to receive
     * (times the edge's confidence), so that a question about orders also lifts the customers
     * table they join. Off (0) by default: on BIRD, where database coherence already brings the
     * right database's tables, every share tried lowered recall and MRR (see the module README);
     * it helps where the tables a question needs share few words with it but join the ones that
     * do.
     *
     * @param share 0 (off) to 1
     * @return this builder
     * @throws IllegalArgumentException when out of range or not a number
     * @throws IllegalStateException when already set
     */
    public Builder joinPropagation(double share) {
      once("joinPropagation", this.joinPropagation);
      if (!(share >= 0 && share <= 1)) {
        throw new IllegalArgumentException("joinPropagation must be 0 to 1, got " + share);
      }
      this.joinPropagation = share;
      return this;
    }

    /**
     * Sets whether a search completes its first hits with the tables their joins need (on by
     * default): the table that links two of the best four hits which do not join each other
     * (the parent both reference, or a link table) is lifted to rank 4, and the tables the best
     * three reference (the districts of accounts asked about "in Prague") take ranks 4 to 6 from
     * tables that are none. The question names such tables only by a value, or not at all, yet
     * the SQL that answers it reads them; on BIRD they raise all-gold recall@5 from 0.797 to
     * 0.851 (see the module README). A lifted hit says so in its {@link SearchHit#why()} ({@code
     * links A and B}, {@code referenced by A}) and keeps its own {@link SearchHit#relevance()};
     * the first three hits never move. Off, hits are ranked by what they match alone.
     *
     * @param on whether to lift them
     * @return this builder
     * @throws IllegalStateException when already set
     */
    public Builder joinCompletion(boolean on) {
      once("joinCompletion", this.joinCompletion);
      this.joinCompletion = on;
      return this;
    }

    /**
     * Sets the largest catalog, in columns, for which a semantic embedding provider also embeds
     * every column (default {@value #DEFAULT_COLUMN_VECTOR_LIMIT}). Column vectors find tables by
     * what one column means (they lifted MRR on BIRD from 0.837 to 0.867 with BGE-small) but cost
     * {@code 4 x dimension} bytes a column in memory (1.5 KB at 384 dimensions), one embedding a
     * column at load, and a brute-force scan a query; a larger catalog is served by the table
     * vectors alone. Ignored for the default (hashing) provider and without embeddings.
     *
     * @param maxColumns 0 (never) or more
     * @return this builder
     * @throws IllegalArgumentException when negative
     * @throws IllegalStateException when already set
     */
    public Builder columnVectorLimit(int maxColumns) {
      once("columnVectorLimit", this.columnVectorLimit);
      if (maxColumns < 0) {
        throw new IllegalArgumentException("columnVectorLimit must be >= 0, got " + maxColumns);
      }
      this.columnVectorLimit = maxColumns;
      return this;
    }

    /**
     * Sets the time between polls of the source's change stamps (default 5 minutes).
     *
     * @param interval the interval; {@link Duration#ZERO} disables polling
     * @return this builder
     * @throws IllegalArgumentException when negative
     * @throws IllegalStateException when already set
     */
    public Builder pollInterval(Duration interval) {
      requireNonNull(interval, "interval is null");
      once("pollInterval", this.pollInterval);
      if (interval.isNegative()) {
        throw new IllegalArgumentException("pollInterval must not be negative, got " + interval
            + "; use Duration.ZERO to disable polling");
      }
      this.pollInterval = interval;
      return this;
    }

    /**
     * Sets the retry backoff: the first delay, doubled per failure up to the cap (default 10 s
     * doubling to 120 s: 10, 20, 40, 80, 120, 120, ...).
     *
     * @param initial the first delay, positive
     * @param max the largest delay, at least {@code initial}
     * @return this builder
     * @throws IllegalArgumentException when initial is not positive or max is below it
     * @throws IllegalStateException when already set
     */
    public Builder retryBackoff(Duration initial, Duration max) {
      requireNonNull(initial, "initial is null");
      requireNonNull(max, "max is null");
      once("retryBackoff", this.initialBackoff == null ? null
          : this.initialBackoff + ".." + this.maxBackoff);
      if (initial.isNegative() || initial.isZero()) {
        throw new IllegalArgumentException("retry backoff must be positive, got " + initial);
      }
      if (max.compareTo(initial) < 0) {
        throw new IllegalArgumentException("maximum retry backoff " + max
            + " is below the initial backoff " + initial);
      }
      this.initialBackoff = initial;
      this.maxBackoff = max;
      return this;
    }

    /**
     * Limits the retries of a failed load (default: unlimited, every {@code max} backoff at
     * worst, so the index recovers without a restart once the source is back). Polls of a served
     * index keep their schedule regardless.
     *
     * @param maxRetries retries after the first attempt, 0 or more
     * @return this builder
     * @throws IllegalArgumentException when negative
     * @throws IllegalStateException when already set
     */
    public Builder maxRetries(int maxRetries) {
      once("maxRetries", this.maxRetries);
      if (maxRetries < 0) {
        throw new IllegalArgumentException("maxRetries must be >= 0, got " + maxRetries);
      }
      this.maxRetries = maxRetries;
      return this;
    }

    /**
     * Serves this catalog snapshot as soon as it is read, then refreshes from the source by
     * polling its change stamps (only what changed since the snapshot is read). A snapshot that
     * cannot be read or is invalid ({@link CatalogSnapshot#read}) is skipped with a warning and
     * the index loads from the source. Vectors stored beside it ({@code FILE.vectors}, see {@link
     * SchemaIndex#writeSnapshot}) by the same model are used instead of embedding again; vectors
     * of another model or dimension are ignored, and a vector file that fails its checks
     * (length, checksum, a non-finite or non-unit vector) is ignored whole with a warning: its
     * texts are embedded again.
     *
     * @param file the snapshot file
     * @return this builder
     * @throws IllegalStateException when already set
     */
    public Builder snapshot(Path file) {
      requireNonNull(file, "file is null");
      once("snapshot", this.snapshot);
      this.snapshot = file;
      return this;
    }

    /**
     * Runs the index's background work on this scheduler instead of an own daemon thread. It is
     * not shut down by {@link SchemaIndex#close()}. Tasks never run concurrently. Tests pass a
     * scheduler they drive by hand.
     *
     * @param scheduler the scheduler
     * @return this builder
     * @throws IllegalStateException when already set
     */
    public Builder scheduler(ScheduledExecutorService scheduler) {
      requireNonNull(scheduler, "scheduler is null");
      once("scheduler", this.scheduler);
      this.scheduler = scheduler;
      return this;
    }

    /**
     * Sets the clock for the times in {@link LoadState} (default: the system UTC clock).
     *
     * @param clock the clock
     * @return this builder
     * @throws IllegalStateException when already set
     */
    public Builder clock(Clock clock) {
      requireNonNull(clock, "clock is null");
      once("clock", this.clock);
      this.clock = clock;
      return this;
    }

    /**
     * Serves only the tables this predicate accepts (default: all). The others never reach
     * search ranking, the join graph, join paths, neighbours, {@link SchemaIndex#catalog()} or
     * {@link SchemaIndex#table}, so a search returns {@code k} tables in scope even where tables
     * out of scope would rank higher; foreign keys that point out of scope are dropped from the
     * tables served. The source still reads every table its own {@link SourceOptions} select
     * (snapshots included), so the predicate must be cheap and must not change. Hosts use it to
     * enforce a visibility scope (mcp-adapter's {@code SNOWCHAT_INCLUDE}/{@code _EXCLUDE}).
     *
     * @param visible whether a table is in scope
     * @return this builder
     * @throws IllegalStateException when already set
     */
    public Builder scope(Predicate<QualifiedName> visible) {
      requireNonNull(visible, "visible is null");
      once("scope", this.scope);
      this.scope = visible;
      return this;
    }

    /**
     * Builds the index; nothing is loaded before {@link SchemaIndex#start()}.
     *
     * @return the index
     * @throws IllegalStateException when no source is set
     */
    public SchemaIndex build() {
      if (source == null) {
        throw new IllegalStateException("a catalog source is required: call source(...), e.g."
            + " source(CatalogSources.snapshot(path))");
      }
      return new SchemaIndex(this);
    }
  }
}
