package dev.snowchat.schemaindex;

import static java.util.Objects.requireNonNull;

import dev.snowchat.schemaindex.internal.graph.FkInference;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Comparator;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeMap;
import java.util.stream.Collectors;
import org.jgrapht.Graph;
import org.jgrapht.GraphPath;
import org.jgrapht.alg.shortestpath.BellmanFordShortestPath;
import org.jgrapht.alg.shortestpath.DijkstraShortestPath;
import org.jgrapht.graph.AsSubgraph;
import org.jgrapht.graph.AsUnmodifiableGraph;
import org.jgrapht.graph.WeightedPseudograph;
import org.jspecify.annotations.Nullable;

/**
 * How the tables of a catalog join: declared foreign keys plus foreign keys inferred from names and
 * types, each edge marked {@link EdgeSource declared or inferred} with its evidence and confidence.
 * Immutable and safe for concurrent reads.
 *
 * <p>Inference never links tables of different databases; declared keys may. Join paths prefer
 * declared and confident edges: an edge weighs {@code 1 + (1 - confidence)}, so a path is first
 * short, then sure.
 */
public final class JoinGraph {
  private static final Comparator<List<String>> COLUMNS = (a, b) -> {
    for (int i = 0; i < Math.min(a.size(), b.size()); i++) {
      int c = a.get(i).compareTo(b.get(i));
      if (c != 0) {
        return c;
      }
    }
    return Integer.compare(a.size(), b.size());
  };

  private static final Comparator<JoinEdge> ORDER = Comparator
      .comparing(JoinEdge::fromTable)
      .thenComparing(JoinEdge::fromColumns, COLUMNS)
      .thenComparing(JoinEdge::toTable)
      .thenComparing(JoinEdge::toColumns, COLUMNS)
      .thenComparing(JoinEdge::source);

  private static final Comparator<JoinEdge> BEST_FIRST = Comparator
      .comparingDouble(JoinEdge::confidence).reversed()
      .thenComparing(ORDER);

  /** Up to this many databases an update infers again one after the other, not in parallel. */
  private static final int SEQUENTIAL_UPDATE = 8;

  private final InferenceOptions options;
  /**
   * The graph of each database: its tables, the edges between them, their adjacency and their
   * JGraphT graph. An update rebuilds only the databases it touches and shares the others.
   */
  private final Map<String, Part> parts;
  /** Declared keys between databases (inference never links them), deduplicated. */
  private final List<JoinEdge> crossEdges;
  /** The edges of {@link #crossEdges} by table, either direction. */
  private final Map<QualifiedName, List<JoinEdge>> crossAdjacency;
  private final Map<QualifiedName, List<JoinEdge>> crossReferences;
  /** Every edge, sorted; made on first use. */
  private volatile @Nullable List<JoinEdge> allEdges;
  /** The graph over every database; made on first use, only when keys cross databases. */
  private volatile @Nullable Graph<QualifiedName, Link> wholeGraph;

  /** A graph edge: identity, so two equal joins between the same tables stay two edges. */
  private static final class Link {
    final JoinEdge edge;

    Link(JoinEdge edge) {
      this.edge = edge;
    }
  }

  /** The graph of one database. Immutable. */
  private static final class Part {
    final Set<QualifiedName> tables;
    /** The tables in catalog order: the vertex order of {@link #graph()}. */
    final List<QualifiedName> order;
    /**
     * This database's inference, kept so that the next one re-infers only the tables whose
     * result can change; null when nothing is inferred.
     */
    final FkInference.@Nullable DatabaseInference inference;
    /** Declared keys from this database's tables to other databases' tables, unchecked. */
    final List<JoinEdge> crossDeclared;
    /** The kept edges between this database's tables, sorted by {@link #ORDER}. */
    final List<JoinEdge> edges;
    final Map<QualifiedName, List<JoinEdge>> adjacency;
    /** Each table's keys into other tables of this database (its edges as stored), best first. */
    final Map<QualifiedName, List<JoinEdge>> references;
    /** The JGraphT graph of {@link #edges}; made on first use (a join path in this database). */
    private volatile @Nullable Graph<QualifiedName, Link> graph;

