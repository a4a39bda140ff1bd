package dev.snowchat.examples.bench;

import dev.snowchat.examples.app.AppConfig;
import dev.snowchat.examples.app.ChatApp;
import java.lang.management.ManagementFactory;
import java.lang.management.MemoryMXBean;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.atomic.AtomicLong;
import java.util.stream.Stream;
import tools.jackson.databind.json.JsonMapper;

/**
 * Load on the chat app: N concurrent sessions asking discovery questions back to back for a
 * while, against the offline planner on the sample warehouse (started in this JVM unless {@code
 * --url} names a running app). Checks every stream: HTTP 200, {@code data:} framing, no {@code
 * error} event, exactly one {@code done} and it comes last, and every {@code tool_result} answers
 * a {@code tool_use} of the same stream (an event that crossed sessions would break that), and
 * that a tool call of each turn names the table its own session asked about. Prints p50/p95/p99 of the time to
 * the first event and to {@code done}, turns per second, and heap.
 *
 * <pre>{@code examples/bench            # 50 sessions, 120 s
 * java -cp examples/target/snowchat-app.jar dev.snowchat.examples.bench.ChatLoadBench \
 *     --sessions 50 --seconds 120 [--url http://127.0.0.1:8000/]}</pre>
 */
public final class ChatLoadBench {
  private static final JsonMapper JSON = JsonMapper.builder().build();
  private static final List<String> TABLES = List.of("DIM_LISTINGS", "DIM_HOSTS",
      "FACT_REVIEWS", "DIM_NEIGHBOURHOODS", "FACT_CALENDAR", "DIM_DATE");
  private static final List<String> QUESTIONS = List.of("Describe AIRBNB.ANALYTICS.%s",
      "How many rows does AIRBNB.ANALYTICS.%s have?", "Show sample rows of AIRBNB.ANALYTICS.%s");

  private ChatLoadBench() {}

  /** One finished turn. */
  record Sample(long firstEventNanos, long doneNanos) {}

  /**
   * Runs the bench.
   *
   * @param args {@code --sessions N --seconds S [--url U]}
   * @throws Exception when the app cannot start
   */
  public static void main(String[] args) throws Exception {
    int sessions = 50;
    int seconds = 120;
    String url = null;
    for (int i = 0; i < args.length; i++) {
      switch (args[i]) {
        case "--sessions" -> sessions = Integer.parseInt(args[++i]);
        case "--seconds" -> seconds = Integer.parseInt(args[++i]);
        case "--url" -> url = args[++i];
        default -> throw new IllegalArgumentException("Unknown argument " + args[i]
            + "; use --sessions N --seconds S [--url U]");
      }
    }
    ChatApp app = null;
    URI base;
    if (url == null) {
      app = ChatApp.start(AppConfig.from(System.getenv(), "127.0.0.1", 0));
      base = app.uri();
    } else {
      base = URI.create(url);
    }
    try {
      run(base, sessions, Duration.ofSeconds(seconds));
    } finally {
      if (app != null) {
        app.close();
      }
    }
  }

