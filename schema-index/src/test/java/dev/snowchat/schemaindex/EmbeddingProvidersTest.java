package dev.snowchat.schemaindex;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class EmbeddingProvidersTest {
  static double dot(float[] a, float[] b) {
    double s = 0;
    for (int i = 0; i < a.length; i++) {
      s += a[i] * b[i];
    }
    return s;
  }

  @Test
  void names_listDefaultAndDjl() {
    assertThat(EmbeddingProviders.names()).contains("default", "djl", "bge-small",
        "bge-small-fp32");
  }

  @Test
  void create_unknownName_listsTheNamesFound() {
    assertThatThrownBy(() -> EmbeddingProviders.create("bert", Map.of()))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("'bert'").hasMessageContaining("default").hasMessageContaining("djl");
  }

  @Test
  void default_unknownKey_isRefused() {
    assertThatThrownBy(() -> EmbeddingProviders.create("default", Map.of("dims", "3")))
        .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("dims");
  }

  @Test
  void default_vectorsAreNormalizedAndSimilarTextsAreCloser() {
    try (EmbeddingProvider p = EmbeddingProviders.create("default", Map.of("dimension", "128"))) {
      assertThat(p.name()).isEqualTo("default");
      assertThat(p.dimension()).isEqualTo(128);
      List<float[]> v = p.embedAll(List.of("customer orders", "CUSTOMER_ORDER",
          "weather station readings"));
      assertThat(dot(v.get(0), v.get(0))).isCloseTo(1.0, org.assertj.core.data.Offset.offset(1e-5));
      assertThat(dot(v.get(0), v.get(1))).isGreaterThan(dot(v.get(0), v.get(2)) + 0.5);
      assertThat(p.embed("customer orders")).isEqualTo(v.get(0));
    }
  }

  @Test
  void djl_missingModel_saysWhatIsMissing() {
    assertThatThrownBy(() -> EmbeddingProviders.create("djl", Map.of()))
        .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("modelPath");
    assertThatThrownBy(() -> EmbeddingProviders.create("djl",
        Map.of("modelPath", "/nonexistent/model.onnx")))
        .isInstanceOf(dev.snowchat.sqlgate.SnowchatException.class)
        .hasMessageContaining("/nonexistent/model.onnx");
  }

  @Test
  void shipped_maxLengthOutOfRangeOrNotANumber_isRefusedBeforeTheModelLoads() {
    assertThatThrownBy(() -> EmbeddingProviders.create("bge-small", Map.of("maxLength", "4")))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage("maxLength must be between 8 and 512, got 4");
    assertThatThrownBy(() -> EmbeddingProviders.create("bge-small", Map.of("maxLength", "x")))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage("maxLength must be an integer, got 'x'");
  }

  @Test
  void djl_unknownPooling_isRefusedWithTheAllowedValues() {
    assertThatThrownBy(() -> EmbeddingProviders.create("djl",
        Map.of("modelPath", "/nonexistent/model.onnx", "pooling", "max")))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("'max'").hasMessageContaining("mean or cls");
  }

  @Test
  void embedQuery_defaultsToEmbed() {
    try (EmbeddingProvider p = EmbeddingProviders.create("default", Map.of())) {
      assertThat(p.embedQuery("customer orders")).isEqualTo(p.embed("customer orders"));
    }
  }

  private static double cos(float[] a, float[] b) {
    double s = 0;
    for (int i = 0; i < a.length; i++) {
      s += a[i] * b[i];
    }
    return s;
  }

  @Test
  void fromSetting_blank_isTheShippedModel_loadedOfflineFromItsArtifact() {
    try (EmbeddingProvider p = EmbeddingProviders.fromSetting(" ").orElseThrow()) {
      assertThat(p.name()).isEqualTo("bge-small");
      assertThat(p.dimension()).isEqualTo(384);
      assertThat(p.modelId()).startsWith("bge-small:bge-small-en-v1.5-q.onnx@");
      float[] q = p.embedQuery("how much did each customer order");
      float[] orders = p.embed("ORDERS: orders placed by customers; ORDER_ID, CUSTOMER_ID, AMOUNT");
      float[] weather = p.embed("STATIONS: weather stations; STATION_ID, LATITUDE, ALTITUDE");
      assertThat(cos(q, orders)).isGreaterThan(cos(q, weather) + 0.05);
      assertThat(cos(orders, orders)).isCloseTo(1.0, org.assertj.core.data.Offset.offset(1e-4));
      // the int8 model quantizes activations with one scale per tensor: a text's vector must
      // not depend on the texts embedded beside it (batched, it moved to cosine 0.997 here)
      List<String> texts = List.of("x", "ORDERS: orders placed by customers; ORDER_ID,"
          + " CUSTOMER_ID, AMOUNT", "a much longer text about weather stations, their latitude,"
          + " longitude, altitude and the readings they take every hour of every day");
      List<float[]> together = p.embedAll(texts);
      List<float[]> reversed = p.embedAll(texts.reversed());
      for (int i = 0; i < texts.size(); i++) {
        assertThat(together.get(i)).as(texts.get(i)).containsExactly(p.embed(texts.get(i)));
        assertThat(reversed.get(texts.size() - 1 - i)).containsExactly(together.get(i));
      }
    }
  }

  @Test
  void fromSetting_namesHashingNoneAndPaths() {
    assertThat(EmbeddingProviders.fromSetting("none")).isEmpty();
    assertThat(EmbeddingProviders.fromSetting("hashing").orElseThrow().name())
        .isEqualTo("default");
    assertThatThrownBy(() -> EmbeddingProviders.fromSetting("bge-large"))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("no embedding model named 'bge-large'")
        .hasMessageContaining("bge-small");
    assertThatThrownBy(() -> EmbeddingProviders.fromSetting("/no/such/model,pooling=cls"))
        .isInstanceOf(dev.snowchat.sqlgate.SnowchatException.class)
        .hasMessageContaining("embedding model not found: /no/such/model");
    assertThatThrownBy(() -> EmbeddingProviders.fromSetting("/no/such/model,cls"))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("expected key=value after '/no/such/model', got 'cls'");
  }
}
