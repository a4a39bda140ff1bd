package dev.snowchat.mcp.internal.sources;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.snowchat.sqlgate.PermissionMode;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class SourceCatalogTest {
  static final String SECRET = "pl4nted-S3cret-9f8e";
  @TempDir Path dir;

  private SourceCatalog parse(String json, Map<String, String> env) {
    return SourceCatalog.parse(json, "SNOWCHAT_SOURCES=test.json", dir, env);
  }

  private IllegalArgumentException fails(String json, Map<String, String> env) {
    return assertThrows(IllegalArgumentException.class, () -> parse(json, env));
  }

  @Test
  void parse_everyKind_toldByAddress() throws Exception {
    Path key = Files.writeString(dir.resolve("k.p8"), "key");
    SourceCatalog c = parse("""
        {"sources": [
          {"name": "sf", "address": "snowflake://myorg-acct", "credential": "sf_ro",
           "role": "ANALYST", "warehouse": "WH", "database": "AIRBNB", "schema": "RAW"},
          {"name": "appdb", "address": "postgres://127.0.0.1:5432/app", "credential": "pg_ro",
           "mode": "read_only", "maxRows": 50, "timeout": "5s", "description": "the app"},
          {"name": "other", "address": "jdbc:postgresql://h/db"},
          {"name": "sales", "address": "data/sales/*.parquet"},
          {"name": "events", "address": "/data/events.log", "format": "json"},
          {"name": "archive", "address": "/data/archive.duckdb"},
          {"name": "demo", "address": "sample:"}
        ]}""", Map.of("SNOWCHAT_CRED_SF_RO_USER", "ANALYST",
        "SNOWCHAT_CRED_SF_RO_PRIVATE_KEY_FILE", key.toString(),
        "SNOWCHAT_CRED_PG_RO_USER", "ro", "SNOWCHAT_CRED_PG_RO_PASSWORD", SECRET));
    assertEquals(7, c.sources().size());
    Source sf = c.sources().get(0);
    assertEquals(SourceKind.SNOWFLAKE, sf.kind());
    assertEquals("jdbc:snowflake://myorg-acct.snowflakecomputing.com/", sf.jdbcUrl().orElseThrow());
    assertEquals("WH", sf.options().get("warehouse"));
    Source pg = c.source("APPDB").orElseThrow();
    assertEquals("jdbc:postgresql://127.0.0.1:5432/app", pg.jdbcUrl().orElseThrow());
    assertEquals(SECRET, pg.credential().orElseThrow().get(Credential.Field.PASSWORD)
        .orElseThrow());
    assertEquals(new SourceLimits(PermissionMode.READ_ONLY, 50, Duration.ofSeconds(5)),
        pg.limits());
    Source sales = c.source("sales").orElseThrow();
    assertEquals(SourceKind.FILE, sales.kind());
    assertTrue(sales.isGlob());
    assertEquals(dir.resolve("data/sales/*.parquet"), sales.path().orElseThrow());
    assertEquals(FileFormat.PARQUET, sales.format().orElseThrow());
    assertEquals(FileFormat.JSON, c.source("events").orElseThrow().format().orElseThrow());
    assertEquals(SourceKind.DUCKDB_FILE, c.source("archive").orElseThrow().kind());
    assertEquals(SourceKind.SAMPLE, c.source("demo").orElseThrow().kind());
    assertFalse(c.toString().contains(SECRET), c.toString());
    assertTrue(c.toString().contains("<masked>"), c.toString());
    assertEquals(java.util.List.of(SECRET), c.secretValues());
  }

  @ParameterizedTest
  @CsvSource(delimiter = '|', value = {
      "{\"sources\": [{\"name\": \"a\", \"address\": \"/x.csv\", \"colour\": \"red\"}]}|unknown key 'colour'",
      "{\"srcs\": []}|unknown key 'srcs'",
      "{\"sources\": []}|at least one source",
      "{\"sources\": [{\"name\": \"a\", \"address\": \"/x.csv\"}, {\"name\": \"A\", \"address\": \"/y.csv\"}]}|duplicate name 'A'",
      "{\"sources\": [{\"name\": \"a\"}]}|missing string 'address'",
      "{\"sources\": [{\"name\": \"1a\", \"address\": \"/x.csv\"}]}|bad name '1a'",
      "{\"sources\": [{\"name\": \"local\", \"address\": \"/x.csv\"}]}|reserved",
      "{\"sources\": [{\"name\": \"a\", \"address\": \"/x.txt\"}]}|set format",
      "{\"sources\": [{\"name\": \"a\", \"address\": \"s3://lake/x.parquet\"}]}|is remote",
      "{\"sources\": [{\"name\": \"a\", \"address\": \"https://h/x.csv\"}]}|is remote",
      "{\"sources\": [{\"name\": \"a\", \"address\": \"jdbc:postgresql://h/db?password=p\"}]}|carries a credential",
      "{\"sources\": [{\"name\": \"a\", \"address\": \"postgres://u:p@h/db\"}]}|carries a credential",
      "{\"sources\": [{\"name\": \"a\", \"address\": \"snowflake://acct\"}]}|needs a credential",
      "{\"sources\": [{\"name\": \"a\", \"address\": \"/x.csv\", \"role\": \"R\"}]}|role does not apply",
      "{\"sources\": [{\"name\": \"a\", \"address\": \"/x.duckdb\", \"format\": \"csv\"}]}|format is for",
      "{\"sources\": [{\"name\": \"a\", \"address\": \"/x.csv\", \"maxRows\": 0}]}|bad maxRows",
      "{\"sources\": [{\"name\": \"a\", \"address\": \"/x.csv\", \"mode\": \"god\"}]}|bad mode 'god'",
      "{\"sources\": [{\"name\": \"a\", \"address\": \"/x.csv\", \"timeout\": \"soon\"}]}|bad timeout",
      "{\"sources\": [{\"name\": \"a\", \"address\": \"/x.csv\", \"format\": \"xml\"}]}|unknown format",
      "{\"sources\": [{\"name\": \"a\", \"address\": \"/x.csv\"}|not valid JSON",
  })
  void parse_badCatalog_namesTheKey(String json, String expected) {
    IllegalArgumentException e = fails(json, Map.of());
    assertTrue(e.getMessage().contains(expected), e.getMessage());
    assertTrue(e.getMessage().startsWith("SNOWCHAT_SOURCES=test.json"), e.getMessage());
  }

  @Test
  void credentials_missing_unknownAndWrongField_nameTheVariable() {
    String pg = "{\"sources\": [{\"name\": \"a\", \"address\": \"jdbc:postgresql://h/db\","
        + " \"credential\": \"pg_ro\"}]}";
    assertTrue(fails(pg, Map.of()).getMessage().contains("SNOWCHAT_CRED_PG_RO_USER"));
    IllegalArgumentException unknown = fails(pg, Map.of("SNOWCHAT_CRED_PG_RO_USER", "u",
        "SNOWCHAT_CRED_PG_RW_PASSWORD", SECRET));
    assertTrue(unknown.getMessage().contains("SNOWCHAT_CRED_PG_RW_PASSWORD"));
    assertFalse(unknown.getMessage().contains(SECRET));
    assertTrue(fails(pg, Map.of("SNOWCHAT_CRED_PG_RO_PASSWORD", SECRET)).getMessage()
        .contains("SNOWCHAT_CRED_PG_RO_USER is required"));
    assertTrue(fails(pg, Map.of("SNOWCHAT_CRED_PG_RO_USER", "u", "SNOWCHAT_CRED_PG_RO_TOKEN",
        SECRET)).getMessage().contains("SNOWCHAT_CRED_PG_RO_TOKEN does not apply"));
    String sf = "{\"sources\": [{\"name\": \"a\", \"address\": \"snowflake://acct\","
        + " \"credential\": \"sf\"}]}";
    assertTrue(fails(sf, Map.of("SNOWCHAT_CRED_SF_USER", "u")).getMessage()
        .contains("SNOWCHAT_CRED_SF_PASSWORD is required"));
    assertTrue(fails(sf, Map.of("SNOWCHAT_CRED_SF_USER", "u", "SNOWCHAT_CRED_SF_PASSWORD", SECRET,
        "SNOWCHAT_CRED_SF_TOKEN", SECRET)).getMessage().contains("more than one"));
    assertTrue(fails(sf, Map.of("SNOWCHAT_CRED_SF_USER", "u",
        "SNOWCHAT_CRED_SF_PRIVATE_KEY_FILE", "/nope/k.p8")).getMessage()
        .contains("SNOWCHAT_CRED_SF_PRIVATE_KEY_FILE=/nope/k.p8: no such readable file"));
    String file = "{\"sources\": [{\"name\": \"a\", \"address\": \"/x.csv\","
        + " \"credential\": \"c\"}]}";
    assertTrue(fails(file, Map.of("SNOWCHAT_CRED_C_USER", "u")).getMessage()
        .contains("takes no credential"));
  }

  @Test
  void fromEnvironment_credentialsWithoutCatalog_andUnreadableFile_areErrors() {
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
        () -> SourceCatalog.fromEnvironment(Map.of("SNOWCHAT_CRED_X_PASSWORD", SECRET)));
    assertTrue(e.getMessage().contains("SNOWCHAT_CRED_X_PASSWORD is set but SNOWCHAT_SOURCES"));
    assertFalse(e.getMessage().contains(SECRET));
    assertTrue(SourceCatalog.fromEnvironment(Map.of()).isEmpty());
    e = assertThrows(IllegalArgumentException.class, () -> SourceCatalog.fromEnvironment(
        Map.of("SNOWCHAT_SOURCES", dir.resolve("none.json").toString())));
    assertTrue(e.getMessage().startsWith("SNOWCHAT_SOURCES="), e.getMessage());
  }

  @Test
  void limits_mayOnlyTighten() {
    SourceCatalog c = parse("{\"sources\": [{\"name\": \"a\", \"address\": \"/x.csv\","
        + " \"mode\": \"full\"}]}", Map.of());
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
        () -> c.checkLimitsWithin(PermissionMode.READ_ONLY, 1000, Duration.ofSeconds(60)));
    assertTrue(e.getMessage().contains("source 'a': mode 'full' would loosen"), e.getMessage());
    SourceCatalog rows = parse("{\"sources\": [{\"name\": \"a\", \"address\": \"/x.csv\","
        + " \"maxRows\": 5000, \"timeout\": \"2m\"}]}", Map.of());
    assertTrue(assertThrows(IllegalArgumentException.class, () -> rows.checkLimitsWithin(
        PermissionMode.FULL, 1000, Duration.ofMinutes(5))).getMessage().contains("maxRows 5000"));
    assertTrue(assertThrows(IllegalArgumentException.class, () -> rows.checkLimitsWithin(
        PermissionMode.FULL, 10000, Duration.ofMinutes(1))).getMessage().contains("timeout"));
    rows.checkLimitsWithin(PermissionMode.READ_ONLY, 10000, Duration.ofMinutes(5));
    SourceLimits t = new SourceLimits(PermissionMode.READ_WRITE, 10, null)
        .tightest(new SourceLimits(PermissionMode.READ_ONLY, 20, Duration.ofSeconds(3)));
    assertEquals(new SourceLimits(PermissionMode.READ_ONLY, 10, Duration.ofSeconds(3)), t);
  }
}
