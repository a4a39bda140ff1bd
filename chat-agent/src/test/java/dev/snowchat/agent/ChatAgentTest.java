package dev.snowchat.agent;

import static dev.snowchat.agent.testing.ScriptedModelClient.reply;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.snowchat.agent.testing.ScriptedModelClient;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import org.junit.jupiter.api.Test;

class ChatAgentTest {
  static final ModelPricing PRICING = ModelPricing.of(3, 15);

  static ChatAgent agent(ScriptedModelClient model, AgentLimits limits, Tool... tools) {
    return ChatAgent.builder()
        .engine(ToolLoopEngine.builder(model).model("test-model").pricing(PRICING).build())
        .toolSource(ToolSource.of(List.of(tools)))
        .limits(limits)
        .build();
  }

  static ChatAgent agent(ScriptedModelClient model, Tool... tools) {
    return agent(model, AgentLimits.defaults(), tools);
  }

  @Test
  void chat_multiStepToolUse_streamsEventsSumsUsageAndRemembers() throws Exception {
    FakeTool search = FakeTool.returning("search_schema", "AIRBNB.ANALYTICS.FACT_REVIEWS");
    FakeTool describe = FakeTool.returning("describe_table", "RATING INTEGER");
    ScriptedModelClient model = ScriptedModelClient.of(
        reply().text("Let me look. ").toolUse("t1", "search_schema", Map.of("query", "reviews"))
            .usage(100, 10),
        reply().toolUse("t2", "describe_table", Map.of("table", "FACT_REVIEWS")).usage(200, 20),
        reply().text("Reviews live in ").text("FACT_REVIEWS.").usage(300, 30));
    try (ChatAgent agent = agent(model, search, describe)) {
      Events ev = new Events();
      AgentEvent.Done done = Events.await(agent.chat("s1", "u1", "where are reviews?", ev), ev);

      assertThat(ev.types()).containsExactly("text", "tool_use", "tool_result", "tool_use",
          "tool_result", "text", "text", "done");
      assertThat(ev.text()).isEqualTo("Let me look. Reviews live in FACT_REVIEWS.");
      assertThat(done.stopReason()).isEqualTo(StopReason.END_TURN);
      assertThat(done.turns()).isEqualTo(3);
      assertThat(done.usage()).isEqualTo(Usage.of(600, 60));
      assertThat(done.costUsd()).isCloseTo((600 * 3 + 60 * 15) / 1e6,
          org.assertj.core.data.Offset.offset(1e-12));
      assertThat(search.inputs).containsExactly(Map.of("query", "reviews"));

      // The second model call saw the tool result of the first.
      ModelRequest second = model.requests().get(1);
      assertThat(second.messages()).hasSize(3);
      assertThat(second.messages().get(2).content()).singleElement()
          .isEqualTo(new ToolResultBlock("t1", "AIRBNB.ANALYTICS.FACT_REVIEWS", false));
      assertThat(second.tools()).extracting(ToolSpec::name)
          .containsExactly("search_schema", "describe_table");

      List<Message> h = agent.history("s1");
      assertThat(h).extracting(Message::role).containsExactly(Role.USER, Role.ASSISTANT,
          Role.USER, Role.ASSISTANT, Role.USER, Role.ASSISTANT);
      assertThat(h.get(0).text()).isEqualTo("where are reviews?");
      assertThat(h.get(5).text()).isEqualTo("Reviews live in FACT_REVIEWS.");
    }
  }

  @Test
  void chat_followUp_sendsHistoryToTheModel() throws Exception {
    ScriptedModelClient model = ScriptedModelClient.of(reply().text("Top 5: ..."),
        reply().text("Next 5: ..."));
    try (ChatAgent agent = agent(model)) {
      Events a = new Events();
      Events.await(agent.chat("s", "u", "top 5 listings by price", a), a);
      Events b = new Events();
      Events.await(agent.chat("s", "u", "and the next 5?", b), b);
      assertThat(model.requests().get(1).messages()).extracting(Message::text)
          .containsExactly("top 5 listings by price", "Top 5: ...", "and the next 5?");
    }
  }