    Part(String database, List<TableInfo> tables,
        FkInference.@Nullable DatabaseInference inference, InferenceOptions options) {
      this.inference = inference;
      List<JoinEdge> inferredRaw = new ArrayList<>();
      if (inference != null) {
        inference.inferred().forEach(i -> inferredRaw.add(i.edge()));
      }
      Set<QualifiedName> ids = new HashSet<>();
      tables.forEach(t -> ids.add(t.id()));
      this.tables = Set.copyOf(ids);
      this.order = tables.stream().map(TableInfo::id).toList();
      // Declared edges first, then inferred ones by falling confidence; a join already present
      // (either direction, same columns) is not added twice.
      Map<List<Object>, JoinEdge> unique = new LinkedHashMap<>();
      List<JoinEdge> cross = new ArrayList<>();
      for (TableInfo t : tables) {
        for (ForeignKey fk : t.foreignKeys()) {
          JoinEdge e = new JoinEdge(t.id(), fk.columns(), fk.referencedTable(),
              fk.referencedColumns(), EdgeSource.DECLARED, "declared FK", 1.0);
          if (ids.contains(fk.referencedTable())) {
            unique.putIfAbsent(joinKey(e), e);
          } else if (!fk.referencedTable().database().equals(database)) {
            cross.add(e);
          }
        }
      }
      this.crossDeclared = List.copyOf(cross);
      List<JoinEdge> candidates = new ArrayList<>(inferredRaw);
      candidates.sort(BEST_FIRST);
      for (JoinEdge e : candidates) {
        if (e.confidence() >= options.minConfidence()) {
          unique.putIfAbsent(joinKey(e), e);
        }
      }
      List<JoinEdge> all = new ArrayList<>(unique.values());
      all.sort(ORDER);
      this.edges = List.copyOf(all);
      this.adjacency = adjacency(edges);
      this.references = references(edges);
    }

    Graph<QualifiedName, Link> graph() {
      Graph<QualifiedName, Link> g = graph;
      if (g == null) {
        WeightedPseudograph<QualifiedName, Link> w = new WeightedPseudograph<>(Link.class);
        order.forEach(w::addVertex);
        addEdges(w, edges);
        g = new AsUnmodifiableGraph<>(w);
        graph = g;
      }
      return g;
    }
  }


  private JoinGraph(InferenceOptions options, Map<String, Part> parts) {
    this.options = options;
    this.parts = Map.copyOf(parts);
    // Keys into another database count when that table exists; the first of two equal joins
    // (either direction) is kept, in database and table order as a full build meets them.
    Map<List<Object>, JoinEdge> unique = new LinkedHashMap<>();
    for (Part p : new TreeMap<>(parts).values()) {
      for (JoinEdge e : p.crossDeclared) {
        if (contains(e.toTable())) {
          unique.putIfAbsent(joinKey(e), e);
        }
      }
    }
    this.crossEdges = List.copyOf(unique.values());
    this.crossAdjacency = adjacency(crossEdges);
    this.crossReferences = references(crossEdges);
  }

  private boolean contains(QualifiedName table) {
    Part p = parts.get(table.database());
    return p != null && p.tables.contains(table);
  }

  private static void addEdges(Graph<QualifiedName, Link> g, List<JoinEdge> edges) {
    for (JoinEdge e : edges) {
      Link link = new Link(e);
      g.addEdge(e.fromTable(), e.toTable(), link);
      g.setEdgeWeight(link, 1.0 + (1.0 - e.confidence()));
    }
  }

  /** Each table's edges, oriented from it, best first. */
  private static Map<QualifiedName, List<JoinEdge>> adjacency(List<JoinEdge> edges) {
    Map<QualifiedName, List<JoinEdge>> adj = new HashMap<>();
    for (JoinEdge e : edges) {
      adj.computeIfAbsent(e.fromTable(), k -> new ArrayList<>()).add(e);
      if (!e.toTable().equals(e.fromTable())) {
        adj.computeIfAbsent(e.toTable(), k -> new ArrayList<>()).add(e.reversed());
      }
    }
    adj.replaceAll((k, v) -> {
      v.sort(BEST_FIRST);
      return List.copyOf(v);
    });
    return Map.copyOf(adj);
  }

