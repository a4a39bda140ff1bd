package dev.snowchat.sqlgate.internal.exec;

import static org.assertj.core.api.Assertions.assertThat;

import java.lang.reflect.Proxy;
import java.sql.SQLException;
import java.sql.Statement;
import net.snowflake.client.jdbc.SnowflakeSQLException;
import net.snowflake.client.jdbc.SnowflakeStatement;
import org.junit.jupiter.api.Test;

/**
 * The reflective query-id lookup, against test stand-ins named like the Snowflake driver's types
 * (the gate has no dependency on the driver).
 */
class QueryIdsTest {
  private static Statement snowflakeStatement(String id) {
    return (Statement) Proxy.newProxyInstance(QueryIdsTest.class.getClassLoader(),
        new Class<?>[] {Statement.class, SnowflakeStatement.class}, (p, m, a) -> switch (
            m.getName()) {
          case "getQueryID" -> id;
          case "isWrapperFor" -> ((Class<?>) a[0]).isInstance(p);
          case "unwrap" -> p;
          default -> throw new UnsupportedOperationException(m.getName());
        });
  }

  @Test
  void of_snowflakeStatement_readsTheQueryId() {
    assertThat(QueryIds.of(snowflakeStatement("01b2c3d4-0000-1111-0000-000123456789")))
        .isEqualTo("01b2c3d4-0000-1111-0000-000123456789");
  }

  @Test
  void of_otherStatement_isNull() {
    Statement plain = (Statement) Proxy.newProxyInstance(QueryIdsTest.class.getClassLoader(),
        new Class<?>[] {Statement.class}, (p, m, a) -> switch (m.getName()) {
          case "isWrapperFor" -> false;
          default -> throw new UnsupportedOperationException(m.getName());
        });

    assertThat(QueryIds.of(plain)).isNull();
  }

  @Test
  void of_snowflakeException_readsTheQueryIdThroughCauses() {
    SQLException wrapped = new SQLException("outer",
        new SnowflakeSQLException("01ab", "SQL compilation error", "42000"));

    assertThat(QueryIds.of(wrapped)).isEqualTo("01ab");
    assertThat(QueryIds.of(new SQLException("plain"))).isNull();
  }
}
