package dev.snowchat.schemaindex;

import java.time.Instant;
import java.util.List;

/** A small but complete catalog for snapshot tests: every field, keys and a cross-table FK. */
final class SnapshotFiles {
  private SnapshotFiles() {}

  static QualifiedName id(String name) {
    return QualifiedName.of("SHOP", "SALES", name);
  }

  /** Customers, orders, products, order lines and a view, with comments, keys and row counts. */
  static Catalog shop() {
    Instant t = Instant.parse("2025-01-01T00:00:00Z");
    return Catalog.of(List.of(
        TableInfo.builder(id("CUSTOMERS")).comment("People who buy; one row per customer")
            .rowCount(1_000L).changedOn(t)
            .columns(List.of(new ColumnInfo("CUSTOMER_ID", "NUMBER(38,0)", false, null),
                new ColumnInfo("NAME", "VARCHAR", true, "full name"),
                new ColumnInfo("COUNTRY", "VARCHAR(2)", true, "ISO 3166 country code")))
            .primaryKey(List.of("CUSTOMER_ID")).build(),
        TableInfo.builder(id("ORDERS")).comment("Orders placed").rowCount(50_000L).changedOn(t)
            .columns(List.of(new ColumnInfo("ORDER_ID", "NUMBER(38,0)", false, null),
                new ColumnInfo("CUSTOMER_ID", "NUMBER(38,0)", false, null),
                new ColumnInfo("ORDERED_ON", "DATE", true, "día del pedido")))
            .primaryKey(List.of("ORDER_ID"))
            .foreignKeys(List.of(new ForeignKey(List.of("CUSTOMER_ID"), id("CUSTOMERS"),
                List.of("CUSTOMER_ID"))))
            .build(),
        TableInfo.builder(id("PRODUCTS")).comment("What we sell").rowCount(300L)
            .columns(List.of(new ColumnInfo("PRODUCT_ID", "NUMBER(38,0)", false, null),
                new ColumnInfo("TITLE", "VARCHAR", true, null),
                new ColumnInfo("PRICE", "NUMBER(12,2)", true, "list price in EUR")))
            .primaryKey(List.of("PRODUCT_ID")).build(),
        TableInfo.builder(id("ORDER_LINES")).rowCount(120_000L)
            .columns(List.of(new ColumnInfo("ORDER_ID", "NUMBER(38,0)", false, null),
                new ColumnInfo("PRODUCT_ID", "NUMBER(38,0)", false, null),
                new ColumnInfo("QUANTITY", "NUMBER(38,0)", true, null)))
            .primaryKey(List.of("ORDER_ID", "PRODUCT_ID"))
            .foreignKeys(List.of(
                new ForeignKey(List.of("ORDER_ID"), id("ORDERS"), List.of("ORDER_ID")),
                new ForeignKey(List.of("PRODUCT_ID"), id("PRODUCTS"), List.of("PRODUCT_ID"))))
            .build(),
        TableInfo.builder(id("REVENUE_BY_COUNTRY")).kind(TableKind.VIEW)
            .comment("Revenue per customer country")
            .columns(List.of(ColumnInfo.of("COUNTRY", "VARCHAR(2)"),
                ColumnInfo.of("REVENUE", "NUMBER(18,2)")))
            .build()));
  }
}
