package dev.snowchat.maven.internal;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class SqlFilesTest {
  @TempDir Path base;

  @BeforeEach
  void files() throws IOException {
    for (String f : List.of("sql/a.sql", "sql/b.SQL", "sql/notes.txt", "sql/x/c.sql",
        "sql/x/y/d.sql", "other/e.sql")) {
      Path p = base.resolve(f);
      Files.createDirectories(p.getParent());
      Files.writeString(p, "select 1;");
    }
  }

  private List<String> resolve(String spec) throws IOException {
    return SqlFiles.files(SqlFiles.resolve(base, spec)).stream()
        .map(p -> SqlFiles.display(base, p)).toList();
  }

  @Test
  void folder_findsSqlFilesRecursively_caseInsensitiveExtension() throws IOException {
    assertThat(resolve("sql")).containsExactly("sql/a.sql", "sql/b.SQL", "sql/x/c.sql",
        "sql/x/y/d.sql");
    assertThat(resolve("sql/")).hasSize(4);
  }

  @Test
  void singleFile_isItself() throws IOException {
    assertThat(resolve("other/e.sql")).containsExactly("other/e.sql");
  }

  @Test
  void starGlob_matchesOneFolderOnly() throws IOException {
    assertThat(resolve("sql/*.sql")).containsExactly("sql/a.sql");
  }

  @Test
  void doubleStarGlob_alsoMatchesZeroFolders() throws IOException {
    assertThat(resolve("sql/**/*.sql")).containsExactly("sql/a.sql", "sql/x/c.sql",
        "sql/x/y/d.sql");
    assertThat(resolve("**/*.sql")).contains("other/e.sql", "sql/a.sql");
  }

  @Test
  void commaSeparated_unionWithoutDuplicates() throws IOException {
    assertThat(resolve("sql/*.sql, sql/a.sql ,other")).containsExactly("other/e.sql",
        "sql/a.sql");
  }

  @Test
  void missingFolder_matchesNothing() throws IOException {
    List<SqlFiles.Match> m = SqlFiles.resolve(base, "nope,sql/a.sql");
    assertThat(m.get(0).files()).isEmpty();
    assertThat(m.get(1).files()).hasSize(1);
  }

  @Test
  void blankSpec_isRejected() {
    assertThatThrownBy(() -> SqlFiles.resolve(base, " , "))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("no SQL file, folder or glob given");
  }

  @Test
  void badGlob_isRejectedWithEntry() {
    assertThatThrownBy(() -> SqlFiles.resolve(base, "sql/[a.sql"))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("bad glob 'sql/[a.sql'");
  }

  @Test
  void display_outsideBase_isAbsolute() {
    Path outside = base.getParent().resolve("elsewhere.sql");
    assertThat(SqlFiles.display(base, outside)).isEqualTo(outside.toAbsolutePath().normalize()
        .toString().replace('\\', '/'));
  }
}
