/**
 * Snowchat's warehouse tools over MCP (stdio and Streamable HTTP) and in-process.
 *
 * <p>The entry point is {@link dev.snowchat.mcp.SnowchatMcpServer}; configuration is {@link
 * dev.snowchat.mcp.McpConfig}, built with {@link dev.snowchat.mcp.McpConfig#builder()} or read by
 * {@link dev.snowchat.mcp.McpConfig#fromEnvironment(java.util.Map)} from the variables of {@link
 * dev.snowchat.mcp.McpVariable}; {@link dev.snowchat.mcp.JdbcTarget} maps it to a connection;
 * the command line is {@link dev.snowchat.mcp.McpServerMain}. Tool errors carry a {@link
 * dev.snowchat.mcp.ToolErrorCode}.
 */
@NullMarked
package dev.snowchat.mcp;

import org.jspecify.annotations.NullMarked;
