package dev.snowchat.agent;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Duration;
import java.util.Map;
import org.junit.jupiter.api.Test;

class AgentEventTest {
  @Test
  void toJson_followsTheSseContract() {
    assertThat(new AgentEvent.Text("hi").toJsonString())
        .isEqualTo("{\"type\":\"text\",\"text\":\"hi\"}");
    assertThat(new AgentEvent.Thinking("hmm").toJsonString())
        .isEqualTo("{\"type\":\"thinking\",\"text\":\"hmm\"}");
    assertThat(new AgentEvent.ToolUse("t1", "execute_query", Map.of("sql", "SELECT 1"), true)
        .toJsonString()).isEqualTo("{\"type\":\"tool_use\",\"id\":\"t1\",\"name\":"
            + "\"execute_query\",\"input\":{\"sql\":\"SELECT 1\"},\"approvalRequired\":true}");
    assertThat(new AgentEvent.ToolResult("t1", "execute_query", false, "1 row",
        Map.of("rowCount", 1)).toJsonString()).isEqualTo("{\"type\":\"tool_result\","
            + "\"toolUseId\":\"t1\",\"name\":\"execute_query\",\"error\":false,\"content\":"
            + "\"1 row\",\"structured\":{\"rowCount\":1}}");
    assertThat(new AgentEvent.ToolResult("t1", "x", true, "boom", null).toJson())
        .doesNotContainKey("structured");
    assertThat(AgentEvent.Error.of(AgentErrorCode.TOOL_LIMIT, "too many").toJsonString())
        .isEqualTo("{\"type\":\"error\",\"code\":\"TOOL_LIMIT\",\"message\":\"too many\"}");
    assertThat(new AgentEvent.Done(StopReason.END_TURN, new Usage(10, 5, 2, 1), 0.25,
        Duration.ofMillis(1500), 2).toJsonString()).isEqualTo("{\"type\":\"done\","
            + "\"stopReason\":\"end_turn\",\"usage\":{\"inputTokens\":10,\"outputTokens\":5,"
            + "\"cacheReadTokens\":2,\"cacheWriteTokens\":1},\"costUsd\":0.25,"
            + "\"durationMs\":1500,\"turns\":2}");
  }

  @Test
  void toolUse_inputWithNulls_isKeptAndImmutable() {
    java.util.HashMap<String, Object> in = new java.util.HashMap<>();
    in.put("pattern", null);
    AgentEvent.ToolUse u = new AgentEvent.ToolUse("t", "list_tables", in, false);
    in.put("x", 1);
    assertThat(u.input()).containsEntry("pattern", null).doesNotContainKey("x");
    assertThatThrownBy(() -> u.input().put("y", 2))
        .isInstanceOf(UnsupportedOperationException.class);
  }

  @Test
  void done_rejectsNegativeCost() {
    assertThatThrownBy(() -> new AgentEvent.Done(StopReason.END_TURN, Usage.ZERO, -1,
        Duration.ZERO, 0)).isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("costUsd");
  }

  @Test
  void values_validate() {
    assertThatThrownBy(() -> new ToolSpec("bad name", "", Map.of("type", "object"), true))
        .hasMessageContaining("Bad tool name 'bad name'");
    assertThatThrownBy(() -> new ToolSpec("ok", "", Map.of("type", "array"), true))
        .hasMessageContaining("type object");
    assertThatThrownBy(() -> new Message(Role.USER, java.util.List.of()))
        .isInstanceOf(IllegalArgumentException.class);
    assertThat(Usage.of(1, 2).plus(new Usage(3, 4, 5, 6))).isEqualTo(new Usage(4, 6, 5, 6));
    assertThat(ModelPricing.of(3, 15).cost(new Usage(1_000_000, 1_000_000, 1_000_000,
        1_000_000))).isCloseTo(3 + 15 + 0.3 + 3.75, org.assertj.core.data.Offset.offset(1e-9));
    assertThat(ToolContext.queryTag("a/b c", 3)).isEqualTo("snowchat:a_b_c:3");
    assertThat(ToolContext.queryTag("x".repeat(100), 1)).hasSize("snowchat:".length() + 64 + 2);
  }
}
