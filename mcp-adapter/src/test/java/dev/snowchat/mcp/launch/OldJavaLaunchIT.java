package dev.snowchat.mcp.launch;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.File;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/**
 * The runnable jar started by an older default {@code java} (this machine's is 17) hands over to
 * an installed Java 21+ and serves: the README's commands and the client snippets rely on it.
 */
class OldJavaLaunchIT {
  static final Path JAR = Path.of(System.getProperty("snowchat.test.jar",
      "target/snowchat-mcp.jar"));

  @Test
  void jar_startedWithAnOlderJava_runsOnAnInstalledJava21() throws Exception {
    Path old = olderJava();
    assumeTrue(old != null, "no Java older than 21 installed to start the jar with");
    ProcessBuilder pb = new ProcessBuilder(old.toString(), "-jar",
        JAR.toAbsolutePath().toString(), "tools").redirectErrorStream(true);
    pb.environment().remove("JAVA_HOME");
    pb.environment().keySet().removeIf(k -> k.startsWith("SNOWFLAKE_") || k.startsWith("SNOWCHAT_"));
    Process p = pb.start();
    String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
    assertThat(p.waitFor(120, TimeUnit.SECONDS)).isTrue();
    assertThat(p.exitValue()).as(out).isZero();
    assertThat(out).contains("execute_query").doesNotContain("UnsupportedClassVersionError");
  }

  private static Path olderJava() throws IOException {
    Path jvms = Path.of("/usr/lib/jvm");
    if (!Files.isDirectory(jvms)) {
      return null;
    }
    try (DirectoryStream<Path> homes = Files.newDirectoryStream(jvms)) {
      for (Path home : homes) {
        int f = Launcher.releaseFeature(home.toFile());
        Path java = home.resolve("bin").resolve("java");
        if (f >= 8 && f < Launcher.MINIMUM && new File(java.toString()).canExecute()) {
          return java;
        }
      }
    }
    return null;
  }
}
