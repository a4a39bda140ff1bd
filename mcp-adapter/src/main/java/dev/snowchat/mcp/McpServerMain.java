package dev.snowchat.mcp;

import dev.snowchat.mcp.internal.transport.McpBridge;
import java.io.FileDescriptor;
import java.io.FileOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import tools.jackson.core.JacksonException;
import tools.jackson.databind.json.JsonMapper;

/**
 * The command line of {@code snowchat-mcp.jar}.
 *
 * <pre>
 * java -jar snowchat-mcp.jar                      MCP server on stdio (the default)
 * java -jar snowchat-mcp.jar --http [--port N]    MCP server on Streamable HTTP (127.0.0.1)
 * java -jar snowchat-mcp.jar tools                list the tools
 * java -jar snowchat-mcp.jar call TOOL ['{json}'] run one tool call and print the result
 * java -jar snowchat-mcp.jar --help
 * </pre>
 *
 * <p>Configuration comes from environment variables (see {@link McpConfig}). In stdio mode
 * standard output carries only MCP messages; logs go to standard error.
 */
public final class McpServerMain {
  /** Exit code for a tool error in {@code call}. */
  public static final int EXIT_TOOL_ERROR = 1;
  /** Exit code for a configuration or usage error. */
  public static final int EXIT_USAGE = 2;

  private static final String HELP = """
      snowchat-mcp %s: warehouse tools for MCP clients (Snowflake, any JDBC database, or the
      built-in AIRBNB sample when nothing is configured).

      Usage:
        java -jar snowchat-mcp.jar                       serve MCP on stdio (default)
        java -jar snowchat-mcp.jar --http [--port N] [--host H]
                                                         serve MCP on http://127.0.0.1:8765/mcp
        java -jar snowchat-mcp.jar tools                 list the tools
        java -jar snowchat-mcp.jar call TOOL ['{"arg":"value"}'] [--json]
                                                         run one tool call and print the result
        java -jar snowchat-mcp.jar --help | --version

      Configuration (environment): SNOWFLAKE_ACCOUNT, SNOWFLAKE_USER, SNOWFLAKE_PASSWORD or
      SNOWFLAKE_PRIVATE_KEY_FILE (+ SNOWFLAKE_PRIVATE_KEY_FILE_PWD), SNOWFLAKE_AUTHENTICATOR,
      SNOWFLAKE_ROLE, SNOWFLAKE_WAREHOUSE, SNOWFLAKE_DATABASE, SNOWFLAKE_SCHEMA,
      SNOWFLAKE_MCP_MODE (read_only|read_write|full), SNOWFLAKE_MCP_MAX_ROWS; or
      SNOWCHAT_JDBC_URL (+ SNOWCHAT_JDBC_USER, SNOWCHAT_JDBC_PASSWORD) for another database;
      SNOWCHAT_MAX_RESULT_BYTES, SNOWCHAT_QUERY_TIMEOUT, SNOWCHAT_HTTP_PORT, SNOWCHAT_HTTP_HOST,
      SNOWCHAT_HTTP_TOKEN, ... (see README.md for all of them).
      """;

  private McpServerMain() {}

  /**
   * Runs the command line and exits.
   *
   * @param args the arguments
   */
  public static void main(String[] args) {
    // Whatever a library prints must never corrupt the stdio protocol stream.
    PrintStream stdout = new PrintStream(new FileOutputStream(FileDescriptor.out), true,
        StandardCharsets.UTF_8);
    System.setOut(System.err);
    ProcessLogging.install();
    // End of input, a one-shot command or a signal: model calls return before the JVM exits.
    ProcessExit.install();
    ProcessExit.exit(run(args, System.getenv(), stdout, System.err));
  }

