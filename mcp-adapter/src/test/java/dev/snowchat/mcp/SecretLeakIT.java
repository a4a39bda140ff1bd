package dev.snowchat.mcp;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/**
 * A planted secret (SNOWFLAKE_PASSWORD, SNOWCHAT_JDBC_PASSWORD) never appears in logs (the jar's
 * standard error), tool output, error text, McpConfig.toString or get_connection_info.
 */
class SecretLeakIT {
  static final String SECRET = "planted-" + UUID.randomUUID();
  static final Path JAR = McpInspectorIT.JAR;

  /** Runs the jar; returns stdout + stderr. */
  static String run(Map<String, String> env, String... args) throws Exception {
    List<String> cmd = new ArrayList<>(List.of(McpInspectorIT.JAVA, "-jar",
        JAR.toAbsolutePath().toString()));
    cmd.addAll(List.of(args));
    ProcessBuilder pb = new ProcessBuilder(cmd).redirectErrorStream(true);
    pb.environment().keySet().removeIf(k -> k.startsWith("SNOWFLAKE_") || k.startsWith(
        "SNOWCHAT_"));
    pb.environment().putAll(env);
    Process p = pb.start();
    String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
    assertThat(p.waitFor(120, TimeUnit.SECONDS)).isTrue();
    return out;
  }

  static Map<String, String> jdbcEnv() {
    String url = System.getenv("SNOWCHAT_TEST_PG_URL");
    return Map.of(
        // A real server refusing the planted password, or a closed port without one.
        "SNOWCHAT_JDBC_URL", url != null ? url : "jdbc:postgresql://127.0.0.1:1/none",
        "SNOWCHAT_JDBC_USER", "snowchat",
        "SNOWCHAT_JDBC_PASSWORD", SECRET,
        "SNOWCHAT_QUERY_TIMEOUT", "5s");
  }

  @Test
  void jdbcPassword_neverInLogsOutputOrErrors() throws Exception {
    StringBuilder all = new StringBuilder();
    all.append(run(jdbcEnv(), "call", "get_connection_info"));
    all.append(run(jdbcEnv(), "call", "list_databases"));
    all.append(run(jdbcEnv(), "call", "execute_query",
        "{\"sql\":\"SELECT '" + SECRET + "' AS echo\"}", "--json"));
    all.append(run(jdbcEnv(), "tools"));
    assertThat(all.toString()).contains("CONNECTION_FAILED").doesNotContain(SECRET);
  }

  @Test
  void snowflakePassword_neverInConfigToolsOrStartupErrors() throws Exception {
    Map<String, String> env = Map.of("SNOWFLAKE_ACCOUNT", "snowchat-test-acct",
        "SNOWFLAKE_USER", "ANALYST", "SNOWFLAKE_PASSWORD", SECRET);
    McpConfig config = McpConfig.fromEnvironment(env);
    assertThat(config.toString()).doesNotContain(SECRET);
    String out = run(env, "tools");
    // A bad setting next to the secret: the error names the setting, not the secret.
    out += run(Map.of("SNOWFLAKE_ACCOUNT", "snowchat-test-acct", "SNOWFLAKE_USER", "ANALYST",
        "SNOWFLAKE_PASSWORD", SECRET, "SNOWFLAKE_MCP_MODE", "nope"), "call", "list_databases");
    assertThat(out).contains("SNOWFLAKE_MCP_MODE").doesNotContain(SECRET);
  }

