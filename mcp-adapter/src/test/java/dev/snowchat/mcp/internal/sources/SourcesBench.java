package dev.snowchat.mcp.internal.sources;

import dev.snowchat.mcp.internal.sources.SourceCatalog;
import dev.snowchat.sqlgate.Dialect;
import dev.snowchat.sqlgate.GatedExecutor;
import dev.snowchat.sqlgate.PermissionMode;
import dev.snowchat.sqlgate.QueryLimits;
import dev.snowchat.sqlgate.SqlGate;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;

/**
 * Figures of the source catalog's embedded engine (issue 13): engine start with 10 sources, query
 * overhead of a file view against the same data in a table, attach latency, and in-process
 * registration (rows per second and memory) against copying the same rows into a table with
 * batched INSERTs. Run after {@code ./mvnw -pl mcp-adapter -am test-compile}:
 *
 * <pre>
 * mcp-adapter/bench-sources
 * </pre>
 */
public final class SourcesBench {
  private SourcesBench() {}

  record Row(long id, String name, double amount, int bucket) {}

  /** The rows as an Arrow IPC stream of 65,536-row batches. */
  static byte[] arrowStream(org.apache.arrow.memory.BufferAllocator alloc, List<Row> data)
      throws Exception {
    try (var id = new org.apache.arrow.vector.BigIntVector("id", alloc);
        var name = new org.apache.arrow.vector.VarCharVector("name", alloc);
        var amount = new org.apache.arrow.vector.Float8Vector("amount", alloc);
        var bucket = new org.apache.arrow.vector.IntVector("bucket", alloc);
        var root = org.apache.arrow.vector.VectorSchemaRoot.of(id, name, amount, bucket)) {
      var out = new java.io.ByteArrayOutputStream();
      try (var w = new org.apache.arrow.vector.ipc.ArrowStreamWriter(root, null, out)) {
        w.start();
        for (int from = 0; from < data.size(); from += 65_536) {
          int n = Math.min(65_536, data.size() - from);
          root.allocateNew();
          for (int i = 0; i < n; i++) {
            Row r = data.get(from + i);
            id.setSafe(i, r.id());
            name.setSafe(i, r.name().getBytes(java.nio.charset.StandardCharsets.UTF_8));
            amount.setSafe(i, r.amount());
            bucket.setSafe(i, r.bucket());
          }
          root.setRowCount(n);
          w.writeBatch();
        }
        w.end();
      }
      return out.toByteArray();
    }
  }

