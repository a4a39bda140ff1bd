package dev.snowchat.agent;

import dev.snowchat.agent.Interceptor.Call;
import dev.snowchat.agent.Interceptor.ModelCall;
import dev.snowchat.agent.Interceptor.ModelReply;
import dev.snowchat.agent.Interceptor.Reply;
import dev.snowchat.agent.Interceptor.ToolCall;
import dev.snowchat.agent.Interceptor.ToolReply;
import dev.snowchat.agent.Interceptor.TurnCall;
import dev.snowchat.agent.Interceptor.TurnInfo;
import dev.snowchat.agent.Interceptor.TurnReply;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Consumer;
import org.jspecify.annotations.Nullable;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/** One running turn: the thread, the events, the counters, and the Turn an engine sees. */
final class TurnRun implements TurnHandle, Turn {
  private static final Logger LOG = LoggerFactory.getLogger(TurnRun.class);
  private static final int REPLY_CHUNK = 24;

  private final ChatAgent agent;
  private final String sessionId;
  private final String userId;
  private final String prompt;
  private final Consumer<AgentEvent> sink;
  private final CompletableFuture<AgentEvent.Done> completion = new CompletableFuture<>();
  // A lock, not a monitor: a sink that blocks (a slow SSE client) must not pin a carrier thread.
  private final java.util.concurrent.locks.ReentrantLock emitLock =
      new java.util.concurrent.locks.ReentrantLock();
  private final AtomicInteger toolCalls = new AtomicInteger();
  /**
   * The ids of this turn's calls that asked for approval and are still reserved: until the
   * answer for a single call, until the whole batch ends for calls made in parallel.
   */
  private final Set<String> approvalIds = ConcurrentHashMap.newKeySet();
  private final AtomicInteger modelTurns = new AtomicInteger();
  private final List<Message> recorded = new ArrayList<>();
  private volatile boolean cancelled;
  private volatile @Nullable Thread thread;
  private boolean doneSent;
  private int number;
  private List<Message> history = List.of();
  private List<ToolSpec> toolSpecs = List.of();
  private Map<String, Tool> tools = Map.of();
  private ToolContext toolContext;
  private Usage usage = Usage.ZERO;
  private double costUsd;
  private int reportedTurns;
  private StopReason stopReason = StopReason.END_TURN;

  TurnRun(ChatAgent agent, String sessionId, String userId, String prompt,
      Consumer<AgentEvent> sink) {
    this.agent = agent;
    this.sessionId = sessionId;
    this.userId = userId;
    this.prompt = prompt;
    this.sink = sink;
    this.toolContext = ToolContext.of(sessionId, userId, 1);
  }

  void start() {
    Thread.ofVirtual().name("snowchat-turn-" + ToolContext.queryTag(sessionId, 0))
        .start(this::run);
  }

  // --- TurnHandle ---

  @Override
  public String sessionId() {
    return sessionId;
  }

  @Override
  public void cancel() {
    if (completion.isDone()) {
      return;
    }
    cancelled = true;
    Thread t = thread;
    if (t != null) {
      t.interrupt();
    }
  }

  @Override
  public CompletableFuture<AgentEvent.Done> completion() {
    return completion;
  }

  // --- the turn ---

