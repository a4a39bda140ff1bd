package dev.snowchat.sqlgate.internal.exec;

import java.lang.reflect.Method;
import java.sql.Statement;
import java.util.Optional;
import org.jspecify.annotations.Nullable;

/**
 * Reads the warehouse's query id where the driver offers one, by reflection only, so that the
 * gate has no compile-time dependency on any driver. Snowflake:
 * {@code statement.unwrap(net.snowflake.client.jdbc.SnowflakeStatement.class).getQueryID()}, and
 * {@code SnowflakeSQLException#getQueryId()} for failures. Other drivers: null.
 */
final class QueryIds {
  static final String SNOWFLAKE_STATEMENT = "net.snowflake.client.jdbc.SnowflakeStatement";

  // Per statement class (a driver's, or a pool's proxy): the Snowflake interface as its class
  // loader sees it, looked up once rather than failing a class lookup on every query.
  private static final ClassValue<Optional<Class<?>>> SNOWFLAKE_IFACE = new ClassValue<>() {
    @Override
    protected Optional<Class<?>> computeValue(Class<?> type) {
      return Optional.ofNullable(load(SNOWFLAKE_STATEMENT, type.getClassLoader()));
    }
  };

  private QueryIds() {}

  /** {@return the query id of the statement's last execution, or null} */
  static @Nullable String of(Statement statement) {
    Class<?> iface = SNOWFLAKE_IFACE.get(statement.getClass()).orElse(null);
    if (iface == null) {
      return null;
    }
    try {
      if (!statement.isWrapperFor(iface)) {
        return null;
      }
      Object unwrapped = statement.unwrap(iface);
      Method m = iface.getMethod("getQueryID");
      Object id = m.invoke(unwrapped);
      return id == null ? null : Texts.untrusted(id.toString());
    } catch (ReflectiveOperationException | java.sql.SQLException | RuntimeException
        | LinkageError e) {
      return null;
    }
  }

  /** {@return the query id a driver exception carries (Snowflake), or null} */
  static @Nullable String of(Throwable failure) {
    for (Throwable t = failure; t != null; t = t.getCause()) {
      if (!t.getClass().getName().startsWith("net.snowflake.")) {
        continue;
      }
      try {
        Method m = t.getClass().getMethod("getQueryId");
        Object id = m.invoke(t);
        if (id != null && !id.toString().isBlank()) {
          return Texts.untrusted(id.toString());
        }
      } catch (ReflectiveOperationException | RuntimeException | LinkageError e) {
        return null;
      }
    }
    return null;
  }

  private static @Nullable Class<?> load(String name, @Nullable ClassLoader first) {
    ClassLoader context = Thread.currentThread().getContextClassLoader();
    for (ClassLoader cl : new ClassLoader[] {first, context}) {
      if (cl == null) {
        continue;
      }
      try {
        return Class.forName(name, false, cl);
      } catch (ClassNotFoundException | LinkageError e) {
        // try the next loader
      }
    }
    return null;
  }
}
