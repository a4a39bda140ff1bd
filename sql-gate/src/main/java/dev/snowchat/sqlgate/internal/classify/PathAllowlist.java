package dev.snowchat.sqlgate.internal.classify;

import java.nio.file.InvalidPathException;
import java.nio.file.Path;
import java.util.List;
import java.util.regex.Pattern;
import org.jspecify.annotations.Nullable;

/**
 * The file path allowlist of the chDB design: a file may be read only through a literal path that
 * is absolute, has no {@code ..} segment, is not a URL, and lies under one of the roots.
 *
 * @param roots the allowed roots, absolute and normalized
 */
public record PathAllowlist(List<Path> roots) {
  private static final Pattern SCHEME = Pattern.compile("^[A-Za-z][A-Za-z0-9+.\\-]*:");

  /** Copies and checks the roots. */
  public PathAllowlist {
    roots = List.copyOf(roots);
    for (Path r : roots) {
      if (!r.isAbsolute()) {
        throw new IllegalArgumentException("path allowlist root must be absolute: " + r);
      }
    }
  }

  /**
   * Checks one literal path.
   *
   * @param raw the path as written in the statement
   * @return null when allowed, otherwise what is wrong
   */
  public @Nullable String check(String raw) {
    String shown = Reasons.quote(raw);
    if (raw.isEmpty()) {
      return "an empty path";
    }
    if (raw.contains("://") || SCHEME.matcher(raw).find()) {
      return "remote or scheme-qualified path " + shown + " (URLs and remote storage are refused)";
    }
    if (raw.startsWith("~")) {
      return "home-relative path " + shown;
    }
    for (String seg : raw.split("[/\\\\]", -1)) {
      if (seg.equals("..")) {
        return "path " + shown + " escapes with '..'";
      }
    }
    if (roots.isEmpty()) {
      return "file path " + shown + ": file access is disabled (no path allowlist configured)";
    }
    Path p;
    try {
      p = Path.of(raw);
    } catch (InvalidPathException e) {
      return "invalid path " + shown;
    }
    if (!p.isAbsolute()) {
      return "relative path " + shown + " (use an absolute path under " + roots + ")";
    }
    p = p.normalize();
    for (Path r : roots) {
      if (p.startsWith(r)) {
        return null;
      }
    }
    return "path " + shown + " is outside the allowlist " + roots;
  }
}
