package dev.snowchat.schemaindex.testing;

import dev.snowchat.schemaindex.EmbeddingProvider;
import dev.snowchat.schemaindex.EmbeddingProviders;
import java.io.File;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

/**
 * Makes the exit-during-model-load race certain, for tests that prove a process survives it: a
 * child JVM (this test JVM's class path) starts the shipped model's load in a background thread
 * and does what the test says once that thread is inside ONNX Runtime's {@code
 * OrtSession.createSession}. Crash reports (hs_err files) land in the test's folder.
 */
public final class ModelLoadRace {
  private ModelLoadRace() {}

  /**
   * What a child did.
   *
   * @param exitCode its exit code
   * @param output standard output and error
   * @param crashFiles the hs_err files it left
   */
  public record Result(int exitCode, String output, List<String> crashFiles) {}

  /**
   * Runs a child main class in a new JVM and waits for it.
   *
   * @param child the main class (its first argument is the model cache folder)
   * @param dir the folder for the model cache and crash reports
   * @return what the child did
   * @throws IOException when the child cannot start
   * @throws InterruptedException when interrupted while waiting
   */
  public static Result run(Class<?> child, Path dir) throws IOException, InterruptedException {
    String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
    ProcessBuilder pb = new ProcessBuilder(java, "-Dai.djl.offline=true",
        "-XX:ErrorFile=" + dir.resolve("hs_err_%p.log"), "-cp", classPath(), child.getName(),
        dir.resolve("models").toString()).redirectErrorStream(true).directory(dir.toFile());
    pb.environment().put("OPT_OUT_TRACKING", "true");
    Process p = pb.start();
    if (!p.waitFor(180, TimeUnit.SECONDS)) {
      p.destroyForcibly();
      throw new IllegalStateException("the child did not exit within 180 s");
    }
    String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
    String[] crashes = dir.toFile().list((d, n) -> n.startsWith("hs_err"));
    return new Result(p.exitValue(), out, crashes == null ? List.of() : Arrays.asList(crashes));
  }

  /**
   * In the child: starts loading the shipped model in a daemon thread and returns once that
   * thread is inside {@code createSession}; exits 3 when it never gets there.
   *
   * @param cacheDir where the model files are copied
   */
  public static void loadUntilCreateSession(String cacheDir) {
    EmbeddingProvider provider = EmbeddingProviders.create("bge-small",
        Map.of("cacheDir", cacheDir));
    Thread loader = Thread.ofPlatform().daemon().name("loader").start(() -> {
      try {
        provider.embed("exit during load");
      } catch (RuntimeException e) {
        // Refused once the exit has begun.
      }
    });
    long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(120);
    while (System.nanoTime() < deadline && loader.isAlive()) {
      for (StackTraceElement f : loader.getStackTrace()) {
        if (f.getMethodName().equals("createSession")) {
          return;
        }
      }
      Thread.onSpinWait();
    }
    System.out.println("the load never reached createSession");
    System.exit(3);
  }

  /** Surefire runs the modules on the module path: the child gets it all as a class path. */
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
}
