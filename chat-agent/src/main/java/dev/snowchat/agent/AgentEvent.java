package dev.snowchat.agent;

import static java.util.Objects.requireNonNull;

import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.Map;
import org.jspecify.annotations.Nullable;

/**
 * One event of a streamed turn, as the SSE contract of the chat app sends it: {@code data:
 * <toJson()>}. The kinds are {@code text}, {@code thinking}, {@code tool_use}, {@code
 * tool_result}, {@code error} and {@code done}; exactly one {@link Done} ends every turn, after an
 * {@link Error} too.
 */
public sealed interface AgentEvent permits AgentEvent.Text, AgentEvent.Thinking,
    AgentEvent.ToolUse, AgentEvent.ToolResult, AgentEvent.Error, AgentEvent.Done {

  /** {@return the wire type: text, thinking, tool_use, tool_result, error or done} */
  String type();

  /**
   * {@return the SSE payload: {@code {"type": type(), ...fields}}, JSON values only (maps keep
   * their order; a null field is left out)}
   */
  Map<String, Object> toJson();

  /** {@return {@link #toJson()} written as compact JSON, ready for an SSE {@code data:} line} */
  default String toJsonString() {
    return Json.write(toJson());
  }

  /**
   * A streamed text delta of the answer (markdown).
   *
   * @param text the delta
   */
  record Text(String text) implements AgentEvent {
    /** Validates the text. */
    public Text {
      requireNonNull(text, "text is null");
    }

    @Override
    public String type() {
      return "text";
    }

    @Override
    public Map<String, Object> toJson() {
      return json("text", "text", text);
    }
  }

  /**
   * A streamed delta of the model's reasoning.
   *
   * @param text the delta
   */
  record Thinking(String text) implements AgentEvent {
    /** Validates the text. */
    public Thinking {
      requireNonNull(text, "text is null");
    }

    @Override
    public String type() {
      return "thinking";
    }

    @Override
    public Map<String, Object> toJson() {
      return json("thinking", "text", text);
    }
  }

  /**
   * A tool call is about to run, or waits for approval ({@link ChatAgent#approve}).
   *
   * @param id the tool-use id, which the matching {@link ToolResult} names
   * @param name the tool name
   * @param input the arguments
   * @param approvalRequired true when the call waits for the user's approval
   */
  record ToolUse(String id, String name, Map<String, Object> input, boolean approvalRequired)
      implements AgentEvent {
    /** Validates the fields and copies the input. */
    public ToolUse {
      requireNonNull(id, "id is null");
      requireNonNull(name, "name is null");
      input = Json.copy(requireNonNull(input, "input is null"));
    }

    @Override
    public String type() {
      return "tool_use";
    }

    @Override
    public Map<String, Object> toJson() {
      Map<String, Object> m = json("tool_use", "id", id);
      m.put("name", name);
      m.put("input", input);
      m.put("approvalRequired", approvalRequired);
      return m;
    }
  }

  /**
   * What a tool call returned.
   *
   * @param toolUseId the id of the {@link ToolUse} it answers
   * @param name the tool name
   * @param error true when the call failed (denied, failed, or a tool error)
   * @param content the result text
   * @param structured the structured result, or null
   */
  record ToolResult(String toolUseId, String name, boolean error, String content,
      @Nullable Object structured) implements AgentEvent {
    /** Validates the fields. */
    public ToolResult {
      requireNonNull(toolUseId, "toolUseId is null");
      requireNonNull(name, "name is null");
      requireNonNull(content, "content is null");
      structured = Json.copyValue(structured);
    }

    @Override
    public String type() {
      return "tool_result";
    }

    @Override
    public Map<String, Object> toJson() {
      Map<String, Object> m = json("tool_result", "toolUseId", toolUseId);
      m.put("name", name);
      m.put("error", error);
      m.put("content", content);
      if (structured != null) {
        m.put("structured", structured);
      }
      return m;
    }
  }

  /**
   * The turn failed or hit a limit; a {@link Done} follows.
   *
   * @param code a stable code, the name of an {@link AgentErrorCode} (e.g. {@code MODEL_ERROR},
   *     {@code TOOL_LIMIT}, {@code TURN_LIMIT}, {@code BUDGET}, {@code DAILY_LIMIT}, {@code
   *     CANCELLED}, {@code SESSION_BUSY})
   * @param message what failed and what the user can do; never secrets
   */
  record Error(String code, String message) implements AgentEvent {
    /** Validates the fields. */
    public Error {
      requireNonNull(code, "code is null");
      requireNonNull(message, "message is null");
    }

    /**
     * Creates the event of an error code.
     *
     * @param code the code
     * @param message the message
     * @return the event
     */
    public static Error of(AgentErrorCode code, String message) {
      return new Error(code.name(), message);
    }

    @Override
    public String type() {
      return "error";
    }

    @Override
    public Map<String, Object> toJson() {
      Map<String, Object> m = json("error", "code", code);
      m.put("message", message);
      return m;
    }
  }

  /**
   * The end of a turn: always the last event, exactly once.
   *
   * @param stopReason why the turn ended
   * @param usage tokens summed over the turn's model turns
   * @param costUsd the cost of that usage, from the engine's {@link ModelPricing}
   * @param duration wall time of the turn
   * @param turns model turns taken (0 for the offline planner and refusals)
   */
  record Done(StopReason stopReason, Usage usage, double costUsd, Duration duration, int turns)
      implements AgentEvent {
    /**
     * Validates the fields.
     *
     * @throws IllegalArgumentException for a negative or non-finite cost, a negative duration or
     *     negative turns
     */
    public Done {
      requireNonNull(stopReason, "stopReason is null");
      requireNonNull(usage, "usage is null");
      requireNonNull(duration, "duration is null");
      if (!(costUsd >= 0) || Double.isInfinite(costUsd)) {
        throw new IllegalArgumentException("costUsd must be finite and >= 0, got " + costUsd);
      }
      if (duration.isNegative() || turns < 0) {
        throw new IllegalArgumentException("duration and turns must be >= 0, got " + duration
            + ", " + turns);
      }
    }

    @Override
    public String type() {
      return "done";
    }

    @Override
    public Map<String, Object> toJson() {
      Map<String, Object> m = json("done", "stopReason", stopReason.wireName());
      Map<String, Object> u = new LinkedHashMap<>();
      u.put("inputTokens", usage.inputTokens());
      u.put("outputTokens", usage.outputTokens());
      u.put("cacheReadTokens", usage.cacheReadTokens());
      u.put("cacheWriteTokens", usage.cacheWriteTokens());
      m.put("usage", u);
      m.put("costUsd", costUsd);
      m.put("durationMs", duration.toMillis());
      m.put("turns", turns);
      return m;
    }
  }

  private static Map<String, Object> json(String type, String key, Object value) {
    Map<String, Object> m = new LinkedHashMap<>();
    m.put("type", type);
    m.put(key, value);
    return m;
  }
}