  static void run(URI base, int sessions, Duration length) throws Exception {
    HttpClient http = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1)
        .connectTimeout(Duration.ofSeconds(10)).build();
    waitReady(http, base);
    ConcurrentLinkedQueue<Sample> samples = new ConcurrentLinkedQueue<>();
    ConcurrentLinkedQueue<String> errors = new ConcurrentLinkedQueue<>();
    AtomicLong crossed = new AtomicLong();
    AtomicLong peakHeap = new AtomicLong();
    MemoryMXBean memory = ManagementFactory.getMemoryMXBean();
    long deadline = System.nanoTime() + length.toNanos();
    System.out.printf("%d sessions for %d s against %s%n", sessions, length.toSeconds(), base);
    long start = System.nanoTime();
    Thread sampler = Thread.ofPlatform().daemon().start(() -> {
      while (!Thread.currentThread().isInterrupted()) {
        peakHeap.accumulateAndGet(memory.getHeapMemoryUsage().getUsed(), Math::max);
        try {
          Thread.sleep(200);
        } catch (InterruptedException e) {
          return;
        }
      }
    });
    try (ExecutorService pool = Executors.newVirtualThreadPerTaskExecutor()) {
      for (int i = 0; i < sessions; i++) {
        int n = i;
        pool.submit(() -> session(http, base, n, deadline, samples, errors, crossed));
      }
    }
    double elapsed = (System.nanoTime() - start) / 1e9;
    sampler.interrupt();
    System.gc();
    long heapAfter = memory.getHeapMemoryUsage().getUsed();
    List<Long> first = new ArrayList<>();
    List<Long> done = new ArrayList<>();
    samples.forEach(s -> {
      first.add(s.firstEventNanos());
      done.add(s.doneNanos());
    });
    Collections.sort(first);
    Collections.sort(done);
    System.out.printf("turns: %d (%.1f/s), errors: %d, crossed events: %d%n", samples.size(),
        samples.size() / elapsed, errors.size(), crossed.get());
    System.out.printf("time to first event ms: p50 %.1f  p95 %.1f  p99 %.1f  max %.1f%n",
        pct(first, 50), pct(first, 95), pct(first, 99), pct(first, 100));
    System.out.printf("time to done ms:        p50 %.1f  p95 %.1f  p99 %.1f  max %.1f%n",
        pct(done, 50), pct(done, 95), pct(done, 99), pct(done, 100));
    System.out.printf("heap: peak used %d MB, after GC %d MB, max %d MB%n",
        peakHeap.get() >> 20, heapAfter >> 20, memory.getHeapMemoryUsage().getMax() >> 20);
    errors.stream().limit(10).forEach(e -> System.out.println("error: " + e));
    if (!errors.isEmpty() || crossed.get() > 0) {
      System.exit(1);
    }
  }

  private static void session(HttpClient http, URI base, int n, long deadline,
      ConcurrentLinkedQueue<Sample> samples, ConcurrentLinkedQueue<String> errors,
      AtomicLong crossed) {
    try {
      String session = (String) JSON.readValue(post(http, base, "/api/session", Map.of())
          .body(), Map.class).get("session");
      String table = TABLES.get(n % TABLES.size());
      for (int turn = 0; System.nanoTime() < deadline; turn++) {
        String prompt = QUESTIONS.get(turn % QUESTIONS.size()).formatted(table);
        long t0 = System.nanoTime();
        HttpResponse<Stream<String>> r = http.send(request(base, "/api/chat",
            Map.of("session", session, "prompt", prompt)), HttpResponse.BodyHandlers.ofLines());
        if (r.statusCode() != 200) {
          errors.add("HTTP " + r.statusCode());
          r.body().close();
          continue;
        }
        long[] first = {-1};
        List<Map<String, Object>> events = new ArrayList<>();
        try (Stream<String> lines = r.body()) {
          lines.forEach(line -> {
            if (line.startsWith("data: ")) {
              if (first[0] < 0) {
                first[0] = System.nanoTime() - t0;
              }
              @SuppressWarnings("unchecked")
              Map<String, Object> e = JSON.readValue(line.substring(6), Map.class);
              events.add(e);
            } else if (!line.isEmpty() && !line.startsWith(":")) {
              errors.add("not an SSE line: " + line);
            }
          });
        }
        long total = System.nanoTime() - t0;
        String problem = check(events, table);
        if (problem != null) {
          (problem.startsWith("crossed") ? crossed : new AtomicLong()).incrementAndGet();
          errors.add("session " + n + " turn " + turn + ": " + problem);
        } else {
          samples.add(new Sample(first[0], total));
        }
      }
    } catch (Exception e) {
      errors.add("session " + n + ": " + e);
    }
  }

  /** {@return null when the stream is well formed and all its own, else what is wrong} */
  static String check(List<Map<String, Object>> events, String table) {
    if (events.isEmpty()) {
      return "no events";
    }
    Set<Object> toolUses = new HashSet<>();
    boolean ownTable = false;
    for (int i = 0; i < events.size(); i++) {
      Map<String, Object> e = events.get(i);
      Object type = e.get("type");
      if ("error".equals(type)) {
        return "error event " + e.get("code") + ": " + e.get("message");
      }
      if ("done".equals(type) && i != events.size() - 1) {
        return "done before the end";
      }
      if ("tool_use".equals(type)) {
        if (!toolUses.add(e.get("id"))) {
          return "crossed: a second tool_use with id " + e.get("id");
        }
        if (String.valueOf(e.get("input")).contains(table)) {
          ownTable = true;
        }
      }
      if ("tool_result".equals(type) && !toolUses.contains(e.get("toolUseId"))) {
        return "crossed: a tool_result for a tool_use this stream never saw";
      }
    }
    if (!"done".equals(events.get(events.size() - 1).get("type"))) {
      return "no done at the end";
    }
    if (!toolUses.isEmpty() && !ownTable) {
      return "crossed: no tool call of this turn names its own table " + table;
    }
    return null;
  }

  private static double pct(List<Long> sorted, int p) {
    if (sorted.isEmpty()) {
      return Double.NaN;
    }
    int i = (int) Math.ceil(p / 100.0 * sorted.size()) - 1;
    return sorted.get(Math.max(0, Math.min(i, sorted.size() - 1))) / 1e6;
  }

  private static void waitReady(HttpClient http, URI base) throws Exception {
    long deadline = System.nanoTime() + Duration.ofSeconds(120).toNanos();
    while (System.nanoTime() < deadline) {
      HttpResponse<String> r = http.send(HttpRequest.newBuilder(base.resolve("/api/health"))
          .build(), HttpResponse.BodyHandlers.ofString());
      if (Boolean.TRUE.equals(JSON.readValue(r.body(), Map.class).get("ready"))) {
        return;
      }
      Thread.sleep(500);
    }
    throw new IllegalStateException("The app did not become ready in 120 s");
  }

  private static HttpResponse<String> post(HttpClient http, URI base, String path, Object body)
      throws Exception {
    return http.send(request(base, path, body), HttpResponse.BodyHandlers.ofString());
  }

  private static HttpRequest request(URI base, String path, Object body) {
    Map<String, Object> copy = new LinkedHashMap<>();
    if (body instanceof Map<?, ?> m) {
      m.forEach((k, v) -> copy.put(String.valueOf(k), v));
    }
    return HttpRequest.newBuilder(base.resolve(path)).timeout(Duration.ofSeconds(120))
        .header("Content-Type", "application/json")
        .POST(HttpRequest.BodyPublishers.ofString(JSON.writeValueAsString(copy))).build();
  }
}
