package dev.snowchat.mcp.internal.transport;

import jakarta.servlet.FilterChain;
import jakarta.servlet.ServletException;
import jakarta.servlet.ServletOutputStream;
import jakarta.servlet.ServletRequest;
import jakarta.servlet.WriteListener;
import jakarta.servlet.http.HttpServlet;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import jakarta.servlet.http.HttpServletResponseWrapper;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.OutputStreamWriter;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;
import org.jspecify.annotations.Nullable;

/**
 * Turns every HTTP error of the MCP endpoint into a clean JSON-RPC error body: the SDK writes its
 * {@code McpError} exception as JSON (stack trace, library and Java versions included) with a
 * code that does not fit (-32601 for a missing session id), and the servlet container answers
 * other failures with HTML. Clients get {@code {"jsonrpc":"2.0","id":null,"error":{"code","message"}}}
 * with a code chosen by what failed, and nothing internal.
 */
public final class JsonRpcErrors {
  /** JSON-RPC: the body is not JSON. */
  static final int PARSE_ERROR = -32700;
  /** JSON-RPC: not a valid request (includes transport-level bad requests). */
  static final int INVALID_REQUEST = -32600;
  /** JSON-RPC: method not found. */
  static final int METHOD_NOT_FOUND = -32601;
  /** Server-defined: the session is unknown or has ended. */
  static final int SESSION_NOT_FOUND = -32001;
  /** Server-defined: the server is at a limit (sessions); retry later. */
  static final int SERVER_BUSY = -32002;
  /** JSON-RPC: internal error. */
  static final int INTERNAL_ERROR = -32603;

  private JsonRpcErrors() {}

  /** A clean error: the HTTP status, the JSON-RPC code and a message for the client. */
  record Clean(int status, int code, String message) {}

  /**
   * Chooses the clean error for a failed response.
   *
   * @param status the HTTP status the transport chose
   * @param sdkMessage the SDK's own message, if it gave one (untrusted, never echoed raw)
   * @return the error to send
   */
  static Clean classify(int status, @Nullable String sdkMessage) {
    String m = sdkMessage == null ? "" : sdkMessage.toLowerCase(Locale.ROOT);
    if (m.contains("invalid message format") || m.contains("failed to read")
        || m.contains("parse")) {
      return new Clean(400, PARSE_ERROR, "Parse error: the body is not a JSON-RPC 2.0 message");
    }
    if (m.contains("session id required") || m.contains("session id missing")) {
      return new Clean(400, INVALID_REQUEST, "Bad request: send the Mcp-Session-Id header that"
          + " the initialize response gave, or send initialize first");
    }
    if (m.contains("session not found") || status == 404 && m.contains("session")) {
      return new Clean(404, SESSION_NOT_FOUND,
          "Session not found: it ended or never existed; send initialize to start a new one");
    }
    if (m.contains("accept header")) {
      return new Clean(406, INVALID_REQUEST, "Not acceptable: send 'Accept: application/json,"
          + " text/event-stream'");
    }
    if (m.contains("content-type") || m.contains("content type")) {
      return new Clean(415, INVALID_REQUEST,
          "Unsupported media type: send 'Content-Type: application/json'");
    }
    if (m.contains("origin") || m.contains("host")) {
      return new Clean(403, INVALID_REQUEST,
          "Forbidden: the Origin or Host header is not allowed for this server");
    }
    return switch (status) {
      case 401 -> new Clean(401, INVALID_REQUEST,
          "Unauthorized: send Authorization: Bearer <SNOWCHAT_HTTP_TOKEN>");
      case 403 -> new Clean(403, INVALID_REQUEST, "Forbidden");
      case 404 -> new Clean(404, METHOD_NOT_FOUND, "Not found: the MCP endpoint is /mcp");
      case 405 -> new Clean(405, INVALID_REQUEST,
          "Method not allowed: use POST (and GET or DELETE with a session) on /mcp");
      case 406 -> new Clean(406, INVALID_REQUEST, "Not acceptable: send 'Accept:"
          + " application/json, text/event-stream'");
      case 413 -> new Clean(413, INVALID_REQUEST, "Request too large");
      case 431 -> new Clean(431, INVALID_REQUEST, "Request header fields too large");
      case 415 -> new Clean(415, INVALID_REQUEST,
          "Unsupported media type: send 'Content-Type: application/json'");
      default -> status >= 500
          ? new Clean(status, INTERNAL_ERROR, "Internal error; the server log has the details")
          : new Clean(status, INVALID_REQUEST, "Bad request");
    };
  }

