package dev.snowchat.mcp;

import java.util.Map;

/** Runs one tool call. Implementations never throw for a bad call: they return a tool error. */
@FunctionalInterface
public interface ToolHandler {
  /**
   * Runs the tool.
   *
   * @param arguments the call's arguments, as parsed from JSON
   * @param context who the call runs for
   * @return the result, a tool error included
   */
  ToolResult call(Map<String, Object> arguments, CallContext context);
}
