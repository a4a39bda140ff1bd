package dev.snowchat.sqlgate.internal.exec;

import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.ScheduledThreadPoolExecutor;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.ReentrantLock;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Cancels a statement at its deadline, because a driver's own query timeout is not always
 * enforced. At the deadline it calls {@link Statement#cancel()} (which cancels on the server:
 * Snowflake aborts the query, PostgreSQL sends a cancel request, DuckDB interrupts); if the
 * statement is still running {@link #ABORT_GRACE} later, it aborts the connection.
 */
final class Watchdog {
  private static final Logger LOG = LoggerFactory.getLogger(Watchdog.class);

  /** How long after the cancel the connection is aborted when the statement still runs. */
  static final Duration ABORT_GRACE = Duration.ofSeconds(10);

  private static final ScheduledThreadPoolExecutor TIMER = newTimer();

  private Watchdog() {}

  private static ScheduledThreadPoolExecutor newTimer() {
    ScheduledThreadPoolExecutor t = new ScheduledThreadPoolExecutor(1, r -> {
      Thread th = new Thread(r, "snowchat-sqlgate-watchdog");
      th.setDaemon(true);
      return th;
    });
    t.setRemoveOnCancelPolicy(true);
    return t;
  }

  /**
   * Arms a watchdog for one statement.
   *
   * @param statement the statement about to run
   * @param connection its connection, aborted as a last resort
   * @param timeout the time allowed from now
   * @return the guard; {@link Guard#disarm()} it before closing the statement
   */
  static Guard arm(Statement statement, Connection connection, Duration timeout) {
    return arm(statement, connection, timeout, ABORT_GRACE);
  }

  /** As {@link #arm(Statement, Connection, Duration)}, with another grace before the abort. */
  static Guard arm(Statement statement, Connection connection, Duration timeout,
      Duration grace) {
    Guard g = new Guard(statement, connection, grace);
    long nanos = timeout.toNanos();
    g.cancelTask = TIMER.schedule(g::onDeadline, nanos, TimeUnit.NANOSECONDS);
    g.abortTask = TIMER.schedule(g::onGraceOver, nanos + grace.toNanos(),
        TimeUnit.NANOSECONDS);
    return g;
  }

  /** One armed watchdog. */
  static final class Guard {
    private final Statement statement;
    private final Connection connection;
    private final Duration grace;
    // Held while cancelling, so that disarm() (and the close after it) never races a cancel.
    private final ReentrantLock lock = new ReentrantLock();
    private volatile boolean done;
    private volatile boolean fired;
    private volatile ScheduledFuture<?> cancelTask;
    private volatile ScheduledFuture<?> abortTask;

    private Guard(Statement statement, Connection connection, Duration grace) {
      this.statement = statement;
      this.connection = connection;
      this.grace = grace;
    }

    /** {@return true when the deadline passed before {@link #disarm()}} */
    boolean fired() {
      return fired;
    }

    private void onDeadline() {
      if (done) {
        return;
      }
      fired = true;
      // Cancelling may block (PostgreSQL opens a socket): keep the timer thread free.
      Thread.ofVirtual().name("snowchat-sqlgate-cancel").start(this::cancel);
    }

    private void cancel() {
      lock.lock();
      try {
        if (!done) {
          statement.cancel();
        }
      } catch (SQLException | RuntimeException e) {
        LOG.debug("Cancelling a statement at its deadline failed", e);
      } finally {
        lock.unlock();
      }
    }

    private void onGraceOver() {
      if (done) {
        return;
      }
      LOG.warn("A statement still ran {} after it was cancelled at its deadline; aborting its"
          + " connection", grace);
      try {
        connection.abort(r -> Thread.ofVirtual().name("snowchat-sqlgate-abort").start(r));
      } catch (SQLException | RuntimeException e) {
        LOG.debug("Aborting a connection failed", e);
      }
    }

    /**
     * Stops the watchdog. Waits for a cancel already in progress, so that the statement can be
     * closed safely afterwards.
     */
    void disarm() {
      done = true;
      ScheduledFuture<?> c = cancelTask;
      ScheduledFuture<?> a = abortTask;
      if (c != null) {
        c.cancel(false);
      }
      if (a != null) {
        a.cancel(false);
      }
      lock.lock();
      lock.unlock();
    }
  }
}
