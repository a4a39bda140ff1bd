package dev.snowchat.schemaindex;

import java.util.Locale;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Warmup;

/**
 * Join-graph build time on synthetic catalogs of 20-column tables, in databases of 1,000 tables
 * (and one database holding every table, the worst case for the per-database indexes).
 *
 * <pre>{@code
 * ./mvnw -Pbench -pl schema-index test-compile
 * java -cp ... org.openjdk.jmh.Main JoinGraphBenchmark      # JMH
 * java -cp ... dev.snowchat.schemaindex.JoinGraphBenchmark  # quick wall-clock timing
 * }</pre>
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.SingleShotTime)
@OutputTimeUnit(TimeUnit.MILLISECONDS)
@Warmup(iterations = 2)
@Measurement(iterations = 5)
@Fork(value = 1, jvmArgs = {"-Xmx4g"})
public class JoinGraphBenchmark {
  @Param({"10000", "100000"})
  public int tables;

  @Param({"1000"})
  public int tablesPerDatabase;

  private Catalog catalog;

  /** Generates the catalog once per trial. */
  @Setup(Level.Trial)
  public void setUp() {
    int perDb = Math.min(tablesPerDatabase, tables);
    catalog = SyntheticCatalogs.generate(42, tables / perDb, perDb, 20);
  }

  /** {@return the graph of the whole catalog} */
  @Benchmark
  public JoinGraph build() {
    return JoinGraph.build(catalog);
  }

  private static long processCpuNanos() {
    return ((com.sun.management.OperatingSystemMXBean)
        java.lang.management.ManagementFactory.getOperatingSystemMXBean()).getProcessCpuTime();
  }

  /**
   * Times builds without JMH: {@code [tables...]}, default 10000 100000.
   *
   * @param args table counts
   */
  public static void main(String[] args) {
    // Wall time depends on what else runs on the machine; process CPU time (all threads, GC and
    // JIT included) is the steadier figure on a shared host.
    int[] sizes = args.length == 0 ? new int[] {10_000, 100_000}
        : java.util.Arrays.stream(args).mapToInt(Integer::parseInt).toArray();
    for (int n : sizes) {
      for (int perDb : new int[] {1000, n}) {
        Catalog c = SyntheticCatalogs.generate(42, n / perDb, perDb, 20);
        JoinGraph g = null;
        long best = Long.MAX_VALUE;
        long bestCpu = Long.MAX_VALUE;
        for (int i = 0; i < 3; i++) {
          g = JoinGraph.build(c); // warm-up: JIT and class loading
        }
        for (int i = 0; i < 5; i++) {
          long cpu0 = processCpuNanos();
          long t0 = System.nanoTime();
          g = JoinGraph.build(c);
          best = Math.min(best, System.nanoTime() - t0);
          bestCpu = Math.min(bestCpu, processCpuNanos() - cpu0);
        }
        System.out.printf(Locale.ROOT, "%,d tables x 20 columns, %,d per database: build %,d ms"
            + " wall, %,d ms process CPU (best of 5 after 3 warm-ups), %s%n",
            n, perDb, best / 1_000_000, bestCpu / 1_000_000, g);
      }
    }
  }
}
