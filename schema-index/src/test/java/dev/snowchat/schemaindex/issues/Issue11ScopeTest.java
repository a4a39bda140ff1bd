package dev.snowchat.schemaindex.issues;

import static org.assertj.core.api.Assertions.assertThat;

import dev.snowchat.schemaindex.Catalog;
import dev.snowchat.schemaindex.CatalogSnapshot;
import dev.snowchat.schemaindex.CatalogSources;
import dev.snowchat.schemaindex.ColumnInfo;
import dev.snowchat.schemaindex.ForeignKey;
import dev.snowchat.schemaindex.JoinEdge;
import dev.snowchat.schemaindex.QualifiedName;
import dev.snowchat.schemaindex.SchemaIndex;
import dev.snowchat.schemaindex.SearchHit;
import dev.snowchat.schemaindex.SearchRequest;
import dev.snowchat.schemaindex.TableInfo;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.function.Predicate;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Issue 11 item 5, index side: with {@link SchemaIndex.Builder#scope} tables out of scope never
 * reach ranking, the join graph or join paths. Before, the adapter filtered the top k after the
 * search, so hidden tables took the slots and a search returned fewer than k tables (or none).
 */
class Issue11ScopeTest {
  private static final QualifiedName ORDERS = QualifiedName.of("SHOP", "SALES", "ORDERS");
  private static final QualifiedName CUSTOMERS = QualifiedName.of("SHOP", "SALES", "CUSTOMERS");
  private static final QualifiedName PAYMENTS = QualifiedName.of("SHOP", "SALES", "PAYMENTS");
  private static final QualifiedName ACCOUNTS = QualifiedName.of("SHOP", "HIDDEN", "ACCOUNTS");
  private static final Predicate<QualifiedName> NOT_HIDDEN =
      q -> !q.schema().equals("HIDDEN");

  /**
   * Twenty hidden tables that match "revenue" much better than the five visible ones; visible
   * ORDERS and PAYMENTS join only through the hidden ACCOUNTS, CUSTOMERS joins ORDERS directly.
   */
  private static Catalog catalog() {
    List<TableInfo> t = new ArrayList<>();
    for (int i = 0; i < 20; i++) {
      QualifiedName q = QualifiedName.of("SHOP", "HIDDEN", "REVENUE_DAILY_" + i);
      t.add(TableInfo.builder(q).comment("Revenue by day, revenue totals and revenue share")
          .columns(List.of(ColumnInfo.of("REVENUE", "NUMBER"), ColumnInfo.of("REVENUE_DAY",
              "DATE"))).build());
    }
    for (int i = 0; i < 5; i++) {
      QualifiedName q = QualifiedName.of("SHOP", "SALES", "LEDGER_" + i);
      t.add(TableInfo.builder(q).comment("Ledger lines; amount may include revenue")
          .columns(List.of(ColumnInfo.of("AMOUNT", "NUMBER"))).build());
    }
    t.add(TableInfo.builder(ACCOUNTS).columns(List.of(ColumnInfo.of("ACCOUNT_ID", "NUMBER")))
        .primaryKey(List.of("ACCOUNT_ID")).build());
    t.add(TableInfo.builder(CUSTOMERS).columns(List.of(ColumnInfo.of("CUSTOMER_ID", "NUMBER")))
        .primaryKey(List.of("CUSTOMER_ID")).build());
    t.add(TableInfo.builder(ORDERS).columns(List.of(ColumnInfo.of("ORDER_ID", "NUMBER"),
            ColumnInfo.of("ACCOUNT_ID", "NUMBER"), ColumnInfo.of("CUSTOMER_ID", "NUMBER")))
        .foreignKeys(List.of(new ForeignKey(List.of("ACCOUNT_ID"), ACCOUNTS,
            List.of("ACCOUNT_ID")), new ForeignKey(List.of("CUSTOMER_ID"), CUSTOMERS,
            List.of("CUSTOMER_ID")))).build());
    t.add(TableInfo.builder(PAYMENTS).columns(List.of(ColumnInfo.of("PAYMENT_ID", "NUMBER"),
            ColumnInfo.of("ACCOUNT_ID", "NUMBER")))
        .foreignKeys(List.of(new ForeignKey(List.of("ACCOUNT_ID"), ACCOUNTS,
            List.of("ACCOUNT_ID")))).build());
    return Catalog.of(t);
  }

  private static SchemaIndex load(Path file, Predicate<QualifiedName> scope) throws Exception {
    SchemaIndex.Builder b = SchemaIndex.builder().source(CatalogSources.snapshot(file))
        .pollInterval(Duration.ZERO);
    if (scope != null) {
      b.scope(scope);
    }
    SchemaIndex index = b.build();
    index.refreshNow().get(60, TimeUnit.SECONDS);
    return index;
  }

  @Test
  void search_hiddenTablesWouldFillTopK_scopedIndexStillReturnsKInScope(@TempDir Path dir)
      throws Exception {
    Path file = dir.resolve("c.json");
    CatalogSnapshot.write(catalog(), file);
    try (SchemaIndex open = load(file, null)) {
      // The premise: unscoped, the first five hits are all hidden.
      assertThat(open.search(SearchRequest.of("revenue", 5))).extracting(SearchHit::table)
          .allMatch(NOT_HIDDEN.negate());
    }
    try (SchemaIndex scoped = load(file, NOT_HIDDEN)) {
      List<SearchHit> hits = scoped.search(SearchRequest.of("revenue", 5));
      assertThat(hits).hasSize(5).extracting(SearchHit::table).allMatch(NOT_HIDDEN);
      for (SearchHit h : scoped.search(SearchRequest.of("account revenue orders", 30))) {
        assertThat(h.table()).matches(NOT_HIDDEN);
        assertThat(h.neighbors()).allMatch(e -> NOT_HIDDEN.test(e.toTable())
            && NOT_HIDDEN.test(e.fromTable()));
      }
    }
  }

  @Test
  void joinGraph_neverRoutesThroughHiddenTables(@TempDir Path dir) throws Exception {
    Path file = dir.resolve("c.json");
    CatalogSnapshot.write(catalog(), file);
    try (SchemaIndex open = load(file, null)) {
      assertThat(open.joinPath(ORDERS, PAYMENTS)).get()
          .satisfies(p -> assertThat(p.edges()).anyMatch(e -> e.toTable().equals(ACCOUNTS)
              || e.fromTable().equals(ACCOUNTS)));
    }
    try (SchemaIndex scoped = load(file, NOT_HIDDEN)) {
      assertThat(scoped.joinPath(ORDERS, PAYMENTS)).isEmpty();
      assertThat(scoped.joinPath(ORDERS, CUSTOMERS)).isPresent();
      assertThat(scoped.neighbors(ORDERS)).extracting(JoinEdge::toTable)
          .containsExactly(CUSTOMERS);
      assertThat(scoped.table(ACCOUNTS)).isEmpty();
      assertThat(scoped.catalog().orElseThrow().tables()).extracting(TableInfo::id)
          .allMatch(NOT_HIDDEN);
      // A served table keeps no foreign key into what is hidden.
      assertThat(scoped.table(ORDERS).orElseThrow().foreignKeys())
          .extracting(ForeignKey::referencedTable).containsExactly(CUSTOMERS);
    }
  }

  @Test
  void scope_holdsAfterARefresh(@TempDir Path dir) throws Exception {
    Path file = dir.resolve("c.json");
    CatalogSnapshot.write(catalog(), file);
    try (SchemaIndex scoped = load(file, NOT_HIDDEN)) {
      List<TableInfo> more = new ArrayList<>(catalog().tables());
      more.add(TableInfo.builder(QualifiedName.of("SHOP", "HIDDEN", "REVENUE_NEW"))
          .comment("revenue").columns(List.of(ColumnInfo.of("REVENUE", "NUMBER"))).build());
      more.add(TableInfo.builder(QualifiedName.of("SHOP", "SALES", "REVENUE_PUBLIC"))
          .comment("revenue").columns(List.of(ColumnInfo.of("REVENUE", "NUMBER"))).build());
      CatalogSnapshot.write(Catalog.of(more), file);
      scoped.refreshNow().get(60, TimeUnit.SECONDS);

      assertThat(scoped.search(SearchRequest.of("revenue", 3))).extracting(SearchHit::table)
          .allMatch(NOT_HIDDEN).contains(QualifiedName.of("SHOP", "SALES", "REVENUE_PUBLIC"));
      assertThat(scoped.table(QualifiedName.of("SHOP", "HIDDEN", "REVENUE_NEW"))).isEmpty();
    }
  }
}
