package dev.snowchat.examples.app;

import static java.nio.charset.StandardCharsets.UTF_8;
import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** Start-up errors: exit 2, prefixed with the program's name, naming the setting. */
class AppMainTest {
  private static String[] run(Map<String, String> env, String... args) throws Exception {
    ByteArrayOutputStream err = new ByteArrayOutputStream();
    int exit = AppMain.run(args, env, new PrintStream(new ByteArrayOutputStream(), true, UTF_8),
        new PrintStream(err, true, UTF_8));
    return new String[] {String.valueOf(exit), err.toString(UTF_8)};
  }

  @Test
  void badPort_isExit2_prefixed() throws Exception {
    String[] r = run(TestApps.env(), "--port", "abc");
    assertThat(r[0]).isEqualTo("2");
    assertThat(r[1]).startsWith("snowchat-app: --port abc is not a number");
  }

  @Test
  void bogusModelProvider_isExit2_namingTheVariableAndItsValues() throws Exception {
    String[] r = run(TestApps.env("SNOWCHAT_MODEL_PROVIDER", "bogus"), "--port", "0");
    assertThat(r[0]).isEqualTo("2");
    assertThat(r[1]).startsWith("snowchat-app: SNOWCHAT_MODEL_PROVIDER=bogus")
        .contains("offline, claude-code, anthropic, openai").doesNotContain("scripted");
  }
}
