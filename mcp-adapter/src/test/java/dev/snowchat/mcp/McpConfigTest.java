package dev.snowchat.mcp;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.snowchat.sqlgate.Dialect;
import dev.snowchat.sqlgate.PermissionMode;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class McpConfigTest {
  private static final String SECRET = "pw-3f9a7c1e-planted";

  private static Map<String, String> snowflake(String... extra) {
    Map<String, String> env = new HashMap<>();
    env.put("SNOWFLAKE_ACCOUNT", "myorg-acct1");
    env.put("SNOWFLAKE_USER", "ANALYST");
    env.put("SNOWFLAKE_PASSWORD", SECRET);
    for (int i = 0; i < extra.length; i += 2) {
      env.put(extra[i], extra[i + 1]);
    }
    return env;
  }

  @Test
  void fromEnvironment_empty_isSampleReadOnlyWithDefaults() {
    McpConfig c = McpConfig.fromEnvironment(Map.of());
    assertThat(c.backend()).isEqualTo(McpConfig.Backend.SAMPLE);
    assertThat(c.dialect()).isEqualTo(Dialect.DUCKDB);
    assertThat(c.mode()).isEqualTo(PermissionMode.READ_ONLY);
    assertThat(c.maxRows()).isEqualTo(200);
    assertThat(c.maxResultBytes()).isEqualTo(131_072L);
    assertThat(c.queryTimeout()).isEqualTo(Duration.ofSeconds(60));
    assertThat(c.httpHost()).isEqualTo("127.0.0.1");
    assertThat(c.httpPort()).isEqualTo(8765);
    assertThat(c.httpMaxBodyBytes()).isEqualTo(1 << 20);
    assertThat(c.httpMaxCalls()).isEqualTo(16);
    assertThat(c.httpMaxSessions()).isEqualTo(1000);
    assertThat(c.httpIdleExpiry()).isEqualTo(Duration.ofMinutes(30));
  }

  @Test
  void fromEnvironment_httpLimits_areReadAndRangeChecked() {
    McpConfig c = McpConfig.fromEnvironment(Map.of("SNOWCHAT_HTTP_MAX_BODY_BYTES", "65536",
        "SNOWCHAT_HTTP_MAX_CALLS", "2", "SNOWCHAT_HTTP_MAX_SESSIONS", "5",
        "SNOWCHAT_HTTP_IDLE_EXPIRY", "90s"));
    assertThat(c.httpMaxBodyBytes()).isEqualTo(65536);
    assertThat(c.httpMaxCalls()).isEqualTo(2);
    assertThat(c.httpMaxSessions()).isEqualTo(5);
    assertThat(c.httpIdleExpiry()).isEqualTo(Duration.ofSeconds(90));
    for (String[] bad : new String[][] {{"SNOWCHAT_HTTP_MAX_BODY_BYTES", "1000"},
        {"SNOWCHAT_HTTP_MAX_BODY_BYTES", "100000000"}, {"SNOWCHAT_HTTP_MAX_CALLS", "0"},
        {"SNOWCHAT_HTTP_MAX_CALLS", "257"}, {"SNOWCHAT_HTTP_MAX_SESSIONS", "0"},
        {"SNOWCHAT_HTTP_IDLE_EXPIRY", "10d"}, {"SNOWCHAT_HTTP_IDLE_EXPIRY", "0"}}) {
      assertThatThrownBy(() -> McpConfig.fromEnvironment(Map.of(bad[0], bad[1])))
          .as(bad[0] + "=" + bad[1]).hasMessageContaining(bad[0]);
    }
    assertThatThrownBy(() -> McpConfig.builder().httpMaxCalls(3).httpMaxCalls(4))
        .isInstanceOf(IllegalStateException.class).hasMessageContaining("3");
  }

  @Test
  void fromEnvironment_snowflake_readsReferenceNames() {
    McpConfig c = McpConfig.fromEnvironment(snowflake("SNOWFLAKE_ROLE", "ANALYST_RO",
        "SNOWFLAKE_WAREHOUSE", "COMPUTE_WH", "SNOWFLAKE_DATABASE", "AIRBNB",
        "SNOWFLAKE_SCHEMA", "DBT_SCHEMA", "SNOWFLAKE_MCP_MODE", "read_write",
        "SNOWFLAKE_MCP_MAX_ROWS", "250"));
    assertThat(c.backend()).isEqualTo(McpConfig.Backend.SNOWFLAKE);
    assertThat(c.dialect()).isEqualTo(Dialect.SNOWFLAKE);
    assertThat(c.mode()).isEqualTo(PermissionMode.READ_WRITE);
    assertThat(c.maxRows()).isEqualTo(250);
    assertThat(c.value(McpVariable.SNOWFLAKE_WAREHOUSE)).contains("COMPUTE_WH");
  }

  @Test
  void fromEnvironment_unknownSnowchatKey_isErrorNamingIt() {
    assertThatThrownBy(() -> McpConfig.fromEnvironment(Map.of("SNOWCHAT_MAX_ROW", "5")))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("SNOWCHAT_MAX_ROW");
    assertThatThrownBy(() -> McpConfig.fromEnvironment(Map.of("SNOWFLAKE_MCP_MOD", "full")))
        .hasMessageContaining("SNOWFLAKE_MCP_MOD");
  }

  /**
   * Issue 13 item 5: one environment (or one shared .env) serves every product: the chat app's
   * documented settings are accepted and ignored, a near miss of them is still refused.
   */
  @Test
  void fromEnvironment_otherProductsVariables_areAccepted_typosAreNot() {
    McpConfig c = McpConfig.fromEnvironment(Map.of("SNOWCHAT_MODEL_PROVIDER", "anthropic",
        "SNOWCHAT_MODEL", "claude-sonnet-4-5", "SNOWCHAT_APP_TOKEN", "0123456789abcdef0123",
        "SNOWCHAT_APP_HOST", "127.0.0.1", "SNOWCHAT_APP_PORT", "8000",
        "SNOWCHAT_CLAUDE_COMMAND", "claude", "SNOWCHAT_JAVA_HOME", "/usr/lib/jvm/x"));
    assertThat(c.backend()).isEqualTo(McpConfig.Backend.SAMPLE);
    assertThat(c.toString()).doesNotContain("0123456789abcdef0123");
    for (String typo : List.of("SNOWCHAT_MODEL_PROVDER", "SNOWCHAT_APP_TOKN", "SNOWCHAT_MODELS")) {
      assertThatThrownBy(() -> McpConfig.fromEnvironment(Map.of(typo, "x")))
          .hasMessageContaining("Unknown configuration variable " + typo)
          .hasMessageContaining("SNOWCHAT_MODEL_PROVIDER");
    }
  }

  /**
   * The other products' secrets that a shared environment or .env holds (the chat app's token,
   * the model providers' keys) are not the server's settings, but the server masks them: a query
   * that reads the .env shows them masked, as it shows SNOWCHAT_JDBC_PASSWORD.
   */
  @Test
  void fromEnvironment_otherProductsSecrets_joinTheMaskList() {
    McpConfig c = McpConfig.fromEnvironment(Map.of(
        "SNOWCHAT_APP_TOKEN", "app-token-0123456789",
        "ANTHROPIC_API_KEY", "sk-ant-test-0123456789",
        "OPENAI_API_KEY", "sk-openai-test-0123456789",
        "SNOWCHAT_APP_HOST", "127.0.0.1", "SNOWCHAT_MODEL", "claude-sonnet-4-5",
        "SNOWCHAT_JAVA_HOME", "/usr/lib/jvm/x"));
    assertThat(c.secretValues()).contains("app-token-0123456789", "sk-ant-test-0123456789",
        "sk-openai-test-0123456789").doesNotContain("127.0.0.1", "claude-sonnet-4-5",
        "/usr/lib/jvm/x");
    String envFile = "SNOWCHAT_APP_TOKEN=app-token-0123456789\n"
        + "ANTHROPIC_API_KEY=sk-ant-test-0123456789\nOPENAI_API_KEY=sk-openai-test-0123456789\n";
    assertThat(McpConfig.maskSecrets(envFile, c.secretValues())).doesNotContain(
        "app-token-0123456789", "sk-ant-test-0123456789", "sk-openai-test-0123456789");
    assertThat(c.toString()).doesNotContain("app-token-0123456789", "sk-ant-test-0123456789");
  }

  @Test
  void fromEnvironment_otherSnowflakeVariables_areIgnored() {
    McpConfig c = McpConfig.fromEnvironment(Map.of("SNOWFLAKE_HOME", "/x", "PATH", "/bin"));
    assertThat(c.backend()).isEqualTo(McpConfig.Backend.SAMPLE);
  }

  @Test
  void fromEnvironment_badMode_namesKeyAndAllowedValues() {
    assertThatThrownBy(() -> McpConfig.fromEnvironment(Map.of("SNOWFLAKE_MCP_MODE", "admin")))
        .hasMessageContaining("SNOWFLAKE_MCP_MODE").hasMessageContaining("read_only");
  }

  @Test
  void fromEnvironment_badNumbers_nameTheKey() {
    assertThatThrownBy(() -> McpConfig.fromEnvironment(Map.of("SNOWFLAKE_MCP_MAX_ROWS", "0")))
        .hasMessageContaining("SNOWFLAKE_MCP_MAX_ROWS");
    assertThatThrownBy(() -> McpConfig.fromEnvironment(Map.of("SNOWFLAKE_MCP_MAX_ROWS", "lots")))
        .hasMessageContaining("SNOWFLAKE_MCP_MAX_ROWS");
    assertThatThrownBy(() -> McpConfig.fromEnvironment(Map.of("SNOWCHAT_QUERY_TIMEOUT", "5y")))
        .hasMessageContaining("SNOWCHAT_QUERY_TIMEOUT");
    assertThatThrownBy(() -> McpConfig.fromEnvironment(Map.of("SNOWCHAT_HTTP_PORT", "70000")))
        .hasMessageContaining("SNOWCHAT_HTTP_PORT");
  }

  @Test
  void fromEnvironment_durations_acceptUnits() {
    assertThat(McpConfig.fromEnvironment(Map.of("SNOWCHAT_QUERY_TIMEOUT", "2m")).queryTimeout())
        .isEqualTo(Duration.ofMinutes(2));
    assertThat(McpConfig.fromEnvironment(Map.of("SNOWCHAT_QUERY_TIMEOUT", "45")).queryTimeout())
        .isEqualTo(Duration.ofSeconds(45));
  }

  @Test
  void fromEnvironment_snowflakeAndJdbc_conflict() {
    assertThatThrownBy(() -> McpConfig.fromEnvironment(snowflake("SNOWCHAT_JDBC_URL",
        "jdbc:postgresql://localhost/db")))
        .hasMessageContaining("SNOWCHAT_JDBC_URL").hasMessageContaining("SNOWFLAKE_ACCOUNT");
  }

  @Test
  void fromEnvironment_passwordAndPrivateKey_conflict(@TempDir Path dir) throws Exception {
    Path key = Files.writeString(dir.resolve("rsa_key.p8"), "-----BEGIN PRIVATE KEY-----");
    assertThatThrownBy(() -> McpConfig.fromEnvironment(snowflake("SNOWFLAKE_PRIVATE_KEY_FILE",
        key.toString())))
        .hasMessageContaining("SNOWFLAKE_PRIVATE_KEY_FILE")
        .hasMessageContaining("SNOWFLAKE_PASSWORD")
        .hasMessageNotContaining(SECRET);
  }

  @Test
  void fromEnvironment_missingUserOrCredentials_namesIt() {
    assertThatThrownBy(() -> McpConfig.fromEnvironment(Map.of("SNOWFLAKE_ACCOUNT", "a1",
        "SNOWFLAKE_PASSWORD", SECRET))).hasMessageContaining("SNOWFLAKE_USER");
    assertThatThrownBy(() -> McpConfig.fromEnvironment(Map.of("SNOWFLAKE_ACCOUNT", "a1",
        "SNOWFLAKE_USER", "u"))).hasMessageContaining("SNOWFLAKE_PASSWORD");
  }

  @Test
  void fromEnvironment_snowflakeKeysWithoutAccount_areErrors() {
    assertThatThrownBy(() -> McpConfig.fromEnvironment(Map.of("SNOWFLAKE_USER", "u")))
        .hasMessageContaining("SNOWFLAKE_USER").hasMessageContaining("SNOWFLAKE_ACCOUNT");
    assertThatThrownBy(() -> McpConfig.fromEnvironment(Map.of("SNOWCHAT_JDBC_PASSWORD", SECRET)))
        .hasMessageContaining("SNOWCHAT_JDBC_PASSWORD").hasMessageNotContaining(SECRET);
  }

  @Test
  void fromEnvironment_missingPrivateKeyFile_namesIt() {
    assertThatThrownBy(() -> McpConfig.fromEnvironment(Map.of("SNOWFLAKE_ACCOUNT", "a1",
        "SNOWFLAKE_USER", "u", "SNOWFLAKE_PRIVATE_KEY_FILE", "/nonexistent/key.p8")))
        .hasMessageContaining("SNOWFLAKE_PRIVATE_KEY_FILE");
  }

  @Test
  void fromEnvironment_nonLoopbackHttpWithoutToken_isError() {
    assertThatThrownBy(() -> McpConfig.fromEnvironment(Map.of("SNOWCHAT_HTTP_HOST", "0.0.0.0")))
        .hasMessageContaining("SNOWCHAT_HTTP_TOKEN");
    McpConfig ok = McpConfig.fromEnvironment(Map.of("SNOWCHAT_HTTP_HOST", "0.0.0.0",
        "SNOWCHAT_HTTP_TOKEN", "0123456789abcdef0123"));
    assertThat(ok.httpToken()).isPresent();
    assertThatThrownBy(() -> McpConfig.fromEnvironment(Map.of("SNOWCHAT_HTTP_TOKEN", "short")))
        .hasMessageContaining("SNOWCHAT_HTTP_TOKEN").hasMessageNotContaining("short");
  }

  @Test
  void toString_masksEverySecret() {
    McpConfig c = McpConfig.fromEnvironment(snowflake("SNOWCHAT_HTTP_TOKEN",
        "tok-0123456789abcdef"));
    assertThat(c.toString()).doesNotContain(SECRET).doesNotContain("tok-0123456789abcdef")
        .contains("SNOWFLAKE_PASSWORD=" + McpConfig.MASK).contains("ANALYST");
    McpConfig jdbc = McpConfig.fromEnvironment(Map.of("SNOWCHAT_JDBC_URL",
        "jdbc:postgresql://u:" + SECRET + "@h/db?password=" + SECRET));
    assertThat(jdbc.toString()).doesNotContain(SECRET);
    assertThat(jdbc.dialect()).isEqualTo(Dialect.POSTGRES);
  }

  @Test
  void fromEnvironment_blankValues_countAsUnset() {
    McpConfig c = McpConfig.fromEnvironment(Map.of("SNOWFLAKE_ACCOUNT", " ",
        "SNOWCHAT_JDBC_URL", ""));
    assertThat(c.backend()).isEqualTo(McpConfig.Backend.SAMPLE);
  }

  @Test
  void fromEnvironment_includeExcludePatterns_areValidated() {
    McpConfig c = McpConfig.fromEnvironment(Map.of("SNOWCHAT_INCLUDE", "AIRBNB.*, SALES.PUBLIC",
        "SNOWCHAT_EXCLUDE", "AIRBNB.RAW"));
    assertThat(c.includePatterns()).containsExactly("AIRBNB.*", "SALES.PUBLIC");
    assertThatThrownBy(() -> McpConfig.fromEnvironment(Map.of("SNOWCHAT_INCLUDE", "a.b.c.d")))
        .hasMessageContaining("SNOWCHAT_INCLUDE");
  }

  @Test
  void builder_withoutAnEnvironment_buildsTheSameValue() {
    McpConfig built = McpConfig.builder().jdbcUrl("jdbc:postgresql://db:5432/shop")
        .jdbcUser("reader").jdbcPassword(SECRET).mode(PermissionMode.READ_WRITE).maxRows(250)
        .queryTimeout(Duration.ofSeconds(45)).include(List.of("SHOP.*")).build();
    McpConfig read = McpConfig.fromEnvironment(Map.of("SNOWCHAT_JDBC_URL",
        "jdbc:postgresql://db:5432/shop", "SNOWCHAT_JDBC_USER", "reader",
        "SNOWCHAT_JDBC_PASSWORD", SECRET, "SNOWFLAKE_MCP_MODE", "read_write",
        "SNOWFLAKE_MCP_MAX_ROWS", "250", "SNOWCHAT_QUERY_TIMEOUT", "45s",
        "SNOWCHAT_INCLUDE", "SHOP.*"));
    for (McpConfig c : List.of(built, read)) {
      assertThat(c.backend()).isEqualTo(McpConfig.Backend.JDBC);
      assertThat(c.dialect()).isEqualTo(Dialect.POSTGRES);
      assertThat(c.mode()).isEqualTo(PermissionMode.READ_WRITE);
      assertThat(c.maxRows()).isEqualTo(250);
      assertThat(c.queryTimeout()).isEqualTo(Duration.ofSeconds(45));
      assertThat(c.includePatterns()).containsExactly("SHOP.*");
      assertThat(c.value(McpVariable.SNOWCHAT_JDBC_USER)).contains("reader");
      assertThat(c.secretValues()).containsExactly(SECRET);
      assertThat(c.toString()).doesNotContain(SECRET);
    }
    assertThat(McpConfig.builder().build().backend()).isEqualTo(McpConfig.Backend.SAMPLE);
  }

  @Test
  void builder_badValue_namesTheSettingsVariable() {
    assertThatThrownBy(() -> McpConfig.builder().maxRows(0))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("SNOWFLAKE_MCP_MAX_ROWS").hasMessageContaining("1 to 100000");
    assertThatThrownBy(() -> McpConfig.builder().queryTimeout(Duration.ofHours(2)))
        .hasMessageContaining("SNOWCHAT_QUERY_TIMEOUT");
    assertThatThrownBy(() -> McpConfig.builder().httpToken("short"))
        .hasMessageContaining("SNOWCHAT_HTTP_TOKEN").hasMessageNotContaining("short");
  }

  @Test
  void builder_settingTwice_namesTheOldValue_maskedWhenSecret() {
    assertThatThrownBy(() -> McpConfig.builder().maxRows(10).maxRows(20))
        .isInstanceOf(IllegalStateException.class)
        .hasMessage("SNOWFLAKE_MCP_MAX_ROWS was already set to 10");
    assertThatThrownBy(() -> McpConfig.builder().jdbcPassword(SECRET).jdbcPassword("other"))
        .isInstanceOf(IllegalStateException.class)
        .hasMessageContaining(McpConfig.MASK).hasMessageNotContaining(SECRET);
  }

  @Test
  void builder_crossChecksRunInBuild() {
    McpConfig.Builder both = McpConfig.builder().snowflakeAccount("a1").snowflakeUser("u")
        .snowflakePassword(SECRET).jdbcUrl("jdbc:postgresql://h/db");
    assertThatThrownBy(both::build).isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("SNOWCHAT_JDBC_URL").hasMessageContaining("SNOWFLAKE_ACCOUNT");
    assertThatThrownBy(() -> McpConfig.builder().httpHost("0.0.0.0").build())
        .hasMessageContaining("SNOWCHAT_HTTP_TOKEN");
  }

  @Test
  void variables_catalogueKnowsEveryNameAndWhichAreSecrets() {
    assertThat(McpVariable.named("SNOWCHAT_POOL_SIZE")).contains(McpVariable.SNOWCHAT_POOL_SIZE);
    assertThat(McpVariable.named("SNOWCHAT_POOL")).isEmpty();
    assertThat(java.util.Arrays.stream(McpVariable.values()).filter(McpVariable::secret))
        .containsExactlyInAnyOrder(McpVariable.SNOWFLAKE_PASSWORD,
            McpVariable.SNOWFLAKE_PRIVATE_KEY_FILE_PWD, McpVariable.SNOWCHAT_JDBC_PASSWORD,
            McpVariable.SNOWCHAT_HTTP_TOKEN, McpVariable.SNOWCHAT_CRED);
    assertThat(McpVariable.named("SNOWCHAT_CRED_PG_PASSWORD")).contains(McpVariable.SNOWCHAT_CRED);
    assertThat(McpVariable.named("SNOWCHAT_CRED")).isEmpty();
    assertThat(McpVariable.isOurs("SNOWFLAKE_HOME")).isFalse();
    assertThat(McpVariable.isOurs("SNOWFLAKE_MCP_MODE")).isTrue();
  }

  /**
   * Issue 4 ("bad settings stop start-up with a message naming the setting"): a snapshot the
   * operator named that is missing or not JSON stops start-up (exit 2) naming
   * SNOWCHAT_INDEX_SNAPSHOT, as SNOWCHAT_GLOSSARY_FILE does; it used to be a WARN and a start
   * without it.
   */
  @Test
  void indexSnapshot_missingOrNotJson_stopsStartUpNamingTheSetting(@TempDir Path dir)
      throws Exception {
    assertThatThrownBy(() -> McpConfig.fromEnvironment(Map.of("SNOWCHAT_INDEX_SNAPSHOT",
        dir.resolve("nonexistent.json").toString())))
        .hasMessageContaining("SNOWCHAT_INDEX_SNAPSHOT").hasMessageContaining("no such");
    Path bad = Files.writeString(dir.resolve("bad.json"), "this is not json");
    assertThatThrownBy(() -> McpConfig.fromEnvironment(Map.of("SNOWCHAT_INDEX_SNAPSHOT",
        bad.toString()))).hasMessageContaining("SNOWCHAT_INDEX_SNAPSHOT")
        .hasMessageContaining("not a catalog snapshot");
    Path empty = Files.writeString(dir.resolve("empty.json"), "");
    assertThatThrownBy(() -> McpConfig.fromEnvironment(Map.of("SNOWCHAT_INDEX_SNAPSHOT",
        empty.toString()))).hasMessageContaining("SNOWCHAT_INDEX_SNAPSHOT");
    Path ok = Files.writeString(dir.resolve("ok.json"), "  {\"version\": 1}");
    assertThat(McpConfig.fromEnvironment(Map.of("SNOWCHAT_INDEX_SNAPSHOT", ok.toString()))
        .indexSnapshot()).contains(ok);
    java.io.ByteArrayOutputStream err = new java.io.ByteArrayOutputStream();
    int exit = McpServerMain.run(new String[] {"tools"}, Map.of("SNOWCHAT_INDEX_SNAPSHOT",
        "/nonexistent.json"), new java.io.PrintStream(new java.io.ByteArrayOutputStream()),
        new java.io.PrintStream(err, true));
    assertThat(exit).isEqualTo(2);
    assertThat(err.toString()).contains("SNOWCHAT_INDEX_SNAPSHOT=/nonexistent.json");
  }
}
