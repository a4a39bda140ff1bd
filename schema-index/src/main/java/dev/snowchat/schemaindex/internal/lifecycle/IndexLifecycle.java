package dev.snowchat.schemaindex.internal.lifecycle;

import static java.util.Objects.requireNonNull;

import dev.snowchat.schemaindex.Catalog;
import dev.snowchat.schemaindex.CatalogSnapshot;
import dev.snowchat.schemaindex.CatalogSource;
import dev.snowchat.schemaindex.IndexErrorCode;
import dev.snowchat.schemaindex.LoadState;
import dev.snowchat.schemaindex.QualifiedName;
import dev.snowchat.schemaindex.TableInfo;
import dev.snowchat.schemaindex.TableStamp;
import dev.snowchat.schemaindex.internal.source.SourceErrors;
import dev.snowchat.sqlgate.ErrorCode;
import dev.snowchat.sqlgate.SnowchatException;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.ReentrantLock;
import org.jspecify.annotations.Nullable;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Loads a catalog in the background, retries with capped exponential backoff, polls change
 * stamps and applies changes incrementally. Every task runs on the scheduler, one at a time
 * (serialized by a lock, so a multi-threaded scheduler is safe too); callers read the volatile
 * state and served index, and {@link #start()} and {@link #refreshNow()} only schedule, so no
 * caller ever waits for the source.
 *
 * <p>First load: optionally a snapshot file (served at once, then refreshed from the source by a
 * poll), else {@link CatalogSource#load()}. Failures: permanent ones ({@link
 * SnowchatException#isRetryable()} false, or an {@link IllegalArgumentException} / {@link
 * IllegalStateException} from the source) are not retried; others are retried after {@code
 * initial * 2^(n-1)} capped at {@code max}, up to {@code maxRetries} times. Polls: {@link
 * CatalogSource#stamps()}; stamps equal to the last ones read (compared as a map, in any order)
 * end the poll; otherwise only added and changed tables are read ({@link
 * CatalogSource#loadTables}), unchanged ones are carried forward ({@link Catalog#with}), and the
 * served index is updated, not rebuilt. A failed
 * poll keeps the last good index (state {@link LoadState.Degraded}) and is retried with the same
 * backoff, never later than the poll interval.
 *
 * @param <S> the served index
 */
public final class IndexLifecycle<S> implements AutoCloseable {
  private static final Logger LOG = LoggerFactory.getLogger(IndexLifecycle.class);

  /**
   * Timing of the lifecycle.
   *
   * @param pollInterval time between polls; zero disables polling
   * @param initialBackoff the first retry delay
   * @param maxBackoff the largest retry delay
   * @param maxRetries retries of a failed load before giving up
   * @param snapshot a snapshot file to serve before the first load, or null
   */
  public record Config(Duration pollInterval, Duration initialBackoff, Duration maxBackoff,
      int maxRetries, @Nullable Path snapshot) {
    /** Validates the fields. */
    public Config {
      requireNonNull(pollInterval, "pollInterval is null");
      requireNonNull(initialBackoff, "initialBackoff is null");
      requireNonNull(maxBackoff, "maxBackoff is null");
      if (pollInterval.isNegative() || initialBackoff.isNegative() || initialBackoff.isZero()
          || maxBackoff.compareTo(initialBackoff) < 0 || maxRetries < 0) {
        throw new IllegalArgumentException("invalid lifecycle timing: " + pollInterval + ", "
            + initialBackoff + ", " + maxBackoff + ", " + maxRetries);
      }
    }
  }

  /**
   * The served catalog and its index.
   *
   * @param catalog the catalog
   * @param index the derived index
   * @param <S> the index type
   */
  public record Served<S>(Catalog catalog, S index) {}

  private final CatalogSource source;
  private final Derived<S> derived;
  private final Config config;
  private final ScheduledExecutorService scheduler;
  private final boolean ownsScheduler;
  private final Clock clock;
  /** Guards the short-lived scheduling fields below; never held while the source is read. */
  private final Object lock = new Object();
  /** Serializes task bodies (load, poll) and close(). */
  private final ReentrantLock runLock = new ReentrantLock();

  private volatile LoadState state = new LoadState.Unloaded();
  private volatile @Nullable Served<S> served;

  // Guarded by lock.
  private boolean started;
  private boolean closed;
  private boolean running;
  private boolean rerun;
  private long generation;
  private @Nullable ScheduledFuture<?> pending;
  private List<CompletableFuture<LoadState>> waiters = new ArrayList<>();
  private List<CompletableFuture<LoadState>> nextWaiters = new ArrayList<>();

  // Guarded by runLock.
  private boolean snapshotTried;
  private int failures;
  /** The stamps as last read: the same read again means no change. */
  private StampDiff stamps = StampDiff.of(List.of());
  private @Nullable Instant loadedAt;
  private String origin = "";

  /**
   * Creates a lifecycle; nothing runs before {@link #start()}.
   *
   * @param source the catalog source, closed by {@link #close()}
   * @param derived builds and updates the served index
   * @param config timing
   * @param scheduler runs the tasks
   * @param ownsScheduler whether {@link #close()} shuts the scheduler down
   * @param clock the time for states
   */
  public IndexLifecycle(CatalogSource source, Derived<S> derived, Config config,
      ScheduledExecutorService scheduler, boolean ownsScheduler, Clock clock) {
    this.source = requireNonNull(source, "source is null");
    this.derived = requireNonNull(derived, "derived is null");
    this.config = requireNonNull(config, "config is null");
    this.scheduler = requireNonNull(scheduler, "scheduler is null");
    this.ownsScheduler = ownsScheduler;
    this.clock = requireNonNull(clock, "clock is null");
  }

  /** {@return the state} */
  public LoadState state() {
    return state;
  }

  /** {@return the served catalog and index, or null when none is loaded} */
  public @Nullable Served<S> served() {
    return served;
  }

  /** Schedules the first load and returns at once; later calls do nothing. */
  public void start() {
    synchronized (lock) {
      if (closed) {
        throw new IllegalStateException("the schema index is closed");
      }
      if (started) {
        return;
      }
      started = true;
      state = new LoadState.Loading(1, clock.instant());
      schedule(Duration.ZERO);
    }
  }

  /**
   * Reads the source now (a poll when an index is served, else a load), without waiting.
   *
   * @return completes with the state after that read
   */
  public CompletableFuture<LoadState> refreshNow() {
    CompletableFuture<LoadState> f = new CompletableFuture<>();
    synchronized (lock) {
      if (closed) {
        throw new IllegalStateException("the schema index is closed");
      }
      if (!started) {
        started = true;
        state = new LoadState.Loading(1, clock.instant());
      }
      if (running) {
        nextWaiters.add(f);
        rerun = true;
      } else {
        waiters.add(f);
        schedule(Duration.ZERO);
      }
    }
    return f;
  }

  /**
   * Cancels what is scheduled, waits for a running load or poll to end (an own scheduler is
   * interrupted first), and releases the index and the source. Idempotent.
   */
  @Override
  public void close() {
    List<CompletableFuture<LoadState>> orphans;
    synchronized (lock) {
      if (closed) {
        return;
      }
      closed = true;
      if (pending != null) {
        pending.cancel(false);
        pending = null;
      }
      orphans = new ArrayList<>(waiters);
      orphans.addAll(nextWaiters);
      waiters.clear();
      nextWaiters.clear();
    }
    if (ownsScheduler) {
      scheduler.shutdownNow();
    }
    orphans.forEach(f -> f.completeExceptionally(
        new IllegalStateException("the schema index was closed")));
    Served<S> last;
    runLock.lock();
    try {
      last = served;
      served = null;
    } finally {
      runLock.unlock();
    }
    if (last != null) {
      derived.close(last.index());
    }
    try {
      source.close();
    } catch (RuntimeException e) {
      LOG.warn("Closing catalog source {} failed: {}", source.name(),
          SourceErrors.sanitize(e.getMessage()));
    }
  }

  /**
   * Replaces the served index, on the scheduler and between loads and polls (never during one):
   * {@code change} receives the served catalog and index and returns the index to serve instead
   * (or the same one to keep it). The lifecycle does not close the replaced index; {@code change}
   * does when it may. Used to swap a keyword-only index for a full one once its vectors are
   * computed in the background.
   *
   * @param change computes the new index
   * @return completes with true when the index was replaced, false when nothing was served or
   *     the lifecycle is closed
   */
  public CompletableFuture<Boolean> replaceIndex(
      java.util.function.Function<Served<S>, S> change) {
    requireNonNull(change, "change is null");
    CompletableFuture<Boolean> f = new CompletableFuture<>();
    Runnable task = () -> {
      runLock.lock();
      try {
        Served<S> current = served;
        if (isClosed() || current == null) {
          f.complete(false);
          return;
        }
        S next = change.apply(current);
        if (next == current.index()) {
          f.complete(false);
          return;
        }
        served = new Served<>(current.catalog(), next);
        f.complete(true);
      } catch (RuntimeException | Error e) {
        LOG.error("Schema index: replacing the served index failed", e);
        f.completeExceptionally(e);
      } finally {
        runLock.unlock();
      }
    };
    try {
      scheduler.execute(task);
    } catch (RejectedExecutionException e) {
      f.complete(false);
    }
    return f;
  }

  /** Replaces whatever is pending with a task after {@code delay}. */
  private void schedule(Duration delay) {
    synchronized (lock) {
      if (closed) {
        return;
      }
      if (pending != null) {
        pending.cancel(false);
      }
      // A task that already fired cannot be cancelled; the generation makes it a no-op instead,
      // so that there is never more than one chain of polls.
      long gen = ++generation;
      try {
        pending = scheduler.schedule(() -> runTask(gen), delay.toMillis(), TimeUnit.MILLISECONDS);
      } catch (RejectedExecutionException e) {
        pending = null;
        LOG.warn("Schema index scheduler refused a task; is it shut down?");
      }
    }
  }

  private void runTask(long gen) {
    synchronized (lock) {
      if (closed || gen != generation) {
        return;
      }
      pending = null;
      running = true;
    }
    runLock.lock();
    try {
      if (!isClosed()) {
        if (served == null) {
          load();
        } else {
          poll();
        }
      }
    } catch (RuntimeException | Error e) {
      // Bugs in the derived index must not kill the scheduler thread silently.
      LOG.error("Schema index task failed unexpectedly", e);
      onFailure(e, served != null);
    } finally {
      runLock.unlock();
    }
    LoadState result;
    List<CompletableFuture<LoadState>> done;
    synchronized (lock) {
      running = false;
      result = state;
      done = waiters;
      waiters = nextWaiters;
      nextWaiters = new ArrayList<>();
      if (rerun) {
        rerun = false;
        schedule(Duration.ZERO);
      }
    }
    done.forEach(f -> f.complete(result));
  }

  private boolean isClosed() {
    synchronized (lock) {
      return closed;
    }
  }

  private void load() {
    state = new LoadState.Loading(failures + 1, clock.instant());
    if (config.snapshot() != null && !snapshotTried) {
      snapshotTried = true;
      try {
        Catalog snapshot = CatalogSnapshot.read(config.snapshot());
        install(snapshot, source.stampsOf(snapshot), "snapshot");
        LOG.info("Schema index serving {} tables from snapshot {}; refreshing from {}",
            snapshot.size(), config.snapshot(), source.name());
        schedule(Duration.ZERO);
        return;
      } catch (RuntimeException e) {
        LOG.warn("Cannot use catalog snapshot {}: {}; loading from {}", config.snapshot(),
            SourceErrors.sanitize(e.getMessage()), source.name());
      }
    }
    try {
      Catalog catalog = source.load();
      install(catalog, source.stampsOf(catalog), source.name());
      LOG.info("Schema index loaded {} tables from {}", catalog.size(), source.name());
      schedulePoll();
    } catch (RuntimeException e) {
      onFailure(e, false);
    }
  }

  private void install(Catalog catalog, List<TableStamp> newStamps, String from) {
    S index = derived.build(catalog);
    Instant now = clock.instant();
    served = new Served<>(catalog, index);
    stamps = StampDiff.of(newStamps);
    loadedAt = now;
    origin = from;
    failures = 0;
    state = new LoadState.Ready(catalog.size(), now, now, from);
  }

  private void poll() {
    Served<S> current = requireNonNull(served);
    try {
      StampDiff.Diff diff = stamps.compare(source.stamps());
      Instant now = clock.instant();
      if (diff.isEmpty()) {
        LOG.debug("Schema poll of {}: no change", source.name());
      } else {
        apply(current, diff);
      }
      origin = source.name();
      failures = 0;
      state = new LoadState.Ready(requireNonNull(served).catalog().size(),
          requireNonNull(loadedAt), now, origin);
      schedulePoll();
    } catch (RuntimeException e) {
      onFailure(e, true);
    }
  }

  private void apply(Served<S> current, StampDiff.Diff diff) {
    Set<QualifiedName> toLoad = new TreeSet<>(diff.added());
    toLoad.addAll(diff.changed());
    Map<QualifiedName, TableInfo> loaded = new HashMap<>();
    if (!toLoad.isEmpty()) {
      for (TableInfo t : source.loadTables(toLoad).tables()) {
        if (toLoad.contains(t.id())) {
          loaded.put(t.id(), t);
        }
      }
    }
    Set<QualifiedName> removed = new TreeSet<>(diff.removed());
    Set<QualifiedName> unreadable = new TreeSet<>();
    for (QualifiedName id : toLoad) {
      if (!loaded.containsKey(id)) {
        // Gone between the stamps and the read (or not a table the source lists): drop it and
        // mark its stamp, so that a later change of the stamps asks for it again.
        unreadable.add(id);
        if (current.catalog().table(id).isPresent()) {
          removed.add(id);
        }
      }
    }
    Set<QualifiedName> changedOrAdded = new TreeSet<>(loaded.keySet());
    if (!changedOrAdded.isEmpty() || !removed.isEmpty()) {
      Catalog next = current.catalog().with(loaded.values(), removed);
      S index = derived.update(current.index(), next, changedOrAdded, removed);
      served = new Served<>(next, index);
      loadedAt = clock.instant();
      LOG.info("Schema index updated from {}: {} added or changed, {} removed, {} tables",
          source.name(), changedOrAdded.size(), removed.size(), next.size());
    }
    stamps.record(diff, unreadable);
  }

  private void schedulePoll() {
    if (!config.pollInterval().isZero()) {
      schedule(config.pollInterval());
    }
  }

  private void onFailure(Throwable e, boolean serving) {
    if (isClosed()) {
      // A read cut short by close() (the pool shutting down, the thread interrupted) is the
      // normal end of a process, not a failure worth a warning or a retry.
      LOG.debug("Schema index: {} read ended by close: {}", source.name(), message(e));
      return;
    }
    failures++;
    ErrorCode code = code(e);
    boolean permanent = isPermanent(e);
    String message = message(e);
    Instant now = clock.instant();
    Duration delay = null;
    if (!permanent) {
      Duration backoff = backoff(failures);
      if (serving && !config.pollInterval().isZero()) {
        delay = backoff.compareTo(config.pollInterval()) < 0 ? backoff : config.pollInterval();
      } else if (failures <= config.maxRetries()) {
        delay = backoff;
      }
    }
    Instant next = delay == null ? null : now.plus(delay);
    if (serving) {
      Served<S> s = requireNonNull(served);
      state = new LoadState.Degraded(s.catalog().size(), requireNonNull(loadedAt), message, code,
          permanent, failures, next);
    } else {
      state = new LoadState.Failed(message, code, permanent, failures, next);
    }
    if (permanent) {
      LOG.error("Schema index: {} failed permanently, not retrying: {}", source.name(), message);
    } else if (next == null) {
      LOG.error("Schema index: {} failed {} times, giving up: {}", source.name(), failures,
          message);
    } else {
      LOG.warn("Schema index: reading {} failed (attempt {}), retrying in {} s: {}",
          source.name(), failures, delay.toSeconds(), message);
    }
    if (delay != null) {
      schedule(delay);
    }
  }

  /**
   * The retry delay after {@code failures} failures in a row: initial, doubled each time, capped.
   *
   * @param failures the number of failures, from 1
   * @return the delay
   */
  Duration backoff(int failures) {
    Duration d = config.initialBackoff();
    for (int i = 1; i < failures && d.compareTo(config.maxBackoff()) < 0; i++) {
      d = d.multipliedBy(2);
    }
    return d.compareTo(config.maxBackoff()) > 0 ? config.maxBackoff() : d;
  }

  static boolean isPermanent(Throwable e) {
    if (e instanceof SnowchatException s) {
      return !s.isRetryable();
    }
    return e instanceof IllegalArgumentException || e instanceof IllegalStateException;
  }

  static ErrorCode code(Throwable e) {
    if (e instanceof SnowchatException s) {
      return s.code();
    }
    return e instanceof IllegalArgumentException || e instanceof IllegalStateException
        ? IndexErrorCode.CONFIGURATION : IndexErrorCode.SOURCE_FAILED;
  }

  static String message(Throwable e) {
    if (e instanceof SnowchatException) {
      return SourceErrors.sanitize(e.getMessage());
    }
    String m = e instanceof UncheckedIOException && e.getCause() != null
        ? e.getCause().getMessage() : e.getMessage();
    return e.getClass().getSimpleName() + ": " + SourceErrors.sanitize(m);
  }
}
