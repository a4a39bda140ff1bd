package dev.snowchat.schemaindex.internal.search;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.Comparator;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class RrfTest {
  @Test
  void fuse_itemHighInBothRankings_beatsItemFirstInOne() {
    Map<String, Double> fused = Rrf.fuse(
        List.of(List.of("a", "b", "c"), List.of("b", "c", "a")), new double[] {1, 1}, 60);
    List<String> order = fused.entrySet().stream()
        .sorted(Map.Entry.<String, Double>comparingByValue(Comparator.reverseOrder()))
        .map(Map.Entry::getKey).toList();
    assertThat(order).containsExactly("b", "a", "c");
    assertThat(fused.get("b")).isEqualTo(1 / 61.0 + 1 / 62.0);
  }

  @Test
  void fuse_weights_favourOneRanking() {
    Map<String, Double> fused = Rrf.fuse(
        List.of(List.of("a", "b"), List.of("b", "a")), new double[] {1, 0.5}, 60);
    assertThat(fused.get("a")).isGreaterThan(fused.get("b"));
  }

  @Test
  void fuse_itemInOneRankingOnly_keepsItsShare() {
    Map<String, Double> fused =
        Rrf.fuse(List.of(List.of("a"), List.of()), new double[] {1, 1}, 60);
    assertThat(fused).containsOnlyKeys("a");
  }

  @Test
  void fuse_weightCountMismatch_isRefused() {
    assertThatThrownBy(() -> Rrf.fuse(List.of(List.of("a")), new double[] {1, 1}, 60))
        .isInstanceOf(IllegalArgumentException.class);
  }
}
