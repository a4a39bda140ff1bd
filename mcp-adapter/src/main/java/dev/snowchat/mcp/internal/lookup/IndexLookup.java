package dev.snowchat.mcp.internal.lookup;

import static java.util.Objects.requireNonNull;

import dev.snowchat.mcp.internal.lookup.Catalogs.Database;
import dev.snowchat.mcp.internal.lookup.Catalogs.Function;
import dev.snowchat.mcp.internal.lookup.Catalogs.Schema;
import dev.snowchat.schemaindex.Catalog;
import dev.snowchat.schemaindex.IndexErrorCode;
import dev.snowchat.schemaindex.JoinPath;
import dev.snowchat.schemaindex.LoadState;
import dev.snowchat.schemaindex.QualifiedName;
import dev.snowchat.schemaindex.SchemaIndex;
import dev.snowchat.schemaindex.SearchHit;
import dev.snowchat.schemaindex.SearchResult;
import dev.snowchat.schemaindex.SearchRequest;
import dev.snowchat.schemaindex.TableInfo;
import dev.snowchat.sqlgate.SnowchatException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.TreeSet;
import java.util.function.Supplier;
import java.util.regex.Pattern;
import org.jspecify.annotations.Nullable;

/**
 * Discovery from the schema index. Answers only while the index is loaded, and only what it
 * knows (no functions; tables without columns go live); otherwise {@link Answer.Unavailable}, so
 * the router asks the live lookup.
 */
final class IndexLookup implements SchemaLookup {
  private static final String NOT_LOADED = "the index is not loaded";

  private final SchemaIndex index;
  private final CatalogView view;

  /**
   * How long after the server is built discovery calls wait for the index (a snapshot is served
   * within seconds) before live metadata answers: answers in the first seconds then come from one
   * source, in one scale and order, instead of depending on the moment of the call. A first load
   * that takes longer (a large warehouse without a snapshot) delays no call past this window.
   */
  static final Duration FIRST_CALL_WAIT = Duration.ofSeconds(10);

  /** The end of the window in which calls wait for the first load ({@link System#nanoTime}). */
  private final long waitUntil;

  IndexLookup(SchemaIndex index, CatalogView view) {
    this(index, view, FIRST_CALL_WAIT);
  }

  /**
   * A lookup whose calls wait for the first load until {@code firstCallWait} after it is built.
   *
   * @param index the index
   * @param view the scope and defaults
   * @param firstCallWait how long after now calls wait for the first load (tests shorten it)
   */
  IndexLookup(SchemaIndex index, CatalogView view, Duration firstCallWait) {
    this(index, view, firstCallWait, false);
  }

  /**
   * A lookup over an index whose vectors may be lexical.
   *
   * @param index the index
   * @param view the scope and defaults
   * @param firstCallWait how long after now calls wait for the first load
   * @param lexicalVectors whether the index's vectors come from the hashing provider (hashed
   *     words, word pairs and character trigrams: lexical, no sentence model); its hybrid
   *     searches are then reported as {@link #HYBRID_LEXICAL}
   */
  IndexLookup(SchemaIndex index, CatalogView view, Duration firstCallWait,
      boolean lexicalVectors) {
    this.index = requireNonNull(index, "index is null");
    this.view = requireNonNull(view, "view is null");
    this.waitUntil = System.nanoTime() + firstCallWait.toNanos();
    this.lexicalVectors = lexicalVectors;
  }

  /**
   * How a hybrid search is reported when its vectors are the hashing provider's: {@code
   * search_schema} still says mode {@code hybrid} (two rankings fused, the documented name), with
   * {@code semantic: false} and a text that says no sentence model took part.
   */
  static final String HYBRID_LEXICAL = "hybrid_lexical";

  private final boolean lexicalVectors;

