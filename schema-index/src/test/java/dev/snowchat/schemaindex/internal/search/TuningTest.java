package dev.snowchat.schemaindex.internal.search;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.lang.reflect.RecordComponent;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.Map;
import org.junit.jupiter.api.Test;

class TuningTest {
  /** The weights measured best on BIRD: the defaults before Tuning became a record. */
  static final Map<String, String> DEFAULTS = defaults();

  private static Map<String, String> defaults() {
    Map<String, String> m = new LinkedHashMap<>();
    String[] pairs = {"name", "3.0", "database", "1.5", "columns", "1.0", "text", "0.7",
        "glossaryText", "1.0", "exactColumn", "4.0", "exactName", "4.0", "glossaryTerm", "6.0",
        "k1", "1.2", "b", "0.75", "bColumns", "0.3", "bPlain", "0.4", "candidates", "100",
        "keywordWeight", "1.0", "vectorWeight", "1.0", "hashingVectorWeight", "0.1", "rrfC", "60.0",
        "tableBm25", "0.3", "semanticTableBm25", "0.0", "columnVectors", "true",
        "maxColumnVectors", "100000", "columnWeight", "1.0",
        "columnSecond", "0.0", "columnTable", "0.0", "coherence", "3.0", "dbFromTables", "0.5",
        "dbBm25", "0.75", "semanticDbBm25", "0.0", "dbVectorWeight", "0.5", "dbDenseWeight", "1.0",
        "dbDenseTopK", "1",
        "dbDenseColumn", "1.0", "dbTermCap", "3", "coherenceDatabases", "10", "dbName", "3.0",
        "dbTables", "2.0", "dbColumns", "1.0", "fillLimit", "64", "fillDatabases", "3",
        "propagation", "0.0", "propagationSources", "10", "bridgeSources", "4", "bridgeRank", "4",
        "parentSources", "3", "parentRank", "6",
        "layerBoost", "0.08",
        "columnPhrase", "0.05", "dbCoverage", "1.0", "tableCoverage", "0.05",
        "semanticFloor", "0.6", "semanticFull", "0.8"};
    for (int i = 0; i < pairs.length; i += 2) {
      m.put(pairs[i], pairs[i + 1]);
    }
    return m;
  }

  @Test
  void defaults_areTheMeasuredWeights() {
    assertThat(Tuning.defaults().values()).containsExactlyEntriesOf(DEFAULTS);
    assertThat(Tuning.builder().build()).isEqualTo(Tuning.defaults());
  }

  @Test
  void keys_nameEveryComponentInOrder() {
    // a component without its line in the settings table could not be tuned by name
    assertThat(Tuning.keys()).containsExactlyElementsOf(Arrays.stream(
        Tuning.class.getRecordComponents()).map(RecordComponent::getName).toList());
  }

  @Test
  void toBuilder_copiesEveryValue() {
    // each value changed by name in turn; one the builder did not copy would fall back to its
    // default when the next one is changed
    Tuning changed = Tuning.defaults();
    for (String key : Tuning.keys()) {
      changed = changed.with(key, switch (key) {
        case "columnVectors" -> "false";
        case "b", "bColumns", "bPlain", "semanticFloor" -> "0.5";
        case "semanticFull" -> "0.9";
        default -> "7";
      });
    }
    for (String key : Tuning.keys()) {
      assertThat(changed.values().get(key)).as(key).isNotEqualTo(DEFAULTS.get(key));
    }
    assertThat(changed.toBuilder().build()).isEqualTo(changed);
  }

  @Test
  void with_changesACopyOnly() {
    Tuning t = Tuning.defaults().with(w -> {
      w.coherence = 0;
      w.propagation = 0.5;
    });
    assertThat(t.coherence()).isZero();
    assertThat(t.propagation()).isEqualTo(0.5);
    assertThat(t.name()).isEqualTo(3.0);
    assertThat(Tuning.defaults().coherence()).isEqualTo(3.0);
    assertThat(Tuning.defaults().with("columnVectors", "0").columnVectors()).isFalse();
    assertThat(Tuning.defaults().with("dbDenseWeight", " 0.25 ").dbDenseWeight())
        .isEqualTo(0.25);
  }

  @Test
  void with_unknownKey_listsTheKeys() {
    assertThatThrownBy(() -> Tuning.defaults().with("coherance", "2"))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("unknown tuning key 'coherance'")
        .hasMessageContaining("coherence").hasMessageContaining("dbDenseWeight");
  }

  @Test
  void with_badOrOutOfRangeValue_namesTheKey() {
    assertThatThrownBy(() -> Tuning.defaults().with("coherence", "high"))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage("bad value for tuning coherence: 'high'");
    assertThatThrownBy(() -> Tuning.defaults().with("coherence", "-1"))
        .hasMessage("tuning coherence must be a finite number >= 0, got -1.0");
    assertThatThrownBy(() -> Tuning.defaults().with("rrfC", "NaN"))
        .hasMessageContaining("tuning rrfC must be a finite number >= 0");
    assertThatThrownBy(() -> Tuning.defaults().with(w -> w.b = 1.5))
        .hasMessage("tuning b must be 0 to 1, got 1.5");
    assertThatThrownBy(() -> Tuning.defaults().with("candidates", "0"))
        .hasMessage("tuning candidates must be >= 1, got 0");
    assertThatThrownBy(() -> Tuning.defaults().with("fillLimit", "-1"))
        .hasMessage("tuning fillLimit must be >= 0, got -1");
    assertThatThrownBy(() -> Tuning.defaults().with("columnVectors", "yes"))
        .hasMessageContaining("allowed: true, false, 1, 0");
  }
}