  /** Each table's edges that start at it (its keys into other tables), best first. */
  private static Map<QualifiedName, List<JoinEdge>> references(List<JoinEdge> edges) {
    Map<QualifiedName, List<JoinEdge>> refs = new HashMap<>();
    for (JoinEdge e : edges) {
      if (!e.toTable().equals(e.fromTable())) {
        refs.computeIfAbsent(e.fromTable(), k -> new ArrayList<>()).add(e);
      }
    }
    refs.replaceAll((k, v) -> {
      v.sort(BEST_FIRST);
      return List.copyOf(v);
    });
    return Map.copyOf(refs);
  }

  /** The graph join paths search: one database's, unless keys cross databases. */
  private Graph<QualifiedName, Link> graphFor(QualifiedName from, QualifiedName to) {
    if (crossEdges.isEmpty() && from.database().equals(to.database())) {
      return parts.get(from.database()).graph();
    }
    Graph<QualifiedName, Link> g = wholeGraph;
    if (g == null) {
      WeightedPseudograph<QualifiedName, Link> w = new WeightedPseudograph<>(Link.class);
      for (Part p : parts.values()) {
        p.tables.forEach(w::addVertex);
        addEdges(w, p.edges);
      }
      addEdges(w, crossEdges);
      g = new AsUnmodifiableGraph<>(w);
      wholeGraph = g;
    }
    return g;
  }

  /**
   * Builds the graph of a catalog: declared foreign keys plus inferred ones.
   *
   * @param catalog the catalog
   * @return the graph
   */
  public static JoinGraph build(Catalog catalog) {
    return build(catalog, InferenceOptions.defaults());
  }

  /**
   * Builds the graph of a catalog with explicit inference options.
   *
   * @param catalog the catalog
   * @param options whether and how to infer foreign keys
   * @return the graph
   */
  public static JoinGraph build(Catalog catalog, InferenceOptions options) {
    requireNonNull(catalog, "catalog is null");
    requireNonNull(options, "options is null");
    Map<String, List<TableInfo>> byDatabase = byDatabase(catalog.tables());
    Map<String, FkInference.DatabaseInference> inferred =
        options.inferKeys() ? inferAll(byDatabase, Map.of()) : Map.of();
    Map<String, Part> parts = new HashMap<>();
    byDatabase.forEach((db, tables) -> parts.put(db,
        new Part(db, tables, inferred.get(db), options)));
    return new JoinGraph(options, parts);
  }

  /**
   * Returns the graph of a changed catalog, re-inferring only the databases that hold a changed or
   * removed table (a changed table can gain or lose edges from any table of its database, as the
   * source or as the target). The result equals {@code build(newCatalog, options)} when
   * {@code changed} and {@code removed} name every table that differs between the two catalogs.
   *
   * @param newCatalog the new catalog
   * @param changed tables added or modified (columns, keys)
   * @param removed tables dropped
   * @return the new graph; this one is unchanged
   */
  public JoinGraph update(Catalog newCatalog, Set<QualifiedName> changed,
      Set<QualifiedName> removed) {
    requireNonNull(newCatalog, "newCatalog is null");
    requireNonNull(changed, "changed is null");
    requireNonNull(removed, "removed is null");
    Set<String> dirty = new HashSet<>();
    changed.forEach(q -> dirty.add(q.database()));
    removed.forEach(q -> dirty.add(q.database()));
    if (dirty.isEmpty()) {
      return this;
    }
    Map<String, Part> next = new HashMap<>(parts);
    next.keySet().removeAll(dirty);
    // The touched databases' tables, found by binary search in the sorted catalog.
    Map<String, List<TableInfo>> touched = new TreeMap<>();
    for (String db : dirty) {
      List<TableInfo> tables = newCatalog.tablesOf(db);
      if (!tables.isEmpty()) {
        touched.put(db, tables);
      }
    }
    Map<String, FkInference.DatabaseInference> inferred =
        options.inferKeys() ? inferAll(touched, parts) : Map.of();
    touched.forEach((db, tables) -> next.put(db,
        new Part(db, tables, inferred.get(db), options)));
    return new JoinGraph(options, next);
  }

