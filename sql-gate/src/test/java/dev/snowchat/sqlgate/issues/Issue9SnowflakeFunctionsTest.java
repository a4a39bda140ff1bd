package dev.snowchat.sqlgate.issues;

import static org.assertj.core.api.Assertions.assertThat;

import dev.snowchat.sqlgate.Dialect;
import dev.snowchat.sqlgate.FunctionPolicy;
import dev.snowchat.sqlgate.GatePolicy;
import dev.snowchat.sqlgate.PermissionMode;
import dev.snowchat.sqlgate.Rule;
import dev.snowchat.sqlgate.SqlGate;
import dev.snowchat.sqlgate.Verdict;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Issue 9 item 3, Snowflake: with no catalog to read, only Snowflake's documented read-only
 * built-ins (and the {@code SYSTEM$} allowlist) may be called; anything else needs the host's
 * {@code allow}.
 */
class Issue9SnowflakeFunctionsTest {
  private static final SqlGate SNOW = SqlGate.builder().dialect(Dialect.SNOWFLAKE).build();

  /** Shapes a built-in is called in; %s is the name. */
  private static final List<String> SHAPES = List.of(
      "SELECT %s(1)",
      "SELECT %s(x, 'a') FROM t",
      "SELECT a FROM t WHERE %s(a) IS NOT NULL",
      "SELECT %s(1) OVER (PARTITION BY a ORDER BY b) FROM t",
      "SELECT * FROM TABLE(%s(1))",
      "SELECT IDENTIFIER('%s')(1)");

  @Test
  void generated_builtInCalls_notRefusedForTheFunction() {
    List<String> names = new ArrayList<>(FunctionPolicy.snowflakeFunctions());
    names.sort(null);
    SplittableRandom random = new SplittableRandom(0x5F_9_3L);
    List<String> failures = new ArrayList<>();
    for (int n = 0; n < 2_000; n++) {
      String name = names.get(random.nextInt(names.size()));
      String cased = random.nextBoolean() ? name.toLowerCase(Locale.ROOT) : name;
      String sql = String.format(Locale.ROOT, SHAPES.get(random.nextInt(SHAPES.size())), cased);
      Verdict v = SNOW.check(sql);
      if (v.rule() == Rule.FUNCTION_NOT_ALLOWED && failures.size() < 20) {
        failures.add(sql + " -> " + v.reason());
      }
    }
    assertThat(failures).isEmpty();
  }

  @Test
  void everyListedName_selectCall_allowed() {
    List<String> failures = new ArrayList<>();
    for (String name : FunctionPolicy.snowflakeFunctions()) {
      Verdict v = SNOW.check("SELECT " + name.toLowerCase(Locale.ROOT) + "(1)");
      if (!v.allowed()) {
        failures.add(name + " -> " + v.reason());
      }
    }
    assertThat(failures).isEmpty();
  }

  @Test
  void list_holdsNoDeniedFamilyAndNoExcludedName() {
    FunctionPolicy p = FunctionPolicy.defaults(Dialect.SNOWFLAKE);
    for (String name : FunctionPolicy.snowflakeFunctions()) {
      assertThat(name).as(name).doesNotStartWith("SYSTEM$");
      assertThat(p.access(name)).as(name).isEqualTo(FunctionPolicy.Access.ALLOWED);
    }
    assertThat(FunctionPolicy.snowflakeFunctions()).hasSizeGreaterThan(500)
        .contains("LOWER", "IFF", "FLATTEN", "GENERATOR", "SPLIT_TO_TABLE", "UUID_STRING",
            "RANDOM", "SEQ4", "UNIFORM", "CURRENT_WAREHOUSE", "APPROX_COUNT_DISTINCT", "HLL")
        .doesNotContain("RESULT_SCAN", "QUERY_HISTORY", "TO_QUERY", "COMPLETE", "AI_COMPLETE",
            "INFER_SCHEMA", "GET_PRESIGNED_URL", "BUILD_SCOPED_FILE_URL", "EXTERNAL_FUNCTION");
  }

