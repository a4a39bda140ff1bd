package dev.snowchat.agent;

import static java.util.Objects.requireNonNull;

import java.util.List;
import org.jspecify.annotations.Nullable;

/**
 * One model turn's request.
 *
 * @param model the provider's model name, e.g. {@code claude-sonnet-4-5}
 * @param system the system prompt, or null
 * @param messages the conversation, starting with a user message
 * @param tools the tools the model may call
 * @param maxTokens the output token cap of this model turn, at least 1
 * @param thinkingBudgetTokens tokens the model may spend thinking; 0 turns thinking off
 */
public record ModelRequest(String model, @Nullable String system, List<Message> messages,
    List<ToolSpec> tools, int maxTokens, int thinkingBudgetTokens) {
  /**
   * Validates the fields and copies the lists.
   *
   * @throws IllegalArgumentException for a blank model, no messages, a cap below 1 or a negative
   *     thinking budget
   */
  public ModelRequest {
    requireNonNull(model, "model is null");
    messages = List.copyOf(requireNonNull(messages, "messages is null"));
    tools = List.copyOf(requireNonNull(tools, "tools is null"));
    if (model.isBlank()) {
      throw new IllegalArgumentException("model is blank");
    }
    if (messages.isEmpty()) {
      throw new IllegalArgumentException("a model request needs at least one message");
    }
    if (maxTokens < 1) {
      throw new IllegalArgumentException("maxTokens must be >= 1, got " + maxTokens);
    }
    if (thinkingBudgetTokens < 0) {
      throw new IllegalArgumentException("thinkingBudgetTokens must be >= 0, got "
          + thinkingBudgetTokens);
    }
  }
}
