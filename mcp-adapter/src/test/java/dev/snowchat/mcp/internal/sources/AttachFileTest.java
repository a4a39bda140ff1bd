package dev.snowchat.mcp.internal.sources;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.snowchat.sqlgate.Dialect;
import dev.snowchat.sqlgate.GatedExecutor;
import dev.snowchat.sqlgate.PermissionMode;
import dev.snowchat.sqlgate.QueryLimits;
import dev.snowchat.sqlgate.QueryResult;
import dev.snowchat.sqlgate.SqlGate;
import dev.snowchat.sqlgate.SnowchatException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** attach_file's runtime catalogs: allowlist, isolation, eviction, restart, concurrency. */
class AttachFileTest {
  @TempDir Path tmp;
  Path allowed;
  LocalEngine engine;
  RuntimeCatalogs rc;
  final AtomicLong now = new AtomicLong();

  @BeforeEach
  void setUp() throws Exception {
    allowed = tmp.resolve("allowed");
    TestFiles.csv(allowed.resolve("a.csv"), "v\nfrom-a\n");
    TestFiles.csv(allowed.resolve("b.csv"), "v\nfrom-b\n");
    TestFiles.copy(allowed.resolve("sub/p1.parquet"), "SELECT 1 AS n", "parquet");
    TestFiles.copy(allowed.resolve("sub/p2.parquet"), "SELECT 2 AS n", "parquet");
    TestFiles.csv(tmp.resolve("outside/secret.csv"), "v\nTOP-SECRET\n");
    TestFiles.csv(tmp.resolve("allowed-not/x.csv"), "v\nsibling\n");
    Files.createSymbolicLink(allowed.resolve("link.csv"), tmp.resolve("outside/secret.csv"));
    Files.createSymbolicLink(allowed.resolve("out"), tmp.resolve("outside"));
    Files.writeString(allowed.resolve("fake.parquet"), "not parquet at all");
    Files.writeString(allowed.resolve("broken.json"), "{\"a\": [1, 2");
    engine = open(RuntimeCatalogs.Settings.DEFAULTS);
  }

  LocalEngine open(RuntimeCatalogs.Settings settings) {
    LocalEngine e = LocalEngine.open(LocalEngineTest.catalog(tmp,
            LocalEngineTest.file("shared", "allowed/a.csv")).sources(),
        new AllowedPaths(List.of(allowed)), settings, false);
    rc = e.runtime();
    rc.clock(now::get);
    return e;
  }

  @AfterEach
  void close() {
    engine.close();
  }

  GatedExecutor executor;
  LocalEngine executorEngine;

  /**
   * One executor per engine over its routing data source, as the server has; made on first use,
   * under a lock (the concurrent tests call {@link #q} from many threads at once: unlocked, a
   * thread could see the new engine before the executor made for it, and call a null one).
   */
  synchronized GatedExecutor executor() {
    if (executorEngine != engine) {
      executor = GatedExecutor.builder().dataSource(engine.routingDataSource())
          .gate(SqlGate.builder().dialect(Dialect.DUCKDB).mode(PermissionMode.READ_ONLY).build())
          .limits(QueryLimits.defaults()).build();
      executorEngine = engine;
    }
    return executor;
  }

  QueryResult q(String session, String sql) {
    GatedExecutor e = executor();
    return engine.inSession(session, () -> e.execute(sql, QueryLimits.defaults()));
  }

  @Test
  void twoSessions_sameName_eachSeesOnlyItsOwn_andTheSharedCatalogSeesNeither() {
    rc.attach("s1", "report", allowed.resolve("a.csv").toString(), null);
    rc.attach("s2", "report", allowed.resolve("b.csv").toString(), "csv");
    assertEquals("from-a", q("s1", "SELECT v FROM report").rows().get(0).get(0));
    assertEquals("from-b", q("s2", "SELECT v FROM report").rows().get(0).get(0));
    assertThrows(SnowchatException.class, () -> q("s3", "SELECT v FROM report"));
    assertThrows(SnowchatException.class,
        () -> executor().execute("SELECT v FROM report", QueryLimits.defaults()));
    // The shared catalog stays visible beside a session's own files, in one statement.
    assertEquals(2, q("s1", "SELECT * FROM report UNION ALL SELECT * FROM shared").rowCount());
    assertEquals(List.of("report"), rc.list("s1").stream().map(a -> a.name()).toList());
    assertEquals(List.of(), rc.list("s3"));
  }

