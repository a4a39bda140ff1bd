package dev.snowchat.examples.app;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Reads a {@code .env} file: {@code KEY=value} lines, {@code #} comments, an optional {@code
 * export} prefix, values optionally in single or double quotes. The real environment wins over
 * the file, so a deployment can override what a developer wrote down.
 */
final class DotEnv {
  private static final Pattern LINE =
      Pattern.compile("\\s*(?:export\\s+)?([A-Za-z_][A-Za-z0-9_]*)\\s*=\\s*(.*?)\\s*");

  private DotEnv() {}

  /**
   * Parses a file's lines.
   *
   * @param lines the lines
   * @param source the file name, for messages
   * @return the variables in file order
   * @throws IllegalArgumentException naming the line when it is not {@code KEY=value}
   */
  static Map<String, String> parse(List<String> lines, String source) {
    Map<String, String> vars = new LinkedHashMap<>();
    for (int i = 0; i < lines.size(); i++) {
      String line = lines.get(i);
      String t = line.strip();
      if (t.isEmpty() || t.startsWith("#")) {
        continue;
      }
      Matcher m = LINE.matcher(line);
      if (!m.matches()) {
        throw new IllegalArgumentException(source + " line " + (i + 1)
            + ": expected KEY=value (letters, digits and _ in the key)");
      }
      String key = m.group(1);
      String v = m.group(2);
      if (v.length() >= 2 && (v.startsWith("\"") && v.endsWith("\"")
          || v.startsWith("'") && v.endsWith("'"))) {
        v = v.substring(1, v.length() - 1);
      } else {
        int hash = v.indexOf(" #");
        if (hash >= 0) {
          v = v.substring(0, hash).strip();
        }
      }
      if (vars.put(key, v) != null) {
        throw new IllegalArgumentException(source + " line " + (i + 1) + ": " + key
            + " is set twice");
      }
    }
    return vars;
  }

  /**
   * Merges a {@code .env} file (when it exists) under the real environment.
   *
   * @param file the file, usually {@code .env} in the working directory
   * @param environment the real environment
   * @return the merged variables; the real environment wins
   */
  static Map<String, String> merge(Path file, Map<String, String> environment) {
    Map<String, String> merged = new LinkedHashMap<>();
    if (Files.isRegularFile(file)) {
      try {
        merged.putAll(parse(Files.readAllLines(file, StandardCharsets.UTF_8), file.toString()));
      } catch (IOException e) {
        throw new UncheckedIOException("Cannot read " + file + ": " + e.getMessage(), e);
      }
    }
    merged.putAll(environment);
    return merged;
  }
}
