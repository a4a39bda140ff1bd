package dev.snowchat.sqlgate.issues;

import static org.assertj.core.api.Assertions.assertThat;

import dev.snowchat.sqlgate.Dialect;
import dev.snowchat.sqlgate.FunctionPolicy;
import dev.snowchat.sqlgate.Rule;
import dev.snowchat.sqlgate.SqlGate;
import dev.snowchat.sqlgate.Verdict;
import java.util.Locale;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Snowflake ML model instance methods ({@code <model>!PREDICT(...)}): inference and the
 * evaluation / training reports only read, so they pass in {@code read_only}; any other
 * {@code !method} is refused unless the host allows it.
 */
class SnowflakeModelMethodsTest {
  private static final SqlGate SNOW = SqlGate.builder().dialect(Dialect.SNOWFLAKE).build();

  @ParameterizedTest
  @ValueSource(strings = {
      "SELECT model!PREDICT(1)",
      "SELECT m!PREDICT(INPUT_DATA => {*}) AS p FROM tbl",
      "SELECT m!PREDICT(INPUT_DATA => {tbl.*}) AS p FROM tbl",
      "SELECT * FROM TABLE(model_trained_with_labeled_data!DETECT_ANOMALIES("
          + "INPUT_DATA => TABLE(v), TIMESTAMP_COLNAME => 'date', TARGET_COLNAME => 'sales',"
          + " CONFIG_OBJECT => OBJECT_CONSTRUCT('prediction_interval', 0.99)))",
      "CALL my_model!FORECAST(FORECASTING_PERIODS => 3)",
      "SELECT * FROM TABLE(db.sch.my_model!FORECAST(FORECASTING_PERIODS => 3))",
      "CALL my_model!EXPLAIN_FEATURE_IMPORTANCE()",
      "CALL my_model!SHOW_EVALUATION_METRICS()",
      "CALL my_model!SHOW_GLOBAL_EVALUATION_METRICS()",
      "CALL my_model!SHOW_THRESHOLD_METRICS()",
      "CALL my_model!SHOW_CONFUSION_MATRIX()",
      "CALL my_model!SHOW_FEATURE_IMPORTANCE()",
      "CALL my_model!SHOW_TRAINING_LOGS()",
      "SELECT * FROM TABLE(\"My Model\"!\"PREDICT\"(INPUT_DATA => {*}))",
      "select m!predict(object_construct(*)) from t"})
  void readOnlyModelMethods_select_allowed(String sql) {
    Verdict v = SNOW.check(sql);
    if (sql.startsWith("CALL")) {
      // CALL is not a read in read_only whatever it calls; the method is not what refuses it.
      assertThat(v.rule()).isNotEqualTo(Rule.FUNCTION_NOT_ALLOWED);
      String select = "SELECT * FROM TABLE(" + sql.substring("CALL ".length()) + ")";
      assertThat(SNOW.check(select).allowed()).as(select).isTrue();
    } else {
      assertThat(v.allowed()).as(sql + " -> " + v.reason()).isTrue();
    }
  }

  @ParameterizedTest
  @ValueSource(strings = {
      "SELECT m!RETRAIN(1)",
      "SELECT * FROM TABLE(m!MY_CUSTOM_METHOD(1))",
      "SELECT b!ADD_RESOURCE('x')",
      "SELECT b!SET_SPENDING_LIMIT(1)",
      "SELECT m!\"DROP\"(1)",
      "SELECT m!predict(1), b!set_email_notifications('a')"})
  void otherMethods_refused(String sql) {
    Verdict v = SNOW.check(sql);
    assertThat(v.allowed()).as(sql).isFalse();
    assertThat(v.rule()).isEqualTo(Rule.FUNCTION_NOT_ALLOWED);
    assertThat(v.reason()).contains("model method !");
  }

  @Test
  void hostPolicy_allowsAndDeniesMethods() {
    SqlGate custom = SqlGate.builder().dialect(Dialect.SNOWFLAKE).functionPolicy(
        FunctionPolicy.builder(Dialect.SNOWFLAKE).allow("MY_CUSTOM_METHOD").deny("PREDICT")
            .build()).build();
    assertThat(custom.check("SELECT m!my_custom_method(1)").allowed()).isTrue();
    assertThat(custom.check("SELECT m!PREDICT(1)").allowed()).isFalse();
  }

  @Test
  void methodNames_notCallableAsPlainFunctions() {
    // PREDICT alone (no model) is not a built-in: it stays refused.
    for (String m : FunctionPolicy.snowflakeModelMethods()) {
      if (!FunctionPolicy.snowflakeFunctions().contains(m)) {
        assertThat(SNOW.check("SELECT " + m.toLowerCase(Locale.ROOT) + "(1)").allowed())
            .as(m).isFalse();
      }
    }
  }
}