  @ParameterizedTest
  @ValueSource(strings = {
      "SELECT my_udf(1)",
      "SELECT exfiltrate(x) FROM t",
      "SELECT a FROM t WHERE my_udf(a) > 0",
      "SELECT * FROM TABLE(my_table_udf(1))",
      "SELECT IDENTIFIER('my_udf')(1)",
      "SELECT \"my_udf\"(1)",
      "SELECT SNOWFLAKE.CORTEX.COMPLETE('model', 'prompt')",
      "SELECT SNOWFLAKE.CORTEX.SENTIMENT('great product')",
      "SELECT AI_COMPLETE('model', 'prompt')",
      // model!PREDICT(...) is a read-only model method: see SnowflakeModelMethodsTest.
      "SELECT * FROM TABLE(INFER_SCHEMA(LOCATION => '@st'))",
      "SELECT GET_PRESIGNED_URL(@st, 'f.csv')",
      "SELECT * FROM t, LATERAL my_udtf(t.a)",
  })
  void unknownNames_refused_withHowToAllow(String sql) {
    Verdict v = SNOW.check(sql);
    assertThat(v).as(sql).isInstanceOf(Verdict.Blocked.class);
    assertThat(v.rule()).as(sql).isEqualTo(Rule.FUNCTION_NOT_ALLOWED);
    assertThat(v.reason()).as(sql).contains("is not a known read-only Snowflake built-in")
        .contains("FunctionPolicy.Builder#allow").contains("allowFunctions");
  }

  @ParameterizedTest
  @ValueSource(strings = {"SELECT my_schema.lower(x) FROM t", "SELECT db.sch.IFF(a, 1, 2) FROM t",
      "SELECT \"lower\"(x) FROM t", "SELECT \"LOWER\"(x) FROM t",
      "SELECT IDENTIFIER('my_schema.lower')(x) FROM t", "SELECT * FROM TABLE(s.FLATTEN(x))"})
  void qualifiedOrQuotedBuiltInName_isAUdf_refused(String sql) {
    Verdict v = SNOW.check(sql);
    assertThat(v.rule()).as(sql).isEqualTo(Rule.FUNCTION_NOT_ALLOWED);
    assertThat(v.reason()).as(sql).contains("is not a known read-only Snowflake built-in");
  }

  @ParameterizedTest
  @ValueSource(strings = {
      "SELECT * FROM TABLE(INFORMATION_SCHEMA.TAG_REFERENCES('t', 'table'))",
      "SELECT * FROM TABLE(my_db.information_schema.policy_references(ref_entity_name => 't',"
          + " ref_entity_domain => 'table'))"})
  void informationSchemaTableFunctions_allowed(String sql) {
    assertThat(SNOW.check(sql)).as(sql).isInstanceOf(Verdict.Allowed.class);
  }

  @ParameterizedTest
  @ValueSource(strings = {
      "SELECT system$foo()",
      "SELECT SYSTEM$CANCEL_ALL_QUERIES(1)",
      "SELECT * FROM TABLE(TO_QUERY('SELECT 1'))",
      "SELECT * FROM TABLE(RESULT_SCAN(LAST_QUERY_ID()))",
  })
  void sideEffectingNames_refused_asSideEffects(String sql) {
    Verdict v = SNOW.check(sql);
    assertThat(v).as(sql).isInstanceOf(Verdict.Blocked.class);
    assertThat(v.rule()).as(sql).isEqualTo(Rule.FUNCTION_NOT_ALLOWED);
    assertThat(v.reason()).as(sql).contains("has side effects or is not known to be read-only");
  }

  @ParameterizedTest
  @EnumSource(value = PermissionMode.class, names = {"READ_ONLY", "READ_WRITE"})
  void unknownName_refusedInReadOnlyAndReadWrite_notInFull(PermissionMode mode) {
    SqlGate gate = SqlGate.builder().dialect(Dialect.SNOWFLAKE).mode(mode).build();
    assertThat(gate.check("SELECT my_udf(1)").rule()).isEqualTo(Rule.FUNCTION_NOT_ALLOWED);
    SqlGate full = SqlGate.builder().dialect(Dialect.SNOWFLAKE).mode(PermissionMode.FULL)
        .build();
    assertThat(full.check("SELECT my_udf(1)")).isInstanceOf(Verdict.Allowed.class);
  }