  private void run() {
    thread = Thread.currentThread();
    if (cancelled) {
      Thread.currentThread().interrupt(); // cancelled before the thread was known
    }
    Instant start = agent.clock.instant();
    ChatAgent.Session session = agent.sessions.computeIfAbsent(sessionId,
        id -> new ChatAgent.Session(start));
    if (!session.lock.tryLock()) {
      send(AgentEvent.Error.of(AgentErrorCode.SESSION_BUSY, "Another question of this"
          + " conversation is still being answered; wait for it to finish, then ask again."));
      finish(StopReason.ERROR, start);
      return;
    }
    StopReason stop;
    try {
      session.touch(start);
      synchronized (session) {
        number = ++session.turns;
        history = List.copyOf(session.history);
      }
      toolContext = ToolContext.of(sessionId, userId, number);
      try {
        tools = agent.tools();
        List<ToolSpec> specs = new ArrayList<>();
        tools.values().forEach(t -> specs.add(t.spec()));
        toolSpecs = List.copyOf(specs);
        Reply r = InterceptorChain.run(agent.interceptors, new TurnCall(prompt), this::info,
            c -> runTurn());
        stop = ((TurnReply) r).stopReason();
      } catch (SnowchatAgentException e) {
        stop = fail(e);
      } catch (InterruptedException e) {
        stop = cancelledStop();
      } catch (RuntimeException | Error e) {
        stop = internal(e); // whatever fails, the turn still ends with done
      }
      if (cancelled && stop != StopReason.CANCELLED) {
        stop = cancelledStop();
      }
      commit(session, stop);
    } finally {
      session.touch(agent.clock.instant());
      session.lock.unlock();
    }
    // After the unlock: once a client sees done, the session takes its next turn.
    finish(stop, start);
  }

  /** The innermost turn call: scope guard, then the engine; errors become events here. */
  private TurnReply runTurn() throws InterruptedException {
    StopReason stop;
    try {
      checkCancelled();
      ScopeDecision d = agent.scopeGuard.check(this);
      switch (d) {
        case ScopeDecision.Refuse refuse -> {
          LOG.debug("session {} turn {}: refused ({})", sessionId, number, refuse.reason());
          streamText(refuse.reply());
          record(Message.assistant(refuse.reply()));
          stop = StopReason.REFUSED;
        }
        case ScopeDecision.Allow allow -> {
          agent.engine.runTurn(this);
          checkCancelled();
          stop = stopReason;
        }
      }
    } catch (SnowchatAgentException e) {
      stop = fail(e);
    } catch (InterruptedException e) {
      stop = cancelledStop();
    } catch (RuntimeException | Error e) {
      stop = internal(e);
    }
    if (cancelled && stop != StopReason.CANCELLED) {
      stop = cancelledStop();
    }
    synchronized (this) {
      return new TurnReply(stop, usage, costUsd, modelTurns.get() + reportedTurns);
    }
  }

  private StopReason fail(SnowchatAgentException e) {
    if (cancelled || e.code() == AgentErrorCode.CANCELLED) {
      return cancelledStop();
    }
    LOG.debug("session {} turn {}: {} {}", sessionId, number, e.code(), e.getMessage());
    send(AgentEvent.Error.of(e.code(), e.getMessage()));
    return e.code().stopReason();
  }

  private StopReason internal(Throwable e) {
    LOG.warn("session {} turn {} failed", sessionId, number, e);
    send(AgentEvent.Error.of(AgentErrorCode.INTERNAL, "The answer failed unexpectedly: "
        + e.getClass().getSimpleName() + ": " + e.getMessage()));
    return StopReason.ERROR;
  }

  private boolean cancelSent;

  private StopReason cancelledStop() {
    cancelled = true;
    emitLock.lock();
    try {
      if (!cancelSent) {
        cancelSent = true;
        sendLocked(AgentEvent.Error.of(AgentErrorCode.CANCELLED, "The question was cancelled."));
      }
    } finally {
      emitLock.unlock();
    }
    return StopReason.CANCELLED;
  }

  private void commit(ChatAgent.Session session, StopReason stop) {
    List<Message> turn = new ArrayList<>();
    synchronized (this) {
      if (recorded.isEmpty()) {
        return; // refused before the engine ran (budget): nothing to remember
      }
      turn.add(Message.user(prompt));
      turn.addAll(recorded);
    }
    List<Message> kept = History.repair(turn, stop);
    if (kept.isEmpty() || agent.sessions.get(sessionId) != session) {
      return; // nothing worth keeping, or the session was reset meanwhile
    }
    synchronized (session) {
      session.history.addAll(kept);
      List<Message> trimmed = History.trim(session.history,
          agent.limits.historyTokenBudget());
      session.history.clear();
      session.history.addAll(trimmed);
    }
  }

