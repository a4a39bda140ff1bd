package dev.snowchat.schemaindex.internal.search;

import dev.snowchat.schemaindex.Catalog;
import dev.snowchat.schemaindex.ColumnInfo;
import dev.snowchat.schemaindex.Glossary;
import dev.snowchat.schemaindex.JoinGraph;
import dev.snowchat.schemaindex.QualifiedName;
import dev.snowchat.schemaindex.SearchRequest;
import dev.snowchat.schemaindex.SyntheticCatalogs;
import dev.snowchat.schemaindex.TableInfo;
import java.lang.management.ManagementFactory;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.SplittableRandom;

/**
 * Prints the search scale figures on seeded synthetic catalogs (20 columns a table): keyword
 * index build time and search latency at 100,000 tables, retained heap per table (keyword index,
 * no vectors), and an incremental update of 5 tables at 10,000 tables against a full rebuild.
 *
 * <p>Run: {@code schema-index/bench} (see the module README). Arguments: {@code [tables]
 * [queries]}, default 100000 and 5000.
 */
public final class SearchScaleReport {
  static final String[] QUERY_WORDS = {"customer", "orders", "vendor payments", "invoice amount",
      "shipment status", "store region", "product price", "employee", "contract", "ledger",
      "campaign promotion", "warehouse inventory", "driver vehicle", "claims", "policy",
      "VENDOR_ID", "CUSTOMER_ID column", "payment plan", "coupon", "market segment",
      "created at", "ticket", "device session", "currency", "district branch"};

  private SearchScaleReport() {}

  /**
   * Runs the report.
   *
   * @param args {@code [tables] [queries]}
   */
  public static void main(String[] args) {
    boolean updateOnly = args.length > 0 && args[0].equals("update");
    int tables = args.length > 0 && !updateOnly ? Integer.parseInt(args[0]) : 100_000;
    int queries = args.length > 1 ? Integer.parseInt(args[1]) : 5_000;
    System.out.printf(Locale.ROOT, "cores=%d maxHeap=%d MB%n",
        Runtime.getRuntime().availableProcessors(), Runtime.getRuntime().maxMemory() >> 20);
    if (updateOnly) {
      update();
      return;
    }

    // warm up the JIT on a small catalog
    Catalog warm = catalog(10_000);
    JoinGraph warmGraph = JoinGraph.build(warm);
    for (int i = 0; i < 2; i++) {
      try (SearchEngine e = SearchEngine.build(warm, Glossary.empty(), null, warmGraph)) {
        latencies(e, 2_000, 1);
      }
    }

    long base = usedHeap();
    Catalog big = catalog(tables);
    long g0 = System.nanoTime();
    JoinGraph graph = JoinGraph.build(big);
    long g1 = System.nanoTime();
    System.out.printf(Locale.ROOT, "catalog: %d tables x 20 columns; join graph %d ms (%d edges)"
        + "%n", big.size(), (g1 - g0) / 1_000_000, graph.edgeCount());

    long before = usedHeap();
    long t0 = System.nanoTime();
    SearchEngine engine = SearchEngine.build(big, Glossary.empty(), null, graph);
    long t1 = System.nanoTime();
    long after = usedHeap();
    System.out.printf(Locale.ROOT, "keyword index build: %.2f s for %d tables (%.1f ms per 1,000)"
        + "%n", (t1 - t0) / 1e9, big.size(), (t1 - t0) / 1e6 / (big.size() / 1000.0));
    System.out.printf(Locale.ROOT, "retained heap of the index: %.2f KB per table (%d MB)%n",
        (after - before) / 1024.0 / big.size(), (after - before) >> 20);
    // What a host holds in memory: the catalog model, the join graph and the search index.
    System.out.printf(Locale.ROOT, "retained heap of catalog + join graph + index: %.2f KB per"
        + " table (%d MB)%n", (after - base) / 1024.0 / big.size(), (after - base) >> 20);
    latencies(engine, 1_000, 1);
    long[] cpu = new long[queries];
    long[] lat = latencies(engine, queries, 1, cpu);
    System.out.printf(Locale.ROOT, "search k=10 at %d tables: p50=%.2f ms p90=%.2f ms"
        + " p99=%.2f ms max=%.2f ms (%d queries)%n", big.size(), pct(lat, 50), pct(lat, 90),
        pct(lat, 99), lat[lat.length - 1] / 1e6, lat.length);
    System.out.printf(Locale.ROOT, "  same on thread CPU time: p50=%.2f ms p90=%.2f ms"
        + " p99=%.2f ms max=%.2f ms%n", pct(cpu, 50), pct(cpu, 90), pct(cpu, 99),
        cpu[cpu.length - 1] / 1e6);
    engine.close();
    update();
  }

