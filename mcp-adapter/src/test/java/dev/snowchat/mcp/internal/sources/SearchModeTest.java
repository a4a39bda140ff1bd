package dev.snowchat.mcp.internal.sources;

import static org.assertj.core.api.Assertions.assertThat;

import dev.snowchat.mcp.internal.sources.SourceTools.SearchMode;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The mode of a search over every source: the weakest of those that gave hits. */
class SearchModeTest {
  @Test
  void weakestModeAmongSourcesWithHits() {
    SearchMode m = SearchMode.weakest(List.of(new SearchMode("hybrid", true, true),
        new SearchMode("keyword", false, false),
        new SearchMode("keyword_while_embedding", false, true)));
    assertThat(m.mode()).isEqualTo("keyword_while_embedding");
    assertThat(m.semantic()).isFalse();
  }

  @Test
  void semanticOnlyWhenEverySourceWithHitsWas() {
    SearchMode m = SearchMode.weakest(List.of(new SearchMode("hybrid", true, true),
        new SearchMode("keyword", false, false)));
    assertThat(m.mode()).isEqualTo("hybrid");
    assertThat(m.semantic()).isTrue();
  }

  @Test
  void noHits_weakestOfThoseThatAnswered_noAnswer_keyword() {
    assertThat(SearchMode.weakest(List.of(new SearchMode("hybrid", true, false),
        new SearchMode("keyword", false, false))).mode()).isEqualTo("keyword");
    assertThat(SearchMode.weakest(List.of())).isEqualTo(new SearchMode("keyword", false, false));
  }
}
