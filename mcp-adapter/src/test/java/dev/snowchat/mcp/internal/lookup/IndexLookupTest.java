package dev.snowchat.mcp.internal.lookup;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.snowchat.mcp.ToolErrorCode;
import dev.snowchat.mcp.internal.lookup.Catalogs.Database;
import dev.snowchat.schemaindex.Catalog;
import dev.snowchat.schemaindex.CatalogSnapshot;
import dev.snowchat.schemaindex.CatalogSource;
import dev.snowchat.schemaindex.CatalogSources;
import dev.snowchat.schemaindex.ColumnInfo;
import dev.snowchat.schemaindex.ForeignKey;
import dev.snowchat.schemaindex.LoadState;
import dev.snowchat.schemaindex.QualifiedName;
import dev.snowchat.schemaindex.SchemaIndex;
import dev.snowchat.schemaindex.TableInfo;
import dev.snowchat.sqlgate.SnowchatException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Issue 12 item 3: "the index cannot answer now" is {@link Answer.Unavailable}, and the router
 * then asks the live lookup; what the index answers is in schema-index's own types.
 */
class IndexLookupTest {
  private static final QualifiedName CUSTOMERS = QualifiedName.of("SHOP", "PUBLIC", "CUSTOMERS");
  private static final QualifiedName ORDERS = QualifiedName.of("SHOP", "PUBLIC", "ORDERS");
  private static final QualifiedName AUDIT = QualifiedName.of("SHOP", "PRIVATE", "AUDIT");

  private static final CatalogView VIEW = new CatalogView(
      new Patterns(List.of(), List.of("SHOP.PRIVATE")), "SHOP", "PUBLIC");

  private Path file;
  private SchemaIndex index;
  /** A lookup that never waits for the first load: "not loaded" answers at once. */
  private IndexLookup lookup;

  @BeforeEach
  void open(@TempDir Path dir) {
    file = dir.resolve("shop.json");
    CatalogSnapshot.write(Catalog.of(List.of(
        TableInfo.builder(CUSTOMERS).columns(List.of(ColumnInfo.of("CUSTOMER_ID", "NUMBER")))
            .primaryKey(List.of("CUSTOMER_ID")).build(),
        TableInfo.builder(ORDERS).columns(List.of(ColumnInfo.of("ORDER_ID", "NUMBER"),
                ColumnInfo.of("CUSTOMER_ID", "NUMBER")))
            .foreignKeys(List.of(new ForeignKey(List.of("CUSTOMER_ID"), CUSTOMERS,
                List.of("CUSTOMER_ID")))).build(),
        TableInfo.builder(AUDIT).columns(List.of(ColumnInfo.of("ID", "NUMBER"))).build())),
        file);
    index = SchemaIndex.builder().source(CatalogSources.snapshot(file)).build();
    lookup = new IndexLookup(index, VIEW, Duration.ZERO);
  }

  @AfterEach
  void close() {
    index.close();
  }

  private void load() throws Exception {
    assertThat(index.refreshNow().get(60, TimeUnit.SECONDS)).isInstanceOf(LoadState.Ready.class);
  }

  @Test
  void notLoaded_everyQuestionIsUnavailable() {
    assertThat(List.of(lookup.databases(), lookup.schemas("SHOP"),
        lookup.tables("SHOP", "PUBLIC", null), lookup.resolve(TableRef.parse("orders")),
        lookup.describe(ORDERS), lookup.search("orders", 5, null),
        lookup.joinPath(ORDERS, CUSTOMERS), lookup.functions(null, 10), lookup.tableNames()))
        .allSatisfy(a -> assertThat(a).isInstanceOf(Answer.Unavailable.class));
  }

  /**
   * Issue 14 item 3: a question in the moment before the server's delayed start found the index
   * {@code Unloaded}, which {@code awaitReady} does not wait for, and was answered live, in
   * another scale and order. Now the first question starts the index and waits for its load.
   */
  @Test
  void firstQuestion_indexNotStartedYet_startsItAndWaits_answersFromTheIndex() {
    assertThat(index.state()).isInstanceOf(LoadState.Unloaded.class);
    IndexLookup waiting = new IndexLookup(index, VIEW);
    Answer<List<dev.snowchat.schemaindex.SearchHit>> a = waiting.search("orders", 5, null);
    assertThat(a).isInstanceOf(Answer.Found.class);
    assertThat(a.orElseThrow()).extracting(h -> h.table()).first().isEqualTo(ORDERS);
    assertThat(index.isReady()).isTrue();
  }

