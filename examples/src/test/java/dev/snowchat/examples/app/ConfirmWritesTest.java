package dev.snowchat.examples.app;

import static org.assertj.core.api.Assertions.assertThat;

import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** In read_write a write waits for POST /api/confirm; approve runs it, deny refuses it. */
class ConfirmWritesTest {

  @SuppressWarnings("unchecked")
  private static List<Map<String, Object>> turn(ChatApp app, TestClient c, String session,
      String sql, Boolean approve) throws Exception {
    HttpClient http = HttpClient.newHttpClient();
    HttpResponse<Stream<String>> r = http.send(c.request("/api/chat")
        .header("Content-Type", "application/json")
        .POST(HttpRequest.BodyPublishers.ofString(TestClient.JSON.writeValueAsString(
            Map.of("session", session, "prompt", sql)))).build(),
        HttpResponse.BodyHandlers.ofLines());
    List<Map<String, Object>> events = new ArrayList<>();
    try (Stream<String> lines = r.body()) {
      Iterator<String> it = lines.iterator();
      while (it.hasNext()) {
        String line = it.next();
        if (!line.startsWith("data: ")) {
          continue;
        }
        Map<String, Object> e = TestClient.JSON.readValue(line.substring(6), Map.class);
        events.add(e);
        if ("tool_use".equals(e.get("type")) && Boolean.TRUE.equals(e.get("approvalRequired"))
            && approve != null) {
          assertThat(c.post("/api/confirm", Map.of("session", session, "toolUseId",
              e.get("id"), "approve", approve)).statusCode()).isEqualTo(200);
        }
      }
    }
    return events;
  }

  @Test
  void write_waitsForConfirmation_approveRuns_denyRefuses_readsNeverAsk(@TempDir Path dir)
      throws Exception {
    Path db = dir.resolve("rw.duckdb");
    try (Connection c = DriverManager.getConnection("jdbc:duckdb:" + db);
        Statement s = c.createStatement()) {
      s.execute("CREATE TABLE notes (id INTEGER, body VARCHAR)");
    }
    try (ChatApp app = TestApps.start(TestApps.env("SNOWCHAT_JDBC_URL", "jdbc:duckdb:" + db,
        "SNOWFLAKE_MCP_MODE", "read_write", "SNOWCHAT_SCHEMA_INDEX", "false"),
        new FakeEngines.RunSql())) {
      TestClient c = new TestClient(app.uri());
      String s = c.newSession();
      List<Map<String, Object>> approved = turn(app, c, s,
          "INSERT INTO notes VALUES (1, 'approved')", true);
      assertThat(approved).filteredOn(e -> "tool_result".equals(e.get("type")))
          .singleElement().satisfies(e -> assertThat(e.get("error")).isEqualTo(false));
      List<Map<String, Object>> denied = turn(app, c, s,
          "INSERT INTO notes VALUES (2, 'denied')", false);
      assertThat(denied).filteredOn(e -> "tool_result".equals(e.get("type")))
          .singleElement().satisfies(e -> assertThat(e.get("error")).isEqualTo(true));
      List<Map<String, Object>> read = turn(app, c, s, "SELECT count(*) FROM notes", null);
      assertThat(read).filteredOn(e -> "tool_use".equals(e.get("type"))).singleElement()
          .satisfies(e -> assertThat(e.get("approvalRequired")).isEqualTo(false));
    }
    try (Connection c = DriverManager.getConnection("jdbc:duckdb:" + db);
        Statement s = c.createStatement();
        ResultSet r = s.executeQuery("SELECT string_agg(body, ',') FROM notes")) {
      r.next();
      assertThat(r.getString(1)).isEqualTo("approved");
    }
  }
}
