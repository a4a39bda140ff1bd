package dev.snowchat.schemaindex;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

class SearchRequestTest {
  @Test
  void of_setsDefaults() {
    SearchRequest r = SearchRequest.of("revenue", 10);
    assertThat(r.database()).isNull();
    assertThat(r.schema()).isNull();
    assertThat(r.kind()).isNull();
    assertThat(r.includeColumns()).isTrue();
  }

  @Test
  void withers_copyOneField() {
    SearchRequest r = SearchRequest.of("revenue", 10).withDatabase("SALES").withSchema("PUBLIC")
        .withKind(TableKind.VIEW).withK(3).withIncludeColumns(false);
    assertThat(r).isEqualTo(new SearchRequest("revenue", 3, "SALES", "PUBLIC", TableKind.VIEW,
        false));
  }

  @Test
  void badValues_areRefused() {
    assertThatThrownBy(() -> SearchRequest.of(" ", 10))
        .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("blank");
    assertThatThrownBy(() -> SearchRequest.of("x", 0))
        .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("got 0");
    assertThatThrownBy(() -> SearchRequest.of("x", 1001))
        .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("1000");
    assertThatThrownBy(() -> SearchRequest.of("x", 5).withDatabase(""))
        .isInstanceOf(IllegalArgumentException.class);
  }
}
