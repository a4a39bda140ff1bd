package dev.snowchat.agent.openai;

import static dev.snowchat.agent.internal.langchain4j.SseStub.data;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.snowchat.agent.AgentErrorCode;
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

/**
 * The OpenAI-compatible client through LangChain4j against a stub that speaks the chat
 * completions stream, written from the documented wire format: "Streaming" and "The chat
 * completion chunk object" of the Chat Completions API reference
 * (platform.openai.com/docs/api-reference/chat-streaming: {@code data:} lines of
 * chat.completion.chunk objects with {@code delta.content}, {@code delta.tool_calls[i]} carrying
 * index, id, function name and argument fragments, {@code finish_reason}, a last chunk with empty
 * choices and {@code usage} when {@code stream_options.include_usage} is set, then {@code data:
 * [DONE]}), plus the {@code reasoning_content} delta field that DeepSeek, vLLM and Ollama send for
 * reasoning models. Errors follow "Error codes" (platform.openai.com/docs/guides/error-codes).
 */
class OpenAiModelClientTest {
  static final ToolSpec LIST_TABLES = new ToolSpec("list_tables", "Lists tables of a schema.",
      Map.of("type", "object", "properties", Map.of("schema", Map.of("type", "string")),
          "required", List.of("schema")), true);
  static final ToolSpec DESCRIBE = new ToolSpec("describe_table", "Columns of a table.",
      Map.of("type", "object", "properties", Map.of("table", Map.of("type", "string")),
          "required", List.of("table")), true);

  SseStub stub;
  ModelClient client;

  @BeforeEach
  void start() throws Exception {
    stub = new SseStub();
    // A local server: no API key.
    client = ModelClientFactory.find("openai").create(Map.of("baseUrl", stub.url() + "/v1"));
  }

  @AfterEach
  void stop() {
    client.close();
    stub.close();
  }

  static String chunk(String delta, String finish) {
    return data("{\"id\":\"chatcmpl-7\",\"object\":\"chat.completion.chunk\",\"created\":"
        + "1694268190,\"model\":\"qwen3:8b\",\"system_fingerprint\":\"fp_44709d6fcb\","
        + "\"choices\":[{\"index\":0,\"delta\":" + delta + ",\"logprobs\":null,"
        + "\"finish_reason\":" + (finish == null ? "null" : "\"" + finish + "\"") + "}]}");
  }

  static String usage(int prompt, int completion, int cached) {
    return data("{\"id\":\"chatcmpl-7\",\"object\":\"chat.completion.chunk\",\"created\":"
        + "1694268190,\"model\":\"qwen3:8b\",\"choices\":[],\"usage\":{\"prompt_tokens\":"
        + prompt + ",\"completion_tokens\":" + completion + ",\"total_tokens\":"
        + (prompt + completion) + ",\"prompt_tokens_details\":{\"cached_tokens\":" + cached
        + "}}}");
  }

  static final String DONE = "data: [DONE]\n\n";

  static List<String> reasoningThenTwoToolCalls() {
    return List.of(
        chunk("{\"role\":\"assistant\",\"content\":\"\"}", null),
        chunk("{\"reasoning_content\":\"Tables first, \"}", null),
        chunk("{\"reasoning_content\":\"then columns.\"}", null),
        chunk("{\"content\":\"Checking \"}", null),
        chunk("{\"content\":\"both.\"}", null),
        chunk("{\"tool_calls\":[{\"index\":0,\"id\":\"call_a\",\"type\":\"function\","
            + "\"function\":{\"name\":\"list_tables\",\"arguments\":\"\"}}]}", null),
        chunk("{\"tool_calls\":[{\"index\":0,\"function\":{\"arguments\":\"{\\\"sch\"}}]}",
            null),
        chunk("{\"tool_calls\":[{\"index\":0,\"function\":{\"arguments\":"
            + "\"ema\\\": \\\"PUBLIC\\\"}\"}}]}", null),
        chunk("{\"tool_calls\":[{\"index\":1,\"id\":\"call_b\",\"type\":\"function\","
            + "\"function\":{\"name\":\"describe_table\",\"arguments\":\"\"}}]}", null),
        chunk("{\"tool_calls\":[{\"index\":1,\"function\":{\"arguments\":"
            + "\"{\\\"table\\\": \\\"ORDERS\\\"}\"}}]}", null),
        chunk("{}", "tool_calls"),
        usage(120, 40, 20),
        DONE);
  }

  static List<String> answer() {
    return List.of(
        chunk("{\"role\":\"assistant\",\"content\":\"\"}", null),
        chunk("{\"content\":\"3 tables.\"}", null),
        chunk("{}", "stop"),
        usage(300, 5, 0),
        DONE);
  }

  static ModelRequest request(List<Message> messages) {
    return new ModelRequest("qwen3:8b", "Answer from the warehouse.", messages,
        List.of(LIST_TABLES, DESCRIBE), 1024, 0);
  }

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

