package dev.snowchat.maven.internal;

import static org.assertj.core.api.Assertions.assertThat;

import dev.snowchat.schemaindex.Catalog;
import dev.snowchat.schemaindex.DriverDataSource;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.Properties;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class CatalogLoaderTest {
  @TempDir static Path dir;
  static Path file;

  @BeforeAll
  static void warehouse() throws Exception {
    file = dir.resolve("shop.duckdb");
    try (Connection c = new org.duckdb.DuckDBDriver().connect("jdbc:duckdb:" + file,
        new Properties()); Statement st = c.createStatement()) {
      st.execute("CREATE SCHEMA sales");
      st.execute("CREATE SCHEMA \"odd.name\"");
      st.execute("CREATE TABLE main.customers (id INTEGER PRIMARY KEY, name VARCHAR)");
      st.execute("CREATE TABLE sales.orders (id INTEGER, customer_id INTEGER)");
      st.execute("CREATE VIEW sales.big AS SELECT * FROM sales.orders");
      st.execute("CREATE TABLE \"odd.name\".t (x INTEGER)");
    }
  }

  private static DriverDataSource source() {
    Properties p = new Properties();
    p.setProperty("duckdb.read_only", "true");
    return DriverDataSource.of("jdbc:duckdb:" + file, p);
  }

  /** Records progress. */
  static final class Recorder implements CatalogLoader.Listener {
    final List<String> events = new ArrayList<>();

    @Override
    public void schemasListed(int total) {
      events.add("listed " + total);
    }

    @Override
    public void schemasDone(int done, int total, List<String> schemas, int tables) {
      events.add(done + "/" + total + " " + schemas + " " + tables);
    }
  }

  @Test
  void loadJdbc_readsEachSchemaAndReportsProgress() throws Exception {
    Recorder r = new Recorder();
    Catalog c = CatalogLoader.loadJdbc(source(), NamePatterns.parse(null, null), r);
    assertThat(c.tables()).extracting(t -> t.id().toString()).containsExactly(
        "shop.main.customers", "shop.odd.name.t", "shop.sales.big", "shop.sales.orders");
    assertThat(r.events).containsExactly("listed 3", "1/3 [shop.main] 1",
        "2/3 [shop.odd.name] 1", "3/3 [shop.sales] 2");
  }

  @Test
  void loadJdbc_patternsSelectSchemas() throws Exception {
    Recorder r = new Recorder();
    Catalog c = CatalogLoader.loadJdbc(source(), NamePatterns.parse("shop", "*.MAIN"), r);
    assertThat(c.tables()).extracting(t -> t.id().name()).containsExactly("t", "big", "orders");
  }

  @Test
  void literal_escapesRegexCharacters() {
    assertThat("a.b$c".matches(CatalogLoader.literal("a.b$c"))).isTrue();
    assertThat("axb".matches(CatalogLoader.literal("a.b"))).isFalse();
  }
}