  @Test
  void chat_thinking_streamsThinkingEventsAndKeepsTheBlock() throws Exception {
    ScriptedModelClient model = ScriptedModelClient.of(
        reply().thinking("The user wants ").thinking("tables.").text("Here."));
    try (ChatAgent agent = agent(model)) {
      Events ev = new Events();
      Events.await(agent.chat("s", "u", "tables?", ev), ev);
      assertThat(ev.types()).containsExactly("thinking", "thinking", "text", "done");
      assertThat(ev.thinking()).isEqualTo("The user wants tables.");
      assertThat(agent.history("s").get(1).content()).first()
          .isEqualTo(new ThinkingBlock("The user wants tables.", "sig"));
    }
  }

  @Test
  void chat_parallelToolCalls_runConcurrentlyAndKeepOrderInHistory() throws Exception {
    CountDownLatch bothRunning = new CountDownLatch(2);
    FakeTool.Body body = (in, ctx) -> {
      bothRunning.countDown();
      // Only returns once the other call runs too: sequential calls would fail here.
      boolean together = bothRunning.await(20, TimeUnit.SECONDS);
      return together ? ToolOutcome.success("rows of " + in.get("table"))
          : ToolOutcome.error("not concurrent");
    };
    FakeTool preview = new FakeTool("preview_table", body);
    ScriptedModelClient model = ScriptedModelClient.of(
        reply().toolUse("a", "preview_table", Map.of("table", "A"))
            .toolUse("b", "preview_table", Map.of("table", "B")),
        reply().text("Both previewed."));
    try (ChatAgent agent = agent(model, preview)) {
      Events ev = new Events();
      AgentEvent.Done done = Events.await(agent.chat("s", "u", "preview A and B", ev), ev);
      assertThat(done.stopReason()).isEqualTo(StopReason.END_TURN);
      assertThat(ev.of(AgentEvent.ToolResult.class)).hasSize(2)
          .allSatisfy(r -> assertThat(r.error()).isFalse());
      Message results = model.requests().get(1).messages().get(2);
      assertThat(results.content()).containsExactly(
          new ToolResultBlock("a", "rows of A", false),
          new ToolResultBlock("b", "rows of B", false));
    }
  }

  @Test
  void chat_modelErrorMidStream_endsWithErrorThenDone() throws Exception {
    ScriptedModelClient model = ScriptedModelClient.of(reply().text("Partial ")
        .thenFail(new ModelException(AgentErrorCode.MODEL_RATE_LIMITED, "Rate limited; retry"
            + " in 20s")));
    try (ChatAgent agent = agent(model)) {
      Events ev = new Events();
      AgentEvent.Done done = Events.await(agent.chat("s", "u", "count rows", ev), ev);
      assertThat(ev.types()).containsExactly("text", "error", "done");
      assertThat(ev.error()).isEqualTo(new AgentEvent.Error("MODEL_RATE_LIMITED",
          "Rate limited; retry in 20s"));
      assertThat(done.stopReason()).isEqualTo(StopReason.ERROR);
      assertThat(agent.history("s")).isEmpty(); // no answer, nothing to remember
    }
  }

  @Test
  void chat_failingTool_givesTheModelAnErrorResultAndContinues() throws Exception {
    FakeTool broken = new FakeTool("execute_query", (in, ctx) -> {
      throw new IllegalStateException("connection reset");
    });
    ScriptedModelClient model = ScriptedModelClient.of(
        reply().toolUse("t1", "execute_query", Map.of("sql", "SELECT 1")),
        reply().toolUse("t2", "no_such_tool", Map.of()),
        reply().text("The query failed."));
    try (ChatAgent agent = agent(model, broken)) {
      Events ev = new Events();
      AgentEvent.Done done = Events.await(agent.chat("s", "u", "run it", ev), ev);
      assertThat(done.stopReason()).isEqualTo(StopReason.END_TURN);
      List<AgentEvent.ToolResult> results = ev.of(AgentEvent.ToolResult.class);
      assertThat(results.get(0).error()).isTrue();
      assertThat(results.get(0).content()).contains("execute_query failed")
          .contains("connection reset");
      assertThat(results.get(1).content()).contains("Unknown tool 'no_such_tool'")
          .contains("execute_query");
      assertThat(model.requests().get(1).messages().get(2).content()).singleElement()
          .extracting(b -> ((ToolResultBlock) b).error()).isEqualTo(true);
    }
  }

