package dev.snowchat.schemaindex;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.snowchat.sqlgate.SnowchatException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class GlossaryTest {
  static final String JSON = """
      {"entries": [
        {"terms": ["revenue", "sales by territory"], "targets": ["VW_REVENUE_BY_COUNTRY"],
         "context": "Revenue by country", "domain": "revenue", "priority": "primary"},
        {"terms": ["vendor"], "targets": ["SALES.PUBLIC.DIM_VENDOR", "MISSING_TABLE"],
         "priority": "secondary"}
      ]}
      """;

  @Test
  void parse_readsAllFields() {
    Glossary g = Glossary.parse(JSON);
    assertThat(g.entries()).hasSize(2);
    GlossaryEntry first = g.entries().getFirst();
    assertThat(first.terms()).containsExactly("revenue", "sales by territory");
    assertThat(first.targets()).containsExactly("VW_REVENUE_BY_COUNTRY");
    assertThat(first.context()).isEqualTo("Revenue by country");
    assertThat(first.domain()).isEqualTo("revenue");
    assertThat(first.priority()).isEqualTo(GlossaryEntry.Priority.PRIMARY);
    assertThat(g.entries().get(1).priority()).isEqualTo(GlossaryEntry.Priority.SECONDARY);
    assertThat(g.entries().get(1).context()).isNull();
  }

  @Test
  void read_file_parses(@TempDir Path dir) throws Exception {
    Path file = dir.resolve("glossary.json");
    Files.writeString(file, JSON);
    assertThat(Glossary.read(file)).isEqualTo(Glossary.parse(JSON));
  }

  @Test
  void read_missingFile_isGlossaryInvalid(@TempDir Path dir) {
    assertThatThrownBy(() -> Glossary.read(dir.resolve("nope.json")))
        .isInstanceOf(SnowchatException.class)
        .satisfies(e -> assertThat(((SnowchatException) e).code())
            .isEqualTo(IndexErrorCode.GLOSSARY_INVALID));
  }

  @Test
  void parse_badField_namesItsPath() {
    assertThatThrownBy(() -> Glossary.parse(
        "{\"entries\": [{\"terms\": [\"a\"], \"targets\": [\"T\"]}, {\"terms\": [\"b\"]}]}"))
        .isInstanceOf(SnowchatException.class)
        .hasMessageContaining("entries[1].targets");
    assertThatThrownBy(() -> Glossary.parse(
        "{\"entries\": [{\"terms\": [\"a\"], \"targets\": [\"T\"], \"priority\": \"top\"}]}"))
        .hasMessageContaining("entries[0].priority").hasMessageContaining("primary, secondary");
    assertThatThrownBy(() -> Glossary.parse(
        "{\"entries\": [{\"terms\": [\"a\"], \"targets\": [\"T\"], \"colour\": \"red\"}]}"))
        .hasMessageContaining("entries[0].colour");
    assertThatThrownBy(() -> Glossary.parse("{\"entries\": [{\"terms\": [\"\"],"
        + " \"targets\": [\"T\"]}]}")).hasMessageContaining("entries[0].terms[0]");
    assertThatThrownBy(() -> Glossary.parse("[]")).hasMessageContaining("entries");
    assertThatThrownBy(() -> Glossary.parse("{")).hasMessageContaining("malformed JSON");
  }

  @Test
  void targets_bareNamesIgnoreCase_qualifiedNamesMatchExactly() {
    GlossaryEntry e = new GlossaryEntry(List.of("x"),
        List.of("dim_vendor", "SALES.PUBLIC.FACT_REVENUE"), null, null,
        GlossaryEntry.Priority.PRIMARY);
    assertThat(e.targets(QualifiedName.of("ANY", "S", "DIM_VENDOR"))).isTrue();
    assertThat(e.targets(QualifiedName.of("SALES", "PUBLIC", "FACT_REVENUE"))).isTrue();
    assertThat(e.targets(QualifiedName.of("OTHER", "PUBLIC", "FACT_REVENUE"))).isFalse();
  }

  @Test
  void unresolvedTargets_listsTargetsNamingNoTable() {
    Catalog c = Catalog.of(List.of(
        TableInfo.builder(QualifiedName.of("SALES", "PUBLIC", "DIM_VENDOR")).build(),
        TableInfo.builder(QualifiedName.of("SALES", "RPT", "VW_REVENUE_BY_COUNTRY")).build()));
    assertThat(Glossary.parse(JSON).unresolvedTargets(c)).containsExactly("MISSING_TABLE");
    assertThat(Glossary.empty().unresolvedTargets(c)).isEmpty();
  }
}
