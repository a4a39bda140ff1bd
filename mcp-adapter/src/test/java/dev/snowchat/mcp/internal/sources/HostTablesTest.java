package dev.snowchat.mcp.internal.sources;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.snowchat.sqlgate.QueryRefusedException;
import dev.snowchat.sqlgate.QueryResult;
import java.math.BigDecimal;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.Statement;
import java.time.LocalDate;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** In-process data of a co-located host, queried through the gate beside file sources. */
class HostTablesTest {
  @TempDir Path dir;
  LocalEngine engine;
  HostTables host;

  record Order(long id, String customer, BigDecimal amount, LocalDate day, boolean paid) {}

  enum Tier { GOLD, SILVER }

  @BeforeEach
  void open() throws Exception {
    TestFiles.csv(dir.resolve("customers.csv"), "customer,tier\nada,GOLD\nbo,SILVER\n");
    engine = LocalEngine.open(LocalEngineTest.catalog(dir,
        LocalEngineTest.file("customers", "customers.csv")).sources(), null,
        RuntimeCatalogs.Settings.DEFAULTS, true);
    host = engine.hostTables();
  }

  @AfterEach
  void close() {
    engine.close();
  }

  @Test
  void records_areRegistered_typed_andJoinWithAFileSource_throughTheGate() {
    long n = host.register("orders", Order.class, List.of(
        new Order(1, "ada", new BigDecimal("10.25"), LocalDate.of(2026, 1, 2), true),
        new Order(2, "bo", new BigDecimal("5.50"), LocalDate.of(2026, 1, 3), false),
        new Order(3, "ada", null, null, false)));
    assertEquals(3, n);
    QueryResult r = LocalEngineTest.query(engine.dataSource(), "SELECT c.tier, count(*),"
        + " sum(o.amount) FROM orders o JOIN customers c USING (customer) GROUP BY 1 ORDER BY 1");
    assertEquals(List.of("GOLD", 2L), r.rows().get(0).subList(0, 2));
    assertEquals(0, new BigDecimal("10.25").compareTo((BigDecimal) r.rows().get(0).get(2)));
    QueryResult types = LocalEngineTest.query(engine.dataSource(), "SELECT column_name,"
        + " data_type FROM information_schema.columns WHERE table_name = 'orders'"
        + " ORDER BY ordinal_position");
    assertEquals(List.of("BIGINT", "VARCHAR", "DECIMAL(38,10)", "DATE", "BOOLEAN"),
        types.rows().stream().map(x -> x.get(1)).toList());
    // Callers still cannot write to it: the gate is read-only.
    assertThrows(QueryRefusedException.class,
        () -> LocalEngineTest.query(engine.dataSource(), "DELETE FROM orders"));
  }

  @Test
  void maps_andAResultSet_register_andReRegisteringReplaces() throws Exception {
    Map<String, Object> a = new LinkedHashMap<>();
    a.put("k", 1);
    a.put("tier", Tier.GOLD);
    Map<String, Object> b = new LinkedHashMap<>();
    b.put("k", 2);
    assertEquals(2, host.registerMaps("m", List.of(a, b)));
    QueryResult r = LocalEngineTest.query(engine.dataSource(), "SELECT * FROM m ORDER BY k");
    assertEquals("GOLD", r.rows().get(0).get(1));
    assertNull(r.rows().get(1).get(1));
    Map<String, Object> bad = Map.of("other", 1);
    assertTrue(assertThrows(IllegalArgumentException.class,
        () -> host.registerMaps("m", List.of(a, bad))).getMessage().contains("'other'"));
    assertEquals(2, LocalEngineTest.query(engine.dataSource(), "SELECT * FROM m").rowCount(),
        "a failed registration leaves the old table");
    try (Connection c = new org.duckdb.DuckDBDriver().connect("jdbc:duckdb:",
        new java.util.Properties()); Statement s = c.createStatement();
        ResultSet rs = s.executeQuery("SELECT i AS id, 'x' || i AS label, i * 1.5 AS score,"
            + " DATE '2026-01-01' + i::INT AS day FROM range(1000) t(i)")) {
      assertEquals(1000, host.register("m", rs));
    }
    assertEquals(1000L, LocalEngineTest.query(engine.dataSource(), "SELECT count(*) FROM m")
        .rows().get(0).get(0));
    assertEquals(Set.of("m"), host.names());
    assertTrue(host.drop("m"));
    assertEquals(Set.of(), host.names());
  }

  @Test
  void names_mayNotTakeACatalogSource_orBeBad() {
    assertThrows(IllegalArgumentException.class,
        () -> host.registerMaps("customers", List.of(Map.of("a", 1))));
    assertThrows(IllegalArgumentException.class,
        () -> host.registerMaps("a b", List.of(Map.of("a", 1))));
    assertThrows(IllegalArgumentException.class, () -> host.registerMaps("x", List.of()));
  }
}
