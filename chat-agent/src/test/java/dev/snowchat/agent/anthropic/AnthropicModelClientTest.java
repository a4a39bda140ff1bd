package dev.snowchat.agent.anthropic;

import static dev.snowchat.agent.anthropic.AnthropicStreams.PING;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.snowchat.agent.AgentErrorCode;
import dev.snowchat.agent.ContentBlock;
import dev.snowchat.agent.Message;
import dev.snowchat.agent.ModelClient;
import dev.snowchat.agent.ModelClientFactory;
import dev.snowchat.agent.ModelException;
import dev.snowchat.agent.ModelRequest;
import dev.snowchat.agent.ModelResponse;
import dev.snowchat.agent.ModelStreamListener;
import dev.snowchat.agent.Role;
import dev.snowchat.agent.TextBlock;
import dev.snowchat.agent.ThinkingBlock;
import dev.snowchat.agent.ToolResultBlock;
import dev.snowchat.agent.ToolSpec;
import dev.snowchat.agent.ToolUseBlock;
import dev.snowchat.agent.Usage;
import dev.snowchat.agent.internal.langchain4j.SseStub;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;

/** The Anthropic client through LangChain4j against a stub that speaks the Messages stream. */
class AnthropicModelClientTest {
  static final String KEY = "sk-ant-test-0123456789abcdef";
  static final ToolSpec LIST_TABLES = new ToolSpec("list_tables", "Lists tables of a schema.",
      Map.of("type", "object", "properties", Map.of(
          "schema", Map.of("type", "string", "description", "schema name"),
          "limit", Map.of("type", "integer", "minimum", 1, "maximum", 100)),
          "required", List.of("schema")), true);
  static final ToolSpec DESCRIBE = new ToolSpec("describe_table", "Columns of a table.",
      Map.of("type", "object", "properties", Map.of("table", Map.of("type", "string")),
          "required", List.of("table"), "additionalProperties", false), true);

  SseStub stub;
  ModelClient client;

  @BeforeEach
  void start() throws Exception {
    stub = new SseStub();
    client = ModelClientFactory.find("anthropic").create(Map.of(
        "apiKey", KEY, "baseUrl", stub.url() + "/v1/", "timeout", "20s"));
  }

  @AfterEach
  void stop() {
    client.close();
    stub.close();
  }

  /** Records deltas and the thread they arrived on. */
  static final class Recording implements ModelStreamListener {
    final List<String> events = Collections.synchronizedList(new ArrayList<>());
    final List<Thread> threads = Collections.synchronizedList(new ArrayList<>());

    @Override
    public void onText(String delta) {
      events.add("text:" + delta);
      threads.add(Thread.currentThread());
    }

    @Override
    public void onThinking(String delta) {
      events.add("thinking:" + delta);
      threads.add(Thread.currentThread());
    }
  }

  static ModelRequest request(List<Message> messages) {
    return new ModelRequest("claude-sonnet-4-5", "You answer questions about the warehouse.",
        messages, List.of(LIST_TABLES, DESCRIBE), 4096, 2048);
  }

