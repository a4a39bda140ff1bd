package dev.snowchat.examples.app;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.snowchat.mcp.ProductVariables;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The app's own variables are the one shared list; a near miss of them is refused. */
class AppConfigTest {
  @Test
  void appVariables_areTheSharedList() {
    assertThat(AppConfig.APP_KEYS).containsAll(ProductVariables.CHAT_APP);
    AppConfig c = AppConfig.from(Map.of("SNOWCHAT_MODEL_PROVIDER", "offline",
        "SNOWCHAT_CLAUDE_COMMAND", "claude"), null, 0);
    assertThat(c.modelProvider()).isEqualTo("offline");
  }

  @Test
  void typoOfAnAppVariable_isRefusedNamingIt() {
    // It used to be skipped silently (any SNOWCHAT_MODEL_* or SNOWCHAT_CLAUDE_* name).
    assertThatThrownBy(() -> AppConfig.from(Map.of("SNOWCHAT_MODEL_PROVDER", "anthropic"), null,
        0)).hasMessageContaining("SNOWCHAT_MODEL_PROVDER");
    assertThatThrownBy(() -> AppConfig.from(Map.of("SNOWCHAT_CLAUDE_CMD", "x"), null, 0))
        .hasMessageContaining("SNOWCHAT_CLAUDE_CMD");
  }
}
