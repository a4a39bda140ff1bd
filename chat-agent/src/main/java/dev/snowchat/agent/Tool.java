package dev.snowchat.agent;

import java.util.Map;

/**
 * A tool the agent may call: a spec for the model and a handler. Implementations return tool
 * errors as {@link ToolOutcome#error(String)} rather than throwing; an unexpected exception
 * becomes a tool error too.
 */
public interface Tool {
  /** {@return what the model is told about the tool} */
  ToolSpec spec();

  /**
   * Runs the tool. An interrupted call must stop its work (cancel the running query) and throw
   * {@link InterruptedException}: the turn was cancelled.
   *
   * @param input the arguments the model sent
   * @param context who the call runs for, with the query tag to pass to the warehouse
   * @return the outcome, a tool error included
   * @throws InterruptedException when the turn was cancelled
   */
  ToolOutcome call(Map<String, Object> input, ToolContext context) throws InterruptedException;
}
