package dev.snowchat.mcp.internal.sources;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.snowchat.mcp.internal.sources.Source;
import dev.snowchat.mcp.internal.sources.SourceCatalog;
import dev.snowchat.sqlgate.Dialect;
import dev.snowchat.sqlgate.GatedExecutor;
import dev.snowchat.sqlgate.PermissionMode;
import dev.snowchat.sqlgate.QueryLimits;
import dev.snowchat.sqlgate.QueryRefusedException;
import dev.snowchat.sqlgate.QueryResult;
import dev.snowchat.sqlgate.SnowchatException;
import dev.snowchat.sqlgate.SqlGate;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.List;
import java.util.Map;
import javax.sql.DataSource;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The embedded engine on real files: views, one statement across them, locking, recovery. */
class LocalEngineTest {
  @TempDir Path dir;
  LocalEngine engine;

  @BeforeEach
  void files() throws Exception {
    TestFiles.copy(dir.resolve("data/orders.parquet"), "SELECT i AS order_id, i % 3 AS"
        + " customer_id, i * 10.5 AS amount FROM range(1, 10) t(i)", "parquet");
    TestFiles.csv(dir.resolve("data/customers.csv"), "customer_id,name\n0,Ada\n1,Bo\n2,Cy\n");
    TestFiles.copy(dir.resolve("data/regions.json"), "SELECT * FROM (VALUES (0, 'north'),"
        + " (1, 'south'), (2, 'east')) t(customer_id, region)", "json");
    TestFiles.duckdb(dir.resolve("data/archive.duckdb"), "notes", "SELECT * FROM (VALUES"
        + " (1, 'first')) t(order_id, note)");
    Files.writeString(dir.resolve("data/bogus.parquet"), "this is not parquet");
  }

  @AfterEach
  void close() {
    if (engine != null) {
      engine.close();
    }
  }

  static SourceCatalog catalog(Path dir, String... entries) {
    return SourceCatalog.parse("{\"sources\": [" + String.join(",", entries) + "]}",
        "test.json", dir, Map.of());
  }

  static String file(String name, String path) {
    return "{\"name\": \"" + name + "\", \"address\": \"" + path + "\"}";
  }

  static QueryResult query(DataSource ds, String sql) {
    return GatedExecutor.builder().dataSource(ds)
        .gate(SqlGate.builder().dialect(Dialect.DUCKDB).mode(PermissionMode.READ_ONLY).build())
        .limits(QueryLimits.defaults()).build().execute(sql, QueryLimits.defaults());
  }

  LocalEngine open(SourceCatalog c, AllowedPaths allow) {
    engine = LocalEngine.open(c.sources(), allow, RuntimeCatalogs.Settings.DEFAULTS, false);
    return engine;
  }

  @Test
  void oneGatedStatement_joinsParquetCsvJsonAndADuckDbFile() {
    open(catalog(dir, file("orders", "data/orders.parquet"),
        file("customers", "data/customers.csv"), file("regions", "data/regions.json"),
        file("archive", "data/archive.duckdb")), null);
    assertEquals(Map.of(), engine.unavailable());
    QueryResult r = query(engine.dataSource(), "SELECT c.name, g.region, count(*) AS n,"
        + " sum(o.amount) AS total, max(a.note) AS note FROM orders o"
        + " JOIN customers c USING (customer_id) JOIN regions g USING (customer_id)"
        + " LEFT JOIN archive.notes a USING (order_id) GROUP BY ALL ORDER BY c.name");
    assertEquals(3, r.rowCount());
    assertEquals(List.of("Ada", "north", 3L), r.rows().get(0).subList(0, 3));
    assertEquals("first", r.rows().get(1).get(4));
  }

  @Test
  void callersCannotReadFilesDirectly_theGateRefuses_andTheEngineIsLocked() throws Exception {
    open(catalog(dir, file("customers", "data/customers.csv")), null);
    String other = dir.resolve("data/regions.json").toString();
    assertThrows(QueryRefusedException.class,
        () -> query(engine.dataSource(), "SELECT * FROM read_json('" + other + "')"));
    // Even past the gate, the engine refuses files outside the configured ones, and settings.
    try (Connection c = engine.dataSource().getConnection(); Statement s = c.createStatement()) {
      SQLException e = assertThrows(SQLException.class,
          () -> s.executeQuery("SELECT * FROM read_json('" + other + "')"));
      assertTrue(e.getMessage().contains("Permission Error"), e.getMessage());
      assertThrows(SQLException.class, () -> s.execute("SET enable_external_access = true"));
    }
  }

  @Test
  void aMissingOrBogusFile_isUnavailableWithTheReason_theOthersServe_andItRecovers()
      throws Exception {
    open(catalog(dir, file("customers", "data/customers.csv"),
        file("later", "data/later.csv"), file("bogus", "data/bogus.parquet"),
        file("gone", "data/gone.duckdb")), null);
    Map<String, String> down = engine.unavailable();
    assertEquals(List.of("later", "bogus", "gone"), List.copyOf(down.keySet()));
    assertTrue(down.get("bogus").contains("could not be read as a parquet file"), down.get(
        "bogus"));
    assertTrue(down.get("later").contains("data/later.csv: no such file"), down.get("later"));
    assertEquals(3, query(engine.dataSource(), "SELECT * FROM customers").rowCount());
    TestFiles.csv(dir.resolve("data/later.csv"), "x\n1\n");
    TestFiles.duckdb(dir.resolve("data/gone.duckdb"), "t", "SELECT 7 AS v");
    engine.refresh();
    assertEquals(List.of("bogus"), List.copyOf(engine.unavailable().keySet()));
    assertEquals(1, query(engine.dataSource(), "SELECT * FROM later").rowCount());
    assertEquals(7, query(engine.dataSource(), "SELECT v FROM gone.t").rows().get(0).get(0));
  }

  @Test
  void aGlobSource_readsEveryMatchingFile() throws Exception {
    TestFiles.copy(dir.resolve("parts/p1.parquet"), "SELECT 1 AS v", "parquet");
    TestFiles.copy(dir.resolve("parts/p2.parquet"), "SELECT 2 AS v", "parquet");
    open(catalog(dir, file("parts", "parts/*.parquet")), null);
    assertEquals(3L, ((Number) query(engine.dataSource(), "SELECT sum(v) FROM parts").rows()
        .get(0).get(0)).longValue());
  }

  @Test
  void queriesTimeOut_andAreCapped_throughTheGate() {
    open(catalog(dir, file("orders", "data/orders.parquet")), null);
    QueryResult r = GatedExecutor.builder().dataSource(engine.dataSource())
        .gate(SqlGate.builder().dialect(Dialect.DUCKDB).build()).limits(QueryLimits.defaults())
        .build().execute("SELECT * FROM orders", QueryLimits.defaults().withMaxRows(2));
    assertTrue(r.truncated());
    assertEquals(2, r.rowCount());
    assertThrows(SnowchatException.class, () -> GatedExecutor.builder()
        .dataSource(engine.dataSource()).gate(SqlGate.builder().dialect(Dialect.DUCKDB).build())
        .limits(QueryLimits.defaults()).build().execute("SELECT count(*) FROM range(1000000000000)"
            + " a, orders", QueryLimits.defaults().withTimeout(java.time.Duration.ofMillis(300))));
    assertFalse(engine.sources().isEmpty());
  }

  static Source only(SourceCatalog c) {
    return c.sources().get(0);
  }
}
