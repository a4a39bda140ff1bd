package dev.snowchat.agent;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class ModelClientFactoryTest {
  static final ModelRequest REQ = new ModelRequest("m", null, List.of(Message.user("q")),
      List.of(), 10, 0);

  @Test
  void find_unknownName_listsWhatWasFound() {
    assertThatThrownBy(() -> ModelClientFactory.find("no-such-provider"))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageStartingWith("No model client factory named 'no-such-provider'; found: ")
        .hasMessageContaining("scripted");
  }

  @Test
  void find_scripted_createsAClientThatRepeatsItsReply() throws Exception {
    ModelClientFactory f = ModelClientFactory.find("scripted");
    try (ModelClient c = f.create(Map.of("reply", "hello"))) {
      assertThat(c.stream(REQ, ModelStreamListener.NONE).text()).isEqualTo("hello");
      assertThat(c.stream(REQ, ModelStreamListener.NONE).text()).isEqualTo("hello");
    }
    assertThatThrownBy(() -> f.create(Map.of("apiKey", "x")))
        .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("'apiKey'");
  }
}
