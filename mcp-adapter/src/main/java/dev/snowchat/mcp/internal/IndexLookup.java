package dev.snowchat.mcp.internal;

import static java.util.Objects.requireNonNull;

import dev.snowchat.mcp.internal.Catalogs.Database;
import dev.snowchat.mcp.internal.Catalogs.Function;
import dev.snowchat.mcp.internal.Catalogs.JoinEdge;
import dev.snowchat.mcp.internal.Catalogs.JoinRoute;
import dev.snowchat.mcp.internal.Catalogs.Schema;
import dev.snowchat.mcp.internal.Catalogs.SchemaHit;
import dev.snowchat.schemaindex.Catalog;
import dev.snowchat.schemaindex.ColumnHit;
import dev.snowchat.schemaindex.EdgeSource;
import dev.snowchat.schemaindex.JoinPath;
import dev.snowchat.schemaindex.LoadState;
import dev.snowchat.schemaindex.QualifiedName;
import dev.snowchat.schemaindex.SchemaIndex;
import dev.snowchat.schemaindex.SearchHit;
import dev.snowchat.schemaindex.SearchMode;
import dev.snowchat.schemaindex.SearchResult;
import dev.snowchat.schemaindex.SearchRequest;
import dev.snowchat.schemaindex.TableInfo;
import dev.snowchat.sqlgate.Dialect;
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
 * knows (no functions; tables without columns go live); otherwise returns empty so the router
 * asks the live lookup.
 */
final class IndexLookup implements SchemaLookup {
  private final SchemaIndex index;
  private final Patterns filter;
  private final Dialect dialect;
  private final @Nullable String defaultDatabase;
  private final @Nullable String defaultSchema;

  IndexLookup(SchemaIndex index, Patterns filter, Dialect dialect,
      @Nullable String defaultDatabase, @Nullable String defaultSchema) {
    this.index = requireNonNull(index, "index is null");
    this.filter = requireNonNull(filter, "filter is null");
    this.dialect = requireNonNull(dialect, "dialect is null");
    this.defaultDatabase = defaultDatabase;
    this.defaultSchema = defaultSchema;
  }

  /**
   * How long after the server is built discovery calls wait for the index (a snapshot is served
   * within seconds) before live metadata answers: answers in the first seconds then come from one
   * source, in one scale and order, instead of depending on the moment of the call. A first load
   * that takes longer (a large warehouse without a snapshot) delays no call past this window.
   */
  static final Duration FIRST_CALL_WAIT = Duration.ofSeconds(10);

  /** The end of the window in which calls wait for the first load ({@link System#nanoTime}). */
  private final long waitUntil = System.nanoTime() + FIRST_CALL_WAIT.toNanos();

  /** The mode of this thread's last search, reported by {@link #source()}. */
  private final ThreadLocal<SearchMode> lastMode = new ThreadLocal<>();

  @Override
  public String source() {
    SearchMode mode = lastMode.get();
    lastMode.remove();
    if (mode == null || mode == SearchMode.HYBRID) {
      return "index";
    }
    return mode == SearchMode.KEYWORD_WHILE_EMBEDDING
        ? "index, keyword search while the model embeds the catalog" : "index, keyword search";
  }

  /**
   * Runs a question against the served index; empty when it is not loaded (or unloads). While
   * the first load runs, waits for it until {@link #FIRST_CALL_WAIT} after this lookup was built.
   */
  private <T> Optional<T> ask(Supplier<Optional<T>> q) {
    if (!index.isReady() && !index.awaitReady(
        Duration.ofNanos(Math.max(0, waitUntil - System.nanoTime())))) {
      return Optional.empty();
    }
    try {
      return q.get();
    } catch (IllegalStateException e) {
      return Optional.empty(); // unloaded between the check and the call
    }
  }

  private List<TableInfo> visible(Catalog c) {
    List<TableInfo> out = new ArrayList<>();
    for (TableInfo t : c.tables()) {
      if (filter.showsTable(t.id())) {
        out.add(t);
      }
    }
    return out;
  }

  @Override
  public Optional<List<Database>> databases() {
    return ask(() -> index.catalog().map(c -> {
      TreeSet<String> names = new TreeSet<>();
      visible(c).forEach(t -> names.add(t.id().database()));
      return names.stream().map(n -> new Database(n, null)).toList();
    }));
  }

  private static @Nullable String pick(java.util.Collection<String> names, String wanted) {
    return LiveJdbcLookup.pick(new ArrayList<>(names), wanted);
  }

  @Override
  public Optional<List<Schema>> schemas(String database) {
    return ask(() -> index.catalog().flatMap(c -> {
      TreeSet<String> dbs = new TreeSet<>();
      visible(c).forEach(t -> dbs.add(t.id().database()));
      String db = pick(dbs, database);
      if (db == null) {
        return Optional.empty(); // unknown here: the live lookup answers (or says not found)
      }
      TreeSet<String> schemas = new TreeSet<>();
      visible(c).stream().filter(t -> t.id().database().equals(db))
          .forEach(t -> schemas.add(t.id().schema()));
      return Optional.of(schemas.stream().map(s -> new Schema(db, s, null)).toList());
    }));
  }

