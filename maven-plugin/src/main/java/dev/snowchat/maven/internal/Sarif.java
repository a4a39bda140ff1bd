package dev.snowchat.maven.internal;

import static java.util.Objects.requireNonNull;

import java.util.Map;
import java.util.TreeMap;
import tools.jackson.databind.SerializationFeature;
import tools.jackson.databind.json.JsonMapper;
import tools.jackson.databind.node.ArrayNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * The findings of {@code snowchat:check} as SARIF 2.1.0, the format code-scanning tools (GitHub
 * code scanning, GitLab, Azure DevOps, IDEs) read: one run, the gate's rules as the driver's
 * rules, one result per refused statement at its file, line and column, file paths relative to
 * the project folder.
 */
public final class Sarif {
  /** The schema the output declares. */
  public static final String SCHEMA = "https://json.schemastore.org/sarif-2.1.0.json";
  private static final JsonMapper MAPPER =
      JsonMapper.builder().enable(SerializationFeature.INDENT_OUTPUT).build();

  private static final Map<String, String> RULES = Map.of(
      "KIND_NOT_ALLOWED", "The statement's kind is not allowed in the permission mode.",
      "EMPTY", "The statement is empty.",
      "MULTIPLE_STATEMENTS", "More than one statement where one is expected.",
      "LEX_FAILED", "The text cannot be split into tokens safely (unterminated string or"
          + " comment, or quoting the dialect does not have).",
      "PARSE_FAILED", "The gate cannot parse the statement in the dialect.",
      "FUNCTION_NOT_ALLOWED", "The statement calls a function the gate refuses.",
      "FILE_ACCESS", "The statement reads or writes files on the server.");

  private Sarif() {}

  /**
   * Renders a check result.
   *
   * @param result the result
   * @param version the plugin version, for the driver
   * @param failing whether refused statements fail the build ({@code error}) or only warn
   * @return the SARIF JSON text
   */
  public static String render(SqlCheck.Result result, String version, boolean failing) {
    requireNonNull(result, "result is null");
    ObjectNode root = MAPPER.createObjectNode();
    root.put("$schema", SCHEMA);
    root.put("version", "2.1.0");
    ObjectNode run = root.putArray("runs").addObject();
    ObjectNode driver = run.putObject("tool").putObject("driver");
    driver.put("name", "snowchat:check");
    driver.put("version", version);
    // No informationUri: it is optional, and the project has no public address to point at.
    Map<String, Integer> index = new TreeMap<>();
    result.findings().forEach(f -> index.put(f.rule(), 0));
    ArrayNode rules = driver.putArray("rules");
    int i = 0;
    for (Map.Entry<String, Integer> e : index.entrySet()) {
      e.setValue(i++);
      ObjectNode rule = rules.addObject();
      rule.put("id", e.getKey());
      rule.put("name", e.getKey());
      rule.putObject("shortDescription").put("text",
          RULES.getOrDefault(e.getKey(), "Refused by the Snowchat SQL gate."));
    }
    ArrayNode results = run.putArray("results");
    for (SqlCheck.Finding f : result.findings()) {
      ObjectNode r = results.addObject();
      r.put("ruleId", f.rule());
      r.put("ruleIndex", index.get(f.rule()));
      r.put("level", failing ? "error" : "warning");
      r.putObject("message").put("text", f.reason());
      ObjectNode loc = r.putArray("locations").addObject().putObject("physicalLocation");
      loc.putObject("artifactLocation").put("uri", uri(f.file()));
      ObjectNode region = loc.putObject("region");
      region.put("startLine", Math.max(1, f.lineNumber()));
      region.put("startColumn", Math.max(1, f.column()));
    }
    return MAPPER.writeValueAsString(root);
  }

  /** A relative path as a URI reference: forward slashes, reserved characters escaped. */
  static String uri(String path) {
    StringBuilder sb = new StringBuilder();
    for (String part : path.replace('\\', '/').split("/", -1)) {
      if (!sb.isEmpty()) {
        sb.append('/');
      }
      sb.append(java.net.URLEncoder.encode(part, java.nio.charset.StandardCharsets.UTF_8)
          .replace("+", "%20"));
    }
    return sb.toString();
  }
}