  @Test
  void stream_thinkingTextAndParallelToolUse_thenToolResults_twoSteps() throws Exception {
    stub.enqueue(SseStub.sse(AnthropicStreams.thinkingThenTwoTools()))
        .enqueue(SseStub.sse(AnthropicStreams.finalAnswer()));
    Recording rec = new Recording();
    List<Message> history = new ArrayList<>(List.of(Message.user("What is in ORDERS?")));

    ModelResponse first = client.stream(request(history), rec);

    assertThat(rec.events).containsExactly("thinking:The user wants the tables. ",
        "thinking:Then the ORDERS columns.", "text:Let me look ", "text:at the schema.");
    assertThat(rec.threads).allMatch(t -> t == Thread.currentThread());
    assertThat(first.stopReason()).isEqualTo("tool_use");
    assertThat(first.usage()).isEqualTo(new Usage(472, 89, 100, 20));
    assertThat(first.content()).containsExactly(
        new ThinkingBlock("The user wants the tables. Then the ORDERS columns.",
            AnthropicStreams.SIGNATURE),
        new TextBlock("Let me look at the schema."),
        new ToolUseBlock("toolu_01A", "list_tables", Map.of("schema", "PUBLIC", "limit", 5)),
        new ToolUseBlock("toolu_01B", "describe_table", Map.of("table", "ORDERS")));

    SseStub.Recorded r1 = stub.requests().get(0);
    assertThat(r1.path()).isEqualTo("/v1/messages");
    assertThat(r1.header("x-api-key")).isEqualTo(KEY);
    assertThat(r1.header("anthropic-version")).isNotBlank();
    JsonNode b1 = r1.json();
    assertThat(b1.path("model").asString()).isEqualTo("claude-sonnet-4-5");
    assertThat(b1.path("stream").asBoolean()).isTrue();
    assertThat(b1.path("max_tokens").asInt()).isEqualTo(4096);
    assertThat(b1.path("thinking").path("type").asString()).isEqualTo("enabled");
    assertThat(b1.path("thinking").path("budget_tokens").asInt()).isEqualTo(2048);
    assertThat(systemText(b1)).isEqualTo("You answer questions about the warehouse.");
    assertThat(b1.path("tools")).hasSize(2);
    JsonNode t0 = b1.path("tools").get(0);
    assertThat(t0.path("name").asString()).isEqualTo("list_tables");
    assertThat(t0.path("description").asString()).isEqualTo("Lists tables of a schema.");
    assertThat(t0.path("input_schema").path("type").asString()).isEqualTo("object");
    assertThat(t0.path("input_schema").path("properties").path("limit").path("maximum").asInt())
        .isEqualTo(100);
    assertThat(t0.path("input_schema").path("required").get(0).asString()).isEqualTo("schema");
    // Known loss: LangChain4j's Anthropic mapper sends type, properties and required of the
    // top-level object, not additionalProperties (README, "Model clients").
    assertThat(b1.path("tools").get(1).path("input_schema").has("additionalProperties"))
        .isFalse();

    // Step two: the assistant turn and both tool results go back.
    history.add(new Message(Role.ASSISTANT, first.content()));
    history.add(new Message(Role.USER, List.of(
        new ToolResultBlock("toolu_01A", "{\"tables\":[\"ORDERS\",\"CUSTOMERS\",\"ITEMS\"]}",
            false),
        new ToolResultBlock("toolu_01B", "Table ORDERS not found in PUBLIC", true))));
    Recording rec2 = new Recording();
    ModelResponse second = client.stream(request(history), rec2);

    assertThat(second.stopReason()).isEqualTo("end_turn");
    assertThat(second.text()).isEqualTo("There are 3 tables; ORDERS has 4 columns.");
    assertThat(second.toolUses()).isEmpty();
    assertThat(second.usage()).isEqualTo(new Usage(650, 15, 572, 0));
    assertThat(rec2.events).containsExactly("text:There are 3 tables; ",
        "text:ORDERS has 4 columns.");

    JsonNode msgs = stub.requests().get(1).json().path("messages");
    assertThat(msgs).hasSize(3);
    JsonNode assistant = msgs.get(1);
    assertThat(assistant.path("role").asString()).isEqualTo("assistant");
    List<String> types = new ArrayList<>();
    for (JsonNode c : assistant.path("content")) {
      types.add(c.path("type").asString());
    }
    assertThat(types).containsExactly("thinking", "text", "tool_use", "tool_use");
    assertThat(assistant.path("content").get(0).path("signature").asString())
        .isEqualTo(AnthropicStreams.SIGNATURE);
    assertThat(assistant.path("content").get(2).path("input").path("schema").asString())
        .isEqualTo("PUBLIC");
    JsonNode user = msgs.get(2);
    assertThat(user.path("role").asString()).isEqualTo("user");
    assertThat(user.path("content")).hasSize(2);
    JsonNode res0 = user.path("content").get(0);
    assertThat(res0.path("type").asString()).isEqualTo("tool_result");
    assertThat(res0.path("tool_use_id").asString()).isEqualTo("toolu_01A");
    assertThat(res0.toString()).contains("CUSTOMERS");
    JsonNode res1 = user.path("content").get(1);
    assertThat(res1.path("tool_use_id").asString()).isEqualTo("toolu_01B");
    assertThat(res1.path("is_error").asBoolean()).isTrue();
  }

  private static String systemText(JsonNode body) {
    JsonNode system = body.path("system");
    return system.isString() ? system.asString() : system.get(0).path("text").asString();
  }

  @Test
  void stream_errorEventMidStream_isRetryableAfterTheDeltasBeforeIt() {
    stub.enqueue(SseStub.sse(AnthropicStreams.errorMidStream()));
    Recording rec = new Recording();

    assertThatThrownBy(() -> client.stream(request(List.of(Message.user("hi"))), rec))
        .isInstanceOfSatisfying(ModelException.class, e -> {
          assertThat(e.code()).isEqualTo(AgentErrorCode.MODEL_RATE_LIMITED);
          assertThat(e.isRetryable()).isTrue();
          assertThat(e.getMessage()).contains("Overloaded").doesNotContain(KEY);
        });
    assertThat(rec.events).containsExactly("text:Partial");
  }

