package dev.snowchat.agent;

import dev.snowchat.agent.Interceptor.ModelCall;
import dev.snowchat.agent.Interceptor.Reply;
import dev.snowchat.agent.Interceptor.ToolCall;
import dev.snowchat.agent.Interceptor.TurnCall;
import dev.snowchat.agent.Interceptor.TurnInfo;
import java.time.Clock;
import java.time.LocalDate;
import java.time.ZoneOffset;
import java.util.HashMap;
import java.util.Locale;
import java.util.Map;

/**
 * The built-in limits as the innermost interceptor: per-turn tool calls and model turns, the
 * daily cost over all users and the daily messages per user (UTC days of the agent's clock).
 * Costs are what the models reported.
 */
final class Budgets implements Interceptor {
  private final AgentLimits limits;
  private final Clock clock;
  private LocalDate day;
  private double spentUsd;
  private final Map<String, Integer> messages = new HashMap<>();

  Budgets(AgentLimits limits, Clock clock) {
    this.limits = limits;
    this.clock = clock;
    this.day = today();
  }

  @Override
  public String name() {
    return "limits";
  }

  private LocalDate today() {
    return LocalDate.ofInstant(clock.instant(), ZoneOffset.UTC);
  }

  private void roll() {
    LocalDate now = today();
    if (!now.equals(day)) {
      day = now;
      spentUsd = 0;
      messages.clear();
    }
  }

  synchronized void addCost(double usd) {
    roll();
    spentUsd += usd;
  }

  synchronized double spentToday() {
    roll();
    return spentUsd;
  }

  synchronized int messagesToday(String userId) {
    roll();
    return messages.getOrDefault(userId, 0);
  }

  private synchronized void checkCost() {
    roll();
    if (limits.dailyCostLimitUsd().isPresent()
        && spentUsd >= limits.dailyCostLimitUsd().getAsDouble()) {
      throw new SnowchatAgentException(AgentErrorCode.BUDGET, String.format(Locale.ROOT,
          "The daily cost limit of $%.2f is reached ($%.4f spent today, UTC); new questions are"
              + " refused until 00:00 UTC. Raise %s to allow more.",
          limits.dailyCostLimitUsd().getAsDouble(), spentUsd,
          AgentLimits.ENV_DAILY_COST_LIMIT_USD));
    }
  }

  private synchronized void countMessage(String userId) {
    roll();
    int n = messages.getOrDefault(userId, 0);
    if (limits.perUserDailyMessages().isPresent()
        && n >= limits.perUserDailyMessages().getAsInt()) {
      throw new SnowchatAgentException(AgentErrorCode.DAILY_LIMIT, "You reached the limit of "
          + limits.perUserDailyMessages().getAsInt() + " messages per day (UTC); try again"
          + " after 00:00 UTC. The operator sets it with "
          + AgentLimits.ENV_PER_USER_DAILY_MSGS + ".");
    }
    messages.put(userId, n + 1);
  }

  @Override
  public Reply intercept(Chain chain) throws InterruptedException {
    TurnInfo t = chain.turn();
    switch (chain.call()) {
      case TurnCall c -> {
        checkCost();
        countMessage(t.userId());
      }
      case ModelCall c -> {
        if (t.modelTurns() > limits.maxModelTurnsPerTurn()) {
          throw new SnowchatAgentException(AgentErrorCode.TURN_LIMIT, "This question needed more"
              + " than " + limits.maxModelTurnsPerTurn() + " model turns (maxModelTurnsPerTurn)"
              + " and was stopped; ask a narrower question, or raise the limit.");
        }
        checkCost();
      }
      case ToolCall c -> {
        if (t.toolCalls() > limits.maxToolCallsPerTurn()) {
          throw new SnowchatAgentException(AgentErrorCode.TOOL_LIMIT, "This question needed more"
              + " than " + limits.maxToolCallsPerTurn() + " tool calls (maxToolCallsPerTurn)"
              + " and was stopped before " + c.name() + "; ask a narrower question, or raise"
              + " the limit.");
        }
      }
    }
    return chain.proceed(chain.call());
  }
}
