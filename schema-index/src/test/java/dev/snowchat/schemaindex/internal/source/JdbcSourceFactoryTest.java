package dev.snowchat.schemaindex.internal.source;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.snowchat.schemaindex.CatalogSource;
import dev.snowchat.schemaindex.CatalogSources;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.Statement;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The text-configured jdbc factory applies its filter settings to the source it creates. */
class JdbcSourceFactoryTest {

  private static String database(Path dir) throws Exception {
    String url = "jdbc:duckdb:" + dir.resolve("shop.duckdb");
    try (Connection c = DriverManager.getConnection(url); Statement s = c.createStatement()) {
      s.execute("CREATE SCHEMA raw");
      s.execute("CREATE SCHEMA mart");
      s.execute("CREATE SCHEMA staging");
      s.execute("CREATE TABLE raw.orders (order_id INT)");
      s.execute("CREATE TABLE mart.fact_orders (order_id INT)");
      s.execute("CREATE TABLE staging.tmp_orders (order_id INT)");
    }
    return url;
  }

  @Test
  void create_schemaIncludeAndExclude_limitWhatIsLoaded(@TempDir Path dir) throws Exception {
    String url = database(dir);

    try (CatalogSource s = CatalogSources.create("jdbc", Map.of("url", url,
        "schemas.include", "raw, mart, staging", "schemas.exclude", "staging",
        "concurrency", "2"))) {
      assertThat(s.load().tables()).extracting(t -> t.id().schema() + "." + t.id().name())
          .containsExactlyInAnyOrder("mart.fact_orders", "raw.orders");
    }
  }

  @Test
  void create_badConcurrencyOrPattern_namesTheKey(@TempDir Path dir) throws Exception {
    String url = database(dir);

    assertThatThrownBy(() -> CatalogSources.create("jdbc", Map.of("url", url,
        "concurrency", "0"))).isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("concurrency");
    assertThatThrownBy(() -> CatalogSources.create("jdbc", Map.of("url", url,
        "schemas.include", "regex:(")))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("schemas.include");
  }
}
