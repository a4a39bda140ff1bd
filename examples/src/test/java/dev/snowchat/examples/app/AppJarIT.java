package dev.snowchat.examples.app;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The shaded jar starts with {@code java -jar}, prints its URL and serves the UI and API. */
class AppJarIT {
  private static final Pattern URL = Pattern.compile("running at (http://\\S+/)");

  private static ProcessBuilder java(Path dir, String... args) {
    Path jar = Path.of(System.getProperty("snowchat.test.jar", "target/snowchat-app.jar"))
        .toAbsolutePath();
    String javaBin = Path.of(System.getProperty("java.home"), "bin", "java").toString();
    ProcessBuilder pb = new ProcessBuilder();
    pb.command().addAll(java.util.List.of(javaBin, "-Dai.djl.offline=true", "-jar",
        jar.toString()));
    pb.command().addAll(java.util.List.of(args));
    pb.directory(dir.toFile());
    pb.environment().put("OPT_OUT_TRACKING", "true");
    pb.environment().put("SNOWCHAT_SAMPLE_DIR", TestApps.sampleDir().toString());
    return pb;
  }

  @Test
  void jar_portZero_printsTheUrl_andServes(@TempDir Path dir) throws Exception {
    Files.writeString(dir.resolve(".env"), "# read from the working directory\n"
        + "SNOWFLAKE_MCP_MAX_ROWS=50\n");
    Process p = java(dir, "--port", "0").redirectErrorStream(false).start();
    try {
      BufferedReader out = new BufferedReader(new InputStreamReader(p.getInputStream(),
          StandardCharsets.UTF_8));
      String line = out.readLine();
      assertThat(line).isNotNull();
      Matcher m = URL.matcher(line);
      assertThat(m.find()).as(line).isTrue();
      TestClient c = new TestClient(URI.create(m.group(1)));
      Map<String, Object> health = TestClient.json(c.get("/api/health"));
      assertThat(health).containsKeys("ready", "checks", "message");
      assertThat(c.get("/").body()).contains("Snowchat");
    } finally {
      p.destroy();
      p.waitFor(20, TimeUnit.SECONDS);
    }
  }

  @Test
  void jar_beyondLoopbackWithoutToken_refusesToStart(@TempDir Path dir) throws Exception {
    Process p = java(dir, "--host", "0.0.0.0", "--port", "0").redirectErrorStream(true).start();
    String output = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
    assertThat(p.waitFor(60, TimeUnit.SECONDS)).isTrue();
    assertThat(p.exitValue()).isEqualTo(2);
    assertThat(output).contains("SNOWCHAT_APP_TOKEN");
  }
}
