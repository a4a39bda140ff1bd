package dev.snowchat.agent.anthropic;

import static dev.snowchat.agent.internal.langchain4j.SseStub.event;

import java.util.List;

/**
 * Anthropic Messages API streams, written from the documented wire format: "Streaming messages"
 * (platform.claude.com/docs/build-with-claude/streaming: the event flow message_start, content
 * blocks with content_block_start / content_block_delta / content_block_stop, message_delta,
 * message_stop; ping events; text_delta, input_json_delta, thinking_delta and signature_delta; the
 * error event with overloaded_error) and "Errors" (platform.claude.com/docs/api/errors: the error
 * body shape, 429 rate_limit_error, 529 overloaded_error).
 */
final class AnthropicStreams {
  private AnthropicStreams() {}

  static final String SIGNATURE = "EqQBCgIYAhIM1gbcDa9GJwZA2b3hGgxBdjrkzLoky3dl1pkiMOYds";

  static String messageStart(String id, int input, int cacheRead, int cacheWrite) {
    return event("message_start", "{\"type\":\"message_start\",\"message\":{\"id\":\"" + id
        + "\",\"type\":\"message\",\"role\":\"assistant\",\"model\":\"claude-sonnet-4-5\","
        + "\"content\":[],\"stop_reason\":null,\"stop_sequence\":null,\"usage\":{"
        + "\"input_tokens\":" + input + ",\"cache_creation_input_tokens\":" + cacheWrite
        + ",\"cache_read_input_tokens\":" + cacheRead + ",\"output_tokens\":1}}}");
  }

  static String blockStart(int index, String block) {
    return event("content_block_start", "{\"type\":\"content_block_start\",\"index\":" + index
        + ",\"content_block\":" + block + "}");
  }

  static String delta(int index, String delta) {
    return event("content_block_delta", "{\"type\":\"content_block_delta\",\"index\":" + index
        + ",\"delta\":" + delta + "}");
  }

  static String textDelta(int index, String text) {
    return delta(index, "{\"type\":\"text_delta\",\"text\":\"" + text + "\"}");
  }

  static String thinkingDelta(int index, String text) {
    return delta(index, "{\"type\":\"thinking_delta\",\"thinking\":\"" + text + "\"}");
  }

  static String jsonDelta(int index, String partialJsonEscaped) {
    return delta(index, "{\"type\":\"input_json_delta\",\"partial_json\":\""
        + partialJsonEscaped + "\"}");
  }

  static String blockStop(int index) {
    return event("content_block_stop", "{\"type\":\"content_block_stop\",\"index\":" + index
        + "}");
  }

  static String messageDelta(String stopReason, int output) {
    return event("message_delta", "{\"type\":\"message_delta\",\"delta\":{\"stop_reason\":\""
        + stopReason + "\",\"stop_sequence\":null},\"usage\":{\"output_tokens\":" + output + "}}");
  }

  static final String PING = event("ping", "{\"type\": \"ping\"}");
  static final String MESSAGE_STOP = event("message_stop", "{\"type\":\"message_stop\"}");

  /** Thinking, a text block, then two tool_use blocks in parallel; stops for tool_use. */
  static List<String> thinkingThenTwoTools() {
    return List.of(
        messageStart("msg_01", 472, 100, 20),
        blockStart(0, "{\"type\":\"thinking\",\"thinking\":\"\",\"signature\":\"\"}"),
        thinkingDelta(0, "The user wants the tables. "),
        thinkingDelta(0, "Then the ORDERS columns."),
        delta(0, "{\"type\":\"signature_delta\",\"signature\":\"" + SIGNATURE + "\"}"),
        blockStop(0),
        blockStart(1, "{\"type\":\"text\",\"text\":\"\"}"),
        PING,
        textDelta(1, "Let me look "),
        textDelta(1, "at the schema."),
        blockStop(1),
        blockStart(2, "{\"type\":\"tool_use\",\"id\":\"toolu_01A\",\"name\":\"list_tables\","
            + "\"input\":{}}"),
        jsonDelta(2, ""),
        jsonDelta(2, "{\\\"schema\\\": \\\"PUB"),
        jsonDelta(2, "LIC\\\", \\\"limit\\\": 5}"),
        blockStop(2),
        blockStart(3, "{\"type\":\"tool_use\",\"id\":\"toolu_01B\",\"name\":\"describe_table\","
            + "\"input\":{}}"),
        jsonDelta(3, "{\\\"table\\\": \\\"ORDERS\\\"}"),
        blockStop(3),
        messageDelta("tool_use", 89),
        MESSAGE_STOP);
  }

  /** A final text answer. */
  static List<String> finalAnswer() {
    return List.of(
        messageStart("msg_02", 650, 572, 0),
        blockStart(0, "{\"type\":\"text\",\"text\":\"\"}"),
        textDelta(0, "There are 3 tables; "),
        textDelta(0, "ORDERS has 4 columns."),
        blockStop(0),
        messageDelta("end_turn", 15),
        MESSAGE_STOP);
  }

  /** A text block, then an overloaded error event instead of the rest. */
  static List<String> errorMidStream() {
    return List.of(
        messageStart("msg_03", 10, 0, 0),
        blockStart(0, "{\"type\":\"text\",\"text\":\"\"}"),
        textDelta(0, "Partial"),
        event("error", "{\"type\": \"error\", \"error\": {\"type\": \"overloaded_error\","
            + " \"message\": \"Overloaded\"}}"));
  }

  static String errorBody(String type, String message) {
    return "{\"type\":\"error\",\"error\":{\"type\":\"" + type + "\",\"message\":\"" + message
        + "\"},\"request_id\":\"req_011CSHoEeqs5C35K2UUqR7Fy\"}";
  }
}
