package dev.snowchat.sqlgate;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assumptions.assumeThat;

import dev.snowchat.sqlgate.FunctionCatalog.Effect;
import dev.snowchat.sqlgate.internal.eval.Evaluate;
import dev.snowchat.sqlgate.testing.FakeJdbc.FakeConnection;
import dev.snowchat.sqlgate.testing.FakeJdbc.FakeResultSet;
import dev.snowchat.sqlgate.testing.TestDatabases;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * The Snowflake function catalog: the account's UDFs from {@code SHOW USER FUNCTIONS IN ACCOUNT}
 * and {@code SHOW EXTERNAL FUNCTIONS}, replayed from recorded result sets (no account is
 * reachable here).
 *
 * <p>Columns of the recorded results, as the Snowflake reference documents the output of
 * {@code SHOW USER FUNCTIONS} / {@code SHOW FUNCTIONS} (docs.snowflake.com, sql-reference/sql/
 * show-user-functions and show-functions; {@code secrets} and {@code external_access_integrations}
 * added by the 2024_03 behavior change bundle, ref 1406): {@code created_on, name, schema_name,
 * is_builtin, is_aggregate, is_ansi, min_num_arguments, max_num_arguments, arguments,
 * description, catalog_name, is_table_function, valid_for_clustering, is_secure, secrets,
 * external_access_integrations, is_external_function, language, is_memoizable, is_data_metric}.
 * The reader relies only on {@code name}, {@code is_builtin}, {@code is_external_function},
 * {@code language}, {@code external_access_integrations} and {@code secrets}, found by label
 * (lower case, as Snowflake labels SHOW output; matched case-insensitively), so their order
 * does not matter. Y/N flags are strings, as Snowflake returns them.
 */
class SnowflakeFunctionCatalogTest {
  static final List<String> USER_FUNCTION_COLUMNS = List.of("created_on", "name",
      "schema_name", "is_builtin", "is_aggregate", "is_ansi", "min_num_arguments",
      "max_num_arguments", "arguments", "description", "catalog_name", "is_table_function",
      "valid_for_clustering", "is_secure", "secrets", "external_access_integrations",
      "is_external_function", "language", "is_memoizable", "is_data_metric");

  static final List<String> EXTERNAL_FUNCTION_COLUMNS = List.of("created_on", "name",
      "schema_name", "is_builtin", "is_aggregate", "is_ansi", "min_num_arguments",
      "max_num_arguments", "arguments", "description", "catalog_name", "is_table_function",
      "valid_for_clustering", "is_secure", "is_external_function", "language", "is_memoizable");

  /** One SHOW USER FUNCTIONS row. */
  static List<Object> udf(String name, String language, String external, String secrets,
      String integrations) {
    return Arrays.asList("2024-05-01 10:00:00.000 -0700", name, "PUBLIC", "N", "N", "N", 0, 2,
        name + "(NUMBER) RETURN NUMBER", "user-defined function", "ANALYTICS", "N", "N", "N",
        secrets, integrations, external, language, "N", "N");
  }

  static List<Object> externalRow(String name) {
    return Arrays.asList("2024-05-01 10:00:00.000 -0700", name, "PUBLIC", "N", "N", "N", 1, 1,
        name + "(VARCHAR) RETURN VARIANT", "external function", "ANALYTICS", "N", "N", "N", "Y",
        "EXTERNAL", "N");
  }

