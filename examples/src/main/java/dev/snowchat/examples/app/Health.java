package dev.snowchat.examples.app;

import static java.util.Objects.requireNonNull;

import dev.snowchat.mcp.SnowchatMcpServer;
import dev.snowchat.mcp.ToolResult;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The pre-flight checks of {@code GET /api/health}, the reference's list adapted: the warehouse
 * connection, the schema index, the tools, the model engine and its login or key (whether it is
 * set, never its value), and who may connect. {@code ready} needs every check but the index,
 * which only makes discovery faster (tools answer from live metadata while it loads). A good
 * warehouse check is reused for 15 seconds, so a polling UI does not query on every poll.
 */
final class Health {
  /** One check. */
  record Check(String name, boolean ok, String detail) {
    Check {
      requireNonNull(name, "name is null");
      requireNonNull(detail, "detail is null");
    }

    Map<String, Object> toJson() {
      Map<String, Object> m = new LinkedHashMap<>();
      m.put("name", name);
      m.put("ok", ok);
      m.put("detail", detail);
      return m;
    }
  }

  static final String INDEX = "schema index";
  private static final Duration WAREHOUSE_TTL = Duration.ofSeconds(15);

  private final SnowchatMcpServer warehouse;
  private final int toolCount;
  private final java.util.function.Supplier<List<Check>> engineChecks;
  private final Check access;
  private final Clock clock;
  private Check warehouseCheck;
  private Instant warehouseCheckedAt = Instant.MIN;

  Health(SnowchatMcpServer warehouse, int toolCount,
      java.util.function.Supplier<List<Check>> engineChecks, Check access,
      Clock clock) {
    this.warehouse = requireNonNull(warehouse, "warehouse is null");
    this.toolCount = toolCount;
    this.engineChecks = requireNonNull(engineChecks, "engineChecks is null");
    this.access = requireNonNull(access, "access is null");
    this.clock = requireNonNull(clock, "clock is null");
  }

  /** {@return the health report: ready, checks, message} */
  Map<String, Object> report() {
    List<Check> checks = new ArrayList<>();
    checks.add(warehouseCheck());
    boolean indexReady = warehouse.isIndexReady();
    checks.add(new Check(INDEX, indexReady, indexReady ? "loaded: ranked search and join paths"
        : "loading in the background; discovery answers from live metadata meanwhile"));
    checks.add(new Check("tools", toolCount > 0, toolCount + " warehouse tools, in-process"));
    checks.addAll(engineChecks.get());
    checks.add(access);
    Check firstBad = checks.stream().filter(c -> !c.ok() && !c.name().equals(INDEX))
        .findFirst().orElse(null);
    Map<String, Object> m = new LinkedHashMap<>();
    m.put("ready", firstBad == null);
    m.put("checks", checks.stream().map(Check::toJson).toList());
    m.put("message", firstBad == null ? "Ready: ask a question about your data."
        : "Not ready: " + firstBad.name() + ": " + firstBad.detail());
    return m;
  }

  private synchronized Check warehouseCheck() {
    Instant now = clock.instant();
    if (warehouseCheck != null && warehouseCheck.ok()
        && warehouseCheckedAt.plus(WAREHOUSE_TTL).isAfter(now)) {
      return warehouseCheck;
    }
    Check c;
    try {
      ToolResult r = warehouse.call("get_connection_info", Map.of());
      Map<String, Object> s = r.structured();
      if (r.isError()) {
        c = new Check("warehouse", false, r.text());
      } else if (!"ok".equals(s.get("connection"))) {
        c = new Check("warehouse", false, String.valueOf(s.get("connection")));
      } else {
        c = new Check("warehouse", true, s.get("backend") + " " + s.get("url") + " ("
            + s.get("serverVersion") + "), mode " + s.get("mode"));
      }
    } catch (RuntimeException e) {
      c = new Check("warehouse", false, "connection check failed: "
          + e.getClass().getSimpleName());
    }
    warehouseCheck = c;
    warehouseCheckedAt = now;
    return c;
  }
}
