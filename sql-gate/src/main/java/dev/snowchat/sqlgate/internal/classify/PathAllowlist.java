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
    boolean lexical = false;
    for (Path r : roots) {
      if (p.startsWith(r)) {
        lexical = true;
        break;
      }
    }
    if (!lexical) {
      return "path " + shown + " is outside the allowlist " + roots;
    }
    // A symbolic link under a root may point anywhere: compare where the path really leads.
    Path real = real(p);
    for (Path r : roots) {
      if (real.startsWith(real(r))) {
        return null;
      }
    }
    return "path " + shown + " leads outside the allowlist " + roots + " through a symbolic link";
  }

  /**
   * {@return the path with symbolic links resolved: the longest existing prefix (up to the first
   * glob character) made real, the rest appended as written}
   */
  static Path real(Path p) {
    Path root = p.getRoot();
    Path done = root;
    int i = 0;
    int n = p.getNameCount();
    for (; i < n; i++) {
      String part = p.getName(i).toString();
      if (part.indexOf('*') >= 0 || part.indexOf('?') >= 0 || part.indexOf('[') >= 0
          || part.indexOf('{') >= 0) {
        break;
      }
      Path next = done.resolve(part);
      if (!java.nio.file.Files.exists(next, java.nio.file.LinkOption.NOFOLLOW_LINKS)) {
        break;
      }
      done = next;
    }
    try {
      done = done.toRealPath();
    } catch (java.io.IOException | SecurityException e) {
      return p; // unreadable: the lexical answer stands, and the engine's own allowlist applies
    }
    for (; i < n; i++) {
      done = done.resolve(p.getName(i).toString());
    }
    return done;
  }
}