  @Test
  void chat_toolLimitReached_endsWithErrorThenDone() throws Exception {
    FakeTool t = FakeTool.returning("list_tables", "x");
    ScriptedModelClient model = ScriptedModelClient.of(
        reply().toolUse("1", "list_tables", Map.of()),
        reply().toolUse("2", "list_tables", Map.of()),
        reply().toolUse("3", "list_tables", Map.of()),
        reply().text("never"));
    try (ChatAgent agent = agent(model, AgentLimits.builder().maxToolCallsPerTurn(2).build(),
        t)) {
      Events ev = new Events();
      AgentEvent.Done done = Events.await(agent.chat("s", "u", "loop", ev), ev);
      assertThat(ev.error().code()).isEqualTo("TOOL_LIMIT");
      assertThat(ev.error().message()).contains("more than 2 tool calls");
      assertThat(done.stopReason()).isEqualTo(StopReason.TOOL_LIMIT);
      assertThat(t.inputs).hasSize(2);
      assertThat(ev.of(AgentEvent.ToolUse.class)).hasSize(2); // the third never announced
      assertThat(done.turns()).isEqualTo(3);
    }
  }

  @Test
  void chat_parallelCallsOverToolLimit_endWithToolLimit() throws Exception {
    FakeTool t = FakeTool.returning("list_tables", "x");
    ScriptedModelClient model = ScriptedModelClient.of(
        reply().toolUse("1", "list_tables", Map.of()).toolUse("2", "list_tables", Map.of())
            .toolUse("3", "list_tables", Map.of()));
    try (ChatAgent agent = agent(model, AgentLimits.builder().maxToolCallsPerTurn(2).build(),
        t)) {
      Events ev = new Events();
      AgentEvent.Done done = Events.await(agent.chat("s", "u", "three at once", ev), ev);
      assertThat(done.stopReason()).isEqualTo(StopReason.TOOL_LIMIT);
      assertThat(ev.error().code()).isEqualTo("TOOL_LIMIT");
      assertThat(agent.history("s")).isEmpty(); // the tool calls had no results: dropped
    }
  }

  @Test
  void chat_modelTurnLimitReached_endsWithErrorThenDone() throws Exception {
    FakeTool t = FakeTool.returning("list_tables", "x");
    ScriptedModelClient model = ScriptedModelClient.of(
        reply().toolUse("1", "list_tables", Map.of()).usage(10, 1),
        reply().toolUse("2", "list_tables", Map.of()).usage(10, 1),
        reply().text("never"));
    try (ChatAgent agent = agent(model, AgentLimits.builder().maxModelTurnsPerTurn(2).build(),
        t)) {
      Events ev = new Events();
      AgentEvent.Done done = Events.await(agent.chat("s", "u", "loop", ev), ev);
      assertThat(ev.error().code()).isEqualTo("TURN_LIMIT");
      assertThat(done.stopReason()).isEqualTo(StopReason.TURN_LIMIT);
      assertThat(model.requests()).hasSize(2);
      assertThat(model.remaining()).isEqualTo(1);
      assertThat(done.usage()).isEqualTo(Usage.of(20, 2));
      // The exchange that ran is remembered: prompt, two calls with results, then a note.
      assertThat(agent.history("s")).hasSize(6);
      assertThat(agent.history("s").get(5).text()).contains("turn_limit");
    }
  }

  @Test
  void chat_dailyCostLimit_refusesTheNextTurnUntilTheNextDay() throws Exception {
    FakeClock clock = new FakeClock();
    // 1M input tokens at $3 = $3 per turn; the limit is $5.
    ScriptedModelClient model = ScriptedModelClient.of(reply().text("a").usage(1_000_000, 0),
        reply().text("b").usage(1_000_000, 0), reply().text("c").usage(1_000_000, 0));
    try (ChatAgent agent = ChatAgent.builder()
        .engine(ToolLoopEngine.builder(model).model("m").pricing(PRICING).build())
        .limits(AgentLimits.fromEnvironment(Map.of("DAILY_COST_LIMIT_USD", "5")))
        .clock(clock).build()) {
      for (String text : List.of("a", "b")) {
        Events ev = new Events();
        assertThat(Events.await(agent.chat("s", "u", "q", ev), ev).stopReason())
            .isEqualTo(StopReason.END_TURN);
        assertThat(ev.text()).isEqualTo(text);
      }
      assertThat(agent.spentTodayUsd()).isEqualTo(6.0);
      Events refused = new Events();
      AgentEvent.Done done = Events.await(agent.chat("s2", "other", "q", refused), refused);
      assertThat(done.stopReason()).isEqualTo(StopReason.BUDGET);
      assertThat(refused.types()).containsExactly("error", "done");
      assertThat(refused.error().code()).isEqualTo("BUDGET");
      assertThat(refused.error().message()).contains("$5.00").contains("DAILY_COST_LIMIT_USD");
      assertThat(model.requests()).hasSize(2);

      clock.advance(Duration.ofDays(1));
      Events next = new Events();
      assertThat(Events.await(agent.chat("s", "u", "q", next), next).stopReason())
          .isEqualTo(StopReason.END_TURN);
    }
  }

