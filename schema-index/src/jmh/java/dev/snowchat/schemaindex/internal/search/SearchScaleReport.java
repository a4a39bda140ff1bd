package dev.snowchat.schemaindex.internal.search;

import dev.snowchat.schemaindex.Catalog;
import dev.snowchat.schemaindex.ColumnInfo;
import dev.snowchat.schemaindex.Glossary;
import dev.snowchat.schemaindex.JoinGraph;
import dev.snowchat.schemaindex.QualifiedName;
import dev.snowchat.schemaindex.SearchRequest;
import dev.snowchat.schemaindex.SyntheticCatalogs;
import dev.snowchat.schemaindex.TableInfo;
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

  /** Full rebuild against an incremental update of 5 tables, at 10,000 tables. */
  static void update() {
    Catalog ten = catalog(10_000);
    JoinGraph tenGraph = JoinGraph.build(ten);
    var threads = java.lang.management.ManagementFactory.getThreadMXBean();
    long[] full = new long[7];
    long[] fullCpu = new long[full.length];
    for (int i = 0; i < full.length; i++) {
      long c = threads.getCurrentThreadCpuTime();
      long s = System.nanoTime();
      SearchEngine e = SearchEngine.build(ten, Glossary.empty(), null, tenGraph);
      full[i] = System.nanoTime() - s;
      fullCpu[i] = threads.getCurrentThreadCpuTime() - c;
      e.close();
    }
    Arrays.sort(fullCpu);
    Arrays.sort(full);
    SearchEngine inc = SearchEngine.build(ten, Glossary.empty(), null, tenGraph);
    SplittableRandom random = new SplittableRandom(7);
    long[] upd = new long[100];
    long[] updCpu = new long[upd.length];
    Catalog current = ten;
    for (int i = 0; i < upd.length; i++) {
      List<TableInfo> list = new ArrayList<>(current.tables());
      Set<QualifiedName> changed = new HashSet<>();
      while (changed.size() < 5) {
        int j = random.nextInt(list.size());
        TableInfo t = list.get(j);
        if (changed.add(t.id())) {
          List<ColumnInfo> cols = new ArrayList<>(t.columns());
          cols.set(cols.size() - 1, ColumnInfo.of("CHANGED_" + i, "VARCHAR"));
          list.set(j, t.withColumns(cols));
        }
      }
      Catalog next = Catalog.of(list);
      JoinGraph nextGraph = tenGraph;
      long c = threads.getCurrentThreadCpuTime();
      long s = System.nanoTime();
      inc.update(next, changed, Set.of(), nextGraph);
      upd[i] = System.nanoTime() - s;
      updCpu[i] = threads.getCurrentThreadCpuTime() - c;
      current = next;
    }
    inc.close();
    Arrays.sort(upd);
    Arrays.sort(updCpu);
    double fullMs = full[full.length / 2] / 1e6;
    double updMs = upd[upd.length / 2] / 1e6;
    System.out.printf(Locale.ROOT, "at %d tables: full rebuild median %.1f ms; update of 5 tables"
        + " median %.2f ms (p90 %.2f ms): %.0fx faster%n", ten.size(), fullMs, updMs,
        upd[upd.length * 9 / 10] / 1e6, fullMs / updMs);
    System.out.printf(Locale.ROOT, "  same on the calling thread's CPU time: full %.1f ms,"
        + " update %.2f ms: %.0fx%n", fullCpu[fullCpu.length / 2] / 1e6,
        updCpu[updCpu.length / 2] / 1e6,
        (double) fullCpu[fullCpu.length / 2] / updCpu[updCpu.length / 2]);
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
