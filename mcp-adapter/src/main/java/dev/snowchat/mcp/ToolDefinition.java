package dev.snowchat.mcp;

import static java.util.Objects.requireNonNull;

import java.util.Map;
import java.util.regex.Pattern;

/**
 * One tool, defined once and used both over MCP and in-process (an agent loop calls {@link
 * #handler()} directly with the same arguments a model sends).
 *
 * @param name the tool name, e.g. {@code execute_query}
 * @param title a short human title
 * @param description what the tool does and its limits, written for a model
 * @param inputSchema the JSON schema of the arguments (an object schema)
 * @param outputSchema the JSON schema of {@link ToolResult#structured()} (an object schema)
 * @param readOnly true when the tool never changes the warehouse
 * @param destructive true when the tool may change or delete data (only {@code execute_query} in
 *     a writing mode)
 * @param handler the implementation
 */
public record ToolDefinition(
    String name,
    String title,
    String description,
    Map<String, Object> inputSchema,
    Map<String, Object> outputSchema,
    boolean readOnly,
    boolean destructive,
    ToolHandler handler) {

  private static final Pattern NAME = Pattern.compile("[a-z][a-z0-9_]{0,63}");

  /** Validates the fields. */
  public ToolDefinition {
    requireNonNull(name, "name is null");
    requireNonNull(title, "title is null");
    requireNonNull(description, "description is null");
    requireNonNull(inputSchema, "inputSchema is null");
    requireNonNull(outputSchema, "outputSchema is null");
    requireNonNull(handler, "handler is null");
    if (!NAME.matcher(name).matches()) {
      throw new IllegalArgumentException("Bad tool name '" + name + "': expected snake_case");
    }
    if (!"object".equals(inputSchema.get("type")) || !"object".equals(outputSchema.get("type"))) {
      throw new IllegalArgumentException("Tool " + name + ": schemas must have type object");
    }
    if (readOnly && destructive) {
      throw new IllegalArgumentException("Tool " + name + " cannot be read-only and destructive");
    }
    inputSchema = Map.copyOf(inputSchema);
    outputSchema = Map.copyOf(outputSchema);
  }

  /**
   * Calls the tool with no caller identity.
   *
   * @param arguments the arguments
   * @return the result
   */
  public ToolResult call(Map<String, Object> arguments) {
    return handler.call(arguments, CallContext.none());
  }
}