  @Override
  public Optional<List<TableInfo>> tables(String database, String schema,
      @Nullable String pattern) {
    Pattern like = Patterns.like(pattern);
    return ask(() -> index.catalog().flatMap(c -> {
      List<TableInfo> all = visible(c);
      TreeSet<String> dbs = new TreeSet<>();
      all.forEach(t -> dbs.add(t.id().database()));
      String db = pick(dbs, database);
      if (db == null) {
        return Optional.empty();
      }
      TreeSet<String> schemas = new TreeSet<>();
      all.stream().filter(t -> t.id().database().equals(db))
          .forEach(t -> schemas.add(t.id().schema()));
      String sc = pick(schemas, schema);
      if (sc == null) {
        return Optional.empty();
      }
      return Optional.of(all.stream().filter(t -> t.id().database().equals(db)
          && t.id().schema().equals(sc) && Patterns.matches(like, t.id().name())).toList());
    }));
  }

  @Override
  public Optional<QualifiedName> resolve(TableRef ref) {
    return ask(() -> index.catalog().flatMap(c -> {
      String db = ref.database() != null ? ref.database() : defaultDatabase;
      String sc = ref.schema() != null ? ref.schema() : defaultSchema;
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
        return Optional.of(exact.get(0));
      }
      boolean anyQuoted = ref.isQuoted(0);
      if (exact.isEmpty() && !anyQuoted && loose.size() == 1) {
        return Optional.of(loose.get(0));
      }
      return Optional.empty(); // not found or ambiguous: the live lookup decides
    }));
  }

  @Override
  public Optional<List<QualifiedName>> tableNames() {
    return ask(() -> index.catalog().map(c -> visible(c).stream().map(TableInfo::id).toList()));
  }

  @Override
  public Optional<TableInfo> describe(QualifiedName table) {
    return ask(() -> index.table(table).filter(t -> !t.columns().isEmpty()
        && filter.showsTable(t.id())));
  }

  static JoinEdge edge(dev.snowchat.schemaindex.JoinEdge e) {
    return new JoinEdge(e.fromTable(), e.fromColumns(), e.toTable(), e.toColumns(),
        e.source() == EdgeSource.DECLARED, e.evidence(), e.confidence());
  }

  @Override
  public Optional<List<SchemaHit>> search(String query, int k, @Nullable String database) {
    return ask(() -> {
      SearchRequest req = SearchRequest.of(query, k).withIncludeColumns(true)
          .withDatabase(database == null ? null : canonicalDatabase(database));
      List<SchemaHit> out = new ArrayList<>();
      SearchResult result = index.find(req);
      lastMode.set(result.mode());
      for (SearchHit h : result.hits()) {
        if (!filter.showsTable(h.table())) {
          continue;
        }
        out.add(new SchemaHit(h.table(), h.kind(), Math.round(h.score() * 1000) / 1000.0,
            h.comment(), h.columns().stream().map(ColumnHit::name).toList(),
            h.neighbors().stream().map(IndexLookup::edge).toList()));
      }
      return Optional.of(out);
    });
  }

  private String canonicalDatabase(String database) {
    return index.catalog().map(c -> {
      TreeSet<String> dbs = new TreeSet<>();
      c.tables().forEach(t -> dbs.add(t.id().database()));
      String hit = pick(dbs, database);
      return hit == null ? database : hit;
    }).orElse(database);
  }

  @Override
  public Optional<Optional<JoinRoute>> joinPath(QualifiedName from, QualifiedName to) {
    return ask(() -> {
      if (index.table(from).isEmpty() || index.table(to).isEmpty()) {
        return Optional.empty(); // not indexed: the live lookup decides
      }
      Optional<JoinPath> p = index.joinPath(from, to);
      return Optional.of(p.map(path -> new JoinRoute(from, to,
          path.edges().stream().map(IndexLookup::edge).toList(), path.joinClause(dialect))));
    });
  }

  @Override
  public Optional<List<Function>> functions(@Nullable String pattern, int limit) {
    return Optional.empty(); // the index holds no functions
  }

  /**
   * Describes the index state for get_connection_info.
   *
   * @param index the index
   * @return e.g. {@code ready: 18 tables}
   */
  static String describe(SchemaIndex index) {
    return switch (index.state()) {
      case LoadState.Ready r -> "ready: " + r.tables() + " tables";
      case LoadState.Loading l -> "loading (attempt " + l.attempt()
          + "); discovery uses live queries meanwhile";
      case LoadState.Unloaded u -> "not loaded; discovery uses live queries";
      case LoadState.Failed f -> "failed (" + f.error() + "); discovery uses live queries";
      case LoadState.Degraded d -> "serving " + d.tables() + " tables, refresh failing ("
          + d.error() + ")";
    };
  }
}
