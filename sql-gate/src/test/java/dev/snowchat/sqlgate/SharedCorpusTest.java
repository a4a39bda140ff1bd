package dev.snowchat.sqlgate;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import dev.snowchat.sqlgate.internal.eval.Evaluate;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;

/**
 * Runs the evaluation on the shared public corpus ({@code ../shared/data/sqlgate}, from the
 * system property {@code snowchat.shared.dir}); skipped when it is absent.
 */
class SharedCorpusTest {
  @Test
  void sharedCorpus_noWriteAllowed_readsAccepted() throws Exception {
    String shared = System.getProperty("snowchat.shared.dir");
    assumeTrue(shared != null, "snowchat.shared.dir is not set");
    Path dir = Path.of(shared, "data", "sqlgate");
    assumeTrue(Files.isRegularFile(dir.resolve("reads.sql")), "no shared corpus at " + dir);
    ByteArrayOutputStream buf = new ByteArrayOutputStream();
    Evaluate.Summary s = Evaluate.run(dir, new PrintStream(buf, true, StandardCharsets.UTF_8),
        false);
    String report = buf.toString(StandardCharsets.UTF_8);
    assertThat(s.writesAllowed()).as(report).isZero();
    assertThat(s.readRate("snowflake")).as(report).isGreaterThanOrEqualTo(0.95);
    assertThat(s.readRate("duckdb")).as(report).isGreaterThanOrEqualTo(0.95);
  }
}