  @Test
  void stream_reasoningTextAndParallelToolCalls_thenToolResults_twoSteps() throws Exception {
    stub.enqueue(SseStub.sse(reasoningThenTwoToolCalls())).enqueue(SseStub.sse(answer()));
    Recording rec = new Recording();
    List<Message> history = new ArrayList<>(List.of(Message.user("What is in ORDERS?")));

    ModelResponse first = client.stream(request(history), rec);

    assertThat(rec.events).containsExactly("thinking:Tables first, ", "thinking:then columns.",
        "text:Checking ", "text:both.");
    assertThat(rec.threads).allMatch(t -> t == Thread.currentThread());
    assertThat(first.stopReason()).isEqualTo("tool_calls");
    assertThat(first.usage()).isEqualTo(new Usage(100, 40, 20, 0));
    assertThat(first.content()).containsExactly(
        new ThinkingBlock("Tables first, then columns.", null),
        new TextBlock("Checking both."),
        new ToolUseBlock("call_a", "list_tables", Map.of("schema", "PUBLIC")),
        new ToolUseBlock("call_b", "describe_table", Map.of("table", "ORDERS")));

    SseStub.Recorded r1 = stub.requests().get(0);
    assertThat(r1.path()).isEqualTo("/v1/chat/completions");
    assertThat(r1.header("Authorization")).isNull();
    JsonNode b1 = r1.json();
    assertThat(b1.path("model").asString()).isEqualTo("qwen3:8b");
    assertThat(b1.path("stream").asBoolean()).isTrue();
    assertThat(b1.path("stream_options").path("include_usage").asBoolean()).isTrue();
    assertThat(b1.path("messages").get(0).path("role").asString()).isEqualTo("system");
    assertThat(b1.path("tools")).hasSize(2);
    JsonNode fn = b1.path("tools").get(0).path("function");
    assertThat(fn.path("name").asString()).isEqualTo("list_tables");
    assertThat(fn.path("parameters").path("properties").path("schema").path("type").asString())
        .isEqualTo("string");

    history.add(new Message(Role.ASSISTANT, first.content()));
    history.add(new Message(Role.USER, List.of(
        new ToolResultBlock("call_a", "[\"ORDERS\",\"CUSTOMERS\",\"ITEMS\"]", false),
        new ToolResultBlock("call_b", "no such table", true))));
    ModelResponse second = client.stream(request(history), ModelStreamListener.NONE);

    assertThat(second.stopReason()).isEqualTo("stop");
    assertThat(second.text()).isEqualTo("3 tables.");
    assertThat(second.usage()).isEqualTo(new Usage(300, 5, 0, 0));
    JsonNode msgs = stub.requests().get(1).json().path("messages");
    // system, user, assistant with tool_calls, one tool message per result
    assertThat(msgs).hasSize(5);
    assertThat(msgs.get(2).path("role").asString()).isEqualTo("assistant");
    assertThat(msgs.get(2).path("tool_calls")).hasSize(2);
    assertThat(msgs.get(2).path("tool_calls").get(1).path("id").asString()).isEqualTo("call_b");
    assertThat(msgs.get(3).path("role").asString()).isEqualTo("tool");
    assertThat(msgs.get(3).path("tool_call_id").asString()).isEqualTo("call_a");
    assertThat(msgs.get(3).path("content").asString()).contains("CUSTOMERS");
    assertThat(msgs.get(4).path("tool_call_id").asString()).isEqualTo("call_b");
  }

  @Test
  void stream_apiKey_isSentAsBearer() throws Exception {
    try (ModelClient keyed = ModelClientFactory.find("openai").create(Map.of(
        "baseUrl", stub.url() + "/v1", "apiKey", "sk-test-123"))) {
      stub.enqueue(SseStub.sse(answer()));
      keyed.stream(request(List.of(Message.user("hi"))), ModelStreamListener.NONE);
      assertThat(stub.requests().get(0).header("Authorization")).isEqualTo("Bearer sk-test-123");
    }
  }

  @Test
  void stream_http429_isRetryable() {
    stub.enqueue(SseStub.json(429, "{\"error\":{\"message\":\"Rate limit reached for requests\","
        + "\"type\":\"requests\",\"param\":null,\"code\":\"rate_limit_exceeded\"}}"));

    assertThatThrownBy(() -> client.stream(request(List.of(Message.user("hi"))),
        ModelStreamListener.NONE))
        .isInstanceOfSatisfying(ModelException.class, e -> {
          assertThat(e.code()).isEqualTo(AgentErrorCode.MODEL_RATE_LIMITED);
          assertThat(e.isRetryable()).isTrue();
        });
  }

  @Test
  void stream_http404UnknownModel_isPermanent() {
    stub.enqueue(SseStub.json(404, "{\"error\":{\"message\":\"model 'nope' not found\","
        + "\"type\":\"api_error\",\"param\":null,\"code\":null}}"));

    assertThatThrownBy(() -> client.stream(request(List.of(Message.user("hi"))),
        ModelStreamListener.NONE))
        .isInstanceOfSatisfying(ModelException.class, e -> {
          assertThat(e.code()).isEqualTo(AgentErrorCode.MODEL_BAD_REQUEST);
          assertThat(e.isRetryable()).isFalse();
          assertThat(e.getMessage()).contains("not found");
        });
  }

  @Test
  void stream_interruptedMidTurn_throwsAndTheClientClosesTheStream() throws Exception {
    CountDownLatch sent = new CountDownLatch(1);
    CountDownLatch resume = new CountDownLatch(1);
    CountDownLatch disconnected = new CountDownLatch(1);
    stub.enqueue(SseStub.stalled(List.of(chunk("{\"role\":\"assistant\",\"content\":\"\"}", null),
        chunk("{\"content\":\"Working\"}", null)), sent, resume,
        chunk("{\"content\":\"\"}", null), 100_000, disconnected));
    AtomicReference<Throwable> thrown = new AtomicReference<>();
    CountDownLatch firstDelta = new CountDownLatch(1);
    Thread turn = Thread.ofVirtual().start(() -> {
      try {
        client.stream(request(List.of(Message.user("hi"))), new ModelStreamListener() {
          @Override
          public void onText(String delta) {
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
    assertThat(disconnected.await(20, TimeUnit.SECONDS)).isTrue();
  }

  @Test
  void create_withoutKeyForOpenAiItself_namesTheKey() {
    assertThatThrownBy(() -> ModelClientFactory.find("openai").create(Map.of()))
        .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("'apiKey'");
  }
}