  private void finish(StopReason stop, Instant start) {
    Thread.interrupted(); // the done event must reach the sink even after a cancel
    Duration d = Duration.between(start, agent.clock.instant());
    AgentEvent.Done done;
    synchronized (this) {
      done = new AgentEvent.Done(stop, usage, costUsd, d.isNegative() ? Duration.ZERO : d,
          modelTurns.get() + reportedTurns);
    }
    emitLock.lock();
    try {
      doneSent = true;
      deliver(done);
    } finally {
      emitLock.unlock();
    }
    agent.running.remove(this);
    completion.complete(done);
  }

  private TurnInfo info() {
    synchronized (this) {
      return new TurnInfo(sessionId, userId, number, toolCalls.get(), modelTurns.get(), usage,
          costUsd, agent.limits);
    }
  }

  private TurnInfo info(int toolOrdinal, int modelOrdinal) {
    synchronized (this) {
      return new TurnInfo(sessionId, userId, number, toolOrdinal, modelOrdinal, usage, costUsd,
          agent.limits);
    }
  }

  // --- events ---

  private void send(AgentEvent e) {
    emitLock.lock();
    try {
      sendLocked(e);
    } finally {
      emitLock.unlock();
    }
  }

  private void sendLocked(AgentEvent e) {
    if (doneSent) {
      return;
    }
    deliver(e);
  }

  private void deliver(AgentEvent e) {
    try {
      sink.accept(e);
    } catch (RuntimeException ex) {
      if (!cancelled) {
        LOG.debug("session {}: the sink failed ({}); cancelling the turn", sessionId,
            ex.toString());
        cancel();
      }
    }
  }

  private void streamText(String text) {
    int i = 0;
    while (i < text.length()) {
      int end = Math.min(text.length(), i + REPLY_CHUNK);
      while (end < text.length() && end > i && text.charAt(end - 1) != ' ') {
        end++;
      }
      send(new AgentEvent.Text(text.substring(i, end)));
      i = end;
    }
  }

  private void checkCancelled() throws InterruptedException {
    if (cancelled || Thread.currentThread().isInterrupted()) {
      throw new InterruptedException("turn cancelled");
    }
  }

  // --- Turn ---

  @Override
  public String userId() {
    return userId;
  }

  @Override
  public int number() {
    return number;
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
    return toolSpecs;
  }

  @Override
  public AgentLimits limits() {
    return agent.limits;
  }

  @Override
  public ToolContext toolContext() {
    return toolContext;
  }

  @Override
  public void emit(AgentEvent event) {
    switch (event) {
      case AgentEvent.Error e -> throw new IllegalArgumentException("engines do not emit error"
          + " events: throw a SnowchatAgentException and the agent ends the turn");
      case AgentEvent.Done d -> throw new IllegalArgumentException("engines do not emit done"
          + " events: the agent ends every turn with exactly one");
      case AgentEvent.Text t -> send(t);
      case AgentEvent.Thinking t -> send(t);
      case AgentEvent.ToolUse t -> send(t);
      case AgentEvent.ToolResult t -> send(t);
    }
  }

  @Override
  public ModelResponse callModel(ModelClient client, ModelRequest request, ModelPricing pricing)
      throws InterruptedException {
    checkCancelled();
    int ordinal = modelTurns.incrementAndGet();
    Reply r = InterceptorChain.run(agent.interceptors, new ModelCall(request, pricing),
        () -> info(toolCalls.get(), ordinal), c -> {
          ModelCall mc = (ModelCall) c;
          ModelResponse resp = client.stream(mc.request(), new ModelStreamListener() {
            @Override
            public void onText(String delta) {
              if (!delta.isEmpty()) {
                send(new AgentEvent.Text(delta));
              }
            }

            @Override
            public void onThinking(String delta) {
              if (!delta.isEmpty()) {
                send(new AgentEvent.Thinking(delta));
              }
            }
          });
          if (resp == null) {
            throw new IllegalStateException("model client " + client.getClass().getName()
                + " returned no response");
          }
          double cost = mc.pricing().cost(resp.usage());
          synchronized (this) {
            usage = usage.plus(resp.usage());
            costUsd += cost;
          }
          agent.budgets.addCost(cost);
          return new ModelReply(resp);
        });
    checkCancelled();
    return ((ModelReply) r).response();
  }

