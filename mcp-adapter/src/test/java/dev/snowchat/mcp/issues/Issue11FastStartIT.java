package dev.snowchat.mcp.issues;

import static org.assertj.core.api.Assertions.assertThat;

import dev.snowchat.mcp.TestEnv;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import tools.jackson.databind.json.JsonMapper;

/**
 * Issue 11 item 8: {@code ./snowchat mcp} starts the jar with its start-up cache by default, and
 * whatever the JVM says about that cache (here: a damaged one) never reaches standard output, the
 * MCP stream; the launchers' own variables ({@code SNOWCHAT_JAVA_HOME}, {@code SNOWCHAT_CDS_DIR})
 * no longer stop the server as unknown configuration.
 */
class Issue11FastStartIT {
  static final Path JAR = Path.of(System.getProperty("snowchat.test.jar",
      "target/snowchat-mcp.jar"));

  @Test
  void launcher_damagedStartupCache_stdoutCarriesOnlyTheProtocol(@TempDir Path root)
      throws Exception {
    // The launcher and the jar in a tree of their own: no sources, so nothing to rebuild.
    Path launcher = root.resolve("snowchat");
    Files.copy(Path.of(System.getProperty("user.dir")).resolveSibling("snowchat"), launcher);
    launcher.toFile().setExecutable(true);
    Path jar = root.resolve("mcp-adapter/target/snowchat-mcp.jar");
    Files.createDirectories(jar.getParent());
    Files.copy(JAR, jar, StandardCopyOption.COPY_ATTRIBUTES);
    // the distribution is the jar and lib/ beside it (the embedding model and its runtime)
    Path lib = JAR.resolveSibling("lib");
    if (Files.isDirectory(lib)) {
      Files.createDirectories(jar.resolveSibling("lib"));
      try (var files = Files.list(lib)) {
        for (Path f : (Iterable<Path>) files::iterator) {
          Files.copy(f, jar.resolveSibling("lib").resolve(f.getFileName()));
        }
      }
    }
    Path caches = root.resolve("cds");
    Files.createDirectories(caches);
    // The launcher's cache name: jar name, checksum of the jar's path (djb2), jar time.
    long pathSum = 5381;
    for (char c : jar.toString().toCharArray()) {
      pathSum = (pathSum * 33 + c) % 4294967296L;
    }
    long stamp = Files.getLastModifiedTime(jar, LinkOption.NOFOLLOW_LINKS).toMillis() / 1000;
    byte[] garbage = "not a cache".repeat(1000).getBytes(StandardCharsets.US_ASCII);
    String name = "snowchat-mcp-" + pathSum + "-" + stamp;
    Files.write(caches.resolve(name + ".aot"), garbage);
    Files.write(caches.resolve(name + ".jsa"), garbage);

    Map<String, String> env = TestEnv.sample("SNOWCHAT_CDS_DIR", caches.toString(),
        "SNOWCHAT_JAVA_HOME", System.getProperty("java.home"));
    String requests = """
        {"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2025-06-18",\
        "capabilities":{},"clientInfo":{"name":"t","version":"1"}}}
        {"jsonrpc":"2.0","method":"notifications/initialized"}
        {"jsonrpc":"2.0","id":2,"method":"tools/list"}
        """;
    String[] served = run(launcher, env, requests, "mcp");
    assertThat(served[0]).as(served[1]).contains("\"id\":2", "execute_query");
    JsonMapper json = JsonMapper.builder().build();
    for (String line : served[0].split("\n")) {
      assertThat(json.readTree(line).has("jsonrpc")).as(line).isTrue();
    }

    String[] listed = run(launcher, env, "", "mcp", "tools");
    assertThat(listed[0]).as(listed[1]).contains("execute_query", "list_tables")
        .doesNotContain("[warning]", "[error", "aot]", "cds]");
    assertThat(caches.resolve(name + ".aot")).as("the damaged cache, used as is").exists();
  }

  /** {@return standard output and standard error of the launcher} */
  private static String[] run(Path launcher, Map<String, String> env, String input,
      String... args) throws Exception {
    List<String> cmd = new ArrayList<>(List.of(launcher.toString()));
    cmd.addAll(List.of(args));
    ProcessBuilder pb = new ProcessBuilder(cmd);
    pb.environment().keySet().removeIf(k -> k.startsWith("SNOWFLAKE_") || k.startsWith(
        "SNOWCHAT_"));
    pb.environment().put("JAVA_HOME", System.getProperty("java.home"));
    pb.environment().putAll(env);
    Path err = Files.createTempFile("snowchat-launcher", ".err");
    pb.redirectError(err.toFile());
    Process p = pb.start();
    p.getOutputStream().write(input.getBytes(StandardCharsets.UTF_8));
    p.getOutputStream().close();
    String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
    assertThat(p.waitFor(120, TimeUnit.SECONDS)).isTrue();
    String stderr = Files.readString(err);
    Files.delete(err);
    assertThat(p.exitValue()).as(stderr).isZero();
    return new String[] {out, stderr};
  }
}
