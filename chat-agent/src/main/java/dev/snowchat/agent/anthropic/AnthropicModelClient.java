package dev.snowchat.agent.anthropic;

import static java.util.Objects.requireNonNull;

import dev.langchain4j.http.client.jdk.JdkHttpClient;
import dev.langchain4j.model.anthropic.AnthropicChatRequestParameters;
import dev.langchain4j.model.anthropic.AnthropicChatResponseMetadata;
import dev.langchain4j.model.anthropic.AnthropicStreamingChatModel;
import dev.langchain4j.model.anthropic.AnthropicTokenUsage;
import dev.langchain4j.model.chat.request.ChatRequest;
import dev.langchain4j.model.chat.response.ChatResponse;
import dev.langchain4j.model.output.FinishReason;
import dev.langchain4j.model.output.TokenUsage;
import dev.snowchat.agent.ModelClient;
import dev.snowchat.agent.ModelException;
import dev.snowchat.agent.ModelRequest;
import dev.snowchat.agent.ModelResponse;
import dev.snowchat.agent.ModelStreamListener;
import dev.snowchat.agent.Usage;
import dev.snowchat.agent.internal.langchain4j.Lc4jBridge;
import dev.snowchat.agent.internal.langchain4j.Lc4jStream;
import java.time.Duration;
import org.jspecify.annotations.Nullable;

/**
 * A {@link ModelClient} over the Anthropic Messages API (streaming), built on LangChain4j's
 * Anthropic model ({@code dev.langchain4j:langchain4j-anthropic}, an optional dependency the host
 * adds). Text and thinking deltas stream to the listener; tool-use blocks arrive parsed in the
 * response with the thinking block and its signature, which go back to the API on the next
 * request. Create it with {@link AnthropicModelClientFactory} ({@code anthropic}).
 */
public final class AnthropicModelClient implements ModelClient {
  static final String PROVIDER = "Anthropic";

  private final AnthropicStreamingChatModel model;
  private final @Nullable String pinnedModel;
  private final int maxTokensCap;
  private final int thinkingBudgetCap;

  AnthropicModelClient(String apiKey, String baseUrl, @Nullable String pinnedModel,
      int maxTokensCap, int thinkingBudgetCap, Duration timeout) {
    requireNonNull(apiKey, "apiKey is null");
    this.pinnedModel = pinnedModel;
    this.maxTokensCap = maxTokensCap;
    this.thinkingBudgetCap = thinkingBudgetCap;
    this.model = AnthropicStreamingChatModel.builder()
        .httpClientBuilder(JdkHttpClient.builder())
        .baseUrl(baseUrl)
        .apiKey(apiKey)
        .modelName(pinnedModel == null ? "claude-sonnet-4-5" : pinnedModel)
        .timeout(timeout)
        // Keep thinking blocks with their signatures and send them back: the API verifies
        // them when a tool result follows a thinking turn.
        .returnThinking(true)
        .sendThinking(true)
        .build();
  }

  @Override
  public ModelResponse stream(ModelRequest request, ModelStreamListener listener)
      throws ModelException, InterruptedException {
    requireNonNull(request, "request is null");
    requireNonNull(listener, "listener is null");
    int maxTokens = Math.min(request.maxTokens(), maxTokensCap);
    int budget = Math.min(request.thinkingBudgetTokens(), thinkingBudgetCap);
    AnthropicChatRequestParameters.Builder params = AnthropicChatRequestParameters.builder()
        .modelName(pinnedModel == null ? request.model() : pinnedModel)
        .maxOutputTokens(maxTokens)
        .toolSpecifications(Lc4jBridge.tools(request.tools()));
    if (budget > 0) {
      params.thinkingType("enabled").thinkingBudgetTokens(budget);
    }
    ChatRequest chat = ChatRequest.builder()
        .messages(Lc4jBridge.messages(request.system(), request.messages()))
        .parameters(params.build())
        .build();
    ChatResponse response = Lc4jStream.run(model, chat, listener, PROVIDER);
    return new ModelResponse(Lc4jBridge.content(response, PROVIDER), stopReason(response),
        usage(response.tokenUsage()));
  }

  private static String stopReason(ChatResponse response) {
    String raw = response.metadata() instanceof AnthropicChatResponseMetadata m
        ? Lc4jBridge.rawStopReason(m.rawServerSentEvents()) : null;
    if (raw != null) {
      return raw;
    }
    FinishReason f = response.finishReason();
    if (f == null) {
      return "end_turn";
    }
    return switch (f) {
      case TOOL_EXECUTION -> "tool_use";
      case LENGTH -> "max_tokens";
      case CONTENT_FILTER -> "refusal";
      default -> "end_turn";
    };
  }

  static Usage usage(@Nullable TokenUsage u) {
    if (u == null) {
      return Usage.ZERO;
    }
    long cacheRead = 0;
    long cacheWrite = 0;
    if (u instanceof AnthropicTokenUsage a) {
      cacheRead = nz(a.cacheReadInputTokens());
      cacheWrite = nz(a.cacheCreationInputTokens());
    }
    return new Usage(nz(u.inputTokenCount()), nz(u.outputTokenCount()), cacheRead, cacheWrite);
  }

  private static long nz(@Nullable Integer n) {
    return n == null ? 0 : n;
  }

  @Override
  public String toString() {
    return "AnthropicModelClient[model=" + (pinnedModel == null ? "per request" : pinnedModel)
        + "]";
  }
}