  @ParameterizedTest
  @ValueSource(strings = {"SELECT my_udf(1)", "SELECT MY_UDF(a) FROM t",
      "SELECT db.sch.my_udf(1)", "SELECT IDENTIFIER('my_udf')(1)",
      "SELECT * FROM TABLE(my_udf(1))"})
  void hostAllow_letsTheUdfThrough(String sql) {
    SqlGate gate = SqlGate.builder().dialect(Dialect.SNOWFLAKE)
        .functionPolicy(FunctionPolicy.builder(Dialect.SNOWFLAKE).allow("my_udf").build())
        .build();
    assertThat(gate.check(sql)).as(sql).isInstanceOf(Verdict.Allowed.class);
    SqlGate parsed = GatePolicy.parse("dialect=snowflake,allowFunctions=my_udf").toBuilder()
        .build();
    assertThat(parsed.check(sql)).as(sql).isInstanceOf(Verdict.Allowed.class);
    assertThat(gate.check("SELECT other_udf(1)").rule()).isEqualTo(Rule.FUNCTION_NOT_ALLOWED);
  }

  @ParameterizedTest
  @ValueSource(strings = {"INSERT INTO t (a, b) VALUES (1, 2)",
      "INSERT INTO db.s.t (a) SELECT LOWER(x) FROM u", "COPY INTO t (a, b) FROM @st",
      "INSERT ALL INTO t1 (a) VALUES (x) INTO t2 (b) VALUES (y) SELECT x, y FROM s"})
  void readWrite_columnListsOfTargets_notCalls(String sql) {
    SqlGate rw = SqlGate.builder().dialect(Dialect.SNOWFLAKE).mode(PermissionMode.READ_WRITE)
        .build();
    assertThat(rw.check(sql)).as(sql).isInstanceOf(Verdict.Allowed.class);
  }

  @ParameterizedTest
  @ValueSource(strings = {"INSERT INTO t (a) VALUES (my_udf(1))",
      "INSERT INTO t (a) SELECT exfiltrate(x) FROM u", "INSERT INTO t SELECT my_udf(1)"})
  void readWrite_udfInAWrite_refused(String sql) {
    SqlGate rw = SqlGate.builder().dialect(Dialect.SNOWFLAKE).mode(PermissionMode.READ_WRITE)
        .build();
    assertThat(rw.check(sql).rule()).as(sql).isEqualTo(Rule.FUNCTION_NOT_ALLOWED);
  }

  @ParameterizedTest
  @ValueSource(strings = {"DESCRIBE FUNCTION my_udf(NUMBER)",
      "DESCRIBE PROCEDURE db.s.my_proc(VARCHAR, NUMBER)"})
  void describeSignature_isNotACall(String sql) {
    assertThat(SNOW.check(sql)).as(sql).isInstanceOf(Verdict.Allowed.class);
  }

  @Test
  void allowedDdl_tableColumnList_isNotACall() {
    SqlGate g = SqlGate.builder().dialect(Dialect.SNOWFLAKE)
        .allow(dev.snowchat.sqlgate.StatementKind.DDL).build();
    assertThat(g.check("CREATE TABLE IF NOT EXISTS db.s.t (a NUMBER(10, 2))"))
        .isInstanceOf(Verdict.Allowed.class);
    assertThat(g.check("CREATE VIEW v (a) AS SELECT my_udf(1)").rule())
        .isEqualTo(Rule.FUNCTION_NOT_ALLOWED);
  }

  @Test
  void hostDeny_refusesABuiltIn() {
    SqlGate gate = SqlGate.builder().dialect(Dialect.SNOWFLAKE)
        .functionPolicy(FunctionPolicy.builder(Dialect.SNOWFLAKE).deny("uuid_string").build())
        .build();
    Verdict v = gate.check("SELECT UUID_STRING()");
    assertThat(v.rule()).isEqualTo(Rule.FUNCTION_NOT_ALLOWED);
    assertThat(v.reason()).contains("has side effects or is not known to be read-only");
  }

