package dev.snowchat.agent.anthropic;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.snowchat.agent.ModelClientFactory;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** Strict settings of the anthropic and openai factories, found by name. */
class AnthropicModelClientFactoryTest {
  static final String KEY = "sk-ant-secret-value-42";

  @Test
  void find_byName_givesEachFactoryOnce() {
    assertThat(ModelClientFactory.find("anthropic"))
        .isInstanceOf(AnthropicModelClientFactory.class);
    assertThat(ModelClientFactory.find("openai").name()).isEqualTo("openai");
    assertThatThrownBy(() -> ModelClientFactory.find("gemini"))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("anthropic").hasMessageContaining("openai");
  }

  @Test
  void sensitivePropertyNames_isTheApiKey() {
    assertThat(ModelClientFactory.find("anthropic").sensitivePropertyNames())
        .containsExactly("apiKey");
    assertThat(ModelClientFactory.find("openai").sensitivePropertyNames())
        .containsExactly("apiKey");
  }

  @Test
  void create_unknownKey_namesItAndTheAllowedKeys() {
    assertThatThrownBy(() -> ModelClientFactory.find("anthropic").create(Map.of(
        "apiKey", KEY, "max_tokens", "10")))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("'max_tokens'").hasMessageContaining("maxTokens")
        .hasMessageNotContaining(KEY);
  }

  @Test
  void create_missingKey_namesIt() {
    assertThatThrownBy(() -> ModelClientFactory.find("anthropic").create(Map.of()))
        .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("'apiKey'");
  }

  @Test
  void create_badValues_nameTheKeyAndValue() {
    assertThatThrownBy(() -> ModelClientFactory.find("anthropic").create(Map.of(
        "apiKey", KEY, "timeout", "soon")))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("'timeout'").hasMessageContaining("'soon'")
        .hasMessageNotContaining(KEY);
    assertThatThrownBy(() -> ModelClientFactory.find("anthropic").create(Map.of(
        "apiKey", KEY, "baseUrl", "ftp://x")))
        .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("'baseUrl'");
    assertThatThrownBy(() -> ModelClientFactory.find("openai").create(Map.of(
        "baseUrl", "http://127.0.0.1:11434/v1", "maxTokens", "0")))
        .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("'maxTokens'");
  }

  @Test
  void client_toString_neverShowsTheKey() {
    assertThat(ModelClientFactory.find("anthropic").create(Map.of("apiKey", KEY,
        "model", "claude-haiku-4-5")).toString())
        .contains("claude-haiku-4-5").doesNotContain(KEY);
  }
}
