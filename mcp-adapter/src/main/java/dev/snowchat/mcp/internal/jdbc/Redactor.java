package dev.snowchat.mcp.internal.jdbc;

import dev.snowchat.mcp.McpConfig;
import java.util.List;
import org.jspecify.annotations.Nullable;

/**
 * Masks secrets, ignoring case ({@link McpConfig#maskSecrets}), in any text that leaves the
 * server (tool output, error text, logs) and cleans
 * untrusted warehouse text: control characters out, length capped.
 */
public final class Redactor {
  private final java.util.regex.@Nullable Pattern secrets;

  /**
   * Creates a redactor for the given secrets.
   *
   * @param secrets the secret values (short ones, under 4 characters, are ignored as noise)
   */
  public Redactor(List<String> secrets) {
    this.secrets = McpConfig.secretPattern(secrets);
  }

  /**
   * Creates a redactor for a configuration's secrets.
   *
   * @param config the configuration
   * @return the redactor
   */
  public static Redactor of(McpConfig config) {
    return new Redactor(config.secretValues());
  }

  /**
   * Replaces every secret occurrence with the mask.
   *
   * @param text the text
   * @return the masked text
   */
  public String mask(String text) {
    return secrets == null ? text : secrets.matcher(text).replaceAll(McpConfig.MASK);
  }

  /** {@return true when there is nothing to mask} */
  public boolean isEmpty() {
    return secrets == null;
  }

  /**
   * Masks secrets in every string inside a JSON-like value (maps, lists, strings).
   *
   * @param value the value
   * @return the value, copied where something was masked
   */
  public Object maskDeep(Object value) {
    if (secrets == null || value == null) {
      return value;
    }
    if (value instanceof String s) {
      return mask(s);
    }
    if (value instanceof java.util.Map<?, ?> m) {
      java.util.Map<String, Object> out = new java.util.LinkedHashMap<>();
      m.forEach((k, v) -> out.put(mask(String.valueOf(k)), maskDeep(v)));
      return out;
    }
    if (value instanceof java.util.List<?> l) {
      java.util.List<Object> out = new java.util.ArrayList<>(l.size());
      for (Object o : l) {
        out.add(maskDeep(o));
      }
      return out;
    }
    return value;
  }

  /**
   * Cleans untrusted text (warehouse error messages): masks secrets and URL credentials, replaces
   * control characters with spaces and truncates.
   *
   * @param text the text, possibly null
   * @param max the maximum length kept
   * @return the cleaned text
   */
  public String untrusted(String text, int max) {
    if (text == null) {
      return "";
    }
    String t = McpConfig.maskUrl(mask(text));
    StringBuilder sb = new StringBuilder(Math.min(t.length(), max + 1));
    for (int i = 0; i < t.length() && sb.length() < max; i++) {
      char c = t.charAt(i);
      sb.append(Character.isISOControl(c) || c == '\u2028' || c == '\u2029' ? ' ' : c);
    }
    String out = sb.toString().replaceAll(" {2,}", " ").strip();
    return t.length() > max ? out + "..." : out;
  }
}
