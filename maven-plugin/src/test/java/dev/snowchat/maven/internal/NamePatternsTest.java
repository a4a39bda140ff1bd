package dev.snowchat.maven.internal;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

class NamePatternsTest {

  @Test
  void parse_splitsDatabasesAndSchemas() {
    NamePatterns p = NamePatterns.parse("AIRBNB, SALES_*.PUBLIC", "*.STAGING,TMP_*");
    assertThat(p.includeDatabases()).containsExactly("AIRBNB");
    assertThat(p.includeSchemas()).containsExactly("SALES_*.PUBLIC");
    assertThat(p.excludeDatabases()).containsExactly("TMP_*");
    assertThat(p.excludeSchemas()).containsExactly("*.STAGING");
    assertThat(p.describe()).isEqualTo("include AIRBNB,SALES_*.PUBLIC; exclude TMP_*,*.STAGING");
  }

  @Test
  void parse_threeParts_isRejectedWithParameter() {
    assertThatThrownBy(() -> NamePatterns.parse("A.B.C", null))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("snowchat.include")
        .hasMessageContaining("'A.B.C'");
  }

  @Test
  void selects_globsIgnoreCase_excludesWin() {
    NamePatterns p = NamePatterns.parse("airbnb", "AIRBNB.RAW");
    assertThat(p.selects("AIRBNB", "ANALYTICS")).isTrue();
    assertThat(p.selects("AIRBNB", "RAW")).isFalse();
    assertThat(p.selects("OTHER", "ANALYTICS")).isFalse();
    assertThat(NamePatterns.parse(null, null).selects("X", "Y")).isTrue();
    assertThat(NamePatterns.parse("regex:AIR.*", null).selects("AIRBNB", "RAW")).isTrue();
  }
}
