package dev.snowchat.schemaindex.internal.search;

import dev.snowchat.schemaindex.Catalog;
import dev.snowchat.schemaindex.CatalogSource;
import dev.snowchat.schemaindex.ColumnInfo;
import dev.snowchat.schemaindex.FakeScheduler;
import dev.snowchat.schemaindex.Glossary;
import dev.snowchat.schemaindex.JoinGraph;
import dev.snowchat.schemaindex.LoadState;
import dev.snowchat.schemaindex.QualifiedName;
import dev.snowchat.schemaindex.TableInfo;
import dev.snowchat.schemaindex.TableStamp;
import dev.snowchat.schemaindex.internal.lifecycle.Derived;
import dev.snowchat.schemaindex.internal.lifecycle.IndexLifecycle;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.SplittableRandom;
import java.util.TreeMap;

/**
 * The in-place update a lifecycle poll performs when 5 tables changed, end to end: read the
 * stamps, diff them, read the 5 tables, assemble the new catalog, update the join graph
 * ({@link JoinGraph#update}) and the search index ({@link SearchEngine#update}), against a full
 * build of join graph and search index, which is what a load does. The served pair is the one
 * {@code SchemaIndex} serves (join graph + search engine), keyword index only. The source is in
 * memory: a warehouse round trip for the stamps and the 5 tables is not counted.
 */
final class EndToEnd {
  private EndToEnd() {}

  /** What is served: the same pair as {@code SchemaIndex}. */
  record Served(JoinGraph graph, SearchEngine search) {}

  /** Per-poll timings of the two parts of an update, filled by the Derived below. */
  static final class Parts {
    final long[] graph;
    final long[] index;
    int n = -1;

    Parts(int size) {
      graph = new long[size];
      index = new long[size];
    }
  }

  static void run(Catalog start) {
    System.setProperty("org.slf4j.simpleLogger.log.dev.snowchat.schemaindex", "warn");
    Catalog stamped = stamp(start);
    int polls = SearchScaleReport.POLLS;
    Parts parts = new Parts(polls);
    Derived<Served> derived = new Derived<>() {
      @Override
      public Served build(Catalog catalog) {
        JoinGraph g = JoinGraph.build(catalog);
        return new Served(g, SearchEngine.build(catalog, Glossary.empty(), null, g));
      }

      @Override
      public Served update(Served current, Catalog newCatalog, Set<QualifiedName> changed,
          Set<QualifiedName> removed) {
        long s = System.nanoTime();
        JoinGraph g = current.graph().update(newCatalog, changed, removed);
        long m = System.nanoTime();
        SearchEngine e = current.search().update(newCatalog, changed, removed, g);
        long t = System.nanoTime();
        if (parts.n >= 0) {
          parts.graph[parts.n] = m - s;
          parts.index[parts.n] = t - m;
        }
        return new Served(g, e);
      }

      @Override
      public void close(Served index) {
        index.search().close();
      }
    };

    // full builds of graph + index, and of the graph alone
    for (int i = 0; i < 2; i++) {
      derived.close(derived.build(stamped));
    }
    int rebuilds = SearchScaleReport.REBUILDS;
    long[] full = new long[rebuilds];
    long[] fullCpu = new long[rebuilds];
    long[] graphFull = new long[rebuilds];
    for (int i = 0; i < rebuilds; i++) {
      long c = SearchScaleReport.cpu();
      long s = System.nanoTime();
      Served built = derived.build(stamped);
      full[i] = System.nanoTime() - s;
      fullCpu[i] = SearchScaleReport.cpu() - c;
      derived.close(built);
      s = System.nanoTime();
      JoinGraph.build(stamped);
      graphFull[i] = System.nanoTime() - s;
    }

    MemorySource source = new MemorySource(stamped);
    FakeScheduler scheduler = new FakeScheduler();
    long[] poll = new long[polls];
    long[] pollCpu = new long[polls];
    try (IndexLifecycle<Served> lifecycle = new IndexLifecycle<>(source, derived,
        new IndexLifecycle.Config(Duration.ZERO, Duration.ofSeconds(1), Duration.ofSeconds(1), 0,
            null), scheduler, false, scheduler.clock())) {
      lifecycle.start();
      scheduler.runDue();
      SplittableRandom random = new SplittableRandom(11);
      // warm-up polls, then measured ones
      for (int i = -100; i < polls; i++) {
        source.change(random, i);
        lifecycle.refreshNow();
        parts.n = i;
        long c = SearchScaleReport.cpu();
        long s = System.nanoTime();
        scheduler.runDue();
        if (i >= 0) {
          poll[i] = System.nanoTime() - s;
          pollCpu[i] = SearchScaleReport.cpu() - c;
        }
        if (!(lifecycle.state() instanceof LoadState.Ready)) {
          throw new IllegalStateException("poll failed: " + lifecycle.state());
        }
      }
      if (lifecycle.served().catalog().size() != stamped.size()) {
        throw new IllegalStateException("lost tables");
      }
    }
    System.out.println("lifecycle poll with 5 changed tables (stamps, diff, catalog, join graph,"
        + " search index) against a full build of join graph + search index:");
    SearchScaleReport.report("full build graph + index", full, fullCpu,
        "poll: in-place update", poll, pollCpu);
    System.out.printf(Locale.ROOT, "  of the poll: join graph update median %.2f ms (full graph"
        + " build %.1f ms), search index update median %.2f ms, the rest (stamps, diff,"
        + " catalog) %.2f ms%n", SearchScaleReport.median(parts.graph),
        SearchScaleReport.median(graphFull), SearchScaleReport.median(parts.index),
        SearchScaleReport.median(poll) - SearchScaleReport.median(parts.graph)
            - SearchScaleReport.median(parts.index));
  }

