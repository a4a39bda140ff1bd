package dev.snowchat.agent;

import static dev.snowchat.agent.testing.ScriptedModelClient.reply;
import static org.assertj.core.api.Assertions.assertThat;

import dev.snowchat.agent.testing.ScriptedModelClient;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

class ApprovalTest {
  /** Writes need approval; reads do not. */
  static final ToolApprover WRITES = (name, input) ->
      String.valueOf(input.get("sql")).startsWith("DELETE");

  static ChatAgent agent(ScriptedModelClient model, FakeTool tool, Duration timeout) {
    return ChatAgent.builder()
        .engine(ToolLoopEngine.builder(model).model("m").build())
        .toolSource(ToolSource.of(List.of(tool)))
        .approver(WRITES)
        .limits(AgentLimits.builder().approvalTimeout(timeout).build())
        .build();
  }

  static ScriptedModelClient deleteThenAnswer() {
    return ScriptedModelClient.of(
        reply().toolUse("w1", "execute_query", Map.of("sql", "DELETE FROM T")),
        reply().text("ok"));
  }

  /** A sink that signals when a call waits for approval. */
  static final class Waiting extends Events {
    final CountDownLatch asked = new CountDownLatch(1);

    @Override
    public void accept(AgentEvent e) {
      super.accept(e);
      if (e instanceof AgentEvent.ToolUse u && u.approvalRequired()) {
        asked.countDown();
      }
    }
  }

  @Test
  void approval_granted_runsTheCall() throws Exception {
    FakeTool tool = FakeTool.returning("execute_query", "3 rows deleted");
    try (ChatAgent agent = agent(deleteThenAnswer(), tool, Duration.ofMinutes(5))) {
      Waiting ev = new Waiting();
      TurnHandle h = agent.chat("s", "u", "delete T", ev);
      assertThat(ev.asked.await(20, TimeUnit.SECONDS)).isTrue();
      assertThat(agent.approve("s", "other-id", true)).isFalse();
      assertThat(agent.approve("s", "w1", true)).isTrue();
      assertThat(Events.await(h, ev).stopReason()).isEqualTo(StopReason.END_TURN);
      assertThat(tool.inputs).hasSize(1);
      assertThat(ev.of(AgentEvent.ToolResult.class)).singleElement()
          .satisfies(r -> assertThat(r.error()).isFalse());
    }
  }

  @Test
  void approval_denied_givesTheModelADenialAndDoesNotRun() throws Exception {
    FakeTool tool = FakeTool.returning("execute_query", "3 rows deleted");
    ScriptedModelClient model = deleteThenAnswer();
    try (ChatAgent agent = agent(model, tool, Duration.ofMinutes(5))) {
      Waiting ev = new Waiting();
      TurnHandle h = agent.chat("s", "u", "delete T", ev);
      assertThat(ev.asked.await(20, TimeUnit.SECONDS)).isTrue();
      assertThat(agent.approve("s", "w1", false)).isTrue();
      assertThat(Events.await(h, ev).stopReason()).isEqualTo(StopReason.END_TURN);
      assertThat(tool.inputs).isEmpty();
      AgentEvent.ToolResult r = ev.of(AgentEvent.ToolResult.class).get(0);
      assertThat(r.error()).isTrue();
      assertThat(r.content()).contains("denied");
      assertThat(model.requests().get(1).messages().get(2).content().get(0))
          .isEqualTo(new ToolResultBlock("w1", r.content(), true));
    }
  }

  @Test
  void approval_timeout_deniesTheCall() throws Exception {
    FakeTool tool = FakeTool.returning("execute_query", "3 rows deleted");
    try (ChatAgent agent = agent(deleteThenAnswer(), tool, Duration.ofMillis(1))) {
      Events ev = new Events();
      assertThat(Events.await(agent.chat("s", "u", "delete T", ev), ev).stopReason())
          .isEqualTo(StopReason.END_TURN);
      assertThat(tool.inputs).isEmpty();
      assertThat(ev.of(AgentEvent.ToolResult.class).get(0).content())
          .contains("did not approve execute_query within PT0.001S");
      assertThat(agent.approve("s", "w1", true)).isFalse();
    }
  }

  @Test
  void approval_turnCancelledWhileWaiting_endsCancelled() throws Exception {
    FakeTool tool = FakeTool.returning("execute_query", "3 rows deleted");
    try (ChatAgent agent = agent(deleteThenAnswer(), tool, Duration.ofMinutes(5))) {
      Waiting ev = new Waiting();
      TurnHandle h = agent.chat("s", "u", "delete T", ev);
      assertThat(ev.asked.await(20, TimeUnit.SECONDS)).isTrue();
      h.cancel();
      assertThat(Events.await(h, ev).stopReason()).isEqualTo(StopReason.CANCELLED);
      assertThat(tool.inputs).isEmpty();
      assertThat(agent.approve("s", "w1", true)).isFalse();
    }
  }

