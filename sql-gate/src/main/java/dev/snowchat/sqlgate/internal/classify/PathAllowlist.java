package dev.snowchat.sqlgate.internal.classify;

import java.io.IOException;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.InvalidPathException;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.util.ArrayList;
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
    return check(raw, GLOB_ENTRY_LIMIT);
  }

  /** As {@link #check(String)}, a pattern visiting at most {@code entryLimit} entries. */
  @Nullable String check(String raw, int entryLimit) {
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
    if (!underRoots(real(p))) {
      return "path " + shown + " leads outside the allowlist " + roots
          + " through a symbolic link";
    }
    // A pattern reaches through links below its first wildcard ('/root/*/hostname' through
    // /root/link -> /etc): every entry it can match must lead under a root too.
    return globThroughLinks(p, shown, entryLimit);
  }

  private boolean underRoots(Path real) {
    for (Path r : roots) {
      if (real.startsWith(real(r))) {
        return true;
      }
    }
    return false;
  }

  /** Entries a pattern may visit while the gate checks it for links, at most. */
  static final int GLOB_ENTRY_LIMIT = 100_000;

  private static boolean glob(String part) {
    return part.indexOf('*') >= 0 || part.indexOf('?') >= 0 || part.indexOf('[') >= 0
        || part.indexOf('{') >= 0;
  }

  /**
   * Expands a pattern over the files that exist now, level by level from its first wildcard (a
   * wildcard segment standing for every entry of its level), and returns a problem when some
   * entry it reaches is a symbolic link leading outside the roots (or one that leads nowhere),
   * or when the expansion visits more than {@link #GLOB_ENTRY_LIMIT} entries.
   */
  private @Nullable String globThroughLinks(Path p, String shown, int entryLimit) {
    int n = p.getNameCount();
    int g = 0;
    while (g < n && !glob(p.getName(g).toString())) {
      g++;
    }
    if (g == n) {
      return null;
    }
    Path base = p.getRoot();
    for (int i = 0; i < g; i++) {
      base = base.resolve(p.getName(i).toString());
    }
    if (!Files.isDirectory(base)) {
      return null; // nothing can match
    }
    int[] budget = {entryLimit};
    List<Path> level = List.of(base);
    for (int k = g; k < n; k++) {
      String seg = p.getName(k).toString();
      boolean last = k == n - 1;
      List<Path> next = new ArrayList<>();
      // A segment with a wildcard is taken to match every entry at its level: engines match
      // differently (DuckDB's '?' is one byte, its braces plain characters), and checking more
      // entries than the engine reads only refuses more.
      boolean any = glob(seg);
      for (Path dir : level) {
        String problem;
        if (seg.equals("**")) {
          problem = everyDirectory(dir, next, budget, shown);
        } else {
          problem = matching(dir, any ? null : seg, last, next, budget, shown);
        }
        if (problem != null) {
          return problem;
        }
      }
      level = next;
    }
    return null;
  }

  /** The entries of {@code dir} named {@code seg}, or all of them when it is null. */
  private @Nullable String matching(Path dir, @Nullable String seg, boolean last,
      List<Path> next, int[] budget, String shown) {
    if (seg != null) {
      Path c = dir.resolve(seg);
      if (!Files.exists(c, LinkOption.NOFOLLOW_LINKS)) {
        return null;
      }
      return visit(c, last, next, budget, shown);
    }
    try (DirectoryStream<Path> entries = Files.newDirectoryStream(dir)) {
      for (Path c : entries) {
        String problem = visit(c, last, next, budget, shown);
        if (problem != null) {
          return problem;
        }
      }
    } catch (IOException | SecurityException | java.nio.file.DirectoryIteratorException e) {
      return null; // unreadable here: the engine cannot list it either
    }
    return null;
  }

  /** {@code dir} and every directory below it (links that lead under a root are followed). */
  private @Nullable String everyDirectory(Path dir, List<Path> out, int[] budget, String shown) {
    java.util.ArrayDeque<Path> todo = new java.util.ArrayDeque<>();
    todo.add(dir);
    while (!todo.isEmpty()) {
      Path d = todo.poll();
      out.add(d);
      try (DirectoryStream<Path> entries = Files.newDirectoryStream(d)) {
        for (Path c : entries) {
          List<Path> sub = new ArrayList<>(1);
          String problem = visit(c, false, sub, budget, shown);
          if (problem != null) {
            return problem;
          }
          todo.addAll(sub);
        }
      } catch (IOException | SecurityException | java.nio.file.DirectoryIteratorException e) {
        // unreadable: nothing below it can be matched
      }
    }
    return null;
  }

  /** Checks one matched entry; a directory is added to {@code next} unless it is the last. */
  private @Nullable String visit(Path c, boolean last, List<Path> next, int[] budget,
      String shown) {
    if (--budget[0] < 0) {
      return tooMany(shown);
    }
    if (Files.isSymbolicLink(c)) {
      Path target;
      try {
        target = c.toRealPath();
      } catch (IOException | SecurityException e) {
        return "pattern " + shown + " matches " + Reasons.quote(c.toString())
            + ", a symbolic link that leads nowhere the gate can check";
      }
      if (!underRoots(target)) {
        return "pattern " + shown + " matches " + Reasons.quote(c.toString())
            + ", a symbolic link that leads outside the allowlist " + roots;
      }
    }
    if (!last && Files.isDirectory(c)) {
      next.add(c);
    }
    return null;
  }

  private static String tooMany(String shown) {
    return "pattern " + shown + " reaches too many entries to check for symbolic links; name"
        + " fewer files";
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
      if (glob(part)) {
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
