package dev.snowchat.mcp;

import java.util.logging.Level;
import java.util.logging.Logger;
import org.slf4j.bridge.SLF4JBridgeHandler;

/**
 * Process-wide logging set-up for Snowchat's runnable programs (the MCP server, the chat app):
 * libraries that log through {@code java.util.logging} (Lucene, the JDK's HTTP client) go through
 * SLF4J, so every line has one format on standard error, and Lucene's start-up notice that the
 * Vector API incubator module is not enabled is not shown (the scalar code it then uses is what
 * the figures in schema-index were measured with; enabling the module makes the JVM print its own
 * incubator warning instead). Hosts that embed the library keep their own logging untouched:
 * nothing here runs unless they call it.
 */
public final class ProcessLogging {
  // Held strongly: java.util.logging keeps loggers weakly, and a collected logger loses its level.
  private static final Logger LUCENE_VECTORIZATION =
      Logger.getLogger("org.apache.lucene.internal.vectorization");
  private static boolean installed;

  private ProcessLogging() {}

  /** Routes {@code java.util.logging} to SLF4J at WARNING and above; idempotent. */
  public static synchronized void install() {
    if (installed) {
      return;
    }
    installed = true;
    SLF4JBridgeHandler.removeHandlersForRootLogger();
    SLF4JBridgeHandler.install();
    Logger.getLogger("").setLevel(Level.WARNING);
    LUCENE_VECTORIZATION.setLevel(Level.SEVERE);
  }
}
