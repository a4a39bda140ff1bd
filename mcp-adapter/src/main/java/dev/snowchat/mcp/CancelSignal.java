package dev.snowchat.mcp;

import static java.util.Objects.requireNonNull;

import java.util.ArrayList;
import java.util.List;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * A way for an in-process caller to stop a tool call's running query from another thread: put it
 * in the {@link CallContext}, then {@link #cancel()} it (an agent loop does so when its turn is
 * cancelled or its thread interrupted). Cancelling calls {@link java.sql.Statement#cancel()} on
 * every statement the call has open, which stops it on the server (Snowflake aborts the query,
 * PostgreSQL sends a cancel request, DuckDB interrupts), and makes statements created afterwards
 * cancel at once. Metadata lookups on the system pool are short and are not cancelled. Thread-safe.
 */
public final class CancelSignal {
  private static final Logger LOG = LoggerFactory.getLogger(CancelSignal.class);

  private final List<Runnable> actions = new ArrayList<>();
  private boolean cancelled;

  private CancelSignal() {}

  /** {@return a new signal, not cancelled} */
  public static CancelSignal create() {
    return new CancelSignal();
  }

  /** Cancels: runs every registered action once. Later calls do nothing. */
  public void cancel() {
    List<Runnable> run;
    synchronized (this) {
      if (cancelled) {
        return;
      }
      cancelled = true;
      run = List.copyOf(actions);
      actions.clear();
    }
    for (Runnable r : run) {
      try {
        r.run();
      } catch (RuntimeException e) {
        LOG.debug("A cancel action failed", e);
      }
    }
  }

  /** {@return true once {@link #cancel()} was called} */
  public synchronized boolean isCancelled() {
    return cancelled;
  }

  /** {@return true while actions wait for a cancel (a statement of the call is open)} */
  synchronized boolean hasRegistrations() {
    return !actions.isEmpty();
  }

  /**
   * Registers an action to run on cancel; it runs at once, on this thread, when already cancelled.
   *
   * @param action what to run, e.g. a statement's cancel
   * @return a handle that unregisters the action when closed
   */
  public Registration onCancel(Runnable action) {
    requireNonNull(action, "action is null");
    synchronized (this) {
      if (!cancelled) {
        actions.add(action);
        return () -> {
          synchronized (CancelSignal.this) {
            actions.remove(action);
          }
        };
      }
    }
    action.run();
    return () -> {};
  }

  /** Unregisters a cancel action. */
  @FunctionalInterface
  public interface Registration extends AutoCloseable {
    /** Unregisters the action; does nothing when it already ran. */
    @Override
    void close();
  }
}
