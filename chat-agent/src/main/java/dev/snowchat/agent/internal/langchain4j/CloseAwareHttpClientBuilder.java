package dev.snowchat.agent.internal.langchain4j;

import dev.langchain4j.exception.HttpException;
import dev.langchain4j.http.client.HttpClient;
import dev.langchain4j.http.client.HttpClientBuilder;
import dev.langchain4j.http.client.HttpRequest;
import dev.langchain4j.http.client.SuccessfulHttpResponse;
import dev.langchain4j.http.client.jdk.JdkHttpClient;
import dev.langchain4j.http.client.jdk.JdkHttpClientBuilder;
import dev.langchain4j.http.client.sse.ServerSentEvent;
import dev.langchain4j.http.client.sse.ServerSentEventContext;
import dev.langchain4j.http.client.sse.ServerSentEventListener;
import dev.langchain4j.http.client.sse.ServerSentEventParser;
import java.time.Duration;
import org.jspecify.annotations.Nullable;

/**
 * LangChain4j's JDK HTTP client, with one addition: a stream started inside {@link Lc4jStream}
 * tells it when the connection closed. LangChain4j's Anthropic model reports neither completion
 * nor an error for a stream that ends without {@code message_stop} (a dropped connection), so
 * without this a turn would wait forever.
 */
public final class CloseAwareHttpClientBuilder implements HttpClientBuilder {
  private final JdkHttpClientBuilder delegate = JdkHttpClient.builder();

  /** Creates the builder. */
  public CloseAwareHttpClientBuilder() {}

  @Override
  public @Nullable Duration connectTimeout() {
    return delegate.connectTimeout();
  }

  @Override
  public HttpClientBuilder connectTimeout(@Nullable Duration timeout) {
    delegate.connectTimeout(timeout);
    return this;
  }

  @Override
  public @Nullable Duration readTimeout() {
    return delegate.readTimeout();
  }

  @Override
  public HttpClientBuilder readTimeout(@Nullable Duration timeout) {
    delegate.readTimeout(timeout);
    return this;
  }

  @Override
  public HttpClient build() {
    return new Client(delegate.build());
  }

  private record Client(HttpClient delegate) implements HttpClient {
    @Override
    public SuccessfulHttpResponse execute(HttpRequest request) throws HttpException {
      return delegate.execute(request);
    }

    @Override
    public void execute(HttpRequest request, ServerSentEventParser parser,
        ServerSentEventListener listener) {
      // Called on the thread of Lc4jStream.run, which published its hook for this stream.
      Runnable closed = Lc4jStream.closeHook();
      delegate.execute(request, parser, closed == null ? listener : new Closing(listener, closed));
    }
  }

  private record Closing(ServerSentEventListener delegate, Runnable closed)
      implements ServerSentEventListener {
    @Override
    public void onOpen(SuccessfulHttpResponse response) {
      delegate.onOpen(response);
    }

    @Override
    public void onEvent(ServerSentEvent event, ServerSentEventContext context) {
      delegate.onEvent(event, context);
    }

    @Override
    public void onEvent(ServerSentEvent event) {
      delegate.onEvent(event);
    }

    @Override
    public void onError(Throwable error) {
      delegate.onError(error);
    }

    @Override
    public void onClose() {
      try {
        delegate.onClose();
      } finally {
        closed.run();
      }
    }
  }
}
