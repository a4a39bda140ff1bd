package dev.snowchat.sqlgate;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.snowchat.sqlgate.FunctionCatalog.Effect;
import dev.snowchat.sqlgate.testing.TestDatabases;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.Statement;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/** The engine catalogs, read from real DuckDB and PostgreSQL. */
class FunctionCatalogTest {
  @Test
  void duckDb_catalog_marksSideEffectsTableFunctionsAndUserMacros() throws Exception {
    try (Connection c = DriverManager.getConnection("jdbc:duckdb:");
        Statement s = c.createStatement()) {
      s.execute("CREATE SEQUENCE s");
      s.execute("CREATE MACRO snowchat_macro(x) AS nextval('s') + x");
      FunctionCatalog cat = FunctionCatalog.read(c, Dialect.DUCKDB).orElseThrow();
      assertThat(cat.effect("write_log")).contains(Effect.SIDE_EFFECT);
      assertThat(cat.effect("nextval")).contains(Effect.SIDE_EFFECT);
      assertThat(cat.effect("setseed")).contains(Effect.SIDE_EFFECT);
      assertThat(cat.effect("enable_logging")).contains(Effect.SIDE_EFFECT);
      assertThat(cat.effect("duckdb_logs")).contains(Effect.SIDE_EFFECT);
      assertThat(cat.effect("json_execute_serialized_sql")).contains(Effect.SIDE_EFFECT);
      assertThat(cat.effect("snowchat_macro")).contains(Effect.SIDE_EFFECT);
      assertThat(cat.effect("lower")).contains(Effect.PURE);
      assertThat(cat.effect("random")).contains(Effect.PURE);
      assertThat(cat.effect("range")).contains(Effect.PURE);
      assertThat(cat.effect("duckdb_tables")).contains(Effect.PURE);
      assertThat(cat.effect("no_such_function")).isEmpty();
    }
  }

  @Test
  void executor_withDuckDbCatalog_refusesAUserMacro() throws Exception {
    try (TestDatabases.DuckDb db = TestDatabases.duckDbInMemory()
        .run("CREATE SEQUENCE seq", "CREATE MACRO bump(x) AS nextval('seq') + x")) {
      GatedExecutor e = GatedExecutor.builder().dataSource(db.dataSource())
          .gate(SqlGate.builder().dialect(Dialect.DUCKDB).build())
          .hardening(SessionHardening.none()).build();
      assertThat(e.execute("SELECT lower('A') AS a").rows()).hasSize(1);
      assertThatThrownBy(() -> e.execute("SELECT bump(1)"))
          .isInstanceOf(QueryRefusedException.class)
          .hasMessageContaining("BUMP");
      assertThat(e.functionCatalog()).isPresent();
      try (Connection c = db.connect(); Statement s = c.createStatement();
          var rs = s.executeQuery("SELECT count(*) FROM duckdb_sequences()"
              + " WHERE sequence_name = 'seq' AND last_value IS NULL")) {
        rs.next();
        assertThat(rs.getLong(1)).as("the sequence was never advanced").isEqualTo(1);
      }
    }
  }

  @Test
  void postgres_catalog_volatileAndUserFunctions() throws Exception {
    TestDatabases.Postgres pg = TestDatabases.postgres();
    try (Connection c = pg.connect(); Statement s = c.createStatement()) {
      s.execute("CREATE OR REPLACE FUNCTION snowchat_stable_fn() RETURNS int STABLE"
          + " LANGUAGE sql AS 'SELECT 1'");
      Optional<FunctionCatalog> read = FunctionCatalog.read(c, Dialect.GENERIC);
      FunctionCatalog cat = read.orElseThrow();
      assertThat(cat.effect("lo_create")).contains(Effect.SIDE_EFFECT);
      assertThat(cat.effect("pg_advisory_lock")).contains(Effect.SIDE_EFFECT);
      assertThat(cat.effect("pg_notify")).contains(Effect.SIDE_EFFECT);
      assertThat(cat.effect("query_to_xml")).contains(Effect.SIDE_EFFECT);
      assertThat(cat.effect("snowchat_stable_fn")).contains(Effect.SIDE_EFFECT);
      assertThat(cat.effect("now")).contains(Effect.PURE);
      assertThat(cat.effect("random")).contains(Effect.PURE);
      assertThat(cat.effect("pg_relation_size")).contains(Effect.PURE);
      assertThat(cat.effect("lower")).contains(Effect.PURE);
      assertThat(cat.effect("count")).contains(Effect.PURE);
    }
  }
}