  @Test
  void chat_dailyCostReachedMidTurn_stopsBeforeTheNextModelCall() throws Exception {
    FakeTool t = FakeTool.returning("list_tables", "x");
    ScriptedModelClient model = ScriptedModelClient.of(
        reply().toolUse("1", "list_tables", Map.of()).usage(2_000_000, 0),
        reply().text("never"));
    try (ChatAgent agent = agent(model, AgentLimits.builder().dailyCostLimitUsd(5).build(),
        t)) {
      Events ev = new Events();
      AgentEvent.Done done = Events.await(agent.chat("s", "u", "q", ev), ev);
      assertThat(done.stopReason()).isEqualTo(StopReason.BUDGET);
      assertThat(done.costUsd()).isEqualTo(6.0);
      assertThat(ev.error().code()).isEqualTo("BUDGET");
    }
  }

  @Test
  void chat_perUserDailyMessages_refusesOverTheLimitPerUser() throws Exception {
    FakeClock clock = new FakeClock();
    ScriptedModelClient model = ScriptedModelClient.of(reply().text("1"), reply().text("2"),
        reply().text("3"), reply().text("4"));
    try (ChatAgent agent = ChatAgent.builder()
        .engine(ToolLoopEngine.builder(model).model("m").build())
        .limits(AgentLimits.fromEnvironment(Map.of("PER_USER_DAILY_MSGS", "2")))
        .clock(clock).build()) {
      for (int i = 0; i < 2; i++) {
        Events ev = new Events();
        assertThat(Events.await(agent.chat("s", "alice", "q", ev), ev).stopReason())
            .isEqualTo(StopReason.END_TURN);
      }
      Events third = new Events();
      assertThat(Events.await(agent.chat("s", "alice", "q", third), third).stopReason())
          .isEqualTo(StopReason.BUDGET);
      assertThat(third.error().code()).isEqualTo("DAILY_LIMIT");
      assertThat(third.error().message()).contains("2 messages per day");
      assertThat(agent.messagesToday("alice")).isEqualTo(2);

      Events bob = new Events();
      assertThat(Events.await(agent.chat("s2", "bob", "q", bob), bob).stopReason())
          .isEqualTo(StopReason.END_TURN);
      clock.advance(Duration.ofDays(1));
      Events tomorrow = new Events();
      assertThat(Events.await(agent.chat("s", "alice", "q", tomorrow), tomorrow).stopReason())
          .isEqualTo(StopReason.END_TURN);
    }
  }

  @Test
  void cancel_midModelStream_interruptsTheStreamAndEndsCancelled() throws Exception {
    ScriptedModelClient model = ScriptedModelClient.of(
        reply().text("Thinking about it").blockUntilCancelled());
    try (ChatAgent agent = agent(model)) {
      Events ev = new Events();
      TurnHandle h = agent.chat("s", "u", "q", ev);
      assertThat(model.awaitBlocked(20, TimeUnit.SECONDS)).isTrue();
      h.cancel();
      AgentEvent.Done done = Events.await(h, ev);
      assertThat(done.stopReason()).isEqualTo(StopReason.CANCELLED);
      assertThat(ev.types()).containsExactly("text", "error", "done");
      assertThat(ev.error().code()).isEqualTo("CANCELLED");
    }
  }

  @Test
  void cancel_midToolCall_interruptsTheToolAndEndsCancelled() throws Exception {
    CountDownLatch running = new CountDownLatch(1);
    AtomicBoolean interrupted = new AtomicBoolean();
    FakeTool slow = new FakeTool("execute_query", (in, ctx) -> {
      running.countDown();
      try {
        new CountDownLatch(1).await(); // a query that never ends
        return ToolOutcome.success("never");
      } catch (InterruptedException e) {
        interrupted.set(true); // the in-process source cancels the statement here
        throw e;
      }
    });
    ScriptedModelClient model = ScriptedModelClient.of(
        reply().toolUse("t1", "execute_query", Map.of("sql", "SELECT 1")), reply().text("x"));
    try (ChatAgent agent = agent(model, slow)) {
      Events ev = new Events();
      TurnHandle h = agent.chat("s", "u", "q", ev);
      assertThat(running.await(20, TimeUnit.SECONDS)).isTrue();
      h.cancel();
      AgentEvent.Done done = Events.await(h, ev);
      assertThat(done.stopReason()).isEqualTo(StopReason.CANCELLED);
      assertThat(interrupted).isTrue();
      assertThat(model.requests()).hasSize(1);
      assertThat(ev.types()).containsExactly("tool_use", "error", "done");
    }
  }

