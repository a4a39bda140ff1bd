package dev.snowchat.agent.testing;

import static java.util.Objects.requireNonNull;

import dev.snowchat.agent.AgentErrorCode;
import dev.snowchat.agent.ContentBlock;
import dev.snowchat.agent.ModelClient;
import dev.snowchat.agent.ModelException;
import dev.snowchat.agent.ModelRequest;
import dev.snowchat.agent.ModelResponse;
import dev.snowchat.agent.ModelStreamListener;
import dev.snowchat.agent.SnowchatAgentException;
import dev.snowchat.agent.TextBlock;
import dev.snowchat.agent.ThinkingBlock;
import dev.snowchat.agent.ToolUseBlock;
import dev.snowchat.agent.Usage;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import org.jspecify.annotations.Nullable;

/**
 * A model client that plays a script, for hosts' tests: each {@link #stream} call takes the next
 * {@link Reply} of the script, streams its text and thinking deltas in order, and returns its
 * content, stop reason and usage; or fails, fails mid-stream, or blocks until the turn is
 * cancelled. It records every request it got. Thread-safe.
 *
 * <pre>{@code
 * ScriptedModelClient model = ScriptedModelClient.of(
 *     ScriptedModelClient.reply().thinking("Look up the tables.")
 *         .toolUse("t1", "list_tables", Map.of("database", "AIRBNB", "schema", "ANALYTICS"))
 *         .usage(120, 30),
 *     ScriptedModelClient.reply().text("There are 8 tables.").usage(400, 20));
 * }</pre>
 */
public final class ScriptedModelClient implements ModelClient {
  private final Deque<Reply> script;
  private final List<ModelRequest> requests = new ArrayList<>();
  private final CountDownLatch blocked = new CountDownLatch(1);
  private int played;
  private volatile boolean closed;

  private ScriptedModelClient(List<Reply> script) {
    this.script = new ArrayDeque<>(script);
  }

  /**
   * Creates a client that plays the replies in order.
   *
   * @param replies the script
   * @return the client
   */
  public static ScriptedModelClient of(Reply... replies) {
    return new ScriptedModelClient(List.of(replies));
  }

  /**
   * Creates a client that plays the replies in order.
   *
   * @param replies the script
   * @return the client
   */
  public static ScriptedModelClient of(List<Reply> replies) {
    return new ScriptedModelClient(List.copyOf(replies));
  }

  /** {@return a new, empty reply to fill in} */
  public static Reply reply() {
    return new Reply();
  }

  /**
   * A reply that fails at once, before streaming anything.
   *
   * @param failure the exception to throw, usually a {@link ModelException}
   * @return the reply
   */
  public static Reply failure(SnowchatAgentException failure) {
    return new Reply().thenFail(failure);
  }

  @Override
  public ModelResponse stream(ModelRequest request, ModelStreamListener listener)
      throws InterruptedException {
    requireNonNull(request, "request is null");
    Reply r;
    synchronized (this) {
      if (closed) {
        throw new IllegalStateException("the scripted model client is closed");
      }
      requests.add(request);
      r = script.poll();
      if (r == null) {
        throw new ModelException(AgentErrorCode.MODEL_ERROR, "The script has no reply left: it"
            + " had " + played + " and got request " + requests.size());
      }
      played++;
    }
    List<ContentBlock> content = new ArrayList<>();
    StringBuilder text = null;
    StringBuilder thinking = null;
    for (Object step : r.steps) {
      if (Thread.currentThread().isInterrupted()) {
        throw new InterruptedException("model stream cancelled");
      }
      switch (step) {
        case Delta d when d.thinking -> {
          if (text != null) {
            content.add(new TextBlock(text.toString()));
            text = null;
          }
          listener.onThinking(d.text);
          thinking = thinking == null ? new StringBuilder(d.text) : thinking.append(d.text);
        }
        case Delta d -> {
          if (thinking != null) {
            content.add(new ThinkingBlock(thinking.toString(), "sig"));
            thinking = null;
          }
          listener.onText(d.text);
          text = text == null ? new StringBuilder(d.text) : text.append(d.text);
        }
        case ToolUseBlock t -> {
          if (thinking != null) {
            content.add(new ThinkingBlock(thinking.toString(), "sig"));
            thinking = null;
          }
          if (text != null) {
            content.add(new TextBlock(text.toString()));
            text = null;
          }
          content.add(t);
        }
        default -> throw new IllegalStateException("unknown step " + step);
      }
    }
    if (thinking != null) {
      content.add(new ThinkingBlock(thinking.toString(), "sig"));
    }
    if (text != null) {
      content.add(new TextBlock(text.toString()));
    }
    if (r.block) {
      blocked.countDown();
      new CountDownLatch(1).await(); // until the turn's thread is interrupted
    }
    if (r.failure != null) {
      throw r.failure;
    }
    boolean tools = content.stream().anyMatch(b -> b instanceof ToolUseBlock);
    String stop = r.stopReason != null ? r.stopReason : tools ? "tool_use" : "end_turn";
    return new ModelResponse(content, stop, r.usage);
  }

