package dev.snowchat.sqlgate.issues;

import static org.assertj.core.api.Assertions.assertThat;

import dev.snowchat.sqlgate.Dialect;
import dev.snowchat.sqlgate.Rule;
import dev.snowchat.sqlgate.SqlGate;
import dev.snowchat.sqlgate.Verdict;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Issue 9 item 4: paths are checked after resolving symbolic links. */
class Issue9PathsTest {
  @TempDir
  Path tmp;

  @Test
  void symlinkUnderTheRoot_pointingOutside_isRefused() throws Exception {
    Path root = Files.createDirectories(tmp.resolve("allowed"));
    Path outside = Files.createDirectories(tmp.resolve("outside"));
    Files.writeString(outside.resolve("secret.csv"), "a\n1\n");
    Files.writeString(root.resolve("ok.csv"), "a\n1\n");
    Files.createSymbolicLink(root.resolve("link"), outside);
    Files.createSymbolicLink(root.resolve("file.csv"), outside.resolve("secret.csv"));
    SqlGate gate = SqlGate.builder().dialect(Dialect.DUCKDB).allowPath(root).build();

    assertThat(gate.check("SELECT * FROM '" + root + "/ok.csv'"))
        .isInstanceOf(Verdict.Allowed.class);
    assertThat(gate.check("SELECT * FROM read_csv('" + root + "/not-yet.csv')"))
        .isInstanceOf(Verdict.Allowed.class);
    for (String sql : new String[] {
        "SELECT * FROM '" + root + "/link/secret.csv'",
        "SELECT * FROM read_csv('" + root + "/link/secret.csv')",
        "SELECT * FROM read_csv('" + root + "/link/*.csv')",
        "SELECT * FROM '" + root + "/file.csv'",
        "SELECT * FROM glob('" + root + "/link/*')"}) {
      Verdict v = gate.check(sql);
      assertThat(v).as(sql).isInstanceOf(Verdict.Blocked.class);
      assertThat(v.rule()).isEqualTo(Rule.FILE_ACCESS);
      assertThat(((Verdict.Blocked) v).reason()).contains("symbolic link");
    }
  }

  @Test
  void rootItselfASymlink_isComparedByItsTarget() throws Exception {
    Path real = Files.createDirectories(tmp.resolve("real"));
    Files.writeString(real.resolve("x.csv"), "a\n1\n");
    Path link = Files.createSymbolicLink(tmp.resolve("rootlink"), real);
    SqlGate gate = SqlGate.builder().dialect(Dialect.DUCKDB).allowPath(link).build();
    assertThat(gate.check("SELECT * FROM '" + link + "/x.csv'"))
        .isInstanceOf(Verdict.Allowed.class);
  }
}
