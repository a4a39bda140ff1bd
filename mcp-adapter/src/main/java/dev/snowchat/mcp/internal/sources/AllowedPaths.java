package dev.snowchat.mcp.internal.sources;

import static java.util.Objects.requireNonNull;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.FileSystems;
import java.nio.file.FileVisitOption;
import java.nio.file.Files;
import java.nio.file.InvalidPathException;
import java.nio.file.Path;
import java.nio.file.PathMatcher;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;

/**
 * Resolves a caller's file path under the operator's allowlist ({@code SNOWCHAT_FILE_ALLOWLIST}):
 * symlinks and {@code ..} are resolved first, then the real path must lie under a prefix's real
 * path (compared by path components, so {@code /data/allowed} does not admit {@code
 * /data/allowed-not}). A glob is expanded here, every match checked the same way, and the files
 * it named at that moment are what the view reads.
 */
public final class AllowedPaths {
  static final int MAX_GLOB_FILES = 10_000;
  static final int MAX_GLOB_DEPTH = 16;

  private final List<Path> prefixes;
  private final List<String> shown;

  /**
   * Creates the allowlist.
   *
   * @param prefixes directory prefixes, absolute; each must exist (its real path is used)
   * @throws IllegalArgumentException naming a prefix that is relative or does not exist
   */
  public AllowedPaths(List<Path> prefixes) {
    List<Path> real = new ArrayList<>();
    List<String> s = new ArrayList<>();
    for (Path p : requireNonNull(prefixes, "prefixes is null")) {
      if (!p.isAbsolute()) {
        throw new IllegalArgumentException("SNOWCHAT_FILE_ALLOWLIST: '" + p + "' is relative;"
            + " give absolute directories separated by ':'");
      }
      try {
        real.add(p.toRealPath());
      } catch (IOException e) {
        throw new IllegalArgumentException("SNOWCHAT_FILE_ALLOWLIST: no such directory '" + p
            + "'");
      }
      s.add(p.toString());
    }
    this.prefixes = List.copyOf(real);
    this.shown = List.copyOf(s);
  }

  /**
   * Parses {@code SNOWCHAT_FILE_ALLOWLIST}: absolute directories separated by {@code :}.
   *
   * @param value the variable's value
   * @return the allowlist
   * @throws IllegalArgumentException naming a bad entry
   */
  public static AllowedPaths parse(String value) {
    List<Path> out = new ArrayList<>();
    for (String part : value.split(":")) {
      if (!part.isBlank()) {
        try {
          out.add(Path.of(part.strip()).normalize());
        } catch (InvalidPathException e) {
          throw new IllegalArgumentException("SNOWCHAT_FILE_ALLOWLIST: '" + part
              + "' is not a path");
        }
      }
    }
    if (out.isEmpty()) {
      throw new IllegalArgumentException("SNOWCHAT_FILE_ALLOWLIST is set but names no"
          + " directory; give absolute directories separated by ':'");
    }
    return new AllowedPaths(out);
  }

  /** {@return the prefixes' real paths (what the engine may read)} */
  public List<Path> realPrefixes() {
    return prefixes;
  }

  /** {@return the prefixes as configured, for messages} */
  public String describe() {
    return String.join(":", shown);
  }

