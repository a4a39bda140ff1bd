package dev.snowchat.agent;

import java.util.ArrayList;
import java.util.List;

/** Repairs and trims session memory. */
final class History {
  private History() {}

  /**
   * Makes a turn's messages fit for memory: a trailing assistant message whose tool calls got no
   * results is dropped; trailing tool results get a short assistant note so roles alternate; a
   * turn with no assistant message at all is not kept.
   */
  static List<Message> repair(List<Message> turn, StopReason stop) {
    List<Message> out = new ArrayList<>(turn);
    while (!out.isEmpty()) {
      Message last = out.get(out.size() - 1);
      if (last.role() == Role.ASSISTANT && !last.toolUses().isEmpty()) {
        out.remove(out.size() - 1);
      } else {
        break;
      }
    }
    boolean hasAssistant = out.stream().anyMatch(m -> m.role() == Role.ASSISTANT);
    if (!hasAssistant) {
      return List.of();
    }
    if (out.get(out.size() - 1).role() == Role.USER) {
      out.add(Message.assistant("(The turn ended before an answer: " + stop.wireName() + ")"));
    }
    return out;
  }

  /**
   * Keeps the newest whole exchanges (each starts with a user prompt, not tool results) whose
   * estimated tokens fit the budget; a tool call is never separated from its result.
   */
  static List<Message> trim(List<Message> messages, int budget) {
    int total = 0;
    int keepFrom = messages.size();
    int acc = 0;
    for (int i = messages.size() - 1; i >= 0; i--) {
      Message m = messages.get(i);
      acc += m.estimatedTokens();
      boolean cut = m.role() == Role.USER && !m.hasToolResults();
      if (cut) {
        if (total + acc > budget) {
          break;
        }
        total += acc;
        acc = 0;
        keepFrom = i;
      }
    }
    return List.copyOf(messages.subList(keepFrom, messages.size()));
  }
}
