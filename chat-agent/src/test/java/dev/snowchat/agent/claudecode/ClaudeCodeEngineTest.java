package dev.snowchat.agent.claudecode;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import dev.snowchat.agent.AgentErrorCode;
import dev.snowchat.agent.AgentEvent;
import dev.snowchat.agent.Message;
import dev.snowchat.agent.SnowchatAgentException;
import dev.snowchat.agent.StopReason;
import dev.snowchat.agent.Usage;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * The Claude Code engine against a fake {@code claude} ({@link FakeClaude}) that checks its flags
 * and replays stream-json. The transcripts follow the message shapes of the Agent SDK reference
 * (code.claude.com/docs/en/agent-sdk/typescript, "Message types": SDKSystemMessage init,
 * SDKPartialAssistantMessage stream_event, SDKAssistantMessage, SDKUserMessage with tool_result,
 * SDKResultMessage with usage, total_cost_usd, duration_ms and num_turns) and the headless docs
 * (code.claude.com/docs/en/headless: -p with --output-format stream-json needs --verbose).
 */
class ClaudeCodeEngineTest {
  static final JsonMapper JSON = JsonMapper.builder().build();
  static final String SID = "3f2a9c1e-5b7d-4e8f-9a0b-1c2d3e4f5a6b";
  static final List<String> MCP = List.of("java", "-jar", "/opt/snowchat/snowchat-mcp.jar");

  @TempDir
  Path dir;
  ClaudeCodeEngine engine;

  @BeforeAll
  static void posix() {
    assumeTrue(!System.getProperty("os.name").startsWith("Windows"), "the fake CLI is sh");
  }

  @AfterEach
  void close() {
    if (engine != null) {
      engine.close();
    }
  }

  static String line(String json) {
    return json.replace('\'', '"');
  }

  static String init() {
    return line("{'type':'system','subtype':'init','cwd':'/tmp','session_id':'" + SID
        + "','tools':['mcp__snowchat__list_tables','mcp__snowchat__execute_query'],"
        + "'mcp_servers':[{'name':'snowchat','status':'connected'}],'model':'claude-sonnet-4-5',"
        + "'permissionMode':'dontAsk','apiKeySource':'none','claude_code_version':'2.1.197',"
        + "'uuid':'0b5c'}");
  }

  static String event(String event) {
    return line("{'type':'stream_event','event':" + event + ",'session_id':'" + SID
        + "','parent_tool_use_id':null,'uuid':'e1'}");
  }

  static String assistant(String content) {
    return line("{'type':'assistant','message':{'id':'msg_01','type':'message','role':"
        + "'assistant','model':'claude-sonnet-4-5','content':[" + content + "],'stop_reason':"
        + "null,'usage':{'input_tokens':3,'output_tokens':10}},'parent_tool_use_id':null,"
        + "'session_id':'" + SID + "','uuid':'a1'}");
  }

  static String toolResult(String id, String text, boolean error) {
    return line("{'type':'user','message':{'role':'user','content':[{'tool_use_id':'" + id
        + "','type':'tool_result','content':[{'type':'text','text':'" + text + "'}],"
        + "'is_error':" + error + "}]},'parent_tool_use_id':null,'session_id':'" + SID
        + "','uuid':'u1'}");
  }

  static String result(String subtype, boolean error, String text, double cost, int turns) {
    return line("{'type':'result','subtype':'" + subtype + "','is_error':" + error
        + ",'duration_ms':4210,'duration_api_ms':3900,'num_turns':" + turns + ",'result':'"
        + text + "','session_id':'" + SID + "','total_cost_usd':" + cost + ",'usage':{"
        + "'input_tokens':12,'cache_creation_input_tokens':1500,'cache_read_input_tokens':9000,"
        + "'output_tokens':85,'service_tier':'standard'},'permission_denials':[],'uuid':'r1'}");
  }

