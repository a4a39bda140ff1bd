package dev.snowchat.agent.testing;

import static dev.snowchat.agent.testing.ScriptedModelClient.reply;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.snowchat.agent.AgentErrorCode;
import dev.snowchat.agent.Message;
import dev.snowchat.agent.ModelException;
import dev.snowchat.agent.ModelRequest;
import dev.snowchat.agent.ModelResponse;
import dev.snowchat.agent.ModelStreamListener;
import dev.snowchat.agent.TextBlock;
import dev.snowchat.agent.ThinkingBlock;
import dev.snowchat.agent.ToolUseBlock;
import dev.snowchat.agent.Usage;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class ScriptedModelClientTest {
  static final ModelRequest REQ = new ModelRequest("m", null, List.of(Message.user("q")),
      List.of(), 100, 0);

  @Test
  void stream_playsDeltasBlocksStopReasonAndUsage_andRecordsRequests() throws Exception {
    ScriptedModelClient c = ScriptedModelClient.of(reply().thinking("a").thinking("b")
        .text("x").text("y").toolUse("t", "n", Map.of("k", 1)).usage(3, 4));
    List<String> deltas = new ArrayList<>();
    ModelResponse r = c.stream(REQ, new ModelStreamListener() {
      @Override
      public void onText(String delta) {
        deltas.add("text:" + delta);
      }

      @Override
      public void onThinking(String delta) {
        deltas.add("thinking:" + delta);
      }
    });
    assertThat(deltas).containsExactly("thinking:a", "thinking:b", "text:x", "text:y");
    assertThat(r.content()).containsExactly(new ThinkingBlock("ab", "sig"), new TextBlock("xy"),
        new ToolUseBlock("t", "n", Map.of("k", 1)));
    assertThat(r.stopReason()).isEqualTo("tool_use");
    assertThat(r.usage()).isEqualTo(Usage.of(3, 4));
    assertThat(c.requests()).containsExactly(REQ);
  }

  @Test
  void stream_failuresAndAnExhaustedScript_throwModelExceptions() {
    ScriptedModelClient c = ScriptedModelClient.of(ScriptedModelClient.failure(
        new ModelException(AgentErrorCode.MODEL_AUTH, "bad key")));
    assertThatThrownBy(() -> c.stream(REQ, ModelStreamListener.NONE))
        .isInstanceOf(ModelException.class).hasMessage("bad key");
    assertThatThrownBy(() -> c.stream(REQ, ModelStreamListener.NONE))
        .isInstanceOf(ModelException.class).hasMessageContaining("no reply left");
    assertThat(c.requests()).hasSize(2);
  }
}
