package dev.snowchat.examples.index;

import dev.snowchat.schemaindex.Catalog;
import dev.snowchat.schemaindex.CatalogSource;
import dev.snowchat.schemaindex.ColumnInfo;
import dev.snowchat.schemaindex.ForeignKey;
import dev.snowchat.schemaindex.LoadState;
import dev.snowchat.schemaindex.QualifiedName;
import dev.snowchat.schemaindex.SchemaIndex;
import dev.snowchat.schemaindex.SearchHit;
import dev.snowchat.schemaindex.SearchRequest;
import dev.snowchat.schemaindex.TableInfo;
import dev.snowchat.sqlgate.Dialect;
import java.io.PrintStream;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.TimeUnit;

/**
 * schema-index in a service: index a small catalog (in production: {@code
 * CatalogSources.snowflake(pool, ...)} or a snapshot written in CI by {@code snowchat:index}),
 * then find the tables a question needs and how they join, to put in a model's prompt.
 *
 * <pre>{@code java -cp examples/target/snowchat-app.jar \
 *     dev.snowchat.examples.index.SchemaIndexInAService}</pre>
 */
public final class SchemaIndexInAService {
  /** What the example found. */
  public record Answer(List<String> tables, Optional<String> joinClause) {}

  private SchemaIndexInAService() {}

  static final QualifiedName CUSTOMERS = QualifiedName.of("SHOP", "SALES", "CUSTOMERS");
  static final QualifiedName ORDERS = QualifiedName.of("SHOP", "SALES", "ORDERS");
  static final QualifiedName ORDER_LINES = QualifiedName.of("SHOP", "SALES", "ORDER_LINES");
  static final QualifiedName PRODUCTS = QualifiedName.of("SHOP", "CATALOG", "PRODUCTS");
  static final QualifiedName WEB_EVENTS = QualifiedName.of("SHOP", "WEB", "PAGE_VIEWS");

  /** A catalog held in code: the smallest {@link CatalogSource}. */
  static CatalogSource shopCatalog() {
    Catalog catalog = Catalog.of(List.of(
        TableInfo.builder(CUSTOMERS).comment("People who bought something")
            .columns(List.of(ColumnInfo.of("CUSTOMER_ID", "NUMBER"),
                ColumnInfo.of("EMAIL", "VARCHAR"), ColumnInfo.of("COUNTRY", "VARCHAR")))
            .primaryKey(List.of("CUSTOMER_ID")).build(),
        TableInfo.builder(ORDERS).comment("One row per checkout")
            .columns(List.of(ColumnInfo.of("ORDER_ID", "NUMBER"),
                ColumnInfo.of("CUSTOMER_ID", "NUMBER"), ColumnInfo.of("ORDERED_AT", "TIMESTAMP"),
                ColumnInfo.of("TOTAL_AMOUNT", "NUMBER(12,2)")))
            .primaryKey(List.of("ORDER_ID"))
            .foreignKeys(List.of(new ForeignKey(List.of("CUSTOMER_ID"), CUSTOMERS,
                List.of("CUSTOMER_ID")))).build(),
        TableInfo.builder(ORDER_LINES).comment("Products in an order, with quantity and price")
            .columns(List.of(ColumnInfo.of("ORDER_ID", "NUMBER"),
                ColumnInfo.of("PRODUCT_ID", "NUMBER"), ColumnInfo.of("QUANTITY", "NUMBER"),
                ColumnInfo.of("UNIT_PRICE", "NUMBER(12,2)"))).build(),
        TableInfo.builder(PRODUCTS).comment("What the shop sells")
            .columns(List.of(ColumnInfo.of("PRODUCT_ID", "NUMBER"),
                ColumnInfo.of("NAME", "VARCHAR"), ColumnInfo.of("CATEGORY", "VARCHAR")))
            .primaryKey(List.of("PRODUCT_ID")).build(),
        TableInfo.builder(WEB_EVENTS).comment("Website page views")
            .columns(List.of(ColumnInfo.of("VIEW_ID", "NUMBER"), ColumnInfo.of("URL", "VARCHAR"),
                ColumnInfo.of("VIEWED_AT", "TIMESTAMP"))).build()));
    return new CatalogSource() {
      @Override
      public String name() {
        return "in-code shop catalog";
      }

      @Override
      public Catalog load() {
        return catalog;
      }
    };
  }

  /**
   * Runs the example.
   *
   * @param out where the findings go
   * @return what was found
   * @throws Exception when the index does not load
   */
  public static Answer run(PrintStream out) throws Exception {
    try (SchemaIndex index = SchemaIndex.builder().source(shopCatalog()).build()) {
      LoadState state = index.refreshNow().get(60, TimeUnit.SECONDS); // a service: start()
      if (!index.isReady()) {
        throw new IllegalStateException("The index did not load: " + state);
      }
      String question = "which product categories do customers in each country buy?";
      List<SearchHit> hits = index.search(SearchRequest.of(question, 3));
      out.println("Tables for: " + question);
      for (SearchHit h : hits) {
        out.printf("  %-24s %.3f  %s%n", h.table(), h.score(), h.why());
      }
      // How the customers table reaches the products (customers -> orders -> lines -> products;
      // the last two edges are inferred from the column names, ORDER_ID and PRODUCT_ID).
      Optional<String> join = index.joinPath(CUSTOMERS, PRODUCTS)
          .map(p -> p.joinClause(Dialect.SNOWFLAKE));
      out.println("Join path: " + join.orElse("(none)"));
      return new Answer(hits.stream().map(h -> h.table().toString()).toList(), join);
    }
  }

  /**
   * Runs the example.
   *
   * @param args ignored
   * @throws Exception when the index does not load
   */
  public static void main(String[] args) throws Exception {
    run(System.out);
  }
}
