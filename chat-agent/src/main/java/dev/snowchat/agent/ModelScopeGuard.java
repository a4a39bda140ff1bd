package dev.snowchat.agent;

import static java.util.Objects.requireNonNull;

import java.util.List;
import java.util.Locale;
import org.jspecify.annotations.Nullable;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * A scope guard that asks a cheap model (the reference uses Haiku) whether a question is about
 * the user's data: it answers {@code ALLOW} or {@code BLOCK}. When the classifier fails (an
 * error, or an answer that is neither), the guard fails open (allows; the reference's choice,
 * so a legitimate user is never blocked by an outage) or closed, by setting.
 */
public final class ModelScopeGuard implements ScopeGuard {
  private static final Logger LOG = LoggerFactory.getLogger(ModelScopeGuard.class);

  /** The classifier's system prompt. */
  public static final String CLASSIFIER_PROMPT = """
      You are a scope classifier for a chat app that answers questions about the user's data \
      warehouse (tables, columns, schemas, SQL, and the business data in them: counts, \
      rankings, trends, samples). Given the recent conversation and a new message, answer with \
      exactly one word: ALLOW if the new message is about the user's data or the app, or is a \
      follow-up of the conversation (e.g. "and the next 5?", "sort it by price"); BLOCK if it \
      is unrelated (news, sports, weather, politics, recipes, general knowledge, coding help \
      unrelated to the data, creative writing).""";

  private final ModelClient client;
  private final String model;
  private final boolean failOpen;
  private final String reply;
  private final int historyMessages;

  private ModelScopeGuard(Builder b) {
    this.client = b.client;
    this.model = requireNonNull(b.model);
    this.failOpen = b.failOpen == null || b.failOpen;
    this.reply = b.reply == null ? HeuristicScopeGuard.DEFAULT_REPLY : b.reply;
    this.historyMessages = b.historyMessages == null ? 6 : b.historyMessages;
  }

  /**
   * Starts a builder.
   *
   * @param client the classifier's model client (not closed by the guard)
   * @return the builder
   */
  public static Builder builder(ModelClient client) {
    return new Builder(requireNonNull(client, "client is null"));
  }

  /** {@return true when a classifier failure allows the question} */
  public boolean failOpen() {
    return failOpen;
  }

  @Override
  public ScopeDecision check(String prompt, List<Message> history) throws InterruptedException {
    StringBuilder sb = new StringBuilder();
    List<Message> recent = history.subList(Math.max(0, history.size() - historyMessages),
        history.size());
    if (!recent.isEmpty()) {
      sb.append("Recent conversation:\n");
      for (Message m : recent) {
        String t = m.text().strip();
        if (!t.isEmpty()) {
          sb.append(m.role() == Role.USER ? "User: " : "Assistant: ")
              .append(t.length() > 300 ? t.substring(0, 300) + "..." : t).append('\n');
        }
      }
      sb.append('\n');
    }
    sb.append("New message:\n").append(prompt).append("\n\nAnswer ALLOW or BLOCK.");
    ModelRequest req = new ModelRequest(model, CLASSIFIER_PROMPT,
        List.of(Message.user(sb.toString())), List.of(), 8, 0);
    String answer;
    try {
      answer = client.stream(req, ModelStreamListener.NONE).text().strip()
          .toUpperCase(Locale.ROOT);
    } catch (SnowchatAgentException | IllegalArgumentException | IllegalStateException e) {
      return failed("classifier failed: " + e.getMessage());
    }
    if (answer.startsWith("BLOCK")) {
      return ScopeDecision.refuse("classifier: BLOCK", reply);
    }
    if (answer.startsWith("ALLOW")) {
      return ScopeDecision.allow();
    }
    return failed("classifier answered neither ALLOW nor BLOCK: '"
        + (answer.length() > 40 ? answer.substring(0, 40) : answer) + "'");
  }

  private ScopeDecision failed(String why) {
    LOG.warn("scope guard: {}; failing {}", why, failOpen ? "open (allowed)" : "closed (refused)");
    return failOpen ? ScopeDecision.allow()
        : ScopeDecision.refuse(why, "I can't check right now whether this question is about"
            + " your data, so I won't answer it. Please try again in a moment.");
  }

  /** Builds a {@link ModelScopeGuard}; each value may be set once. */
  public static final class Builder {
    private final ModelClient client;
    private @Nullable String model;
    private @Nullable Boolean failOpen;
    private @Nullable String reply;
    private @Nullable Integer historyMessages;

    private Builder(ModelClient client) {
      this.client = client;
    }

    private static void once(String name, @Nullable Object old) {
      if (old != null) {
        throw new IllegalStateException(name + " was already set to " + old);
      }
    }

    /**
     * Sets the classifier model (required), e.g. {@code claude-haiku-4-5}.
     *
     * @param model the model name
     * @return this builder
     * @throws IllegalArgumentException for a blank name
     * @throws IllegalStateException when already set
     */
    public Builder model(String model) {
      requireNonNull(model, "model is null");
      once("model", this.model);
      if (model.isBlank()) {
        throw new IllegalArgumentException("model is blank");
      }
      this.model = model;
      return this;
    }

    /**
     * Sets what a classifier failure does: true allows the question (default, the reference's
     * choice), false refuses it.
     *
     * @param failOpen true to fail open
     * @return this builder
     * @throws IllegalStateException when already set
     */
    public Builder failOpen(boolean failOpen) {
      once("failOpen", this.failOpen);
      this.failOpen = failOpen;
      return this;
    }

    /**
     * Sets the reply to off-topic questions (default {@link HeuristicScopeGuard#DEFAULT_REPLY}).
     *
     * @param reply the reply
     * @return this builder
     * @throws IllegalArgumentException for a blank reply
     * @throws IllegalStateException when already set
     */
    public Builder reply(String reply) {
      requireNonNull(reply, "reply is null");
      once("reply", this.reply);
      if (reply.isBlank()) {
        throw new IllegalArgumentException("reply is blank");
      }
      this.reply = reply;
      return this;
    }

    /**
     * Sets how many recent messages the classifier sees (default 6).
     *
     * @param messages 0 or more
     * @return this builder
     * @throws IllegalArgumentException for a negative number
     * @throws IllegalStateException when already set
     */
    public Builder historyMessages(int messages) {
      once("historyMessages", historyMessages);
      if (messages < 0) {
        throw new IllegalArgumentException("historyMessages must be >= 0, got " + messages);
      }
      historyMessages = messages;
      return this;
    }

    /**
     * Builds the guard.
     *
     * @return the guard
     * @throws IllegalStateException when no model was set
     */
    public ModelScopeGuard build() {
      if (model == null) {
        throw new IllegalStateException("model is required: set it with model(\"...\")");
      }
      return new ModelScopeGuard(this);
    }
  }
}
