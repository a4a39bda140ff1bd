package dev.snowchat.agent.claudecode;

import static java.util.Objects.requireNonNull;

import dev.snowchat.agent.AgentErrorCode;
import dev.snowchat.agent.AgentEvent;
import dev.snowchat.agent.ChatEngine;
import dev.snowchat.agent.Message;
import dev.snowchat.agent.SnowchatAgentException;
import dev.snowchat.agent.StopReason;
import dev.snowchat.agent.Turn;
import dev.snowchat.agent.Usage;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import org.jspecify.annotations.Nullable;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import tools.jackson.core.JacksonException;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * A {@link ChatEngine} that drives the Claude Code CLI on the user's own login, as the chat-app
 * reference does (its decisions B, D and F): one long-lived {@code claude} process per session,
 * stream-json in and out, Snowchat's MCP server as the only tools.
 *
 * <p>The process is started with {@code -p --input-format stream-json --output-format stream-json
 * --verbose --include-partial-messages}, the MCP server inline ({@code --mcp-config
 * '{"mcpServers":{"snowchat":{...}}}' --strict-mcp-config}, so no other MCP configuration on the
 * machine is read), no built-in tools ({@code --tools ""}), only the Snowchat tools allowed
 * without asking ({@code --allowedTools mcp__snowchat --permission-mode dontAsk}), no settings
 * files ({@code --setting-sources ""}), and tool search off ({@code ENABLE_TOOL_SEARCH=0}: with it
 * on the CLI defers MCP tools behind a search tool and the model fails to find them).
 *
 * <p>Its stream-json lines become events: {@code stream_event} text and thinking deltas become
 * {@code text} and {@code thinking}; {@code tool_use} blocks of {@code assistant} messages become
 * {@code tool_use} (the tool runs inside the CLI's MCP server, not through {@link Turn#callTool});
 * {@code tool_result} blocks of {@code user} messages become {@code tool_result}; the {@code
 * result} message ends the turn with its usage, cost and model turns ({@link Turn#reportUsage}).
 *
 * <p>Cancelling a turn ends the session's process (and the MCP server it started); the next turn
 * starts a new one that resumes the CLI's conversation ({@code --resume}). A session whose memory
 * the agent cleared (a turn with no history) gets a fresh process.
 *
 * <pre>{@code
 * ChatEngine engine = ClaudeCodeEngine.builder()
 *     .mcpServerCommand(List.of("java", "-jar", "/opt/snowchat/snowchat-mcp.jar"))
 *     .build();
 * }</pre>
 */
public final class ClaudeCodeEngine implements ChatEngine {
  /**
   * The MCP server's name in the inline config; Claude Code names its tools {@code
   * mcp__snowchat__*}.
   */
  public static final String SERVER_NAME = "snowchat";
  static final String TOOL_PREFIX = "mcp__" + SERVER_NAME + "__";
  private static final Logger LOG = LoggerFactory.getLogger(ClaudeCodeEngine.class);
  private static final JsonMapper JSON = JsonMapper.builder().build();
  private static final int STDERR_TAIL = 2000;
  /** How long an error waits for an ended CLI's last stderr lines (a child may hold it open). */
  private static final Duration STDERR_WAIT = Duration.ofSeconds(2);

  private final List<String> command;
  private final List<String> mcpServerCommand;
  private final Map<String, String> environment;
  private final @Nullable String model;
  private final @Nullable String appendSystemPrompt;
  private final @Nullable Path workingDirectory;
  private final Map<String, CliSession> sessions = new ConcurrentHashMap<>();
  // The CLI conversation of a session whose process a cancelled turn ended.
  private final Map<String, String> resumable = new ConcurrentHashMap<>();

  private ClaudeCodeEngine(Builder b) {
    this.command = b.command == null ? List.of("claude") : b.command;
    this.mcpServerCommand = requireNonNull(b.mcpServerCommand, "mcpServerCommand");
    this.environment = Map.copyOf(b.environment);
    this.model = b.model;
    this.appendSystemPrompt = b.appendSystemPrompt;
    this.workingDirectory = b.workingDirectory;
  }

  /** {@return a new builder} */
  public static Builder builder() {
    return new Builder();
  }

  @Override
  public String name() {
    return "claude-code";
  }

  /**
   * {@return the arguments the CLI is started with (after the command), for a session that
   * resumes the CLI conversation {@code resume}, or none}
   *
   * @param resume the CLI session id to resume, or null
   */
  List<String> arguments(@Nullable String resume) {
    List<String> args = new ArrayList<>(List.of(
        "-p",
        "--input-format", "stream-json",
        "--output-format", "stream-json",
        "--verbose",
        "--include-partial-messages",
        "--mcp-config", mcpConfigJson(),
        "--strict-mcp-config",
        "--tools", "",
        "--allowedTools", "mcp__" + SERVER_NAME,
        "--permission-mode", "dontAsk",
        "--setting-sources", ""));
    if (model != null) {
      args.add("--model");
      args.add(model);
    }
    if (appendSystemPrompt != null) {
      args.add("--append-system-prompt");
      args.add(appendSystemPrompt);
    }
    if (resume != null) {
      args.add("--resume");
      args.add(resume);
    }
    return args;
  }

  /** {@return the inline MCP config: our server over stdio, nothing else} */
  String mcpConfigJson() {
    Map<String, Object> server = new LinkedHashMap<>();
    server.put("type", "stdio");
    server.put("command", mcpServerCommand.get(0));
    server.put("args", mcpServerCommand.subList(1, mcpServerCommand.size()));
    return JSON.writeValueAsString(Map.of("mcpServers", Map.of(SERVER_NAME, server)));
  }

  @Override
  public void runTurn(Turn turn) throws InterruptedException {
    CliSession session = sessions.get(turn.sessionId());
    if (session != null && (turn.history().isEmpty() || !session.alive())) {
      // The agent forgot the conversation (reset or expiry), or the CLI died: start afresh,
      // resuming the CLI's own conversation only when the agent still remembers it.
      String resume = turn.history().isEmpty() ? null : session.cliSessionId;
      sessions.remove(turn.sessionId());
      session.destroy();
      session = start(resume);
      sessions.put(turn.sessionId(), session);
    } else if (session == null) {
      String resume = resumable.remove(turn.sessionId());
      session = start(turn.history().isEmpty() ? null : resume);
      sessions.put(turn.sessionId(), session);
    }
    TurnReader reader = new TurnReader(turn, session);
    try {
      session.send(turn.prompt());
      reader.read();
    } catch (InterruptedException e) {
      sessions.remove(turn.sessionId(), session);
      String cliSession = session.cliSessionId;
      if (cliSession != null) {
        resumable.put(turn.sessionId(), cliSession);
      }
      session.destroy();
      throw e;
    } catch (RuntimeException e) {
      if (!reader.finished || !session.alive()) {
        // The turn broke off before its result line: the rest of its output would be read as
        // the next turn's, so the process goes.
        sessions.remove(turn.sessionId(), session);
        session.destroy();
      }
      throw e;
    }
  }

  private CliSession start(@Nullable String resume) {
    List<String> cmd = new ArrayList<>(command);
    cmd.addAll(arguments(resume));
    ProcessBuilder pb = new ProcessBuilder(cmd);
    // Secrets for the MCP server travel in the environment, never on the command line.
    pb.environment().putAll(environment);
    pb.environment().put("ENABLE_TOOL_SEARCH", "0");
    if (workingDirectory != null) {
      pb.directory(workingDirectory.toFile());
    }
    try {
      return new CliSession(pb.start(), resume);
    } catch (IOException e) {
      throw new SnowchatAgentException(AgentErrorCode.CONFIGURATION, "Cannot start the Claude"
          + " Code CLI '" + command.get(0) + "': " + e.getMessage() + "; install it (npm install"
          + " -g @anthropic-ai/claude-code) or set the command", e);
    }
  }

  /**
   * Ends one session's CLI process, if any.
   *
   * @param sessionId the session
   * @return true when a process was running
   */
  public boolean closeSession(String sessionId) {
    resumable.remove(sessionId);
    CliSession s = sessions.remove(sessionId);
    if (s != null) {
      s.destroy();
      return true;
    }
    return false;
  }

  /** {@return the number of sessions with a running CLI process} */
  public int openSessions() {
    return sessions.size();
  }

  @Override
  public void close() {
    for (String id : List.copyOf(sessions.keySet())) {
      closeSession(id);
    }
  }

  /**
   * Checks the CLI: {@code claude --version}, then {@code claude auth status}. Never throws; a
   * missing CLI is reported as not installed.
   *
   * @param command the CLI command, e.g. {@code List.of("claude")}
   * @param timeout how long each check may take
   * @return the health
   */
  public static ClaudeCodeHealth health(List<String> command, Duration timeout) {
    CommandOutput version = run(command, List.of("--version"), timeout);
    if (version == null || version.exit() != 0) {
      return new ClaudeCodeHealth(false, null, false, "Claude Code CLI not found or not"
          + " working ('" + String.join(" ", command) + " --version'"
          + (version == null ? " could not run" : " exited " + version.exit())
          + "); install it with npm install -g @anthropic-ai/claude-code");
    }
    String v = version.out().strip();
    CommandOutput auth = run(command, List.of("auth", "status", "--json"), timeout);
    if (auth == null) {
      return new ClaudeCodeHealth(true, v, false, "Claude Code " + v
          + ": could not read the login status; run 'claude' and log in");
    }
    boolean loggedIn = false;
    try {
      loggedIn = JSON.readTree(auth.out()).path("loggedIn").asBoolean(false);
    } catch (JacksonException e) {
      // not JSON: treated as not logged in
    }
    return new ClaudeCodeHealth(true, v, loggedIn, loggedIn ? "Claude Code " + v
        + ", logged in" : "Claude Code " + v + " is not logged in; run 'claude' and log in");
  }

  private record CommandOutput(int exit, String out) {}

  private static @Nullable CommandOutput run(List<String> command, List<String> args,
      Duration timeout) {
    List<String> cmd = new ArrayList<>(command);
    cmd.addAll(args);
    Process p;
    try {
      p = new ProcessBuilder(cmd).redirectErrorStream(true).start();
    } catch (IOException e) {
      return null;
    }
    try {
      p.getOutputStream().close();
      byte[] out = p.getInputStream().readNBytes(64 * 1024);
      if (!p.waitFor(timeout.toMillis(), TimeUnit.MILLISECONDS)) {
        p.destroyForcibly();
        return null;
      }
      return new CommandOutput(p.exitValue(), new String(out, StandardCharsets.UTF_8));
    } catch (IOException e) {
      p.destroyForcibly();
      return null;
    } catch (InterruptedException e) {
      p.destroyForcibly();
      Thread.currentThread().interrupt();
      return null;
    }
  }

  /** One CLI process: stdin for prompts, stdout lines through a reader thread. */
  static final class CliSession {
    final Process process;
    final java.util.concurrent.BlockingQueue<Object> lines =
        new java.util.concurrent.LinkedBlockingQueue<>();
    final StringBuilder stderr = new StringBuilder();
    final CountDownLatch stderrDone = new CountDownLatch(1);
    volatile @Nullable String cliSessionId;
    static final Object EOF = new Object();

    CliSession(Process process, @Nullable String resume) {
      this.process = process;
      this.cliSessionId = resume;
      Thread.ofVirtual().name("claude-stdout-" + process.pid()).start(this::pumpStdout);
      Thread.ofVirtual().name("claude-stderr-" + process.pid()).start(this::pumpStderr);
    }

    private void pumpStdout() {
      try (BufferedReader r = new BufferedReader(
          new InputStreamReader(process.getInputStream(), StandardCharsets.UTF_8))) {
        for (String line = r.readLine(); line != null; line = r.readLine()) {
          lines.add(line);
        }
      } catch (IOException e) {
        // the process ended or was destroyed
      } finally {
        lines.add(EOF);
      }
    }

    private void pumpStderr() {
      try (BufferedReader r = new BufferedReader(
          new InputStreamReader(process.getErrorStream(), StandardCharsets.UTF_8))) {
        for (String line = r.readLine(); line != null; line = r.readLine()) {
          synchronized (stderr) {
            stderr.append(line).append('\n');
            if (stderr.length() > STDERR_TAIL) {
              stderr.delete(0, stderr.length() - STDERR_TAIL);
            }
          }
        }
      } catch (IOException e) {
        // the process ended
      } finally {
        stderrDone.countDown();
      }
    }

    String stderrTail() {
      synchronized (stderr) {
        return stderr.toString().strip();
      }
    }

    boolean alive() {
      return process.isAlive();
    }

    void send(String prompt) {
      Map<String, Object> message = new LinkedHashMap<>();
      message.put("role", "user");
      message.put("content", prompt);
      Map<String, Object> line = new LinkedHashMap<>();
      line.put("type", "user");
      line.put("message", message);
      line.put("parent_tool_use_id", null);
      line.put("session_id", cliSessionId == null ? "default" : cliSessionId);
      try {
        OutputStream in = process.getOutputStream();
        in.write((JSON.writeValueAsString(line) + "\n").getBytes(StandardCharsets.UTF_8));
        in.flush();
      } catch (IOException e) {
        // A CLI that failed at start-up closes stdin before its stderr is read: wait briefly for
        // it to end so the error says why ("not logged in"), not only "Stream closed".
        awaitExit(STDERR_WAIT);
        throw new SnowchatAgentException(AgentErrorCode.MODEL_UNAVAILABLE,
            "The Claude Code CLI stopped taking input: " + e.getMessage() + tail(), e);
      }
    }

    /** Waits up to {@code wait} for the process to end and its stderr to be read. */
    void awaitExit(Duration wait) {
      try {
        long deadline = System.nanoTime() + wait.toNanos();
        if (process.waitFor(wait.toNanos(), TimeUnit.NANOSECONDS)) {
          stderrDone.await(Math.max(0, deadline - System.nanoTime()), TimeUnit.NANOSECONDS);
        }
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
      }
    }

    /** The end of the CLI's stderr; once the process has ended, all of what it wrote. */
    String tail() {
      if (!process.isAlive()) {
        awaitExit(STDERR_WAIT);
      }
      String t = stderrTail();
      return t.isEmpty() ? "" : "; its stderr ends with: " + t;
    }

    void destroy() {
      process.descendants().forEach(ProcessHandle::destroyForcibly);
      process.destroyForcibly();
      try {
        process.onExit().get(10, TimeUnit.SECONDS);
      } catch (Exception e) {
        LOG.warn("Claude Code process {} did not end within 10s", process.pid());
      }
    }
  }

  /** Reads one turn's lines up to its {@code result} and turns them into events. */
  private static final class TurnReader {
    private final Turn turn;
    private final CliSession session;
    private final Map<String, String> toolNames = new HashMap<>();
    private final StringBuilder answer = new StringBuilder();
    private int streamedDeltas;
    boolean finished;

    TurnReader(Turn turn, CliSession session) {
      this.turn = turn;
      this.session = session;
    }

    void read() throws InterruptedException {
      while (true) {
        Object next = session.lines.take();
        if (next == CliSession.EOF) {
          session.lines.add(CliSession.EOF);
          throw new SnowchatAgentException(AgentErrorCode.MODEL_UNAVAILABLE,
              "The Claude Code CLI ended before finishing the turn" + exitNote() + session.tail());
        }
        JsonNode msg;
        try {
          msg = JSON.readTree((String) next);
        } catch (JacksonException e) {
          LOG.debug("Claude Code printed a line that is not JSON; skipped");
          continue;
        }
        if (handle(msg)) {
          return;
        }
      }
    }

    private String exitNote() {
      try {
        if (session.process.waitFor(5, TimeUnit.SECONDS)) {
          return " (exit code " + session.process.exitValue() + ")";
        }
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
      }
      return "";
    }

    /** {@return true when the message ended the turn} */
    private boolean handle(JsonNode msg) {
      String sid = msg.path("session_id").asString(null);
      if (sid != null && !sid.isBlank()) {
        session.cliSessionId = sid;
      }
      switch (msg.path("type").asString("")) {
        case "system" -> system(msg);
        case "stream_event" -> streamEvent(msg.path("event"));
        case "assistant" -> {
          // An assistant message with an "error" (authentication_failed, rate_limit...) is the
          // CLI's own notice; the result that follows ends the turn with it as an error.
          if (!msg.has("error")) {
            assistant(msg.path("message"));
          }
        }
        case "user" -> user(msg.path("message"));
        case "result" -> {
          finished = true;
          result(msg);
          return true;
        }
        default -> {
          // other messages (hook events, prompt suggestions, compaction notes) carry no answer
        }
      }
      return false;
    }

    private void system(JsonNode msg) {
      if (!"init".equals(msg.path("subtype").asString(""))) {
        return;
      }
      for (JsonNode s : msg.path("mcp_servers")) {
        if (SERVER_NAME.equals(s.path("name").asString(""))
            && "failed".equals(s.path("status").asString(""))) {
          throw new SnowchatAgentException(AgentErrorCode.CONFIGURATION, "Claude Code could not"
              + " start the Snowchat MCP server; check the MCP server command and its settings");
        }
      }
    }

    private void streamEvent(JsonNode event) {
      if (!"content_block_delta".equals(event.path("type").asString(""))) {
        return;
      }
      JsonNode delta = event.path("delta");
      switch (delta.path("type").asString("")) {
        case "text_delta" -> {
          String t = delta.path("text").asString("");
          answer.append(t);
          streamedDeltas++;
          turn.emit(new AgentEvent.Text(t));
        }
        case "thinking_delta" -> {
          streamedDeltas++;
          turn.emit(new AgentEvent.Thinking(delta.path("thinking").asString("")));
        }
        default -> {
          // input_json_delta and signature_delta: the complete block follows in an assistant
          // message
        }
      }
    }

    private void assistant(JsonNode message) {
      boolean streamed = streamedDeltas > 0;
      streamedDeltas = 0;
      for (JsonNode block : message.path("content")) {
        switch (block.path("type").asString("")) {
          case "text" -> {
            if (!streamed) {
              String t = block.path("text").asString("");
              answer.append(t);
              turn.emit(new AgentEvent.Text(t));
            }
          }
          case "thinking" -> {
            if (!streamed) {
              turn.emit(new AgentEvent.Thinking(block.path("thinking").asString("")));
            }
          }
          case "tool_use" -> {
            String id = block.path("id").asString("");
            String name = toolName(block.path("name").asString(""));
            toolNames.put(id, name);
            turn.emit(new AgentEvent.ToolUse(id, name, map(block.path("input")), false));
          }
          default -> {
            // redacted thinking and server tools: nothing to show
          }
        }
      }
    }

    private void user(JsonNode message) {
      JsonNode content = message.path("content");
      if (!content.isArray()) {
        return;
      }
      for (JsonNode block : content) {
        if (!"tool_result".equals(block.path("type").asString(""))) {
          continue;
        }
        String id = block.path("tool_use_id").asString("");
        turn.emit(new AgentEvent.ToolResult(id, toolNames.getOrDefault(id, "unknown"),
            block.path("is_error").asBoolean(false), resultText(block.path("content")), null));
      }
    }

    private void result(JsonNode msg) {
      JsonNode u = msg.path("usage");
      Usage usage = new Usage(u.path("input_tokens").asLong(0), u.path("output_tokens").asLong(0),
          u.path("cache_read_input_tokens").asLong(0),
          u.path("cache_creation_input_tokens").asLong(0));
      double cost = msg.path("total_cost_usd").asDouble(0);
      int turns = msg.path("num_turns").asInt(0);
      turn.reportUsage(usage, Double.isFinite(cost) && cost >= 0 ? cost : 0, Math.max(0, turns));
      if (!answer.isEmpty()) {
        turn.record(Message.assistant(answer.toString()));
      }
      String subtype = msg.path("subtype").asString("");
      boolean error = msg.path("is_error").asBoolean(false);
      String text = msg.path("result").asString("");
      switch (subtype) {
        case "success" -> {
          if (error) {
            throw new SnowchatAgentException(codeOf(text), "Claude Code: " + text);
          }
          turn.stopReason(StopReason.END_TURN);
        }
        case "error_max_turns" -> throw new SnowchatAgentException(AgentErrorCode.TURN_LIMIT,
            "Claude Code reached its turn limit (" + turns + " turns)");
        case "error_max_budget_usd" -> throw new SnowchatAgentException(AgentErrorCode.BUDGET,
            "Claude Code reached its budget");
        default -> throw new SnowchatAgentException(AgentErrorCode.MODEL_ERROR,
            "Claude Code failed (" + subtype + ")" + (text.isEmpty() ? "" : ": " + text));
      }
    }

    private static AgentErrorCode codeOf(String text) {
      String t = text.toLowerCase(java.util.Locale.ROOT);
      if (t.contains("/login") || t.contains("api key") || t.contains("not logged in")) {
        return AgentErrorCode.MODEL_AUTH;
      }
      if (t.contains("rate limit") || t.contains("overloaded") || t.contains("usage limit")) {
        return AgentErrorCode.MODEL_RATE_LIMITED;
      }
      return AgentErrorCode.MODEL_ERROR;
    }

    private static String toolName(String cliName) {
      return cliName.startsWith(TOOL_PREFIX) ? cliName.substring(TOOL_PREFIX.length()) : cliName;
    }

    private static String resultText(JsonNode content) {
      if (content.isString()) {
        return content.asString();
      }
      StringBuilder sb = new StringBuilder();
      for (JsonNode c : content) {
        if ("text".equals(c.path("type").asString(""))) {
          if (!sb.isEmpty()) {
            sb.append('\n');
          }
          sb.append(c.path("text").asString(""));
        }
      }
      return sb.toString();
    }

    @SuppressWarnings("unchecked")
    private static Map<String, Object> map(JsonNode node) {
      if (!node.isObject()) {
        return Map.of();
      }
      return JSON.convertValue(node, LinkedHashMap.class);
    }
  }

  /** Builds a {@link ClaudeCodeEngine}; each value may be set once. */
  public static final class Builder {
    private @Nullable List<String> command;
    private @Nullable List<String> mcpServerCommand;
    private final Map<String, String> environment = new HashMap<>();
    private boolean environmentSet;
    private @Nullable String model;
    private @Nullable String appendSystemPrompt;
    private @Nullable Path workingDirectory;

    private Builder() {}

    private static void once(String name, @Nullable Object old) {
      if (old != null) {
        throw new IllegalStateException(name + " was already set to " + old);
      }
    }

    /**
     * Sets the CLI command (default {@code claude} on the PATH).
     *
     * @param command the executable and any leading arguments
     * @return this builder
     * @throws IllegalArgumentException for an empty command
     * @throws IllegalStateException when already set
     */
    public Builder command(List<String> command) {
      once("command", this.command);
      this.command = nonEmpty(command, "command");
      return this;
    }

    /**
     * Sets the command that starts Snowchat's MCP server over stdio (required), e.g. {@code
     * java -jar snowchat-mcp.jar}.
     *
     * @param command the executable and its arguments
     * @return this builder
     * @throws IllegalArgumentException for an empty command
     * @throws IllegalStateException when already set
     */
    public Builder mcpServerCommand(List<String> command) {
      once("mcpServerCommand", this.mcpServerCommand);
      this.mcpServerCommand = nonEmpty(command, "mcpServerCommand");
      return this;
    }

    /**
     * Sets environment variables of the CLI process, which the MCP server it starts inherits
     * (warehouse settings and credentials: they never appear on a command line or in a log).
     *
     * @param environment the variables
     * @return this builder
     * @throws IllegalStateException when already set
     */
    public Builder environment(Map<String, String> environment) {
      if (environmentSet) {
        throw new IllegalStateException("environment was already set (" + this.environment.size()
            + " variables)");
      }
      this.environment.putAll(requireNonNull(environment, "environment is null"));
      environmentSet = true;
      return this;
    }

    /**
     * Sets the model ({@code --model}, an alias such as {@code sonnet} or a full name); the
     * CLI's default otherwise.
     *
     * @param model the model
     * @return this builder
     * @throws IllegalStateException when already set
     */
    public Builder model(String model) {
      once("model", this.model);
      this.model = requireNonNull(model, "model is null");
      return this;
    }

    /**
     * Appends to Claude Code's system prompt ({@code --append-system-prompt}), e.g. the scope
     * rule.
     *
     * @param prompt the text
     * @return this builder
     * @throws IllegalStateException when already set
     */
    public Builder appendSystemPrompt(String prompt) {
      once("appendSystemPrompt", this.appendSystemPrompt);
      this.appendSystemPrompt = requireNonNull(prompt, "prompt is null");
      return this;
    }

    /**
     * Sets the working directory of the CLI processes (default the JVM's).
     *
     * @param dir the directory
     * @return this builder
     * @throws IllegalStateException when already set
     */
    public Builder workingDirectory(Path dir) {
      once("workingDirectory", this.workingDirectory);
      this.workingDirectory = requireNonNull(dir, "dir is null");
      return this;
    }

    /**
     * {@return the engine}
     *
     * @throws IllegalStateException when the MCP server command was not set
     */
    public ClaudeCodeEngine build() {
      if (mcpServerCommand == null) {
        throw new IllegalStateException("mcpServerCommand is required: the command that starts"
            + " snowchat-mcp over stdio, e.g. java -jar snowchat-mcp.jar");
      }
      return new ClaudeCodeEngine(this);
    }

    private static List<String> nonEmpty(List<String> command, String what) {
      List<String> copy = List.copyOf(requireNonNull(command, what + " is null"));
      if (copy.isEmpty() || copy.get(0).isBlank()) {
        throw new IllegalArgumentException(what + " must name an executable, got " + copy);
      }
      return copy;
    }
  }
}
