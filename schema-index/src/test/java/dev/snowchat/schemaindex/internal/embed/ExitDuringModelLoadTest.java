package dev.snowchat.schemaindex.internal.embed;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import dev.snowchat.schemaindex.EmbeddingProvider;
import dev.snowchat.schemaindex.EmbeddingProviders;
import java.io.File;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
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
    String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
    List<String> command = new ArrayList<>(List.of(java, "-Dai.djl.offline=true",
        "-XX:ErrorFile=" + dir.resolve("hs_err_%p.log"), "-cp",
        classPath(), Child.class.getName(),
        dir.resolve("models").toString()));
    ProcessBuilder pb = new ProcessBuilder(command).redirectErrorStream(true);
    pb.environment().put("OPT_OUT_TRACKING", "true");
    pb.directory(dir.toFile());
    Process p = pb.start();
    assertThat(p.waitFor(180, TimeUnit.SECONDS)).as("child exited").isTrue();
    String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
    assertThat(out).as(out).contains("exiting during createSession");
    String[] crashes = dir.toFile().list((d, n) -> n.startsWith("hs_err"));
    assertThat(crashes).as(out + Arrays.toString(crashes)).isEmpty();
    assertThat(p.exitValue()).as(out).isZero();
  }

  /** Surefire runs this module on the module path: the child gets it all as a class path. */
  private static String classPath() {
    List<String> parts = new ArrayList<>();
    for (String key : List.of("jdk.module.path", "java.class.path")) {
      String value = System.getProperty(key);
      if (value != null && !value.isBlank()) {
        parts.add(value);
      }
    }
    return String.join(File.pathSeparator, parts);
  }

  /** Starts the shipped model's load in a background thread and exits in the middle of it. */
  public static final class Child {
    private Child() {}

    public static void main(String[] args) throws Exception {
      EmbeddingProvider provider = EmbeddingProviders.create("bge-small",
          Map.of("cacheDir", args[0]));
      Thread loader = Thread.ofPlatform().daemon().name("loader").start(() -> {
        try {
          provider.embed("exit during load");
        } catch (RuntimeException e) {
          // Refused at exit: expected once the gate closes.
        }
      });
      long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(120);
      while (System.nanoTime() < deadline && loader.isAlive()) {
        for (StackTraceElement f : loader.getStackTrace()) {
          if (f.getMethodName().equals("createSession")) {
            System.out.println("exiting during createSession");
            System.out.flush();
            // What a program does before it exits (the MCP server, the chat app).
            boolean quiet = EmbeddingProviders.shutdown(Duration.ofSeconds(60));
            System.out.println("model calls returned: " + quiet);
            System.exit(quiet ? 0 : 4);
          }
        }
        Thread.onSpinWait();
      }
      System.out.println("the load never reached createSession");
      System.exit(3);
    }
  }
}