  /** The corpus's UDF names as ordinary SQL UDFs, plus external ones that must stay refused. */
  static FakeConnection account() {
    FakeResultSet user = FakeResultSet.of(USER_FUNCTION_COLUMNS, List.of(
        udf("SPEED_OF_LIGHT", "SQL", "N", null, "[]"),
        udf("MY_FUNC", "SQL", "N", null, "[]"),
        udf("SOME_OTHER_FUNCTION", "SQL", "N", null, "[]"),
        udf("MY_FUNCTION_NAME", "SQL", "N", null, "[]"),
        udf("PY_SCORE", "PYTHON", "N", "", ""),
        udf("JS_PARSE", "JAVASCRIPT", "N", null, null),
        udf("FETCH_RATES", "PYTHON", "N", null, "[\"RATES_API_INTEGRATION\"]"),
        udf("USE_TOKEN", "JAVA", "N", "{\"cred\":\"API_TOKEN\"}", "[]"),
        udf("TRANSLATE_REMOTE", "EXTERNAL", "Y", null, "[]"),
        // Overloads: one of two is external, so the name is.
        udf("MIXED", "SQL", "N", null, "[]"),
        udf("MIXED", "EXTERNAL", "Y", null, "[]")));
    FakeResultSet external = FakeResultSet.of(EXTERNAL_FUNCTION_COLUMNS, List.of(
        externalRow("TRANSLATE_REMOTE"), externalRow("ONLY_IN_EXTERNAL_LIST")));
    return FakeConnection.answering("Snowflake", Map.of(
        FunctionCatalog.SNOWFLAKE_USER_FUNCTIONS, user,
        FunctionCatalog.SNOWFLAKE_EXTERNAL_FUNCTIONS, external));
  }

  /** The catalog {@link #account()} answers with. */
  static FunctionCatalog recordedCatalog() throws SQLException {
    return FunctionCatalog.read(account().connection(), Dialect.SNOWFLAKE).orElseThrow();
  }

  @Test
  void read_recordedAccount_externalAccessIsSideEffecting() throws Exception {
    FakeConnection fake = account();
    FunctionCatalog c = FunctionCatalog.read(fake.connection(), Dialect.SNOWFLAKE).orElseThrow();

    assertThat(fake.executed()).containsExactly("SHOW USER FUNCTIONS IN ACCOUNT",
        "SHOW EXTERNAL FUNCTIONS");
    assertThat(c.dialect()).isEqualTo(Dialect.SNOWFLAKE);
    for (String pure : List.of("speed_of_light", "MY_FUNC", "some_other_function",
        "my_function_name", "PY_SCORE", "JS_PARSE", "db.sch.speed_of_light")) {
      assertThat(c.effect(pure)).as(pure).contains(Effect.PURE);
    }
    for (String side : List.of("FETCH_RATES", "USE_TOKEN", "TRANSLATE_REMOTE", "MIXED",
        "ONLY_IN_EXTERNAL_LIST")) {
      assertThat(c.effect(side)).as(side).contains(Effect.SIDE_EFFECT);
    }
    assertThat(c.effect("LOWER")).isEmpty();
    assertThat(c.size()).isEqualTo(11);
  }

  @Test
  void read_withoutExternalAccessColumns_onlySqlAndJavaScriptArePure() throws Exception {
    List<String> cols = List.of("name", "is_builtin", "is_external_function", "language");
    FakeConnection fake = FakeConnection.answering("Snowflake", Map.of(
        FunctionCatalog.SNOWFLAKE_USER_FUNCTIONS, FakeResultSet.of(cols, List.of(
            List.of("S", "N", "N", "SQL"), List.of("J", "N", "N", "JAVASCRIPT"),
            List.of("P", "N", "N", "PYTHON"), List.of("B", "Y", "N", "SQL"))),
        FunctionCatalog.SNOWFLAKE_EXTERNAL_FUNCTIONS,
        FakeResultSet.of(EXTERNAL_FUNCTION_COLUMNS, List.of())));

    FunctionCatalog c = FunctionCatalog.read(fake.connection(), Dialect.SNOWFLAKE).orElseThrow();

    assertThat(c.effect("S")).contains(Effect.PURE);
    assertThat(c.effect("J")).contains(Effect.PURE);
    assertThat(c.effect("P")).contains(Effect.SIDE_EFFECT);
    assertThat(c.effect("B")).as("built-ins are not read").isEmpty();
  }

  @Test
  void read_unexpectedColumns_fails() {
    FakeConnection fake = FakeConnection.answering("Snowflake", Map.of(
        FunctionCatalog.SNOWFLAKE_USER_FUNCTIONS,
        FakeResultSet.of(List.of("name", "schema_name"), List.of(List.of("F", "PUBLIC")))));
    assertThatThrownBy(() -> FunctionCatalog.read(fake.connection(), Dialect.SNOWFLAKE))
        .isInstanceOf(SQLException.class).hasMessageContaining("is_external_function");
  }

