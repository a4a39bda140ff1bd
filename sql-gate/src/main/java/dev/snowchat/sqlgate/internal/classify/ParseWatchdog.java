package dev.snowchat.sqlgate.internal.classify;

import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.LockSupport;
import net.sf.jsqlparser.parser.CCJSqlParser;

/**
 * Interrupts JSqlParser runs that exceed their budget. One daemon thread ticks every millisecond
 * over the running parses; registering a parse costs two map operations, far cheaper than an
 * executor task per call (JSqlParser's own {@code parse} starts a thread per call).
 */
final class ParseWatchdog {
  private static final ConcurrentHashMap<CCJSqlParser, Long> RUNNING = new ConcurrentHashMap<>();
  private static volatile boolean started;

  private ParseWatchdog() {}

  static void watch(CCJSqlParser parser, long budgetNanos) {
    if (!started) {
      start();
    }
    RUNNING.put(parser, System.nanoTime() + budgetNanos);
  }

  static void done(CCJSqlParser parser) {
    RUNNING.remove(parser);
  }

  private static synchronized void start() {
    if (started) {
      return;
    }
    Thread t = new Thread(ParseWatchdog::tick, "sql-gate-parse-watchdog");
    t.setDaemon(true);
    t.start();
    started = true;
  }

  private static void tick() {
    while (true) {
      LockSupport.parkNanos(TimeUnit.MILLISECONDS.toNanos(1));
      if (RUNNING.isEmpty()) {
        continue;
      }
      long now = System.nanoTime();
      RUNNING.forEach((parser, deadline) -> {
        if (now - deadline > 0) {
          parser.interrupted = true;
        }
      });
    }
  }
}
