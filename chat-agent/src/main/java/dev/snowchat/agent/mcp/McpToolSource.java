package dev.snowchat.agent.mcp;

import static java.util.Objects.requireNonNull;

import dev.snowchat.agent.AgentErrorCode;
import dev.snowchat.agent.SnowchatAgentException;
import dev.snowchat.agent.Tool;
import dev.snowchat.agent.ToolContext;
import dev.snowchat.agent.ToolOutcome;
import dev.snowchat.agent.ToolSource;
import dev.snowchat.agent.ToolSpec;
import io.modelcontextprotocol.client.McpAsyncClient;
import io.modelcontextprotocol.client.McpClient;
import io.modelcontextprotocol.client.transport.HttpClientStreamableHttpTransport;
import io.modelcontextprotocol.client.transport.ServerParameters;
import io.modelcontextprotocol.client.transport.StdioClientTransport;
import io.modelcontextprotocol.json.McpJsonDefaults;
import io.modelcontextprotocol.spec.McpClientTransport;
import io.modelcontextprotocol.spec.McpSchema;
import java.net.URI;
import java.net.http.HttpRequest;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.regex.Pattern;
import org.jspecify.annotations.Nullable;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import reactor.core.publisher.Mono;
import tools.jackson.databind.json.JsonMapper;

/**
 * Tools from an MCP server, with the official MCP Java SDK ({@code
 * io.modelcontextprotocol.sdk:mcp}, an optional dependency the host adds): over stdio (a command
 * this source starts) or Streamable HTTP (a URL, with an optional bearer token). The tools are
 * listed once when the source connects and again when the server says they changed.
 *
 * <p>A call's text content becomes {@link ToolOutcome#text()}, its structured content {@link
 * ToolOutcome#structured()}; a result the server marks as an error, a protocol error or a timeout
 * becomes {@link ToolOutcome#error(String)}. An interrupted call stops waiting at once and throws
 * {@link InterruptedException}; the request is abandoned (the SDK drops its response).
 *
 * <pre>{@code
 * ToolSource tools = McpToolSource.stdio(List.of("java", "-jar", "snowchat-mcp.jar"), Map.of(),
 *     Duration.ofSeconds(60));
 * }</pre>
 */
public final class McpToolSource implements ToolSource {
  private static final Logger LOG = LoggerFactory.getLogger(McpToolSource.class);
  private static final JsonMapper JSON = JsonMapper.builder().build();
  private static final Pattern NAME = Pattern.compile("[A-Za-z0-9_-]{1,64}");

  private final McpAsyncClient client;
  private final String description;
  private final Duration timeout;
  private volatile List<Tool> tools = List.of();

  private McpToolSource(McpClientTransport transport, String description, Duration timeout) {
    this.description = description;
    this.timeout = timeout;
    this.client = McpClient.async(transport)
        .requestTimeout(timeout)
        .initializationTimeout(timeout)
        .clientInfo(new McpSchema.Implementation("snowchat-agent", "1"))
        .toolsChangeConsumer(changed -> {
          tools = convert(changed);
          return Mono.empty();
        })
        .build();
    try {
      await(client.initialize().toFuture(), "connect");
      refresh();
    } catch (InterruptedException e) {
      client.close();
      Thread.currentThread().interrupt();
      throw new SnowchatAgentException(AgentErrorCode.CANCELLED, "Interrupted while connecting"
          + " to the MCP server " + description);
    } catch (RuntimeException e) {
      client.close();
      throw e;
    }
  }

  /**
   * Starts an MCP server over stdio and lists its tools.
   *
   * @param command the executable and its arguments
   * @param environment variables added to the server's environment (credentials go here, never
   *     in the command)
   * @param timeout how long connecting, listing and each call may take
   * @return the connected source
   * @throws IllegalArgumentException for an empty command or a non-positive timeout
   * @throws SnowchatAgentException ({@link AgentErrorCode#CONFIGURATION}) when the server cannot
   *     be started or does not answer
   */
  public static McpToolSource stdio(List<String> command, Map<String, String> environment,
      Duration timeout) {
    requireNonNull(command, "command is null");
    requireNonNull(environment, "environment is null");
    checkTimeout(timeout);
    if (command.isEmpty() || command.get(0).isBlank()) {
      throw new IllegalArgumentException("command must name an executable, got " + command);
    }
    ServerParameters params = ServerParameters.builder(command.get(0))
        .args(command.subList(1, command.size()))
        .env(Map.copyOf(environment))
        .build();
    StdioClientTransport transport =
        new StdioClientTransport(params, McpJsonDefaults.getMapper());
    return new McpToolSource(transport, "'" + command.get(0) + "' (stdio)", timeout);
  }

