/**
 * The MCP transports, not API: the bridge to the official MCP Java SDK ({@link
 * dev.snowchat.mcp.internal.transport.McpBridge}), the guarded stdio stream and the Streamable
 * HTTP endpoint with its bearer identities and clean JSON-RPC errors.
 */
@NullMarked
package dev.snowchat.mcp.internal.transport;

import org.jspecify.annotations.NullMarked;
