package dev.snowchat.mcp.sample;

import static java.util.Objects.requireNonNull;

import dev.snowchat.sqlgate.SnowchatException;
import java.io.IOException;
import java.nio.channels.FileChannel;
import java.nio.channels.FileLock;
import java.nio.channels.OverlappingFileLockException;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.Map;
import java.util.Properties;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentMap;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.locks.ReentrantLock;
import org.jspecify.annotations.Nullable;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The embedded sample warehouse: an Airbnb-style DuckDB database, generated deterministically on
 * first use and then opened read-only.
 *
 * <p>{@link #ensure(Path)} builds the file once per directory and format version, and returns its
 * path; {@link #jdbcUrl(Path)} and {@link #readOnlyProperties()} open it read-only with external
 * access off. The database (DuckDB catalog) is named {@value #DATABASE}; its schemas are
 * {@code RAW} and {@code ANALYTICS}.
 *
 * <pre>{@code
 * Path file = SampleWarehouse.ensure(SampleWarehouse.defaultDirectory(System.getenv()));
 * try (Connection c = DriverManager.getConnection(SampleWarehouse.jdbcUrl(file))) {
 *   // SELECT count(*) FROM ANALYTICS.FACT_REVIEWS
 * }
 * }</pre>
 */
public final class SampleWarehouse {
  /** The database (catalog) name the sample warehouse shows: {@value}. */
  public static final String DATABASE = "AIRBNB";

  /** The environment variable that overrides {@link #defaultDirectory(Map)}. */
  public static final String DIRECTORY_ENV = "SNOWCHAT_SAMPLE_DIR";

  /**
   * The generator's format version. Bump it whenever {@link SampleGenerator} changes what it
   * writes: files live in a directory named after it, so a new version builds a new file instead
   * of serving an old one.
   */
  static final int FORMAT_VERSION = 1;

  // DuckDB names the catalog after the file's stem, so the file is named after the database.
  static final String FILE_NAME = DATABASE + ".duckdb";
  static final String LOCK_FILE = FILE_NAME + ".lock";
  static final String TEMP_SUFFIX = ".building";

  private static final Logger LOG = LoggerFactory.getLogger(SampleWarehouse.class);
  private static final ConcurrentMap<Path, ReentrantLock> LOCKS = new ConcurrentHashMap<>();

  private SampleWarehouse() {}

  /**
   * Creates the sample DuckDB file under {@code dir} unless it is already there, and returns its
   * path, {@code dir/airbnb-v<version>/AIRBNB.duckdb}.
   *
   * <p>The file is built into a temporary file in the same directory, checkpointed, closed and then
   * renamed into place atomically, so a reader never sees a partial file. Threads of one process
   * wait for each other; processes wait on a file lock where the file system supports one, and
   * where it does not, the last rename wins with identical content. The file's directory carries
   * the format version, so a file written by an older generator is never served: a new one is built
   * next to it. Building takes a few seconds and needs no network.
   *
   * @param dir the directory to keep the sample in; created when missing
   * @return the absolute path of the database file
   * @throws IllegalArgumentException if the directory's path contains {@code ;}, which a DuckDB
   *     JDBC URL cannot carry
   * @throws SnowchatException with {@link SampleErrorCode#SAMPLE_BUILD_FAILED} if the file cannot
   *     be built or moved into place
   */
  public static Path ensure(Path dir) {
    requireNonNull(dir, "dir is null");
    Path home = dir.toAbsolutePath().normalize().resolve("airbnb-v" + FORMAT_VERSION);
    Path target = home.resolve(FILE_NAME);
    checkUrlSafe(target);
    if (Files.isRegularFile(target)) {
      return target;
    }
    ReentrantLock lock = LOCKS.computeIfAbsent(target, key -> new ReentrantLock());
    lock.lock();
    try {
      if (Files.isRegularFile(target)) {
        return target;
      }
      Files.createDirectories(home);
      try (FileChannel channel =
              FileChannel.open(
                  home.resolve(LOCK_FILE), StandardOpenOption.CREATE, StandardOpenOption.WRITE);
          FileLock processLock = lockOrNull(channel)) {
        if (Files.isRegularFile(target)) {
          return target;
        }
        build(home, target);
        if (processLock == null) {
          LOG.debug("Built {} without a file lock", target);
        }
      }
      return target;
    } catch (IOException e) {
      throw new SnowchatException(
          SampleErrorCode.SAMPLE_BUILD_FAILED,
          "Cannot create the sample warehouse in "
              + home
              + ": "
              + e
              + ". Make the directory writable or set "
              + DIRECTORY_ENV
              + " to a writable directory.",
          e);
    } finally {
      lock.unlock();
    }
  }

  /**
   * Returns where the sample warehouse is kept by default: {@code $SNOWCHAT_SAMPLE_DIR} when set,
   * else {@code ~/.snowchat/sample}.
   *
   * @param env the environment, such as {@link System#getenv()}
   * @return the absolute directory; it may not exist yet
   * @throws IllegalArgumentException if {@code SNOWCHAT_SAMPLE_DIR} is set but blank or not a
   *     valid path
   */
  public static Path defaultDirectory(Map<String, String> env) {
    requireNonNull(env, "env is null");
    String configured = env.get(DIRECTORY_ENV);
    if (configured == null) {
      return Path.of(System.getProperty("user.home"), ".snowchat", "sample").toAbsolutePath();
    }
    if (configured.isBlank()) {
      throw new IllegalArgumentException(
          DIRECTORY_ENV
              + " is blank; unset it to use ~/.snowchat/sample or set it to a directory");
    }
    try {
      return Path.of(configured).toAbsolutePath();
    } catch (IllegalArgumentException e) {
      throw new IllegalArgumentException(
          DIRECTORY_ENV + " is not a valid path: '" + configured + "'", e);
    }
  }

  /**
   * Returns a DuckDB JDBC URL that opens {@code dbFile} read-only, with external access (files,
   * network) off and extension autoloading and autoinstalling off.
   *
   * <p>The options ride in the URL after {@code ;} (the driver's {@code duckdb.read_only} property
   * and DuckDB settings), so the URL alone is enough for a pool. {@link #readOnlyProperties()}
   * holds the same options for callers that pass properties; giving both is fine.
   *
   * @param dbFile the database file, as returned by {@link #ensure(Path)}
   * @return the URL
   * @throws IllegalArgumentException if the path contains {@code ;}, which a DuckDB JDBC URL
   *     cannot carry
   */
  public static String jdbcUrl(Path dbFile) {
    requireNonNull(dbFile, "dbFile is null");
    Path absolute = dbFile.toAbsolutePath();
    checkUrlSafe(absolute);
    StringBuilder url = new StringBuilder("jdbc:duckdb:").append(absolute);
    Properties options = readOnlyProperties();
    options.stringPropertyNames().stream()
        .sorted()
        .forEach(key -> url.append(';').append(key).append('=').append(options.getProperty(key)));
    return url.toString();
  }

  /**
   * Returns the connection properties that open a DuckDB file read-only with external access and
   * extension autoloading off: {@code duckdb.read_only=true}, {@code enable_external_access=false},
   * {@code autoload_known_extensions=false}, {@code autoinstall_known_extensions=false}.
   *
   * @return a new, mutable {@link Properties} each call
   */
  public static Properties readOnlyProperties() {
    Properties properties = new Properties();
    properties.setProperty("duckdb.read_only", "true");
    properties.putAll(lockedDownSettings());
    return properties;
  }

  private static Map<String, String> lockedDownSettings() {
    return Map.of(
        "enable_external_access", "false",
        "autoload_known_extensions", "false",
        "autoinstall_known_extensions", "false");
  }

  private static void checkUrlSafe(Path path) {
    if (path.toString().indexOf(';') >= 0) {
      throw new IllegalArgumentException(
          "The sample warehouse path must not contain ';' (a DuckDB JDBC URL separator): '"
              + path
              + "'; choose another directory, for example with "
              + DIRECTORY_ENV);
    }
  }

  // Another process may hold the lock while it builds; lock() waits for it. A file system without
  // locks (some network mounts), or this JVM holding it under another spelling of the path (a
  // symbolic link), is not an error: the atomic rename keeps the file whole anyway.
  private static @Nullable FileLock lockOrNull(FileChannel channel) {
    try {
      return channel.lock();
    } catch (IOException | UnsupportedOperationException | OverlappingFileLockException e) {
      LOG.debug("No file lock for the sample warehouse ({}); building without one", e.toString());
      return null;
    }
  }

  private static void build(Path home, Path target) throws IOException {
    Path temp =
        home.resolve(
            FILE_NAME
                + "."
                + ProcessHandle.current().pid()
                + "-"
                + Long.toHexString(ThreadLocalRandom.current().nextLong())
                + TEMP_SUFFIX);
    long started = System.nanoTime();
    LOG.info("Building the sample warehouse {} (one time, a few seconds)", target);
    Properties properties = new Properties();
    properties.putAll(lockedDownSettings());
    try {
      try (Connection connection = DriverManager.getConnection("jdbc:duckdb:" + temp, properties)) {
        SampleGenerator.generate(connection);
        try (Statement statement = connection.createStatement()) {
          statement.execute("CHECKPOINT");
        }
      } catch (SQLException e) {
        throw new SnowchatException(
            SampleErrorCode.SAMPLE_BUILD_FAILED,
            "DuckDB failed to build the sample warehouse in " + home + ": " + e.getMessage(),
            e);
      }
      try {
        Files.move(temp, target, StandardCopyOption.ATOMIC_MOVE);
      } catch (AtomicMoveNotSupportedException e) {
        throw new IOException("the file system cannot rename " + temp + " atomically", e);
      } catch (IOException e) {
        // Without a file lock, another process may have moved its identical file into place
        // first, and some systems refuse to replace a file that is open.
        if (!Files.isRegularFile(target)) {
          throw e;
        }
        LOG.debug("Kept the sample warehouse another process built: {}", target);
      }
      LOG.info(
          "Built the sample warehouse {} in {} ms",
          target,
          (System.nanoTime() - started) / 1_000_000);
    } finally {
      Files.deleteIfExists(temp);
      Files.deleteIfExists(Path.of(temp + ".wal"));
    }
  }
}