  @Test
  void cancel_parallelToolCalls_interruptsEveryRunningCall() throws Exception {
    CountDownLatch running = new CountDownLatch(2);
    CountDownLatch interrupted = new CountDownLatch(2);
    FakeTool slow = new FakeTool("execute_query", (in, ctx) -> {
      running.countDown();
      try {
        new CountDownLatch(1).await();
        return ToolOutcome.success("never");
      } catch (InterruptedException e) {
        interrupted.countDown();
        throw e;
      }
    });
    ScriptedModelClient model = ScriptedModelClient.of(
        reply().toolUse("a", "execute_query", Map.of()).toolUse("b", "execute_query", Map.of()));
    try (ChatAgent agent = agent(model, slow)) {
      Events ev = new Events();
      TurnHandle h = agent.chat("s", "u", "q", ev);
      assertThat(running.await(20, TimeUnit.SECONDS)).isTrue();
      h.cancel();
      assertThat(Events.await(h, ev).stopReason()).isEqualTo(StopReason.CANCELLED);
      assertThat(interrupted.getCount()).isZero();
    }
  }

  @Test
  void chat_sinkThatThrows_cancelsTheTurn() throws Exception {
    ScriptedModelClient model = ScriptedModelClient.of(
        reply().text("first").blockUntilCancelled());
    try (ChatAgent agent = agent(model)) {
      Events seen = new Events();
      TurnHandle h = agent.chat("s", "u", "q", e -> {
        seen.accept(e);
        if (e instanceof AgentEvent.Text) {
          throw new IllegalStateException("client went away");
        }
      });
      AgentEvent.Done done = h.completion().get(30, TimeUnit.SECONDS);
      assertThat(done.stopReason()).isEqualTo(StopReason.CANCELLED);
      assertThat(seen.all.get(seen.all.size() - 1)).isEqualTo(done);
    }
  }

  @Test
  void sessions_areIsolated_andOneTurnAtATimePerSession() throws Exception {
    ScriptedModelClient model = ScriptedModelClient.of(
        reply().text("slow").blockUntilCancelled(), reply().text("other session"));
    try (ChatAgent agent = agent(model)) {
      Events first = new Events();
      TurnHandle h = agent.chat("s1", "u", "q1", first);
      assertThat(model.awaitBlocked(20, TimeUnit.SECONDS)).isTrue();

      Events busy = new Events();
      AgentEvent.Done busyDone = Events.await(agent.chat("s1", "u", "q2", busy), busy);
      assertThat(busy.error().code()).isEqualTo("SESSION_BUSY");
      assertThat(busyDone.stopReason()).isEqualTo(StopReason.ERROR);

      Events other = new Events();
      assertThat(Events.await(agent.chat("s2", "u", "q3", other), other).stopReason())
          .isEqualTo(StopReason.END_TURN);
      assertThat(other.text()).isEqualTo("other session");
      assertThat(agent.history("s2")).extracting(Message::text)
          .containsExactly("q3", "other session");
      assertThat(model.requests().get(1).messages()).hasSize(1); // nothing of s1

      h.cancel();
      Events.await(h, first);
      assertThat(agent.history("s1")).isEmpty();
    }
  }

  @Test
  void sessions_idleLongerThanTheExpiry_areForgotten() throws Exception {
    FakeClock clock = new FakeClock();
    ScriptedModelClient model = ScriptedModelClient.of(reply().text("a"), reply().text("b"),
        reply().text("c"));
    try (ChatAgent agent = ChatAgent.builder()
        .engine(ToolLoopEngine.builder(model).model("m").build())
        .limits(AgentLimits.builder().sessionIdleExpiry(Duration.ofMinutes(10)).build())
        .clock(clock).build()) {
      Events a = new Events();
      Events.await(agent.chat("s", "u", "q1", a), a);
      clock.advance(Duration.ofMinutes(9));
      Events b = new Events();
      Events.await(agent.chat("s", "u", "q2", b), b);
      assertThat(agent.history("s")).hasSize(4);
      clock.advance(Duration.ofMinutes(10));
      assertThat(agent.sessionCount()).isZero();
      assertThat(agent.history("s")).isEmpty();
      Events c = new Events();
      Events.await(agent.chat("s", "u", "q3", c), c);
      assertThat(model.requests().get(2).messages()).extracting(Message::text)
          .containsExactly("q3");
    }
  }

