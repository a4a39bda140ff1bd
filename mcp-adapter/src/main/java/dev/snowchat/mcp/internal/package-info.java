/**
 * The MCP adapter's engine: pools, the live and index-backed schema lookups, the tool
 * implementations and the MCP transports. Not API.
 */
@NullMarked
package dev.snowchat.mcp.internal;

import org.jspecify.annotations.NullMarked;
