package dev.snowchat.schemaindex;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.SplittableRandom;

/**
 * Seeded synthetic catalogs for join-graph tests and benchmarks: entity tables keyed by
 * {@code <ENTITY>_ID} (some {@code DIM_}/{@code FACT_}-prefixed or plural), referencing columns
 * {@code <OTHER>_ID}, and generic columns ({@code ID}, {@code NAME}, {@code STATUS}, ...).
 */
public final class SyntheticCatalogs {
  static final String[] WORDS = {"ACCOUNT", "ADDRESS", "AGENT", "BATCH", "BRANCH", "BUDGET",
      "CAMPAIGN", "CARRIER", "CATEGORY", "CHANNEL", "CLAIM", "CONTRACT", "COUNTRY", "COUPON",
      "CURRENCY", "CUSTOMER", "DEVICE", "DISTRICT", "DOCUMENT", "DRIVER", "EMPLOYEE", "EVENT",
      "INVOICE", "ITEM", "LEDGER", "LICENSE", "LOCATION", "MARKET", "MEMBER", "MERCHANT",
      "ORDER", "PARTNER", "PAYMENT", "PLAN", "POLICY", "PRODUCT", "PROJECT", "PROMOTION",
      "REGION", "RETURN", "ROUTE", "SEGMENT", "SESSION", "SHIPMENT", "STORE", "SUPPLIER",
      "TICKET", "VEHICLE", "VENDOR", "WAREHOUSE"};
  private static final String[] GENERIC = {"NAME", "STATUS", "CREATED_AT", "UPDATED_AT",
      "AMOUNT", "DESCRIPTION", "TYPE", "CODE", "NOTES", "QUANTITY", "PRICE", "IS_ACTIVE"};
  private static final String[] GENERIC_TYPES = {"VARCHAR", "VARCHAR", "TIMESTAMP_NTZ",
      "TIMESTAMP_NTZ", "NUMBER(12,2)", "VARCHAR", "VARCHAR", "VARCHAR", "VARCHAR", "NUMBER(38,0)",
      "NUMBER(12,2)", "BOOLEAN"};

  private SyntheticCatalogs() {}

  /**
   * Generates a catalog.
   *
   * @param seed the random seed
   * @param databases the number of databases
   * @param tablesPerDatabase tables in each database (at most 50^3)
   * @param columnsPerTable columns in each table (at least 2)
   * @return the catalog
   */
  public static Catalog generate(long seed, int databases, int tablesPerDatabase,
      int columnsPerTable) {
    SplittableRandom random = new SplittableRandom(seed);
    List<TableInfo> out = new ArrayList<>(databases * tablesPerDatabase);
    for (int d = 0; d < databases; d++) {
      String db = "DB" + d;
      List<String> entities = entities(random, tablesPerDatabase);
      for (String entity : entities) {
        out.add(table(random, db, entity, entities, columnsPerTable));
      }
    }
    return Catalog.of(out);
  }

  public static List<String> entities(SplittableRandom random, int n) {
    Set<String> seen = new HashSet<>();
    List<String> out = new ArrayList<>(n);
    int words = n <= WORDS.length ? 1 : n <= WORDS.length * WORDS.length / 2 ? 2 : 3;
    while (out.size() < n) {
      StringBuilder sb = new StringBuilder(WORDS[random.nextInt(WORDS.length)]);
      for (int w = 1; w < words; w++) {
        sb.append('_').append(WORDS[random.nextInt(WORDS.length)]);
      }
      if (seen.add(sb.toString())) {
        out.add(sb.toString());
      }
    }
    return out;
  }

  /** A table for an entity: its key first, references to other entities, generic columns. */
  public static TableInfo table(SplittableRandom random, String db, String entity,
      List<String> entities,
      int columnsPerTable) {
    int style = random.nextInt(10);
    String tableName = switch (style) {
      case 0 -> "DIM_" + entity;
      case 1 -> "FACT_" + entity;
      case 2, 3 -> entity + "S";
      default -> entity;
    };
    List<ColumnInfo> columns = new ArrayList<>(columnsPerTable);
    Set<String> names = new HashSet<>();
    add(columns, names, random.nextInt(5) == 0 ? "ID" : entity + "_ID", "NUMBER(38,0)");
    int refs = Math.min(columnsPerTable - 1, random.nextInt(4));
    for (int r = 0; r < refs; r++) {
      String other = entities.get(random.nextInt(entities.size()));
      add(columns, names, other + "_ID", random.nextInt(20) == 0 ? "VARCHAR" : "NUMBER(38,0)");
    }
    int g = 0;
    while (columns.size() < columnsPerTable) {
      int k = random.nextInt(GENERIC.length);
      String name = g < GENERIC.length * 2 ? GENERIC[k] : GENERIC[k] + "_" + g;
      add(columns, names, name, GENERIC_TYPES[k]);
      g++;
    }
    return TableInfo.builder(QualifiedName.of(db, "PUBLIC", tableName)).columns(columns).build();
  }

  private static void add(List<ColumnInfo> columns, Set<String> names, String name, String type) {
    if (names.add(name)) {
      columns.add(ColumnInfo.of(name, type));
    }
  }
}
