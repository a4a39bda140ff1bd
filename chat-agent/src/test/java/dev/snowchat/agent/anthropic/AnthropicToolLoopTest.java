package dev.snowchat.agent.anthropic;

import static org.assertj.core.api.Assertions.assertThat;

import dev.snowchat.agent.AgentEvent;
import dev.snowchat.agent.ChatAgent;
import dev.snowchat.agent.ModelClientFactory;
import dev.snowchat.agent.ModelPricing;
import dev.snowchat.agent.StopReason;
import dev.snowchat.agent.Tool;
import dev.snowchat.agent.ToolContext;
import dev.snowchat.agent.ToolLoopEngine;
import dev.snowchat.agent.ToolOutcome;
import dev.snowchat.agent.ToolSource;
import dev.snowchat.agent.ToolSpec;
import dev.snowchat.agent.Usage;
import dev.snowchat.agent.internal.langchain4j.SseStub;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;

/**
 * End to end: {@link ChatAgent} with the {@link ToolLoopEngine} over the Anthropic client, the
 * stub replaying a thinking turn with two parallel tool calls and then the answer, and fake tools.
 */
class AnthropicToolLoopTest {

  record FakeTool(ToolSpec spec, String result, List<Map<String, Object>> inputs)
      implements Tool {
    FakeTool(ToolSpec spec, String result) {
      this(spec, result, new CopyOnWriteArrayList<>());
    }

    @Override
    public ToolOutcome call(Map<String, Object> input, ToolContext context) {
      inputs.add(input);
      return result.startsWith("ERROR ") ? ToolOutcome.error(result.substring(6))
          : ToolOutcome.success(result, Map.of("echo", input));
    }
  }

  @Test
  void chat_thinkingParallelToolsThenAnswer_streamsTheEventSequence() throws Exception {
    FakeTool listTables = new FakeTool(AnthropicModelClientTest.LIST_TABLES,
        "{\"tables\":[\"ORDERS\",\"CUSTOMERS\",\"ITEMS\"]}");
    FakeTool describe = new FakeTool(AnthropicModelClientTest.DESCRIBE,
        "ERROR Table ORDERS not found in PUBLIC");
    try (SseStub stub = new SseStub()) {
      stub.enqueue(SseStub.sse(AnthropicStreams.thinkingThenTwoTools()))
          .enqueue(SseStub.sse(AnthropicStreams.finalAnswer()));
      ChatAgent agent = ChatAgent.builder()
          .engine(ToolLoopEngine.builder(ModelClientFactory.find("anthropic").create(Map.of(
                  "apiKey", "sk-ant-test", "baseUrl", stub.url() + "/v1/")))
              .model("claude-sonnet-4-5")
              .thinkingBudgetTokens(2048)
              .maxTokens(4096)
              .pricing(ModelPricing.of(3, 15))
              .build())
          .toolSource(ToolSource.of(List.of(listTables, describe)))
          .build();
      List<AgentEvent> events = new CopyOnWriteArrayList<>();
      try (agent) {
        AgentEvent.Done done = agent.chat("s1", "u1", "What columns does ORDERS have?",
            events::add).completion().get(60, TimeUnit.SECONDS);

        List<String> types = new ArrayList<>();
        for (AgentEvent e : events) {
          types.add(e.type());
        }
        // Deltas stream in order; both tool calls run (concurrently: their results may come in
        // either order) before the second model turn streams the answer.
        assertThat(types.subList(0, 4)).containsExactly("thinking", "thinking", "text", "text");
        assertThat(types.subList(4, 8)).containsExactlyInAnyOrder("tool_use", "tool_use",
            "tool_result", "tool_result");
        assertThat(types.subList(8, types.size())).containsExactly("text", "text", "done");
        assertThat(types.indexOf("tool_use")).isLessThan(types.indexOf("tool_result"));

        assertThat(listTables.inputs()).containsExactly(Map.of("schema", "PUBLIC", "limit", 5));
        assertThat(describe.inputs()).containsExactly(Map.of("table", "ORDERS"));
        assertThat(events).filteredOn(e -> e instanceof AgentEvent.ToolResult r && r.error())
            .singleElement().extracting(e -> ((AgentEvent.ToolResult) e).toolUseId())
            .isEqualTo("toolu_01B");

        assertThat(done.stopReason()).isEqualTo(StopReason.END_TURN);
        assertThat(done.turns()).isEqualTo(2);
        assertThat(done.usage()).isEqualTo(new Usage(472 + 650, 89 + 15, 100 + 572, 20));
        assertThat(done.costUsd()).isEqualTo(ModelPricing.of(3, 15).cost(done.usage()));

        // The second request carried the thinking block, both tool uses and both results.
        JsonNode second = stub.requests().get(1).json().path("messages");
        assertThat(second).hasSize(3);
        assertThat(second.get(1).path("content").get(0).path("signature").asString())
            .isEqualTo(AnthropicStreams.SIGNATURE);
        assertThat(second.get(2).path("content")).hasSize(2);
        assertThat(second.get(2).path("content").get(1).path("is_error").asBoolean()).isTrue();
      }
    }
  }
}
