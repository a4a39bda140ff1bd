package dev.snowchat.examples.app;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.util.Map;
import java.util.Optional;
import java.util.Properties;

/**
 * The UI files (in this jar under {@code dev/snowchat/examples/app/ui/}) and the front-end
 * libraries, served from their WebJars on the class path: {@code /vendor/marked.js} and {@code
 * /vendor/purify.js}. The WebJar versions are read from their Maven metadata, so upgrading a
 * dependency needs no change here.
 */
final class StaticFiles {
  /** A file to send. */
  record Asset(byte[] body, String contentType) {}

  private static final String UI = "dev/snowchat/examples/app/ui/";
  private static final Map<String, String> TYPES = Map.of("html", "text/html; charset=utf-8",
      "js", "text/javascript; charset=utf-8", "css", "text/css; charset=utf-8",
      "svg", "image/svg+xml", "png", "image/png");

  private final Map<String, String> paths;

  StaticFiles() {
    this.paths = Map.of(
        "/", UI + "index.html",
        "/index.html", UI + "index.html",
        "/app.js", UI + "app.js",
        "/app.css", UI + "app.css",
        "/favicon.svg", UI + "favicon.svg",
        "/vendor/marked.js", webjar("marked", "lib/marked.umd.js"),
        "/vendor/purify.js", webjar("dompurify", "dist/purify.min.js"));
  }

  private static String webjar(String name, String file) {
    String props = "META-INF/maven/org.webjars.npm/" + name + "/pom.properties";
    try (InputStream in = StaticFiles.class.getClassLoader().getResourceAsStream(props)) {
      if (in == null) {
        throw new IllegalStateException("WebJar " + name + " is not on the class path ("
            + props + " missing); the UI needs it");
      }
      Properties p = new Properties();
      p.load(in);
      return "META-INF/resources/webjars/" + name + "/" + p.getProperty("version") + "/" + file;
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /**
   * Finds a file by request path.
   *
   * @param path the request path
   * @return the file, or empty for an unknown path
   */
  Optional<Asset> find(String path) {
    String resource = paths.get(path);
    if (resource == null) {
      return Optional.empty();
    }
    try (InputStream in = StaticFiles.class.getClassLoader().getResourceAsStream(resource)) {
      if (in == null) {
        return Optional.empty();
      }
      String ext = resource.substring(resource.lastIndexOf('.') + 1);
      return Optional.of(new Asset(in.readAllBytes(),
          TYPES.getOrDefault(ext, "application/octet-stream")));
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }
}
