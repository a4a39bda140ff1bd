package dev.snowchat.sqlgate;

import static java.util.Objects.requireNonNull;

import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import org.jspecify.annotations.Nullable;

/**
 * What {@link SessionHardening#forDialect(Dialect, HardeningOptions)} applies. Immutable; start
 * from {@link #defaults()} and derive with the {@code with...} methods.
 *
 * @param readOnly make the session read-only where the database allows it (PostgreSQL: read-only
 *     transactions; any JDBC database: {@link java.sql.Connection#setReadOnly(boolean)}; DuckDB:
 *     checks that the database was opened read-only and says so once when it was not; Snowflake:
 *     {@code USE SECONDARY ROLES NONE}, so only the primary role, which {@link RoleGrantCheck}
 *     inspects, authorizes statements)
 * @param allowedDirectories DuckDB only: absolute directories the engine may still read and write
 *     with external access off ({@code allowed_directories}); empty means none
 * @param allowedFiles DuckDB only: absolute files the engine may still read and write
 *     ({@code allowed_paths}); empty means none
 * @param statementTimeout the server-side statement timeout (Snowflake
 *     {@code STATEMENT_TIMEOUT_IN_SECONDS}, rounded up to whole seconds; PostgreSQL
 *     {@code statement_timeout}), or null to leave the server's setting alone
 * @param queryTag Snowflake only: the session's {@code QUERY_TAG}, or null for none; at most 2000
 *     characters, no control characters
 */
public record HardeningOptions(
    boolean readOnly,
    List<Path> allowedDirectories,
    List<Path> allowedFiles,
    @Nullable Duration statementTimeout,
    @Nullable String queryTag) {

  /** The longest query tag Snowflake accepts. */
  public static final int MAX_QUERY_TAG_LENGTH = 2000;

  private static final HardeningOptions DEFAULTS =
      new HardeningOptions(true, List.of(), List.of(), null, null);

  /**
   * Validates the fields and copies the lists.
   *
   * @throws IllegalArgumentException for a relative path, a path or tag with control characters,
   *     a non-positive timeout, or an over-long tag
   */
  public HardeningOptions {
    allowedDirectories = checkPaths(allowedDirectories, "allowedDirectories");
    allowedFiles = checkPaths(allowedFiles, "allowedFiles");
    if (statementTimeout != null
        && (statementTimeout.isNegative() || statementTimeout.isZero()
            || statementTimeout.compareTo(Duration.ofSeconds(Integer.MAX_VALUE)) > 0)) {
      throw new IllegalArgumentException(
          "statementTimeout must be positive and at most " + Integer.MAX_VALUE + " s, was "
              + statementTimeout);
    }
    if (queryTag != null) {
      if (queryTag.length() > MAX_QUERY_TAG_LENGTH) {
        throw new IllegalArgumentException("queryTag must be at most " + MAX_QUERY_TAG_LENGTH
            + " characters, was " + queryTag.length());
      }
      if (hasControlChar(queryTag)) {
        throw new IllegalArgumentException("queryTag must not contain control characters");
      }
    }
  }

  /**
   * {@return the defaults: read-only, no allowed paths, no server timeout, no query tag}
   */
  public static HardeningOptions defaults() {
    return DEFAULTS;
  }

  /**
   * Returns a copy with another read-only setting.
   *
   * @param readOnly whether to make sessions read-only
   * @return the new options
   */
  public HardeningOptions withReadOnly(boolean readOnly) {
    return new HardeningOptions(
        readOnly, allowedDirectories, allowedFiles, statementTimeout, queryTag);
  }

  /**
   * Returns a copy with other allowed directories (DuckDB).
   *
   * @param directories absolute directory paths
   * @return the new options
   * @throws IllegalArgumentException for a relative path or one with control characters
   */
  public HardeningOptions withAllowedDirectories(List<Path> directories) {
    return new HardeningOptions(readOnly, directories, allowedFiles, statementTimeout, queryTag);
  }

  /**
   * Returns a copy with other allowed files (DuckDB).
   *
   * @param files absolute file paths
   * @return the new options
   * @throws IllegalArgumentException for a relative path or one with control characters
   */
  public HardeningOptions withAllowedFiles(List<Path> files) {
    return new HardeningOptions(readOnly, allowedDirectories, files, statementTimeout, queryTag);
  }

  /**
   * Returns a copy with another server-side statement timeout.
   *
   * @param timeout the timeout, or null to leave the server's setting alone
   * @return the new options
   * @throws IllegalArgumentException if the timeout is not positive
   */
  public HardeningOptions withStatementTimeout(@Nullable Duration timeout) {
    return new HardeningOptions(readOnly, allowedDirectories, allowedFiles, timeout, queryTag);
  }

  /**
   * Returns a copy with another query tag (Snowflake).
   *
   * @param tag the tag, or null for none
   * @return the new options
   * @throws IllegalArgumentException if the tag is too long or holds control characters
   */
  public HardeningOptions withQueryTag(@Nullable String tag) {
    return new HardeningOptions(
        readOnly, allowedDirectories, allowedFiles, statementTimeout, tag);
  }

  private static List<Path> checkPaths(List<Path> paths, String name) {
    requireNonNull(paths, name + " is null");
    List<Path> copy = List.copyOf(paths);
    for (Path p : copy) {
      if (!p.isAbsolute()) {
        throw new IllegalArgumentException(name + " must hold absolute paths, was " + p);
      }
      if (hasControlChar(p.toString())) {
        throw new IllegalArgumentException(name + " must not hold control characters");
      }
    }
    return copy.stream().map(Path::normalize).toList();
  }

  private static boolean hasControlChar(String s) {
    return s.chars().anyMatch(Character::isISOControl);
  }
}
