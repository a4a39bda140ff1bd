package dev.snowchat.schemaindex.internal;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A file is replaced whole or not at all: the target never holds a partly written file. */
class AtomicFilesTest {
  @TempDir Path dir;

  private Stream<Path> others(Path target) throws IOException {
    return Files.list(dir).filter(p -> !p.equals(target));
  }

  @Test
  void write_whileTheBodyRuns_theTargetHoldsTheOldContent_thenTheNewWhole() throws Exception {
    Path target = Files.writeString(dir.resolve("catalog.json"), "old");
    AtomicFiles.write(target, out -> {
      out.write("new, first half".getBytes(StandardCharsets.UTF_8));
      out.flush();
      assertThat(Files.readString(target)).isEqualTo("old");
      out.write(" and second half".getBytes(StandardCharsets.UTF_8));
    });
    assertThat(Files.readString(target)).isEqualTo("new, first half and second half");
    try (Stream<Path> s = others(target)) {
      assertThat(s).isEmpty();
    }
  }

  @Test
  void write_failingHalfway_leavesTheOldFile_andNoTemporaryFile() throws Exception {
    Path target = Files.writeString(dir.resolve("catalog.json"), "old");
    assertThatThrownBy(() -> AtomicFiles.write(target, out -> {
      out.write("half of the new".getBytes(StandardCharsets.UTF_8));
      throw new IOException("No space left on device");
    })).hasMessage("No space left on device");
    assertThat(Files.readString(target)).isEqualTo("old");
    try (Stream<Path> s = others(target)) {
      assertThat(s).isEmpty();
    }
  }

  @Test
  void write_failingBeforeAnyFileExisted_leavesNoFile() throws Exception {
    Path target = dir.resolve("sub").resolve("catalog.json");
    assertThatThrownBy(() -> AtomicFiles.write(target, out -> {
      throw new IOException("disk full");
    })).isInstanceOf(IOException.class);
    assertThat(target).doesNotExist();
    try (Stream<Path> s = Files.list(target.getParent())) {
      assertThat(s).isEmpty();
    }
  }
}
