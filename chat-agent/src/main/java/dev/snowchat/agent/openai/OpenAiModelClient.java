package dev.snowchat.agent.openai;

import static java.util.Objects.requireNonNull;

import dev.langchain4j.http.client.jdk.JdkHttpClient;
import dev.langchain4j.model.chat.request.ChatRequest;
import dev.langchain4j.model.chat.response.ChatResponse;
import dev.langchain4j.model.openai.OpenAiChatRequestParameters;
import dev.langchain4j.model.openai.OpenAiChatResponseMetadata;
import dev.langchain4j.model.openai.OpenAiStreamingChatModel;
import dev.langchain4j.model.openai.OpenAiTokenUsage;
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
 * A {@link ModelClient} over an OpenAI-compatible chat completions endpoint (OpenAI, Ollama, vLLM,
 * LM Studio), streaming, built on LangChain4j's OpenAI model ({@code
 * dev.langchain4j:langchain4j-open-ai}, an optional dependency the host adds). Text deltas and the
 * servers' {@code reasoning_content} deltas stream to the listener; parallel tool calls are
 * assembled by index and arrive parsed in the response; usage comes from the final chunk ({@code
 * stream_options.include_usage}). Create it with {@link OpenAiModelClientFactory} ({@code
 * openai}).
 */
public final class OpenAiModelClient implements ModelClient {
  static final String PROVIDER = "OpenAI-compatible server";

  private final OpenAiStreamingChatModel model;
  private final @Nullable String pinnedModel;
  private final int maxTokensCap;

  OpenAiModelClient(@Nullable String apiKey, String baseUrl, @Nullable String pinnedModel,
      int maxTokensCap, Duration timeout) {
    this.pinnedModel = pinnedModel;
    this.maxTokensCap = maxTokensCap;
    this.model = OpenAiStreamingChatModel.builder()
        .httpClientBuilder(JdkHttpClient.builder())
        .baseUrl(baseUrl)
        // Local servers take no key; LangChain4j then sends no Authorization header.
        .apiKey(apiKey)
        .modelName(pinnedModel == null ? "gpt-4.1" : pinnedModel)
        .timeout(timeout)
        .returnThinking(true)
        .build();
  }

  @Override
  public ModelResponse stream(ModelRequest request, ModelStreamListener listener)
      throws ModelException, InterruptedException {
    requireNonNull(request, "request is null");
    requireNonNull(listener, "listener is null");
    OpenAiChatRequestParameters params = OpenAiChatRequestParameters.builder()
        .modelName(pinnedModel == null ? request.model() : pinnedModel)
        .maxOutputTokens(Math.min(request.maxTokens(), maxTokensCap))
        .toolSpecifications(Lc4jBridge.tools(request.tools()))
        .build();
    ChatRequest chat = ChatRequest.builder()
        .messages(Lc4jBridge.messages(request.system(), request.messages()))
        .parameters(params)
        .build();
    ChatResponse response = Lc4jStream.run(model, chat, listener, PROVIDER);
    return new ModelResponse(Lc4jBridge.content(response, PROVIDER), stopReason(response),
        usage(response.tokenUsage()));
  }

  private static String stopReason(ChatResponse response) {
    String raw = response.metadata() instanceof OpenAiChatResponseMetadata m
        ? Lc4jBridge.rawStopReason(m.rawServerSentEvents()) : null;
    if (raw != null) {
      return raw;
    }
    FinishReason f = response.finishReason();
    if (f == null) {
      return "stop";
    }
    return switch (f) {
      case TOOL_EXECUTION -> "tool_calls";
      case LENGTH -> "length";
      case CONTENT_FILTER -> "content_filter";
      default -> "stop";
    };
  }

  // OpenAI counts cached prompt tokens inside prompt_tokens; ours are billed apart.
  static Usage usage(@Nullable TokenUsage u) {
    if (u == null) {
      return Usage.ZERO;
    }
    long input = u.inputTokenCount() == null ? 0 : u.inputTokenCount();
    long output = u.outputTokenCount() == null ? 0 : u.outputTokenCount();
    long cached = 0;
    if (u instanceof OpenAiTokenUsage o && o.inputTokensDetails() != null
        && o.inputTokensDetails().cachedTokens() != null) {
      cached = Math.min(input, o.inputTokensDetails().cachedTokens());
    }
    return new Usage(input - cached, output, cached, 0);
  }

  @Override
  public String toString() {
    return "OpenAiModelClient[model=" + (pinnedModel == null ? "per request" : pinnedModel) + "]";
  }
}