  /**
   * Runs a question against the served index; unavailable when it is not loaded (or unloads).
   * While the first load runs, waits for it until {@link #FIRST_CALL_WAIT} after this lookup was
   * built. An index nobody started yet is started first: servers start it a moment after their
   * transport is up (so that its load does not slow the first {@code initialize} and {@code
   * tools/list}), and a question in that moment would otherwise find it {@code Unloaded}, which
   * {@link SchemaIndex#awaitReady} does not wait for, and be answered live.
   */
  private <T> Answer<T> ask(Supplier<Answer<T>> q) {
    if (!index.isReady()) {
      long left = waitUntil - System.nanoTime();
      if (left > 0 && index.state() instanceof LoadState.Unloaded) {
        try {
          index.start(); // does nothing when another thread started it meanwhile
        } catch (IllegalStateException closed) {
          return Answer.unavailable(NOT_LOADED);
        }
      }
      if (!index.awaitReady(Duration.ofNanos(Math.max(0, left)))) {
        return Answer.unavailable(NOT_LOADED);
      }
    }
    try {
      return q.get();
    } catch (SnowchatException e) {
      if (e.code() != IndexErrorCode.NOT_LOADED) {
        throw e;
      }
      return Answer.unavailable(NOT_LOADED); // unloaded between the check and the call
    }
  }

  /** Asks the served catalog. */
  private <T> Answer<T> catalog(java.util.function.Function<Catalog, Answer<T>> q) {
    return ask(() -> index.catalog().map(q).orElseGet(() -> Answer.unavailable(NOT_LOADED)));
  }

  private List<TableInfo> visible(Catalog c) {
    List<TableInfo> out = new ArrayList<>();
    for (TableInfo t : c.tables()) {
      if (view.filter().showsTable(t.id())) {
        out.add(t);
      }
    }
    return out;
  }

  @Override
  public Answer<List<Database>> databases() {
    return catalog(c -> {
      TreeSet<String> names = new TreeSet<>();
      visible(c).forEach(t -> names.add(t.id().database()));
      return Answer.of(names.stream().map(n -> new Database(n, null)).toList());
    });
  }

  @Override
  public Answer<List<Schema>> schemas(String database) {
    return catalog(c -> {
      TreeSet<String> dbs = new TreeSet<>();
      visible(c).forEach(t -> dbs.add(t.id().database()));
      String db = Lookups.pick(dbs, database);
      if (db == null) {
        // unknown here: the live lookup answers (or says not found)
        return Answer.unavailable("database " + database + " is not in the index");
      }
      TreeSet<String> schemas = new TreeSet<>();
      visible(c).stream().filter(t -> t.id().database().equals(db))
          .forEach(t -> schemas.add(t.id().schema()));
      return Answer.of(schemas.stream().map(s -> new Schema(db, s, null)).toList());
    });
  }

  @Override
  public Answer<List<TableInfo>> tables(String database, String schema,
      @Nullable String pattern) {
    Pattern like = Patterns.like(pattern);
    return catalog(c -> {
      List<TableInfo> all = visible(c);
      TreeSet<String> dbs = new TreeSet<>();
      all.forEach(t -> dbs.add(t.id().database()));
      String db = Lookups.pick(dbs, database);
      TreeSet<String> schemas = new TreeSet<>();
      all.stream().filter(t -> t.id().database().equals(db))
          .forEach(t -> schemas.add(t.id().schema()));
      String sc = db == null ? null : Lookups.pick(schemas, schema);
      if (sc == null) {
        return Answer.unavailable("schema " + database + "." + schema + " is not in the index");
      }
      return Answer.of(all.stream().filter(t -> t.id().database().equals(db)
          && t.id().schema().equals(sc) && Patterns.matches(like, t.id().name())).toList());
    });
  }

  @Override
  public Answer<QualifiedName> resolve(TableRef ref) {
    return catalog(c -> {
      String db = ref.database() != null ? ref.database() : view.defaultDatabase();
      String sc = ref.schema() != null ? ref.schema() : view.defaultSchema();
      List<QualifiedName> exact = new ArrayList<>();
      List<QualifiedName> loose = new ArrayList<>();
      for (TableInfo t : visible(c)) {
        QualifiedName q = t.id();
        boolean dbOk = db == null || q.database().equalsIgnoreCase(db);
        boolean scOk = sc == null || q.schema().equalsIgnoreCase(sc);
        if (!dbOk || !scOk || !q.name().equalsIgnoreCase(ref.table())) {
          continue;
        }
        loose.add(q);
        if ((db == null || q.database().equals(db)) && (sc == null || q.schema().equals(sc))
            && q.name().equals(ref.table())) {
          exact.add(q);
        }
      }
      if (exact.size() == 1) {
        return Answer.of(exact.get(0));
      }
      boolean anyQuoted = ref.isQuoted(0);
      if (exact.isEmpty() && !anyQuoted && loose.size() == 1) {
        return Answer.of(loose.get(0));
      }
      // not found or ambiguous: the live lookup decides
      return Answer.unavailable(ref + " is not in the index, or not unique there");
    });
  }

