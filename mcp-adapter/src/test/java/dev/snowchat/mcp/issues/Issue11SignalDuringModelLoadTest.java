package dev.snowchat.mcp.issues;

import static org.assertj.core.api.Assertions.assertThat;

import dev.snowchat.mcp.ProcessExit;
import dev.snowchat.schemaindex.EmbeddingProvider;
import dev.snowchat.schemaindex.EmbeddingProviders;
import java.io.File;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
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
    String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
    List<String> parts = new ArrayList<>();
    for (String key : List.of("jdk.module.path", "java.class.path")) {
      String value = System.getProperty(key);
      if (value != null && !value.isBlank()) {
        parts.add(value);
      }
    }
    ProcessBuilder pb = new ProcessBuilder(java, "-Dai.djl.offline=true",
        "-XX:ErrorFile=" + dir.resolve("hs_err_%p.log"), "-cp",
        String.join(File.pathSeparator, parts), Child.class.getName(),
        dir.resolve("models").toString()).redirectErrorStream(true).directory(dir.toFile());
    pb.environment().put("OPT_OUT_TRACKING", "true");
    Process p = pb.start();
    assertThat(p.waitFor(180, TimeUnit.SECONDS)).as("child exited").isTrue();
    String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
    assertThat(out).as(out).contains("SIGTERM during createSession");
    String[] crashes = dir.toFile().list((d, n) -> n.startsWith("hs_err"));
    assertThat(crashes).as(out + Arrays.toString(crashes)).isEmpty();
    assertThat(p.exitValue()).as(out).isEqualTo(143);
  }

  /** Loads the shipped model in a background thread and sends itself SIGTERM in the middle. */
  public static final class Child {
    private Child() {}

    public static void main(String[] args) throws Exception {
      ProcessExit.install();
      EmbeddingProvider provider = EmbeddingProviders.create("bge-small",
          Map.of("cacheDir", args[0]));
      Thread loader = Thread.ofPlatform().name("loader").start(() -> {
        try {
          provider.embed("signal during load");
        } catch (RuntimeException e) {
          // Refused once the exit has begun.
        }
      });
      long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(120);
      while (System.nanoTime() < deadline && loader.isAlive()) {
        for (StackTraceElement f : loader.getStackTrace()) {
          if (f.getMethodName().equals("createSession")) {
            System.out.println("SIGTERM during createSession");
            System.out.flush();
            new ProcessBuilder("kill", "-TERM", Long.toString(ProcessHandle.current().pid()))
                .inheritIO().start().waitFor();
            Thread.sleep(TimeUnit.SECONDS.toMillis(120)); // the signal ends the process
          }
        }
        Thread.onSpinWait();
      }
      System.out.println("the load never reached createSession");
      System.exit(3);
    }
  }
}