  /**
   * A review found two parallel writes under one id ({@code dup}): one approval ran whichever
   * registered last, not necessarily the one the person read. The second is now refused unrun,
   * and the one approval runs the first.
   */
  @Test
  void approval_twoCallsWithOneId_secondRefusedUnrun_approvalRunsTheFirst() throws Exception {
    FakeTool tool = FakeTool.returning("execute_query", "1 row deleted");
    ScriptedModelClient model = ScriptedModelClient.of(
        reply().toolUse("dup", "execute_query", Map.of("sql", "DELETE FROM A"))
            .toolUse("dup", "execute_query", Map.of("sql", "DELETE FROM B")),
        reply().text("ok"));
    try (ChatAgent agent = agent(model, tool, Duration.ofMinutes(5))) {
      Waiting ev = new Waiting();
      TurnHandle h = agent.chat("s", "u", "delete both", ev);
      assertThat(ev.asked.await(20, TimeUnit.SECONDS)).isTrue();
      AgentEvent.ToolUse asked = ev.of(AgentEvent.ToolUse.class).stream()
          .filter(AgentEvent.ToolUse::approvalRequired).findFirst().orElseThrow();
      assertThat(agent.approve("s", "dup", true)).isTrue();
      assertThat(Events.await(h, ev).stopReason()).isEqualTo(StopReason.END_TURN);
      assertThat(ev.of(AgentEvent.ToolUse.class)).hasSize(2)
          .filteredOn(AgentEvent.ToolUse::approvalRequired).hasSize(1);
      // exactly the statement that was shown for approval ran
      assertThat(tool.inputs).singleElement().isEqualTo(asked.input());
      assertThat(ev.of(AgentEvent.ToolResult.class)).hasSize(2)
          .filteredOn(AgentEvent.ToolResult::error).singleElement()
          .satisfies(r -> assertThat(r.content()).contains("same id 'dup'"));
    }
  }

  /**
   * CI found the rule above racy: when the first call was approved and finished before the
   * second parallel call reached its check, the second asked again under the answered id and
   * the turn waited for an approval nobody would give. Ids now stay reserved until the whole
   * batch ends. Here the second call is held back until the first has run.
   */
  @Test
  void approval_twoCallsWithOneId_secondArrivingAfterTheFirstRan_isStillRefused()
      throws Exception {
    FakeTool tool = FakeTool.returning("execute_query", "1 row deleted");
    ScriptedModelClient model = ScriptedModelClient.of(
        reply().toolUse("dup", "execute_query", Map.of("sql", "DELETE FROM A"))
            .toolUse("dup", "execute_query", Map.of("sql", "DELETE FROM B")),
        reply().text("ok"));
    CountDownLatch firstRan = new CountDownLatch(1);
    Interceptor holdB = chain -> {
      if (chain.call() instanceof Interceptor.ToolCall c
          && "DELETE FROM B".equals(c.input().get("sql"))) {
        assertThat(firstRan.await(20, TimeUnit.SECONDS)).isTrue();
      }
      Interceptor.Reply r = chain.proceed(chain.call());
      if (chain.call() instanceof Interceptor.ToolCall c
          && "DELETE FROM A".equals(c.input().get("sql"))) {
        firstRan.countDown();
      }
      return r;
    };
    try (ChatAgent agent = ChatAgent.builder()
        .engine(ToolLoopEngine.builder(model).model("m").build())
        .toolSource(ToolSource.of(List.of(tool)))
        .approver(WRITES)
        .interceptor(holdB)
        .limits(AgentLimits.builder().approvalTimeout(Duration.ofSeconds(20)).build())
        .build()) {
      Waiting ev = new Waiting();
      TurnHandle h = agent.chat("s", "u", "delete both", ev);
      assertThat(ev.asked.await(20, TimeUnit.SECONDS)).isTrue();
      assertThat(agent.approve("s", "dup", true)).isTrue();
      assertThat(Events.await(h, ev).stopReason()).isEqualTo(StopReason.END_TURN);
      assertThat(tool.inputs).extracting(i -> i.get("sql")).containsExactly("DELETE FROM A");
      assertThat(ev.of(AgentEvent.ToolUse.class))
          .filteredOn(AgentEvent.ToolUse::approvalRequired).hasSize(1);
      assertThat(ev.of(AgentEvent.ToolResult.class)).hasSize(2)
          .filteredOn(AgentEvent.ToolResult::error).singleElement()
          .satisfies(r -> assertThat(r.content()).contains("same id 'dup'"));
    }
  }