  /**
   * Runs the command line without exiting (for tests and embedding).
   *
   * @param args the arguments
   * @param env the environment
   * @param out standard output (the MCP stream in stdio mode)
   * @param err standard error
   * @return the exit code
   */
  public static int run(String[] args, Map<String, String> env, PrintStream out,
      PrintStream err) {
    List<String> a = new ArrayList<>(List.of(args));
    if (a.contains("--help") || a.contains("-h") || a.contains("help")) {
      out.print(HELP.formatted(SnowchatMcpServer.VERSION));
      return 0;
    }
    if (a.contains("--version")) {
      out.println("snowchat-mcp " + SnowchatMcpServer.VERSION);
      return 0;
    }
    Map<String, String> environment;
    try {
      // A .env file in the working directory (or SNOWCHAT_ENV_FILE); the real environment wins.
      environment = new LinkedHashMap<>(DotEnv.overlay(env, java.nio.file.Path.of("")));
    } catch (IllegalArgumentException e) {
      err.println("snowchat-mcp: configuration error: " + e.getMessage());
      return EXIT_USAGE;
    }
    boolean http = a.remove("--http");
    boolean json = a.remove("--json");
    try {
      takeOption(a, "--port", "SNOWCHAT_HTTP_PORT", environment);
      takeOption(a, "--host", "SNOWCHAT_HTTP_HOST", environment);
    } catch (IllegalArgumentException e) {
      err.println("snowchat-mcp: " + e.getMessage());
      return EXIT_USAGE;
    }
    McpConfig config;
    try {
      config = McpConfig.fromEnvironment(environment);
    } catch (IllegalArgumentException e) {
      err.println("snowchat-mcp: configuration error: " + e.getMessage());
      return EXIT_USAGE;
    }
    String command = a.isEmpty() ? (http ? "http" : "stdio") : a.get(0);
    if (!command.equals("stdio") && !command.equals("http") && !command.equals("tools")
        && !command.equals("call")) {
      err.println("snowchat-mcp: unknown command '" + command + "'; try --help");
      return EXIT_USAGE;
    }
    if (command.equals("tools")) {
      // Listing needs no warehouse: the sample is not built, nothing connects.
      List<ToolDefinition> tools;
      try {
        tools = SnowchatMcpServer.definitions(config);
      } catch (RuntimeException e) {
        err.println("snowchat-mcp: cannot list the tools: "
            + McpConfig.maskSecrets(e.getMessage(), config.secretValues()));
        return EXIT_USAGE;
      }
      for (ToolDefinition t : tools) {
        out.println(t.name() + (t.readOnly() ? "" : " [writes]") + "\n  "
            + t.description().replace("\n", "\n  "));
      }
      return 0;
    }
    SnowchatMcpServer server;
    try {
      server = SnowchatMcpServer.builder().config(config).build();
    } catch (RuntimeException e) {
      err.println("snowchat-mcp: cannot start: " + McpConfig.maskSecrets(e.getMessage(),
          config.secretValues()));
      return EXIT_USAGE;
    }
    try (server) {
      switch (command) {
        case "call" -> {
          return call(server, a, json, out, err);
        }
        case "http" -> {
          try (SnowchatMcpServer.Http h = server.startHttp()) {
            err.println("snowchat-mcp: serving MCP at " + h.uri());
            Runtime.getRuntime().addShutdownHook(new Thread(h::close));
            h.join();
          }
          return 0;
        }
        default -> {
          server.serveStdio(System.in, out);
          return 0;
        }
      }
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      return 0;
    } catch (IllegalStateException e) {
      err.println("snowchat-mcp: " + e.getMessage());
      return EXIT_USAGE;
    }
  }

  /** Tools whose answers improve with the schema index (inferred joins, ranked search). */
  private static final Set<String> INDEXED_TOOLS =
      Set.of("search_schema", "find_join_path");

  /** How long a command-line {@code call} of an indexed tool waits for the index. */
  private static final Duration CALL_INDEX_WAIT = Duration.ofSeconds(15);

  private static int call(SnowchatMcpServer server, List<String> a, boolean json,
      PrintStream out, PrintStream err) {
    if (a.size() < 2 || a.size() > 3) {
      err.println("snowchat-mcp: usage: call TOOL ['{\"arg\":\"value\"}'] [--json]");
      return EXIT_USAGE;
    }
    Map<String, Object> arguments = Map.of();
    JsonMapper mapper = JsonMapper.builder().build();
    if (a.size() == 3) {
      try {
        @SuppressWarnings("unchecked")
        Map<String, Object> parsed = mapper.readValue(a.get(2), Map.class);
        arguments = parsed == null ? Map.of() : parsed;
      } catch (JacksonException e) {
        err.println("snowchat-mcp: the arguments must be a JSON object, e.g."
            + " '{\"database\":\"AIRBNB\"}': " + e.getOriginalMessage());
        return EXIT_USAGE;
      }
    }
    if (INDEXED_TOOLS.contains(a.get(1))) {
      // A one-shot call has no later request to benefit from the index: wait for it briefly
      // (a second or two on the sample warehouse) so that search and join paths use it.
      try {
        server.awaitIndex(CALL_INDEX_WAIT);
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
      }
    }
    if (server.tool(a.get(1)).isEmpty()) {
      // As over MCP, where the SDK answers an unknown tool with a protocol error, not a result.
      String message = McpBridge.unknownToolMessage(a.get(1), server.tools());
      if (json) {
        Map<String, Object> error = new LinkedHashMap<>();
        error.put("code", McpBridge.UNKNOWN_TOOL_CODE);
        error.put("message", message);
        out.println(mapper.writerWithDefaultPrettyPrinter().writeValueAsString(
            Map.of("error", error)));
      } else {
        err.println("error " + McpBridge.UNKNOWN_TOOL_CODE + ": " + message);
      }
      return EXIT_USAGE;
    }
    // The call an MCP client makes: the same argument check against the input schema, and
    // the same result (rows in the text only unless structured_rows is asked for).
    ToolResult r = McpBridge.call(server.tool(a.get(1)).orElseThrow(), arguments,
        CallContext.none());
    if (json) {
      // Exactly the CallToolResult an MCP client receives.
      out.println(McpBridge.toJson(r));
    } else {
      (r.isError() ? err : out).println(r.isError() ? "error " + r.errorCode() + ": " + r.text()
          : r.text());
    }
    if (!r.isError()) {
      return 0;
    }
    // Bad arguments are a usage error, as the README says; other tool errors exit 1.
    return ToolErrorCode.INVALID_ARGUMENT.name().equals(r.errorCode()) ? EXIT_USAGE
        : EXIT_TOOL_ERROR;
  }

  private static void takeOption(List<String> a, String flag, String key,
      Map<String, String> env) {
    int i = a.indexOf(flag);
    if (i < 0) {
      return;
    }
    if (i + 1 >= a.size()) {
      throw new IllegalArgumentException(flag + " needs a value");
    }
    env.put(key, a.get(i + 1));
    a.remove(i + 1);
    a.remove(i);
  }
}
