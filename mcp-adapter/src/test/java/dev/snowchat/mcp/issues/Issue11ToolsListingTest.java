package dev.snowchat.mcp.issues;

import static org.assertj.core.api.Assertions.assertThat;

import dev.snowchat.mcp.McpConfig;
import dev.snowchat.mcp.McpServerMain;
import dev.snowchat.mcp.SnowchatMcpServer;
import dev.snowchat.mcp.TestEnv;
import dev.snowchat.mcp.ToolDefinition;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.SocketTimeoutException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Issue 11 item 8: {@code snowchat-mcp tools} lists the tools without building the sample
 * warehouse (a first run took seconds for it) or connecting to the configured database.
 */
class Issue11ToolsListingTest {

  @Test
  void tools_withNothingConfigured_listsEveryToolWithoutBuildingTheSample(@TempDir Path dir) {
    Path sample = dir.resolve("sample");
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    ByteArrayOutputStream err = new ByteArrayOutputStream();
    int exit = McpServerMain.run(new String[] {"tools"},
        Map.of("SNOWCHAT_SAMPLE_DIR", sample.toString()), print(out), print(err));

    assertThat(exit).as(err.toString(StandardCharsets.UTF_8)).isZero();
    assertThat(sample).as("the sample directory").doesNotExist();
    String listing = out.toString(StandardCharsets.UTF_8);
    try (SnowchatMcpServer server = SnowchatMcpServer.builder()
        .config(McpConfig.fromEnvironment(TestEnv.sample())).build()) {
      for (ToolDefinition t : server.tools()) {
        assertThat(listing).contains(t.name() + (t.readOnly() ? "" : " [writes]") + "\n  "
            + t.description().replace("\n", "\n  "));
      }
    }
  }

  @Test
  void tools_withADatabaseConfigured_neverConnects() throws Exception {
    try (ServerSocket database = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
      ByteArrayOutputStream out = new ByteArrayOutputStream();
      int exit = McpServerMain.run(new String[] {"tools"}, Map.of("SNOWCHAT_JDBC_URL",
          "jdbc:postgresql://127.0.0.1:" + database.getLocalPort() + "/warehouse",
          "SNOWCHAT_JDBC_USER", "analyst", "SNOWCHAT_JDBC_PASSWORD", "secret"), print(out),
          print(new ByteArrayOutputStream()));

      assertThat(exit).isZero();
      assertThat(out.toString(StandardCharsets.UTF_8)).contains("execute_query", "list_tables");
      database.setSoTimeout(500);
      boolean connected;
      try (var ignored = database.accept()) {
        connected = true;
      } catch (SocketTimeoutException e) {
        connected = false;
      }
      assertThat(connected).as("a connection to the configured database").isFalse();
    }
  }

  private static PrintStream print(ByteArrayOutputStream b) {
    return new PrintStream(b, true, StandardCharsets.UTF_8);
  }
}