  /** The wait is bounded: a first load still running at the end of the window goes live. */
  @Test
  void firstQuestion_loadOutlastsTheWindow_isUnavailable_andTheLoadGoesOn() throws Exception {
    CountDownLatch release = new CountDownLatch(1);
    CatalogSource snapshot = CatalogSources.snapshot(file);
    CatalogSource gated = new CatalogSource() {
      @Override
      public String name() {
        return "gated";
      }

      @Override
      public Catalog load() {
        try {
          release.await();
        } catch (InterruptedException e) {
          Thread.currentThread().interrupt();
        }
        return snapshot.load();
      }
    };
    try (SchemaIndex slow = SchemaIndex.builder().source(gated).keywordOnly().build()) {
      IndexLookup waiting = new IndexLookup(slow, VIEW, Duration.ofMillis(200));
      long t0 = System.nanoTime();
      assertThat(waiting.search("orders", 5, null)).isInstanceOf(Answer.Unavailable.class);
      assertThat(Duration.ofNanos(System.nanoTime() - t0)).isLessThan(Duration.ofSeconds(10));
      assertThat(slow.state()).isInstanceOf(LoadState.Loading.class); // started by the question
      release.countDown();
      assertThat(slow.awaitReady(Duration.ofSeconds(60))).isTrue();
      assertThat(waiting.search("orders", 5, null)).isInstanceOf(Answer.Found.class);
    } finally {
      release.countDown();
    }
  }

  @Test
  void loaded_answersInSchemaIndexTypes() throws Exception {
    load();
    assertThat(lookup.databases().orElseThrow()).extracting(Database::name)
        .containsExactly("SHOP");
    assertThat(lookup.resolve(TableRef.parse("orders")).orElseThrow()).isEqualTo(ORDERS);
    assertThat(lookup.describe(ORDERS).orElseThrow().foreignKeys()).hasSize(1);
    Optional<dev.snowchat.schemaindex.JoinPath> path =
        lookup.joinPath(ORDERS, CUSTOMERS).orElseThrow();
    assertThat(path.orElseThrow().tables()).containsExactly(ORDERS, CUSTOMERS);
    assertThat(lookup.search("customer", 5, null).orElseThrow())
        .extracting(h -> h.table()).contains(CUSTOMERS).doesNotContain(AUDIT);
  }

  @Test
  void loaded_whatTheIndexDoesNotHoldOrHides_isUnavailable_notAnError() throws Exception {
    load();
    assertThat(lookup.functions(null, 10)).isInstanceOf(Answer.Unavailable.class);
    assertThat(lookup.describe(AUDIT)).isInstanceOf(Answer.Unavailable.class);
    assertThat(lookup.resolve(TableRef.parse("nope"))).isInstanceOf(Answer.Unavailable.class);
    // a database the index does not hold: the live lookup says DATABASE_NOT_FOUND
    assertThat(lookup.search("customer", 5, "NOPE")).isInstanceOf(Answer.Unavailable.class);
    assertThat(lookup.search("customer", 5, "shop")).isInstanceOf(Answer.Found.class);
    assertThat(lookup.schemas("OTHER")).isInstanceOf(Answer.Unavailable.class);
    assertThat(lookup.joinPath(ORDERS, QualifiedName.of("SHOP", "PUBLIC", "NOPE")))
        .isInstanceOf(Answer.Unavailable.class);
  }

  @Test
  void router_asksTheLiveLookupWhenTheIndexCannotAnswer() throws Exception {
    LookupRouter router = new LookupRouter(live(Answer.of(List.of(new Database("LIVE", null)))),
        lookup, () -> "test");
    LookupRouter.Sourced<List<Database>> before = router.ask(SchemaLookup::databases);
    assertThat(before.source()).isEqualTo("live");
    assertThat(before.value()).extracting(Database::name).containsExactly("LIVE");
    load();
    LookupRouter.Sourced<List<Database>> after = router.ask(SchemaLookup::databases);
    assertThat(after.source()).isEqualTo("index");
    assertThat(after.value()).extracting(Database::name).containsExactly("SHOP");
  }

  @Test
  void router_liveLookupWithoutAnAnswer_isAnInternalToolError() {
    LookupRouter router = new LookupRouter(live(Answer.unavailable("no names")), lookup,
        () -> "test");
    assertThatThrownBy(() -> router.ask(SchemaLookup::tableNames))
        .isInstanceOfSatisfying(SnowchatException.class,
            e -> assertThat(e.code()).isEqualTo(ToolErrorCode.INTERNAL))
        .hasMessageContaining("no names");
  }

  /** A live lookup that gives one answer to every question. */
  @SuppressWarnings("unchecked")
  private static SchemaLookup live(Answer<?> answer) {
    return new SchemaLookup() {
      private <T> Answer<T> it() {
        return (Answer<T>) answer;
      }

      @Override
      public Answer<List<Database>> databases() {
        return it();
      }

      @Override
      public Answer<List<Catalogs.Schema>> schemas(String database) {
        return it();
      }

      @Override
      public Answer<List<TableInfo>> tables(String database, String schema, String pattern) {
        return it();
      }

      @Override
      public Answer<QualifiedName> resolve(TableRef ref) {
        return it();
      }

      @Override
      public Answer<TableInfo> describe(QualifiedName table) {
        return it();
      }

      @Override
      public Answer<List<dev.snowchat.schemaindex.SearchHit>> search(String query, int k,
          String database) {
        return it();
      }

      @Override
      public Answer<Optional<dev.snowchat.schemaindex.JoinPath>> joinPath(QualifiedName from,
          QualifiedName to) {
        return it();
      }

      @Override
      public Answer<List<Catalogs.Function>> functions(String pattern, int limit) {
        return it();
      }

      @Override
      public Answer<List<QualifiedName>> tableNames() {
        return it();
      }
    };
  }
}
