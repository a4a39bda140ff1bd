package dev.snowchat.sqlgate.internal.classify;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The allowlist's pattern expansion: bounded, and every level of a wildcard checked. */
class PathAllowlistTest {
  @TempDir
  Path tmp;

  @Test
  void pattern_pastItsEntryBudget_refused_withinIt_allowed() throws Exception {
    Path root = Files.createDirectories(tmp.resolve("lake"));
    for (int p = 0; p < 5; p++) {
      Path part = Files.createDirectories(root.resolve("year=" + (2020 + p)));
      for (int f = 0; f < 20; f++) {
        Files.createFile(part.resolve("f" + f + ".parquet"));
      }
    }
    PathAllowlist allow = new PathAllowlist(List.of(root));
    String pattern = root + "/*/*.parquet";
    // 5 partitions + 100 files
    assertThat(allow.check(pattern, 105)).isNull();
    assertThat(allow.check(pattern, 104)).contains("too many entries");
    assertThat(allow.check(pattern)).isNull();
    assertThat(allow.check(root + "/year=2020/f1.parquet", 1)).isNull();
  }

  @Test
  void wildcardLevel_isCheckedWhole_evenWhereAnEngineWouldNotMatch() throws Exception {
    Path root = Files.createDirectories(tmp.resolve("r"));
    Path outside = Files.createDirectories(tmp.resolve("o"));
    Files.createDirectories(root.resolve("data"));
    Files.createSymbolicLink(root.resolve("zz-link"), outside);
    PathAllowlist allow = new PathAllowlist(List.of(root));
    // 'data*' does not match 'zz-link' by any glob rule, but the level is checked whole
    assertThat(allow.check(root + "/data*/x.csv")).contains("symbolic link");
    assertThat(allow.check(root + "/data/*.csv")).isNull();
  }
}