  /** Thinking and text streamed as partial messages, one tool call, its result, the answer. */
  static List<String> toolTurn() {
    return List.of(
        init(),
        event("{'type':'message_start','message':{'id':'msg_01','type':'message','role':"
            + "'assistant','content':[],'model':'claude-sonnet-4-5'}}"),
        event("{'type':'content_block_start','index':0,'content_block':{'type':'thinking',"
            + "'thinking':'','signature':''}}"),
        event("{'type':'content_block_delta','index':0,'delta':{'type':'thinking_delta',"
            + "'thinking':'Need the tables.'}}"),
        event("{'type':'content_block_delta','index':0,'delta':{'type':'signature_delta',"
            + "'signature':'EqQB'}}"),
        event("{'type':'content_block_stop','index':0}"),
        assistant("{'type':'thinking','thinking':'Need the tables.','signature':'EqQB'}"),
        event("{'type':'content_block_start','index':1,'content_block':{'type':'tool_use',"
            + "'id':'toolu_01','name':'mcp__snowchat__list_tables','input':{}}}"),
        event("{'type':'content_block_delta','index':1,'delta':{'type':'input_json_delta',"
            + "'partial_json':'{\\'schema\\': \\'MAIN\\'}'}}"),
        event("{'type':'content_block_stop','index':1}"),
        assistant("{'type':'tool_use','id':'toolu_01','name':'mcp__snowchat__list_tables',"
            + "'input':{'schema':'MAIN'}}"),
        toolResult("toolu_01", "ORDERS, CUSTOMERS", false),
        event("{'type':'content_block_delta','index':0,'delta':{'type':'text_delta',"
            + "'text':'Two tables: '}}"),
        event("{'type':'content_block_delta','index':0,'delta':{'type':'text_delta',"
            + "'text':'ORDERS and CUSTOMERS.'}}"),
        assistant("{'type':'text','text':'Two tables: ORDERS and CUSTOMERS.'}"),
        result("success", false, "Two tables: ORDERS and CUSTOMERS.", 0.0123, 2));
  }

  ClaudeCodeEngine engine(FakeClaude fake) {
    engine = ClaudeCodeEngine.builder()
        .command(List.of(fake.executable.toString()))
        .mcpServerCommand(MCP)
        .environment(Map.of("SNOWFLAKE_PASSWORD", "hunter2-secret"))
        .workingDirectory(dir)
        .build();
    return engine;
  }

  @Test
  void runTurn_mapsStreamJsonToEvents_andStartsTheCliWithTheLockedDownFlags() throws Exception {
    FakeClaude fake = FakeClaude.install(dir, true).turn(1, toolTurn());
    FakeTurn turn = new FakeTurn("s1", "What tables are in MAIN?", List.of());

    engine(fake).runTurn(turn);

    assertThat(turn.events).containsExactly(
        new AgentEvent.Thinking("Need the tables."),
        new AgentEvent.ToolUse("toolu_01", "list_tables", Map.of("schema", "MAIN"), false),
        new AgentEvent.ToolResult("toolu_01", "list_tables", false, "ORDERS, CUSTOMERS", null),
        new AgentEvent.Text("Two tables: "),
        new AgentEvent.Text("ORDERS and CUSTOMERS."));
    assertThat(turn.usage).isEqualTo(new Usage(12, 85, 9000, 1500));
    assertThat(turn.costUsd).isEqualTo(0.0123);
    assertThat(turn.modelTurns).isEqualTo(2);
    assertThat(turn.stopReason).isEqualTo(StopReason.END_TURN);
    assertThat(turn.recorded).containsExactly(
        Message.assistant("Two tables: ORDERS and CUSTOMERS."));

    List<String> args = fake.args(1);
    assertThat(args).containsSubsequence("-p", "--input-format", "stream-json",
        "--output-format", "stream-json", "--verbose");
    assertThat(args).containsSubsequence("--strict-mcp-config", "--tools", "");
    assertThat(args).containsSubsequence("--setting-sources", "");
    assertThat(args).doesNotContain("--dangerously-skip-permissions");
    assertThat(String.join(" ", args)).doesNotContain("hunter2-secret");
    JsonNode mcp = JSON.readTree(args.get(args.indexOf("--mcp-config") + 1));
    assertThat(mcp.path("mcpServers").propertyNames()).containsExactly("snowchat");
    JsonNode server = mcp.path("mcpServers").path("snowchat");
    assertThat(server.path("type").asString()).isEqualTo("stdio");
    assertThat(server.path("command").asString()).isEqualTo("java");
    assertThat(server.path("args").get(1).asString()).isEqualTo("/opt/snowchat/snowchat-mcp.jar");
    assertThat(server.has("env")).isFalse();

    JsonNode sent = JSON.readTree(fake.stdin().get(0));
    assertThat(sent.path("type").asString()).isEqualTo("user");
    assertThat(sent.path("message").path("role").asString()).isEqualTo("user");
    assertThat(sent.path("message").path("content").asString())
        .isEqualTo("What tables are in MAIN?");
  }

