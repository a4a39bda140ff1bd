/**
 * Snowchat MCP adapter: the warehouse tools, served over MCP (stdio and Streamable HTTP) or called
 * in-process, with configuration from the environment and the embedded sample warehouse.
 *
 * <p>The entry point is {@link dev.snowchat.mcp.SnowchatMcpServer}; configuration is {@link
 * dev.snowchat.mcp.McpConfig}. Only {@code dev.snowchat.mcp} and {@code dev.snowchat.mcp.sample}
 * are exported; the engine lives in the unexported {@code dev.snowchat.mcp.internal.*} packages
 * (jdbc, lookup, tools, transport). The runnable jar ({@code snowchat-mcp.jar}) is shaded and
 * runs on the class path, where these packages keep the same line by visibility.
 */
module dev.snowchat.mcp {
  requires transitive dev.snowchat.schemaindex;
  requires transitive java.sql;
  requires io.modelcontextprotocol.sdk.mcp.core;
  requires org.eclipse.jetty.ee10.servlet;
  requires org.eclipse.jetty.server;
  requires org.eclipse.jetty.util;
  requires com.zaxxer.hikari;
  // The embedded engine of the source catalog (views, attachments, host tables: its appender).
  requires duckdb.jdbc;
  requires tools.jackson.core;
  requires tools.jackson.databind;
  requires org.slf4j;
  requires jul.to.slf4j;
  requires static org.jspecify;
  // sun.misc.Signal: the programs' signals exit after the embedding model's calls return.
  requires jdk.unsupported;
  // Optional, supplied by a co-located host that registers Arrow streams (HostData.registerArrow).
  requires static transitive org.apache.arrow.vector;
  requires static org.apache.arrow.c;
  requires static org.apache.arrow.memory.core;

  exports dev.snowchat.mcp;
  exports dev.snowchat.mcp.sample;
}
