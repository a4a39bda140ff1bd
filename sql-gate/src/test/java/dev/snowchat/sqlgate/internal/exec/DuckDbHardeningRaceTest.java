package dev.snowchat.sqlgate.internal.exec;

import static org.assertj.core.api.Assertions.assertThat;

import dev.snowchat.sqlgate.Dialect;
import dev.snowchat.sqlgate.HardeningOptions;
import dev.snowchat.sqlgate.SessionHardening;
import dev.snowchat.sqlgate.testing.TestDatabases;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Proxy;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.Statement;
import java.util.concurrent.atomic.AtomicBoolean;
import org.junit.jupiter.api.Test;

/**
 * Two first borrows of one DuckDB database at once (mcp-adapter's sample warehouse answering two
 * calls while it starts): the settings are database-wide, so the second connection may find the
 * configuration locked by the first between reading it and setting it. The race is made
 * deterministic: the other connection is hardened just before this one's first SET.
 */
class DuckDbHardeningRaceTest {
  /** A connection whose first SET is preceded by {@code before}. */
  private static Connection interleaved(Connection real, ThrowingRunnable before) {
    AtomicBoolean done = new AtomicBoolean();
    return (Connection) Proxy.newProxyInstance(DuckDbHardeningRaceTest.class.getClassLoader(),
        new Class<?>[] {Connection.class}, (proxy, m, args) -> {
          Object r = invoke(m, real, args);
          if (m.getName().equals("createStatement") && r instanceof Statement st) {
            return Proxy.newProxyInstance(DuckDbHardeningRaceTest.class.getClassLoader(),
                new Class<?>[] {Statement.class}, (p2, m2, a2) -> {
                  if (m2.getName().equals("execute") && a2 != null && a2[0] instanceof String q
                      && q.startsWith("SET ") && done.compareAndSet(false, true)) {
                    before.run();
                  }
                  return invoke(m2, st, a2);
                });
          }
          return r;
        });
  }

  private static Object invoke(java.lang.reflect.Method m, Object target, Object[] args)
      throws Throwable {
    try {
      return m.invoke(target, args);
    } catch (InvocationTargetException e) {
      throw e.getCause();
    }
  }

  interface ThrowingRunnable {
    void run() throws Exception;
  }

  @Test
  void secondFirstBorrow_findsTheDatabaseLockedSafely_andIsHardened() throws Exception {
    try (TestDatabases.DuckDb db = TestDatabases.duckDbInMemory();
        Connection other = db.connect();
        Connection real = db.connect()) {
      SessionHardening h = SessionHardening.forDialect(Dialect.DUCKDB,
          HardeningOptions.defaults());
      Connection racing = interleaved(real, () -> h.apply(other, Dialect.DUCKDB));

      // before the fix: SQLException "Cannot change configuration option ... locked"
      h.apply(racing, Dialect.DUCKDB);

      try (Statement s = real.createStatement(); ResultSet rs = s.executeQuery(
          "SELECT current_setting('lock_configuration'),"
              + " current_setting('enable_external_access')")) {
        rs.next();
        assertThat(rs.getBoolean(1)).isTrue();
        assertThat(rs.getBoolean(2)).isFalse();
      }
    }
  }
}