  /** {@return every edge, declared and inferred, sorted by from table, columns and to table} */
  public List<JoinEdge> edges() {
    List<JoinEdge> all = allEdges;
    if (all == null) {
      List<JoinEdge> out = new ArrayList<>(crossEdges);
      parts.values().forEach(p -> out.addAll(p.edges));
      out.sort(ORDER);
      all = List.copyOf(out);
      allEdges = all;
    }
    return all;
  }

  /**
   * Returns the edges of one source.
   *
   * @param source declared or inferred
   * @return the edges, sorted as {@link #edges()}
   */
  public List<JoinEdge> edges(EdgeSource source) {
    requireNonNull(source, "source is null");
    return edges().stream().filter(e -> e.source() == source).toList();
  }

  /**
   * Returns the edges that touch a table, each oriented from that table, best confidence first.
   *
   * @param table the table
   * @return the edges; empty for an unknown or unconnected table
   */
  public List<JoinEdge> neighbors(QualifiedName table) {
    requireNonNull(table, "table is null");
    Part p = parts.get(table.database());
    return merged(p == null ? List.of() : p.adjacency.getOrDefault(table, List.of()),
        crossAdjacency.getOrDefault(table, List.of()));
  }

  /** A table's edges inside its database and across databases, best first. */
  private static List<JoinEdge> merged(List<JoinEdge> own, List<JoinEdge> cross) {
    if (cross.isEmpty()) {
      return own;
    }
    List<JoinEdge> out = new ArrayList<>(own);
    out.addAll(cross);
    out.sort(BEST_FIRST);
    return List.copyOf(out);
  }

  /**
   * Returns the edges whose referencing side is a table: its foreign keys, declared and inferred,
   * into other tables (self-references left out), best confidence first. {@link #neighbors}
   * holds these and the edges that reference the table, all oriented from it.
   *
   * @param table the table
   * @return the edges, each from {@code table}; empty for an unknown table or one that references
   *     no other
   */
  public List<JoinEdge> references(QualifiedName table) {
    requireNonNull(table, "table is null");
    Part p = parts.get(table.database());
    return merged(p == null ? List.of() : p.references.getOrDefault(table, List.of()),
        crossReferences.getOrDefault(table, List.of()));
  }

  /**
   * Finds how to join two tables: the path with the fewest hops, preferring declared and
   * confident edges.
   *
   * @param from the start table
   * @param to the end table
   * @return the path with its edges oriented from {@code from} to {@code to}; for a table and
   *     itself, its best self-referencing key ({@code EMPLOYEES.MANAGER_ID -> EMPLOYEES.ID}) as
   *     a one-edge path; empty when the tables are not connected or unknown, or a table has no
   *     self-referencing key
   */
  public Optional<JoinPath> joinPath(QualifiedName from, QualifiedName to) {
    requireNonNull(from, "from is null");
    requireNonNull(to, "to is null");
    if (!contains(from) || !contains(to)) {
      return Optional.empty();
    }
    if (from.equals(to)) {
      // neighbors() is sorted best first (declared, then by confidence).
      return neighbors(from).stream().filter(e -> e.toTable().equals(from)).findFirst()
          .map(e -> new JoinPath(List.of(e)));
    }
    return orient(new DijkstraShortestPath<>(graphFor(from, to)).getPath(from, to));
  }

  /**
   * Finds how to join two tables in at most {@code maxHops} joins.
   *
   * @param from the start table
   * @param to the end table
   * @param maxHops the largest number of joins allowed, at least 1
   * @return the best path within the limit; empty when there is none
   * @throws IllegalArgumentException when {@code maxHops < 1}
   */
  public Optional<JoinPath> joinPath(QualifiedName from, QualifiedName to, int maxHops) {
    if (maxHops < 1) {
      throw new IllegalArgumentException("maxHops must be >= 1, got " + maxHops);
    }
    Optional<JoinPath> best = joinPath(from, to);
    if (best.isEmpty() || best.get().edges().size() <= maxHops) {
      return best;
    }
    // The lightest path is too long; search again among the tables within maxHops of the start.
    Set<QualifiedName> ball = ball(from, maxHops);
    if (!ball.contains(to)) {
      return Optional.empty();
    }
    Graph<QualifiedName, Link> sub = new AsSubgraph<>(graphFor(from, to), ball);
    return orient(new BellmanFordShortestPath<>(sub, 1e-9, maxHops).getPath(from, to));
  }

