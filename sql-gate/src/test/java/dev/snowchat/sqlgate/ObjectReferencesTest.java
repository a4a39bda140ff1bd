package dev.snowchat.sqlgate;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * {@link SqlGate#references}: which objects a statement names, per dialect. Each case lists the
 * references as {@code KIND:part.part} (folded as the engine folds), or {@code !} when the
 * references must be incomplete. The engines themselves confirm the CTE and name rules in
 * {@link ObjectReferencesEngineTest}.
 */
class ObjectReferencesTest {

  static String show(Dialect d, String sql) {
    ObjectReferences r = SqlGate.builder().dialect(d).build().references(sql);
    StringBuilder b = new StringBuilder();
    for (ObjectReference o : r.objects()) {
      if (!b.isEmpty()) {
        b.append(' ');
      }
      b.append(o.kind()).append(':').append(String.join(".", o.parts()));
    }
    if (!r.complete()) {
      b.append(b.isEmpty() ? "!" : " !");
    }
    return b.toString();
  }

  @ParameterizedTest(name = "[{index}] {0}: {1}")
  @CsvSource(delimiter = '|', quoteCharacter = '`', textBlock = """
      DUCKDB    | SELECT * FROM raw.listings                                  | RELATION:raw.listings
      DUCKDB    | select * from "RAW"."LISTINGS" l join a.b h on true, RAW . x | RELATION:RAW.LISTINGS RELATION:a.b RELATION:RAW.x
      DUCKDB    | SELECT * FROM raw/* a comment */./* another */listings       | RELATION:raw.listings
      DUCKDB    | SELECT * FROM db.s.t                                        | RELATION:db.s.t
      DUCKDB    | SELECT * FROM x: raw.listings                               | RELATION:raw.listings
      DUCKDB    | FROM raw.listings SELECT *                                  | RELATION:raw.listings
      DUCKDB    | SELECT * FROM t WHERE a IN (FROM secret)                    | RELATION:t RELATION:secret
      DUCKDB    | SELECT * FROM (DESCRIBE secret)                             | RELATION:secret
      DUCKDB    | DESCRIBE secret                                             | RELATION:secret
      DUCKDB    | DESCRIBE TABLE secret                                       | RELATION:secret
      DUCKDB    | SUMMARIZE secret                                            | RELATION:secret
      DUCKDB    | SHOW secret                                                 | RELATION:secret
      DUCKDB    | DESCRIBE SELECT * FROM secret                               | RELATION:secret
      DUCKDB    | PIVOT secret ON y                                           | RELATION:secret
      DUCKDB    | SELECT * FROM t PIVOT (sum(x) FOR y IN ('a')) p, secret      | RELATION:t RELATION:secret
      DUCKDB    | SELECT * FROM range(10) r, unnest([1, 2]) u                 | TABLE_FUNCTION:range TABLE_FUNCTION:unnest
      DUCKDB    | SELECT * FROM t1, (VALUES (1), (2)) v(a), t2                | RELATION:t1 RELATION:t2
      DUCKDB    | SELECT * FROM (VALUES (1, 'a'), (2, 'b')) v(a, b)            | ``
      DUCKDB    | PIVOT cities ON year USING sum(population) GROUP BY country  | RELATION:cities
      DUCKDB    | PIVOT (FROM a JOIN b USING (id) SELECT *) ON c USING sum(d)  | RELATION:a RELATION:b
      DUCKDB    | SELECT extract(year FROM ts), substring(a FROM 2) FROM t    | RELATION:t
      DUCKDB    | SELECT a IS DISTINCT FROM b, a IS NOT DISTINCT FROM c FROM t | RELATION:t
      DUCKDB    | SELECT * FROM t ORDER BY a DESC NULLS LAST, b DESC LIMIT 5   | RELATION:t
      DUCKDB    | SELECT x.from, 1 AS from FROM secret                        | RELATION:secret
      DUCKDB    | SELECT * FROM t USING SAMPLE 10%                            | RELATION:t
      DUCKDB    | SELECT (SELECT max(x) FROM s) FROM t                        | RELATION:s RELATION:t
      DUCKDB    | SELECT * FROM t1 POSITIONAL JOIN t2 ASOF JOIN t3 ON true    | RELATION:t1 RELATION:t2 RELATION:t3
      DUCKDB    | EXPLAIN ANALYZE SELECT * FROM a                             | RELATION:a
      DUCKDB    | USE raw                                                     | CONTAINER:raw
      DUCKDB    | SHOW TABLES                                                 | !
      DUCKDB    | SHOW ALL TABLES                                             | !
      DUCKDB    | SELECT * FROM duckdb_tables()                               | TABLE_FUNCTION:duckdb_tables !
      DUCKDB    | SELECT * FROM query_table('secret')                         | TABLE_FUNCTION:query_table !
      DUCKDB    | SELECT * FROM 'x.csv'                                       | !
      DUCKDB    | SELECT * FROM "x.csv"                                       | !
      DUCKDB    | SELECT * FROM main.data.csv                                 | !
      DUCKDB    | SELECT * FROM read_csv('/tmp/x.csv')                        | TABLE_FUNCTION:read_csv !
      DUCKDB    | SELECT * FROM db.s.t.u                                      | !
      DUCKDB    | SELECT 1; SELECT 2                                          | !
      DUCKDB    | SELECT 'unterminated                                        | !
      DUCKDB    | CREATE TABLE x AS SELECT * FROM secret                      | !
      DUCKDB    | ATTACH 'x.db' AS x                                          | !
      DUCKDB    | SET search_path = 'secret'                                  | !
      DUCKDB    | SELECT * FROM t WHERE x = 'FROM secret'                     | RELATION:t
      DUCKDB    | SELECT * FROM t -- , secret                                 | RELATION:t
      DUCKDB    | SELECT * FROM t /* , secret */                              | RELATION:t
      DUCKDB    | INSERT INTO hidden SELECT * FROM visible                     | RELATION:hidden RELATION:visible
      DUCKDB    | SELECT * FROM                                               | !
      POSTGRES  | SELECT * FROM Secret.T                                      | RELATION:secret.t
      POSTGRES  | SELECT * FROM "Secret"."T"                                  | RELATION:Secret.T
      POSTGRES  | SELECT * FROM pg_class                                      | RELATION:pg_class
      POSTGRES  | SELECT * FROM ONLY secret                                   | RELATION:secret
      POSTGRES  | TABLE secret                                                | RELATION:secret
      POSTGRES  | SELECT (TABLE secret)                                       | RELATION:secret
      POSTGRES  | SELECT 1 UNION TABLE secret                                 | RELATION:secret
      POSTGRES  | SELECT * FROM generate_series(1, 3) g, rows from (unnest(array[2]), generate_series(1, 2)) r | TABLE_FUNCTION:generate_series TABLE_FUNCTION:unnest
      POSTGRES  | SELECT * FROM t1 JOIN LATERAL (SELECT * FROM t2) x ON true   | RELATION:t1 RELATION:t2
      POSTGRES  | SELECT * FROM x WHERE a = ANY (SELECT b FROM y)             | RELATION:x RELATION:y
      POSTGRES  | SELECT * FROM (t1 JOIN t2 USING (a)) j, t3                  | RELATION:t1 RELATION:t2 RELATION:t3
      POSTGRES  | INSERT INTO hidden.t SELECT * FROM visible.t                | RELATION:hidden.t RELATION:visible.t
      POSTGRES  | UPDATE hidden.t SET a = 1 FROM other o WHERE o.a = t.a      | RELATION:hidden.t RELATION:other
      POSTGRES  | DELETE FROM hidden.t USING other WHERE true                 | RELATION:hidden.t RELATION:other
      POSTGRES  | WITH d AS (DELETE FROM t RETURNING *) SELECT * FROM d       | RELATION:t
      POSTGRES  | MERGE INTO tgt USING src ON tgt.a = src.a WHEN MATCHED THEN UPDATE SET b = 1 | RELATION:tgt RELATION:src
      POSTGRES  | SELECT * FROM my_func()                                     | TABLE_FUNCTION:my_func !
      POSTGRES  | SELECT pg_get_viewdef('secret.v')                           | !
      POSTGRES  | SELECT pg_catalog.pg_get_viewdef(1)                         | !
      POSTGRES  | SELECT 'secret.t'::regclass                                 | !
      POSTGRES  | SELECT CAST('secret' AS regclass)                           | !
      POSTGRES  | SELECT has_table_privilege('secret', 'select')              | !
      POSTGRES  | SELECT table_to_xml('secret', true, true, '')               | !
      POSTGRES  | SELECT nextval('hidden.seq')                                | !
      POSTGRES  | SELECT set_config('search_path', 'secret', false)           | !
      POSTGRES  | SET search_path = secret                                    | !
      POSTGRES  | COPY secret TO STDOUT                                       | !
      POSTGRES  | SELECT pg_typeof(1), pg_size_pretty(1024)                   | ``
      POSTGRES  | SELECT json_populate_record(null::secret.t, '{}'), 1::int8, CAST(2 AS numeric(10, 2)) | OTHER:secret.t
      POSTGRES  | SELECT null::secret_t, '1'::text, CAST(x AS Mood) FROM t    | OTHER:secret_t OTHER:mood RELATION:t
      DUCKDB    | SELECT x::VARCHAR, CAST(y AS DECIMAL(10, 2)), z::s.my_type FROM t | OTHER:s.my_type RELATION:t
      SNOWFLAKE | SELECT * FROM db..t                                         | RELATION:DB.PUBLIC.T
      SNOWFLAKE | SELECT * FROM "db"."s"."t"                                  | RELATION:db.s.t
      SNOWFLAKE | SELECT * FROM TABLE(FLATTEN(input => [1, 2])) f, LATERAL FLATTEN(input => t.v) g, t | TABLE_FUNCTION:FLATTEN RELATION:T
      SNOWFLAKE | SELECT * FROM VALUES (1, 'a'), (2, 'b') v, secret           | RELATION:SECRET
      SNOWFLAKE | SELECT * FROM t AT(OFFSET => -60), u                        | RELATION:T RELATION:U
      SNOWFLAKE | SELECT * FROM t1 ASOF JOIN t2 MATCH_CONDITION (t1.a >= t2.a) | RELATION:T1 RELATION:T2
      SNOWFLAKE | DESCRIBE TABLE db.s.t                                       | RELATION:DB.S.T
      SNOWFLAKE | DESC TABLE event                                            | RELATION:EVENT
      SNOWFLAKE | DESC MATERIALIZED VIEW v                                    | RELATION:V
      SNOWFLAKE | SELECT m!PREDICT(1) FROM t                                  | OTHER:M RELATION:T
      SNOWFLAKE | USE SCHEMA db.s                                             | CONTAINER:DB.S
      SNOWFLAKE | SELECT * FROM IDENTIFIER('db.s.t')                          | !
      SNOWFLAKE | SELECT * FROM IDENTIFIER($t)                                | !
      SNOWFLAKE | SELECT * FROM TABLE('db.s.t')                               | !
      SNOWFLAKE | SELECT * FROM TABLE($t)                                     | !
      SNOWFLAKE | SELECT * FROM TABLE(RESULT_SCAN(LAST_QUERY_ID()))           | TABLE_FUNCTION:RESULT_SCAN !
      SNOWFLAKE | SELECT * FROM TABLE(db.s.my_udtf(1))                        | TABLE_FUNCTION:DB.S.MY_UDTF !
      SNOWFLAKE | SELECT * FROM @stage                                        | !
      SNOWFLAKE | SELECT $1 FROM '@stage/x.csv'                               | !
      SNOWFLAKE | DESCRIBE STAGE s                                            | !
      SNOWFLAKE | SHOW TABLES IN SCHEMA x                                     | !
      SNOWFLAKE | LIST @s                                                     | !
      SNOWFLAKE | SELECT GET_DDL('table', 'x')                                | !
      SNOWFLAKE | SELECT SYSTEM$CLUSTERING_INFORMATION('x')                   | !
      SNOWFLAKE | SELECT * FROM t ->> SELECT * FROM $1                        | RELATION:T !
      SNOWFLAKE | SELECT * FROM snowflake.account_usage.tables                | RELATION:SNOWFLAKE.ACCOUNT_USAGE.TABLES
      GENERIC   | SELECT * FROM s.t JOIN u ON true                            | RELATION:s.t RELATION:u
      GENERIC   | SELECT * FROM [dbo].[t]                                     | !
      """)
  void references(Dialect dialect, String sql, String expected) {
    assertThat(show(dialect, sql)).isEqualTo(expected == null ? "" : expected);
  }

  @ParameterizedTest(name = "[{index}] {0}: {1}")
  @CsvSource(delimiter = '|', quoteCharacter = '`', textBlock = """
      DUCKDB    | WITH r AS (SELECT * FROM raw.listings) SELECT * FROM r      | RELATION:raw.listings
      DUCKDB    | WITH secret AS (SELECT 1) SELECT * FROM secret              | ``
      DUCKDB    | WITH secret AS (SELECT 1) SELECT * FROM SECRET, "Secret"    | ``
      DUCKDB    | WITH secret AS (SELECT 1) SELECT * FROM main.secret         | RELATION:main.secret
      DUCKDB    | WITH secret AS (SELECT * FROM secret) SELECT * FROM secret  | RELATION:secret
      DUCKDB    | WITH a AS (SELECT * FROM b), b AS (SELECT 1) SELECT * FROM a | RELATION:b
      DUCKDB    | WITH RECURSIVE a AS (SELECT * FROM b), b AS (SELECT 1) SELECT * FROM a | RELATION:b
      DUCKDB    | WITH a AS (SELECT 1), b AS (SELECT * FROM a) SELECT * FROM b | ``
      DUCKDB    | WITH RECURSIVE b AS (SELECT 1 AS x UNION ALL SELECT x + 1 FROM b WHERE x < 3) SELECT * FROM b | ``
      DUCKDB    | WITH RECURSIVE b AS (SELECT * FROM b UNION ALL SELECT x + 1 FROM b WHERE x < 3) SELECT * FROM b | RELATION:b
      DUCKDB    | WITH RECURSIVE b AS (SELECT 1 AS x UNION ALL SELECT x FROM b UNION ALL SELECT x + 1 FROM b) SELECT * FROM b | RELATION:b
      DUCKDB    | WITH b AS (SELECT 1 AS x UNION ALL SELECT x + 1 FROM b) SELECT * FROM b | RELATION:b
      DUCKDB    | SELECT * FROM (WITH b AS (SELECT 1) SELECT * FROM b) s, b   | RELATION:b
      DUCKDB    | SELECT * FROM a UNION ALL (WITH b AS (SELECT 1) SELECT * FROM b) UNION SELECT * FROM b | RELATION:a RELATION:b
      DUCKDB    | WITH b AS (SELECT 1) SELECT * FROM b UNION SELECT * FROM b  | ``
      DUCKDB    | WITH b AS (SELECT 1) SELECT * FROM (SELECT * FROM b) s WHERE 1 IN (SELECT * FROM b) | ``
      DUCKDB    | INSERT INTO b WITH b AS (SELECT 1) SELECT * FROM b          | RELATION:b
      DUCKDB    | WITH b AS (SELECT 1) INSERT INTO b SELECT * FROM b          | RELATION:b
      POSTGRES  | WITH "Secret" AS (SELECT 1) SELECT * FROM secret            | RELATION:secret
      POSTGRES  | WITH secret AS (SELECT 1) SELECT * FROM "secret", "SECRET"  | RELATION:SECRET
      POSTGRES  | WITH Secret AS (SELECT 1) SELECT * FROM "secret"            | ``
      SNOWFLAKE | WITH secret AS (SELECT 1) SELECT * FROM "secret"            | RELATION:secret
      SNOWFLAKE | WITH secret AS (SELECT 1) SELECT * FROM "SECRET", Secret    | ``
      GENERIC   | WITH secret AS (SELECT 1) SELECT * FROM SECRET              | RELATION:SECRET
      GENERIC   | WITH secret AS (SELECT 1) SELECT * FROM secret              | ``
      """)
  void commonTableExpressions(Dialect dialect, String sql, String expected) {
    assertThat(show(dialect, sql)).isEqualTo(expected == null ? "" : expected);
  }

  @Test
  void reference_carriesPartsQuotingCaseRuleAndText() {
    ObjectReferences r = SqlGate.builder().dialect(Dialect.POSTGRES).build()
        .references("SELECT * FROM Analytics . \"Orders\" o");
    assertThat(r.complete()).isTrue();
    ObjectReference o = r.objects().get(0);
    assertThat(o.parts()).containsExactly("analytics", "Orders");
    assertThat(o.quoted()).containsExactly(false, true);
    assertThat(o.ignoreCase()).isFalse();
    assertThat(o.text()).isEqualTo("Analytics.\"Orders\"");
    assertThat(o.name()).isEqualTo("Orders");
    assertThat(o.qualified()).isTrue();
    ObjectReference duck = SqlGate.builder().dialect(Dialect.DUCKDB).build()
        .references("SELECT * FROM Analytics.Orders").objects().get(0);
    assertThat(duck.parts()).containsExactly("Analytics", "Orders");
    assertThat(duck.ignoreCase()).isTrue();
  }

  @Test
  void references_duplicatesOnce_andKindFilter() {
    ObjectReferences r = SqlGate.builder().dialect(Dialect.DUCKDB).build()
        .references("SELECT * FROM t JOIN t ON true, range(3) r WHERE 1 IN (SELECT 1 FROM t)");
    assertThat(r.objects()).hasSize(2);
    assertThat(r.objects(ObjectReference.Kind.RELATION)).extracting(ObjectReference::name)
        .containsExactly("t");
    assertThat(r.objects(ObjectReference.Kind.TABLE_FUNCTION)).extracting(ObjectReference::name)
        .containsExactly("range");
  }

  @Test
  void references_neverThrow_onOddInput() {
    SqlGate gate = SqlGate.builder().dialect(Dialect.SNOWFLAKE).build();
    for (String s : List.of("", ";", ")", "((", "SELECT * FROM (", "WITH", "WITH x AS",
        "WITH x AS (SELECT 1", "SELECT * FROM t,", "\u0000", "SELECT * FROM db..", "FROM")) {
      ObjectReferences r = gate.references(s);
      assertThat(r.complete()).as(s).isFalse();
    }
  }

  @Test
  void references_onTokenSoup_neverFailInternally() {
    // The finder must never hit an internal error (which it would report as "could not
    // analyse"): random soups of the constructs it walks, in every dialect.
    List<String> pieces = List.of("SELECT", "*", "FROM", "t", "s.t", "\"Q\"", ",", "(", ")",
        "JOIN", "ON", "USING", "WITH", "RECURSIVE", "x", "AS", "UNION", "ALL", "WHERE", "IN",
        "LATERAL", "TABLE", "VALUES", "(1)", "f(", "::", "int", "CAST(", "DESCRIBE", "SHOW",
        "INSERT", "INTO", "UPDATE", "SET", "DELETE", "MERGE", "TRUNCATE", "'s'", "@st", "$1",
        "..", ".", "IDENTIFIER(", "!", "NEXTVAL", "ROWS", "ONLY", ":", "=", "1", "EXTRACT(",
        "IS", "DISTINCT", "NOT", "PIVOT", "SUMMARIZE", "USE", "EXPLAIN", "ORDER", "BY", "DESC");
    java.util.SplittableRandom random = new java.util.SplittableRandom(20261201);
    for (Dialect d : Dialect.values()) {
      SqlGate gate = SqlGate.builder().dialect(d).build();
      for (int i = 0; i < 4_000; i++) {
        StringBuilder b = new StringBuilder(List.of("SELECT * FROM ", "FROM ", "DESCRIBE ",
            "WITH x AS (SELECT 1) SELECT * FROM ", "INSERT INTO t ", "").get(random.nextInt(6)));
        int n = 1 + random.nextInt(24);
        for (int j = 0; j < n; j++) {
          b.append(pieces.get(random.nextInt(pieces.size()))).append(' ');
        }
        String sql = b.toString();
        ObjectReferences r = gate.references(sql);
        assertThat(r.unresolved()).as("%s: %s", d, sql)
            .noneMatch(u -> u.contains("could not analyse"));
      }
    }
  }

  @Test
  void references_areIndependentOfTheMode() {
    String sql = "DELETE FROM hidden.t USING visible.u";
    assertThat(SqlGate.builder().dialect(Dialect.POSTGRES).build().references(sql).objects())
        .hasSize(2);
    assertThat(SqlGate.builder().dialect(Dialect.POSTGRES).mode(PermissionMode.FULL).build()
        .references(sql).objects()).hasSize(2);
  }
}