  @ParameterizedTest
  @CsvSource(delimiter = '|', value = {
      "OUTSIDE/secret.csv|is outside the allowlist",
      "relative/a.csv|is relative",
      "ALLOWED/../outside/secret.csv|is outside the allowlist",
      "ALLOWED/link.csv|resolves to a path outside it",
      "ALLOWED/out/secret.csv|resolves to a path outside it",
      "ALLOWED/../outside/*.csv|is outside the allowlist",
      "ALLOWED/*/../../outside/*.csv|may not use '..'",
      "ALLOWED/*.csv|a link to a file outside the allowlist",
      "ALLOWED-not/x.csv|is outside the allowlist",
      "ALLOWED/missing.csv|no such file",
      "ALLOWED/nothing*.csv|matches no file",
      "ALLOWED/sub|is a directory",
      "file:///etc/passwd|is a URL",
      "https://example.com/x.csv|is a URL",
      "s3://bucket/x.parquet|is a URL",
  })
  void badPaths_areRefused_sayingWhatToFix(String path, String expected) {
    String p = path.replace("ALLOWED", allowed.toString()).replace("OUTSIDE",
        tmp.resolve("outside").toString());
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
        () -> rc.attach("s1", "x", p, "csv"));
    assertTrue(e.getMessage().contains(expected), e.getMessage());
    assertTrue(!e.getMessage().contains("TOP-SECRET"));
    assertEquals(List.of(), rc.list("s1"));
  }

  @Test
  void aFileThatIsNotWhatItsFormatSays_isRefused_andNothingElseChanges() {
    rc.attach("s1", "good", allowed.resolve("a.csv").toString(), null);
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
        () -> rc.attach("s1", "bad", allowed.resolve("fake.parquet").toString(), null));
    assertTrue(e.getMessage().contains("could not be read as parquet"), e.getMessage());
    e = assertThrows(IllegalArgumentException.class,
        () -> rc.attach("s1", "bad", allowed.resolve("broken.json").toString(), null));
    assertTrue(e.getMessage().contains("could not be read as json"), e.getMessage());
    e = assertThrows(IllegalArgumentException.class,
        () -> rc.attach("s1", "bad", allowed.resolve("a.csv").toString(), "xml"));
    assertTrue(e.getMessage().contains("unknown format 'xml'"), e.getMessage());
    assertEquals(List.of("good"), rc.list("s1").stream().map(a -> a.name()).toList());
    assertEquals(1, q("s1", "SELECT * FROM good").rowCount());
  }

  @Test
  void aGlob_isExpandedUnderTheAllowlist_andItsFilesFrozen() throws Exception {
    RuntimeCatalogs.Attached a = rc.attach("s1", "parts", allowed + "/sub/*.parquet", null);
    assertEquals(2, a.attachment().files().size());
    assertEquals(3L, ((Number) q("s1", "SELECT sum(n) FROM parts").rows().get(0).get(0))
        .longValue());
  }

  @Test
  void names_mayNotShadowTheCatalog_orBeBad() {
    assertTrue(assertThrows(IllegalArgumentException.class, () -> rc.attach("s1", "shared",
        allowed.resolve("a.csv").toString(), null)).getMessage().contains("taken"));
    assertTrue(assertThrows(IllegalArgumentException.class, () -> rc.attach("s1", "x; drop",
        allowed.resolve("a.csv").toString(), null)).getMessage().contains("bad name"));
  }

  @Test
  void theCapPerSession_evictsTheLeastRecentlyUsed_andSaysSo() {
    engine.close();
    engine = open(new RuntimeCatalogs.Settings(2, 10, Duration.ofMinutes(5)));
    rc.attach("s1", "one", allowed.resolve("a.csv").toString(), null);
    rc.attach("s1", "two", allowed.resolve("b.csv").toString(), null);
    RuntimeCatalogs.Attached third = rc.attach("s1", "three", allowed.resolve("a.csv")
        .toString(), null);
    assertEquals("one", third.evicted());
    assertEquals(List.of("two", "three"), rc.list("s1").stream().map(a -> a.name()).toList());
    assertThrows(SnowchatException.class, () -> q("s1", "SELECT * FROM one"));
  }

  @Test
  void idleSessions_expire_andTheSessionCapDropsTheIdlest() {
    engine.close();
    engine = open(new RuntimeCatalogs.Settings(5, 2, Duration.ofMinutes(5)));
    rc.attach("s1", "x", allowed.resolve("a.csv").toString(), null);
    now.addAndGet(Duration.ofMinutes(1).toNanos());
    rc.attach("s2", "x", allowed.resolve("a.csv").toString(), null);
    now.addAndGet(Duration.ofMinutes(1).toNanos());
    rc.attach("s3", "x", allowed.resolve("a.csv").toString(), null); // drops s1, the idlest
    assertEquals(List.of(), rc.list("s1"));
    assertEquals(2, rc.sessionCount());
    now.addAndGet(Duration.ofMinutes(6).toNanos());
    rc.evictIdle();
    assertEquals(0, rc.sessionCount());
    assertNull(rc.dataSource("s2"));
    assertThrows(SnowchatException.class, () -> q("s2", "SELECT * FROM x"));
  }

  @Test
  void aRestart_forgetsAttachments_andTheSessionAttachesAgain() {
    rc.attach("s1", "report", allowed.resolve("a.csv").toString(), null);
    engine.close();
    engine = open(RuntimeCatalogs.Settings.DEFAULTS);
    assertEquals(List.of(), rc.list("s1"));
    assertThrows(SnowchatException.class, () -> q("s1", "SELECT * FROM report"));
    rc.attach("s1", "report", allowed.resolve("a.csv").toString(), null);
    assertEquals(1, q("s1", "SELECT * FROM report").rowCount());
  }

  @Test
  void hundredSessions_attachAndQueryConcurrently_loseNothing_leakNothing() throws Exception {
    int n = 100;
    for (int i = 0; i < n; i++) {
      TestFiles.csv(allowed.resolve("s/" + i + ".csv"), "session,v\n" + i + ",x\n" + i + ",y\n");
    }
    ExecutorService pool = Executors.newFixedThreadPool(16);
    try {
      List<Future<String>> results = new ArrayList<>();
      for (int i = 0; i < n; i++) {
        int id = i;
        results.add(pool.submit(() -> {
          String s = "session-" + id;
          rc.attach(s, "mine", allowed.resolve("s/" + id + ".csv").toString(), null);
          StringBuilder seen = new StringBuilder();
          for (int k = 0; k < 5; k++) {
            QueryResult r = q(s, "SELECT DISTINCT session, count(*) OVER () FROM mine");
            seen.append(r.rows()).append(';');
          }
          return seen.toString();
        }));
      }
      for (int i = 0; i < n; i++) {
        assertEquals(("[[" + i + ", 2]];").repeat(5), results.get(i).get());
      }
    } finally {
      pool.shutdown();
    }
    assertEquals(n, rc.sessionCount());
    for (int i = 0; i < n; i++) {
      rc.endSession("session-" + i);
    }
    assertEquals(0, rc.sessionCount());
    // No temp view is left anywhere in the engine once the sessions ended.
    QueryResult views = q("any", "SELECT count(*) FROM duckdb_views() WHERE temporary AND NOT"
        + " internal");
    assertEquals(0L, ((Number) views.rows().get(0).get(0)).longValue());
    assertEquals(Map.of(), engine.unavailable());
  }
}