  @Override
  public ToolOutcome callTool(String id, String name, Map<String, Object> input)
      throws InterruptedException {
    checkCancelled();
    return callTool(id, name, input, toolCalls.incrementAndGet(), null);
  }

  /**
   * Runs one call. {@code batch} collects the approval ids reserved by calls of one parallel
   * batch, released together when the batch ends; null for a call made on its own.
   */
  private ToolOutcome callTool(String id, String name, Map<String, Object> input, int ordinal,
      @Nullable Set<String> batch) throws InterruptedException {
    Reply r = InterceptorChain.run(agent.interceptors,
        new ToolCall(id, name, input, toolContext), () -> info(ordinal, modelTurns.get()),
        c -> new ToolReply(runTool((ToolCall) c, batch)));
    return ((ToolReply) r).outcome();
  }

  private ToolOutcome runTool(ToolCall c, @Nullable Set<String> batch)
      throws InterruptedException {
    Tool tool = tools.get(c.name());
    boolean ask = tool != null && agent.approver.requiresApproval(c.name(), c.input());
    // An approval is keyed by the call's id: two calls of one turn waiting for approval under
    // the same id at once (models served by some OpenAI-compatible servers repeat or leave out
    // ids) could not be told apart, and the person could approve one while reading the other.
    // The second is refused, unrun. The id stays reserved until the calls made beside it
    // have all ended (a parallel batch), so which calls are refused does not depend on how
    // fast the person answers; a later model round may use the id again.
    boolean duplicate = ask && !approvalIds.add(c.id());
    // The pending approval is registered before the event announces it: a host may answer
    // as soon as it sees the event. It never replaces one that waits under the same session
    // and id: another turn of the session (one started after reset) may wait there, and an
    // answer meant for its call must not run this one.
    CompletableFuture<Boolean> approval = null;
    if (ask && !duplicate) {
      approval = registerApproval(c);
      if (approval == null) {
        duplicate = true;
        approvalIds.remove(c.id()); // nothing of this turn asked under it
      } else if (batch != null) {
        batch.add(c.id());
      }
    }
    if (duplicate) {
      ask = false;
    }
    try {
      send(new AgentEvent.ToolUse(c.id(), c.name(), c.input(), ask));
    } catch (RuntimeException | Error e) {
      if (approval != null) {
        agent.approvals.remove(ChatAgent.approvalKey(sessionId, c.id()), approval);
      }
      throw e;
    }
    ToolOutcome out;
    if (tool == null) {
      out = ToolOutcome.error("Unknown tool '" + c.name() + "'. Available tools: "
          + String.join(", ", tools.keySet()) + ".");
    } else if (duplicate) {
      out = ToolOutcome.error("Not run: another call of this conversation that needs approval"
          + " has the same id '" + c.id() + "'; give each tool call its own id.");
    } else {
      ToolOutcome denial;
      try {
        denial = approval != null ? awaitApproval(c, approval) : null;
      } finally {
        if (approval != null && batch == null) {
          approvalIds.remove(c.id());
        }
      }
      out = denial != null ? denial : invoke(tool, c);
    }
    send(new AgentEvent.ToolResult(c.id(), c.name(), out.error(), out.text(), out.structured()));
    return out;
  }

  /** Registers a pending approval; null when one already waits under the same key. */
  private @Nullable CompletableFuture<Boolean> registerApproval(ToolCall c) {
    CompletableFuture<Boolean> f = new CompletableFuture<>();
    return agent.approvals.putIfAbsent(ChatAgent.approvalKey(sessionId, c.id()), f) == null
        ? f : null;
  }

