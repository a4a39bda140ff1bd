package dev.snowchat.schemaindex;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.snowchat.sqlgate.SnowchatException;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class SchemaIndexTest {
  private static final Instant T0 = Instant.parse("2025-01-01T00:00:00Z");
  private static final QualifiedName CUSTOMERS = QualifiedName.of("SHOP", "PUBLIC", "CUSTOMERS");
  private static final QualifiedName ORDERS = QualifiedName.of("SHOP", "PUBLIC", "ORDERS");

  private final FakeScheduler scheduler = new FakeScheduler();

  private static Catalog shop() {
    return Catalog.of(List.of(
        TableInfo.builder(CUSTOMERS).comment("One row per customer").changedOn(T0)
            .columns(List.of(ColumnInfo.of("CUSTOMER_ID", "NUMBER"), ColumnInfo.of("NAME",
                "VARCHAR")))
            .primaryKey(List.of("CUSTOMER_ID")).build(),
        TableInfo.builder(ORDERS).comment("Orders placed by customers").changedOn(T0)
            .columns(List.of(ColumnInfo.of("ORDER_ID", "NUMBER"),
                ColumnInfo.of("CUSTOMER_ID", "NUMBER"), ColumnInfo.of("AMOUNT", "NUMBER")))
            .primaryKey(List.of("ORDER_ID"))
            .foreignKeys(List.of(new ForeignKey(List.of("CUSTOMER_ID"), CUSTOMERS,
                List.of("CUSTOMER_ID"))))
            .build()));
  }

  private SchemaIndex index(Path snapshotFile) {
    return SchemaIndex.builder()
        .source(CatalogSources.snapshot(snapshotFile))
        .scheduler(scheduler)
        .clock(scheduler.clock())
        .build();
  }

  @Test
  void search_beforeLoad_throwsNotLoadedSoToolsFallBack(@TempDir Path dir) {
    Path file = dir.resolve("c.json");
    CatalogSnapshot.write(shop(), file);
    try (SchemaIndex index = index(file)) {
      assertThat(index.isReady()).isFalse();
      assertThat(index.catalog()).isEmpty();
      assertThat(index.state()).isEqualTo(new LoadState.Unloaded());

      assertThatThrownBy(() -> index.search(SearchRequest.of("customers", 5)))
          .isInstanceOfSatisfying(SnowchatException.class, e -> {
            assertThat(e.code()).isEqualTo(IndexErrorCode.NOT_LOADED);
            assertThat(e.isRetryable()).isTrue();
          })
          .hasMessage("The schema index is not loaded (not started); use live metadata queries"
              + " instead");
      assertThatThrownBy(() -> index.joinPath(ORDERS, CUSTOMERS))
          .isInstanceOf(SnowchatException.class);
      assertThatThrownBy(() -> index.table(ORDERS)).isInstanceOf(SnowchatException.class);
    }
  }

  @Test
  void loaded_servesSearchJoinPathsNeighborsAndTables(@TempDir Path dir) {
    Path file = dir.resolve("c.json");
    CatalogSnapshot.write(shop(), file);
    try (SchemaIndex index = index(file)) {
      index.start();
      assertThat(index.state()).isInstanceOf(LoadState.Loading.class);
      scheduler.runDue();

      assertThat(index.isReady()).isTrue();
      assertThat(index.state()).isInstanceOfSatisfying(LoadState.Ready.class,
          r -> assertThat(r.tables()).isEqualTo(2));
      assertThat(index.search(SearchRequest.of("customer", 5)))
          .extracting(SearchHit::table).contains(CUSTOMERS);
      assertThat(index.joinPath(ORDERS, CUSTOMERS)).isPresent();
      assertThat(index.neighbors(ORDERS)).isNotEmpty();
      assertThat(index.table(ORDERS)).get().extracting(TableInfo::comment)
          .isEqualTo("Orders placed by customers");
      assertThat(index.table(QualifiedName.of("SHOP", "PUBLIC", "NOPE"))).isEmpty();
    }
  }

  @Test
  void poll_changedSnapshotFile_updatesSearch(@TempDir Path dir) throws Exception {
    Path file = dir.resolve("c.json");
    CatalogSnapshot.write(shop(), file);
    try (SchemaIndex index = index(file)) {
      index.start();
      scheduler.runDue();
      QualifiedName invoices = QualifiedName.of("SHOP", "PUBLIC", "INVOICES");
      CatalogSnapshot.write(Catalog.of(List.of(shop().tables().get(0), shop().tables().get(1),
          TableInfo.builder(invoices).comment("Invoices sent").changedOn(T0)
              .columns(List.of(ColumnInfo.of("INVOICE_ID", "NUMBER"))).build())), file);

      CompletableFuture<LoadState> refreshed = index.refreshNow();
      scheduler.runDue();

      assertThat(refreshed.get(0, TimeUnit.SECONDS)).isInstanceOf(LoadState.Ready.class);
      assertThat(index.catalog().orElseThrow().size()).isEqualTo(3);
      assertThat(index.search(SearchRequest.of("invoices", 3))).extracting(SearchHit::table)
          .first().isEqualTo(invoices);
    }
  }

  @Test
  void failedLoad_stateExplainsAndSearchSaysNotLoaded(@TempDir Path dir) {
    try (SchemaIndex index = index(dir.resolve("missing.json"))) {
      index.start();
      scheduler.runDue();

      assertThat(index.state()).isInstanceOfSatisfying(LoadState.Failed.class, f -> {
        assertThat(f.code()).isEqualTo(IndexErrorCode.SNAPSHOT_IO);
        assertThat(f.nextRetryAt()).isEqualTo(scheduler.now().plusSeconds(10));
      });
      assertThatThrownBy(() -> index.search(SearchRequest.of("x", 1)))
          .hasMessageContaining("failed, retrying at");
    }
  }

  @Test
  void ownScheduler_loadsOnABackgroundThread(@TempDir Path dir) throws Exception {
    Path file = dir.resolve("c.json");
    CatalogSnapshot.write(shop(), file);
    try (SchemaIndex index = SchemaIndex.builder().source(CatalogSources.snapshot(file))
        .pollInterval(Duration.ZERO).build()) {
      // The future completes when the background load ends; the bound only stops a hung build.
      LoadState state = index.refreshNow().get(60, TimeUnit.SECONDS);

      assertThat(state).isInstanceOf(LoadState.Ready.class);
      assertThat(index.isReady()).isTrue();
    }
  }

  @Test
  void builder_settingTwice_namesTheOldValue(@TempDir Path dir) {
    SchemaIndex.Builder b = SchemaIndex.builder().pollInterval(Duration.ofMinutes(1));
    assertThatThrownBy(() -> b.pollInterval(Duration.ofMinutes(2)))
        .isInstanceOf(IllegalStateException.class)
        .hasMessage("pollInterval was already set to PT1M");
    b.source(CatalogSources.snapshot(dir.resolve("x.json")));
    assertThatThrownBy(() -> b.source(CatalogSources.snapshot(dir.resolve("y.json"))))
        .isInstanceOf(IllegalStateException.class)
        .hasMessage("source was already set to snapshot");
  }

  @Test
  void joinPropagation_liftsTheTablesAHitJoinsTo_andIsOffByDefault(@TempDir Path dir) {
    Path file = dir.resolve("c.json");
    CatalogSnapshot.write(shop(), file);
    // "amount" names a column of ORDERS only; CUSTOMERS joins ORDERS by a declared key
    try (SchemaIndex off = index(file);
        SchemaIndex on = SchemaIndex.builder().source(CatalogSources.snapshot(file))
            .joinPropagation(0.5).scheduler(scheduler).clock(scheduler.clock()).build()) {
      off.start();
      on.start();
      scheduler.runDue();
      List<SearchHit> plain = off.search(SearchRequest.of("amount", 5));
      List<SearchHit> lifted = on.search(SearchRequest.of("amount", 5));

      assertThat(plain.getFirst().table()).isEqualTo(ORDERS);
      assertThat(plain).noneSatisfy(h -> assertThat(h.why()).contains("joins"));
      assertThat(lifted.getFirst().table()).isEqualTo(ORDERS);
      SearchHit customers = lifted.stream().filter(h -> h.table().equals(CUSTOMERS)).findFirst()
          .orElseThrow();
      assertThat(customers.why()).contains("joins ORDERS");
    }
  }

  @Test
  void joinCompletion_liftsTheTableAHitReferences_andCanBeTurnedOff(@TempDir Path dir) {
    QualifiedName refunds = QualifiedName.of("SHOP", "PUBLIC", "REFUNDS");
    List<TableInfo> tables = new ArrayList<>(shop().tables());
    // four more tables with an amount, so that the customers rank below the first five
    for (String name : List.of("REFUNDS", "INVOICES", "PAYMENTS", "FEES")) {
      tables.add(TableInfo.builder(QualifiedName.of("SHOP", "PUBLIC", name)).changedOn(T0)
          .columns(List.of(ColumnInfo.of(name.substring(0, name.length() - 1) + "_ID", "NUMBER"),
              ColumnInfo.of("AMOUNT", "NUMBER"), ColumnInfo.of("BOOKED_ON", "DATE")))
          .build());
    }
    Path file = dir.resolve("c.json");
    CatalogSnapshot.write(Catalog.of(tables), file);
    try (SchemaIndex on = index(file);
        SchemaIndex off = SchemaIndex.builder().source(CatalogSources.snapshot(file))
            .joinCompletion(false).scheduler(scheduler).clock(scheduler.clock()).build()) {
      on.start();
      off.start();
      scheduler.runDue();
      List<SearchHit> completed = on.search(SearchRequest.of("order amount", 6));
      List<SearchHit> plain = off.search(SearchRequest.of("order amount", 6));

      assertThat(plain.getFirst().table()).isEqualTo(ORDERS);
      assertThat(plain.subList(0, 5)).noneSatisfy(h -> assertThat(h.table()).isEqualTo(CUSTOMERS));
      assertThat(plain).noneSatisfy(h -> assertThat(h.why()).contains("referenced by"));
      assertThat(completed.getFirst().table()).isEqualTo(ORDERS);
      // the first rank after the three best hits, which stay
      assertThat(completed.get(3).table()).isEqualTo(CUSTOMERS);
      assertThat(completed.get(3).why()).contains("referenced by ORDERS");
      assertThat(completed.subList(0, 3)).isEqualTo(plain.subList(0, 3));
      assertThat(plain).extracting(SearchHit::table).contains(refunds);
    }
  }

  @Test
  void builder_searchSettings_outOfRangeOrTwice_areRejected() {
    assertThatThrownBy(() -> SchemaIndex.builder().joinPropagation(1.5))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage("joinPropagation must be 0 to 1, got 1.5");
    assertThatThrownBy(() -> SchemaIndex.builder().joinPropagation(Double.NaN))
        .isInstanceOf(IllegalArgumentException.class);
    SchemaIndex.Builder b = SchemaIndex.builder().joinPropagation(0.2);
    assertThatThrownBy(() -> b.joinPropagation(0.3)).isInstanceOf(IllegalStateException.class)
        .hasMessage("joinPropagation was already set to 0.2");
    SchemaIndex.Builder j = SchemaIndex.builder().joinCompletion(false);
    assertThatThrownBy(() -> j.joinCompletion(true)).isInstanceOf(IllegalStateException.class)
        .hasMessage("joinCompletion was already set to false");
    assertThatThrownBy(() -> SchemaIndex.builder().columnVectorLimit(-1))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage("columnVectorLimit must be >= 0, got -1");
    SchemaIndex.Builder c = SchemaIndex.builder().columnVectorLimit(0);
    assertThatThrownBy(() -> c.columnVectorLimit(10)).isInstanceOf(IllegalStateException.class)
        .hasMessage("columnVectorLimit was already set to 0");
  }

  @Test
  void builder_badValues_areRejected() {
    assertThatThrownBy(() -> SchemaIndex.builder().pollInterval(Duration.ofSeconds(-1)))
        .isInstanceOf(IllegalArgumentException.class);
    assertThatThrownBy(() -> SchemaIndex.builder()
        .retryBackoff(Duration.ofSeconds(10), Duration.ofSeconds(5)))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("below the initial backoff");
    assertThatThrownBy(() -> SchemaIndex.builder().retryBackoff(Duration.ZERO,
        Duration.ofSeconds(5))).isInstanceOf(IllegalArgumentException.class);
    assertThatThrownBy(() -> SchemaIndex.builder().maxRetries(-1))
        .isInstanceOf(IllegalArgumentException.class);
    assertThatThrownBy(() -> SchemaIndex.builder().build())
        .isInstanceOf(IllegalStateException.class)
        .hasMessageContaining("a catalog source is required");
  }

  @Test
  void catalogSources_unknownName_listsWhatWasFound() {
    assertThat(CatalogSources.names()).containsExactly("jdbc", "snapshot", "snowflake");
    assertThatThrownBy(() -> CatalogSources.create("oracle", Map.of()))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage("no catalog source factory named 'oracle'; found: [jdbc, snapshot, snowflake]");
  }

  @Test
  void catalogSources_factories_declareSensitiveKeys() {
    assertThat(CatalogSources.factory("jdbc").sensitivePropertyNames()).containsExactly(
        "password");
    assertThat(CatalogSources.factory("snowflake").sensitivePropertyNames())
        .containsExactlyInAnyOrder("password", "private_key_file_pwd", "token");
    assertThat(CatalogSources.factory("snapshot").sensitivePropertyNames()).isEmpty();
  }

  @Test
  void catalogSources_snowflakeWithoutDriver_isRefusedWithoutShowingTheUrl() {
    assertThatThrownBy(() -> CatalogSources.create("snowflake", Map.of(
        "url", "jdbc:snowflake://acme.snowflakecomputing.com/?password=hunter2",
        "password", "hunter2")))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("jdbc:snowflake:")
        .hasMessageNotContaining("hunter2");
  }

  @Test
  void catalogSources_snapshotByName_loads(@TempDir Path dir) {
    Path file = dir.resolve("c.json");
    CatalogSnapshot.write(shop(), file);

    try (CatalogSource s = CatalogSources.create("snapshot", Map.of("path", file.toString()))) {
      assertThat(s.load()).isEqualTo(shop());
      assertThat(s.stampsOf(s.load())).containsExactlyElementsOf(s.stamps());
    }
  }
}
