package dev.snowchat.mcp.issues;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.snowchat.mcp.HttpIdentity;
import dev.snowchat.mcp.McpConfig;
import dev.snowchat.mcp.SnowchatMcpServer;
import dev.snowchat.mcp.TestEnv;
import dev.snowchat.sqlgate.testing.TestDatabases;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.ObjectMapper;

/**
 * Issue 11 item 6: each HTTP bearer token maps to an identity and its session variables
 * (configured server-side in {@code SNOWCHAT_HTTP_IDENTITIES}), so a row access policy sees the
 * caller over MCP: two callers with different tokens see different rows of one PostgreSQL table.
 */
class Issue11IdentityTest {
  static final String ALICE = "alice-token-0123456789abcdef0123456789";
  static final String BOB = "bob-token-0123456789abcdef01234567890";
  static final String SHARED = "shared-token-0123456789abcdef012345678";
  static final ObjectMapper JSON = new ObjectMapper();
  static final HttpClient CLIENT = HttpClient.newHttpClient();

  static Path identities(Path dir) throws Exception {
    Path f = dir.resolve("identities.json");
    Files.writeString(f, """
        {"identities": [
          {"name": "alice", "tokenSha256": "%s", "sessionVariables": {"APP_USER": "alice"}},
          {"name": "bob", "tokenSha256": "%s", "sessionVariables": {"APP_USER": "bob"}}
        ]}""".formatted(HttpIdentity.sha256(ALICE), HttpIdentity.sha256(BOB)));
    return f;
  }

  @Test
  void twoTokens_seeDifferentRowsOfOnePostgresTable(@TempDir Path dir) throws Exception {
    String reader = "snowchat_rls_reader";
    String password = "rls-" + Long.toHexString(System.nanoTime());
    try (Connection c = TestDatabases.postgres().connect(); Statement s = c.createStatement()) {
      s.execute("DROP SCHEMA IF EXISTS rls_test CASCADE");
      s.execute("CREATE SCHEMA rls_test");
      s.execute("CREATE TABLE rls_test.docs (owner text, body text)");
      s.execute("INSERT INTO rls_test.docs VALUES ('alice', 'a1'), ('alice', 'a2'),"
          + " ('bob', 'b1')");
      s.execute("ALTER TABLE rls_test.docs ENABLE ROW LEVEL SECURITY");
      s.execute("CREATE POLICY by_user ON rls_test.docs USING"
          + " (owner = current_setting('snowchat.app_user', true))");
      s.execute("DO $$ BEGIN IF NOT EXISTS (SELECT 1 FROM pg_roles WHERE rolname = '" + reader
          + "') THEN CREATE ROLE " + reader + " LOGIN; END IF; END $$");
      s.execute("ALTER ROLE " + reader + " PASSWORD '" + password + "'");
      s.execute("GRANT USAGE ON SCHEMA rls_test TO " + reader);
      s.execute("GRANT SELECT ON rls_test.docs TO " + reader);
    }
    Map<String, String> env = TestEnv.postgres("SNOWCHAT_JDBC_USER", reader,
        "SNOWCHAT_JDBC_PASSWORD", password, "SNOWCHAT_HTTP_PORT", "0",
        "SNOWCHAT_SCHEMA_INDEX", "off", "SNOWCHAT_HTTP_TOKEN", SHARED,
        "SNOWCHAT_HTTP_IDENTITIES", identities(dir).toString());
    try (SnowchatMcpServer server = SnowchatMcpServer.builder()
        .config(McpConfig.fromEnvironment(env)).build();
        SnowchatMcpServer.Http http = server.startHttp()) {
      assertThat(owners(http.uri(), ALICE)).containsExactly("alice", "alice");
      assertThat(owners(http.uri(), BOB)).containsExactly("bob");
      assertThat(owners(http.uri(), SHARED)).isEmpty();
      assertThat(owners(http.uri(), ALICE)).containsExactly("alice", "alice");
      assertThat(status(http.uri(), "not-a-known-token-0123456789abcdef")).isEqualTo(401);
    }
  }

  static HttpResponse<String> post(URI uri, String token, String session, String body)
      throws Exception {
    HttpRequest.Builder b = HttpRequest.newBuilder(uri)
        .header("Content-Type", "application/json")
        .header("Accept", "application/json, text/event-stream")
        .header("Authorization", "Bearer " + token)
        .POST(HttpRequest.BodyPublishers.ofString(body));
    if (session != null) {
      b.header("Mcp-Session-Id", session);
    }
    return CLIENT.send(b.build(), HttpResponse.BodyHandlers.ofString());
  }

