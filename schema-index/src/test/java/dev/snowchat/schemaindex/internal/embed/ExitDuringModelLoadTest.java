package dev.snowchat.schemaindex.internal.embed;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import dev.snowchat.schemaindex.EmbeddingProviders;
import dev.snowchat.schemaindex.testing.ModelLoadRace;
import java.nio.file.Path;
import java.time.Duration;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A process that exits while a background thread is inside ONNX Runtime's model load exits
 * cleanly when it calls {@link EmbeddingProviders#shutdown} first. Without it, ONNX Runtime's own
 * shutdown hook released its environment under the loading thread and the JVM died with SIGSEGV
 * in {@code OrtSession.createSession} (what a stdio server did when its input ended while the
 * shipped model loaded in the background). The child process makes the race certain: it waits
 * until the loading thread's stack is inside {@code createSession}, then exits.
 */
class ExitDuringModelLoadTest {

  @Test
  void exitWhileTheModelLoadsInTheBackground_exitsCleanly(@TempDir Path dir) throws Exception {
    assumeTrue(new BgeSmallFactory().available(), "the shipped model is not on the class path");
    ModelLoadRace.Result r = ModelLoadRace.run(Child.class, dir);
    assertThat(r.output()).as(r.output()).contains("exiting during createSession");
    assertThat(r.crashFiles()).as(r.output()).isEmpty();
    assertThat(r.exitCode()).as(r.output()).isZero();
  }

  /** Starts the shipped model's load in a background thread and exits in the middle of it. */
  public static final class Child {
    private Child() {}

    public static void main(String[] args) {
      ModelLoadRace.loadUntilCreateSession(args[0]);
      System.out.println("exiting during createSession");
      System.out.flush();
      // What a program does before it exits (the MCP server, the chat app).
      boolean quiet = EmbeddingProviders.shutdown(Duration.ofSeconds(60));
      System.out.println("model calls returned: " + quiet);
      System.exit(quiet ? 0 : 4);
    }
  }
}
