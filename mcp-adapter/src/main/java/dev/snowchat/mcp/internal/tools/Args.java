package dev.snowchat.mcp.internal.tools;

import dev.snowchat.mcp.ToolErrorCode;
import dev.snowchat.sqlgate.SnowchatException;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import org.jspecify.annotations.Nullable;

/** Reads a tool call's arguments strictly: unknown names and wrong types are tool errors. */
final class Args {
  private final String tool;
  private final Map<String, Object> args;

  Args(String tool, @Nullable Map<String, Object> args, Set<String> allowed) {
    this.tool = tool;
    this.args = args == null ? Map.of() : args;
    Set<String> unknown = new TreeSet<>(this.args.keySet());
    unknown.removeAll(allowed);
    if (!unknown.isEmpty()) {
      throw new SnowchatException(ToolErrorCode.INVALID_ARGUMENT,
          tool + " does not take " + unknown + "; its arguments are "
          + (allowed.isEmpty() ? "none" : new TreeSet<>(allowed)) + ".");
    }
  }

  String required(String name) {
    String v = optional(name);
    if (v == null || v.isBlank()) {
      throw new SnowchatException(ToolErrorCode.INVALID_ARGUMENT,
          tool + " needs the argument '" + name + "' (a non-empty"
          + " string).");
    }
    return v;
  }

  @Nullable String optional(String name) {
    Object v = args.get(name);
    if (v == null) {
      return null;
    }
    if (!(v instanceof String s)) {
      throw new SnowchatException(ToolErrorCode.INVALID_ARGUMENT,
          tool + ": '" + name + "' must be a string, got "
          + kind(v) + ".");
    }
    if (s.length() > 100_000) {
      throw new SnowchatException(ToolErrorCode.INVALID_ARGUMENT,
          tool + ": '" + name + "' is longer than 100000"
          + " characters.");
    }
    return s.isBlank() ? null : s;
  }

  int integer(String name, int dflt, int min, int max) {
    Object v = args.get(name);
    if (v == null) {
      return dflt;
    }
    long n;
    if (v instanceof Number num && num.doubleValue() == Math.rint(num.doubleValue())) {
      n = num.longValue();
    } else if (v instanceof String s && s.strip().matches("-?\\d{1,9}")) {
      n = Long.parseLong(s.strip());
    } else {
      throw new SnowchatException(ToolErrorCode.INVALID_ARGUMENT,
          tool + ": '" + name + "' must be a whole number from "
          + min + " to " + max + ", got " + kind(v) + ".");
    }
    if (n < min || n > max) {
      throw new SnowchatException(ToolErrorCode.INVALID_ARGUMENT,
          tool + ": '" + name + "' must be from " + min + " to "
          + max + ", got " + n + ".");
    }
    return (int) n;
  }

  private static String kind(Object v) {
    return v instanceof List ? "an array" : v instanceof Map ? "an object"
        : v instanceof Boolean ? "a boolean" : v instanceof Number ? "the number " + v
        : "'" + v + "'";
  }
}