  @Test
  void chat_historyOverTheBudget_dropsOldestWholeExchanges() throws Exception {
    FakeTool t = FakeTool.returning("list_tables", "x".repeat(200));
    ScriptedModelClient model = ScriptedModelClient.of(
        reply().toolUse("1", "list_tables", Map.of()), reply().text("first answer"),
        reply().text("second answer"));
    // The first exchange (with a 200-character tool result) is ~90 tokens; the budget is 60.
    try (ChatAgent agent = agent(model, AgentLimits.builder().historyTokenBudget(60).build(),
        t)) {
      Events a = new Events();
      Events.await(agent.chat("s", "u", "first", a), a);
      assertThat(agent.history("s")).isEmpty();
      Events b = new Events();
      Events.await(agent.chat("s", "u", "second", b), b);
      assertThat(agent.history("s")).extracting(Message::text)
          .containsExactly("second", "second answer");
    }
  }

  @Test
  void reset_forgetsTheSession() throws Exception {
    ScriptedModelClient model = ScriptedModelClient.of(reply().text("a"));
    try (ChatAgent agent = agent(model)) {
      Events a = new Events();
      Events.await(agent.chat("s", "u", "q", a), a);
      assertThat(agent.reset("s")).isTrue();
      assertThat(agent.reset("s")).isFalse();
      assertThat(agent.history("s")).isEmpty();
    }
  }

  @Test
  void tools_getTheQueryTagOfSessionAndTurn() throws Exception {
    FakeTool t = FakeTool.returning("execute_query", "1");
    ScriptedModelClient model = ScriptedModelClient.of(
        reply().toolUse("1", "execute_query", Map.of()), reply().text("a"),
        reply().toolUse("2", "execute_query", Map.of()), reply().text("b"));
    try (ChatAgent agent = agent(model, t)) {
      for (String q : List.of("one", "two")) {
        Events ev = new Events();
        Events.await(agent.chat("sess 1", "alice", q, ev), ev);
      }
      assertThat(t.contexts).extracting(ToolContext::queryTag)
          .containsExactly("snowchat:sess_1:1", "snowchat:sess_1:2");
      assertThat(t.contexts.get(0).userId()).isEqualTo("alice");
      assertThat(t.contexts.get(1).turn()).isEqualTo(2);
    }
  }

  @Test
  void build_duplicateToolNames_isRejected() {
    ToolSource a = ToolSource.of(List.of(FakeTool.returning("x", "1")));
    ToolSource b = ToolSource.of(List.of(FakeTool.returning("x", "2")));
    assertThatThrownBy(() -> ChatAgent.builder().toolSource(a).toolSource(b).build())
        .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("'x'");
  }

  @Test
  void builder_engineTwice_isRejectedNamingTheOldValue() {
    ChatAgent.Builder b = ChatAgent.builder().engine(OfflinePlanner.create());
    assertThatThrownBy(() -> b.engine(OfflinePlanner.create()))
        .isInstanceOf(IllegalStateException.class)
        .hasMessage("engine was already set to offline-planner");
  }

  @Test
  void close_closesEngineModelAndSources_andRefusesNewTurns() {
    ScriptedModelClient model = ScriptedModelClient.of();
    AtomicBoolean sourceClosed = new AtomicBoolean();
    ToolSource src = new ToolSource() {
      @Override
      public List<Tool> tools() {
        return List.of();
      }

      @Override
      public void close() {
        sourceClosed.set(true);
      }
    };
    ChatAgent agent = ChatAgent.builder()
        .engine(ToolLoopEngine.builder(model).model("m").build()).toolSource(src).build();
    agent.close();
    assertThat(model.isClosed()).isTrue();
    assertThat(sourceClosed).isTrue();
    assertThatThrownBy(() -> agent.chat("s", "u", "q", e -> { }))
        .isInstanceOf(IllegalStateException.class);
  }
}
