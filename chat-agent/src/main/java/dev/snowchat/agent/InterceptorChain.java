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
import java.util.List;
import java.util.function.Supplier;

/** Runs a call through interceptors, enforcing one proceed() per interceptor (OkHttp). */
final class InterceptorChain {
  /** The real call at the end of the chain. */
  @FunctionalInterface
  interface Terminal {
    Reply call(Call call) throws InterruptedException;
  }

  private InterceptorChain() {}

  static Reply run(List<Interceptor> interceptors, Call call, Supplier<TurnInfo> info,
      Terminal terminal) throws InterruptedException {
    return new Link(interceptors, 0, call, info, terminal).go();
  }

  private static boolean sameKind(Call call, Reply reply) {
    return switch (call) {
      case TurnCall t -> reply instanceof TurnReply;
      case ModelCall m -> reply instanceof ModelReply;
      case ToolCall t -> reply instanceof ToolReply;
    };
  }

  private static final class Link implements Interceptor.Chain {
    private final List<Interceptor> interceptors;
    private final int index;
    private final Call call;
    private final Supplier<TurnInfo> info;
    private final Terminal terminal;
    private int proceeded;

    Link(List<Interceptor> interceptors, int index, Call call, Supplier<TurnInfo> info,
        Terminal terminal) {
      this.interceptors = interceptors;
      this.index = index;
      this.call = call;
      this.info = info;
      this.terminal = terminal;
    }

    Reply go() throws InterruptedException {
      if (index == interceptors.size()) {
        Reply r = terminal.call(call);
        if (!sameKind(call, r)) {
          throw new IllegalStateException("the " + call.kind() + " call returned "
              + r.getClass().getSimpleName());
        }
        return r;
      }
      Interceptor it = interceptors.get(index);
      Reply r = it.intercept(this);
      if (proceeded != 1) {
        throw new IllegalStateException("Interceptor " + it.name()
            + " must call proceed() exactly once, but did not call it (" + call.kind()
            + " call)");
      }
      if (r == null || !sameKind(call, r)) {
        throw new IllegalStateException("Interceptor " + it.name() + " returned "
            + (r == null ? "null" : r.getClass().getSimpleName()) + " for a " + call.kind()
            + " call");
      }
      return r;
    }

    @Override
    public Call call() {
      return call;
    }

    @Override
    public TurnInfo turn() {
      return info.get();
    }

    @Override
    public Reply proceed(Call next) throws InterruptedException {
      Interceptor it = interceptors.get(index);
      if (++proceeded > 1) {
        throw new IllegalStateException("Interceptor " + it.name()
            + " must call proceed() exactly once, but called it " + proceeded + " times ("
            + call.kind() + " call)");
      }
      if (next == null || next.getClass() != call.getClass()) {
        throw new IllegalStateException("Interceptor " + it.name() + " proceeded with "
            + (next == null ? "null" : next.kind()) + " for a " + call.kind() + " call");
      }
      return new Link(interceptors, index + 1, next, info, terminal).go();
    }
  }
}
