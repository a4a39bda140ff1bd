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

  private final InferenceOptions options;
  private final Set<QualifiedName> tables;
  /** Raw inference output per database, kept so that {@link #update} re-infers what changed. */
  private final Map<String, List<JoinEdge>> inferredByDatabase;
  private final List<JoinEdge> edges;
  private final List<JoinEdge> declared;
  private final List<JoinEdge> inferred;
  private final Map<QualifiedName, List<JoinEdge>> adjacency;
  private final Graph<QualifiedName, Link> graph;

  /** A graph edge: identity, so two equal joins between the same tables stay two edges. */
  private static final class Link {
    final JoinEdge edge;

    Link(JoinEdge edge) {
      this.edge = edge;
    }
  }

  private JoinGraph(InferenceOptions options, Catalog catalog,
      Map<String, List<JoinEdge>> inferredByDatabase) {
    this.options = options;
    this.inferredByDatabase = Map.copyOf(inferredByDatabase);
    Set<QualifiedName> ids = new HashSet<>();
    catalog.tables().forEach(t -> ids.add(t.id()));
    this.tables = Set.copyOf(ids);

    // Declared edges first, then inferred ones by falling confidence; a join already present
    // (either direction, same columns) is not added twice.
    Map<List<Object>, JoinEdge> unique = new LinkedHashMap<>();
    for (JoinEdge e : declaredEdges(catalog, ids)) {
      unique.putIfAbsent(joinKey(e), e);
    }
    List<JoinEdge> candidates = new ArrayList<>();
    new TreeMap<>(this.inferredByDatabase).values().forEach(candidates::addAll);
    candidates.sort(BEST_FIRST);
    for (JoinEdge e : candidates) {
      if (e.confidence() >= options.minConfidence()) {
        unique.putIfAbsent(joinKey(e), e);
      }
    }
    List<JoinEdge> all = new ArrayList<>(unique.values());
    all.sort(ORDER);
    this.edges = List.copyOf(all);
    this.declared = edges.stream().filter(e -> e.source() == EdgeSource.DECLARED).toList();
    this.inferred = edges.stream().filter(e -> e.source() == EdgeSource.INFERRED).toList();

    WeightedPseudograph<QualifiedName, Link> g = new WeightedPseudograph<>(Link.class);
    catalog.tables().forEach(t -> g.addVertex(t.id()));
    Map<QualifiedName, List<JoinEdge>> adj = new HashMap<>();
    for (JoinEdge e : edges) {
      Link link = new Link(e);
      g.addEdge(e.fromTable(), e.toTable(), link);
      g.setEdgeWeight(link, 1.0 + (1.0 - e.confidence()));
      adj.computeIfAbsent(e.fromTable(), k -> new ArrayList<>()).add(e);
      if (!e.toTable().equals(e.fromTable())) {
        adj.computeIfAbsent(e.toTable(), k -> new ArrayList<>()).add(e.reversed());
      }
    }
    adj.replaceAll((k, v) -> {
      v.sort(BEST_FIRST);
      return List.copyOf(v);
    });
    this.adjacency = Map.copyOf(adj);
    this.graph = new AsUnmodifiableGraph<>(g);
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
    Map<String, List<JoinEdge>> inferred =
        options.inferKeys() ? inferAll(byDatabase(catalog.tables())) : Map.of();
    return new JoinGraph(options, catalog, inferred);
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
    Map<String, List<JoinEdge>> inferred = new HashMap<>(inferredByDatabase);
    inferred.keySet().removeAll(dirty);
    if (options.inferKeys() && !dirty.isEmpty()) {
      List<TableInfo> touched = newCatalog.tables().stream()
          .filter(t -> dirty.contains(t.id().database()))
          .toList();
      inferred.putAll(inferAll(byDatabase(touched)));
    }
    return new JoinGraph(options, newCatalog, inferred);
  }

  /** {@return every edge, declared and inferred, sorted by from table, columns and to table} */
  public List<JoinEdge> edges() {
    return edges;
  }

  /**
   * Returns the edges of one source.
   *
   * @param source declared or inferred
   * @return the edges, sorted as {@link #edges()}
   */
  public List<JoinEdge> edges(EdgeSource source) {
    return switch (requireNonNull(source, "source is null")) {
      case DECLARED -> declared;
      case INFERRED -> inferred;
    };
  }

  /**
   * Returns the edges that touch a table, each oriented from that table, best confidence first.
   *
   * @param table the table
   * @return the edges; empty for an unknown or unconnected table
   */
  public List<JoinEdge> neighbors(QualifiedName table) {
    return adjacency.getOrDefault(requireNonNull(table, "table is null"), List.of());
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
    if (!tables.contains(from) || !tables.contains(to)) {
      return Optional.empty();
    }
    if (from.equals(to)) {
      // neighbors() is sorted best first (declared, then by confidence).
      return neighbors(from).stream().filter(e -> e.toTable().equals(from)).findFirst()
          .map(e -> new JoinPath(List.of(e)));
    }
    return orient(new DijkstraShortestPath<>(graph).getPath(from, to));
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
    Graph<QualifiedName, Link> sub = new AsSubgraph<>(graph, ball);
    return orient(new BellmanFordShortestPath<>(sub, 1e-9, maxHops).getPath(from, to));
  }

  /** {@return the number of edges} */
  public int edgeCount() {
    return edges.size();
  }

  @Override
  public String toString() {
    return "JoinGraph[" + tables.size() + " tables, " + declared.size() + " declared, "
        + inferred.size() + " inferred edges]";
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

  /** Infers each database on its own; databases run in parallel when there are several. */
  private static Map<String, List<JoinEdge>> inferAll(Map<String, List<TableInfo>> byDatabase) {
    if (byDatabase.size() == 1) {
      Map.Entry<String, List<TableInfo>> only = byDatabase.entrySet().iterator().next();
      return Map.of(only.getKey(), infer(only.getValue()));
    }
    return byDatabase.entrySet().parallelStream()
        .collect(Collectors.toMap(Map.Entry::getKey, e -> infer(e.getValue())));
  }

  private static List<JoinEdge> infer(List<TableInfo> tables) {
    List<JoinEdge> out = new ArrayList<>();
    for (FkInference.Inferred i : FkInference.inferDatabase(tables, FkInference.Rule.all())) {
      out.add(i.edge());
    }
    return List.copyOf(out);
  }

  private static Map<String, List<TableInfo>> byDatabase(Collection<TableInfo> tables) {
    Map<String, List<TableInfo>> out = new LinkedHashMap<>();
    for (TableInfo t : tables) {
      out.computeIfAbsent(t.id().database(), k -> new ArrayList<>()).add(t);
    }
    return out;
  }

  private static List<JoinEdge> declaredEdges(Catalog catalog, Set<QualifiedName> ids) {
    List<JoinEdge> out = new ArrayList<>();
    for (TableInfo t : catalog.tables()) {
      for (ForeignKey fk : t.foreignKeys()) {
        if (ids.contains(fk.referencedTable())) {
          out.add(new JoinEdge(t.id(), fk.columns(), fk.referencedTable(), fk.referencedColumns(),
              EdgeSource.DECLARED, "declared FK", 1.0));
        }
      }
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
