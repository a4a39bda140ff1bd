package dev.snowchat.schemaindex.internal.source;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.snowchat.schemaindex.SourceOptions;
import java.util.List;
import org.junit.jupiter.api.Test;

class NameFilterTest {
  @Test
  void glob_matchesWholeNameIgnoringCase() {
    NameFilter f = new NameFilter(List.of("sales_*"), List.of("*_TMP"), List.of(), List.of());

    assertThat(f.database("SALES_EU")).isTrue();
    assertThat(f.database("SALES_EU_TMP")).isFalse();
    assertThat(f.database("XSALES_EU")).isFalse();
  }

  @Test
  void schemaPatternWithDot_matchesDatabaseDotSchema() {
    NameFilter f = new NameFilter(List.of(), List.of(), List.of("SALES.PUB?IC", "RAW"),
        List.of());

    assertThat(f.schema("SALES", "PUBLIC")).isTrue();
    assertThat(f.schema("OTHER", "PUBLIC")).isFalse();
    assertThat(f.schema("OTHER", "raw")).isTrue();
  }

  @Test
  void regex_isFullMatchAndMayBeQualified() {
    NameFilter f = new NameFilter(List.of(), List.of(), List.of(),
        List.of("regex:stg_\\d+", "regex:LEGACY\\..*"));

    assertThat(f.schema("DB", "STG_12")).isFalse();
    assertThat(f.schema("DB", "STG_X")).isTrue();
    assertThat(f.schema("LEGACY", "ANY")).isFalse();
  }

  @Test
  void globMetacharactersOtherThanStarAndQuestion_areLiteral() {
    NameFilter f = new NameFilter(List.of("A.B(C)+"), List.of(), List.of(), List.of());

    assertThat(f.database("A.B(C)+")).isTrue();
    assertThat(f.database("AxB(C)")).isFalse();
  }

  @Test
  void badPatterns_areRejectedAtOnce() {
    assertThatThrownBy(() -> SourceOptions.builder().includeSchemas("regex:(["))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("invalid regular expression in name pattern 'regex:(['");
    assertThatThrownBy(() -> SourceOptions.builder().excludeDatabases(" "))
        .isInstanceOf(IllegalArgumentException.class);
  }

  @Test
  void options_settingTwice_namesTheOldValue() {
    SourceOptions.Builder b = SourceOptions.builder().concurrency(2)
        .includeDatabases("A*");
    assertThatThrownBy(() -> b.concurrency(3)).isInstanceOf(IllegalStateException.class)
        .hasMessage("concurrency was already set to 2");
    assertThatThrownBy(() -> b.includeDatabases("B")).isInstanceOf(IllegalStateException.class)
        .hasMessage("includeDatabases was already set to [A*]");
    assertThatThrownBy(() -> SourceOptions.builder().concurrency(0))
        .isInstanceOf(IllegalArgumentException.class);
  }

  @Test
  void options_concurrency_emptyUntilSet_thenTheSourceDefaultGivesWay() {
    assertThat(SourceOptions.defaults().concurrency()).isEmpty();
    assertThat(SourceOptions.builder().concurrency(8).build().concurrency()).hasValue(8);
    assertThat(SourceOptions.defaults().toString())
        .endsWith(", includeSystemObjects=false, concurrency=default]");
  }
}
