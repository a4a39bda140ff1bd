package dev.snowchat.sqlgate.issues;

import static org.assertj.core.api.Assertions.assertThat;

import dev.snowchat.sqlgate.Execution;
import dev.snowchat.sqlgate.GatedExecutor;
import dev.snowchat.sqlgate.Rule;
import java.util.List;

/** Assertions shared by the red-team tests that run statements through a {@link GatedExecutor}. */
final class RefusedRuns {
  private RefusedRuns() {}

  /**
   * Runs each statement through the executor and asserts that the gate refused it under the rule
   * (so the driver never saw it).
   */
  static void assertAllRefused(GatedExecutor executor, Rule rule, List<String> statements) {
    for (String sql : statements) {
      Execution e = executor.run(sql);
      assertThat(e).as(sql).isInstanceOf(Execution.Refused.class);
      assertThat(((Execution.Refused) e).verdict().rule()).as(sql).isEqualTo(rule);
    }
  }
}
