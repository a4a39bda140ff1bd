package dev.snowchat.agent.internal.langchain4j;

import dev.langchain4j.agent.tool.ToolExecutionRequest;
import dev.langchain4j.agent.tool.ToolSpecification;
import dev.langchain4j.data.message.AiMessage;
import dev.langchain4j.data.message.ChatMessage;
import dev.langchain4j.data.message.SystemMessage;
import dev.langchain4j.data.message.ToolExecutionResultMessage;
import dev.langchain4j.data.message.UserMessage;
import dev.langchain4j.exception.AuthenticationException;
import dev.langchain4j.exception.HttpException;
import dev.langchain4j.exception.InvalidRequestException;
import dev.langchain4j.exception.ModelNotFoundException;
import dev.langchain4j.exception.RateLimitException;
import dev.langchain4j.exception.TimeoutException;
import dev.langchain4j.model.chat.request.json.JsonObjectSchema;
import dev.langchain4j.model.chat.request.json.JsonRawSchema;
import dev.langchain4j.model.chat.response.ChatResponse;
import dev.snowchat.agent.AgentErrorCode;
import dev.snowchat.agent.ContentBlock;
import dev.snowchat.agent.Message;
import dev.snowchat.agent.ModelException;
import dev.snowchat.agent.Role;
import dev.snowchat.agent.TextBlock;
import dev.snowchat.agent.ThinkingBlock;
import dev.snowchat.agent.ToolResultBlock;
import dev.snowchat.agent.ToolSpec;
import dev.snowchat.agent.ToolUseBlock;
import java.io.IOException;
import java.net.http.HttpTimeoutException;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.jspecify.annotations.Nullable;
import tools.jackson.core.JacksonException;
import tools.jackson.core.type.TypeReference;
import tools.jackson.databind.json.JsonMapper;

/**
 * Converts between the agent's conversation model and LangChain4j's, for the Anthropic and
 * OpenAI-compatible clients. LangChain4j's {@link AiMessage} keeps one text, one thinking text and
 * the tool calls of a turn, so the order of interleaved text blocks is not kept; the thinking
 * signature travels in the {@code thinking_signature} attribute, which the Anthropic mapper sends
 * back.
 */
public final class Lc4jBridge {
  /** The attribute LangChain4j's Anthropic mapper reads and writes for a thinking signature. */
  public static final String THINKING_SIGNATURE = "thinking_signature";

  private static final JsonMapper JSON = JsonMapper.builder().build();
  private static final TypeReference<LinkedHashMap<String, Object>> MAP =
      new TypeReference<>() {};
  private static final int MAX_DETAIL = 300;

  private Lc4jBridge() {}

  /**
   * Converts a conversation.
   *
   * @param system the system prompt, or null
   * @param messages the conversation
   * @return LangChain4j's messages, the system prompt first
   */
  public static List<ChatMessage> messages(@Nullable String system, List<Message> messages) {
    List<ChatMessage> out = new ArrayList<>();
    if (system != null && !system.isBlank()) {
      out.add(SystemMessage.from(system));
    }
    Map<String, String> toolNames = new HashMap<>();
    for (Message m : messages) {
      if (m.role() == Role.ASSISTANT) {
        out.add(assistant(m, toolNames));
      } else {
        user(m, toolNames, out);
      }
    }
    return out;
  }

  private static AiMessage assistant(Message m, Map<String, String> toolNames) {
    StringBuilder text = new StringBuilder();
    StringBuilder thinking = new StringBuilder();
    String signature = null;
    List<ToolExecutionRequest> calls = new ArrayList<>();
    for (ContentBlock b : m.content()) {
      switch (b) {
        case TextBlock t -> text.append(t.text());
        case ThinkingBlock t -> {
          thinking.append(t.text());
          if (t.signature() != null) {
            signature = t.signature();
          }
        }
        case ToolUseBlock t -> {
          toolNames.put(t.id(), t.name());
          calls.add(ToolExecutionRequest.builder().id(t.id()).name(t.name())
              .arguments(JSON.writeValueAsString(t.input())).build());
        }
        case ToolResultBlock t -> throw new IllegalArgumentException(
            "an assistant message cannot carry a tool result (tool use id " + t.toolUseId() + ")");
      }
    }
    AiMessage.Builder b = AiMessage.builder().toolExecutionRequests(calls);
    if (!text.isEmpty() || calls.isEmpty()) {
      b.text(text.toString());
    }
    if (!thinking.isEmpty()) {
      b.thinking(thinking.toString());
    }
    if (signature != null) {
      b.attributes(Map.of(THINKING_SIGNATURE, signature));
    }
    return b.build();
  }