  @Test
  void runTurn_secondTurnOfASession_reusesItsProcess_andTextWithoutPartialsStillStreams()
      throws Exception {
    FakeClaude fake = FakeClaude.install(dir, true).turn(1, toolTurn()).turn(2, List.of(
        assistant("{'type':'text','text':'ORDERS has 4 columns.'}"),
        result("success", false, "ORDERS has 4 columns.", 0.002, 1)));
    engine(fake);
    FakeTurn first = new FakeTurn("s1", "What tables are in MAIN?", List.of());
    engine.runTurn(first);
    FakeTurn second = new FakeTurn("s1", "And ORDERS?", List.of(
        Message.user("What tables are in MAIN?"), first.recorded.get(0)));

    engine.runTurn(second);

    assertThat(second.events).containsExactly(new AgentEvent.Text("ORDERS has 4 columns."));
    assertThat(second.costUsd).isEqualTo(0.002);
    assertThat(fake.pid(2)).isEmpty();
    assertThat(fake.stdin()).hasSize(2);
    assertThat(JSON.readTree(fake.stdin().get(1)).path("session_id").asString()).isEqualTo(SID);
    assertThat(engine.openSessions()).isEqualTo(1);
  }

  @Test
  void runTurn_twoSessions_getTwoProcesses() throws Exception {
    FakeClaude fake = FakeClaude.install(dir, true).turn(1, toolTurn());
    engine(fake);
    engine.runTurn(new FakeTurn("s1", "q", List.of()));
    engine.runTurn(new FakeTurn("s2", "q", List.of()));

    assertThat(fake.pid(1)).isPresent();
    assertThat(fake.pid(2)).isPresent();
    assertThat(fake.pid(1).getAsLong()).isNotEqualTo(fake.pid(2).getAsLong());
    assertThat(engine.openSessions()).isEqualTo(2);
  }

  @Test
  void runTurn_loginError_isPermanentAuth() throws Exception {
    FakeClaude fake = FakeClaude.install(dir, false).turn(1, List.of(init(),
        assistant("{'type':'text','text':'Invalid API key · Please run /login'}"),
        result("success", true, "Invalid API key · Please run /login", 0, 1)));
    FakeTurn turn = new FakeTurn("s1", "hi", List.of());

    assertThatThrownBy(() -> engine(fake).runTurn(turn))
        .isInstanceOfSatisfying(SnowchatAgentException.class, e -> {
          assertThat(e.code()).isEqualTo(AgentErrorCode.MODEL_AUTH);
          assertThat(e.getMessage()).contains("/login");
        });
  }

  @Test
  void runTurn_maxTurns_isTurnLimit() throws Exception {
    FakeClaude fake = FakeClaude.install(dir, true).turn(1, List.of(init(),
        result("error_max_turns", true, "", 0.5, 10)));
    FakeTurn turn = new FakeTurn("s1", "hi", List.of());

    assertThatThrownBy(() -> engine(fake).runTurn(turn))
        .isInstanceOfSatisfying(SnowchatAgentException.class,
            e -> assertThat(e.code()).isEqualTo(AgentErrorCode.TURN_LIMIT));
    assertThat(turn.costUsd).isEqualTo(0.5);
  }