  /**
   * Repetitions of the update figures; the medians are stable at these counts. The warm-up
   * updates run first on a throwaway engine: Lucene's flush and merge code keeps the JIT
   * recompiling for about 2,000 updates (C2 used about 8 ms of CPU per update at first, 1 ms
   * after 2,400), and the figures are those of a long-running process.
   */
  static final int WARMUP_UPDATES = 2_500;
  static final int REBUILDS = 15;
  static final int UPDATES = 600;
  static final int POLLS = 300;

  /**
   * Full rebuilds against incremental updates of 5 tables, at 10,000 tables: the search index
   * alone ({@link SearchEngine#update}), then the whole in-place update a lifecycle poll performs
   * (stamp diff, catalog, join graph and search index) against a full build of graph and index.
   */
  static void update() {
    Catalog ten = catalog(10_000);
    JoinGraph tenGraph = JoinGraph.build(ten);
    System.out.printf(Locale.ROOT, "update figures at %d tables x 20 columns, keyword index,"
        + " after %d warm-up updates; load average %.2f%n", ten.size(), WARMUP_UPDATES, load());

    // warm up the JIT on every path measured below
    for (int i = 0; i < 3; i++) {
      SearchEngine.build(ten, Glossary.empty(), null, tenGraph).close();
    }
    try (SearchEngine warm = SearchEngine.build(ten, Glossary.empty(), null, tenGraph)) {
      updates(warm, ten, tenGraph, WARMUP_UPDATES, 99, new long[WARMUP_UPDATES],
          new long[WARMUP_UPDATES]);
    }

    long[] full = new long[REBUILDS];
    long[] fullCpu = new long[REBUILDS];
    for (int i = 0; i < REBUILDS; i++) {
      long c = cpu();
      long s = System.nanoTime();
      SearchEngine e = SearchEngine.build(ten, Glossary.empty(), null, tenGraph);
      full[i] = System.nanoTime() - s;
      fullCpu[i] = cpu() - c;
      e.close();
    }
    long[] upd = new long[UPDATES];
    long[] updCpu = new long[UPDATES];
    long others;
    try (SearchEngine inc = SearchEngine.build(ten, Glossary.empty(), null, tenGraph)) {
      long p = processCpu();
      long c = cpu();
      updates(inc, ten, tenGraph, UPDATES, 7, upd, updCpu);
      others = (processCpu() - p) - (cpu() - c);
    }
    System.out.println("search index (SearchEngine.build against SearchEngine.update):");
    report("full rebuild", full, fullCpu, "update of 5 tables", upd, updCpu);
    System.out.printf(Locale.ROOT, "  meanwhile other threads (Lucene's background merges, GC, JIT)"
        + " used %.2f ms CPU per update%n", others / 1e6 / UPDATES);
    System.out.printf(Locale.ROOT, "  load average %.2f%n", load());

    EndToEnd.run(ten);
    System.out.printf(Locale.ROOT, "  load average %.2f%n", load());
  }

  /**
   * Applies {@code n} updates of 5 random tables each (the last column of each replaced) and
   * records the wall and calling-thread CPU time of each {@link SearchEngine#update} call.
   */
  static void updates(SearchEngine engine, Catalog start, JoinGraph graph, int n, long seed,
      long[] wall, long[] cpu) {
    SplittableRandom random = new SplittableRandom(seed);
    Catalog current = start;
    for (int i = 0; i < n; i++) {
      Set<QualifiedName> changed = new HashSet<>();
      Catalog next = change(current, random, i, changed);
      long c = cpu();
      long s = System.nanoTime();
      engine.update(next, changed, Set.of(), graph);
      wall[i] = System.nanoTime() - s;
      cpu[i] = cpu() - c;
      current = next;
    }
  }

