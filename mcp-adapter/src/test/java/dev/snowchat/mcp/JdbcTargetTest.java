package dev.snowchat.mcp;

import static org.assertj.core.api.Assertions.assertThat;

import dev.snowchat.sqlgate.Dialect;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The Snowflake variables map to the Snowflake JDBC driver's documented URL and connection
 * properties (driver 3.x: user, password, authenticator, private_key_file, private_key_pwd,
 * token, role, warehouse, db, schema).
 */
class JdbcTargetTest {
  private static final String SECRET = "pw-77e1d0-planted";

  private static JdbcTarget target(Map<String, String> env) {
    return JdbcTarget.of(McpConfig.fromEnvironment(env));
  }

  @Test
  void snowflake_password_mapsAccountUrlAndSessionContext() {
    JdbcTarget t = target(Map.of("SNOWFLAKE_ACCOUNT", "myorg-acct1", "SNOWFLAKE_USER",
        "ANALYST", "SNOWFLAKE_PASSWORD", SECRET, "SNOWFLAKE_ROLE", "RO",
        "SNOWFLAKE_WAREHOUSE", "COMPUTE_WH", "SNOWFLAKE_DATABASE", "AIRBNB",
        "SNOWFLAKE_SCHEMA", "DBT_SCHEMA"));
    assertThat(t.url()).isEqualTo("jdbc:snowflake://myorg-acct1.snowflakecomputing.com/");
    assertThat(t.dialect()).isEqualTo(Dialect.SNOWFLAKE);
    assertThat(t.properties()).containsEntry("user", "ANALYST").containsEntry("password", SECRET)
        .containsEntry("role", "RO").containsEntry("warehouse", "COMPUTE_WH")
        .containsEntry("db", "AIRBNB").containsEntry("schema", "DBT_SCHEMA")
        .containsEntry("JDBC_QUERY_RESULT_FORMAT", "JSON")
        .containsEntry("enablePutGet", "false")
        .doesNotContainKey("authenticator");
    assertThat(t.defaultDatabase()).isEqualTo("AIRBNB");
    assertThat(t.toString()).doesNotContain(SECRET);
  }

  @Test
  void snowflake_accountUrlOrLocator_becomesHost() {
    assertThat(target(Map.of("SNOWFLAKE_ACCOUNT",
        "https://xy12345.eu-west-1.snowflakecomputing.com",
        "SNOWFLAKE_USER", "u", "SNOWFLAKE_PASSWORD", SECRET)).url())
        .isEqualTo("jdbc:snowflake://xy12345.eu-west-1.snowflakecomputing.com/");
    assertThat(target(Map.of("SNOWFLAKE_ACCOUNT", "xy12345.eu-west-1", "SNOWFLAKE_USER", "u",
        "SNOWFLAKE_PASSWORD", SECRET)).url())
        .isEqualTo("jdbc:snowflake://xy12345.eu-west-1.snowflakecomputing.com/");
  }

  @Test
  void snowflake_privateKey_usesJwtAuthenticatorAndKeyProperties(@TempDir Path dir)
      throws Exception {
    Path key = Files.writeString(dir.resolve("rsa_key.p8"), "-----BEGIN ENCRYPTED PRIVATE KEY");
    JdbcTarget t = target(Map.of("SNOWFLAKE_ACCOUNT", "acct", "SNOWFLAKE_USER", "SVC",
        "SNOWFLAKE_PRIVATE_KEY_FILE", key.toString(), "SNOWFLAKE_PRIVATE_KEY_FILE_PWD", SECRET));
    assertThat(t.properties()).containsEntry("authenticator", "snowflake_jwt")
        .containsEntry("private_key_file", key.toAbsolutePath().toString())
        .containsEntry("private_key_pwd", SECRET).doesNotContainKey("password");
    assertThat(t.maskedProperties()).doesNotContain(SECRET).contains("private_key_pwd=<masked>");
  }

  @Test
  void snowflake_authenticators_mapToDriverValues() {
    JdbcTarget browser = target(Map.of("SNOWFLAKE_ACCOUNT", "acct", "SNOWFLAKE_USER", "me",
        "SNOWFLAKE_AUTHENTICATOR", "externalbrowser"));
    assertThat(browser.properties()).containsEntry("authenticator", "externalbrowser")
        .doesNotContainKey("password");
    JdbcTarget oauth = target(Map.of("SNOWFLAKE_ACCOUNT", "acct", "SNOWFLAKE_AUTHENTICATOR",
        "OAUTH", "SNOWFLAKE_PASSWORD", SECRET));
    assertThat(oauth.properties()).containsEntry("authenticator", "oauth")
        .containsEntry("token", SECRET).doesNotContainKey("password");
  }

  @Test
  void jdbc_urlAndCredentials_passThroughMasked() {
    Map<String, String> env = new HashMap<>();
    env.put("SNOWCHAT_JDBC_URL", "jdbc:postgresql://127.0.0.1:5432/app");
    env.put("SNOWCHAT_JDBC_USER", "reader");
    env.put("SNOWCHAT_JDBC_PASSWORD", SECRET);
    JdbcTarget t = target(env);
    assertThat(t.dialect()).isEqualTo(Dialect.POSTGRES);
    assertThat(t.properties()).containsEntry("user", "reader").containsEntry("password", SECRET);
    assertThat(t.toString()).doesNotContain(SECRET);
  }
}
