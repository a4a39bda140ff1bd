package dev.snowchat.schemaindex.internal.search;

import static dev.snowchat.schemaindex.internal.search.SearchEngineTest.table;
import static org.assertj.core.api.Assertions.assertThat;

import dev.snowchat.schemaindex.Catalog;
import dev.snowchat.schemaindex.EmbeddingProviders;
import dev.snowchat.schemaindex.Glossary;
import dev.snowchat.schemaindex.JoinGraph;
import dev.snowchat.schemaindex.QualifiedName;
import dev.snowchat.schemaindex.SearchHit;
import dev.snowchat.schemaindex.SearchRequest;
import dev.snowchat.schemaindex.TableKind;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Tables created unquoted from CamelCase names, as Snowflake lists them ({@code
 * PURCHASEORDERDETAIL}, {@code DUEDATE}), are found by the words of their names. Before the
 * names were split, no question word met them and a snake_case table that shared two words won.
 */
class RunTogetherNamesTest {
  static final QualifiedName DETAIL = QualifiedName.of("CYCLES", "PUBLIC", "PURCHASEORDERDETAIL");
  static final QualifiedName HEADER = QualifiedName.of("CYCLES", "PUBLIC", "SALESORDERHEADER");
  static final QualifiedName ORDERS = QualifiedName.of("SHOP", "PUBLIC", "ORDERS");

  static Catalog catalog() {
    return Catalog.of(List.of(
        table(DETAIL, TableKind.TABLE, null, "PURCHASEORDERID", "PURCHASEORDERDETAILID",
            "DUEDATE", "ORDERQTY", "PRODUCTID", "UNITPRICE", "RECEIVEDQTY"),
        table(HEADER, TableKind.TABLE, null, "SALESORDERID", "ORDERDATE", "SHIPDATE",
            "CUSTOMERID", "SUBTOTAL", "TAXAMT", "FREIGHT", "TOTALDUE"),
        table(ORDERS, TableKind.TABLE, null, "ORDER_ID", "CUSTOMER_ID", "ORDER_DATE",
            "STATUS")));
  }

  @ParameterizedTest
  @ValueSource(strings = {"none", "hashing"})
  void question_findsTheRunTogetherTable(String embeddings) {
    Catalog c = catalog();
    try (SearchEngine e = SearchEngine.build(c, Glossary.empty(),
        embeddings.equals("none") ? null : EmbeddingProviders.create("default", Map.of()),
        JoinGraph.build(c))) {
      assertThat(first(e, "purchase order details with their due date and received quantity"))
          .isEqualTo(DETAIL);
      assertThat(first(e, "freight and tax amount of each sales order header"))
          .isEqualTo(HEADER);
      // the snake_case table keeps what it matched
      assertThat(first(e, "order status")).isEqualTo(ORDERS);
      // the name as typed still finds it
      assertThat(first(e, "salesorderheader")).isEqualTo(HEADER);
    }
  }

  @Test
  void vectorText_readsTheWords() {
    assertThat(Documents.tableText(catalog().tables().stream()
        .filter(t -> t.id().equals(DETAIL)).findFirst().orElseThrow(), List.of()))
        .startsWith("purchase order detail (cycles). columns: purchase order id, purchase order"
            + " detail id, due date, order qty");
  }

  private static QualifiedName first(SearchEngine e, String q) {
    List<SearchHit> hits = e.search(SearchRequest.of(q, 3));
    assertThat(hits).as(q).isNotEmpty();
    return hits.getFirst().table();
  }
}