  /** The catalog with 5 random tables changed (last column replaced); their ids go in changed. */
  static Catalog change(Catalog current, SplittableRandom random, int round,
      Set<QualifiedName> changed) {
    List<TableInfo> list = new ArrayList<>(current.tables());
    while (changed.size() < 5) {
      int j = random.nextInt(list.size());
      TableInfo t = list.get(j);
      if (changed.add(t.id())) {
        List<ColumnInfo> cols = new ArrayList<>(t.columns());
        cols.set(cols.size() - 1, ColumnInfo.of("CHANGED_" + round, "VARCHAR"));
        list.set(j, t.withColumns(cols));
      }
    }
    return Catalog.of(list);
  }

  /** Prints medians, p90, means and maxima of a rebuild and an update series, and the ratios. */
  static void report(String fullName, long[] full, long[] fullCpu, String updName, long[] upd,
      long[] updCpu) {
    line(fullName, full, fullCpu);
    line(updName, upd, updCpu);
    System.out.printf(Locale.ROOT, "  => median %.0fx faster wall (p90 %.0fx, mean %.0fx),"
        + " %.0fx on the calling thread's CPU%n", median(full) / median(upd),
        pctOf(full, 90) / pctOf(upd, 90), mean(full) / mean(upd),
        median(fullCpu) / median(updCpu));
  }

  private static void line(String name, long[] wall, long[] cpu) {
    System.out.printf(Locale.ROOT, "  %-34s wall median %8.2f ms, p90 %8.2f, mean %8.2f,"
        + " max %8.2f; CPU median %8.2f ms, p90 %8.2f (%d runs)%n", name, median(wall),
        pctOf(wall, 90), mean(wall), pctOf(wall, 100), median(cpu), pctOf(cpu, 90),
        wall.length);
  }

  static double median(long[] values) {
    return pctOf(values, 50);
  }

  /** {@return the p-th percentile in ms of unsorted values (nearest rank)} */
  static double pctOf(long[] values, int p) {
    long[] sorted = values.clone();
    Arrays.sort(sorted);
    return pct(sorted, p);
  }

  static double mean(long[] values) {
    double sum = 0;
    for (long v : values) {
      sum += v;
    }
    return sum / values.length / 1e6;
  }

  static long cpu() {
    return ManagementFactory.getThreadMXBean().getCurrentThreadCpuTime();
  }

  /** {@return the CPU time of the whole process, all threads} */
  static long processCpu() {
    return ((com.sun.management.OperatingSystemMXBean)
        ManagementFactory.getOperatingSystemMXBean()).getProcessCpuTime();
  }

  static double load() {
    return ManagementFactory.getOperatingSystemMXBean().getSystemLoadAverage();
  }

  /** The synthetic catalog: databases of 100 tables with 20 columns each. */
  static Catalog catalog(int tables) {
    int perDb = Math.min(100, tables);
    return SyntheticCatalogs.generate(42, tables / perDb, perDb, 20);
  }

  static long[] latencies(SearchEngine engine, int n, long seed) {
    return latencies(engine, n, seed, new long[n]);
  }

  static long[] latencies(SearchEngine engine, int n, long seed, long[] cpu) {
    var threads = java.lang.management.ManagementFactory.getThreadMXBean();
    SplittableRandom random = new SplittableRandom(seed);
    long[] out = new long[n];
    for (int i = 0; i < n; i++) {
      String q = QUERY_WORDS[random.nextInt(QUERY_WORDS.length)];
      if (random.nextBoolean()) {
        q = q + " " + QUERY_WORDS[random.nextInt(QUERY_WORDS.length)];
      }
      SearchRequest r = SearchRequest.of(q, 10);
      long c = threads.getCurrentThreadCpuTime();
      long s = System.nanoTime();
      engine.search(r);
      out[i] = System.nanoTime() - s;
      cpu[i] = threads.getCurrentThreadCpuTime() - c;
    }
    Arrays.sort(out);
    Arrays.sort(cpu);
    return out;
  }

  static double pct(long[] sorted, int p) {
    return sorted[Math.min(sorted.length - 1, (int) Math.ceil(p / 100.0 * sorted.length) - 1)]
        / 1e6;
  }

  static long usedHeap() {
    Runtime rt = Runtime.getRuntime();
    long used = Long.MAX_VALUE;
    for (int i = 0; i < 5; i++) {
      System.gc();
      try {
        Thread.sleep(100);
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
      }
      used = Math.min(used, rt.totalMemory() - rt.freeMemory());
    }
    return used;
  }
}