  @Test
  void gate_withCatalog_allowsLocalUdfs_refusesExternal() throws Exception {
    SqlGate gate = SqlGate.builder().dialect(Dialect.SNOWFLAKE).build()
        .withFunctionCatalog(recordedCatalog());

    for (String sql : List.of("select speed_of_light()", "SELECT IDENTIFIER('my_func')(1, 2)",
        "select identifier('my_function_name')()", "SELECT analytics.public.py_score(a) FROM t",
        "SELECT \"MY_FUNC\"(1)", "SELECT * FROM TABLE(js_parse('x'))", "SELECT lower(a) FROM t")) {
      Verdict v = gate.check(sql);
      assertThat(v.allowed()).as(sql + " -> " + v.reason()).isTrue();
    }
    for (String sql : List.of("SELECT fetch_rates('EUR')", "SELECT db.s.use_token(1)",
        "SELECT translate_remote(a) FROM t", "SELECT mixed(1)", "SELECT only_in_external_list(1)",
        "SELECT unknown_udf(1)", "SELECT db.s.lower(a) FROM t")) {
      Verdict v = gate.check(sql);
      assertThat(v.allowed()).as(sql).isFalse();
      assertThat(v.rule()).as(sql).isEqualTo(Rule.FUNCTION_NOT_ALLOWED);
    }
    assertThat(gate.check("SELECT fetch_rates('EUR')").reason())
        .contains("reaches out of the warehouse");
    // Deny families and the SYSTEM$ list still decide first; without a catalog, refused.
    assertThat(gate.check("SELECT SYSTEM$CANCEL_ALL_QUERIES(1)").allowed()).isFalse();
    assertThat(SqlGate.builder().dialect(Dialect.SNOWFLAKE).build()
        .check("select speed_of_light()").allowed()).isFalse();
  }

  @Test
  void gate_externalUdfShadowingABuiltIn_bareBuiltInStillAllowed() throws Exception {
    FakeConnection fake = FakeConnection.answering("Snowflake", Map.of(
        FunctionCatalog.SNOWFLAKE_USER_FUNCTIONS, FakeResultSet.of(USER_FUNCTION_COLUMNS,
            List.of(udf("LOWER", "EXTERNAL", "Y", null, "[]"))),
        FunctionCatalog.SNOWFLAKE_EXTERNAL_FUNCTIONS,
        FakeResultSet.of(EXTERNAL_FUNCTION_COLUMNS, List.of(externalRow("LOWER")))));
    SqlGate gate = SqlGate.builder().dialect(Dialect.SNOWFLAKE).build().withFunctionCatalog(
        FunctionCatalog.read(fake.connection(), Dialect.SNOWFLAKE).orElseThrow());

    assertThat(gate.check("SELECT lower(a) FROM t").allowed()).isTrue();
    assertThat(gate.check("SELECT s.lower(a) FROM t").allowed()).isFalse();
  }

  @Test
  void executor_readsTheCatalogOnceAndOnlyForRefusals() {
    FakeConnection fake = account();
    GatedExecutor exec = executor(fake);

    assertThatThrownBy(() -> exec.execute("SELECT fetch_rates('EUR')"))
        .isInstanceOf(QueryRefusedException.class)
        .hasMessageContaining("reaches out of the warehouse");
    assertThatThrownBy(() -> exec.execute("SELECT translate_remote(1)"))
        .isInstanceOf(QueryRefusedException.class);
    assertThat(exec.functionCatalog()).isPresent();
    assertThat(fake.executed()).containsExactly("SHOW USER FUNCTIONS IN ACCOUNT",
        "SHOW EXTERNAL FUNCTIONS");
  }

  @Test
  void executor_localUdf_passesTheGate() {
    FakeConnection fake = account();
    GatedExecutor exec = executor(fake);
    try {
      exec.execute("select speed_of_light()");
    } catch (QueryRefusedException e) {
      throw new AssertionError("refused: " + e.getMessage(), e);
    } catch (RuntimeException e) {
      // The fake connection cannot run a statement (no query timeout, ...): past the gate, it
      // fails in the runner, which is what this test needs to see.
    }
    assertThat(fake.executed()).startsWith("SHOW USER FUNCTIONS IN ACCOUNT",
        "SHOW EXTERNAL FUNCTIONS");
  }

