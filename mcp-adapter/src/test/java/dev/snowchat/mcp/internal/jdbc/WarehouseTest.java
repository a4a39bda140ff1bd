package dev.snowchat.mcp.internal.jdbc;

import static org.assertj.core.api.Assertions.assertThat;

import dev.snowchat.mcp.CallContext;
import dev.snowchat.mcp.JdbcTarget;
import dev.snowchat.mcp.McpConfig;
import dev.snowchat.sqlgate.Execution;
import dev.snowchat.sqlgate.Rule;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.lang.reflect.Proxy;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import javax.sql.DataSource;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Issue 12 item 2: one executor and one session hardening per pool, the caller's context riding
 * on the request pool's connections, and a refusal coming back as a value. The SQL every physical
 * connection receives is recorded.
 */
class WarehouseTest {
  private final List<String> sql = Collections.synchronizedList(new ArrayList<>());
  private Warehouse warehouse;

  @BeforeEach
  void open(@TempDir Path dir) throws Exception {
    String url = "jdbc:duckdb:" + dir.resolve("w.duckdb");
    try (Connection c = DriverManager.getConnection(url); Statement s = c.createStatement()) {
      s.execute("CREATE TABLE t AS SELECT 1 AS x");
    }
    McpConfig config = McpConfig.fromEnvironment(Map.of("SNOWCHAT_JDBC_URL", url,
        "SNOWCHAT_POOL_SIZE", "1"));
    JdbcTarget target = JdbcTarget.of(config);
    warehouse = new Warehouse(config, target, recording(new PooledSource(target)));
  }

  @AfterEach
  void close() {
    warehouse.close();
  }

  @Test
  void query_callsWithContexts_hardenTheSessionOnce_andSetAndClearTheirVariables() {
    for (int i = 0; i < 3; i++) {
      CallContext ctx = CallContext.withSessionVariables(Map.of("APP_USER", "u" + i))
          .withQueryTag("call-" + i);
      assertThat(warehouse.query("SELECT x FROM t", warehouse.limits(), ctx))
          .isInstanceOfSatisfying(Execution.Completed.class,
              c -> assertThat(c.result().rows()).containsExactly(List.of(1)));
    }
    assertThat(count("SELECT current_setting('lock_configuration')")).isEqualTo(1);
    assertThat(sql).contains("SET VARIABLE APP_USER = 'u0'", "SET VARIABLE APP_USER = 'u1'",
        "SET VARIABLE APP_USER = 'u2'");
    // The variables are cleared on every connection they were set on.
    assertThat(count("RESET VARIABLE APP_USER")).isEqualTo(count("SET VARIABLE APP_USER"));
    assertThat(count("SELECT x FROM t")).isEqualTo(3);
  }

  @Test
  void query_refusedStatement_isAValue_andNoConnectionIsOpened() {
    assertThat(warehouse.query("DROP TABLE t", warehouse.limits(), CallContext.none()))
        .isInstanceOfSatisfying(Execution.Refused.class,
            r -> assertThat(r.verdict().rule()).isEqualTo(Rule.KIND_NOT_ALLOWED));
    assertThat(sql).isEmpty();
  }

  private long count(String fragment) {
    synchronized (sql) {
      return sql.stream().filter(s -> s.startsWith(fragment)).count();
    }
  }

  /** The data source with every statement text its connections receive recorded. */
  private DataSource recording(DataSource physical) {
    return proxy(DataSource.class, physical);
  }

  private <T> T proxy(Class<T> type, Object target) {
    return type.cast(Proxy.newProxyInstance(type.getClassLoader(), new Class<?>[] {type},
        (p, m, args) -> {
          if (args != null && args.length > 0 && args[0] instanceof String s
              && (m.getName().startsWith("execute") || m.getName().equals("prepareStatement"))) {
            sql.add(s);
          }
          Object r = invoke(target, m, args);
          Class<?> rt = m.getReturnType();
          boolean wrap = rt == Connection.class || Statement.class.isAssignableFrom(rt);
          return wrap && r != null ? proxy(rt, r) : r;
        }));
  }

  private static Object invoke(Object target, Method m, Object[] args) throws Throwable {
    try {
      return m.invoke(target, args);
    } catch (InvocationTargetException e) {
      throw e.getCause();
    }
  }
}
