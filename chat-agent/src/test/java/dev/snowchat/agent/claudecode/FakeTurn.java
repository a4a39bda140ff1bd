package dev.snowchat.agent.claudecode;

import dev.snowchat.agent.AgentEvent;
import dev.snowchat.agent.AgentLimits;
import dev.snowchat.agent.Message;
import dev.snowchat.agent.ModelClient;
import dev.snowchat.agent.ModelPricing;
import dev.snowchat.agent.ModelRequest;
import dev.snowchat.agent.ModelResponse;
import dev.snowchat.agent.StopReason;
import dev.snowchat.agent.ToolContext;
import dev.snowchat.agent.ToolOutcome;
import dev.snowchat.agent.ToolSpec;
import dev.snowchat.agent.ToolUseBlock;
import dev.snowchat.agent.Turn;
import dev.snowchat.agent.Usage;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;

/** A turn that records what an external-agent engine emits and reports. */
final class FakeTurn implements Turn {
  final String sessionId;
  final String prompt;
  final List<Message> history;
  final List<AgentEvent> events = Collections.synchronizedList(new ArrayList<>());
  final List<Message> recorded = new ArrayList<>();
  Usage usage;
  double costUsd = -1;
  int modelTurns = -1;
  StopReason stopReason;
  Consumer<AgentEvent> onEmit = e -> {};

  FakeTurn(String sessionId, String prompt, List<Message> history) {
    this.sessionId = sessionId;
    this.prompt = prompt;
    this.history = history;
  }

  @Override
  public String sessionId() {
    return sessionId;
  }

  @Override
  public String userId() {
    return "user-1";
  }

  @Override
  public int number() {
    return history.size() / 2 + 1;
  }

  @Override
  public String prompt() {
    return prompt;
  }

  @Override
  public List<Message> history() {
    return history;
  }

  @Override
  public List<ToolSpec> tools() {
    return List.of();
  }

  @Override
  public AgentLimits limits() {
    return AgentLimits.defaults();
  }

  @Override
  public ToolContext toolContext() {
    return new ToolContext(sessionId, "user-1", number(), "snowchat-test");
  }

  @Override
  public void emit(AgentEvent event) {
    events.add(event);
    onEmit.accept(event);
  }

  @Override
  public ModelResponse callModel(ModelClient client, ModelRequest request, ModelPricing pricing) {
    throw new AssertionError("the Claude Code engine runs the model in the CLI, not here");
  }

  @Override
  public ToolOutcome callTool(String id, String name, Map<String, Object> input) {
    throw new AssertionError("the Claude Code engine runs tools in the CLI, not here");
  }

  @Override
  public List<ToolOutcome> callTools(List<ToolUseBlock> calls) {
    throw new AssertionError("the Claude Code engine runs tools in the CLI, not here");
  }

  @Override
  public void record(Message message) {
    recorded.add(message);
  }

  @Override
  public void stopReason(StopReason reason) {
    stopReason = reason;
  }

  @Override
  public void reportUsage(Usage usage, double costUsd, int modelTurns) {
    this.usage = usage;
    this.costUsd = costUsd;
    this.modelTurns = modelTurns;
  }

  @Override
  public boolean cancelled() {
    return Thread.currentThread().isInterrupted();
  }
}
