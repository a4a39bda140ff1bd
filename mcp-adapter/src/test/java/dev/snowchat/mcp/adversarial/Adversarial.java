package dev.snowchat.mcp.adversarial;

import static org.assertj.core.api.Assertions.assertThat;

import dev.snowchat.mcp.SnowchatMcpServer;
import dev.snowchat.mcp.ToolResult;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * The adversarial statement lists (test resources {@code adversarial/<engine>/<family>.sql}, one
 * statement per line, {@code --} comments) and running them through the MCP tool path.
 */
final class Adversarial {
  private Adversarial() {}

  /**
   * Loads one family, with {@code ${NAME}} placeholders replaced.
   *
   * @param resource the resource path under {@code adversarial/}
   * @param vars placeholder values
   * @return the statements
   */
  static List<String> load(String resource, Map<String, String> vars) {
    String text;
    try (InputStream in = Objects.requireNonNull(Adversarial.class.getResourceAsStream(
        "/adversarial/" + resource), resource)) {
      text = new String(in.readAllBytes(), StandardCharsets.UTF_8);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    List<String> out = new ArrayList<>();
    for (String line : text.lines().toList()) {
      if (line.isBlank() || line.startsWith("--")) {
        continue;
      }
      String s = line;
      for (Map.Entry<String, String> v : vars.entrySet()) {
        s = s.replace("${" + v.getKey() + "}", v.getValue());
      }
      assertThat(s).as("unreplaced placeholder in %s", resource).doesNotContain("${");
      out.add(s);
    }
    assertThat(out).as("statements in %s", resource).hasSizeGreaterThanOrEqualTo(15);
    return out;
  }

  /**
   * Sends every statement to {@code execute_query} and returns those the server did not refuse
   * with {@code QUERY_REFUSED}, with what it answered.
   *
   * @param server the server
   * @param statements the statements
   * @return the statements that got through the gate (empty when all were refused)
   */
  static List<String> notRefused(SnowchatMcpServer server, List<String> statements) {
    List<String> through = new ArrayList<>();
    for (String sql : statements) {
      ToolResult r = server.call("execute_query", Map.of("sql", sql));
      if (!"QUERY_REFUSED".equals(r.errorCode())) {
        through.add(sql + "  ->  " + r.errorCode() + ": " + r.text());
      }
    }
    return through;
  }

  /**
   * Sends every statement to {@code execute_query} and returns those that failed, with what the
   * server answered.
   *
   * @param server the server
   * @param statements the statements
   * @return the statements that failed (empty when all ran)
   */
  static List<String> failed(SnowchatMcpServer server, List<String> statements) {
    List<String> out = new ArrayList<>();
    for (String sql : statements) {
      ToolResult r = server.call("execute_query", Map.of("sql", sql));
      if (r.isError()) {
        out.add(sql + "  ->  " + r.errorCode() + ": " + r.text());
      }
    }
    return out;
  }
}
