package dev.snowchat.schemaindex.internal.search;

import static dev.snowchat.schemaindex.internal.search.SearchEngineTest.table;
import static org.assertj.core.api.Assertions.assertThat;

import dev.snowchat.schemaindex.Catalog;
import dev.snowchat.schemaindex.ColumnHit;
import dev.snowchat.schemaindex.Glossary;
import dev.snowchat.schemaindex.JoinGraph;
import dev.snowchat.schemaindex.QualifiedName;
import dev.snowchat.schemaindex.SchemaLayer;
import dev.snowchat.schemaindex.SearchHit;
import dev.snowchat.schemaindex.SearchRequest;
import dev.snowchat.schemaindex.TableKind;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * What a hit says besides its rank (keyword search, no provider): relevance on one scale with a
 * "no confident match", only the columns that matched, the join summary, and the schema
 * preference for modelled layers over raw ones.
 */
class SearchHitFieldsTest {
  static final QualifiedName RAW_ORDERS = QualifiedName.of("SHOP", "STAGING", "STG_ORDERS");
  static final QualifiedName ORDERS = QualifiedName.of("SHOP", "MARTS", "FCT_ORDERS");
  static final QualifiedName CUSTOMERS = QualifiedName.of("SHOP", "MARTS", "DIM_CUSTOMERS");

  static Catalog catalog() {
    return Catalog.of(List.of(
        // the raw twin holds the same words, and one more column that matches
        table(RAW_ORDERS, TableKind.TABLE, null, "ORDER_ID", "CUSTOMER_ID", "ORDER_TOTAL",
            "ORDER_STATUS", "STATUS_TEXT"),
        table(ORDERS, TableKind.TABLE, null, "ORDER_ID", "CUSTOMER_ID", "ORDER_TOTAL",
            "ORDER_STATUS"),
        table(CUSTOMERS, TableKind.TABLE, null, "CUSTOMER_ID", "CUSTOMER_NAME", "COUNTRY")));
  }

  private static List<SearchHit> search(SearchRequest r) {
    Catalog c = catalog();
    try (SearchEngine e = SearchEngine.build(c, Glossary.empty(), null, JoinGraph.build(c))) {
      return e.search(r);
    }
  }

  private static List<QualifiedName> tables(List<SearchHit> hits) {
    return hits.stream().map(SearchHit::table).toList();
  }

  @Test
  void preference_byDefault_modelledTwinAboveRaw() {
    List<QualifiedName> ranked = tables(search(SearchRequest.of("order status", 3)));
    assertThat(ranked.indexOf(ORDERS)).isLessThan(ranked.indexOf(RAW_ORDERS));
  }

  @Test
  void preference_explicitSchemaOrOff_rawWinsItsNearTie() {
    SearchRequest r = SearchRequest.of("order status", 3);
    assertThat(tables(search(r.withPreferredSchemas(List.of("staging")))).getFirst())
        .isEqualTo(RAW_ORDERS);
    // no preference: the raw table's extra STATUS_TEXT column wins
    assertThat(tables(search(r.withPreferredSchemas(List.of()))).getFirst())
        .isEqualTo(RAW_ORDERS);
  }

  @Test
  void layer_bySchemaNameThenTablePrefix() {
    Catalog c = catalog();
    assertThat(SchemaLayer.of(c.table(RAW_ORDERS).orElseThrow().id()))
        .isEqualTo(SchemaLayer.RAW);
    assertThat(SchemaLayer.of(c.table(ORDERS).orElseThrow().id()))
        .isEqualTo(SchemaLayer.MODELLED);
    assertThat(SchemaLayer.of(QualifiedName.of("DB", "PUBLIC", "DIM_DATE")))
        .isEqualTo(SchemaLayer.MODELLED);
    assertThat(SchemaLayer.of(QualifiedName.of("DB", "PUBLIC", "ORDERS")))
        .isEqualTo(SchemaLayer.UNKNOWN);
    assertThat(SchemaLayer.of(QualifiedName.of("DB", "STG_MARTS", "DIM_X")))
        .as("a raw word in the schema wins").isEqualTo(SchemaLayer.RAW);
    assertThat(SchemaLayer.preferred(QualifiedName.of("DB", "RAW", "T"), List.of("raw"))).isTrue();
    assertThat(SchemaLayer.preferred(QualifiedName.of("DB", "ANALYTICS", "T"), List.of()))
        .isFalse();
  }

  @Test
  void relevance_nonsenseQuery_noConfidentMatch() {
    List<SearchHit> hits = search(SearchRequest.of("purple elephant quantum", 3));
    assertThat(hits).allSatisfy(h -> {
      assertThat(h.relevance()).isZero();
      assertThat(h.confident()).isFalse();
    });
  }

  @Test
  void relevance_realQuery_confidentAndOnOneScale() {
    List<SearchHit> hits = search(SearchRequest.of("customer country", 3));
    assertThat(hits.getFirst().table()).isEqualTo(CUSTOMERS);
    assertThat(hits.getFirst().relevance()).isEqualTo(1.0);
    assertThat(hits.getFirst().confident()).isTrue();
    // the orders tables hold "customer" but not "country": some relevance, less than full
    assertThat(hits.subList(1, hits.size()))
        .allSatisfy(h -> assertThat(h.relevance()).isBetween(0.01, 0.99));
  }

  @Test
  void columns_onlyThoseWhoseOwnTextMatched() {
    SearchHit top = search(SearchRequest.of("customer country", 1)).getFirst();
    // "customer" names DIM_CUSTOMERS: CUSTOMER_ID and CUSTOMER_NAME do not match by it
    assertThat(top.columns()).extracting(ColumnHit::name).containsExactly("COUNTRY");
  }

  @Test
  void joins_compactSummaryOfNeighbours() {
    SearchHit top = search(SearchRequest.of("customer country", 1)).getFirst();
    assertThat(top.joins()).contains("MARTS.FCT_ORDERS on CUSTOMER_ID",
        "STAGING.STG_ORDERS on CUSTOMER_ID");
    assertThat(top.joins()).hasSizeLessThanOrEqualTo(SearchHit.MAX_JOINS);
  }
}
