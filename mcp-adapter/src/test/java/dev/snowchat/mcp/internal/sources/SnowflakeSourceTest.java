package dev.snowchat.mcp.internal.sources;

import static org.assertj.core.api.Assertions.assertThat;

import dev.snowchat.mcp.CallContext;
import dev.snowchat.mcp.McpConfig;
import dev.snowchat.mcp.ToolDefinition;
import dev.snowchat.mcp.ToolResult;
import dev.snowchat.schemaindex.testing.FakeSnowflake;
import dev.snowchat.sqlgate.Dialect;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Proxy;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.SQLFeatureNotSupportedException;
import java.sql.Statement;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import javax.sql.DataSource;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A Snowflake source of the catalog, served by the recorded Snowflake fake (Snowflake's real
 * column names) beside a file source and PostgreSQL-free: one server, each source in its own
 * engine, the Snowflake source's sessions hardened and its statements gated (issue 13, "the
 * recorded Snowflake fakes ... as sources of one server").
 */
class SnowflakeSourceTest {
  static final String SECRET = "planted-" + UUID.randomUUID();
  @TempDir Path dir;
  final FakeSnowflake fake = new FakeSnowflake()
      .on("ALTER SESSION", List.of("status"), new Object[] {"Statement executed successfully."})
      .on("USE SECONDARY ROLES", List.of("status"),
          new Object[] {"Statement executed successfully."})
      .on("SHOW OBJECTS IN SCHEMA \"AIRBNB\".\"DBT_SCHEMA\"", FakeSnowflake.SHOW_OBJECTS,
          FakeSnowflake.objectRow("AIRBNB", "DBT_SCHEMA", "DIM_LISTINGS", "TABLE", "Listings",
              17499))
      .on("SELECT 42", List.of("ANSWER"), new Object[] {"42"});
  SourceSet set;
  Map<String, ToolDefinition> tools = new LinkedHashMap<>();

  @BeforeEach
  void start() throws Exception {
    fake.database("AIRBNB");
    fake.schema("AIRBNB", "DBT_SCHEMA");
    Files.writeString(dir.resolve("notes.csv"), "listing_id,note\n1,quiet\n");
    Path catalog = Files.writeString(dir.resolve("sources.json"), """
        {"sources": [
          {"name": "sf", "address": "snowflake://snowchat-test-acct", "credential": "sf",
           "database": "AIRBNB", "schema": "DBT_SCHEMA", "maxRows": 50},
          {"name": "notes", "address": "notes.csv"}
        ]}""");
    McpConfig config = McpConfig.fromEnvironment(Map.of(
        "SNOWCHAT_SOURCES", catalog.toString(),
        "SNOWCHAT_CRED_SF_USER", "ANALYST", "SNOWCHAT_CRED_SF_PASSWORD", SECRET,
        "SNOWCHAT_SCHEMA_INDEX", "off"));
    set = SourceSet.build(config, null, null, null, false,
        t -> t.dialect() == Dialect.SNOWFLAKE ? tolerant(DataSource.class, fake.dataSource())
            : null);
    for (ToolDefinition d : set.definitions()) {
      tools.put(d.name(), d);
    }
  }

  @AfterEach
  void close() {
    set.close();
  }

  /**
   * The fake as a driver that lacks some statement settings: a setter the fake does not know
   * answers {@link SQLFeatureNotSupportedException}, as such a driver does (the gate then caps
   * rows and time itself); everything else is the fake's.
   */
  @SuppressWarnings("unchecked")
  static <T> T tolerant(Class<T> type, T delegate) {
    return (T) Proxy.newProxyInstance(type.getClassLoader(), new Class<?>[] {type},
        (p, m, a) -> {
          Object r;
          try {
            r = m.invoke(delegate, a);
          } catch (InvocationTargetException e) {
            if (e.getCause() instanceof UnsupportedOperationException
                && m.getName().startsWith("set")) {
              throw new SQLFeatureNotSupportedException(m.getName());
            }
            throw e.getCause();
          }
          if (r instanceof Connection c && type != Connection.class) {
            return tolerant(Connection.class, c);
          }
          if (r instanceof Statement st && !(r instanceof java.sql.PreparedStatement)) {
            return tolerant(Statement.class, st);
          }
          return r;
        });
  }

  ToolResult call(String tool, Object... kv) {
    Map<String, Object> args = new LinkedHashMap<>();
    for (int i = 0; i < kv.length; i += 2) {
      args.put((String) kv[i], kv[i + 1]);
    }
    return tools.get(tool).handler().call(args, CallContext.none());
  }

  @Test
  void aSnowflakeSource_servesBesideAFile_eachInItsOwnEngine() {
    ToolResult sources = call("list_sources");
    assertThat(sources.isError()).as(sources.text()).isFalse();
    assertThat(sources.text()).contains("sf").contains("snowflake").contains("notes");

    ToolResult dbs = call("list_databases");
    assertThat(dbs.isError()).as(dbs.text()).isFalse();
    assertThat(dbs.text()).contains("AIRBNB");

    ToolResult tables = call("list_tables", "source", "sf", "database", "AIRBNB", "schema",
        "DBT_SCHEMA");
    assertThat(tables.isError()).as(tables.text()).isFalse();
    assertThat(tables.text()).contains("DIM_LISTINGS").startsWith("[source sf]");

    ToolResult answer = call("execute_query", "source", "sf", "sql", "SELECT 42 AS ANSWER");
    assertThat(answer.isError()).as(answer.text()).isFalse();
    assertThat(answer.text()).contains("42");
    // The Snowflake source's sessions are hardened as a single Snowflake warehouse's are: its
    // own limits (maxRows 50 tightens the server's), read-only, no secondary roles.
    assertThat(fake.log()).anyMatch(s -> s.startsWith("ALTER SESSION SET MULTI_STATEMENT_COUNT"))
        .contains("USE SECONDARY ROLES NONE").noneMatch(s -> s.contains(SECRET));

    ToolResult write = call("execute_query", "source", "sf", "sql", "DELETE FROM DIM_LISTINGS");
    assertThat(write.isError()).isTrue();
    assertThat(write.errorCode()).isEqualTo("QUERY_REFUSED");
    assertThat(fake.log()).noneMatch(s -> s.startsWith("DELETE"));

    ToolResult file = call("execute_query", "source", "notes", "sql",
        "SELECT note FROM notes WHERE listing_id = 1");
    assertThat(file.isError()).as(file.text()).isFalse();
    assertThat(file.text()).contains("quiet").startsWith("[source local]");
    assertThat(fake.log()).noneMatch(s -> s.contains("notes"));
  }
}