  /**
   * Resolves a path or glob a caller gave.
   *
   * @param raw the path, absolute; a glob may use {@code *}, {@code ?}, {@code [..]}, {@code
   *     {a,b}} and {@code **}
   * @return the real paths of the files, at least one, in a stable order
   * @throws IllegalArgumentException saying what to fix: a URL, a relative path, a path or match
   *     outside the allowlist, a missing file, a directory, a glob matching nothing
   */
  public List<Path> resolve(String raw) {
    requireNonNull(raw, "raw is null");
    String p = raw.strip();
    String hint = " Give an absolute path under " + describe() + ".";
    if (p.isEmpty() || p.chars().anyMatch(Character::isISOControl)) {
      throw new IllegalArgumentException("path is empty or has control characters." + hint);
    }
    if (p.matches("(?i)[a-z][a-z0-9+.-]*:.*") && !p.matches("(?i)[a-z]:\\\\.*")) {
      throw new IllegalArgumentException("'" + p + "' is a URL; only local files can be"
          + " attached." + hint);
    }
    boolean glob = p.chars().anyMatch(c -> c == '*' || c == '?' || c == '[' || c == '{');
    Path path;
    try {
      path = Path.of(p);
    } catch (InvalidPathException e) {
      throw new IllegalArgumentException("'" + p + "' is not a path." + hint);
    }
    if (!path.isAbsolute()) {
      throw new IllegalArgumentException("'" + p + "' is relative." + hint);
    }
    if (!glob) {
      Path real = real(path, p, hint);
      if (Files.isDirectory(real)) {
        throw new IllegalArgumentException("'" + p + "' is a directory; name a file or a glob"
            + " such as " + p.replaceFirst("/?$", "/*.parquet") + ".");
      }
      return List.of(real);
    }
    // The directory part before the first wildcard must resolve under the allowlist; the
    // wildcard part may not climb out of it.
    int firstWild = indexOfWildcard(p);
    int slash = p.lastIndexOf('/', firstWild);
    String base = slash <= 0 ? "/" : p.substring(0, slash);
    String pattern = p.substring(slash + 1);
    for (String seg : pattern.split("/")) {
      if (seg.equals("..") || seg.equals(".")) {
        throw new IllegalArgumentException("'" + p + "': a glob may not use '..' or '.' after"
            + " its first wildcard." + hint);
      }
    }
    Path realBase = real(Path.of(base), base, hint);
    PathMatcher m = FileSystems.getDefault().getPathMatcher("glob:" + realBase + "/" + pattern);
    int depth = pattern.contains("**") ? MAX_GLOB_DEPTH : pattern.split("/").length;
    List<Path> out = new ArrayList<>();
    try (Stream<Path> s = Files.walk(realBase, depth)) {
      for (Path f : (Iterable<Path>) s::iterator) {
        if (!m.matches(f) || Files.isDirectory(f)) {
          continue;
        }
        Path r = f.toRealPath();
        if (!under(r)) {
          throw new IllegalArgumentException("'" + p + "' matches " + f + ", a link to a file"
              + " outside the allowlist." + hint);
        }
        if (out.size() >= MAX_GLOB_FILES) {
          throw new IllegalArgumentException("'" + p + "' matches more than " + MAX_GLOB_FILES
              + " files; narrow it.");
        }
        out.add(r);
      }
    } catch (IOException | UncheckedIOException e) {
      throw new IllegalArgumentException("'" + p + "': cannot list " + base + ".");
    }
    if (out.isEmpty()) {
      throw new IllegalArgumentException("'" + p + "' matches no file.");
    }
    out.sort(null);
    return List.copyOf(out);
  }

  private Path real(Path path, String shownPath, String hint) {
    Path real;
    try {
      real = path.toRealPath();
    } catch (IOException e) {
      // Say "outside" rather than "missing" for paths outside the allowlist, so callers cannot
      // probe which files exist elsewhere.
      if (!under(path.normalize())) {
        throw new IllegalArgumentException("'" + shownPath + "' is outside the allowlist."
            + hint);
      }
      throw new IllegalArgumentException("'" + shownPath + "': no such file.");
    }
    if (!under(real)) {
      throw new IllegalArgumentException("'" + shownPath + "' is outside the allowlist"
          + (real.equals(path.normalize()) ? "" : " (it resolves to a path outside it)") + "."
          + hint);
    }
    if (!Files.isReadable(real)) {
      throw new IllegalArgumentException("'" + shownPath + "' is not readable by the server.");
    }
    return real;
  }

  private boolean under(Path real) {
    for (Path prefix : prefixes) {
      if (real.startsWith(prefix)) {
        return true;
      }
    }
    return false;
  }

  private static int indexOfWildcard(String p) {
    for (int i = 0; i < p.length(); i++) {
      char c = p.charAt(i);
      if (c == '*' || c == '?' || c == '[' || c == '{') {
        return i;
      }
    }
    return -1;
  }
}