  /**
   * Writes a clean error.
   *
   * @param res the response (not yet committed)
   * @param error the error
   * @throws IOException when the client is gone
   */
  static void write(HttpServletResponse response, Clean error) throws IOException {
    HttpServletResponse res = response;
    if (res instanceof CleaningResponse c) { // written clean already: bypass the holding
      c.done = true;
      res = c.target;
    }
    byte[] bytes = body(error);
    res.resetBuffer();
    res.setStatus(error.status());
    res.setContentType("application/json");
    res.setCharacterEncoding("UTF-8");
    res.setContentLength(bytes.length);
    res.getOutputStream().write(bytes);
    res.flushBuffer();
  }

  /**
   * Passes a request on with its error responses cleaned (see {@link CleaningResponse}).
   *
   * @param chain the rest of the chain
   * @param req the request
   * @param res the response
   * @throws IOException when the client is gone
   * @throws ServletException from the servlet
   */
  static void cleaned(FilterChain chain, ServletRequest req, HttpServletResponse res)
      throws IOException, ServletException {
    CleaningResponse wrapped = new CleaningResponse(res);
    try {
      chain.doFilter(req, wrapped);
    } finally {
      wrapped.finish();
    }
  }

  /** {@return the JSON body of a clean error} */
  static byte[] body(Clean error) {
    Map<String, Object> err = new LinkedHashMap<>();
    err.put("code", error.code());
    err.put("message", error.message());
    Map<String, Object> body = new LinkedHashMap<>();
    body.put("jsonrpc", "2.0");
    body.put("id", null);
    body.put("error", err);
    try {
      return McpBridge.mapper().writeValueAsString(body).getBytes(StandardCharsets.UTF_8);
    } catch (IOException e) {
      throw new java.io.UncheckedIOException(e); // a map of strings and a number
    }
  }

  /** Answers every path but the endpoint with a JSON 404. */
  static HttpServlet notFound() {
    return new HttpServlet() {
      private static final long serialVersionUID = 1L;

      @Override
      protected void service(HttpServletRequest req, HttpServletResponse res) throws IOException {
        write(res, classify(404, null));
      }
    };
  }

  /**
   * Passes successful responses (including SSE streams) straight through; an error response's
   * body is held back and replaced by a clean one when the transport flushes it or the request
   * ends.
   */
  private static final class CleaningResponse extends HttpServletResponseWrapper {
    private final HttpServletResponse target;
    private @Nullable ByteArrayOutputStream held;
    private boolean done;

    CleaningResponse(HttpServletResponse target) {
      super(target);
      this.target = target;
    }

    private boolean failing() {
      return target.getStatus() >= 400;
    }

    @Override
    public void sendError(int sc, String msg) throws IOException {
      done = true;
      write(target, classify(sc, msg));
    }

    @Override
    public void sendError(int sc) throws IOException {
      done = true;
      write(target, classify(sc, null));
    }

    @Override
    public ServletOutputStream getOutputStream() throws IOException {
      if (!failing()) {
        return super.getOutputStream();
      }
      ByteArrayOutputStream buf = hold();
      return new ServletOutputStream() {
        @Override
        public void write(int b) {
          buf.write(b);
        }

        @Override
        public void write(byte[] b, int off, int len) {
          buf.write(b, off, len);
        }

        @Override
        public void flush() throws IOException {
          finish();
        }

        @Override
        public void close() throws IOException {
          finish();
        }

        @Override
        public boolean isReady() {
          return true;
        }

        @Override
        public void setWriteListener(WriteListener listener) {
          throw new IllegalStateException("error bodies are written synchronously");
        }
      };
    }

    @Override
    public PrintWriter getWriter() throws IOException {
      if (!failing()) {
        return super.getWriter();
      }
      ByteArrayOutputStream buf = hold();
      return new PrintWriter(new OutputStreamWriter(buf, StandardCharsets.UTF_8) {
        @Override
        public void flush() throws IOException {
          super.flush();
          finish();
        }

        @Override
        public void close() throws IOException {
          super.flush();
          finish();
        }
      });
    }

    private ByteArrayOutputStream hold() {
      if (held == null) {
        held = new ByteArrayOutputStream();
      }
      return held;
    }

    /** Replaces a held error body by the clean one, once. */
    void finish() throws IOException {
      if (done || held == null) {
        return;
      }
      done = true;
      write(target, classify(target.getStatus(), sdkMessage(held.toByteArray())));
    }

    private static @Nullable String sdkMessage(byte[] body) {
      try {
        Object v = McpBridge.mapper().readValue(new String(body, StandardCharsets.UTF_8),
            Object.class);
        if (v instanceof Map<?, ?> m) {
          Object rpc = m.get("jsonRpcError");
          if (rpc instanceof Map<?, ?> r && r.get("message") instanceof String s) {
            return s;
          }
          if (m.get("message") instanceof String s) {
            return s;
          }
          if (m.get("error") instanceof Map<?, ?> e && e.get("message") instanceof String s) {
            return s;
          }
        }
      } catch (IOException | RuntimeException e) {
        // not JSON: classified by status alone
      }
      return null;
    }
  }
}
