package dev.snowchat.agent;

import java.util.Map;

/**
 * Says which tool calls wait for the user's approval. When it does, the agent emits {@link
 * AgentEvent.ToolUse} with {@code approvalRequired=true} and waits until {@link
 * ChatAgent#approve} is called, the turn is cancelled, or {@link AgentLimits#approvalTimeout()}
 * passes (which denies). A denied call gives the model an error outcome saying so.
 */
@FunctionalInterface
public interface ToolApprover {
  /** An approver that never asks (the default). */
  ToolApprover NONE = (toolName, input) -> false;

  /**
   * Decides whether a call needs approval.
   *
   * @param toolName the tool
   * @param input the arguments
   * @return true to wait for the user's approval
   */
  boolean requiresApproval(String toolName, Map<String, Object> input);
}
