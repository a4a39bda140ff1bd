package dev.snowchat.mcp;

import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Prints the MCP adapter's figures: jar size, cold start to the first tools/list answer, and
 * tool-call overhead over stdio (round trip minus query time), median and p99. Dependency-free,
 * so it runs as a single source file:
 *
 * <pre>
 * java mcp-adapter/src/test/java/dev/snowchat/mcp/McpBench.java \
 *     mcp-adapter/target/snowchat-mcp.jar [calls]
 * </pre>
 *
 * <p>(or {@code mcp-adapter/bench}). It serves the sample warehouse from {@code
 * $SNOWCHAT_SAMPLE_DIR} (default {@code ~/.snowchat/sample}), built on first use.
 */
public final class McpBench {
  private static final Pattern ELAPSED = Pattern.compile("\"elapsedMs\":([0-9.]+)");

  private McpBench() {}

  /**
   * Runs the benchmark.
   *
   * @param args the jar path, then optionally the number of timed calls (default 1000)
   * @throws Exception on failure
   */
  public static void main(String[] args) throws Exception {
    Path jar = Path.of(args.length > 0 ? args[0] : "mcp-adapter/target/snowchat-mcp.jar");
    int calls = args.length > 1 ? Integer.parseInt(args[1]) : 1000;
    String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
    System.out.printf("jar: %s, %.1f MiB%n", jar, Files.size(jar) / 1048576.0);
    System.out.println("cpus: " + Runtime.getRuntime().availableProcessors() + ", load: "
        + loadAverage() + ", server JVM options: "
        + System.getenv().getOrDefault("SNOWCHAT_BENCH_JVM_OPTS", "(none)"));

    List<Double> starts = new ArrayList<>();
    for (int i = 0; i < 5; i++) {
      long t0 = System.nanoTime();
      try (Session s = new Session(java, jar)) {
        s.initialize();
        s.request("tools/list", "{}");
        starts.add((System.nanoTime() - t0) / 1e6);
      }
    }
    System.out.printf("cold start to first tools/list answer (5 runs): median %.0f ms, min %.0f"
        + " ms, max %.0f ms%n", pct(starts, 50), pct(starts, 0), pct(starts, 100));

    try (Session s = new Session(java, jar)) {
      s.initialize();
      s.request("tools/list", "{}");
      String info = "{\"name\":\"get_connection_info\",\"arguments\":{}}";
      String query = "{\"name\":\"execute_query\",\"arguments\":{\"sql\":\"SELECT 1 AS one\"}}";
      for (int i = 0; i < 200; i++) { // warm-up: JIT, pool, DuckDB native library
        s.request("tools/call", info);
        s.request("tools/call", query);
      }
      List<Double> infoMs = new ArrayList<>();
      List<Double> overheadMs = new ArrayList<>();
      List<Double> queryMs = new ArrayList<>();
      for (int i = 0; i < calls; i++) {
        long t0 = System.nanoTime();
        s.request("tools/call", info);
        infoMs.add((System.nanoTime() - t0) / 1e6);
        t0 = System.nanoTime();
        String r = s.request("tools/call", query);
        double rtt = (System.nanoTime() - t0) / 1e6;
        Matcher m = ELAPSED.matcher(r);
        double q = m.find() ? Double.parseDouble(m.group(1)) : 0;
        queryMs.add(rtt);
        overheadMs.add(Math.max(0, rtt - q));
      }
      System.out.printf("get_connection_info round trip (no query, %d calls): median %.3f ms,"
          + " p99 %.3f ms%n", calls, pct(infoMs, 50), pct(infoMs, 99));
      System.out.printf("execute_query SELECT 1 round trip (%d calls): median %.3f ms, p99 %.3f"
          + " ms%n", calls, pct(queryMs, 50), pct(queryMs, 99));
      System.out.printf("tool-call overhead (round trip minus reported query time): median %.3f"
          + " ms, p99 %.3f ms%n", pct(overheadMs, 50), pct(overheadMs, 99));
    }
  }

  private static String loadAverage() {
    try {
      return Files.readString(Path.of("/proc/loadavg")).strip();
    } catch (Exception e) {
      return "n/a";
    }
  }

  static double pct(List<Double> xs, double p) {
    double[] a = xs.stream().mapToDouble(Double::doubleValue).toArray();
    Arrays.sort(a);
    int i = (int) Math.ceil(p / 100.0 * a.length) - 1;
    return a[Math.max(0, Math.min(a.length - 1, i))];
  }

  /** One stdio MCP session with the jar. */
  static final class Session implements AutoCloseable {
    private final Process process;
    private final OutputStream in;
    private final BufferedReader out;
    private int id;

    Session(String java, Path jar) throws Exception {
      List<String> cmd = new ArrayList<>(List.of(java));
      // Extra JVM options for the server, e.g. an AppCDS archive (see the README).
      String opts = System.getenv().getOrDefault("SNOWCHAT_BENCH_JVM_OPTS", "").strip();
      if (!opts.isEmpty()) {
        cmd.addAll(List.of(opts.split("\\s+")));
      }
      cmd.addAll(List.of("-jar", jar.toString()));
      ProcessBuilder pb = new ProcessBuilder(cmd);
      pb.environment().remove("SNOWCHAT_BENCH_JVM_OPTS"); // the server rejects unknown keys
      pb.redirectError(ProcessBuilder.Redirect.appendTo(
          Path.of(System.getProperty("java.io.tmpdir"), "snowchat-bench.err").toFile()));
      process = pb.start();
      in = process.getOutputStream();
      out = new BufferedReader(new InputStreamReader(process.getInputStream(),
          StandardCharsets.UTF_8));
    }

    void initialize() throws Exception {
      request("initialize", "{\"protocolVersion\":\"2025-06-18\",\"capabilities\":{},"
          + "\"clientInfo\":{\"name\":\"bench\",\"version\":\"1\"}}");
      send("{\"jsonrpc\":\"2.0\",\"method\":\"notifications/initialized\"}");
    }

    String request(String method, String params) throws Exception {
      int n = ++id;
      send("{\"jsonrpc\":\"2.0\",\"id\":" + n + ",\"method\":\"" + method + "\",\"params\":"
          + params + "}");
      String needle = "\"id\":" + n + ",";
      while (true) {
        String line = out.readLine();
        if (line == null) {
          throw new IllegalStateException("server closed stdout");
        }
        if (line.contains(needle) || line.contains("\"id\":" + n + "}")) {
          if (line.contains("\"isError\":true") || line.contains("\"error\":{")) {
            throw new IllegalStateException("error answer: " + line);
          }
          return line;
        }
      }
    }

    private void send(String json) throws Exception {
      in.write((json + "\n").getBytes(StandardCharsets.UTF_8));
      in.flush();
    }

    @Override
    public void close() throws Exception {
      in.close();
      process.waitFor();
    }
  }
}
