package dev.snowchat.agent;

import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;

/** A tool with a scripted body that records its calls. */
final class FakeTool implements Tool {
  /** The body of a fake tool. */
  @FunctionalInterface
  interface Body {
    ToolOutcome call(Map<String, Object> input, ToolContext ctx) throws InterruptedException;
  }

  final ToolSpec spec;
  final Body body;
  final List<Map<String, Object>> inputs = new CopyOnWriteArrayList<>();
  final List<ToolContext> contexts = new CopyOnWriteArrayList<>();

  FakeTool(String name, Body body) {
    this.spec = new ToolSpec(name, "fake " + name, Map.of("type", "object"), true);
    this.body = body;
  }

  static FakeTool returning(String name, String text) {
    return new FakeTool(name, (in, ctx) -> ToolOutcome.success(text, Map.of("echo", in)));
  }

  @Override
  public ToolSpec spec() {
    return spec;
  }

  @Override
  public ToolOutcome call(Map<String, Object> input, ToolContext context)
      throws InterruptedException {
    inputs.add(input);
    contexts.add(context);
    return body.call(input, context);
  }
}