  /** {@return the number of edges} */
  public int edgeCount() {
    int n = crossEdges.size();
    for (Part p : parts.values()) {
      n += p.edges.size();
    }
    return n;
  }

  @Override
  public String toString() {
    int tables = parts.values().stream().mapToInt(p -> p.tables.size()).sum();
    return "JoinGraph[" + tables + " tables, " + edges(EdgeSource.DECLARED).size()
        + " declared, " + edges(EdgeSource.INFERRED).size() + " inferred edges]";
  }

  private Set<QualifiedName> ball(QualifiedName from, int radius) {
    Map<QualifiedName, Integer> depth = new HashMap<>();
    ArrayDeque<QualifiedName> queue = new ArrayDeque<>();
    depth.put(from, 0);
    queue.add(from);
    while (!queue.isEmpty()) {
      QualifiedName v = queue.poll();
      int d = depth.get(v);
      if (d == radius) {
        continue;
      }
      for (JoinEdge e : neighbors(v)) {
        if (depth.putIfAbsent(e.toTable(), d + 1) == null) {
          queue.add(e.toTable());
        }
      }
    }
    return depth.keySet();
  }

  private Optional<JoinPath> orient(GraphPath<QualifiedName, Link> path) {
    if (path == null || path.getEdgeList().isEmpty()) {
      return Optional.empty();
    }
    List<QualifiedName> vertices = path.getVertexList();
    List<JoinEdge> out = new ArrayList<>(path.getLength());
    List<Link> links = path.getEdgeList();
    for (int i = 0; i < links.size(); i++) {
      JoinEdge e = links.get(i).edge;
      out.add(e.fromTable().equals(vertices.get(i)) ? e : e.reversed());
    }
    return Optional.of(new JoinPath(out));
  }

  /**
   * Infers each database on its own; databases run in parallel when there are several. A
   * database that {@code previous} inferred is inferred again from that inference: only its
   * tables whose result can change ({@link FkInference#inferIncrementally}).
   */
  private static Map<String, FkInference.DatabaseInference> inferAll(
      Map<String, List<TableInfo>> byDatabase, Map<String, Part> previous) {
    if (byDatabase.size() == 1 || (byDatabase.size() <= SEQUENTIAL_UPDATE
        && previous.keySet().containsAll(byDatabase.keySet()))) {
      // one database, or an update of a few inferred before: little work each, so no fork
      Map<String, FkInference.DatabaseInference> out = new HashMap<>();
      byDatabase.forEach((db, tables) -> out.put(db, infer(tables, previous.get(db))));
      return out;
    }
    return byDatabase.entrySet().parallelStream().collect(Collectors.toMap(Map.Entry::getKey,
        e -> infer(e.getValue(), previous.get(e.getKey()))));
  }

  private static FkInference.DatabaseInference infer(List<TableInfo> tables,
      @Nullable Part previous) {
    return FkInference.inferIncrementally(tables, FkInference.Rule.all(),
        previous == null ? null : previous.inference);
  }

  private static Map<String, List<TableInfo>> byDatabase(Collection<TableInfo> tables) {
    Map<String, List<TableInfo>> out = new LinkedHashMap<>();
    for (TableInfo t : tables) {
      out.computeIfAbsent(t.id().database(), k -> new ArrayList<>()).add(t);
    }
    return out;
  }

  /** The identity of a join regardless of direction and source: both sides with their columns. */
  private static List<Object> joinKey(JoinEdge e) {
    List<Object> a = List.of(e.fromTable(), e.fromColumns());
    List<Object> b = List.of(e.toTable(), e.toColumns());
    int c = e.fromTable().compareTo(e.toTable());
    if (c == 0) {
      c = COLUMNS.compare(e.fromColumns(), e.toColumns());
    }
    return c <= 0 ? List.of(a, b) : List.of(b, a);
  }
}
