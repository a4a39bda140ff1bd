package dev.snowchat.mcp;

import dev.snowchat.schemaindex.EmbeddingProviders;
import java.time.Duration;
import sun.misc.Signal;

/**
 * How Snowchat's runnable programs (the MCP server, the chat app) end: the embedding model's
 * native calls in progress (a model loading or a batch embedding in the index's background
 * thread) return before the JVM starts its exit, whether the program ends by itself (its input
 * closed, a one-shot command done) or on {@code SIGTERM}, {@code SIGINT} or {@code SIGHUP}.
 * Without it, ONNX Runtime's own shutdown hook releases its native state under such a call and the
 * process dies with SIGSEGV (see {@link EmbeddingProviders#shutdown}). Hosts that embed the
 * library keep their own exit: nothing here runs unless they call it.
 */
public final class ProcessExit {
  /** How long an exit waits for model calls in progress (a cold model load is about 1 s). */
  public static final Duration MODEL_WAIT = Duration.ofSeconds(20);

  private static boolean installed;

  private ProcessExit() {}

  /**
   * Makes {@code SIGTERM}, {@code SIGINT} and {@code SIGHUP} exit through {@link #exit} with the
   * shell's code for the signal (128 + its number), as the JVM's own handling would, after model
   * calls in progress return; shutdown hooks run as before. Idempotent. A signal the JVM does not
   * let a program handle (for instance under {@code -Xrs}) keeps the JVM's handling.
   */
  public static synchronized void install() {
    if (installed) {
      return;
    }
    installed = true;
    for (String name : new String[] {"TERM", "INT", "HUP"}) {
      try {
        Signal.handle(new Signal(name), s -> exit(128 + s.getNumber()));
      } catch (IllegalArgumentException e) {
        // Reserved or unknown here: the JVM's handling stays.
      }
    }
  }

  /**
   * Waits (at most {@link #MODEL_WAIT}) for model calls in progress, refuses new ones, then exits.
   *
   * @param code the exit code
   */
  public static void exit(int code) {
    if (!EmbeddingProviders.shutdown(MODEL_WAIT)) {
      System.err.println("snowchat: an embedding model call did not return within "
          + MODEL_WAIT.toSeconds() + " s; exiting anyway");
    }
    System.exit(code);
  }
}