  @Override
  public Answer<List<QualifiedName>> tableNames() {
    return catalog(c -> Answer.of(visible(c).stream().map(TableInfo::id).toList()));
  }

  @Override
  public Answer<TableInfo> describe(QualifiedName table) {
    return ask(() -> index.table(table).filter(t -> !t.columns().isEmpty()
        && view.filter().showsTable(t.id())).map(Answer::of)
        .orElseGet(() -> Answer.unavailable("the index has no columns of " + table)));
  }

  @Override
  public Answer<List<SearchHit>> search(String query, int k, @Nullable String database) {
    return ask(() -> {
      String db = database == null ? null : canonicalDatabase(database);
      if (database != null && db == null) {
        // unknown here: the live lookup answers, or says DATABASE_NOT_FOUND as list_schemas does
        return Answer.unavailable("database " + database + " is not in the index");
      }
      SearchRequest req = SearchRequest.of(query, k).withIncludeColumns(true)
          .withDatabase(db);
      List<SearchHit> out = new ArrayList<>();
      SearchResult result = index.find(req);
      for (SearchHit h : result.hits()) {
        if (view.filter().showsTable(h.table())) {
          out.add(new SearchHit(h.table(), h.kind(), Math.round(h.score() * 1000) / 1000.0,
              Math.round(h.relevance() * 1000) / 1000.0, h.comment(), h.columns(),
              h.neighbors(), h.joins(), h.why()));
        }
      }
      return switch (result.mode()) {
        case HYBRID -> Answer.of(out, lexicalVectors ? HYBRID_LEXICAL : "hybrid");
        case KEYWORD -> Answer.of(out, "keyword");
        case KEYWORD_WHILE_EMBEDDING -> Answer.of(out, "keyword_while_embedding");
      };
    });
  }

  /** {@return the index's spelling of a database it holds a visible table of, else null} */
  private @Nullable String canonicalDatabase(String database) {
    Optional<Catalog> catalog = index.catalog();
    if (catalog.isEmpty()) {
      return database; // unloaded meanwhile: the search itself says so
    }
    TreeSet<String> dbs = new TreeSet<>();
    visible(catalog.get()).forEach(t -> dbs.add(t.id().database()));
    return Lookups.pick(dbs, database);
  }

  @Override
  public Answer<Optional<JoinPath>> joinPath(QualifiedName from, QualifiedName to) {
    return ask(() -> {
      if (index.table(from).isEmpty() || index.table(to).isEmpty()) {
        return Answer.unavailable("a table is not in the index"); // the live lookup decides
      }
      return Answer.of(index.joinPath(from, to));
    });
  }

  @Override
  public Answer<List<Function>> functions(@Nullable String pattern, int limit) {
    return Answer.unavailable("the index holds no functions");
  }

  /** The tables served (in scope), not the tables the source read. */
  private static int served(SchemaIndex index, int loaded) {
    return index.catalog().map(Catalog::size).orElse(loaded);
  }

  /**
   * Describes the index state for get_connection_info.
   *
   * @param index the index
   * @return e.g. {@code ready: 18 tables}
   */
  static String describe(SchemaIndex index) {
    return switch (index.state()) {
      case LoadState.Ready r -> "ready: " + served(index, r.tables()) + " tables";
      case LoadState.Loading l -> "loading (attempt " + l.attempt()
          + "); discovery uses live queries meanwhile";
      case LoadState.Unloaded u -> "not loaded; discovery uses live queries";
      case LoadState.Failed f -> "failed (" + f.error() + "); discovery uses live queries";
      case LoadState.Degraded d -> "serving " + served(index, d.tables())
          + " tables, refresh failing ("
          + d.error() + ")";
    };
  }
}
