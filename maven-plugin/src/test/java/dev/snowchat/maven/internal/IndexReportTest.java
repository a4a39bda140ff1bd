package dev.snowchat.maven.internal;

import static org.assertj.core.api.Assertions.assertThat;

import dev.snowchat.schemaindex.Catalog;
import dev.snowchat.schemaindex.ColumnInfo;
import dev.snowchat.schemaindex.Glossary;
import dev.snowchat.schemaindex.QualifiedName;
import dev.snowchat.schemaindex.TableInfo;
import dev.snowchat.schemaindex.TableKind;
import java.util.List;
import org.junit.jupiter.api.Test;

class IndexReportTest {
  private static final Catalog CATALOG = Catalog.of(List.of(
      TableInfo.builder(QualifiedName.of("SHOP", "PUBLIC", "CUSTOMERS")).rowCount(10L)
          .columns(List.of(ColumnInfo.of("CUSTOMER_ID", "NUMBER(38,0)"))).build(),
      TableInfo.builder(QualifiedName.of("SHOP", "PUBLIC", "ORDERS")).rowCount(5L)
          .columns(List.of(ColumnInfo.of("ORDER_ID", "NUMBER(38,0)"),
              ColumnInfo.of("CUSTOMER_ID", "NUMBER(38,0)"))).build(),
      TableInfo.builder(QualifiedName.of("SHOP", "MART", "V_SALES")).kind(TableKind.VIEW)
          .columns(List.of(ColumnInfo.of("TOTAL", "NUMBER(10,2)"))).build()));

  @Test
  void countBySchema_sortsAndSums() {
    assertThat(IndexReport.countBySchema(CATALOG)).containsExactly(
        new IndexReport.SchemaCount("SHOP", "MART", 0, 1, 1, null),
        new IndexReport.SchemaCount("SHOP", "PUBLIC", 2, 0, 3, 15L));
  }

  @Test
  void markdown_rendersAllSections() {
    Glossary g = Glossary.parse("{\"entries\": [{\"terms\": [\"buyers\"], \"targets\":"
        + " [\"CUSTOMERS\", \"BUYERS\"]}]}");
    String md = IndexReport.markdown(CATALOG, "JDBC jdbc:duckdb:shop.duckdb", "catalog.json",
        1234, IndexSummaries.joins(CATALOG), IndexSummaries.coverage(g, "glossary.json", CATALOG));
    assertThat(md)
        .contains("- Took: 1.2 s")
        .contains("- Totals: 1 database, 2 schemas, 2 tables, 1 view, 4 columns")
        .contains("| SHOP | MART | 0 | 1 | 1 | - |\n| SHOP | PUBLIC | 2 | 0 | 3 | 15 |")
        .contains("inferred from names")
        .contains("- Glossary: `glossary.json`, 1 entry, 2 targets")
        .contains("  - `BUYERS` (terms: buyers)\n");
  }

  @Test
  void markdown_emptyCatalogAndNoGlossary_explains() {
    String md = IndexReport.markdown(Catalog.empty(), "x", "y", 0, null, null);
    assertThat(md).contains("The catalog is empty")
        .contains("No glossary configured (set snowchat.glossary");
  }
}
