package dev.snowchat.mcp;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class DotEnvTest {
  @TempDir Path dir;

  @Test
  void overlay_readsDotEnv_realEnvironmentWins() throws Exception {
    Files.writeString(dir.resolve(".env"), """
        # the warehouse
        export SNOWCHAT_QUERY_TIMEOUT=30s
        SNOWFLAKE_MCP_MAX_ROWS = 200   # a comment
        SNOWCHAT_JDBC_PASSWORD='p#ss "w"'
        SNOWCHAT_QUERY_TAG="a\\"b"

        SNOWCHAT_POOL_SIZE=2
        """);
    Map<String, String> env = DotEnv.overlay(Map.of("SNOWCHAT_POOL_SIZE", "8"), dir);
    assertEquals("30s", env.get("SNOWCHAT_QUERY_TIMEOUT"));
    assertEquals("200", env.get("SNOWFLAKE_MCP_MAX_ROWS"));
    assertEquals("p#ss \"w\"", env.get("SNOWCHAT_JDBC_PASSWORD"));
    assertEquals("a\"b", env.get("SNOWCHAT_QUERY_TAG"));
    assertEquals("8", env.get("SNOWCHAT_POOL_SIZE"), "the real environment wins");
  }

  @Test
  void overlay_noFile_returnsEnvironment_namedFileMustExist() throws Exception {
    Map<String, String> env = Map.of("A", "1");
    assertEquals(env, DotEnv.overlay(env, dir));
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
        () -> DotEnv.overlay(Map.of("SNOWCHAT_ENV_FILE", "missing.env"), dir));
    assertTrue(e.getMessage().startsWith("SNOWCHAT_ENV_FILE=missing.env"), e.getMessage());
    Files.writeString(dir.resolve("prod.env"), "SNOWCHAT_POOL_SIZE=3\n");
    Files.writeString(dir.resolve(".env"), "SNOWCHAT_POOL_SIZE=9\n");
    Map<String, String> named = DotEnv.overlay(Map.of("SNOWCHAT_ENV_FILE", "prod.env"), dir);
    assertEquals("3", named.get("SNOWCHAT_POOL_SIZE"));
    assertFalse(named.containsKey("SNOWCHAT_ENV_FILE"));
  }

  @ParameterizedTest
  @ValueSource(strings = {"JUST_A_WORD", "1KEY=v", "KEY='open", "KEY=\"open",
      "KEY='a' trailing", "KEY=a\"b", "A-B=1"})
  void read_badLine_namesFileAndLine_notValue(String line) throws Exception {
    Path f = Files.writeString(dir.resolve("x.env"), "OK=1\n" + line + "\n");
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
        () -> DotEnv.read(f));
    assertTrue(e.getMessage().startsWith(f + ":2: "), e.getMessage());
  }

  @Test
  void read_keyTwice_isAnError_andTheSecretIsNotShown() throws Exception {
    Path f = Files.writeString(dir.resolve("x.env"),
        "SNOWCHAT_JDBC_PASSWORD=hunter2-secret\nSNOWCHAT_JDBC_PASSWORD=other-secret\n");
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
        () -> DotEnv.read(f));
    assertTrue(e.getMessage().contains(":2: SNOWCHAT_JDBC_PASSWORD is set twice"));
    assertFalse(e.getMessage().contains("secret"));
  }

  @Test
  void overlay_strictConfigurationStillApplies() throws Exception {
    Files.writeString(dir.resolve(".env"), "SNOWCHAT_QUERY_TIMOUT=30s\n");
    Map<String, String> env = DotEnv.overlay(Map.of(), dir);
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
        () -> McpConfig.fromEnvironment(env));
    assertTrue(e.getMessage().contains("SNOWCHAT_QUERY_TIMOUT"));
    assertSame(null, env.get("SNOWCHAT_ENV_FILE"));
  }
}
