package dev.snowchat.examples.app;

import dev.snowchat.agent.ChatEngine;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;
import org.jspecify.annotations.Nullable;

/** Starts apps for tests: loopback, a free port, the sample warehouse in target/sample. */
final class TestApps {
  private TestApps() {}

  static Path sampleDir() {
    // Shared with mcp-adapter's tests: the sample is built once per machine (a few seconds).
    return Path.of(System.getProperty("java.io.tmpdir"), "snowchat-test-sample");
  }

  static Map<String, String> env(String... kv) {
    Map<String, String> env = new LinkedHashMap<>();
    env.put("SNOWCHAT_SAMPLE_DIR", sampleDir().toAbsolutePath().toString());
    for (int i = 0; i < kv.length; i += 2) {
      env.put(kv[i], kv[i + 1]);
    }
    return env;
  }

  static ChatApp start(Map<String, String> env, @Nullable ChatEngine engine) {
    return ChatApp.start(AppConfig.from(env, "127.0.0.1", 0), engine);
  }

  static ChatApp start(String... kv) {
    return start(env(kv), null);
  }
}
