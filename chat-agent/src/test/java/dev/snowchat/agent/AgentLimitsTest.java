package dev.snowchat.agent;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Duration;
import java.util.Map;
import org.junit.jupiter.api.Test;

class AgentLimitsTest {
  @Test
  void fromEnvironment_readsTheReferenceNames() {
    AgentLimits l = AgentLimits.fromEnvironment(Map.of("DAILY_COST_LIMIT_USD", " 0.75 ",
        "PER_USER_DAILY_MSGS", "50", "OTHER", "x"));
    assertThat(l.dailyCostLimitUsd()).hasValue(0.75);
    assertThat(l.perUserDailyMessages()).hasValue(50);
    assertThat(AgentLimits.fromEnvironment(Map.of("DAILY_COST_LIMIT_USD", " ")).dailyCostLimitUsd())
        .isEmpty();
  }

  @Test
  void fromEnvironment_badValues_nameTheVariable() {
    assertThatThrownBy(() -> AgentLimits.fromEnvironment(Map.of("DAILY_COST_LIMIT_USD", "five")))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageStartingWith("DAILY_COST_LIMIT_USD='five' is not a number");
    assertThatThrownBy(() -> AgentLimits.fromEnvironment(Map.of("PER_USER_DAILY_MSGS", "-1")))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageStartingWith("PER_USER_DAILY_MSGS: perUserDailyMessages must be >= 0");
  }

  @Test
  void builder_setTwice_isIseNamingTheOldValue_andBadValuesAreIae() {
    AgentLimits.Builder b = AgentLimits.builder().maxToolCallsPerTurn(5);
    assertThatThrownBy(() -> b.maxToolCallsPerTurn(6)).isInstanceOf(IllegalStateException.class)
        .hasMessage("maxToolCallsPerTurn was already set to 5");
    assertThatThrownBy(() -> AgentLimits.builder().sessionIdleExpiry(Duration.ZERO))
        .isInstanceOf(IllegalArgumentException.class);
    assertThatThrownBy(() -> AgentLimits.builder().dailyCostLimitUsd(Double.NaN))
        .isInstanceOf(IllegalArgumentException.class);
    assertThat(AgentLimits.defaults().maxToolCallsPerTurn()).isEqualTo(20);
    assertThat(AgentLimits.defaults().toString()).contains("dailyCostLimitUsd=none");
  }
}
