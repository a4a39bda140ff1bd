package dev.snowchat.schemaindex;

import com.sun.management.OperatingSystemMXBean;
import java.lang.management.ManagementFactory;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

/**
 * The figures of issue 14, printed (not a test: run by hand, see the module's EVALUATION.md):
 * {@code java -cp ... dev.snowchat.schemaindex.EmbeddingFigures BIRD_CATALOG OUTDIR [TABLES]}.
 * Throughput of the shipped model; first answer after start on BIRD's catalog with an empty
 * vector cache and from a snapshot with vectors; full embedding of a synthetic catalog (TABLES
 * tables of 20 columns, default 10,000) and its reload from the snapshot; heap and snapshot size
 * per table. Wall times and this process's CPU time (the machine is shared).
 */
public final class EmbeddingFigures {
  private static final OperatingSystemMXBean OS =
      (OperatingSystemMXBean) ManagementFactory.getOperatingSystemMXBean();

  private EmbeddingFigures() {}

  private static long cpuMs() {
    return OS.getProcessCpuTime() / 1_000_000;
  }

  private static long heapMb() {
    for (int i = 0; i < 3; i++) {
      System.gc();
    }
    Runtime r = Runtime.getRuntime();
    return (r.totalMemory() - r.freeMemory()) >> 20;
  }

  public static void main(String[] args) throws Exception {
    Path birdCatalog = Path.of(args[0]);
    Path out = Path.of(args[1]);
    int tables = args.length > 2 ? Integer.parseInt(args[2]) : 10_000;
    Files.createDirectories(out);

    // 1. throughput
    Catalog bird = CatalogSnapshot.read(birdCatalog);
    List<String> texts = new ArrayList<>();
    for (TableInfo t : bird.tables()) {
      for (ColumnInfo c : t.columns()) {
        texts.add(t.id().name() + " " + c.name() + " " + c.type());
        if (texts.size() == 1000) {
          break;
        }
      }
      if (texts.size() == 1000) {
        break;
      }
    }
    try (EmbeddingProvider p = EmbeddingProviders.fromSetting("").orElseThrow()) {
      p.embedAll(texts.subList(0, 64));
      long w = System.nanoTime();
      long c = cpuMs();
      p.embedAll(texts);
      double s = (System.nanoTime() - w) / 1e9;
      System.out.printf("throughput bge-small: %d texts in %.1f s wall = %.0f texts/s; CPU %d ms"
          + " = %.0f texts per CPU-second%n", texts.size(), s, texts.size() / s, cpuMs() - c,
          texts.size() * 1000.0 / Math.max(1, cpuMs() - c));
    }

    // 2. BIRD: first answer with an empty cache, then from a snapshot with vectors
    Path birdSnap = out.resolve("bird.json");
    CatalogSnapshot.write(bird, birdSnap);
    firstAnswer("BIRD", birdSnap, out.resolve("bird-with-vectors.json"));

    // 3. synthetic catalog
    Catalog big = SyntheticCatalogs.generate(42, tables / 100, 100, 20);
    Path bigSnap = out.resolve("synthetic.json");
    CatalogSnapshot.write(big, bigSnap);
    firstAnswer(tables + " tables x 20 columns", bigSnap,
        out.resolve("synthetic-with-vectors.json"));
  }

  private static void firstAnswer(String what, Path catalog, Path snapshot) {
    SearchRequest q = SearchRequest.of("how many orders did each customer place", 10);
    long heap0 = heapMb();
    long w = System.nanoTime();
    long c = cpuMs();
    int n;
    try (EmbeddingProvider p = EmbeddingProviders.fromSetting("").orElseThrow();
        SchemaIndex index = SchemaIndex.builder().source(CatalogSources.snapshot(catalog))
            .embeddings(p).pollInterval(Duration.ZERO).build()) {
      index.start();
      index.awaitReady(Duration.ofHours(1));
      SearchResult first = index.find(q);
      long firstMs = (System.nanoTime() - w) / 1_000_000;
      index.awaitVectors(Duration.ofHours(2));
      long fullMs = (System.nanoTime() - w) / 1_000_000;
      SearchResult hybrid = index.find(q);
      n = index.catalog().orElseThrow().size();
      long heap = heapMb() - heap0;
      int vectors = index.writeSnapshot(snapshot);
      System.out.printf("%s, empty cache: first answer %d ms (%s), hybrid after %d ms (%s), %d"
          + " texts embedded, CPU %d ms; heap with vectors %d MB = %.1f KB/table%n", what,
          firstMs, first.mode(), fullMs, hybrid.mode(), index.embeddedTexts(), cpuMs() - c, heap,
          heap * 1024.0 / n);
      long json = size(snapshot);
      long vec = size(Path.of(snapshot + ".vectors"));
      System.out.printf("%s snapshot: catalog %d KB + %d vectors %d KB = %.2f KB/table%n", what,
          json >> 10, vectors, vec >> 10, (json + vec) / 1024.0 / n);
    }
    w = System.nanoTime();
    c = cpuMs();
    try (EmbeddingProvider p = EmbeddingProviders.fromSetting("").orElseThrow();
        SchemaIndex index = SchemaIndex.builder().source(CatalogSources.snapshot(snapshot))
            .snapshot(snapshot).embeddings(p).pollInterval(Duration.ZERO).build()) {
      long loaded = (System.nanoTime() - w) / 1_000_000;
      index.start();
      index.awaitReady(Duration.ofHours(1));
      SearchResult first = index.find(q);
      System.out.printf("%s, from the snapshot with vectors: model loaded %d ms, first answer %d"
          + " ms (%s), %d texts embedded, CPU %d ms%n", what, loaded,
          (System.nanoTime() - w) / 1_000_000, first.mode(), index.embeddedTexts(),
          cpuMs() - c);
    }
  }

  private static long size(Path p) {
    try {
      return Files.size(p);
    } catch (java.io.IOException e) {
      return -1;
    }
  }
}