  static int status(URI uri, String token) throws Exception {
    return post(uri, token, null, INIT).statusCode();
  }

  static final String INIT = "{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"initialize\",\"params\":"
      + "{\"protocolVersion\":\"2025-06-18\",\"capabilities\":{},"
      + "\"clientInfo\":{\"name\":\"t\",\"version\":\"1\"}}}";

  /** Starts a session with the token and returns the owners of the rows the caller sees. */
  static List<String> owners(URI uri, String token) throws Exception {
    HttpResponse<String> init = post(uri, token, null, INIT);
    String session = init.headers().firstValue("Mcp-Session-Id").orElseThrow();
    post(uri, token, session, "{\"jsonrpc\":\"2.0\",\"method\":\"notifications/initialized\"}");
    String body = post(uri, token, session, "{\"jsonrpc\":\"2.0\",\"id\":2,\"method\":"
        + "\"tools/call\",\"params\":{\"name\":\"execute_query\",\"arguments\":{\"sql\":"
        + "\"SELECT owner FROM rls_test.docs ORDER BY body\"}}}").body();
    JsonNode r = null;
    for (String line : body.split("\n")) {
      if (line.startsWith("data:")) {
        r = JSON.readTree(line.substring(5).strip());
      }
    }
    r = r == null ? JSON.readTree(body) : r;
    JsonNode result = r.get("result");
    assertThat(result.get("isError").asBoolean()).as(body).isFalse();
    List<String> owners = new ArrayList<>();
    for (JsonNode row : result.get("structuredContent").get("rows")) {
      owners.add(row.isArray() ? row.get(0).asString() : row.get("owner").asString());
    }
    return owners;
  }

  @Test
  void identitiesFile_isStrict(@TempDir Path dir) throws Exception {
    Path f = dir.resolve("ids.json");
    Files.writeString(f, "{\"identities\":[{\"name\":\"a\",\"tokenSha256\":\""
        + HttpIdentity.sha256(ALICE) + "\",\"role\":\"x\"}]}");
    assertThatThrownBy(() -> McpConfig.fromEnvironment(TestEnv.sample(
        "SNOWCHAT_HTTP_IDENTITIES", f.toString())))
        .hasMessageContaining("SNOWCHAT_HTTP_IDENTITIES").hasMessageContaining("'role'");
    Files.writeString(f, "{\"identities\":[{\"name\":\"a\",\"tokenSha256\":\""
        + HttpIdentity.sha256(ALICE) + "\"},{\"name\":\"b\",\"tokenSha256\":\""
        + HttpIdentity.sha256(ALICE) + "\"}]}");
    assertThatThrownBy(() -> McpConfig.fromEnvironment(TestEnv.sample(
        "SNOWCHAT_HTTP_IDENTITIES", f.toString()))).hasMessageContaining("same token");
    Files.writeString(f, "{\"identities\":[{\"name\":\"a\",\"tokenSha256\":\"abc\"}]}");
    assertThatThrownBy(() -> McpConfig.fromEnvironment(TestEnv.sample(
        "SNOWCHAT_HTTP_IDENTITIES", f.toString()))).hasMessageContaining("64 hex");
    Files.writeString(f, "{\"identities\":[{\"name\":\"a\",\"tokenSha256\":\""
        + HttpIdentity.sha256(ALICE) + "\",\"sessionVariables\":{\"bad name\":\"x\"}}]}");
    assertThatThrownBy(() -> McpConfig.fromEnvironment(TestEnv.sample(
        "SNOWCHAT_HTTP_IDENTITIES", f.toString()))).hasMessageContaining("bad name");
    Files.writeString(f, "not json");
    assertThatThrownBy(() -> McpConfig.fromEnvironment(TestEnv.sample(
        "SNOWCHAT_HTTP_IDENTITIES", f.toString()))).hasMessageContaining("as JSON");
  }

  @Test
  void identities_allowBindingBeyondLoopback(@TempDir Path dir) throws Exception {
    McpConfig c = McpConfig.fromEnvironment(TestEnv.sample("SNOWCHAT_HTTP_HOST", "0.0.0.0",
        "SNOWCHAT_HTTP_IDENTITIES", identities(dir).toString()));
    assertThat(c.httpIdentities()).extracting(HttpIdentity::name).containsExactly("alice", "bob");
    assertThat(c.toString()).doesNotContain(HttpIdentity.sha256(ALICE));
  }
}
