package dev.snowchat.mcp.issues;

import static org.assertj.core.api.Assertions.assertThat;

import dev.snowchat.mcp.ProcessExit;
import dev.snowchat.schemaindex.testing.ModelLoadRace;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Issue 11 item 8 (fast start): the shipped model loads in the index's background thread, so a
 * program can be told to stop while ONNX Runtime is inside {@code OrtSession.createSession}. With
 * the JVM's own signal handling the exit ran ONNX Runtime's shutdown hook under the load and the
 * process died with SIGSEGV (exit 134 and an hs_err file); with {@link ProcessExit} installed, as
 * the MCP server and the chat app do, SIGTERM waits for the load and exits 143. The child makes
 * the race certain: it sends itself SIGTERM once the loading thread is inside createSession.
 */
class Issue11SignalDuringModelLoadTest {

  @Test
  void sigtermWhileTheModelLoads_exits143WithoutACrash(@TempDir Path dir) throws Exception {
    ModelLoadRace.Result r = ModelLoadRace.run(Child.class, dir);
    assertThat(r.output()).as(r.output()).contains("SIGTERM during createSession");
    assertThat(r.crashFiles()).as(r.output()).isEmpty();
    assertThat(r.exitCode()).as(r.output()).isEqualTo(143);
  }

  /** Loads the shipped model in a background thread and sends itself SIGTERM in the middle. */
  public static final class Child {
    private Child() {}

    public static void main(String[] args) throws Exception {
      ProcessExit.install();
      ModelLoadRace.loadUntilCreateSession(args[0]);
      System.out.println("SIGTERM during createSession");
      System.out.flush();
      new ProcessBuilder("kill", "-TERM", Long.toString(ProcessHandle.current().pid()))
          .inheritIO().start().waitFor();
      Thread.sleep(TimeUnit.SECONDS.toMillis(120)); // the signal ends the process
      System.out.println("the signal did not end the process");
      System.exit(5);
    }
  }
}
