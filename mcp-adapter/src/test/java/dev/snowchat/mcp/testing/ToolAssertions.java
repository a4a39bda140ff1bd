package dev.snowchat.mcp.testing;

import static org.assertj.core.api.Assertions.assertThat;

import dev.snowchat.mcp.SnowchatMcpServer;
import dev.snowchat.mcp.ToolResult;
import io.modelcontextprotocol.json.McpJsonDefaults;
import java.util.Map;

/**
 * Assertions on tool calls made in-process through {@link SnowchatMcpServer#call}, so that a
 * failing call shows the tool and the message it returned.
 */
public final class ToolAssertions {
  private ToolAssertions() {}

  /**
   * Calls a tool and asserts that it succeeded and that its structured content matches the tool's
   * output schema, as MCP clients check it.
   *
   * @param server the server
   * @param tool the tool's name
   * @param args the arguments
   * @return the result
   * @throws AssertionError when the call returned an error or content outside the schema
   */
  public static ToolResult ok(SnowchatMcpServer server, String tool, Map<String, Object> args) {
    ToolResult r = noError(server, tool, args);
    var v = McpJsonDefaults.getSchemaValidator()
        .validate(server.tool(tool).orElseThrow().outputSchema(), r.structured());
    assertThat(v.valid()).as("%s output schema: %s", tool, v.errorMessage()).isTrue();
    return r;
  }

  /**
   * Calls a tool and asserts only that it did not return an error.
   *
   * @param server the server
   * @param tool the tool's name
   * @param args the arguments
   * @return the result
   * @throws AssertionError when the call returned an error
   */
  public static ToolResult noError(SnowchatMcpServer server, String tool,
      Map<String, Object> args) {
    ToolResult r = server.call(tool, args);
    assertThat(r.isError()).as("%s -> %s", tool, r.text()).isFalse();
    return r;
  }
}
