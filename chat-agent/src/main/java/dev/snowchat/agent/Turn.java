package dev.snowchat.agent;

import java.util.List;
import java.util.Map;

/**
 * One turn as an engine sees it; the agent implements it. Methods may be called from the turn's
 * thread and, for {@link #emit}, from threads the engine starts.
 */
public interface Turn {
  /** {@return the session id} */
  String sessionId();

  /** {@return the user id (budgets are kept per user)} */
  String userId();

  /** {@return the turn number within the session, from 1} */
  int number();

  /** {@return the user's question} */
  String prompt();

  /**
   * {@return the session's earlier messages, oldest first, trimmed to the history token budget;
   * the prompt of this turn is not included}
   */
  List<Message> history();

  /** {@return the tools of this turn (from every tool source)} */
  List<ToolSpec> tools();

  /** {@return the limits this turn runs under} */
  AgentLimits limits();

  /** {@return the context tool calls of this turn carry, with its query tag} */
  ToolContext toolContext();

  /**
   * Streams an event to the client: {@link AgentEvent.Text}, {@link AgentEvent.Thinking}, and,
   * for engines that run tools elsewhere (an external agent), {@link AgentEvent.ToolUse} and
   * {@link AgentEvent.ToolResult}.
   *
   * @param event the event
   * @throws IllegalArgumentException for an {@code error} or {@code done} event: throw a {@link
   *     SnowchatAgentException} instead, the agent ends the turn
   */
  void emit(AgentEvent event);

  /**
   * Runs one model turn through the interceptors and limits, streaming its text and thinking as
   * events, and adds its usage and cost to the turn.
   *
   * @param client the model
   * @param request the request
   * @param pricing prices the reported usage
   * @return the response
   * @throws InterruptedException when the turn was cancelled
   * @throws SnowchatAgentException when the model fails ({@link ModelException}), the model-turn
   *     limit or a budget is reached
   */
  ModelResponse callModel(ModelClient client, ModelRequest request, ModelPricing pricing)
      throws InterruptedException;

  /**
   * Runs one tool call: limits and interceptors, approval when the {@link ToolApprover} asks for
   * it, the call with this turn's {@link ToolContext}, and the {@code tool_use} and {@code
   * tool_result} events. A tool that fails, is unknown or is denied gives an error outcome the
   * model can read, not an exception.
   *
   * @param id the tool-use id
   * @param name the tool name
   * @param input the arguments
   * @return the outcome
   * @throws InterruptedException when the turn was cancelled
   * @throws SnowchatAgentException when the tool-call limit is reached
   */
  ToolOutcome callTool(String id, String name, Map<String, Object> input)
      throws InterruptedException;

  /**
   * Runs several tool calls the model made in one response, concurrently on virtual threads;
   * their {@code tool_result} events come as they finish, the outcomes in the calls' order.
   *
   * @param calls the calls
   * @return the outcomes, in the order of {@code calls}
   * @throws InterruptedException when the turn was cancelled (running calls are interrupted)
   * @throws SnowchatAgentException when the tool-call limit is reached
   */
  List<ToolOutcome> callTools(List<ToolUseBlock> calls) throws InterruptedException;

  /**
   * Appends a message to the session's memory, after the user's prompt (which the agent records
   * itself). At the end of the turn a trailing tool call without its result is dropped.
   *
   * @param message an assistant message, or a user message of tool results
   */
  void record(Message message);

  /**
   * Sets the stop reason the {@code done} event reports when the engine returns normally;
   * {@link StopReason#END_TURN} by default.
   *
   * @param reason the reason
   */
  void stopReason(StopReason reason);

  /**
   * Reports usage the engine got outside {@link #callModel} (an external agent's totals).
   *
   * @param usage the tokens
   * @param costUsd their cost in USD, at least 0
   * @param modelTurns model turns taken, at least 0
   * @throws IllegalArgumentException for a negative or non-finite cost or negative turns
   */
  void reportUsage(Usage usage, double costUsd, int modelTurns);

  /** {@return true once the turn was cancelled; the thread is interrupted too} */
  boolean cancelled();
}
