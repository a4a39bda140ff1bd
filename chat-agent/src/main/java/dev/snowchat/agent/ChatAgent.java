package dev.snowchat.agent;

import static java.util.Objects.requireNonNull;

import java.time.Clock;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Consumer;
import org.jspecify.annotations.Nullable;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The chat agent: runs turns of sessions on virtual threads and streams their events.
 *
 * <pre>{@code
 * try (ChatAgent agent = ChatAgent.builder()
 *     .engine(ToolLoopEngine.builder(modelClient).model("claude-sonnet-4-5").build())
 *     .toolSource(tools)
 *     .scopeGuard(HeuristicScopeGuard.create())
 *     .limits(AgentLimits.fromEnvironment(System.getenv()))
 *     .build()) {
 *   TurnHandle turn = agent.chat("session-1", "alice", "which tables hold reviews?",
 *       event -> sse.send(event.toJsonString()));
 *   AgentEvent.Done done = turn.completion().join();
 * }
 * }</pre>
 *
 * <p>Every turn ends with exactly one {@link AgentEvent.Done} (after an {@link AgentEvent.Error}
 * too). Each session has one lock: a second turn on a session while one runs is refused at once
 * with an {@code error} event of code {@code SESSION_BUSY}, then {@code done}; it does not wait.
 * Sessions idle longer than {@link AgentLimits#sessionIdleExpiry()} are forgotten. Thread-safe.
 */
public final class ChatAgent implements AutoCloseable {
  private static final Logger LOG = LoggerFactory.getLogger(ChatAgent.class);

  final ChatEngine engine;
  final List<ToolSource> sources;
  final ScopeGuard scopeGuard;
  final List<Interceptor> interceptors;
  final ToolApprover approver;
  final AgentLimits limits;
  final Clock clock;
  final Budgets budgets;
  final Map<String, Session> sessions = new ConcurrentHashMap<>();
  final Map<String, CompletableFuture<Boolean>> approvals = new ConcurrentHashMap<>();
  final Map<TurnRun, Boolean> running = new ConcurrentHashMap<>();
  private volatile boolean closed;

  private ChatAgent(Builder b) {
    this.sources = List.copyOf(b.sources);
    this.engine = b.engine != null ? b.engine : OfflinePlanner.create();
    this.scopeGuard = b.scopeGuard != null ? b.scopeGuard : ScopeGuard.ALLOW_ALL;
    this.approver = b.approver != null ? b.approver : ToolApprover.NONE;
    this.limits = b.limits != null ? b.limits : AgentLimits.defaults();
    this.clock = b.clock != null ? b.clock : Clock.systemUTC();
    this.budgets = new Budgets(limits, clock);
    List<Interceptor> all = new ArrayList<>(b.interceptors);
    all.add(budgets);
    this.interceptors = List.copyOf(all);
    LOG.debug("chat agent: engine={}, sources={}, limits={}", engine.name(), sources.size(),
        limits);
  }

  /** {@return a new builder} */
  public static Builder builder() {
    return new Builder();
  }

  /**
   * Starts a turn on a virtual thread. Events go to the sink in order, from the turn's threads
   * (calls are never concurrent); a sink that throws is treated as a client that went away: the
   * turn is cancelled.
   *
   * @param sessionId the conversation (memory, lock); any non-blank string
   * @param userId the user (daily message budget)
   * @param prompt the question
   * @param sink receives the events
   * @return the running turn
   * @throws IllegalArgumentException for a blank session or user id
   * @throws IllegalStateException when the agent is closed
   */
  public TurnHandle chat(String sessionId, String userId, String prompt,
      Consumer<AgentEvent> sink) {
    requireNonNull(sessionId, "sessionId is null");
    requireNonNull(userId, "userId is null");
    requireNonNull(prompt, "prompt is null");
    requireNonNull(sink, "sink is null");
    if (sessionId.isBlank() || userId.isBlank()) {
      throw new IllegalArgumentException("sessionId and userId must not be blank");
    }
    if (closed) {
      throw new IllegalStateException("the chat agent is closed");
    }
    expireIdle();
    TurnRun run = new TurnRun(this, sessionId, userId, prompt, sink);
    running.put(run, Boolean.TRUE);
    run.start();
    return run;
  }

  /**
   * Answers a pending approval of a tool call.
   *
   * @param sessionId the session
   * @param toolUseId the id of the {@link AgentEvent.ToolUse} that asked
   * @param approved true to run the call, false to deny it
   * @return true when a call was waiting for this answer
   */
  public boolean approve(String sessionId, String toolUseId, boolean approved) {
    CompletableFuture<Boolean> f = approvals.get(approvalKey(sessionId, toolUseId));
    return f != null && f.complete(approved);
  }

  static String approvalKey(String sessionId, String toolUseId) {
    return sessionId + '\u0000' + toolUseId;
  }

  /**
   * Forgets a session's memory (the chat app's {@code POST /api/reset}). A running turn of the
   * session finishes, but what it records is dropped.
   *
   * @param sessionId the session
   * @return true when the session existed
   */
  public boolean reset(String sessionId) {
    return sessions.remove(sessionId) != null;
  }

  /**
   * Returns a session's memory.
   *
   * @param sessionId the session
   * @return the messages, oldest first; empty for an unknown or expired session
   */
  public List<Message> history(String sessionId) {
    expireIdle();
    Session s = sessions.get(sessionId);
    if (s == null) {
      return List.of();
    }
    synchronized (s) {
      return List.copyOf(s.history);
    }
  }

  /** {@return the number of sessions held, after forgetting idle ones} */
  public int sessionCount() {
    expireIdle();
    return sessions.size();
  }

  /** {@return the cost the models reported today (UTC), over all users} */
  public double spentTodayUsd() {
    return budgets.spentToday();
  }

  /**
   * Returns how many messages a user sent today (UTC).
   *
   * @param userId the user
   * @return the count
   */
  public int messagesToday(String userId) {
    return budgets.messagesToday(userId);
  }

  /** {@return the engine's name} */
  public String engineName() {
    return engine.name();
  }

  /** {@return the limits} */
  public AgentLimits limits() {
    return limits;
  }

  /** Forgets sessions idle longer than the expiry (runs on every chat; hosts may call it). */
  public void expireIdle() {
    java.time.Instant cutoff = clock.instant().minus(limits.sessionIdleExpiry());
    sessions.entrySet().removeIf(e -> {
      Session s = e.getValue();
      return !s.lock.isLocked() && !s.lastUsed().isAfter(cutoff);
    });
  }

  /** Collects the tools of all sources; on a duplicate name the first source wins. */
  Map<String, Tool> tools() {
    Map<String, Tool> out = new LinkedHashMap<>();
    for (ToolSource src : sources) {
      for (Tool t : src.tools()) {
        Tool old = out.putIfAbsent(t.spec().name(), t);
        if (old != null && old != t) {
          LOG.warn("tool {} is offered by two sources; the first one is used", t.spec().name());
        }
      }
    }
    return out;
  }

  /**
   * Cancels running turns (each still ends with done), closes the engine and the tool sources.
   */
  @Override
  public void close() {
    if (closed) {
      return;
    }
    closed = true;
    for (TurnRun r : List.copyOf(running.keySet())) {
      r.cancel();
    }
    for (TurnRun r : List.copyOf(running.keySet())) {
      try {
        r.completion().get(5, java.util.concurrent.TimeUnit.SECONDS);
      } catch (Exception e) {
        LOG.warn("turn of session {} did not end within 5s of close", r.sessionId());
      }
    }
    try {
      engine.close();
    } catch (Exception e) {
      LOG.warn("engine {} failed to close: {}", engine.name(), e.toString());
    }
    for (ToolSource s : sources) {
      try {
        s.close();
      } catch (Exception e) {
        LOG.warn("tool source failed to close: {}", e.toString());
      }
    }
  }

  /** One session: memory, lock, last use. */
  static final class Session {
    final java.util.concurrent.locks.ReentrantLock lock =
        new java.util.concurrent.locks.ReentrantLock();
    final List<Message> history = new ArrayList<>();
    int turns;
    private volatile java.time.Instant lastUsed;

    Session(java.time.Instant now) {
      this.lastUsed = now;
    }

    java.time.Instant lastUsed() {
      return lastUsed;
    }

    void touch(java.time.Instant now) {
      lastUsed = now;
    }
  }

  /**
   * Builds a {@link ChatAgent}. Single-valued settings may be set once (a second call throws
   * {@link IllegalStateException} naming the first value); {@link #toolSource} and {@link
   * #interceptor} repeat.
   */
  public static final class Builder {
    private @Nullable ChatEngine engine;
    private final List<ToolSource> sources = new ArrayList<>();
    private @Nullable ScopeGuard scopeGuard;
    private final List<Interceptor> interceptors = new ArrayList<>();
    private @Nullable ToolApprover approver;
    private @Nullable AgentLimits limits;
    private @Nullable Clock clock;

    private Builder() {}

    private static void once(String name, @Nullable Object old) {
      if (old != null) {
        throw new IllegalStateException(name + " was already set to " + old);
      }
    }

    /**
     * Sets the engine (default: {@link OfflinePlanner}, which needs no model).
     *
     * @param engine the engine
     * @return this builder
     * @throws IllegalStateException when already set
     */
    public Builder engine(ChatEngine engine) {
      requireNonNull(engine, "engine is null");
      once("engine", this.engine == null ? null : this.engine.name());
      this.engine = engine;
      return this;
    }

    /**
     * Adds a tool source; the agent closes it on {@link ChatAgent#close()}.
     *
     * @param source the source
     * @return this builder
     */
    public Builder toolSource(ToolSource source) {
      sources.add(requireNonNull(source, "source is null"));
      return this;
    }

    /**
     * Sets the scope guard (default: {@link ScopeGuard#ALLOW_ALL}).
     *
     * @param guard the guard
     * @return this builder
     * @throws IllegalStateException when already set
     */
    public Builder scopeGuard(ScopeGuard guard) {
      requireNonNull(guard, "guard is null");
      once("scopeGuard", scopeGuard);
      scopeGuard = guard;
      return this;
    }

    /**
     * Adds an interceptor; the first added is the outermost. The built-in limits run inside all
     * of them.
     *
     * @param interceptor the interceptor
     * @return this builder
     */
    public Builder interceptor(Interceptor interceptor) {
      interceptors.add(requireNonNull(interceptor, "interceptor is null"));
      return this;
    }

    /**
     * Sets the approver (default: {@link ToolApprover#NONE}, nothing waits).
     *
     * @param approver the approver
     * @return this builder
     * @throws IllegalStateException when already set
     */
    public Builder approver(ToolApprover approver) {
      requireNonNull(approver, "approver is null");
      once("approver", this.approver);
      this.approver = approver;
      return this;
    }

    /**
     * Sets the limits (default: {@link AgentLimits#defaults()}).
     *
     * @param limits the limits
     * @return this builder
     * @throws IllegalStateException when already set
     */
    public Builder limits(AgentLimits limits) {
      requireNonNull(limits, "limits is null");
      once("limits", this.limits);
      this.limits = limits;
      return this;
    }

    /**
     * Sets the clock of idle expiry, daily budgets and durations (default: UTC system clock).
     *
     * @param clock the clock
     * @return this builder
     * @throws IllegalStateException when already set
     */
    public Builder clock(Clock clock) {
      requireNonNull(clock, "clock is null");
      once("clock", this.clock);
      this.clock = clock;
      return this;
    }

    /**
     * Builds the agent.
     *
     * @return the agent
     * @throws IllegalArgumentException when two tools of the sources share a name
     */
    public ChatAgent build() {
      java.util.Set<String> names = new java.util.HashSet<>();
      for (ToolSource s : sources) {
        for (Tool t : s.tools()) {
          if (!names.add(t.spec().name())) {
            throw new IllegalArgumentException("Two tools are named '" + t.spec().name()
                + "'; tool names must be unique over all tool sources");
          }
        }
      }
      return new ChatAgent(this);
    }
  }

  Optional<Session> session(String id) {
    return Optional.ofNullable(sessions.get(id));
  }
}