  /** {@return the requests received so far, in order} */
  public synchronized List<ModelRequest> requests() {
    return List.copyOf(requests);
  }

  /** {@return how many replies are left in the script} */
  public synchronized int remaining() {
    return script.size();
  }

  /**
   * Waits until a {@link Reply#blockUntilCancelled()} reply has streamed its deltas and blocks.
   *
   * @param timeout the most to wait
   * @param unit its unit
   * @return true when it blocks, false on timeout
   * @throws InterruptedException when the waiting thread is interrupted
   */
  public boolean awaitBlocked(long timeout, TimeUnit unit) throws InterruptedException {
    return blocked.await(timeout, unit);
  }

  /** {@return true once {@link #close()} was called} */
  public boolean isClosed() {
    return closed;
  }

  @Override
  public synchronized void close() {
    closed = true;
  }

  private record Delta(String text, boolean thinking) {}

  /**
   * One scripted model turn: deltas and tool calls in order, then a stop reason and usage.
   * Mutable; fill it in before the client plays it.
   */
  public static final class Reply {
    private final List<Object> steps = new ArrayList<>();
    private @Nullable String stopReason;
    private Usage usage = Usage.ZERO;
    private @Nullable SnowchatAgentException failure;
    private boolean block;

    private Reply() {}

    /**
     * Streams a text delta (consecutive deltas form one text block).
     *
     * @param delta the delta
     * @return this reply
     */
    public Reply text(String delta) {
      steps.add(new Delta(requireNonNull(delta, "delta is null"), false));
      return this;
    }

    /**
     * Streams a thinking delta (consecutive deltas form one thinking block).
     *
     * @param delta the delta
     * @return this reply
     */
    public Reply thinking(String delta) {
      steps.add(new Delta(requireNonNull(delta, "delta is null"), true));
      return this;
    }

    /**
     * Adds a tool call to the response (the stop reason becomes {@code tool_use} unless set).
     *
     * @param id the tool-use id
     * @param name the tool
     * @param input the arguments
     * @return this reply
     */
    public Reply toolUse(String id, String name, Map<String, Object> input) {
      steps.add(new ToolUseBlock(id, name, input));
      return this;
    }

    /**
     * Sets the provider stop reason (default {@code tool_use} with tool calls, else {@code
     * end_turn}).
     *
     * @param stopReason e.g. {@code max_tokens}
     * @return this reply
     */
    public Reply stopReason(String stopReason) {
      this.stopReason = requireNonNull(stopReason, "stopReason is null");
      return this;
    }

    /**
     * Sets the reported usage.
     *
     * @param inputTokens input tokens
     * @param outputTokens output tokens
     * @return this reply
     */
    public Reply usage(long inputTokens, long outputTokens) {
      this.usage = Usage.of(inputTokens, outputTokens);
      return this;
    }

    /**
     * Sets the reported usage.
     *
     * @param usage the usage
     * @return this reply
     */
    public Reply usage(Usage usage) {
      this.usage = requireNonNull(usage, "usage is null");
      return this;
    }

    /**
     * Fails after streaming the deltas (a model error mid-stream).
     *
     * @param failure the exception, usually a {@link ModelException}
     * @return this reply
     */
    public Reply thenFail(SnowchatAgentException failure) {
      this.failure = requireNonNull(failure, "failure is null");
      return this;
    }

    /**
     * Blocks after streaming the deltas until the turn's thread is interrupted (a cancelled
     * stream); {@link ScriptedModelClient#awaitBlocked} tells when it blocks.
     *
     * @return this reply
     */
    public Reply blockUntilCancelled() {
      this.block = true;
      return this;
    }
  }
}