  /**
   * Runs the figures.
   *
   * @param args optionally the number of rows (default 1000000)
   * @throws Exception on failure
   */
  public static void main(String[] args) throws Exception {
    int rows = args.length > 0 ? Integer.parseInt(args[0]) : 1_000_000;
    Path dir = Files.createTempDirectory("snowchat-sources-bench");
    System.out.println("rows: " + rows + ", java " + Runtime.version() + ", cores "
        + Runtime.getRuntime().availableProcessors());
    // Ten sources: parquet, csv and json files and a DuckDB file.
    List<String> entries = new ArrayList<>();
    for (int i = 0; i < 9; i++) {
      String fmt = i % 3 == 0 ? "parquet" : i % 3 == 1 ? "csv" : "json";
      TestFiles.copy(dir.resolve("s" + i + "." + fmt), "SELECT i AS id, 'n' || i AS name FROM"
          + " range(10000) t(i)", fmt);
      entries.add(LocalEngineTest.file("s" + i, "s" + i + "." + fmt));
    }
    TestFiles.duckdb(dir.resolve("db.duckdb"), "t", "SELECT * FROM range(10000) t(i)");
    entries.add(LocalEngineTest.file("db", "db.duckdb"));
    SourceCatalog ten = LocalEngineTest.catalog(dir, entries.toArray(String[]::new));
    long[] starts = new long[7];
    for (int k = 0; k < starts.length; k++) {
      long t0 = System.nanoTime();
      try (LocalEngine e = LocalEngine.open(ten.sources(), null,
          RuntimeCatalogs.Settings.DEFAULTS, false)) {
        starts[k] = System.nanoTime() - t0;
      }
    }
    System.out.printf("engine start, 10 sources (9 files + 1 DuckDB file): median %.1f ms%n",
        median(starts) / 1e6);

    // A file view against the same rows in a table.
    Path big = TestFiles.copy(dir.resolve("big.parquet"), "SELECT i AS id, 'name-' || i AS"
        + " name, (i % 1000) * 1.25 AS amount, (i % 17)::INT AS bucket FROM range(" + rows
        + ") t(i)", "parquet");
    Path allow = Files.createDirectories(dir.resolve("allow"));
    Files.copy(big, allow.resolve("big.parquet"));
    TestFiles.csv(allow.resolve("small.csv"), "a,b\n1,x\n2,y\n");
    try (LocalEngine e = LocalEngine.open(LocalEngineTest.catalog(dir,
        LocalEngineTest.file("big", "big.parquet")).sources(), new AllowedPaths(List.of(allow)),
        new RuntimeCatalogs.Settings(10_000, 10_000, java.time.Duration.ofHours(1)), true)) {
      e.privileged(List.of("CREATE TABLE main.big_table AS SELECT * FROM big"));
      GatedExecutor ex = GatedExecutor.builder().dataSource(e.routingDataSource())
          .gate(SqlGate.builder().dialect(Dialect.DUCKDB).mode(PermissionMode.READ_ONLY).build())
          .limits(QueryLimits.defaults()).build();
      for (String q : List.of("SELECT bucket, count(*), sum(amount) FROM %s GROUP BY 1",
          "SELECT * FROM %s WHERE id = 4242", "SELECT * FROM %s LIMIT 100")) {
        long[] view = new long[15];
        long[] table = new long[15];
        for (int k = -3; k < view.length; k++) {
          long t0 = System.nanoTime();
          ex.execute(q.formatted("big"), QueryLimits.defaults());
          long t1 = System.nanoTime();
          ex.execute(q.formatted("big_table"), QueryLimits.defaults());
          long t2 = System.nanoTime();
          if (k >= 0) {
            view[k] = t1 - t0;
            table[k] = t2 - t1;
          }
        }
        System.out.printf("%-55s file view %7.2f ms, table %7.2f ms (median of 15)%n",
            q.formatted("X"), median(view) / 1e6, median(table) / 1e6);
      }

      // attach_file latency, new sessions and names each time.
      RuntimeCatalogs rc = e.runtime();
      for (String f : List.of("small.csv", "big.parquet")) {
        long[] at = new long[40];
        for (int k = -5; k < at.length; k++) {
          long t0 = System.nanoTime();
          rc.attach("bench-" + f + k, "f" + (k + 5), allow.resolve(f).toString(), null);
          if (k >= 0) {
            at[k] = System.nanoTime() - t0;
          }
        }
        System.out.printf("attach_file %-12s median %.2f ms, p90 %.2f ms (40 attaches, new"
            + " session each)%n", f, median(at) / 1e6, pct(at, 0.9) / 1e6);
      }

      // In-process registration against batched INSERTs of the same rows.
      List<Row> data = new ArrayList<>(rows);
      for (int i = 0; i < rows; i++) {
        data.add(new Row(i, "name-" + i, (i % 1000) * 1.25, i % 17));
      }
      HostTables host = e.hostTables();
      long mem0 = engineMemory(e);
      long t0 = System.nanoTime();
      host.register("host_rows", Row.class, data);
      long reg = System.nanoTime() - t0;
      long mem1 = engineMemory(e);
      System.out.printf("register %d records: %.0f ms, %.0f rows/s, engine memory +%.1f MB%n",
          rows, reg / 1e6, rows / (reg / 1e9), (mem1 - mem0) / 1e6);
      List<Map<String, Object>> maps = new ArrayList<>(rows);
      for (Row r : data) {
        maps.add(Map.of("id", r.id(), "name", r.name(), "amount", r.amount(), "bucket",
            r.bucket()));
      }
      t0 = System.nanoTime();
      host.registerMaps("host_maps", maps);
      long regMaps = System.nanoTime() - t0;
      System.out.printf("register %d maps: %.0f ms, %.0f rows/s%n", rows, regMaps / 1e6,
          rows / (regMaps / 1e9));
      maps = null;
      // The same rows as an Arrow IPC stream (built outside the timing), registered by a scan.
      try (org.apache.arrow.memory.BufferAllocator alloc =
          new org.apache.arrow.memory.RootAllocator()) {
        byte[] ipc = arrowStream(alloc, data);
        try (org.apache.arrow.vector.ipc.ArrowStreamReader reader =
            new org.apache.arrow.vector.ipc.ArrowStreamReader(
                new java.io.ByteArrayInputStream(ipc), alloc)) {
          t0 = System.nanoTime();
          host.registerArrow("host_arrow", reader);
          long regArrow = System.nanoTime() - t0;
          System.out.printf("registerArrow %d rows (IPC stream, 65,536 a batch): %.0f ms, %.0f"
              + " rows/s%n", rows, regArrow / 1e6, rows / (regArrow / 1e9));
        }
      }
      e.privileged(List.of("CREATE TABLE main.copied (id BIGINT, name VARCHAR, amount DOUBLE,"
          + " bucket INTEGER)"));
      long mem2 = engineMemory(e);
      // DuckDB runs each batched row as its own insert, so the baseline copies a sample.
      int copyRows = Math.min(rows, 20_000);
      t0 = System.nanoTime();
      try (Connection c = e.duplicate(); PreparedStatement ps = c.prepareStatement(
          "INSERT INTO main.copied VALUES (?, ?, ?, ?)")) {
        c.setAutoCommit(false);
        int n = 0;
        for (Row r : data.subList(0, copyRows)) {
          ps.setLong(1, r.id());
          ps.setString(2, r.name());
          ps.setDouble(3, r.amount());
          ps.setInt(4, r.bucket());
          ps.addBatch();
          if (++n % 10_000 == 0) {
            ps.executeBatch();
          }
        }
        ps.executeBatch();
        c.commit();
      }
      long ins = System.nanoTime() - t0;
      long mem3 = engineMemory(e);
      System.out.printf("copy the first %d rows with batched INSERT: %.0f ms, %.0f rows/s, engine"
          + " memory +%.1f MB%n", copyRows, ins / 1e6, copyRows / (ins / 1e9),
          (mem3 - mem2) / 1e6);
      t0 = System.nanoTime();
      e.privileged(List.of("CREATE TABLE main.copied_sql AS SELECT * FROM host_rows"));
      long ctas = System.nanoTime() - t0;
      System.out.printf("copy the registered table inside the engine (CREATE TABLE AS): %.0f ms,"
          + " %.0f rows/s, engine memory now %.1f MB%n", ctas / 1e6, rows / (ctas / 1e9),
          engineMemory(e) / 1e6);
      System.gc();
      long heap = Runtime.getRuntime().totalMemory() - Runtime.getRuntime().freeMemory();
      System.out.printf("JVM heap holding the %d records (and the rest): %.1f MB%n", rows,
          heap / 1e6);
      long[] q = new long[15];
      for (int k = -3; k < q.length; k++) {
        long s0 = System.nanoTime();
        ex.execute("SELECT bucket, sum(amount) FROM host_rows GROUP BY 1", QueryLimits.defaults());
        if (k >= 0) {
          q[k] = System.nanoTime() - s0;
        }
      }
      System.out.printf("gated GROUP BY over the host table: median %.2f ms%n", median(q) / 1e6);
      data.clear();
    }
  }

  static long engineMemory(LocalEngine e) throws Exception {
    try (Connection c = e.duplicate(); Statement s = c.createStatement();
        ResultSet rs = s.executeQuery("SELECT sum(memory_usage_bytes) FROM duckdb_memory()")) {
      rs.next();
      return rs.getLong(1);
    }
  }

  static double median(long[] v) {
    return pct(v, 0.5);
  }

  static double pct(long[] v, double p) {
    long[] c = v.clone();
    Arrays.sort(c);
    return c[Math.min(c.length - 1, (int) Math.floor(p * c.length))];
  }
}
