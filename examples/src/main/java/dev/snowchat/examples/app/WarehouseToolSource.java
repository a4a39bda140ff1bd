package dev.snowchat.examples.app;

import static java.util.Objects.requireNonNull;

import dev.snowchat.agent.Tool;
import dev.snowchat.agent.ToolContext;
import dev.snowchat.agent.ToolOutcome;
import dev.snowchat.agent.ToolSource;
import dev.snowchat.agent.ToolSpec;
import dev.snowchat.mcp.CallContext;
import dev.snowchat.mcp.CancelSignal;
import dev.snowchat.mcp.SnowchatMcpServer;
import dev.snowchat.mcp.ToolDefinition;
import dev.snowchat.mcp.ToolResult;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The warehouse tools of a {@link SnowchatMcpServer} as chat-agent {@link Tool}s, called
 * in-process (no MCP subprocess). Each call carries the turn's query tag (Snowflake {@code
 * QUERY_TAG}) and runs on its own virtual thread; when the agent's thread is interrupted (the
 * turn was stopped or the browser went away) the call's running statement is cancelled on the
 * server and the interrupt is passed on. A tool error keeps its stable code in the outcome's
 * structured content in the shape an MCP client gets ({@code {"error": {"code": "QUERY_REFUSED",
 * "message": ...}}}).
 */
public final class WarehouseToolSource implements ToolSource {
  private static final Logger LOG = LoggerFactory.getLogger(WarehouseToolSource.class);
  /** How long an interrupted call may take to wind down after its statement was cancelled. */
  private static final Duration CANCEL_GRACE = Duration.ofSeconds(10);

  private final SnowchatMcpServer server;
  private final List<Tool> tools;

  /**
   * Adapts a server's tools.
   *
   * @param server the server; the source does not close it
   */
  public WarehouseToolSource(SnowchatMcpServer server) {
    this.server = requireNonNull(server, "server is null");
    this.tools = server.tools().stream().map(d -> (Tool) new Adapted(d)).toList();
  }

  @Override
  public List<Tool> tools() {
    return tools;
  }

  private final class Adapted implements Tool {
    private final ToolDefinition definition;
    private final ToolSpec spec;

    Adapted(ToolDefinition d) {
      this.definition = d;
      this.spec = new ToolSpec(d.name(), d.description(), d.inputSchema(), d.readOnly());
    }

    @Override
    public ToolSpec spec() {
      return spec;
    }

    @Override
    public ToolOutcome call(Map<String, Object> input, ToolContext ctx)
        throws InterruptedException {
      CancelSignal signal = CancelSignal.create();
      CallContext cc = CallContext.none().withCancelSignal(signal);
      try {
        cc = cc.withQueryTag(ctx.queryTag());
      } catch (IllegalArgumentException e) {
        LOG.debug("Query tag {} not usable; the configured tag applies", ctx.queryTag());
      }
      CallContext context = cc;
      CompletableFuture<ToolResult> f = new CompletableFuture<>();
      Thread worker = Thread.ofVirtual().name("snowchat-tool-" + definition.name()).start(() -> {
        try {
          f.complete(server.call(definition.name(), input, context));
        } catch (Throwable t) {
          f.completeExceptionally(t);
        }
      });
      ToolResult r;
      try {
        r = f.get();
      } catch (InterruptedException e) {
        signal.cancel();
        worker.interrupt();
        try {
          f.get(CANCEL_GRACE.toMillis(), TimeUnit.MILLISECONDS);
        } catch (ExecutionException | TimeoutException | InterruptedException ignored) {
          // The statement was cancelled; whatever the call reports now is moot.
        }
        throw e;
      } catch (ExecutionException e) {
        LOG.warn("Tool {} failed: {}", definition.name(), e.getCause().toString());
        return new ToolOutcome(true, "The tool failed unexpectedly ("
            + e.getCause().getClass().getSimpleName() + "). Try again or try another tool.",
            errorShape("INTERNAL", "The tool failed unexpectedly ("
                + e.getCause().getClass().getSimpleName() + ")."));
      }
      if (r.isError()) {
        return new ToolOutcome(true, r.text(), errorShape(r.errorCode(), r.text()));
      }
      return ToolOutcome.success(r.text(), r.structured());
    }
  }

  /** {@return a tool error's structured content as MCP carries it: {"error": {code, message}}} */
  static Map<String, Object> errorShape(String code, String message) {
    Map<String, Object> error = new LinkedHashMap<>();
    error.put("code", code);
    error.put("message", message);
    return Map.of("error", error);
  }
}
