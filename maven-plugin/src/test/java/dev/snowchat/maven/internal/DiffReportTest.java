package dev.snowchat.maven.internal;

import static org.assertj.core.api.Assertions.assertThat;

import dev.snowchat.schemaindex.Catalog;
import dev.snowchat.schemaindex.ColumnInfo;
import java.util.List;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

class DiffReportTest {
  private static CatalogDiff sample() {
    Catalog before = Catalog.of(List.of(
        CatalogDiffTest.table(CatalogDiffTest.LISTINGS, ColumnInfo.of("ID", "NUMBER(38,0)"),
            ColumnInfo.of("PRICE", "NUMBER(10,2)")),
        CatalogDiffTest.table(CatalogDiffTest.HOSTS, ColumnInfo.of("ID", "NUMBER(38,0)"))));
    Catalog after = Catalog.of(List.of(
        CatalogDiffTest.table(CatalogDiffTest.LISTINGS, ColumnInfo.of("ID", "NUMBER(38,0)"),
            ColumnInfo.of("CITY", "VARCHAR")),
        CatalogDiffTest.table(CatalogDiffTest.REVIEWS, ColumnInfo.of("ID", "NUMBER(38,0)"))));
    return CatalogDiff.compare(before, after);
  }

  @Test
  void summary_countsEachKind() {
    assertThat(DiffReport.summary(sample())).isEqualTo("2 breaking changes; tables: 1 added,"
        + " 1 dropped, 1 changed; columns: 1 added, 1 dropped, 0 type changed,"
        + " 0 nullability changed");
  }

  @Test
  void markdown_listsBreakingFirstThenSections() {
    String md = DiffReport.markdown(sample(), "base.json", "new.json");
    assertThat(md).startsWith("# Snowchat schema diff\n")
        .contains("- Baseline: `base.json` (2 tables and views)")
        .contains("## Breaking changes\n\n- `AIRBNB.RAW.HOSTS`: dropped (was table, 1 column)\n"
            + "- `AIRBNB.RAW.LISTINGS`: column PRICE dropped (was NUMBER(10,2))\n")
        .contains("## Added tables\n\n- `AIRBNB.RAW.REVIEWS` (table, 1 column)\n")
        .contains("### `AIRBNB.RAW.LISTINGS`\n\n- column CITY added: VARCHAR\n"
            + "- column PRICE dropped (was NUMBER(10,2)) **(breaking)**\n");
    assertThat(md.indexOf("## Breaking")).isLessThan(md.indexOf("## Added"));
  }

  @Test
  void json_hasStableFields() {
    JsonNode root = JsonMapper.builder().build()
        .readTree(DiffReport.json(sample(), "base.json", "new.json"));
    assertThat(root.path("format").asString()).isEqualTo("snowchat-diff");
    assertThat(root.path("version").asInt()).isEqualTo(1);
    assertThat(root.path("breaking").asInt()).isEqualTo(2);
    assertThat(root.path("summary").path("columnDropped").asInt()).isEqualTo(1);
    assertThat(root.path("changes")).hasSize(4);
    JsonNode dropped = root.path("changes").get(2);
    assertThat(dropped.path("kind").asString()).isEqualTo("column_dropped");
    assertThat(dropped.path("column").asString()).isEqualTo("PRICE");
    assertThat(dropped.path("breaking").asBoolean()).isTrue();
  }

  @Test
  void markdown_noChanges_saysSo() {
    Catalog c = Catalog.of(List.of(CatalogDiffTest.table(CatalogDiffTest.LISTINGS)));
    assertThat(DiffReport.markdown(CatalogDiff.compare(c, c), "a", "b"))
        .contains("- Result: no changes (1 tables and views)")
        .doesNotContain("## Breaking");
  }
}
