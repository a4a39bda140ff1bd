package dev.snowchat.mcp;

import static java.util.Objects.requireNonNull;

import java.io.IOException;
import java.nio.charset.MalformedInputException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Reads a {@code .env} file under the real environment: the server, the Maven plugin and the chat
 * app call {@link #overlay(Map, Path)} before parsing their configuration, so an operator can keep
 * variables in a file beside the project. The real environment wins over the file.
 *
 * <p>The file is {@code $SNOWCHAT_ENV_FILE} when set (it must then exist), else {@code .env} in
 * the working directory when present. Lines are {@code KEY=VALUE} or {@code export KEY=VALUE};
 * blank lines and lines starting with {@code #} are skipped; a value may be single-quoted (taken
 * literally), double-quoted ({@code \n}, {@code \t}, {@code \"}, {@code \\} escapes) or bare (up
 * to an unquoted {@code " #"} comment, trimmed). Strict: any other line, a bad key or a key given
 * twice is an error naming the file and line, never the value. The variables are then checked by
 * the configuration as usual (an unknown {@code SNOWCHAT_*} name stops start-up).
 *
 * <pre>{@code
 * Map<String, String> env = DotEnv.overlay(System.getenv(), Path.of(""));
 * McpConfig config = McpConfig.fromEnvironment(env);
 * }</pre>
 */
public final class DotEnv {
  /** The variable that names the file explicitly. */
  public static final String VARIABLE = "SNOWCHAT_ENV_FILE";

  private static final Pattern LINE = Pattern.compile(
      "(?:export\\s+)?([A-Za-z_][A-Za-z0-9_]*)\\s*=\\s*(.*)");

  private DotEnv() {}

  /**
   * Returns the environment with the {@code .env} file's variables added beneath it.
   *
   * @param env the real environment, usually {@link System#getenv()}
   * @param workingDirectory where {@code .env} is looked for
   * @return the merged variables (the real environment's value wins for a key in both); {@code
   *     env} itself, unmodifiable, when there is no file
   * @throws IllegalArgumentException naming the file and line of a bad line, or {@code
   *     SNOWCHAT_ENV_FILE} when it names no readable file
   */
  public static Map<String, String> overlay(Map<String, String> env, Path workingDirectory) {
    requireNonNull(env, "env is null");
    requireNonNull(workingDirectory, "workingDirectory is null");
    String named = env.get(VARIABLE);
    Path file;
    if (named != null && !named.isBlank()) {
      file = workingDirectory.resolve(named.strip());
      if (!Files.isRegularFile(file)) {
        throw new IllegalArgumentException(VARIABLE + "=" + named + ": no such readable file");
      }
    } else {
      file = workingDirectory.resolve(".env");
      if (!Files.isRegularFile(file)) {
        return Collections.unmodifiableMap(env);
      }
    }
    Map<String, String> merged = new LinkedHashMap<>(read(file));
    merged.putAll(env);
    merged.remove(VARIABLE);
    return Collections.unmodifiableMap(merged);
  }

  /**
   * Reads one {@code .env} file.
   *
   * @param file the file
   * @return its variables in file order
   * @throws IllegalArgumentException naming the file and line of a bad line or a repeated key
   */
  public static Map<String, String> read(Path file) {
    requireNonNull(file, "file is null");
    List<String> lines;
    try {
      lines = Files.readAllLines(file, StandardCharsets.UTF_8);
    } catch (MalformedInputException e) {
      throw new IllegalArgumentException(file + ": not UTF-8 text");
    } catch (IOException e) {
      throw new IllegalArgumentException(file + ": cannot read it (" + e.getClass()
          .getSimpleName() + ")");
    }
    Map<String, String> out = new LinkedHashMap<>();
    for (int i = 0; i < lines.size(); i++) {
      String where = file + ":" + (i + 1);
      String line = lines.get(i).strip();
      if (i == 0 && line.startsWith("\uFEFF")) {
        line = line.substring(1).strip();
      }
      if (line.isEmpty() || line.startsWith("#")) {
        continue;
      }
      Matcher m = LINE.matcher(line);
      if (!m.matches()) {
        throw new IllegalArgumentException(where + ": expected KEY=VALUE (or export KEY=VALUE,"
            + " # comment); keys are letters, digits and underscores");
      }
      String key = m.group(1);
      String value = value(m.group(2), where, key);
      if (out.containsKey(key)) {
        throw new IllegalArgumentException(where + ": " + key + " is set twice in the file;"
            + " keep one");
      }
      out.put(key, value);
    }
    return out;
  }

  private static String value(String raw, String where, String key) {
    if (raw.startsWith("'")) {
      int end = raw.indexOf('\'', 1);
      if (end < 0) {
        throw new IllegalArgumentException(where + ": the value of " + key + " opens a single"
            + " quote it never closes (values are one line)");
      }
      trailing(raw.substring(end + 1), where, key);
      return raw.substring(1, end);
    }
    if (raw.startsWith("\"")) {
      StringBuilder sb = new StringBuilder();
      for (int i = 1; i < raw.length(); i++) {
        char c = raw.charAt(i);
        if (c == '"') {
          trailing(raw.substring(i + 1), where, key);
          return sb.toString();
        }
        if (c == '\\' && i + 1 < raw.length()) {
          char n = raw.charAt(++i);
          switch (n) {
            case 'n' -> sb.append('\n');
            case 't' -> sb.append('\t');
            case 'r' -> sb.append('\r');
            case '"', '\\', '$' -> sb.append(n);
            default -> sb.append('\\').append(n);
          }
        } else {
          sb.append(c);
        }
      }
      throw new IllegalArgumentException(where + ": the value of " + key + " opens a double"
          + " quote it never closes (values are one line)");
    }
    int hash = raw.indexOf(" #");
    String v = (hash >= 0 ? raw.substring(0, hash) : raw).strip();
    if (v.indexOf('"') >= 0 || v.indexOf('\'') >= 0) {
      throw new IllegalArgumentException(where + ": the value of " + key + " has a quote inside"
          + " a bare value; quote the whole value");
    }
    return v;
  }

  private static void trailing(String rest, String where, String key) {
    String r = rest.strip();
    if (!r.isEmpty() && !r.startsWith("#")) {
      throw new IllegalArgumentException(where + ": text after the quoted value of " + key
          + "; put comments after a #");
    }
  }
}
