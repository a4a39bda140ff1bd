/**
 * Snowchat's warehouse tools over MCP (stdio and Streamable HTTP) and in-process.
 *
 * <p>The entry point is {@link dev.snowchat.mcp.SnowchatMcpServer}; configuration comes from
 * {@link dev.snowchat.mcp.McpConfig#fromEnvironment(java.util.Map)}; the command line is
 * {@link dev.snowchat.mcp.McpServerMain}.
 */
@NullMarked
package dev.snowchat.mcp;

import org.jspecify.annotations.NullMarked;
