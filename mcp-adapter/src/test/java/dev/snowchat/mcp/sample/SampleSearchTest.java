package dev.snowchat.mcp.sample;

import static org.assertj.core.api.Assertions.assertThat;

import dev.snowchat.mcp.McpConfig;
import dev.snowchat.schemaindex.Catalog;
import dev.snowchat.schemaindex.CatalogSnapshot;
import dev.snowchat.schemaindex.CatalogSource;
import dev.snowchat.schemaindex.CatalogSources;
import dev.snowchat.schemaindex.ColumnHit;
import dev.snowchat.schemaindex.DriverDataSource;
import dev.snowchat.schemaindex.EmbeddingProvider;
import dev.snowchat.schemaindex.EmbeddingProviders;
import dev.snowchat.schemaindex.SchemaIndex;
import dev.snowchat.schemaindex.SearchHit;
import dev.snowchat.schemaindex.SearchRequest;
import dev.snowchat.schemaindex.SourceOptions;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import javax.sql.DataSource;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;
import org.junit.jupiter.api.io.TempDir;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * Schema search over the sample warehouse as a new user tries it: for each of the 20 questions in
 * {@code sample/search-questions.jsonl} the table a person would pick is first (second for the
 * provider's {@link #KNOWN_MISSES}: none for the shipped default), and a modelled table ({@code
 * ANALYTICS.DIM_LISTINGS}) ranks above its raw twin ({@code RAW.RAW_LISTINGS}). Before the schema
 * preference, 7 of the 20 failed (raw twins first in 6).
 * Checked with the products' shipped default model (what the MCP server embeds with when
 * {@code SNOWCHAT_EMBEDDINGS} is unset: quantized BGE-small) and with the dependency-free hashing
 * provider; the keyword-only and BGE figures come from {@code schema-index/evaluate} over the
 * same questions (schema-index's EVALUATION.md). Set {@code -Dsnowchat.sample.snapshot=FILE} to
 * write the sample's catalog snapshot for that evaluation.
 */
class SampleSearchTest {
  private static final JsonMapper JSON = JsonMapper.builder().build();

  @TempDir static Path dir;

  private static Catalog catalog;
  private static SchemaIndex shipped;
  private static SchemaIndex hashing;
  private static EmbeddingProvider hashingProvider;
  private static EmbeddingProvider shippedProvider;

  /** A question and the table a person would pick for it. */
  record Question(String id, String text, String expected) {}

  @BeforeAll
  static void buildIndexes() throws Exception {
    Path file = SampleWarehouse.ensure(dir);
    String url = SampleWarehouse.jdbcUrl(file);
    DataSource ds = DriverDataSource.of(url, SampleWarehouse.readOnlyProperties());
    try (CatalogSource source = CatalogSources.jdbc(ds, SourceOptions.defaults())) {
      catalog = source.load();
    }
    Path snapshot = dir.resolve("sample.json");
    CatalogSnapshot.write(catalog, snapshot);
    String export = System.getProperty("snowchat.sample.snapshot");
    if (export != null) {
      CatalogSnapshot.write(catalog, Path.of(export));
    }
    // the server's default setting, created as the server creates it
    shippedProvider = EmbeddingProviders.fromSetting(McpConfig.builder().build().embeddings())
        .orElseThrow();
    assertThat(shippedProvider.name()).isEqualTo(EmbeddingProviders.SHIPPED);
    shipped = SchemaIndex.builder().source(CatalogSources.snapshot(snapshot))
        .embeddings(shippedProvider).keywordFirst(false).build();
    hashingProvider = EmbeddingProviders.create("default", Map.of());
    hashing = SchemaIndex.builder().source(CatalogSources.snapshot(snapshot))
        .embeddings(hashingProvider).build();
    for (SchemaIndex index : List.of(shipped, hashing)) {
      index.refreshNow().get(5, TimeUnit.MINUTES);
      assertThat(index.isReady()).isTrue();
    }
  }

  @AfterAll
  static void close() {
    if (shipped != null) {
      shipped.close();
      hashing.close();
      hashingProvider.close();
      shippedProvider.close();
    }
  }

  static List<Question> questions() throws IOException {
    List<Question> out = new ArrayList<>();
    try (InputStream in = SampleSearchTest.class.getResourceAsStream(
        "/sample/search-questions.jsonl")) {
      for (String line : new String(in.readAllBytes(), StandardCharsets.UTF_8).split("\n")) {
        if (!line.isBlank()) {
          JsonNode n = JSON.readTree(line);
          out.add(new Question(n.path("id").asString(), n.path("question").asString(),
              n.path("expected").asString()));
        }
      }
    }
    return out;
  }

  @Test
  void questions_twentyCoveringEveryModelledTable() throws IOException {
    List<Question> qs = questions();
    assertThat(qs).hasSize(20);
    assertThat(qs.stream().map(Question::expected).distinct())
        .containsExactlyInAnyOrder("ANALYTICS.DIM_LISTINGS", "ANALYTICS.DIM_HOSTS",
            "ANALYTICS.DIM_NEIGHBOURHOODS", "ANALYTICS.DIM_DATE", "ANALYTICS.FACT_REVIEWS",
            "ANALYTICS.FACT_CALENDAR", "ANALYTICS.VW_HOST_PERFORMANCE",
            "ANALYTICS.VW_LISTING_OCCUPANCY");
  }

  @TestFactory
  Stream<DynamicTest> shippedDefault_firstHitIsThePersonsTable() throws IOException {
    return firstHitTests(shipped, "shipped default");
  }

  @TestFactory
  Stream<DynamicTest> hashing_firstHitIsThePersonsTable() throws IOException {
    return firstHitTests(hashing, "hashing");
  }

  /**
   * Questions whose person's table is second, not first, by provider; each provider gets the
   * other questions right, and these must stay in the top 2. Hashing (and keywords alone): "average
   * review rating per month" (VW_HOST_PERFORMANCE, which also holds a review count and an average
   * rating, first; the plain BM25 table scores, schema-index's EVALUATION.md, moved the two misses
   * before them, "which nights is a listing available in the calendar" and "number of reviews and
   * average rating for each host", to first). The shipped default, quantized BGE-small: none.
   * Column phrases (schema-index's {@code Tuning.columnPhrase}) moved three of its four earlier
   * misses to first: "host response rate" (RESPONSE_RATE), "estimated revenue per listing"
   * (ESTIMATED_REVENUE) and "nights booked per listing" (NIGHTS_BOOKED), and cost it "average
   * review rating per month" (VW_HOST_PERFORMANCE's AVG_RATING read as the phrase "average
   * rating"), which came back when aggregate words stopped making phrases (a view's average is
   * computed at its own grain, per host; the question averages FACT_REVIEWS' RATING per month);
   * table coverage ({@code Tuning.tableCoverage}) the fourth, "which nights is a listing
   * available in the calendar" (FACT_CALENDAR holds all its words).
   */
  static final Map<String, Set<String>> KNOWN_MISSES = Map.of(
      "hashing", Set.of("sample_04"),
      "shipped default", Set.of());

  private static Stream<DynamicTest> firstHitTests(SchemaIndex index, String label)
      throws IOException {
    return questions().stream().map(q -> DynamicTest.dynamicTest(
        label + " " + q.id() + ": " + q.text(), () -> {
          List<String> ranked = ranked(index, SearchRequest.of(q.text(), 13));
          int allowed = KNOWN_MISSES.get(label).contains(q.id()) ? 1 : 0;
          assertThat(ranked.indexOf(q.expected())).as("rank of %s for '%s' in %s", q.expected(),
              q.text(), ranked).isBetween(0, allowed);
          String twin = rawTwin(q.expected());
          if (ranked.contains(twin)) {
            assertThat(ranked.indexOf(twin)).as("raw twin %s", twin)
                .isGreaterThan(ranked.indexOf(q.expected()));
          }
        }));
  }

  @Test
  void preference_sameWords_modelledAboveRawByDefault_rawFirstWhenPreferred() {
    for (SchemaIndex index : List.of(shipped, hashing)) {
      SearchRequest r = SearchRequest.of("listings", 13);
      List<String> byDefault = ranked(index, r);
      assertThat(byDefault.indexOf("ANALYTICS.DIM_LISTINGS"))
          .isLessThan(byDefault.indexOf("RAW.RAW_LISTINGS"));
      List<String> preferRaw = ranked(index, r.withPreferredSchemas(List.of("raw")));
      assertThat(preferRaw.indexOf("RAW.RAW_LISTINGS"))
          .isLessThan(preferRaw.indexOf("ANALYTICS.DIM_LISTINGS"));
    }
  }

  @Test
  void relevance_nonsenseQueryIsNotConfident_realQueryIs() {
    for (SchemaIndex index : List.of(shipped, hashing)) {
      List<SearchHit> nonsense = index.search(SearchRequest.of("purple elephant quantum", 5));
      assertThat(nonsense).allSatisfy(h -> assertThat(h.confident()).isFalse());
      List<SearchHit> real = index.search(SearchRequest.of("listing price by room type", 5));
      assertThat(real.getFirst().confident()).isTrue();
      assertThat(real.getFirst().relevance()).isBetween(SearchHit.CONFIDENT, 1.0);
    }
  }

  @Test
  void hit_listsOnlyMatchedColumnsAndACompactJoinSummary() {
    SearchHit top = hashing.search(SearchRequest.of("listing price by room type", 5)).getFirst();
    assertThat(top.table().toString()).endsWith("ANALYTICS.DIM_LISTINGS");
    // the table's name word "listing" does not make LISTING_ID or LISTING_NAME a match
    assertThat(top.columns()).extracting(ColumnHit::name)
        .containsExactlyInAnyOrder("PRICE", "ROOM_TYPE");
    assertThat(top.joins()).hasSizeLessThanOrEqualTo(SearchHit.MAX_JOINS)
        .contains("ANALYTICS.DIM_HOSTS on HOST_ID",
            "ANALYTICS.DIM_NEIGHBOURHOODS on NEIGHBOURHOOD_ID");
  }

  private static List<String> ranked(SchemaIndex index, SearchRequest r) {
    return index.search(r).stream()
        .map(h -> h.table().schema() + "." + h.table().name()).toList();
  }

  /** {@return the raw table a modelled one is built from: ANALYTICS.DIM_X gives RAW.RAW_X} */
  static String rawTwin(String modelled) {
    String name = modelled.substring(modelled.indexOf('.') + 1);
    String base = name.replaceFirst("^(DIM|FACT|VW)_", "");
    return "RAW.RAW_" + base.toUpperCase(Locale.ROOT);
  }
}
