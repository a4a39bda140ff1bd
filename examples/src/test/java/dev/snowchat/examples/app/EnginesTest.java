package dev.snowchat.examples.app;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import org.junit.jupiter.api.Test;

class EnginesTest {
  private static Engines.Setup setup(String... kv) {
    return Engines.create(AppConfig.from(TestApps.env(kv), "127.0.0.1", 0), null);
  }

  @Test
  void nothingConfigured_isTheOfflinePlanner() {
    Engines.Setup s = setup();
    assertThat(s.engine().name()).isEqualTo("offline-planner");
    assertThat(s.checks().get()).extracting(Health.Check::name)
        .containsExactly("model engine", "model login");
  }

  @Test
  void anthropicKey_selectsTheAnthropicClient_andHealthNeverShowsTheKey() {
    String key = "sk-ant-test-0123456789abcdefghij";
    Engines.Setup s = setup("ANTHROPIC_API_KEY", key);
    assertThat(s.engine().name()).isEqualTo("tool-loop");
    List<Health.Check> checks = s.checks().get();
    assertThat(checks).allSatisfy(c -> assertThat(c.detail()).doesNotContain(key));
    assertThat(checks.get(0).detail()).contains("anthropic", Engines.DEFAULT_ANTHROPIC_MODEL);
    assertThat(checks.get(1).detail()).contains("ANTHROPIC_API_KEY set");
  }

  @Test
  void openAiCompatible_needsAModelName_andABaseUrlOrKey() {
    assertThatThrownBy(() -> setup("OPENAI_BASE_URL", "http://127.0.0.1:11434/v1"))
        .hasMessageContaining("SNOWCHAT_MODEL");
    assertThatThrownBy(() -> setup("SNOWCHAT_MODEL_PROVIDER", "openai", "SNOWCHAT_MODEL", "m"))
        .hasMessageContaining("OPENAI_BASE_URL");
    Engines.Setup s = setup("OPENAI_BASE_URL", "http://127.0.0.1:11434/v1", "SNOWCHAT_MODEL",
        "llama3.1");
    assertThat(s.checks().get().get(1).detail()).contains("OPENAI_API_KEY not set");
  }

  @Test
  void unknownProvider_listsTheProvidersFound() {
    assertThatThrownBy(() -> setup("SNOWCHAT_MODEL_PROVIDER", "nope", "SNOWCHAT_MODEL", "m"))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("nope").hasMessageContaining("anthropic")
        .hasMessageContaining("openai");
  }

  /** B7: the message names the variable and the values the app takes, not the test kit. */
  @Test
  void unknownProvider_namesTheVariableAndTheAppsValues_notTheTestKit() {
    for (String bad : List.of("bogus", "scripted")) {
      assertThatThrownBy(() -> setup("SNOWCHAT_MODEL_PROVIDER", bad, "SNOWCHAT_MODEL", "m"))
          .isInstanceOf(IllegalArgumentException.class)
          .hasMessageStartingWith("SNOWCHAT_MODEL_PROVIDER=" + bad + " is not a model provider")
          .hasMessageContaining("valid values: ")
          .satisfies(e -> assertThat(List.of(e.getMessage()
              .substring(e.getMessage().indexOf("valid values: ") + 14).split(", ")))
              // each name, not the exact list: another factory on the class path may add one
              .contains("offline", "claude-code", "anthropic", "openai")
              .doesNotContain("scripted"));
    }
  }

  @Test
  void claudeCode_isRefusedInWritingModes() {
    assertThatThrownBy(() -> setup("SNOWCHAT_MODEL_PROVIDER", "claude-code",
        "SNOWFLAKE_MCP_MODE", "read_write"))
        .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("read_only");
  }
}