  private static void user(Message m, Map<String, String> toolNames, List<ChatMessage> out) {
    // Tool results first: the Messages API wants them at the start of the user turn.
    StringBuilder text = new StringBuilder();
    for (ContentBlock b : m.content()) {
      switch (b) {
        case ToolResultBlock r -> out.add(ToolExecutionResultMessage.builder()
            .id(r.toolUseId())
            .toolName(toolNames.getOrDefault(r.toolUseId(), "unknown"))
            .text(r.content())
            .isError(r.error())
            .build());
        case TextBlock t -> text.append(t.text());
        case ThinkingBlock t -> throw new IllegalArgumentException(
            "a user message cannot carry thinking");
        case ToolUseBlock t -> throw new IllegalArgumentException(
            "a user message cannot carry a tool call (" + t.name() + ")");
      }
    }
    if (!text.isEmpty()) {
      out.add(UserMessage.from(text.toString()));
    }
  }

  /**
   * Converts tool specs. The schema's top-level properties are passed as raw JSON schema, so no
   * keyword is lost in translation.
   *
   * @param tools the tools
   * @return LangChain4j's tool specifications
   */
  public static List<ToolSpecification> tools(List<ToolSpec> tools) {
    List<ToolSpecification> out = new ArrayList<>();
    for (ToolSpec t : tools) {
      out.add(ToolSpecification.builder()
          .name(t.name())
          .description(t.description())
          .parameters(objectSchema(t.inputSchema()))
          .build());
    }
    return out;
  }

  static JsonObjectSchema objectSchema(Map<String, Object> schema) {
    JsonObjectSchema.Builder b = JsonObjectSchema.builder();
    if (schema.get("description") instanceof String d) {
      b.description(d);
    }
    if (schema.get("properties") instanceof Map<?, ?> props) {
      for (Map.Entry<?, ?> e : props.entrySet()) {
        b.addProperty(String.valueOf(e.getKey()),
            JsonRawSchema.from(JSON.writeValueAsString(e.getValue())));
      }
    }
    if (schema.get("required") instanceof List<?> req) {
      List<String> names = new ArrayList<>();
      for (Object o : req) {
        names.add(String.valueOf(o));
      }
      b.required(names);
    }
    if (schema.get("additionalProperties") instanceof Boolean ap) {
      b.additionalProperties(ap);
    }
    return b.build();
  }

  /**
   * Converts a finished response's message into blocks: thinking first, then text, then the tool
   * calls, as the providers send them.
   *
   * @param response the response
   * @param provider the provider name for messages
   * @return the blocks
   * @throws ModelException when a tool call's arguments are not a JSON object
   */
  public static List<ContentBlock> content(ChatResponse response, String provider) {
    AiMessage ai = response.aiMessage();
    List<ContentBlock> out = new ArrayList<>();
    if (ai == null) {
      return out;
    }
    if (ai.thinking() != null && !ai.thinking().isEmpty()) {
      Object sig = ai.attributes() == null ? null : ai.attributes().get(THINKING_SIGNATURE);
      out.add(new ThinkingBlock(ai.thinking(), sig instanceof String s ? s : null));
    }
    if (ai.text() != null && !ai.text().isEmpty()) {
      out.add(new TextBlock(ai.text()));
    }
    if (ai.toolExecutionRequests() != null) {
      for (ToolExecutionRequest r : ai.toolExecutionRequests()) {
        out.add(new ToolUseBlock(r.id(), r.name(), arguments(r, provider)));
      }
    }
    return out;
  }

  private static Map<String, Object> arguments(ToolExecutionRequest r, String provider) {
    String args = r.arguments();
    if (args == null || args.isBlank()) {
      return Map.of();
    }
    try {
      return JSON.readValue(args, MAP);
    } catch (JacksonException e) {
      throw new ModelException(AgentErrorCode.MODEL_ERROR, provider + " sent arguments for tool "
          + r.name() + " that are not a JSON object: " + clip(args), e);
    }
  }