  @Test
  void stream_http529Overloaded_isRetryable() {
    stub.enqueue(SseStub.json(529, AnthropicStreams.errorBody("overloaded_error", "Overloaded")));

    assertThatThrownBy(() -> client.stream(request(List.of(Message.user("hi"))),
        ModelStreamListener.NONE))
        .isInstanceOfSatisfying(ModelException.class, e -> {
          assertThat(e.code()).isEqualTo(AgentErrorCode.MODEL_RATE_LIMITED);
          assertThat(e.isRetryable()).isTrue();
          assertThat(e.getMessage()).contains("529").doesNotContain(KEY);
        });
  }

  @Test
  void stream_http429RateLimited_isRetryable() {
    stub.enqueue(SseStub.json(429, AnthropicStreams.errorBody("rate_limit_error",
        "Number of request tokens has exceeded your per-minute rate limit"),
        Map.of("retry-after", "7")));

    assertThatThrownBy(() -> client.stream(request(List.of(Message.user("hi"))),
        ModelStreamListener.NONE))
        .isInstanceOfSatisfying(ModelException.class, e -> {
          assertThat(e.code()).isEqualTo(AgentErrorCode.MODEL_RATE_LIMITED);
          assertThat(e.isRetryable()).isTrue();
        });
  }

  @Test
  void stream_http401_isPermanentAuthWithoutTheKey() {
    stub.enqueue(SseStub.json(401, AnthropicStreams.errorBody("authentication_error",
        "invalid x-api-key")));

    assertThatThrownBy(() -> client.stream(request(List.of(Message.user("hi"))),
        ModelStreamListener.NONE))
        .isInstanceOfSatisfying(ModelException.class, e -> {
          assertThat(e.code()).isEqualTo(AgentErrorCode.MODEL_AUTH);
          assertThat(e.isRetryable()).isFalse();
          assertThat(e.getMessage()).contains("401").doesNotContain(KEY);
        });
  }

  @Test
  void stream_http400_isPermanentBadRequest() {
    stub.enqueue(SseStub.json(400, AnthropicStreams.errorBody("invalid_request_error",
        "max_tokens: must be greater than thinking.budget_tokens")));

    assertThatThrownBy(() -> client.stream(request(List.of(Message.user("hi"))),
        ModelStreamListener.NONE))
        .isInstanceOfSatisfying(ModelException.class, e -> {
          assertThat(e.code()).isEqualTo(AgentErrorCode.MODEL_BAD_REQUEST);
          assertThat(e.getMessage()).contains("budget_tokens");
        });
  }

  @Test
  void stream_interruptedMidTurn_throwsAndTheClientClosesTheStream() throws Exception {
    CountDownLatch sent = new CountDownLatch(1);
    CountDownLatch resume = new CountDownLatch(1);
    CountDownLatch disconnected = new CountDownLatch(1);
    stub.enqueue(SseStub.stalled(List.of(
        AnthropicStreams.messageStart("msg_04", 10, 0, 0),
        AnthropicStreams.blockStart(0, "{\"type\":\"text\",\"text\":\"\"}"),
        AnthropicStreams.textDelta(0, "Working")), sent, resume, PING, 100_000, disconnected));
    Recording rec = new Recording();
    AtomicReference<Throwable> thrown = new AtomicReference<>();
    CountDownLatch firstDelta = new CountDownLatch(1);
    Thread turn = Thread.ofVirtual().start(() -> {
      try {
        client.stream(request(List.of(Message.user("hi"))), new ModelStreamListener() {
          @Override
          public void onText(String delta) {
            rec.onText(delta);
            firstDelta.countDown();
          }

          @Override
          public void onThinking(String delta) {}
        });
      } catch (Throwable t) {
        thrown.set(t);
      }
    });
    assertThat(firstDelta.await(20, TimeUnit.SECONDS)).isTrue();

    turn.interrupt();
    turn.join(20_000);
    resume.countDown();

    assertThat(turn.isAlive()).isFalse();
    assertThat(thrown.get()).isInstanceOf(InterruptedException.class);
    assertThat(rec.events).containsExactly("text:Working");
    // The stub's pings fail once the client has dropped the connection.
    assertThat(disconnected.await(20, TimeUnit.SECONDS)).isTrue();
  }
}