  @Test
  void runTurn_cliExitsEarly_failsWithItsStderr() throws Exception {
    FakeClaude fake = FakeClaude.install(dir, true);
    engine = ClaudeCodeEngine.builder()
        .command(List.of("sh", "-c", "echo 'boom: no network' >&2; exit 3", "claude"))
        .mcpServerCommand(MCP)
        .build();

    assertThatThrownBy(() -> engine.runTurn(new FakeTurn("s1", "hi", List.of())))
        .isInstanceOfSatisfying(SnowchatAgentException.class, e -> {
          assertThat(e.code()).isEqualTo(AgentErrorCode.MODEL_UNAVAILABLE);
          assertThat(e.getMessage()).contains("boom: no network");
        });
    assertThat(fake.stdin()).isEmpty();
  }

  @Test
  void runTurn_cancelled_endsTheProcess_andTheNextTurnResumesTheConversation()
      throws Exception {
    FakeClaude fake = FakeClaude.install(dir, true).turn(1, List.of(init(),
        event("{'type':'content_block_delta','index':0,'delta':{'type':'text_delta',"
            + "'text':'Looking'}}"))).hangAfter(1);
    engine(fake);
    CountDownLatch firstText = new CountDownLatch(1);
    FakeTurn turn = new FakeTurn("s1", "hi", List.of());
    turn.onEmit = e -> firstText.countDown();
    AtomicReference<Throwable> thrown = new AtomicReference<>();
    Thread t = Thread.ofVirtual().start(() -> {
      try {
        engine.runTurn(turn);
      } catch (Throwable e) {
        thrown.set(e);
      }
    });
    assertThat(firstText.await(20, TimeUnit.SECONDS)).isTrue();

    t.interrupt();
    t.join(20_000);

    assertThat(t.isAlive()).isFalse();
    assertThat(thrown.get()).isInstanceOf(InterruptedException.class);
    long pid = fake.pid(1).orElseThrow();
    assertThat(ProcessHandle.of(pid).map(ProcessHandle::isAlive).orElse(false)).isFalse();
    assertThat(engine.openSessions()).isZero();

    // The next turn starts a new process on the CLI's conversation.
    Files.delete(dir.resolve("turn1.hang"));
    fake.turn(1, toolTurn());
    FakeTurn next = new FakeTurn("s1", "hi again", List.of(Message.user("hi")));
    engine.runTurn(next);
    assertThat(fake.args(2)).containsSubsequence("--resume", SID);
    assertThat(next.stopReason).isEqualTo(StopReason.END_TURN);
  }

  @Test
  void health_reportsVersionAndLogin() throws Exception {
    FakeClaude in = FakeClaude.install(Files.createDirectory(dir.resolve("in")), true);
    ClaudeCodeHealth ok = ClaudeCodeEngine.health(List.of(in.executable.toString()),
        Duration.ofSeconds(20));
    assertThat(ok.ready()).isTrue();
    assertThat(ok.version()).isEqualTo(FakeClaude.VERSION);

    FakeClaude out = FakeClaude.install(Files.createDirectory(dir.resolve("out")), false);
    ClaudeCodeHealth notLoggedIn = ClaudeCodeEngine.health(List.of(out.executable.toString()),
        Duration.ofSeconds(20));
    assertThat(notLoggedIn.installed()).isTrue();
    assertThat(notLoggedIn.loggedIn()).isFalse();
    assertThat(notLoggedIn.detail()).contains("log in");
  }

  @Test
  void health_missingCli_isNotInstalledWithoutThrowing() {
    ClaudeCodeHealth h = ClaudeCodeEngine.health(
        List.of(dir.resolve("no-such-claude").toString()), Duration.ofSeconds(5));
    assertThat(h.installed()).isFalse();
    assertThat(h.ready()).isFalse();
    assertThat(h.detail()).contains("npm install");
  }

  @Test
  void builder_withoutMcpServerCommand_namesIt() {
    assertThatThrownBy(() -> ClaudeCodeEngine.builder().build())
        .isInstanceOf(IllegalStateException.class).hasMessageContaining("mcpServerCommand");
    assertThatThrownBy(() -> ClaudeCodeEngine.builder().model("sonnet").model("opus"))
        .isInstanceOf(IllegalStateException.class).hasMessageContaining("sonnet");
  }
}