  @ParameterizedTest
  @ValueSource(strings = {
      // type constructors
      "SELECT CAST(a AS NUMBER(10, 2)) FROM t",
      "SELECT a::VARCHAR(10), b::DECIMAL(5, 1), c::TIMESTAMP_NTZ(9) FROM t",
      "SELECT TRY_CAST(a AS NUMERIC(38, 0)) FROM t",
      "SELECT CAST(a AS ARRAY(NUMBER)) FROM t",
      "SELECT CAST(o AS OBJECT(city VARCHAR(20), zip NUMBER(5, 0))) FROM t",
      "SELECT CAST(m AS MAP(VARCHAR(10), NUMBER(10, 0))) FROM t",
      "SELECT a::TIMESTAMP_LTZ(3), b::TIMESTAMP_TZ(3), c::TIME(9), d::CHAR(2) FROM t",
      "SELECT CAST(v AS VECTOR(FLOAT, 3)) FROM t",
      "SELECT CAST(b AS BINARY(16)), CAST(s AS STRING(5)), CAST(x AS TEXT(5)) FROM t",
      // keywords that stand before '('
      "SELECT EXTRACT(year FROM d), POSITION('a' IN s), TRIM(s), SUBSTRING(s, 1, 2) FROM t",
      "SELECT IFF(a > 0, 'p', 'n'), DECODE(a, 1, 'one', 'other') FROM t",
      "SELECT a FROM t WHERE EXISTS (SELECT 1 FROM u) AND a IN (1, 2) AND NOT (a = 3)",
      "SELECT * FROM (VALUES (1, 'a'), (2, 'b'))",
      "SELECT SUM(a) OVER (PARTITION BY b) FROM t",
      "SELECT LISTAGG(a, ',') WITHIN GROUP (ORDER BY a) FROM t",
      "SELECT COUNT(*) FROM t GROUP BY GROUPING SETS ((a), (b)), CUBE (a, b)",
      "SELECT v.value FROM t, LATERAL FLATTEN(input => t.arr) v",
      "SELECT * FROM TABLE(GENERATOR(ROWCOUNT => 10))",
      "SELECT * FROM TABLE(SPLIT_TO_TABLE('a,b', ',')), TABLE(STRTOK_SPLIT_TO_TABLE('a b'))",
      "SELECT * FROM t AT (TIMESTAMP => '2024-01-01'::TIMESTAMP_LTZ)",
      "SELECT * FROM t BEFORE (STATEMENT => '8e5d0ca9-005e-44e6-b858-a8f5b37c5726')",
      "SELECT * FROM t CHANGES (INFORMATION => DEFAULT) AT (OFFSET => -60) END (OFFSET => -1)",
      "SELECT * FROM t PIVOT (SUM(a) FOR b IN ('x', 'y') DEFAULT ON NULL (0))",
      "SELECT * FROM t UNPIVOT (v FOR k IN (a, b))",
      "SELECT * FROM t UNPIVOT INCLUDE NULLS (v FOR k IN (a, b))",
      "SELECT * FROM t SAMPLE (10) SEED (42)",
      "SELECT * FROM t TABLESAMPLE BERNOULLI (10)",
      "SELECT * FROM t MATCH_RECOGNIZE (PARTITION BY a ORDER BY b MEASURES MATCH_NUMBER() AS m,"
          + " FIRST(b) AS f ONE ROW PER MATCH PATTERN (s1 s2+) DEFINE s2 AS b > LAG(b))",
      "SELECT * EXCLUDE (a, b) FROM t",
      "SELECT * RENAME (a AS b) FROM t",
      "SELECT * FROM t ASOF JOIN u MATCH_CONDITION (t.ts >= u.ts) ON t.id = u.id",
      "SELECT a FROM t QUALIFY (ROW_NUMBER() OVER (ORDER BY a)) = 1",
      "SELECT SYS_CONNECT_BY_PATH(a, '/') FROM t START WITH (p IS NULL) CONNECT BY PRIOR id = p",
      "SELECT * FROM @mystage t (c1)",
      "SELECT FILTER(arr, x -> x > 1), TRANSFORM(arr, x -> x * 2) FROM t",
      "SELECT SYSTEM$TYPEOF(1), CURRENT_USER(), CURRENT_ROLE(), CURRENT_WAREHOUSE()",
      "WITH c (x) AS (SELECT 1) SELECT x FROM c",
      "SELECT * FROM t AS s (a, b)",
  })
  void typeConstructorsAndKeywordCalls_notRefused(String sql) {
    Verdict v = SNOW.check(sql);
    assertThat(v).as(sql + " -> " + v.reason()).isInstanceOf(Verdict.Allowed.class);
  }
}
