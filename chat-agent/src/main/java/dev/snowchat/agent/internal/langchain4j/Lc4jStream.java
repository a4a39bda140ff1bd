package dev.snowchat.agent.internal.langchain4j;

import dev.langchain4j.model.chat.StreamingChatModel;
import dev.langchain4j.model.chat.request.ChatRequest;
import dev.langchain4j.model.chat.response.ChatResponse;
import dev.langchain4j.model.chat.response.PartialResponse;
import dev.langchain4j.model.chat.response.PartialResponseContext;
import dev.langchain4j.model.chat.response.PartialThinking;
import dev.langchain4j.model.chat.response.PartialThinkingContext;
import dev.langchain4j.model.chat.response.PartialToolCall;
import dev.langchain4j.model.chat.response.PartialToolCallContext;
import dev.langchain4j.model.chat.response.StreamingChatResponseHandler;
import dev.langchain4j.model.chat.response.StreamingHandle;
import dev.snowchat.agent.ModelException;
import dev.snowchat.agent.ModelStreamListener;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.atomic.AtomicReference;

/**
 * Runs one LangChain4j streaming call and hands its deltas to the listener on the calling thread
 * (LangChain4j calls back on its HTTP thread). When the calling thread is interrupted the stream
 * is cancelled: LangChain4j's {@link StreamingHandle} stops reading and closes the connection at
 * the next event it receives (the providers send pings while the model is silent).
 */
public final class Lc4jStream {
  private sealed interface Event {}

  private record Text(String delta) implements Event {}

  private record Thinking(String delta) implements Event {}

  private record Finished(ChatResponse response) implements Event {}

  private record Failed(Throwable error) implements Event {}

  private Lc4jStream() {}

  /**
   * Streams one request.
   *
   * @param model the model
   * @param request the request
   * @param listener receives the deltas on this thread
   * @param provider the provider name for error messages
   * @return the final response
   * @throws ModelException when the provider fails
   * @throws InterruptedException when this thread is interrupted; the stream is then cancelled
   */
  public static ChatResponse run(StreamingChatModel model, ChatRequest request,
      ModelStreamListener listener, String provider) throws InterruptedException {
    if (Thread.interrupted()) {
      throw new InterruptedException("cancelled before the " + provider + " request was sent");
    }
    BlockingQueue<Event> events = new LinkedBlockingQueue<>();
    Handler handler = new Handler(events);
    try {
      model.chat(request, handler);
    } catch (RuntimeException e) {
      throw Lc4jBridge.error(provider, e);
    }
    try {
      while (true) {
        Event e = events.take();
        switch (e) {
          case Text t -> listener.onText(t.delta());
          case Thinking t -> listener.onThinking(t.delta());
          case Finished f -> {
            return f.response();
          }
          case Failed f -> throw Lc4jBridge.error(provider, f.error());
        }
      }
    } catch (InterruptedException e) {
      handler.cancel();
      throw e;
    } catch (RuntimeException e) {
      // The listener failed: stop reading the stream before passing the failure on.
      handler.cancel();
      throw e;
    }
  }

  private static final class Handler implements StreamingChatResponseHandler {
    private final BlockingQueue<Event> events;
    private final AtomicReference<StreamingHandle> handle = new AtomicReference<>();
    private volatile boolean cancelled;

    Handler(BlockingQueue<Event> events) {
      this.events = events;
    }

    void cancel() {
      cancelled = true;
      StreamingHandle h = handle.get();
      if (h != null) {
        h.cancel();
      }
    }

    private boolean keep(StreamingHandle h) {
      handle.compareAndSet(null, h);
      if (cancelled) {
        h.cancel();
        return false;
      }
      return true;
    }

    @Override
    public void onPartialResponse(PartialResponse partial, PartialResponseContext context) {
      if (keep(context.streamingHandle())) {
        events.add(new Text(partial.text()));
      }
    }

    @Override
    public void onPartialThinking(PartialThinking partial, PartialThinkingContext context) {
      if (keep(context.streamingHandle())) {
        events.add(new Thinking(partial.text()));
      }
    }

    @Override
    public void onPartialToolCall(PartialToolCall partial, PartialToolCallContext context) {
      keep(context.streamingHandle());
    }

    @Override
    public void onCompleteResponse(ChatResponse response) {
      events.add(new Finished(response));
    }

    @Override
    public void onError(Throwable error) {
      events.add(new Failed(error));
    }
  }
}
