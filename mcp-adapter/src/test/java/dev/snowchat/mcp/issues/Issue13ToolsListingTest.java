package dev.snowchat.mcp.issues;

import static org.assertj.core.api.Assertions.assertThat;

import dev.snowchat.mcp.McpServerMain;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code snowchat-mcp tools} with a source catalog or an attach allowlist lists the tools the
 * server serves then: the {@code source} argument, {@code list_sources} and {@code attach_file}
 * (the listing without a server knew only one warehouse, and a catalog has no single target).
 */
class Issue13ToolsListingTest {

  @Test
  void tools_withACatalogAndAnAllowlist_listsTheSourceTools(@TempDir Path dir) throws Exception {
    Files.writeString(dir.resolve("a.csv"), "x\n1\n");
    Path catalog = Files.writeString(dir.resolve("sources.json"),
        "{\"sources\": [{\"name\": \"a\", \"address\": \"a.csv\"}]}");
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    ByteArrayOutputStream err = new ByteArrayOutputStream();
    int exit = McpServerMain.run(new String[] {"tools"}, Map.of(
        "SNOWCHAT_SOURCES", catalog.toString(), "SNOWCHAT_FILE_ALLOWLIST", dir.toString(),
        "SNOWCHAT_SCHEMA_INDEX", "off"), new PrintStream(out, true, StandardCharsets.UTF_8),
        new PrintStream(err, true, StandardCharsets.UTF_8));

    assertThat(exit).as(err.toString(StandardCharsets.UTF_8)).isZero();
    assertThat(out.toString(StandardCharsets.UTF_8))
        .contains("execute_query", "list_sources", "attach_file");
  }
}
