package dev.snowchat.agent;

import static dev.snowchat.agent.testing.ScriptedModelClient.reply;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.snowchat.agent.testing.ScriptedModelClient;
import java.util.List;
import org.junit.jupiter.api.Test;

class ToolLoopEngineTest {
  @Test
  void engine_maxTokens_endsWithMaxTokens() throws Exception {
    ScriptedModelClient model = ScriptedModelClient.of(
        reply().text("a long answ").stopReason("max_tokens"));
    try (ChatAgent agent = ChatAgent.builder().engine(ToolLoopEngine.builder(model).model("m")
        .maxTokens(10).thinkingBudgetTokens(5).system("be brief").build()).build()) {
      Events ev = new Events();
      assertThat(Events.await(agent.chat("s", "u", "q", ev), ev).stopReason())
          .isEqualTo(StopReason.MAX_TOKENS);
      ModelRequest r = model.requests().get(0);
      assertThat(r.maxTokens()).isEqualTo(10);
      assertThat(r.thinkingBudgetTokens()).isEqualTo(5);
      assertThat(r.system()).isEqualTo("be brief");
      assertThat(r.model()).isEqualTo("m");
    }
  }

  @Test
  void engine_defaults_useTheDefaultSystemPrompt() throws Exception {
    ScriptedModelClient model = ScriptedModelClient.of(reply().text("x"));
    try (ChatAgent agent = ChatAgent.builder()
        .engine(ToolLoopEngine.builder(model).model("m").build()).build()) {
      Events ev = new Events();
      Events.await(agent.chat("s", "u", "q", ev), ev);
      assertThat(model.requests().get(0).system()).isEqualTo(ToolLoopEngine.DEFAULT_SYSTEM_PROMPT)
          .contains("SCOPE");
    }
  }

  @Test
  void builder_validates() {
    assertThatThrownBy(() -> ToolLoopEngine.builder(ScriptedModelClient.of()).build())
        .isInstanceOf(IllegalStateException.class).hasMessageContaining("model is required");
    assertThatThrownBy(() -> ToolLoopEngine.builder(ScriptedModelClient.of()).model("m")
        .thinkingBudgetTokens(5000).build()).isInstanceOf(IllegalStateException.class)
        .hasMessageContaining("must be below maxTokens (4096)");
  }

  @Test
  void chat_engineThrowingAnError_stillEndsWithDone() throws Exception {
    ChatEngine broken = new ChatEngine() {
      @Override
      public String name() {
        return "broken";
      }

      @Override
      public void runTurn(Turn turn) {
        throw new ExceptionInInitializerError("static init failed");
      }
    };
    try (ChatAgent agent = ChatAgent.builder().engine(broken).build()) {
      Events ev = new Events();
      AgentEvent.Done done = Events.await(agent.chat("s", "u", "q", ev), ev);
      assertThat(done.stopReason()).isEqualTo(StopReason.ERROR);
      assertThat(ev.error().code()).isEqualTo("INTERNAL");
    }
  }

  @Test
  void chat_engineEmittingDone_isRefused() throws Exception {
    ChatEngine rogue = new ChatEngine() {
      @Override
      public String name() {
        return "rogue";
      }

      @Override
      public void runTurn(Turn turn) {
        turn.emit(new AgentEvent.Done(StopReason.END_TURN, Usage.ZERO, 0,
            java.time.Duration.ZERO, 0));
      }
    };
    try (ChatAgent agent = ChatAgent.builder().engine(rogue).build()) {
      Events ev = new Events();
      Events.await(agent.chat("s", "u", "q", ev), ev);
      assertThat(ev.error().message()).contains("engines do not emit done events");
    }
  }

  @Test
  void chat_externalEngine_reportsUsageAndEmitsToolEvents() throws Exception {
    ChatEngine external = new ChatEngine() {
      @Override
      public String name() {
        return "external";
      }

      @Override
      public void runTurn(Turn turn) {
        turn.emit(new AgentEvent.ToolUse("x1", "mcp__snowchat__list_tables",
            java.util.Map.of(), false));
        turn.emit(new AgentEvent.ToolResult("x1", "mcp__snowchat__list_tables", false, "T",
            null));
        turn.emit(new AgentEvent.Text("done"));
        turn.record(Message.assistant("done"));
        turn.reportUsage(Usage.of(100, 10), 0.5, 3);
      }
    };
    try (ChatAgent agent = ChatAgent.builder().engine(external).build()) {
      Events ev = new Events();
      AgentEvent.Done done = Events.await(agent.chat("s", "u", "q", ev), ev);
      assertThat(ev.types()).containsExactly("tool_use", "tool_result", "text", "done");
      assertThat(done.usage()).isEqualTo(Usage.of(100, 10));
      assertThat(done.costUsd()).isEqualTo(0.5);
      assertThat(done.turns()).isEqualTo(3);
      assertThat(agent.spentTodayUsd()).isEqualTo(0.5);
      assertThat(agent.history("s")).extracting(Message::text).isEqualTo(List.of("q", "done"));
    }
  }
}
