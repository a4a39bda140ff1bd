package dev.snowchat.mcp.internal.sources;

import java.util.function.Supplier;

/**
 * The MCP session a tool call runs for, set by the transport bridge around the call (the SDK's
 * session id: one per stdio process, one per Streamable HTTP session). In-process calls share
 * {@link #IN_PROCESS}.
 */
public final class Sessions {
  /** The session of in-process calls. */
  public static final String IN_PROCESS = "in-process";

  private static final ThreadLocal<String> CURRENT = new ThreadLocal<>();

  private Sessions() {}

  /** {@return the calling thread's session} */
  public static String current() {
    String s = CURRENT.get();
    return s == null ? IN_PROCESS : s;
  }

  /**
   * Runs a call for a session.
   *
   * @param session the session id, or null for in-process
   * @param call the call
   * @param <T> its result type
   * @return its result
   */
  public static <T> T with(@org.jspecify.annotations.Nullable String session, Supplier<T> call) {
    String previous = CURRENT.get();
    if (session == null) {
      CURRENT.remove();
    } else {
      CURRENT.set("mcp:" + session);
    }
    try {
      return call.get();
    } finally {
      if (previous == null) {
        CURRENT.remove();
      } else {
        CURRENT.set(previous);
      }
    }
  }
}