  @Test
  void sourceCatalogCredentials_neverInLogsOutputErrorsOrDotEnv(
      @org.junit.jupiter.api.io.TempDir Path dir) throws Exception {
    String pg = System.getenv("SNOWCHAT_TEST_PG_URL");
    Path catalog = java.nio.file.Files.writeString(dir.resolve("sources.json"), "{\"sources\": ["
        + "{\"name\": \"pg\", \"address\": \""
        + (pg != null ? pg : "jdbc:postgresql://127.0.0.1:1/none")
        + "\", \"credential\": \"pg\", \"timeout\": \"5s\"},"
        + "{\"name\": \"sf\", \"address\": \"snowflake://snowchat-test-acct\","
        + " \"credential\": \"sf\"}, {\"name\": \"demo\", \"address\": \"sample:\"}]}");
    java.nio.file.Files.createDirectories(dir.resolve("allowed"));
    Map<String, String> env = new java.util.LinkedHashMap<>(Map.of(
        "SNOWCHAT_SOURCES", catalog.toString(),
        "SNOWCHAT_CRED_PG_USER", "snowchat", "SNOWCHAT_CRED_PG_PASSWORD", SECRET,
        "SNOWCHAT_CRED_SF_USER", "ANALYST", "SNOWCHAT_CRED_SF_TOKEN", SECRET,
        "SNOWCHAT_FILE_ALLOWLIST", dir.resolve("allowed").toString(),
        "SNOWCHAT_SAMPLE_DIR", TestEnv.sampleDir().toString(),
        // No background index loads: each run would try to log in to the fake Snowflake account.
        "SNOWCHAT_SCHEMA_INDEX", "off"));
    McpConfig config = McpConfig.fromEnvironment(env);
    StringBuilder all = new StringBuilder(config.toString()).append(
        dev.snowchat.mcp.internal.sources.SourceCatalog.of(config));
    all.append(run(env, "tools"));
    all.append(run(env, "call", "list_sources", "--json"));
    all.append(run(env, "call", "get_connection_info", "--json"));
    all.append(run(env, "call", "execute_query", "{\"source\":\"pg\",\"sql\":\"SELECT 1\"}"));
    all.append(run(env, "call", "execute_query", "{\"source\":\"demo\",\"sql\":\"SELECT '"
        + SECRET + "' AS echo\"}", "--json"));
    all.append(run(env, "call", "attach_file", "{\"name\":\"x\",\"path\":\"/" + SECRET
        + ".csv\"}"));
    // A bad catalog entry and a stray credential next to the secret: errors name the key.
    Map<String, String> bad = new java.util.LinkedHashMap<>(env);
    bad.put("SNOWCHAT_CRED_NOBODY_PASSWORD", SECRET);
    all.append(run(bad, "tools"));
    // The same secret from a .env file: read, used, never shown.
    Path dotenv = java.nio.file.Files.writeString(dir.resolve("secret.env"),
        "SNOWCHAT_CRED_PG_PASSWORD=" + SECRET + "\nSNOWCHAT_CRED_PG_USER=snowchat\n");
    Map<String, String> fromFile = new java.util.LinkedHashMap<>(env);
    fromFile.remove("SNOWCHAT_CRED_PG_PASSWORD");
    fromFile.put("SNOWCHAT_ENV_FILE", dotenv.toString());
    all.append(run(fromFile, "call", "execute_query", "{\"source\":\"pg\",\"sql\":\"SELECT 1\"}"));
    assertThat(all.toString()).contains("CONNECTION_FAILED", "SNOWCHAT_CRED_NOBODY_PASSWORD",
        McpConfig.MASK).doesNotContain(SECRET);
  }

  @Test
  void inProcess_toolOutputEchoingTheSecret_isMasked() {
    // The sample warehouse plus a planted secret: a query that selects the secret's text gets
    // it masked, as would a warehouse error that echoed it.
    Map<String, String> env = TestEnv.sample("SNOWCHAT_HTTP_TOKEN", SECRET);
    try (SnowchatMcpServer server = SnowchatMcpServer.builder()
        .config(McpConfig.fromEnvironment(env)).build()) {
      ToolResult r = server.call("execute_query", Map.of("sql", "SELECT '" + SECRET + "' AS x"));
      assertThat(r.text()).doesNotContain(SECRET).contains(McpConfig.MASK);
      assertThat(r.structured().toString()).doesNotContain(SECRET);
      ToolResult e = server.call("execute_query", Map.of("sql",
          "SELECT * FROM \"" + SECRET + "\""));
      assertThat(e.isError()).isTrue();
      assertThat(e.text()).doesNotContain(SECRET);
      ToolResult info = server.call("get_connection_info", Map.of());
      assertThat(info.text() + info.structured()).doesNotContain(SECRET);
      ByteArrayOutputStream buf = new ByteArrayOutputStream();
      assertThat(McpServerMain.run(new String[] {"tools"}, env, new PrintStream(buf),
          new PrintStream(buf))).isZero();
      assertThat(buf.toString(StandardCharsets.UTF_8)).doesNotContain(SECRET);
    }
  }
}
