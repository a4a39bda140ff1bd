package dev.snowchat.examples.agent;

import dev.snowchat.agent.AgentEvent;
import dev.snowchat.agent.ChatAgent;
import dev.snowchat.agent.Tool;
import dev.snowchat.agent.ToolContext;
import dev.snowchat.agent.ToolLoopEngine;
import dev.snowchat.agent.ToolOutcome;
import dev.snowchat.agent.ToolSource;
import dev.snowchat.agent.ToolSpec;
import dev.snowchat.agent.TurnHandle;
import dev.snowchat.agent.testing.ScriptedModelClient;
import java.io.PrintStream;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * The agent with a custom tool: a host's own function (here an exchange-rate lookup) offered to
 * the model next to, or instead of, the warehouse tools. The model is {@link
 * ScriptedModelClient}, so the example runs offline and its output is fixed; in a service the
 * client comes from {@code ModelClientFactory.find("anthropic").create(env)}.
 *
 * <pre>{@code java -cp examples/target/snowchat-app.jar \
 *     dev.snowchat.examples.agent.AgentWithCustomTool}</pre>
 */
public final class AgentWithCustomTool {
  private AgentWithCustomTool() {}

  /** A custom tool: name, description and JSON schema for the model, and the handler. */
  static final class ExchangeRate implements Tool {
    private static final Map<String, Double> EUR_TO = Map.of("USD", 1.08, "GBP", 0.85);

    @Override
    public ToolSpec spec() {
      return new ToolSpec("exchange_rate", "The exchange rate from EUR to a currency (ISO code).",
          Map.of("type", "object",
              "properties", Map.of("currency", Map.of("type", "string")),
              "required", List.of("currency")),
          true);
    }

    @Override
    public ToolOutcome call(Map<String, Object> input, ToolContext context) {
      Object c = input.get("currency");
      Double rate = c instanceof String s ? EUR_TO.get(s) : null;
      return rate == null
          ? ToolOutcome.error("Unknown currency " + c + "; known: " + EUR_TO.keySet())
          : ToolOutcome.success("1 EUR = " + rate + " " + c, Map.of("rate", rate));
    }
  }

  /**
   * Runs one turn and prints its events.
   *
   * @param out where the events go
   * @return the events' JSON, in order
   */
  public static List<String> run(PrintStream out) {
    ScriptedModelClient model = ScriptedModelClient.of(
        ScriptedModelClient.reply().thinking("The user wants USD; I have a rate tool.")
            .toolUse("call-1", "exchange_rate", Map.of("currency", "USD"))
            .stopReason("tool_use"),
        ScriptedModelClient.reply().text("100 EUR is **108 USD** at today's rate.")
            .stopReason("end_turn"));
    List<String> events = new ArrayList<>();
    try (ChatAgent agent = ChatAgent.builder()
        .engine(ToolLoopEngine.builder(model).model("scripted").build())
        .toolSource(ToolSource.of(List.of(new ExchangeRate())))
        .build()) {
      TurnHandle turn = agent.chat("session-1", "alice", "What is 100 EUR in USD?", e -> {
        String json = e.toJsonString();
        events.add(json);
        out.println(json);
      });
      AgentEvent.Done done = turn.completion().join();
      out.println("stop reason: " + done.stopReason());
    }
    return events;
  }

  /**
   * Runs the example.
   *
   * @param args ignored
   */
  public static void main(String[] args) {
    run(System.out);
  }
}