  @Test
  void executor_builtInsOnly_noCatalogRead() {
    FakeConnection fake = account();
    GatedExecutor exec = executor(fake);
    try {
      exec.execute("SELECT lower('A')");
    } catch (QueryRefusedException e) {
      throw new AssertionError("refused: " + e.getMessage(), e);
    } catch (RuntimeException e) {
      // as above
    }
    assertThat(fake.executed()).doesNotContain("SHOW USER FUNCTIONS IN ACCOUNT");
  }

  @Test
  void executor_catalogUnreadable_refusalStands_andIsRetried() {
    List<String> seen = new ArrayList<>();
    boolean[] fail = {true};
    FakeConnection fake = new FakeConnection("Snowflake", sql -> {
      seen.add(sql);
      if (fail[0] && sql.startsWith("SHOW")) {
        return new SQLException("Insufficient privileges to operate on account", "42501", 3001);
      }
      return ANSWERS.get(sql);
    });
    GatedExecutor exec = executor(fake);

    assertThatThrownBy(() -> exec.execute("select speed_of_light()"))
        .isInstanceOf(QueryRefusedException.class)
        .hasMessageContaining("SPEED_OF_LIGHT");
    assertThat(seen).containsExactly("SHOW USER FUNCTIONS IN ACCOUNT");
    // Hosts that share the catalog (mcp-adapter's per-call executors) get none: fail closed,
    // not a failed call.
    assertThat(exec.functionCatalog()).isEmpty();

    fail[0] = false;
    assertThatThrownBy(() -> exec.execute("SELECT fetch_rates(1)"))
        .isInstanceOf(QueryRefusedException.class)
        .hasMessageContaining("reaches out of the warehouse");
    assertThat(exec.functionCatalog()).isPresent();
  }

  private static final Map<String, Object> ANSWERS = Map.of(
      FunctionCatalog.SNOWFLAKE_USER_FUNCTIONS, FakeResultSet.of(USER_FUNCTION_COLUMNS, List.of(
          udf("SPEED_OF_LIGHT", "SQL", "N", null, "[]"),
          udf("FETCH_RATES", "PYTHON", "N", null, "[\"RATES_API_INTEGRATION\"]"))),
      FunctionCatalog.SNOWFLAKE_EXTERNAL_FUNCTIONS,
      FakeResultSet.of(EXTERNAL_FUNCTION_COLUMNS, List.of()));

  private static GatedExecutor executor(FakeConnection fake) {
    return GatedExecutor.builder()
        .dataSource(TestDatabases.dataSource(fake::connection))
        .gate(SqlGate.builder().dialect(Dialect.SNOWFLAKE).build())
        .hardening(SessionHardening.none())
        .build();
  }

  /**
   * The shared corpus measured with a recorded catalog holding the corpus's UDF names
   * ({@code speed_of_light}, {@code my_func}, {@code some_other_function},
   * {@code my_function_name}) as ordinary SQL UDFs: the Snowflake reads accepted.
   */
  @Test
  void sharedCorpus_withRecordedCatalog_readsAccepted() throws Exception {
    String shared = System.getProperty("snowchat.shared.dir");
    assumeThat(shared).as("snowchat.shared.dir").isNotNull();
    Path reads = Path.of(shared, "data", "sqlgate", "reads.sql");
    assumeThat(Files.isRegularFile(reads)).as("corpus at " + reads).isTrue();
    SqlGate gate = SqlGate.builder().dialect(Dialect.SNOWFLAKE).mode(PermissionMode.READ_ONLY)
        .build().withFunctionCatalog(recordedCatalog());
    int total = 0;
    int allowed = 0;
    List<String> refused = new ArrayList<>();
    for (Evaluate.Case c : Evaluate.read(reads)) {
      if (!c.dialect().equals("snowflake")) {
        continue;
      }
      total++;
      Verdict v = gate.check(c.sql());
      if (v.allowed()) {
        allowed++;
      } else {
        refused.add(c.id() + ": " + v.reason());
      }
    }
    double rate = (double) allowed / total;
    System.out.printf("shared corpus, Snowflake reads with the recorded catalog: %d/%d (%.1f%%)"
        + "; refused: %s%n", allowed, total, 100.0 * rate, refused);
    assertThat(rate).as(refused.toString()).isGreaterThanOrEqualTo(0.99);
  }
}
