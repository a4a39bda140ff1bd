package dev.snowchat.agent;

import static java.util.Objects.requireNonNull;

import java.util.Map;
import java.util.regex.Pattern;

/**
 * What a model is told about a tool.
 *
 * @param name the tool name: letters, digits, {@code _} and {@code -}, 1 to 64 characters (what
 *     the Anthropic and OpenAI APIs accept)
 * @param description what the tool does and its limits, written for a model
 * @param inputSchema the JSON schema of the arguments, an object schema
 * @param readOnly true when the tool never changes anything
 */
public record ToolSpec(String name, String description, Map<String, Object> inputSchema,
    boolean readOnly) {
  private static final Pattern NAME = Pattern.compile("[A-Za-z0-9_-]{1,64}");

  /**
   * Validates the fields and copies the schema.
   *
   * @throws IllegalArgumentException for a bad name or a schema that is not of type object
   */
  public ToolSpec {
    requireNonNull(name, "name is null");
    requireNonNull(description, "description is null");
    requireNonNull(inputSchema, "inputSchema is null");
    if (!NAME.matcher(name).matches()) {
      throw new IllegalArgumentException("Bad tool name '" + name
          + "': expected 1 to 64 letters, digits, '_' or '-'");
    }
    if (!"object".equals(inputSchema.get("type"))) {
      throw new IllegalArgumentException("Tool " + name + ": inputSchema must have type object,"
          + " got " + inputSchema.get("type"));
    }
    inputSchema = Json.copy(inputSchema);
  }
}
