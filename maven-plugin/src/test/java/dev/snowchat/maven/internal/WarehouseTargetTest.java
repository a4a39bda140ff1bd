package dev.snowchat.maven.internal;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.snowchat.sqlgate.Dialect;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class WarehouseTargetTest {
  @TempDir Path sample;

  private WarehouseTarget.Request request(String source, String url, String user,
      String password) {
    return new WarehouseTarget.Request(source, url, user, password, sample);
  }

  @Test
  void jdbcUrl_passwordFromEnvironment_isMaskedEverywhere() {
    WarehouseTarget t = WarehouseTarget.resolve(
        request("auto", "jdbc:postgresql://db:5432/wh", "ci", null),
        Map.of("SNOWCHAT_JDBC_PASSWORD", "s3cret-pw"));
    assertThat(t.kind()).isEqualTo(WarehouseTarget.Kind.JDBC);
    assertThat(t.properties().getProperty("password")).isEqualTo("s3cret-pw");
    assertThat(t.description()).isEqualTo("JDBC jdbc:postgresql://db:5432/wh as user ci")
        .doesNotContain("s3cret");
    assertThat(t.toString()).doesNotContain("s3cret");
    assertThat(t.mask("FATAL: password s3cret-pw rejected")).doesNotContain("s3cret")
        .contains("<masked>");
  }

  /**
   * Plugin messages quote configuration and driver errors: a short password is masked there too
   * (the server's masking skips secrets under 4 characters as noise in query results; here a
   * false positive only hides a few characters of a message).
   */
  @Test
  void shortPassword_isMaskedInMessages() {
    WarehouseTarget t = WarehouseTarget.resolve(
        request("auto", "jdbc:postgresql://db:5432/wh", "ci", "pw1"), Map.of());
    assertThat(t.mask("FATAL: password pw1 rejected for PW1")).doesNotContain("pw1")
        .doesNotContain("PW1").contains("<masked>");
  }

  @Test
  void jdbcUrl_credentialsInUrl_areMasked() {
    WarehouseTarget t = WarehouseTarget.resolve(
        request("auto", "jdbc:postgresql://db/wh?user=ci&password=hunter22", null, null),
        Map.of());
    assertThat(t.description()).doesNotContain("hunter22").contains("password=<masked>");
    assertThat(t.mask("could not connect with hunter22")).doesNotContain("hunter22");
  }

  /**
   * A .env shared with the server names the snapshot this goal writes: on a clean checkout it does
   * not exist yet, and an old corrupt one is what the goal replaces; neither stops the goal.
   */
  @Test
  void serverSnapshotVariable_missingOrCorruptFile_doesNotStopTheGoal(@TempDir Path dir)
      throws Exception {
    Path missing = dir.resolve("schema/catalog.json");
    WarehouseTarget t = WarehouseTarget.resolve(request("auto", null, null, null), Map.of(
        "SNOWCHAT_JDBC_URL", "jdbc:postgresql://db/wh",
        "SNOWCHAT_INDEX_SNAPSHOT", missing.toString()));
    assertThat(t.kind()).isEqualTo(WarehouseTarget.Kind.JDBC);
    Path corrupt = Files.writeString(dir.resolve("old.json"), "garbage, not JSON");
    assertThat(WarehouseTarget.resolve(request("auto", null, null, null), Map.of(
        "SNOWCHAT_JDBC_URL", "jdbc:postgresql://db/wh",
        "SNOWCHAT_INDEX_SNAPSHOT", corrupt.toString())).kind())
        .isEqualTo(WarehouseTarget.Kind.JDBC);
  }

  /** Issue 13 item 5: a .env shared with the chat app does not stop the plugin. */
  @Test
  void chatAppVariables_areAccepted_unknownOnesAreNot() {
    Map<String, String> env = Map.of("SNOWCHAT_JDBC_URL", "jdbc:postgresql://db/wh",
        "SNOWCHAT_MODEL_PROVIDER", "offline", "SNOWCHAT_MODEL", "m",
        "SNOWCHAT_APP_TOKEN", "0123456789abcdef0123");
    assertThat(WarehouseTarget.resolve(request("auto", null, null, null), env).dialect())
        .isEqualTo(Dialect.POSTGRES);
    org.assertj.core.api.Assertions.assertThatThrownBy(() -> WarehouseTarget.resolve(
        request("auto", null, null, null), Map.of("SNOWCHAT_JDBC_URL",
        "jdbc:postgresql://db/wh", "SNOWCHAT_MODEL_PROVDER", "offline")))
        .hasMessageContaining("SNOWCHAT_MODEL_PROVDER");
  }

  /** The message names the goal's parameters, not only the server's variables. */
  @Test
  void passwordWithoutUser_namesThePluginParameters() {
    org.assertj.core.api.Assertions.assertThatThrownBy(() -> WarehouseTarget.resolve(
        request("auto", "jdbc:postgresql://db/wh", null, "s3cret-pw"), Map.of()))
        .hasMessageContaining("snowchat.jdbcPassword").hasMessageContaining("snowchat.jdbcUser")
        .hasMessageNotContaining("s3cret-pw");
    org.assertj.core.api.Assertions.assertThatThrownBy(() -> WarehouseTarget.resolve(
        request("auto", "jdbc:postgresql://db/wh", null, null),
        Map.of("SNOWCHAT_JDBC_PASSWORD", "s3cret-pw")))
        .hasMessageContaining("SNOWCHAT_JDBC_PASSWORD environment variable")
        .hasMessageContaining("snowchat.jdbcUser");
  }

  @Test
  void dialect_followsTheUrl() {
    assertThat(WarehouseTarget.resolve(request("auto", "jdbc:postgresql://db/wh", null, null),
        Map.of()).dialect()).isEqualTo(Dialect.POSTGRES);
    assertThat(WarehouseTarget.resolve(request("jdbc", "jdbc:duckdb:/tmp/x.duckdb", null, null),
        Map.of()).dialect()).isEqualTo(Dialect.DUCKDB);
    assertThat(WarehouseTarget.resolve(request("auto", "jdbc:mysql://db/wh", null, null),
        Map.of()).dialect()).isEqualTo(Dialect.GENERIC);
  }

  @Test
  void duckdbUrl_opensReadOnly() {
    WarehouseTarget t = WarehouseTarget.resolve(
        request("jdbc", "jdbc:duckdb:/tmp/x.duckdb", null, null), Map.of());
    assertThat(t.properties().getProperty("duckdb.read_only")).isEqualTo("true");
  }

  @Test
  void sourceCatalog_inTheEnvironment_isRefusedNamingIt(@org.junit.jupiter.api.io.TempDir
      java.nio.file.Path dir) throws Exception {
    java.nio.file.Path catalog = java.nio.file.Files.writeString(dir.resolve("sources.json"),
        "{\"sources\": [{\"name\": \"demo\", \"address\": \"sample:\"}]}");
    assertThatThrownBy(() -> WarehouseTarget.resolve(request("auto", null, null, null),
        Map.of("SNOWCHAT_SOURCES", catalog.toString())))
        .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("SNOWCHAT_SOURCES")
        .hasMessageContaining("snowchat.source");
  }

  @Test
  void badSource_namesParameterAndChoices() {
    assertThatThrownBy(() -> WarehouseTarget.resolve(request("oracle", null, null, null),
        Map.of()))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage("Bad value for snowchat.source: 'oracle'; expected auto (default), sample,"
            + " jdbc or snowflake");
  }

  @Test
  void notAJdbcUrl_isRejectedMasked() {
    assertThatThrownBy(() -> WarehouseTarget.resolve(
        request("auto", "postgres://u:topsecret@db/wh", null, null), Map.of()))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("snowchat.jdbcUrl")
        .hasMessageNotContaining("topsecret");
  }

  @Test
  void passwordWithoutUrl_isRejected() {
    assertThatThrownBy(() -> WarehouseTarget.resolve(request("auto", null, null, "pw"),
        Map.of()))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("snowchat.jdbcUrl is not");
  }

  @Test
  void urlWithSampleSource_conflicts() {
    assertThatThrownBy(() -> WarehouseTarget.resolve(
        request("sample", "jdbc:duckdb:", null, null), Map.of()))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("Conflicting configuration");
  }

  @Test
  void snowflakeEnvironment_mapsLikeTheMcpServer_withoutShowingSecrets() {
    WarehouseTarget t = WarehouseTarget.resolve(request("auto", null, null, null), Map.of(
        "SNOWFLAKE_ACCOUNT", "xy12345.eu-west-1", "SNOWFLAKE_USER", "CI_BOT",
        "SNOWFLAKE_PASSWORD", "pa55word!", "SNOWFLAKE_ROLE", "READER",
        "SNOWFLAKE_WAREHOUSE", "WH"));
    assertThat(t.kind()).isEqualTo(WarehouseTarget.Kind.SNOWFLAKE);
    assertThat(t.url()).isEqualTo("jdbc:snowflake://xy12345.eu-west-1.snowflakecomputing.com/");
    assertThat(t.properties()).containsEntry("user", "CI_BOT").containsEntry("role", "READER")
        .containsEntry("warehouse", "WH").containsEntry("password", "pa55word!");
    assertThat(t.description()).isEqualTo(
        "Snowflake account xy12345.eu-west-1 as user CI_BOT, role READER, warehouse WH");
    assertThat(t.mask("Incorrect password pa55word!")).doesNotContain("pa55word");
    assertThat(t.maskedProperties()).contains("password=<masked>").contains("user=CI_BOT")
        .doesNotContain("pa55word");
    assertThat(t.properties()).containsEntry("application", "snowchat_maven_plugin")
        .containsEntry("enablePutGet", "false");
  }

  @Test
  void snowflakeKeyPairAndTokenAuth_mapAsTheMcpServerDoes(@TempDir Path dir) throws Exception {
    Path key = Files.writeString(dir.resolve("rsa.p8"), "not a real key");
    WarehouseTarget jwt = WarehouseTarget.resolve(request("auto", null, null, null), Map.of(
        "SNOWFLAKE_ACCOUNT", "https://myorg-acct.snowflakecomputing.com/console",
        "SNOWFLAKE_USER", "CI_BOT", "SNOWFLAKE_PRIVATE_KEY_FILE", key.toString()));
    assertThat(jwt.url()).isEqualTo("jdbc:snowflake://myorg-acct.snowflakecomputing.com/");
    assertThat(jwt.properties()).containsEntry("authenticator", "snowflake_jwt")
        .containsEntry("private_key_file", key.toAbsolutePath().toString());
    assertThat(jwt.description()).startsWith("Snowflake account myorg-acct as user CI_BOT");

    WarehouseTarget token = WarehouseTarget.resolve(request("auto", null, null, null), Map.of(
        "SNOWFLAKE_ACCOUNT", "acct", "SNOWFLAKE_USER", "CI_BOT",
        "SNOWFLAKE_AUTHENTICATOR", "programmatic_access_token", "SNOWFLAKE_PASSWORD", "t0ken"));
    assertThat(token.properties()).containsEntry("token", "t0ken").doesNotContainKey("password")
        .containsEntry("authenticator", "programmatic_access_token");
    assertThat(token.maskedProperties()).doesNotContain("t0ken");
  }

  @Test
  void snowflakeSourceWithoutAccount_explainsWhatIsMissing() {
    assertThatThrownBy(() -> WarehouseTarget.resolve(request("snowflake", null, null, null),
        Map.of()))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("SNOWFLAKE_ACCOUNT");
  }

  @Test
  void badSnowflakeEnvironment_failsWithTheVariableNameNotTheSecret() {
    assertThatThrownBy(() -> WarehouseTarget.resolve(request("auto", null, null, null), Map.of(
        "SNOWFLAKE_ACCOUNT", "xy12345", "SNOWFLAKE_PASSWORD", "pa55word!")))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("SNOWFLAKE_USER")
        .hasMessageNotContaining("pa55word");
  }

  @Test
  void jdbcEnvironment_isUsedWhenNoUrlParameter() {
    WarehouseTarget t = WarehouseTarget.resolve(request("auto", null, null, null), Map.of(
        "SNOWCHAT_JDBC_URL", "jdbc:postgresql://db/wh", "SNOWCHAT_JDBC_USER", "ci",
        "SNOWCHAT_JDBC_PASSWORD", "envpass1"));
    assertThat(t.kind()).isEqualTo(WarehouseTarget.Kind.JDBC);
    assertThat(t.properties()).containsEntry("user", "ci").containsEntry("password", "envpass1");
    assertThat(t.secrets()).contains("envpass1");
  }

  @Test
  void unknownSnowchatVariable_isNamed() {
    assertThatThrownBy(() -> WarehouseTarget.resolve(request("auto", null, null, null),
        Map.of("SNOWCHAT_JDBC_URLL", "jdbc:x")))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("SNOWCHAT_JDBC_URLL");
  }
}