  /**
   * After {@code reset}, a second turn of the same session can run while the first still waits
   * for approval. Its call under the same id used to replace the first one's pending approval,
   * so the answer given to the first dialog ran the second statement. It is now refused unrun,
   * and the answer runs the statement it was given for.
   */
  @Test
  void approval_secondTurnAfterReset_sameId_cannotTakeTheFirstOnesAnswer() throws Exception {
    FakeTool tool = FakeTool.returning("execute_query", "1 row deleted");
    ScriptedModelClient model = ScriptedModelClient.of(
        reply().toolUse("w1", "execute_query", Map.of("sql", "DELETE FROM A")),
        reply().toolUse("w1", "execute_query", Map.of("sql", "DELETE FROM B")),
        reply().text("second done"),
        reply().text("first done"));
    try (ChatAgent agent = agent(model, tool, Duration.ofMinutes(5))) {
      Waiting first = new Waiting();
      TurnHandle h1 = agent.chat("s", "u", "delete A", first);
      assertThat(first.asked.await(20, TimeUnit.SECONDS)).isTrue();
      assertThat(agent.reset("s")).isTrue();
      Events second = new Events();
      assertThat(Events.await(agent.chat("s", "u", "delete B", second), second).stopReason())
          .isEqualTo(StopReason.END_TURN);
      assertThat(second.of(AgentEvent.ToolUse.class)).singleElement()
          .satisfies(u -> assertThat(u.approvalRequired()).isFalse());
      assertThat(second.of(AgentEvent.ToolResult.class)).singleElement()
          .satisfies(r -> assertThat(r.error()).isTrue())
          .satisfies(r -> assertThat(r.content()).contains("same id 'w1'"));
      assertThat(agent.approve("s", "w1", true)).isTrue();
      assertThat(Events.await(h1, first).stopReason()).isEqualTo(StopReason.END_TURN);
      assertThat(tool.inputs).extracting(i -> i.get("sql")).containsExactly("DELETE FROM A");
    }
  }

  /** An id reused in a later model round, after the first call was answered, is no clash. */
  @Test
  void approval_idReusedAfterTheFirstWasAnswered_asksAgain() throws Exception {
    FakeTool tool = FakeTool.returning("execute_query", "1 row deleted");
    ScriptedModelClient model = ScriptedModelClient.of(
        reply().toolUse("dup", "execute_query", Map.of("sql", "DELETE FROM A")),
        reply().toolUse("dup", "execute_query", Map.of("sql", "DELETE FROM B")),
        reply().text("ok"));
    List<Boolean> answered = new java.util.concurrent.CopyOnWriteArrayList<>();
    try (ChatAgent agent = agent(model, tool, Duration.ofMinutes(5))) {
      Events ev = new Events() {
        @Override
        public void accept(AgentEvent e) {
          super.accept(e);
          if (e instanceof AgentEvent.ToolUse u && u.approvalRequired()) {
            // the approval is registered before the event announces it
            Thread.startVirtualThread(() -> answered.add(agent.approve("s", u.id(), true)));
          }
        }
      };
      assertThat(Events.await(agent.chat("s", "u", "delete A, then B", ev), ev).stopReason())
          .isEqualTo(StopReason.END_TURN);
      assertThat(tool.inputs).extracting(i -> i.get("sql"))
          .containsExactly("DELETE FROM A", "DELETE FROM B");
      assertThat(ev.of(AgentEvent.ToolResult.class)).noneMatch(AgentEvent.ToolResult::error);
      assertThat(answered).containsExactly(true, true);
    }
  }

  @Test
  void approval_notRequired_announcesTheCallWithoutWaiting() throws Exception {
    FakeTool tool = FakeTool.returning("execute_query", "1");
    ScriptedModelClient model = ScriptedModelClient.of(
        reply().toolUse("r1", "execute_query", Map.of("sql", "SELECT 1")), reply().text("1"));
    try (ChatAgent agent = agent(model, tool, Duration.ofMinutes(5))) {
      Events ev = new Events();
      Events.await(agent.chat("s", "u", "select", ev), ev);
      assertThat(ev.of(AgentEvent.ToolUse.class)).singleElement()
          .satisfies(u -> assertThat(u.approvalRequired()).isFalse());
      assertThat(tool.inputs).hasSize(1);
    }
  }
}