  /** Waits for the user's answer; returns null when approved, else the denial outcome. */
  private @Nullable ToolOutcome awaitApproval(ToolCall c, CompletableFuture<Boolean> f)
      throws InterruptedException {
    String key = ChatAgent.approvalKey(sessionId, c.id());
    Duration timeout = agent.limits.approvalTimeout();
    try {
      if (f.get(timeout.toNanos(), TimeUnit.NANOSECONDS)) {
        return null;
      }
      return ToolOutcome.error("The user denied running " + c.name()
          + "; it did not run. Ask the user how to continue, or answer without it.");
    } catch (TimeoutException e) {
      return ToolOutcome.error("The user did not approve " + c.name() + " within "
          + timeout + "; it did not run.");
    } catch (ExecutionException e) {
      throw new IllegalStateException("approval failed", e);
    } finally {
      agent.approvals.remove(key, f);
    }
  }

  private ToolOutcome invoke(Tool tool, ToolCall c) throws InterruptedException {
    checkCancelled();
    try {
      ToolOutcome out = tool.call(c.input(), c.context());
      if (out == null) {
        return ToolOutcome.error("Tool " + c.name() + " returned nothing.");
      }
      return out;
    } catch (InterruptedException e) {
      throw e;
    } catch (RuntimeException e) {
      LOG.debug("tool {} failed", c.name(), e);
      return ToolOutcome.error("Tool " + c.name() + " failed: " + e.getClass().getSimpleName()
          + (e.getMessage() == null ? "" : ": " + e.getMessage()));
    }
  }

  @Override
  public List<ToolOutcome> callTools(List<ToolUseBlock> calls) throws InterruptedException {
    checkCancelled();
    if (calls.size() == 1) {
      ToolUseBlock b = calls.get(0);
      return List.of(callTool(b.id(), b.name(), b.input()));
    }
    Set<String> batch = ConcurrentHashMap.newKeySet();
    try {
      return callBatch(calls, batch);
    } finally {
      approvalIds.removeAll(batch);
    }
  }

  private List<ToolOutcome> callBatch(List<ToolUseBlock> calls, Set<String> batch)
      throws InterruptedException {
    List<Integer> ordinals = new ArrayList<>();
    for (int i = 0; i < calls.size(); i++) {
      ordinals.add(toolCalls.incrementAndGet());
    }
    try (ExecutorService pool = Executors.newVirtualThreadPerTaskExecutor()) {
      List<Future<ToolOutcome>> futures = new ArrayList<>();
      for (int i = 0; i < calls.size(); i++) {
        ToolUseBlock b = calls.get(i);
        int ordinal = ordinals.get(i);
        futures.add(pool.submit(() -> callTool(b.id(), b.name(), b.input(), ordinal, batch)));
      }
      List<ToolOutcome> out = new ArrayList<>();
      RuntimeException failure = null;
      try {
        for (Future<ToolOutcome> f : futures) {
          try {
            out.add(f.get());
          } catch (ExecutionException e) {
            Throwable cause = e.getCause();
            if (cause instanceof InterruptedException) {
              throw new InterruptedException("tool call interrupted");
            }
            if (failure == null) {
              failure = cause instanceof RuntimeException re ? re
                  : new IllegalStateException(cause);
            }
          }
        }
      } catch (InterruptedException e) {
        pool.shutdownNow();
        throw e;
      }
      if (failure != null) {
        throw failure;
      }
      return List.copyOf(out);
    }
  }

  @Override
  public void record(Message message) {
    synchronized (this) {
      recorded.add(java.util.Objects.requireNonNull(message, "message is null"));
    }
  }

  @Override
  public void stopReason(StopReason reason) {
    this.stopReason = java.util.Objects.requireNonNull(reason, "reason is null");
  }

  @Override
  public void reportUsage(Usage u, double cost, int turns) {
    if (!(cost >= 0) || Double.isInfinite(cost) || turns < 0) {
      throw new IllegalArgumentException("cost must be finite and >= 0 and turns >= 0, got "
          + cost + ", " + turns);
    }
    synchronized (this) {
      usage = usage.plus(u);
      costUsd += cost;
      reportedTurns += turns;
    }
    agent.budgets.addCost(cost);
  }

  @Override
  public boolean cancelled() {
    return cancelled;
  }
}
