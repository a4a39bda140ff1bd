package dev.snowchat.examples.app;

import java.io.PrintStream;
import java.nio.file.Path;
import java.util.Map;
import java.util.concurrent.CountDownLatch;

/**
 * {@code java -jar snowchat-app.jar [--host H] [--port N]}: the Snowchat chat app on one port
 * (default {@code 127.0.0.1:8000}; {@code --port 0} picks a free port). Configuration comes from
 * the environment and a {@code .env} file in the working directory (the environment wins). Exits
 * 2 with a message naming the setting when the configuration is bad.
 */
public final class AppMain {
  private AppMain() {}

  /**
   * Starts the app and serves until the process is stopped.
   *
   * @param args the command line
   * @throws InterruptedException when interrupted while serving
   */
  public static void main(String[] args) throws InterruptedException {
    System.setProperty("ai.djl.offline", System.getProperty("ai.djl.offline", "true"));
    dev.snowchat.mcp.ProcessLogging.install(); // one log format, no Lucene incubator notice
    // Ctrl-C and SIGTERM: the embedding model's calls in progress return before the JVM exits.
    dev.snowchat.mcp.ProcessExit.install();
    int code = run(args, System.getenv(), System.out, System.err);
    if (code != 0) {
      dev.snowchat.mcp.ProcessExit.exit(code);
    }
  }

  static int run(String[] args, Map<String, String> env, PrintStream out, PrintStream err)
      throws InterruptedException {
    String host = null;
    Integer port = null;
    for (int i = 0; i < args.length; i++) {
      String a = args[i];
      switch (a) {
        case "--help", "-h" -> {
          out.println(usage());
          return 0;
        }
        case "--host" -> {
          if (i + 1 >= args.length) {
            err.println("snowchat-app: --host needs a value, e.g. --host 127.0.0.1");
            return 2;
          }
          host = args[++i];
        }
        case "--port" -> {
          if (i + 1 >= args.length) {
            err.println("snowchat-app: --port needs a value, e.g. --port 8000 (0 picks a free"
                + " port)");
            return 2;
          }
          try {
            port = Integer.parseInt(args[++i]);
          } catch (NumberFormatException e) {
            err.println("snowchat-app: --port " + args[i] + " is not a number (0 to 65535)");
            return 2;
          }
        }
        default -> {
          err.println("snowchat-app: unknown argument " + a + "\n" + usage());
          return 2;
        }
      }
    }
    AppConfig config;
    ChatApp app;
    try {
      // The server's strict .env reader: .env here, or SNOWCHAT_ENV_FILE; the environment wins.
      config = AppConfig.from(dev.snowchat.mcp.DotEnv.overlay(env, Path.of("")), host, port);
      app = ChatApp.start(config);
    } catch (IllegalArgumentException | IllegalStateException e) {
      err.println("snowchat-app: " + e.getMessage());
      return 2;
    }
    out.println("Snowchat is running at " + app.uri()
        + (config.token().isPresent() ? "  (open it with ?token=<SNOWCHAT_APP_TOKEN> once)" : ""));
    out.flush();
    CountDownLatch stopped = new CountDownLatch(1);
    Runtime.getRuntime().addShutdownHook(new Thread(() -> {
      app.close();
      stopped.countDown();
    }, "snowchat-app-shutdown"));
    stopped.await();
    return 0;
  }

  static String usage() {
    return """
        Usage: java -jar snowchat-app.jar [--host H] [--port N]
          --host H   bind address (default 127.0.0.1; anything else needs SNOWCHAT_APP_TOKEN)
          --port N   port (default 8000; 0 picks a free port and prints the URL)
        Configuration: environment variables or a .env file in the working directory
        (see examples/README.md). With nothing configured: the built-in sample warehouse
        and the offline planner, no model key needed.""";
  }
}
