package dev.snowchat.agent;

import static dev.snowchat.agent.testing.ScriptedModelClient.reply;
import static org.assertj.core.api.Assertions.assertThat;

import dev.snowchat.agent.testing.ScriptedModelClient;
import java.util.List;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.junit.jupiter.api.Test;

class ScopeGuardTest {
  final HeuristicScopeGuard heuristic = HeuristicScopeGuard.create();

  @ParameterizedTest
  @ValueSource(strings = {"which tables hold reviews?", "describe DIM_LISTINGS",
      "top 5 listings by price", "how do hosts join to reviews?", "how many rows in FACT_REVIEWS",
      "SELECT count(*) FROM x", "which neighbourhoods have the best-rated listings?",
      "average temperature per city in the weather table", "and the next 5?"})
  void heuristic_dataQuestions_areAllowed(String q) {
    assertThat(heuristic.check(q, List.of())).isInstanceOf(ScopeDecision.Allow.class);
  }

  @ParameterizedTest
  @ValueSource(strings = {"What's the latest NBA news?", "what is the weather in Berlin tomorrow",
      "give me a recipe for lasagna", "who will win the election?", "tell me a joke",
      "write a poem about the sea"})
  void heuristic_offTopic_isRefused(String q) {
    assertThat(heuristic.check(q, List.of())).isInstanceOfSatisfying(ScopeDecision.Refuse.class,
        r -> assertThat(r.reply()).isEqualTo(HeuristicScopeGuard.DEFAULT_REPLY));
  }

  @Test
  void heuristic_shortFollowUpAfterADataQuestion_isAllowed() {
    List<Message> history = List.of(Message.user("show rows of the daily sales table"),
        Message.assistant("| day | sales |"));
    assertThat(heuristic.check("and the weather?", history))
        .isInstanceOf(ScopeDecision.Allow.class);
    assertThat(heuristic.check("and the weather?", List.of()))
        .isInstanceOf(ScopeDecision.Refuse.class);
  }

  @Test
  void heuristic_domainWords_canBeAdded() {
    HeuristicScopeGuard g = HeuristicScopeGuard.builder().dataWords(java.util.Set.of("forecast"))
        .reply("Data only, please.").build();
    assertThat(g.check("show the sales forecast", List.of()))
        .isInstanceOf(ScopeDecision.Allow.class);
    assertThat(g.check("tell me a joke", List.of())).isEqualTo(
        ScopeDecision.refuse("off-topic: joke", "Data only, please."));
  }

  @Test
  void chat_refusedQuestion_streamsTheCannedReplyAndEndsRefused() throws Exception {
    ScriptedModelClient model = ScriptedModelClient.of();
    try (ChatAgent agent = ChatAgent.builder()
        .engine(ToolLoopEngine.builder(model).model("m").build())
        .scopeGuard(heuristic).build()) {
      Events ev = new Events();
      AgentEvent.Done done = Events.await(agent.chat("s", "u", "latest NBA news?", ev), ev);
      assertThat(done.stopReason()).isEqualTo(StopReason.REFUSED);
      assertThat(ev.text()).isEqualTo(HeuristicScopeGuard.DEFAULT_REPLY);
      assertThat(ev.of(AgentEvent.Text.class).size()).isGreaterThan(1);
      assertThat(ev.of(AgentEvent.Error.class)).isEmpty();
      assertThat(done.turns()).isZero();
      assertThat(model.requests()).isEmpty(); // the expensive turn never ran
    }
  }

  @Test
  void model_block_refuses_andAllow_allows() throws Exception {
    ScriptedModelClient classifier = ScriptedModelClient.of(reply().text("BLOCK"),
        reply().text("ALLOW"));
    ModelScopeGuard g = ModelScopeGuard.builder(classifier).model("haiku").build();
    assertThat(g.check("latest NBA news", List.of())).isInstanceOf(ScopeDecision.Refuse.class);
    assertThat(g.check("and the next 5?", List.of(Message.user("top 5 listings"),
        Message.assistant("| a |")))).isInstanceOf(ScopeDecision.Allow.class);
    ModelRequest second = classifier.requests().get(1);
    assertThat(second.model()).isEqualTo("haiku");
    assertThat(second.system()).isEqualTo(ModelScopeGuard.CLASSIFIER_PROMPT);
    assertThat(second.messages().get(0).text()).contains("User: top 5 listings")
        .contains("New message:\nand the next 5?");
  }

  @Test
  void model_failure_failsOpenByDefault() throws Exception {
    ScriptedModelClient classifier = ScriptedModelClient.of(ScriptedModelClient.failure(
        new ModelException(AgentErrorCode.MODEL_UNAVAILABLE, "down")), reply().text("maybe"));
    ModelScopeGuard g = ModelScopeGuard.builder(classifier).model("haiku").build();
    assertThat(g.failOpen()).isTrue();
    assertThat(g.check("q", List.of())).isInstanceOf(ScopeDecision.Allow.class);
    assertThat(g.check("q", List.of())).isInstanceOf(ScopeDecision.Allow.class);
  }

  @Test
  void model_failure_failsClosedWhenSet() throws Exception {
    ScriptedModelClient classifier = ScriptedModelClient.of(ScriptedModelClient.failure(
        new ModelException(AgentErrorCode.MODEL_UNAVAILABLE, "down")), reply().text("maybe"));
    ModelScopeGuard g = ModelScopeGuard.builder(classifier).model("haiku").failOpen(false)
        .build();
    assertThat(g.check("q", List.of())).isInstanceOfSatisfying(ScopeDecision.Refuse.class,
        r -> assertThat(r.reason()).contains("down"));
    assertThat(g.check("q", List.of())).isInstanceOfSatisfying(ScopeDecision.Refuse.class,
        r -> assertThat(r.reason()).contains("neither ALLOW nor BLOCK"));
  }
}
