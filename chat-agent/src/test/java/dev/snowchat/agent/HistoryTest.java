package dev.snowchat.agent;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class HistoryTest {
  static Message toolCall(String id) {
    return new Message(Role.ASSISTANT, List.of(new ToolUseBlock(id, "t", Map.of())));
  }

  static Message toolResult(String id, String text) {
    return new Message(Role.USER, List.of(new ToolResultBlock(id, text, false)));
  }

  @Test
  void trim_neverSeparatesAToolCallFromItsResult() {
    List<Message> h = List.of(Message.user("q1"), toolCall("a"), toolResult("a", "x".repeat(400)),
        Message.assistant("a1"), Message.user("q2"), toolCall("b"), toolResult("b", "y"),
        Message.assistant("a2"));
    int second = h.subList(4, 8).stream().mapToInt(Message::estimatedTokens).sum();
    List<Message> kept = History.trim(h, second + 5);
    assertThat(kept).isEqualTo(h.subList(4, 8));
    assertThat(History.trim(h, 10_000)).isEqualTo(h);
    assertThat(History.trim(h, 3)).isEmpty();
  }

  @Test
  void repair_dropsDanglingToolCallsAndClosesTrailingResults() {
    List<Message> dangling = List.of(Message.user("q"), Message.assistant("looking"),
        toolResult("a", "r"), toolCall("b"));
    List<Message> fixed = History.repair(dangling, StopReason.CANCELLED);
    assertThat(fixed).hasSize(4);
    assertThat(fixed.get(2)).isEqualTo(toolResult("a", "r"));
    assertThat(fixed.get(3).text()).contains("cancelled");
    assertThat(History.repair(List.of(Message.user("q"), toolCall("x")), StopReason.ERROR))
        .isEmpty();
  }
}
