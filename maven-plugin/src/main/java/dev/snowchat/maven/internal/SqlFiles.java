package dev.snowchat.maven.internal;

import static java.util.Objects.requireNonNull;

import java.io.IOException;
import java.nio.file.FileSystems;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.PathMatcher;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.TreeSet;
import java.util.stream.Stream;

/**
 * Finds SQL files from a user's specification: a comma-separated list of entries, each a file, a
 * folder (every {@code *.sql} file below it) or a glob such as {@code sql/**}{@code /*.sql},
 * relative to the project's base directory unless absolute.
 *
 * <p>Globs follow {@link java.nio.file.FileSystem#getPathMatcher(String)}, with one addition
 * users expect: {@code **}{@code /} also matches no folder at all, so {@code sql/**}{@code /*.sql}
 * finds {@code sql/a.sql} as well as {@code sql/x/b.sql}.
 */
public final class SqlFiles {
  private SqlFiles() {}

  /**
   * One entry of the specification and the files it found.
   *
   * @param entry the entry as written
   * @param files the regular files it matched, sorted
   */
  public record Match(String entry, List<Path> files) {
    /** Copies the list. */
    public Match {
      requireNonNull(entry, "entry is null");
      files = List.copyOf(files);
    }
  }

  /**
   * Resolves a specification.
   *
   * @param basedir the folder relative entries start from
   * @param spec comma-separated files, folders or globs
   * @return one match per non-blank entry, in order
   * @throws IllegalArgumentException if the specification holds no entry, or an entry is not a
   *     valid glob
   * @throws IOException if a folder cannot be read
   */
  public static List<Match> resolve(Path basedir, String spec) throws IOException {
    requireNonNull(basedir, "basedir is null");
    requireNonNull(spec, "spec is null");
    List<Match> out = new ArrayList<>();
    for (String raw : spec.split(",")) {
      String entry = raw.strip();
      if (!entry.isEmpty()) {
        out.add(new Match(entry, resolveEntry(basedir, entry)));
      }
    }
    if (out.isEmpty()) {
      throw new IllegalArgumentException("no SQL file, folder or glob given: '" + spec + "'");
    }
    return out;
  }

  /**
   * Lists the distinct files of several matches, sorted.
   *
   * @param matches the matches
   * @return the files
   */
  public static List<Path> files(List<Match> matches) {
    TreeSet<Path> all = new TreeSet<>();
    matches.forEach(m -> all.addAll(m.files()));
    return List.copyOf(all);
  }

  /**
   * Shows a path relative to a base folder with forward slashes, or absolute when outside it.
   *
   * @param basedir the base folder
   * @param file the file
   * @return the display path
   */
  public static String display(Path basedir, Path file) {
    Path base = basedir.toAbsolutePath().normalize();
    Path f = file.toAbsolutePath().normalize();
    Path shown = f.startsWith(base) ? base.relativize(f) : f;
    return shown.toString().replace('\\', '/');
  }

  /** {@return true if the entry holds glob syntax} */
  static boolean isGlob(String entry) {
    return entry.chars().anyMatch(c -> c == '*' || c == '?' || c == '[' || c == '{');
  }

  private static List<Path> resolveEntry(Path basedir, String entry) throws IOException {
    String unified = entry.replace('\\', '/');
    if (!isGlob(unified)) {
      Path p = basedir.resolve(unified).normalize();
      if (Files.isRegularFile(p)) {
        return List.of(p);
      }
      if (Files.isDirectory(p)) {
        return walk(p, rel -> rel.getFileName().toString().toLowerCase(Locale.ROOT)
            .endsWith(".sql"));
      }
      return List.of();
    }
    // The literal folders before the first glob segment are where the walk starts.
    String[] segments = unified.split("/", -1);
    int firstGlob = 0;
    while (firstGlob < segments.length && !isGlob(segments[firstGlob])) {
      firstGlob++;
    }
    String prefix = String.join("/", Arrays.copyOfRange(segments, 0, firstGlob));
    String rest = String.join("/",
        Arrays.copyOfRange(segments, firstGlob, segments.length));
    Path root;
    if (prefix.isEmpty()) {
      root = unified.startsWith("/") ? Path.of("/") : basedir;
    } else {
      root = basedir.resolve(prefix);
    }
    Path start = root.normalize();
    PathMatcher exact;
    PathMatcher shallow;
    try {
      exact = FileSystems.getDefault().getPathMatcher("glob:" + rest);
      shallow = FileSystems.getDefault().getPathMatcher("glob:" + rest.replace("**/", ""));
    } catch (IllegalArgumentException e) {
      throw new IllegalArgumentException("bad glob '" + entry + "': " + e.getMessage(), e);
    }
    if (!Files.isDirectory(start)) {
      return List.of();
    }
    return walk(start, rel -> exact.matches(rel) || shallow.matches(rel));
  }

  private interface RelativeFilter {
    boolean test(Path relative);
  }

  private static List<Path> walk(Path root, RelativeFilter filter) throws IOException {
    try (Stream<Path> s = Files.walk(root)) {
      return s.filter(Files::isRegularFile)
          .filter(p -> filter.test(root.relativize(p)))
          .sorted()
          .toList();
    }
  }
}
