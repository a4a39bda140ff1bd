/**
 * Tools from an MCP server, over stdio or Streamable HTTP, with the official MCP Java SDK.
 *
 * <p>The entry point is {@link dev.snowchat.agent.mcp.McpToolSource}: {@code stdio(...)} or
 * {@code http(...)}. It needs the optional dependency {@code io.modelcontextprotocol.sdk:mcp}.
 */
@NullMarked
package dev.snowchat.agent.mcp;

import org.jspecify.annotations.NullMarked;