  /**
   * Reads the provider's own stop reason from the raw stream events LangChain4j keeps: {@code
   * delta.stop_reason} of Anthropic's {@code message_delta}, or the last {@code finish_reason} of
   * an OpenAI chunk.
   *
   * @param events the raw events, or null when the library kept none
   * @return the stop reason as sent, or null when none was found
   */
  public static @Nullable String rawStopReason(
      @Nullable List<dev.langchain4j.http.client.sse.ServerSentEvent> events) {
    if (events == null) {
      return null;
    }
    String found = null;
    for (var e : events) {
      String data = e.data();
      if (data == null || !data.startsWith("{")
          || !(data.contains("stop_reason") || data.contains("finish_reason"))) {
        continue;
      }
      try {
        var node = JSON.readTree(data);
        var anthropic = node.path("delta").path("stop_reason");
        if (anthropic.isString()) {
          found = anthropic.asString();
        }
        for (var choice : node.path("choices")) {
          var finish = choice.path("finish_reason");
          if (finish.isString()) {
            found = finish.asString();
          }
        }
      } catch (JacksonException ignored) {
        // not JSON: not a stop event
      }
    }
    return found;
  }

  /**
   * Maps a failure reported by LangChain4j to a {@link ModelException} with a retryable or
   * permanent code. Messages carry the provider's status and error text, never the key.
   *
   * @param provider the provider name for the message
   * @param t the failure
   * @return the exception
   */
  public static ModelException error(String provider, Throwable t) {
    if (t instanceof ModelException m) {
      return m;
    }
    String detail = clip(String.valueOf(t.getMessage()));
    HttpException http = find(t, HttpException.class);
    if (http != null) {
      int status = http.statusCode();
      return new ModelException(codeOf(status, detail), provider + " answered HTTP " + status
          + ": " + detail, t);
    }
    if (find(t, RateLimitException.class) != null) {
      return new ModelException(AgentErrorCode.MODEL_RATE_LIMITED, provider
          + " is rate-limiting or overloaded: " + detail, t);
    }
    if (find(t, AuthenticationException.class) != null) {
      return new ModelException(AgentErrorCode.MODEL_AUTH, provider
          + " refused the credentials: " + detail, t);
    }
    if (find(t, InvalidRequestException.class) != null
        || find(t, ModelNotFoundException.class) != null) {
      return new ModelException(AgentErrorCode.MODEL_BAD_REQUEST, provider
          + " refused the request: " + detail, t);
    }
    if (find(t, TimeoutException.class) != null || find(t, HttpTimeoutException.class) != null
        || find(t, IOException.class) != null) {
      return new ModelException(AgentErrorCode.MODEL_UNAVAILABLE, provider
          + " could not be reached: " + detail, t);
    }
    return new ModelException(codeOfText(detail), provider + " failed: " + detail, t);
  }

  /**
   * {@return the code of an HTTP status: 429 and 529 (overloaded) rate-limited, 5xx and 408
   * retryable, 401/403 auth, other 4xx bad request}
   *
   * @param status the HTTP status
   * @param detail the provider's error text, which may name the error type
   */
  public static AgentErrorCode codeOf(int status, String detail) {
    if (status == 429 || status == 529) {
      return AgentErrorCode.MODEL_RATE_LIMITED;
    }
    if (status == 401 || status == 403) {
      return AgentErrorCode.MODEL_AUTH;
    }
    if (status == 408 || status == 502 || status == 503 || status == 504) {
      return AgentErrorCode.MODEL_UNAVAILABLE;
    }
    if (status >= 500) {
      return AgentErrorCode.MODEL_ERROR;
    }
    if (status >= 400) {
      return AgentErrorCode.MODEL_BAD_REQUEST;
    }
    return codeOfText(detail);
  }

  // An error event inside a 200 stream carries only the provider's error type.
  private static AgentErrorCode codeOfText(String detail) {
    String d = detail.toLowerCase(Locale.ROOT);
    if (d.contains("overloaded") || d.contains("rate_limit")) {
      return AgentErrorCode.MODEL_RATE_LIMITED;
    }
    if (d.contains("authentication_error") || d.contains("permission_error")) {
      return AgentErrorCode.MODEL_AUTH;
    }
    if (d.contains("invalid_request_error") || d.contains("not_found_error")) {
      return AgentErrorCode.MODEL_BAD_REQUEST;
    }
    return AgentErrorCode.MODEL_ERROR;
  }

  private static <T extends Throwable> @Nullable T find(Throwable t, Class<T> type) {
    for (Throwable c = t; c != null; c = c.getCause() == c ? null : c.getCause()) {
      if (type.isInstance(c)) {
        return type.cast(c);
      }
    }
    return null;
  }

  static String clip(String s) {
    String one = s.replaceAll("\\s+", " ").strip();
    return one.length() <= MAX_DETAIL ? one : one.substring(0, MAX_DETAIL) + "...";
  }
}
