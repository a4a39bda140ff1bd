package dev.snowchat.examples.agent;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.util.List;
import org.junit.jupiter.api.Test;

class AgentWithCustomToolTest {
  @Test
  void run_callsTheCustomTool_andStreamsTheAnswer() {
    ByteArrayOutputStream buf = new ByteArrayOutputStream();
    List<String> events = AgentWithCustomTool.run(new PrintStream(buf, true));
    assertThat(events).anySatisfy(e -> assertThat(e).contains("\"type\":\"tool_use\"",
        "\"name\":\"exchange_rate\""));
    assertThat(events).anySatisfy(e -> assertThat(e).contains("\"type\":\"tool_result\"",
        "1 EUR = 1.08 USD"));
    assertThat(events).anySatisfy(e -> assertThat(e).contains("108 USD"));
    assertThat(events.get(events.size() - 1)).contains("\"type\":\"done\"", "end_turn");
  }
}
