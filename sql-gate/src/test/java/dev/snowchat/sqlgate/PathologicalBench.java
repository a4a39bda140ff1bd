package dev.snowchat.sqlgate;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * A printed bench of the pathological shapes (not a test: no timing is asserted anywhere).
 * Prints, per shape, the verdict and the median and worst time of {@code check} over several
 * runs after warm-up, at the default 256 KiB input limit. Run from the repository root:
 *
 * <pre>
 * ./mvnw -B -q -pl sql-gate test-compile dependency:build-classpath \
 *   -Dmdep.outputFile=target/bench-classpath.txt
 * java -cp sql-gate/target/classes:sql-gate/target/test-classes:$(cat \
 *   sql-gate/target/bench-classpath.txt) dev.snowchat.sqlgate.PathologicalBench [runs]
 * </pre>
 *
 * <p>It prints the checking thread's CPU time (the work, whatever else the machine runs) and the
 * wall-clock time (what a host on a busy machine sees). The parser's deadline is wall-clock.
 */
public final class PathologicalBench {
  private PathologicalBench() {}

  static final int LIMIT = SqlGate.DEFAULT_MAX_INPUT_LENGTH;
  /** ThreadMXBean through reflection: the module does not read java.management. */
  private static final java.util.function.LongSupplier CPU_NANOS = cpuClock();

  private static java.util.function.LongSupplier cpuClock() {
    try {
      Object bean = Class.forName("java.lang.management.ManagementFactory")
          .getMethod("getThreadMXBean").invoke(null);
      java.lang.reflect.Method m = Class.forName("java.lang.management.ThreadMXBean")
          .getMethod("getCurrentThreadCpuTime");
      return () -> {
        try {
          return (Long) m.invoke(bean);
        } catch (ReflectiveOperationException e) {
          throw new IllegalStateException(e);
        }
      };
    } catch (ReflectiveOperationException e) {
      return System::nanoTime;
    }
  }

  /** {@return the shapes, each as large as the input limit allows} */
  static Map<String, Map.Entry<Dialect, String>> shapes() {
    Map<String, Map.Entry<Dialect, String>> m = new LinkedHashMap<>();
    m.put("many FROMs in one parenthesis", Map.entry(Dialect.SNOWFLAKE,
        fill("SELECT (", "a FROM ", "1)")));
    m.put("many FROMs in one parenthesis (duckdb)", Map.entry(Dialect.DUCKDB,
        fill("SELECT (", "a FROM ", "1)")));
    m.put("EXTRACT FROM list in one parenthesis", Map.entry(Dialect.SNOWFLAKE,
        fill("SELECT (", "EXTRACT(YEAR FROM d) + ", "1) FROM t")));
    m.put("->> chain of reads", Map.entry(Dialect.SNOWFLAKE,
        fill("", "SELECT a, b FROM t ->> ", "SELECT 1")));
    m.put("->> chain of small reads", Map.entry(Dialect.SNOWFLAKE,
        fill("", "SELECT 1 ->> ", "SELECT 1")));
    StringBuilder nested = new StringBuilder();
    for (int i = 0; i < 190; i++) {
      nested.append("WITH a").append(i).append(" AS (");
    }
    m.put("190 nested WITH around a wide select", Map.entry(Dialect.DUCKDB,
        fill(nested.toString() + "SELECT ", "1, ", "1" + ") SELECT 1".repeat(190))));
    m.put("UNION ALL of parenthesized WITH", Map.entry(Dialect.DUCKDB,
        fill("SELECT 1", " UNION ALL (WITH a AS (SELECT 1) SELECT 1)", "")));
    m.put("nested parenthesized UNIONs", Map.entry(Dialect.SNOWFLAKE,
        "SELECT 1 UNION ALL (".repeat(190) + "SELECT 1" + ")".repeat(190)));
    m.put("200 KB select list", Map.entry(Dialect.SNOWFLAKE,
        fill("SELECT ", "col, ", "x FROM t")));
    m.put("3,000 UNION ALL", Map.entry(Dialect.SNOWFLAKE,
        "SELECT 1 " + "UNION ALL SELECT 1 ".repeat(3_000)));
    m.put("IN list with trailing comma", Map.entry(Dialect.SNOWFLAKE,
        "SELECT * FROM t WHERE a IN (" + "'x', ".repeat(2_000) + "'y',)"));
    m.put("deep OR nesting", Map.entry(Dialect.SNOWFLAKE,
        "SELECT 1 FROM t WHERE " + "(a = 1 OR ".repeat(55) + "b = 2" + ")".repeat(55)));
    m.put("80 KB expression", Map.entry(Dialect.SNOWFLAKE,
        "SELECT " + "a + ".repeat(20_000) + "1 FROM t"));
    m.put("20,000 statements", Map.entry(Dialect.SNOWFLAKE, "SELECT 1;".repeat(20_000)));
    m.put("string continuation chain (postgres)", Map.entry(Dialect.POSTGRES,
        fill("SELECT 'a'", "\n'b'", "")));
    m.put("comment-heavy (postgres)", Map.entry(Dialect.POSTGRES,
        fill("SELECT 1 ", "/* x */ -- y\n", "")));
    return m;
  }

  /** {@return head + body repeated + tail, as long as fits the input limit} */
  static String fill(String head, String body, String tail) {
    int n = (LIMIT - head.length() - tail.length()) / body.length();
    return head + body.repeat(n) + tail;
  }

  /**
   * Runs the bench.
   *
   * @param args the number of timed runs per shape (default 15)
   */
  public static void main(String[] args) {
    int runs = args.length > 0 ? Integer.parseInt(args[0]) : 15;
    double worst = 0;
    String worstName = "";
    for (var e : shapes().entrySet()) {
      SqlGate gate = SqlGate.builder().dialect(e.getValue().getKey()).build();
      String sql = e.getValue().getValue();
      Verdict v = null;
      for (int i = 0; i < 3; i++) {
        v = gate.check(sql);
      }
      double[] ms = new double[runs];
      double[] cpu = new double[runs];
      for (int i = 0; i < runs; i++) {
        long c0 = CPU_NANOS.getAsLong();
        long t0 = System.nanoTime();
        v = gate.check(sql);
        ms[i] = (System.nanoTime() - t0) / 1e6;
        cpu[i] = (CPU_NANOS.getAsLong() - c0) / 1e6;
      }
      Arrays.sort(ms);
      Arrays.sort(cpu);
      System.out.printf("%-40s %7d chars %-8s %-19s cpu median %6.2f max %6.2f | wall median"
          + " %7.2f max %7.2f ms%n", e.getKey(), sql.length(), v.kind(), v.rule(),
          cpu[runs / 2], cpu[runs - 1], ms[runs / 2], ms[runs - 1]);
      if (cpu[runs - 1] > worst) {
        worst = cpu[runs - 1];
        worstName = e.getKey();
      }
    }
    System.out.printf("worst CPU time: %.2f ms (%s)%n", worst, worstName);
  }
}