  /**
   * Connects to an MCP server over Streamable HTTP and lists its tools.
   *
   * @param url the endpoint, e.g. {@code http://127.0.0.1:8765/mcp}
   * @param bearerToken the token sent as {@code Authorization: Bearer ...}, or null (a secret:
   *     never logged or put in a message)
   * @param timeout how long connecting, listing and each call may take
   * @return the connected source
   * @throws IllegalArgumentException for a URL that is not absolute http(s) or a non-positive
   *     timeout
   * @throws SnowchatAgentException ({@link AgentErrorCode#CONFIGURATION}) when the server does
   *     not answer or refuses the token
   */
  public static McpToolSource http(URI url, @Nullable String bearerToken, Duration timeout) {
    requireNonNull(url, "url is null");
    checkTimeout(timeout);
    if (!("http".equals(url.getScheme()) || "https".equals(url.getScheme()))
        || url.getHost() == null) {
      throw new IllegalArgumentException("url must be an absolute http(s) URL, got " + url);
    }
    String base = url.getScheme() + "://" + url.getRawAuthority();
    String endpoint = url.getRawPath() == null || url.getRawPath().isEmpty() ? "/mcp"
        : url.getRawPath();
    HttpRequest.Builder request = HttpRequest.newBuilder();
    if (bearerToken != null && !bearerToken.isBlank()) {
      request.header("Authorization", "Bearer " + bearerToken);
    }
    HttpClientStreamableHttpTransport transport = HttpClientStreamableHttpTransport.builder(base)
        .endpoint(endpoint)
        .requestBuilder(request)
        .connectTimeout(timeout)
        .build();
    return new McpToolSource(transport, url.toString(), timeout);
  }

  private static void checkTimeout(Duration timeout) {
    requireNonNull(timeout, "timeout is null");
    if (timeout.isZero() || timeout.isNegative()) {
      throw new IllegalArgumentException("timeout must be positive, got " + timeout);
    }
  }

  /** Lists the server's tools again (all pages). */
  public void refresh() throws InterruptedException {
    List<McpSchema.Tool> all = new ArrayList<>();
    String cursor = null;
    do {
      McpSchema.ListToolsResult page = await(client.listTools(cursor).toFuture(), "list tools");
      all.addAll(page.tools());
      cursor = page.nextCursor();
    } while (cursor != null && !cursor.isEmpty());
    tools = convert(all);
  }

  @Override
  public List<Tool> tools() {
    return tools;
  }

  private List<Tool> convert(List<McpSchema.Tool> listed) {
    List<Tool> out = new ArrayList<>();
    for (McpSchema.Tool t : listed) {
      if (!NAME.matcher(t.name()).matches()) {
        LOG.warn("MCP server {}: tool '{}' skipped, its name is not 1 to 64 letters, digits,"
            + " '_' or '-'", description, t.name());
        continue;
      }
      Map<String, Object> schema = new LinkedHashMap<>();
      if (t.inputSchema() != null) {
        schema.putAll(t.inputSchema());
      }
      schema.putIfAbsent("type", "object");
      if (!"object".equals(schema.get("type"))) {
        LOG.warn("MCP server {}: tool '{}' skipped, its input schema is not an object",
            description, t.name());
        continue;
      }
      String text = t.description() != null ? t.description()
          : t.title() != null ? t.title() : "";
      boolean readOnly = t.annotations() != null
          && Boolean.TRUE.equals(t.annotations().readOnlyHint());
      out.add(new McpTool(new ToolSpec(t.name(), text, schema, readOnly)));
    }
    return List.copyOf(out);
  }

  private final class McpTool implements Tool {
    private final ToolSpec spec;

    McpTool(ToolSpec spec) {
      this.spec = spec;
    }

    @Override
    public ToolSpec spec() {
      return spec;
    }

    @Override
    public ToolOutcome call(Map<String, Object> input, ToolContext context)
        throws InterruptedException {
      McpSchema.CallToolResult result;
      try {
        result = await(client.callTool(new McpSchema.CallToolRequest(spec.name(), input))
            .toFuture(), "call " + spec.name());
      } catch (SnowchatAgentException e) {
        return ToolOutcome.error(e.getMessage());
      }
      return outcome(result);
    }

    @Override
    public String toString() {
      return "McpTool[" + spec.name() + " from " + description + "]";
    }
  }

  static ToolOutcome outcome(McpSchema.CallToolResult result) {
    StringBuilder text = new StringBuilder();
    if (result.content() != null) {
      for (McpSchema.Content c : result.content()) {
        if (c instanceof McpSchema.TextContent t) {
          if (!text.isEmpty()) {
            text.append('\n');
          }
          text.append(t.text());
        }
      }
    }
    Object structured = result.structuredContent();
    if (text.isEmpty() && structured != null) {
      text.append(JSON.writeValueAsString(structured));
    }
    return new ToolOutcome(Boolean.TRUE.equals(result.isError()), text.toString(), structured);
  }

  private <T> T await(CompletableFuture<T> future, String what) throws InterruptedException {
    try {
      return future.get(timeout.toMillis(), TimeUnit.MILLISECONDS);
    } catch (InterruptedException e) {
      future.cancel(true);
      throw e;
    } catch (TimeoutException e) {
      future.cancel(true);
      throw new SnowchatAgentException(AgentErrorCode.CONFIGURATION, "MCP server " + description
          + ": " + what + " took longer than " + timeout, e);
    } catch (ExecutionException e) {
      Throwable cause = e.getCause() == null ? e : e.getCause();
      throw new SnowchatAgentException(AgentErrorCode.CONFIGURATION, "MCP server " + description
          + ": " + what + " failed: " + cause.getMessage(), cause);
    }
  }

  @Override
  public void close() {
    try {
      client.closeGracefully().toFuture().get(timeout.toMillis(), TimeUnit.MILLISECONDS);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    } catch (ExecutionException | TimeoutException e) {
      LOG.debug("MCP server {} did not close gracefully: {}", description, e.toString());
    } finally {
      client.close();
    }
  }

  @Override
  public String toString() {
    return "McpToolSource[" + description + ", " + tools.size() + " tools]";
  }
}
