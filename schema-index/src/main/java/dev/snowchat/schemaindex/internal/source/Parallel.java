package dev.snowchat.schemaindex.internal.source;

import dev.snowchat.schemaindex.IndexErrorCode;
import dev.snowchat.sqlgate.SnowchatException;
import java.sql.Connection;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.ThreadFactory;
import java.util.concurrent.atomic.AtomicInteger;
import javax.sql.DataSource;

/**
 * Runs metadata tasks at bounded concurrency, each on a connection of its own, and turns the first
 * failure into a {@link SnowchatException} (cancelling the rest). One instance per load.
 */
final class Parallel implements AutoCloseable {
  /** A unit of work on one connection. */
  @FunctionalInterface
  interface Task<I, O> {
    O run(Connection c, I input) throws SQLException;
  }

  private static final AtomicInteger POOLS = new AtomicInteger();

  private final String sourceName;
  private final DataSource dataSource;
  private final ExecutorService executor;

  Parallel(String sourceName, DataSource dataSource, int concurrency) {
    this.sourceName = sourceName;
    this.dataSource = dataSource;
    int pool = POOLS.incrementAndGet();
    AtomicInteger threads = new AtomicInteger();
    ThreadFactory factory = r -> {
      Thread t = new Thread(r, "snowchat-" + sourceName + "-metadata-" + pool + "-"
          + threads.incrementAndGet());
      t.setDaemon(true);
      return t;
    };
    this.executor = Executors.newFixedThreadPool(concurrency, factory);
  }

  /**
   * Runs a task per input and returns the results in input order.
   *
   * @throws SnowchatException for the first failure
   */
  <I, O> List<O> run(List<I> inputs, Task<I, O> task) {
    List<Future<O>> futures = new ArrayList<>(inputs.size());
    for (I input : inputs) {
      futures.add(executor.submit(() -> {
        try (Connection c = dataSource.getConnection()) {
          return task.run(c, input);
        } catch (SQLException e) {
          throw SourceErrors.map(sourceName, describe(input), e);
        }
      }));
    }
    List<O> out = new ArrayList<>(inputs.size());
    try {
      for (Future<O> f : futures) {
        out.add(f.get());
      }
      return out;
    } catch (ExecutionException e) {
      futures.forEach(f -> f.cancel(true));
      Throwable cause = e.getCause();
      if (cause instanceof RuntimeException re) {
        throw re;
      }
      if (cause instanceof Error err) {
        throw err;
      }
      throw new SnowchatException(IndexErrorCode.SOURCE_FAILED, sourceName
          + " metadata read failed: " + SourceErrors.sanitize(String.valueOf(cause)), cause);
    } catch (InterruptedException e) {
      futures.forEach(f -> f.cancel(true));
      Thread.currentThread().interrupt();
      throw new SnowchatException(IndexErrorCode.SOURCE_FAILED,
          sourceName + " metadata read was interrupted", e);
    }
  }

  private static String describe(Object input) {
    String s = input.toString();
    return s.isEmpty() ? "account" : SourceErrors.sanitize(s);
  }

  @Override
  public void close() {
    executor.shutdownNow();
  }
}
