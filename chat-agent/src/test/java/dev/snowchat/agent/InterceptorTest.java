package dev.snowchat.agent;

import static dev.snowchat.agent.testing.ScriptedModelClient.reply;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.snowchat.agent.Interceptor.Call;
import dev.snowchat.agent.Interceptor.ToolCall;
import dev.snowchat.agent.Interceptor.ToolReply;
import dev.snowchat.agent.Interceptor.TurnInfo;
import dev.snowchat.agent.testing.ScriptedModelClient;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import org.junit.jupiter.api.Test;

class InterceptorTest {
  static final TurnInfo INFO = new TurnInfo("s", "u", 1, 1, 0, Usage.ZERO, 0,
      AgentLimits.defaults());
  static final ToolCall CALL = new ToolCall("t", "x", Map.of(), ToolContext.of("s", "u", 1));

  static Interceptor named(String name, Interceptor body) {
    return new Interceptor() {
      @Override
      public Reply intercept(Chain chain) throws InterruptedException {
        return body.intercept(chain);
      }

      @Override
      public String name() {
        return name;
      }
    };
  }

  @Test
  void chain_proceedTwice_throwsIseNamingTheInterceptor() {
    Interceptor twice = named("retry-twice", chain -> {
      chain.proceed(chain.call());
      return chain.proceed(chain.call());
    });
    assertThatThrownBy(() -> InterceptorChain.run(List.of(twice), CALL, () -> INFO,
        c -> new ToolReply(ToolOutcome.success("ok"))))
        .isInstanceOf(IllegalStateException.class)
        .hasMessageContaining("Interceptor retry-twice must call proceed() exactly once");
  }

  @Test
  void chain_noProceed_throwsIseNamingTheInterceptor() {
    Interceptor lazy = named("cache", chain -> new ToolReply(ToolOutcome.success("cached")));
    assertThatThrownBy(() -> InterceptorChain.run(List.of(lazy), CALL, () -> INFO,
        c -> new ToolReply(ToolOutcome.success("ok"))))
        .isInstanceOf(IllegalStateException.class)
        .hasMessageContaining("Interceptor cache must call proceed() exactly once");
  }

  @Test
  void chain_replyOfAnotherKind_throwsIse() {
    Interceptor wrong = named("wrong", chain -> {
      chain.proceed(chain.call());
      return new Interceptor.TurnReply(StopReason.END_TURN, Usage.ZERO, 0, 0);
    });
    assertThatThrownBy(() -> InterceptorChain.run(List.of(wrong), CALL, () -> INFO,
        c -> new ToolReply(ToolOutcome.success("ok"))))
        .isInstanceOf(IllegalStateException.class)
        .hasMessageContaining("Interceptor wrong returned TurnReply for a tool call");
  }

  @Test
  void chain_runsInOrder_andMayReplaceCallAndReply() throws Exception {
    List<String> seen = new CopyOnWriteArrayList<>();
    Interceptor outer = named("outer", chain -> {
      seen.add("outer>");
      ToolCall c = (ToolCall) chain.call();
      Interceptor.Reply r = chain.proceed(new ToolCall(c.id(), c.name(), Map.of("k", "v"),
          c.context()));
      seen.add("<outer");
      ToolOutcome o = ((ToolReply) r).outcome();
      return new ToolReply(ToolOutcome.success(o.text().replace("secret", "<masked>")));
    });
    Interceptor inner = named("inner", chain -> {
      seen.add("inner>");
      return chain.proceed(chain.call());
    });
    Interceptor.Reply r = InterceptorChain.run(List.of(outer, inner), CALL, () -> INFO,
        (Call c) -> {
          seen.add("call " + ((ToolCall) c).input());
          return new ToolReply(ToolOutcome.success("a secret"));
        });
    assertThat(seen).containsExactly("outer>", "inner>", "call {k=v}", "<outer");
    assertThat(((ToolReply) r).outcome().text()).isEqualTo("a <masked>");
  }

  @Test
  void chat_interceptorProceedsTwice_endsWithInternalErrorThenDone() throws Exception {
    ScriptedModelClient model = ScriptedModelClient.of(reply().text("a"), reply().text("b"));
    Interceptor twice = named("double-model", chain -> {
      if (chain.call() instanceof Interceptor.ModelCall) {
        chain.proceed(chain.call());
      }
      return chain.proceed(chain.call());
    });
    try (ChatAgent agent = ChatAgent.builder()
        .engine(ToolLoopEngine.builder(model).model("m").build()).interceptor(twice).build()) {
      Events ev = new Events();
      AgentEvent.Done done = Events.await(agent.chat("s", "u", "q", ev), ev);
      assertThat(done.stopReason()).isEqualTo(StopReason.ERROR);
      assertThat(ev.error().code()).isEqualTo("INTERNAL");
      assertThat(ev.error().message())
          .contains("Interceptor double-model must call proceed() exactly once");
    }
  }

  @Test
  void chat_interceptorSeesEveryCallWithTurnCounts() throws Exception {
    FakeTool tool = FakeTool.returning("list_tables", "T");
    ScriptedModelClient model = ScriptedModelClient.of(
        reply().toolUse("1", "list_tables", Map.of()).usage(5, 1), reply().text("done"));
    List<String> log = new CopyOnWriteArrayList<>();
    Interceptor logging = chain -> {
      TurnInfo t = chain.turn();
      log.add(chain.call().kind() + " tools=" + t.toolCalls() + " models=" + t.modelTurns());
      return chain.proceed(chain.call());
    };
    try (ChatAgent agent = ChatAgent.builder()
        .engine(ToolLoopEngine.builder(model).model("m").build())
        .toolSource(ToolSource.of(List.of(tool))).interceptor(logging).build()) {
      Events ev = new Events();
      Events.await(agent.chat("s", "u", "q", ev), ev);
    }
    assertThat(log).containsExactly("turn tools=0 models=0", "model tools=0 models=1",
        "tool tools=1 models=1", "model tools=1 models=2");
  }

  @Test
  void chat_interceptorRefusing_endsWithItsError() throws Exception {
    ScriptedModelClient model = ScriptedModelClient.of(reply().text("a"));
    Interceptor refuse = chain -> {
      if (chain.call() instanceof Interceptor.TurnCall t && t.prompt().contains("DROP")) {
        throw new SnowchatAgentException(AgentErrorCode.SCOPE, "Not here.");
      }
      return chain.proceed(chain.call());
    };
    try (ChatAgent agent = ChatAgent.builder()
        .engine(ToolLoopEngine.builder(model).model("m").build()).interceptor(refuse).build()) {
      Events ev = new Events();
      AgentEvent.Done done = Events.await(agent.chat("s", "u", "DROP it", ev), ev);
      assertThat(ev.types()).containsExactly("error", "done");
      assertThat(done.stopReason()).isEqualTo(StopReason.REFUSED);
      assertThat(model.requests()).isEmpty();
    }
  }
}
