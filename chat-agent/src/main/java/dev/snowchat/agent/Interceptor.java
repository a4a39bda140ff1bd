package dev.snowchat.agent;

import static java.util.Objects.requireNonNull;

import java.util.Map;

/**
 * Wraps the calls of a turn: the whole turn, each model call and each tool call (OkHttp-style).
 * Budgets, redaction, retries and logging are interceptors. An interceptor must call {@link
 * Chain#proceed} exactly once (with the call or a replacement of the same kind) and return its
 * reply or a replacement of the same kind; otherwise the chain throws an {@link
 * IllegalStateException} naming the interceptor, which ends the turn with an {@code INTERNAL}
 * error. To refuse a call, throw a {@link SnowchatAgentException} before proceeding: the turn ends
 * with that error.
 *
 * <pre>{@code
 * Interceptor logging = chain -> {
 *   long t0 = System.nanoTime();
 *   Interceptor.Reply reply = chain.proceed(chain.call());
 *   log.info("{} took {} us", chain.call().kind(), (System.nanoTime() - t0) / 1000);
 *   return reply;
 * };
 * }</pre>
 */
@FunctionalInterface
public interface Interceptor {
  /**
   * Intercepts one call.
   *
   * @param chain the call, the turn so far, and the rest of the chain
   * @return the reply, of the same kind as the call
   * @throws InterruptedException when the turn was cancelled
   * @throws SnowchatAgentException to refuse the call and end the turn with that error
   */
  Reply intercept(Chain chain) throws InterruptedException;

  /** {@return the name error messages give for this interceptor; the class name by default} */
  default String name() {
    return getClass().getName();
  }

  /** The rest of the chain, as one interceptor sees it. */
  interface Chain {
    /** {@return the call being made} */
    Call call();

    /** {@return the turn so far (counts include this call)} */
    TurnInfo turn();

    /**
     * Passes the call on to the next interceptor, or makes it. Exactly once per interceptor.
     *
     * @param call the call, or a replacement of the same kind
     * @return the reply
     * @throws InterruptedException when the turn was cancelled
     * @throws IllegalStateException when called a second time, or with a call of another kind
     */
    Reply proceed(Call call) throws InterruptedException;
  }

  /**
   * The turn as interceptors see it.
   *
   * @param sessionId the session
   * @param userId the user
   * @param turn the turn number within the session, from 1
   * @param toolCalls tool calls so far in this turn (a tool call counts itself)
   * @param modelTurns model calls so far in this turn (a model call counts itself)
   * @param usage usage so far in this turn
   * @param costUsd cost so far in this turn
   * @param limits the limits of the turn
   */
  record TurnInfo(String sessionId, String userId, int turn, int toolCalls, int modelTurns,
      Usage usage, double costUsd, AgentLimits limits) {
    /** Validates the fields. */
    public TurnInfo {
      requireNonNull(sessionId, "sessionId is null");
      requireNonNull(userId, "userId is null");
      requireNonNull(usage, "usage is null");
      requireNonNull(limits, "limits is null");
    }
  }

  /** A call: the whole turn, a model call or a tool call. */
  sealed interface Call permits TurnCall, ModelCall, ToolCall {
    /** {@return "turn", "model" or "tool"} */
    String kind();
  }

  /**
   * The whole turn (scope guard and engine); it proceeds once per turn.
   *
   * @param prompt the user's question
   */
  record TurnCall(String prompt) implements Call {
    /** Validates the prompt. */
    public TurnCall {
      requireNonNull(prompt, "prompt is null");
    }

    @Override
    public String kind() {
      return "turn";
    }
  }

  /**
   * One model call.
   *
   * @param request the request
   * @param pricing prices the usage of the reply
   */
  record ModelCall(ModelRequest request, ModelPricing pricing) implements Call {
    /** Validates the fields. */
    public ModelCall {
      requireNonNull(request, "request is null");
      requireNonNull(pricing, "pricing is null");
    }

    @Override
    public String kind() {
      return "model";
    }
  }

  /**
   * One tool call.
   *
   * @param id the tool-use id
   * @param name the tool name
   * @param input the arguments
   * @param context the context the tool gets, with the query tag
   */
  record ToolCall(String id, String name, Map<String, Object> input, ToolContext context)
      implements Call {
    /** Validates the fields and copies the input. */
    public ToolCall {
      requireNonNull(id, "id is null");
      requireNonNull(name, "name is null");
      input = Json.copy(requireNonNull(input, "input is null"));
      requireNonNull(context, "context is null");
    }

    @Override
    public String kind() {
      return "tool";
    }
  }

  /** A reply, of the same kind as its call. */
  sealed interface Reply permits TurnReply, ModelReply, ToolReply {}

  /**
   * How the turn ended (errors inside the turn were already streamed).
   *
   * @param stopReason why it ended
   * @param usage tokens of the turn
   * @param costUsd cost of the turn
   * @param modelTurns model turns taken
   */
  record TurnReply(StopReason stopReason, Usage usage, double costUsd, int modelTurns)
      implements Reply {
    /** Validates the fields. */
    public TurnReply {
      requireNonNull(stopReason, "stopReason is null");
      requireNonNull(usage, "usage is null");
    }
  }

  /**
   * A model call's response.
   *
   * @param response the response
   */
  record ModelReply(ModelResponse response) implements Reply {
    /** Validates the response. */
    public ModelReply {
      requireNonNull(response, "response is null");
    }
  }

  /**
   * A tool call's outcome.
   *
   * @param outcome the outcome
   */
  record ToolReply(ToolOutcome outcome) implements Reply {
    /** Validates the outcome. */
    public ToolReply {
      requireNonNull(outcome, "outcome is null");
    }
  }
}
