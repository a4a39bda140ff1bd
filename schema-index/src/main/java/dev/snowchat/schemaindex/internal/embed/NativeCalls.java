package dev.snowchat.schemaindex.internal.embed;

import static java.util.Objects.requireNonNull;

import dev.snowchat.schemaindex.IndexErrorCode;
import dev.snowchat.sqlgate.SnowchatException;
import java.time.Duration;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.ReentrantReadWriteLock;
import java.util.function.Supplier;

/**
 * The gate in front of the model runtime's native code, closed before the process exits.
 *
 * <p>ONNX Runtime's Java binding releases its environment in a shutdown hook of its own, and the
 * JVM runs all shutdown hooks at once; after them the C library's exit handlers destroy the rest
 * of the runtime's global state. A thread still inside a native call (a background thread loading
 * the model in {@code OrtSession.createSession}, or embedding a batch) then reads freed memory and
 * the process dies with SIGSEGV instead of exiting. No shutdown hook can prevent that (it runs
 * beside the runtime's), so a program waits before it starts the exit: every native call of the
 * embedding providers (model load, tokenizer, inference) goes through {@link #call}, and {@link
 * #quiesce} refuses new calls and waits for those in progress. Programs reach it through {@link
 * dev.snowchat.schemaindex.EmbeddingProviders#shutdown}.
 *
 * <p>The gate of the process is {@link #PROCESS}; tests make their own.
 */
public final class NativeCalls {
  /** The gate of this process. */
  static final NativeCalls PROCESS = new NativeCalls();

  private final ReentrantReadWriteLock lock = new ReentrantReadWriteLock();
  private volatile boolean closed;

  NativeCalls() {}

  /**
   * Closes the process's gate and waits for native calls in progress (see the class comment).
   *
   * @param timeout how long to wait
   * @return whether every call in progress returned in time
   */
  public static boolean shutdownProcess(Duration timeout) {
    requireNonNull(timeout, "timeout is null");
    try {
      return PROCESS.quiesce(timeout);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      return false;
    }
  }

  /**
   * Runs a native call unless the gate is closed.
   *
   * @param call the call (may call this method again: the gate is reentrant)
   * @param <T> the result type
   * @return the call's result
   * @throws SnowchatException {@code EMBEDDINGS_FAILED} when the process is shutting down
   */
  <T> T call(Supplier<T> call) {
    requireNonNull(call, "call is null");
    // tryLock: never queue behind an exit (only quiesce takes the write lock, and keeps it).
    if (!lock.readLock().tryLock()) {
      throw shuttingDown();
    }
    try {
      if (closed) {
        throw shuttingDown();
      }
      return call.get();
    } finally {
      lock.readLock().unlock();
    }
  }

  /**
   * Runs a release of native resources, or skips it once the gate is closed (the process is
   * exiting and frees everything).
   *
   * @param release the release
   */
  void release(Runnable release) {
    requireNonNull(release, "release is null");
    if (!lock.readLock().tryLock()) {
      return;
    }
    try {
      if (!closed) {
        release.run();
      }
    } finally {
      lock.readLock().unlock();
    }
  }

  /**
   * Closes the gate for good: refuses calls from now on and waits for the calls in progress.
   *
   * @param timeout how long to wait for calls in progress
   * @return whether every call in progress returned in time (also when called again)
   * @throws InterruptedException when interrupted while waiting
   */
  boolean quiesce(Duration timeout) throws InterruptedException {
    closed = true;
    if (lock.isWriteLockedByCurrentThread()) {
      return true;
    }
    return lock.writeLock().tryLock(timeout.toNanos(), TimeUnit.NANOSECONDS);
  }

  /** {@return whether the gate is closed} */
  boolean isClosed() {
    return closed;
  }

  private static SnowchatException shuttingDown() {
    return new SnowchatException(IndexErrorCode.EMBEDDINGS_FAILED,
        "the embedding model is unavailable: the process is shutting down");
  }
}
