package dev.snowchat.agent;

import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

class ModelClientFactoryTest {
  @Test
  void find_unknownName_listsWhatWasFound() {
    assertThatThrownBy(() -> ModelClientFactory.find("no-such-provider"))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageStartingWith("No model client factory named 'no-such-provider'; found: ");
  }
}
