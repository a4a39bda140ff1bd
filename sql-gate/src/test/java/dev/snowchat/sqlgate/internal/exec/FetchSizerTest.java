package dev.snowchat.sqlgate.internal.exec;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

class FetchSizerTest {
  private final FetchSizer sizer = new FetchSizer(131072, 32);

  @Test
  void first_isOneRow() {
    assertThat(sizer.first()).isEqualTo(1);
  }

  @Test
  void next_narrowRows_takesTheBound() {
    // 50 bytes per row: thousands would fit, the bound holds a fetch to 32
    assertThat(sizer.next(52, 1)).isEqualTo(32);
  }

  @Test
  void next_rowsNearTheBudget_takesWhatFitsPlusTheOneThatCrossesIt() {
    // 30,001 bytes per row, 60,002 used: 71,070 left holds 2 more rows, and a third crosses
    assertThat(sizer.next(60_002, 2)).isEqualTo(3);
  }

  @Test
  void next_budgetSpent_takesOneRow() {
    assertThat(sizer.next(131072, 10)).isEqualTo(1);
    assertThat(sizer.next(200_000, 10)).isEqualTo(1);
  }

  @Test
  void next_rowsBiggerThanTheBudget_takesOneRow() {
    assertThat(new FetchSizer(1000, 32).next(900, 1)).isEqualTo(1);
  }

  @Test
  void new_nonPositive_isRejected() {
    assertThatThrownBy(() -> new FetchSizer(0, 32)).isInstanceOf(IllegalArgumentException.class);
    assertThatThrownBy(() -> new FetchSizer(1, 0)).isInstanceOf(IllegalArgumentException.class);
  }
}