  /** The catalog with a change stamp on every table. */
  static Catalog stamp(Catalog c) {
    List<TableInfo> out = new ArrayList<>(c.size());
    for (TableInfo t : c.tables()) {
      out.add(withStamp(t, t.columns(), Instant.EPOCH));
    }
    return Catalog.of(out);
  }

  static TableInfo withStamp(TableInfo t, List<ColumnInfo> columns, Instant changedOn) {
    return new TableInfo(t.id(), t.kind(), t.comment(), t.rowCount(), changedOn, columns,
        t.primaryKey(), t.foreignKeys());
  }

  /** An in-memory catalog source whose tables the bench changes between polls. */
  static final class MemorySource implements CatalogSource {
    private final Map<QualifiedName, TableInfo> tables = new TreeMap<>();
    private final List<QualifiedName> ids;

    MemorySource(Catalog c) {
      c.tables().forEach(t -> tables.put(t.id(), t));
      ids = List.copyOf(tables.keySet());
    }

    /** Changes 5 random tables as the search-index figure does, with a new change stamp. */
    void change(SplittableRandom random, int round) {
      Set<QualifiedName> changed = new java.util.HashSet<>();
      while (changed.size() < 5) {
        QualifiedName id = ids.get(random.nextInt(ids.size()));
        if (changed.add(id)) {
          TableInfo t = tables.get(id);
          List<ColumnInfo> cols = new ArrayList<>(t.columns());
          cols.set(cols.size() - 1, ColumnInfo.of("CHANGED_" + (round + 1000), "VARCHAR"));
          tables.put(id, withStamp(t, cols, Instant.ofEpochSecond(round + 1000)));
        }
      }
    }

    @Override
    public String name() {
      return "memory";
    }

    @Override
    public Catalog load() {
      return Catalog.of(tables.values());
    }

    @Override
    public List<TableStamp> stamps() {
      List<TableStamp> out = new ArrayList<>(tables.size());
      tables.values().forEach(t -> out.add(new TableStamp(t.id(), t.changedOn())));
      return out;
    }

    @Override
    public Catalog loadTables(Collection<QualifiedName> wanted) {
      List<TableInfo> out = new ArrayList<>();
      for (QualifiedName q : wanted) {
        TableInfo t = tables.get(q);
        if (t != null) {
          out.add(t);
        }
      }
      return Catalog.of(out);
    }

    @Override
    public void close() {}
  }
}
