package dev.snowchat.mcp;

import dev.snowchat.sqlgate.testing.TestDatabases;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.Map;

/** Shared test settings: the sample directory, the PostgreSQL server, CI strictness. */
public final class TestEnv {
  private TestEnv() {}

  /** {@return true on CI, where missing services fail tests instead of skipping them} */
  public static boolean ci() {
    return "true".equalsIgnoreCase(System.getenv("CI"));
  }

  /** {@return a sample directory shared by the test JVMs (built once, a few seconds)} */
  public static Path sampleDir() {
    return Path.of(System.getProperty("java.io.tmpdir"), "snowchat-test-sample");
  }

  /**
   * Environment for the sample warehouse plus extra settings.
   *
   * @param extra more variables, as key, value pairs
   * @return the environment
   */
  public static Map<String, String> sample(String... extra) {
    Map<String, String> env = new HashMap<>();
    env.put("SNOWCHAT_SAMPLE_DIR", sampleDir().toString());
    for (int i = 0; i < extra.length; i += 2) {
      env.put(extra[i], extra[i + 1]);
    }
    return env;
  }

  /**
   * Environment for the test PostgreSQL server ({@link TestDatabases#postgres()}); skips (or fails
   * on CI) when it is not running.
   *
   * @param extra more variables
   * @return the environment
   */
  public static Map<String, String> postgres(String... extra) {
    TestDatabases.Postgres pg = TestDatabases.postgres();
    Map<String, String> env = new HashMap<>();
    env.put("SNOWCHAT_JDBC_URL", pg.url());
    env.put("SNOWCHAT_JDBC_USER", pg.user());
    env.put("SNOWCHAT_JDBC_PASSWORD", pg.password());
    for (int i = 0; i < extra.length; i += 2) {
      env.put(extra[i], extra[i + 1]);
    }
    return env;
  }
}
