package dev.snowchat.schemaindex.internal;

import dev.snowchat.sqlgate.SnowchatException;
import org.jspecify.annotations.Nullable;
import tools.jackson.databind.JsonNode;

/** Reads fields of user-supplied JSON (snapshots, glossaries) with errors that name the path. */
public final class JsonInput {
  /** Makes the exception for a bad value at a path, e.g. {@code tables[3].name}. */
  @FunctionalInterface
  public interface Invalid {
    /**
     * {@return the exception to throw}
     *
     * @param at where in the document
     * @param what what is wrong
     */
    SnowchatException at(String at, String what);
  }

  private JsonInput() {}

  /**
   * {@return the string field, or null when it is absent or JSON null}
   *
   * @param n the object
   * @param field the field's name
   * @param at the object's path, for errors
   * @param invalid makes the error when the field is not a string
   */
  public static @Nullable String optionalText(JsonNode n, String field, String at,
      Invalid invalid) {
    JsonNode v = n.path(field);
    if (v.isMissingNode() || v.isNull()) {
      return null;
    }
    if (!v.isString()) {
      throw invalid.at(at + "." + field, "expected a string");
    }
    return v.asString();
  }
}
