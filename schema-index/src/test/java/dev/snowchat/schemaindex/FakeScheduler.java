package dev.snowchat.schemaindex;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;
import java.util.PriorityQueue;
import java.util.concurrent.Callable;
import java.util.concurrent.Delayed;
import java.util.concurrent.Future;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;

/**
 * A scheduler driven by hand on a virtual clock: nothing runs until the test calls {@link
 * #runDue()} or {@link #advance(Duration)}, and tasks run on the test's thread. No sleeps, no
 * timing assertions.
 */
public final class FakeScheduler implements ScheduledExecutorService {
  private final PriorityQueue<Task> queue =
      new PriorityQueue<>(Comparator.comparing((Task t) -> t.due).thenComparing(t -> t.seq));
  private Instant now = Instant.parse("2026-01-01T00:00:00Z");
  private long seq;
  private boolean shutdown;

  /** {@return a clock that reads this scheduler's virtual time} */
  public Clock clock() {
    FakeScheduler self = this;
    return new Clock() {
      @Override
      public ZoneOffset getZone() {
        return ZoneOffset.UTC;
      }

      @Override
      public Clock withZone(java.time.ZoneId zone) {
        return this;
      }

      @Override
      public Instant instant() {
        return self.now;
      }
    };
  }

  /** {@return the virtual time} */
  public Instant now() {
    return now;
  }

  /** {@return the delay from now to the next pending task, or empty when none is pending} */
  public Optional<Duration> nextDelay() {
    return queue.stream().filter(t -> !t.cancelled).min(queue.comparator())
        .map(t -> Duration.between(now, t.due));
  }

  /** {@return the number of pending (not cancelled) tasks} */
  public long pending() {
    return queue.stream().filter(t -> !t.cancelled).count();
  }

  /** Runs every task due now, including tasks they schedule for now. */
  public void runDue() {
    while (true) {
      Task t = queue.peek();
      if (t == null || t.due.isAfter(now)) {
        return;
      }
      queue.poll();
      if (!t.cancelled) {
        t.done = true;
        t.runnable.run();
      }
    }
  }

  /** Moves the virtual time to the next pending task and runs what is due then. */
  public void runNext() {
    nextDelay().ifPresent(this::advance);
  }

  /**
   * Moves the virtual time forward and runs what becomes due, in order.
   *
   * @param d how far
   */
  public void advance(Duration d) {
    Instant target = now.plus(d);
    while (true) {
      Task t = queue.peek();
      while (t != null && t.cancelled) {
        queue.poll();
        t = queue.peek();
      }
      if (t == null || t.due.isAfter(target)) {
        break;
      }
      now = t.due;
      runDue();
    }
    now = target;
  }

  private final class Task implements ScheduledFuture<Object> {
    final Runnable runnable;
    final Instant due;
    final long seq;
    boolean cancelled;
    boolean done;

    Task(Runnable runnable, Instant due, long seq) {
      this.runnable = runnable;
      this.due = due;
      this.seq = seq;
    }

    @Override
    public long getDelay(TimeUnit unit) {
      return unit.convert(Duration.between(now, due));
    }

    @Override
    public int compareTo(Delayed o) {
      return Long.compare(getDelay(TimeUnit.NANOSECONDS), o.getDelay(TimeUnit.NANOSECONDS));
    }

    @Override
    public boolean cancel(boolean mayInterruptIfRunning) {
      if (done) {
        return false;
      }
      cancelled = true;
      return true;
    }

    @Override
    public boolean isCancelled() {
      return cancelled;
    }

    @Override
    public boolean isDone() {
      return done || cancelled;
    }

    @Override
    public Object get() {
      return null;
    }

    @Override
    public Object get(long timeout, TimeUnit unit) {
      return null;
    }
  }

  @Override
  public ScheduledFuture<?> schedule(Runnable command, long delay, TimeUnit unit) {
    if (shutdown) {
      throw new java.util.concurrent.RejectedExecutionException("shut down");
    }
    Task t = new Task(command, now.plus(Duration.of(delay, unit.toChronoUnit())), seq++);
    queue.add(t);
    return t;
  }

  @Override
  public <V> ScheduledFuture<V> schedule(Callable<V> callable, long delay, TimeUnit unit) {
    throw new UnsupportedOperationException();
  }

  @Override
  public ScheduledFuture<?> scheduleAtFixedRate(Runnable command, long initialDelay, long period,
      TimeUnit unit) {
    throw new UnsupportedOperationException();
  }

  @Override
  public ScheduledFuture<?> scheduleWithFixedDelay(Runnable command, long initialDelay,
      long delay, TimeUnit unit) {
    throw new UnsupportedOperationException();
  }

  @Override
  public void shutdown() {
    shutdown = true;
  }

  @Override
  public List<Runnable> shutdownNow() {
    shutdown = true;
    List<Runnable> out = new ArrayList<>();
    queue.forEach(t -> out.add(t.runnable));
    queue.clear();
    return out;
  }

  @Override
  public boolean isShutdown() {
    return shutdown;
  }

  @Override
  public boolean isTerminated() {
    return shutdown;
  }

  @Override
  public boolean awaitTermination(long timeout, TimeUnit unit) {
    return true;
  }

  @Override
  public <T> Future<T> submit(Callable<T> task) {
    throw new UnsupportedOperationException();
  }

  @Override
  public <T> Future<T> submit(Runnable task, T result) {
    throw new UnsupportedOperationException();
  }

  @Override
  public Future<?> submit(Runnable task) {
    throw new UnsupportedOperationException();
  }

  @Override
  public <T> List<Future<T>> invokeAll(Collection<? extends Callable<T>> tasks) {
    throw new UnsupportedOperationException();
  }

  @Override
  public <T> List<Future<T>> invokeAll(Collection<? extends Callable<T>> tasks, long timeout,
      TimeUnit unit) {
    throw new UnsupportedOperationException();
  }

  @Override
  public <T> T invokeAny(Collection<? extends Callable<T>> tasks) {
    throw new UnsupportedOperationException();
  }

  @Override
  public <T> T invokeAny(Collection<? extends Callable<T>> tasks, long timeout, TimeUnit unit) {
    throw new UnsupportedOperationException();
  }

  @Override
  public void execute(Runnable command) {
    schedule(command, 0, TimeUnit.MILLISECONDS);
  }
}
