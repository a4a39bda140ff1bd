package dev.snowchat.mcp.sample;

import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;

/**
 * Writes the sample warehouse's schemas, tables, views and comments into an open, empty DuckDB
 * database.
 *
 * <p>Every value comes from SQL over {@code range()} and a small integer hash defined here as
 * temporary macros ({@code sc_rnd(i, salt)}), not from {@code random()} or DuckDB's {@code hash()}:
 * plain integer arithmetic gives the same bytes on every run, thread count and DuckDB version,
 * which {@code setseed()} with parallel scans does not. Tables are written with {@code ORDER BY}
 * on their key so the physical row order, and so {@code SELECT * ... LIMIT n}, is stable too.
 *
 * <p>Statements never name the catalog: the file is built under a temporary name and renamed, and
 * the catalog name DuckDB shows is the file's stem at open time.
 */
final class SampleGenerator {

  private SampleGenerator() {}

  /** Expected row counts, by {@code SCHEMA.TABLE}; the tests hold the generator to them. */
  static final Map<String, Long> ROW_COUNTS =
      Map.ofEntries(
          Map.entry("RAW.RAW_NEIGHBOURHOODS", 40L),
          Map.entry("RAW.RAW_HOSTS", 6_000L),
          Map.entry("RAW.RAW_LISTINGS", 10_000L),
          Map.entry("RAW.RAW_REVIEWS", 180_000L),
          Map.entry("RAW.RAW_CALENDAR", 219_000L),
          Map.entry("ANALYTICS.DIM_NEIGHBOURHOODS", 40L),
          Map.entry("ANALYTICS.DIM_HOSTS", 6_000L),
          Map.entry("ANALYTICS.DIM_LISTINGS", 10_000L),
          Map.entry("ANALYTICS.DIM_DATE", 731L),
          Map.entry("ANALYTICS.FACT_REVIEWS", 180_000L),
          Map.entry("ANALYTICS.FACT_CALENDAR", 219_000L));

  /** The views, by {@code SCHEMA.VIEW}. */
  static final List<String> VIEWS =
      List.of("ANALYTICS.VW_HOST_PERFORMANCE", "ANALYTICS.VW_LISTING_OCCUPANCY");

  /**
   * Runs every statement on {@code connection}; the caller checkpoints and closes.
   *
   * @throws SQLException if DuckDB refuses a statement
   */
  static void generate(Connection connection) throws SQLException {
    try (Statement statement = connection.createStatement()) {
      for (String sql : statements()) {
        statement.execute(sql);
      }
    }
  }

  /** {@return every statement, in order} */
  static List<String> statements() {
    List<String> all = new ArrayList<>();
    all.addAll(SETUP);
    all.addAll(RAW.stream().map(SampleGenerator::expand).toList());
    all.addAll(ANALYTICS);
    all.addAll(comments());
    return List.copyOf(all);
  }

  // Session settings first: nothing may be installed, loaded or fetched while building.
  private static final List<String> SETUP =
      List.of(
          "SET autoinstall_known_extensions = false",
          "SET autoload_known_extensions = false",
          "SET enable_external_access = false",
          // A 32-bit integer mixer (two multiply-xorshift rounds and a final xorshift). Inputs
          // stay below 2^32 and the multiplier below 2^27, so BIGINT never overflows.
          "CREATE TEMP MACRO sc_h32(x) AS (xor(x >> 16, x) * 73244475) % 4294967296",
          "CREATE TEMP MACRO sc_mix(x) AS xor(sc_h32(sc_h32(x)) >> 16, sc_h32(sc_h32(x)))",
          """
          CREATE TEMP MACRO sc_rnd(i, salt) AS
            CAST(sc_mix(xor((i * 2654435761) % 4294967296, (salt * 2246822519) % 4294967296))
              AS DOUBLE) / 4294967296.0""",
          """
          CREATE TEMP MACRO sc_pick(arr, i, salt) AS
            arr[1 + CAST(floor(sc_rnd(i, salt) * len(arr)) AS INTEGER)]""",
          """
          CREATE TEMP TABLE sc_neighbourhood (
            id INTEGER, name VARCHAR, borough VARCHAR, city VARCHAR,
            lat DOUBLE, lon DOUBLE, price_factor DOUBLE)""",
          """
          INSERT INTO sc_neighbourhood VALUES
            (1, 'Alexanderplatz', 'Mitte', 'Berlin', 52.5219, 13.4132, 1.25),
            (2, 'Brunnenstr. Süd', 'Mitte', 'Berlin', 52.5340, 13.3990, 1.20),
            (3, 'Tiergarten Süd', 'Mitte', 'Berlin', 52.5050, 13.3650, 1.15),
            (4, 'Moabit West', 'Mitte', 'Berlin', 52.5300, 13.3300, 0.95),
            (5, 'Frankfurter Allee Süd', 'Friedrichshain-Kreuzberg', 'Berlin',
              52.5100, 13.4600, 1.05),
            (6, 'Südliche Friedrichstadt', 'Friedrichshain-Kreuzberg', 'Berlin',
              52.5010, 13.3950, 1.10),
            (7, 'Tempelhofer Vorstadt', 'Friedrichshain-Kreuzberg', 'Berlin',
              52.4920, 13.3950, 1.05),
            (8, 'Karl-Marx-Allee-Süd', 'Friedrichshain-Kreuzberg', 'Berlin',
              52.5150, 13.4350, 1.05),
            (9, 'Prenzlauer Berg Nordwest', 'Pankow', 'Berlin', 52.5430, 13.4100, 1.15),
            (10, 'Helmholtzplatz', 'Pankow', 'Berlin', 52.5450, 13.4200, 1.15),
            (11, 'Weißensee', 'Pankow', 'Berlin', 52.5550, 13.4650, 0.85),
            (12, 'Reuterstraße', 'Neukölln', 'Berlin', 52.4890, 13.4280, 0.95),
            (13, 'Schillerpromenade', 'Neukölln', 'Berlin', 52.4750, 13.4240, 0.90),
            (14, 'Rixdorf', 'Neukölln', 'Berlin', 52.4760, 13.4400, 0.90),
            (15, 'Kurfürstendamm', 'Charlottenburg-Wilmersdorf', 'Berlin', 52.5030, 13.3280, 1.20),
            (16, 'Westend', 'Charlottenburg-Wilmersdorf', 'Berlin', 52.5150, 13.2700, 1.00),
            (17, 'Schöneberg-Nord', 'Tempelhof-Schöneberg', 'Berlin', 52.4980, 13.3550, 1.00),
            (18, 'Friedenau', 'Tempelhof-Schöneberg', 'Berlin', 52.4710, 13.3300, 0.90),
            (19, 'Alt-Treptow', 'Treptow-Köpenick', 'Berlin', 52.4930, 13.4550, 0.90),
            (20, 'Rummelsburger Bucht', 'Lichtenberg', 'Berlin', 52.4980, 13.4900, 0.85),
            (21, 'Centrum-West', 'Centrum', 'Amsterdam', 52.3760, 4.8900, 1.30),
            (22, 'Centrum-Oost', 'Centrum', 'Amsterdam', 52.3680, 4.9050, 1.30),
            (23, 'De Baarsjes - Oud-West', 'West', 'Amsterdam', 52.3660, 4.8650, 1.05),
            (24, 'De Pijp - Rivierenbuurt', 'Zuid', 'Amsterdam', 52.3520, 4.8950, 1.10),
            (25, 'Zuid', 'Zuid', 'Amsterdam', 52.3500, 4.8700, 1.15),
            (26, 'Westerpark', 'West', 'Amsterdam', 52.3850, 4.8750, 1.00),
            (27, 'Oud-Oost', 'Oost', 'Amsterdam', 52.3600, 4.9250, 1.00),
            (28, 'Bos en Lommer', 'West', 'Amsterdam', 52.3800, 4.8480, 0.90),
            (29, 'Oostelijk Havengebied - Indische Buurt', 'Oost', 'Amsterdam',
              52.3700, 4.9400, 0.95),
            (30, 'Watergraafsmeer', 'Oost', 'Amsterdam', 52.3500, 4.9400, 0.90),
            (31, 'Noord-West', 'Noord', 'Amsterdam', 52.4000, 4.8950, 0.85),
            (32, 'Oud-Noord', 'Noord', 'Amsterdam', 52.3920, 4.9150, 0.90),
            (33, 'IJburg - Zeeburgereiland', 'Oost', 'Amsterdam', 52.3560, 4.9950, 0.90),
            (34, 'Slotervaart', 'Nieuw-West', 'Amsterdam', 52.3600, 4.8250, 0.80),
            (35, 'Buitenveldert - Zuidas', 'Zuid', 'Amsterdam', 52.3330, 4.8750, 0.95),
            (36, 'Geuzenveld - Slotermeer', 'Nieuw-West', 'Amsterdam', 52.3800, 4.8100, 0.75),
            (37, 'De Aker - Nieuw Sloten', 'Nieuw-West', 'Amsterdam', 52.3500, 4.8050, 0.75),
            (38, 'Osdorp', 'Nieuw-West', 'Amsterdam', 52.3600, 4.7950, 0.75),
            (39, 'Bijlmer-Centrum', 'Zuidoost', 'Amsterdam', 52.3150, 4.9550, 0.70),
            (40, 'Gaasperdam - Driemond', 'Zuidoost', 'Amsterdam', 52.3000, 4.9900, 0.70)""",
          "CREATE SCHEMA RAW",
          "CREATE SCHEMA ANALYTICS");

  private static final List<String> FIRST_NAMES =
      List.of(
          "Anna", "Lukas", "Sophie", "Jonas", "Emma", "Noah", "Mia", "Finn", "Lena", "Ben",
          "Sanne", "Daan", "Julia", "Max", "Lotte", "Sem", "Fleur", "Luuk", "Hannah", "Milan",
          "Clara", "Felix", "Eva", "Thijs", "Laura", "Paul", "Marie", "Tim", "Sara", "David",
          "Ines", "Mateo", "Chloé", "Louis", "Giulia", "Marco", "Aylin", "Emre", "Zofia", "Piotr",
          "Olga", "Ivan", "Amira", "Omar", "Priya", "Arjun", "Mei", "Kenji", "Sofia", "Lucas",
          "Isabel", "Diego", "Grace", "James", "Olivia", "Liam", "Nora", "Erik", "Freya", "Lars");

  private static final List<String> POSITIVE =
      List.of(
          "Great stay! {host} was very welcoming and the place in {nb} was spotless.",
          "Perfect location in {nb}, close to everything. Would stay again.",
          "{host} gave us great tips for {nb}. The apartment was exactly as described.",
          "Lovely, quiet and comfortable. Check-in was easy and {host} replied quickly.",
          "We had a wonderful time. Clean, cosy and a well equipped kitchen.",
          "Excellent host, beautiful flat, and {nb} is a fantastic neighbourhood.",
          "Everything was perfect, thank you {host}!",
          "Very comfortable bed and great coffee nearby. Highly recommended.",
          "Second time staying with {host} and it was as good as the first.",
          "Bright, stylish and very central. Public transport right around the corner.");

  private static final List<String> NEUTRAL =
      List.of(
          "Decent place for the price. A bit noisy at night but {host} was helpful.",
          "The location in {nb} is good, but the apartment needs some renovation.",
          "Okay stay. Check-in took a while and the wifi was slow.",
          "The room was smaller than in the photos, otherwise fine.",
          "Fine for a short trip. The kitchen was basic and the shower lukewarm.");

  private static final List<String> NEGATIVE =
      List.of(
          "Not as described. The place was not clean when we arrived.",
          "Very noisy street and the heating did not work. {host} was hard to reach.",
          "Disappointing stay: the bathroom was dirty and check-in was two hours late.",
          "Would not recommend. The listing photos are misleading.",
          "The host cancelled part of our booking at the last minute.");

  private static String expand(String sql) {
    return sql.replace("@NAMES@", sqlList(FIRST_NAMES))
        .replace("@POSITIVE@", sqlList(POSITIVE))
        .replace("@NEUTRAL@", sqlList(NEUTRAL))
        .replace("@NEGATIVE@", sqlList(NEGATIVE));
  }

  private static String sqlList(List<String> values) {
    return values.stream()
        .map(SampleGenerator::literal)
        .collect(Collectors.joining(", ", "[", "]"));
  }

  private static String literal(String value) {
    return "'" + value.replace("'", "''") + "'";
  }

  // Raw layer: what a loader would land from the Airbnb-style exports; text flags ('t'/'f'),
  // prices as text ('$1,234.00'), no constraints.
  private static final List<String> RAW =
      List.of(
          """
          CREATE TABLE RAW.RAW_NEIGHBOURHOODS AS
          SELECT id AS NEIGHBOURHOOD_ID, name AS NEIGHBOURHOOD, borough AS NEIGHBOURHOOD_GROUP,
                 city AS CITY, TIMESTAMP '2025-12-01 02:00:00' AS LOADED_AT
          FROM sc_neighbourhood ORDER BY id""",
          """
          CREATE TABLE RAW.RAW_HOSTS AS
          WITH h AS (
            SELECT i,
                   CASE WHEN sc_rnd(i, 1) < 0.55 THEN 'Berlin' ELSE 'Amsterdam' END AS city,
                   DATE '2009-06-01'
                     + CAST(floor(pow(sc_rnd(i, 3), 0.7) * 5000) AS INTEGER) AS since
            FROM range(1, 6001) r(i))
          SELECT 100000 + i AS HOST_ID,
                 sc_pick(@NAMES@, i, 2) AS HOST_NAME,
                 since AS HOST_SINCE,
                 CASE WHEN sc_rnd(i, 4) < 0.28 THEN 't' ELSE 'f' END AS HOST_IS_SUPERHOST,
                 CASE WHEN sc_rnd(i, 5) < 0.12 THEN 'N/A'
                      ELSE CAST(100 - CAST(floor(pow(sc_rnd(i, 6), 3) * 60) AS INTEGER) AS VARCHAR)
                        || '%'
                 END AS HOST_RESPONSE_RATE,
                 CASE WHEN sc_rnd(i, 7) < 0.88
                      THEN city || CASE city WHEN 'Berlin' THEN ', Germany' ELSE ', Netherlands' END
                      ELSE sc_pick(['London, United Kingdom', 'Paris, France', 'Hamburg, Germany',
                                    'Rotterdam, Netherlands', 'New York, United States'], i, 8)
                 END AS HOST_LOCATION,
                 CAST(since AS TIMESTAMP)
                   + to_seconds(CAST(floor(sc_rnd(i, 9) * 86400) AS BIGINT)) AS CREATED_AT,
                 TIMESTAMP '2025-06-01'
                   + to_seconds(CAST(floor(sc_rnd(i, 10) * 15552000) AS BIGINT)) AS UPDATED_AT
          FROM h ORDER BY HOST_ID""",
          // The first 6,000 listings give every host one; the other 4,000 go to the first 600
          // hosts, skewed, so a few hosts run many listings. A host's listings are in its city.
          """
          CREATE TABLE RAW.RAW_LISTINGS AS
          WITH base AS (
            SELECT i,
                   CASE WHEN i <= 6000 THEN i
                        ELSE 1 + CAST(floor(pow(sc_rnd(i, 20), 2) * 600) AS BIGINT) END AS host_i,
                   sc_rnd(i, 22) AS r_room
            FROM range(1, 10001) r(i)),
          typed AS (
            SELECT i, host_i,
                   CASE WHEN sc_rnd(host_i, 1) < 0.55 THEN 0 ELSE 20 END
                     + 1 + CAST(floor(pow(sc_rnd(i, 21), 1.6) * 20) AS INTEGER) AS nb_id,
                   CASE WHEN r_room < 0.62 THEN 'Entire home/apt'
                        WHEN r_room < 0.95 THEN 'Private room'
                        WHEN r_room < 0.98 THEN 'Hotel room'
                        ELSE 'Shared room' END AS room_type
            FROM base),
          sized AS (
            SELECT t.*,
                   CASE room_type
                     WHEN 'Entire home/apt'
                       THEN 2 + CAST(floor(pow(sc_rnd(i, 23), 2) * 5) AS INTEGER)
                     WHEN 'Private room' THEN 1 + CAST(floor(sc_rnd(i, 23) * 2) AS INTEGER)
                     WHEN 'Hotel room' THEN 2
                     ELSE 1 END AS accommodates
            FROM typed t),
          priced AS (
            SELECT s.*, n.name AS nb_name, n.lat, n.lon, h.HOST_SINCE AS host_since,
                   round(CASE n.city WHEN 'Berlin' THEN 68.0 ELSE 135.0 END * n.price_factor
                     * CASE room_type
                         WHEN 'Entire home/apt' THEN 1.0 + 0.2 * (accommodates - 2)
                         WHEN 'Private room' THEN 0.55
                         WHEN 'Hotel room' THEN 0.95
                         ELSE 0.35 END
                     * (0.7 + 0.6 * sc_rnd(i, 24))) AS price
            FROM sized s
            JOIN sc_neighbourhood n ON n.id = s.nb_id
            JOIN RAW.RAW_HOSTS h ON h.HOST_ID = 100000 + s.host_i)
          SELECT 1000000 + i AS LISTING_ID,
                 'https://www.airbnb.com/rooms/' || (1000000 + i) AS LISTING_URL,
                 sc_pick(['Bright', 'Cozy', 'Stylish', 'Spacious', 'Charming', 'Quiet', 'Sunny',
                          'Modern', 'Light-filled', 'Lovely', 'Central', 'Renovated', 'Artsy',
                          'Peaceful', 'Elegant', 'Compact'], i, 25)
                   || ' '
                   || CASE room_type
                        WHEN 'Entire home/apt' THEN sc_pick(['apartment', 'loft', 'studio', 'flat',
                             '2BR apartment', 'penthouse', 'garden apartment', 'townhouse'], i, 26)
                        WHEN 'Private room' THEN sc_pick(['room', 'double room', 'bedroom',
                             'guest room', 'attic room'], i, 26)
                        WHEN 'Hotel room' THEN sc_pick(['hotel room', 'boutique hotel room'], i, 26)
                        ELSE sc_pick(['shared room', 'bed in a shared room', 'dorm bed'], i, 26) END
                   || ' ' || sc_pick(['in', 'near', 'close to', 'in the heart of'], i, 27)
                   || ' ' || nb_name AS NAME,
                 100000 + host_i AS HOST_ID,
                 nb_id AS NEIGHBOURHOOD_ID,
                 room_type AS ROOM_TYPE,
                 accommodates AS ACCOMMODATES,
                 CASE WHEN room_type = 'Entire home/apt' THEN greatest(1, accommodates // 2)
                      ELSE 1 END AS BEDROOMS,
                 CASE WHEN room_type = 'Entire home/apt'
                        THEN CASE WHEN accommodates >= 5 THEN '2 baths'
                                  WHEN accommodates = 4 THEN '1.5 baths'
                                  ELSE '1 bath' END
                      WHEN room_type = 'Shared room' OR sc_rnd(i, 28) < 0.6 THEN '1 shared bath'
                      ELSE '1 private bath' END AS BATHROOMS_TEXT,
                 '$' || format('{:,.2f}', price) AS PRICE,
                 sc_pick([1, 1, 2, 2, 2, 3, 3, 4, 5, 7, 14, 30], i, 29) AS MINIMUM_NIGHTS,
                 round(lat + (sc_rnd(i, 30) - 0.5) * 0.02, 5) AS LATITUDE,
                 round(lon + (sc_rnd(i, 31) - 0.5) * 0.03, 5) AS LONGITUDE,
                 CAST(host_since AS TIMESTAMP)
                   + to_days(CAST(floor(sc_rnd(i, 32) * (DATE '2023-12-31' - host_since))
                       AS INTEGER))
                   + to_seconds(CAST(floor(sc_rnd(i, 33) * 86400) AS BIGINT)) AS CREATED_AT,
                 TIMESTAMP '2025-06-01'
                   + to_seconds(CAST(floor(sc_rnd(i, 34) * 15552000) AS BIGINT)) AS UPDATED_AT
          FROM priced ORDER BY LISTING_ID""",
          // Popular listings get more reviews (a skewed index scattered by a prime stride);
          // a quarter of the reviews fall in the summer months. A rating comes from one uniform
          // score nudged by the listing's quality and a superhost bonus; the text matches it.
          """
          CREATE TABLE RAW.RAW_REVIEWS AS
          WITH r AS (
            SELECT i,
                   1000001 + (CAST(floor(pow(sc_rnd(i, 40), 1.3) * 10000) AS BIGINT) * 7919) % 10000
                     AS listing_id,
                   CASE WHEN sc_rnd(i, 41) < 0.25
                        THEN make_date(2024 + CAST(sc_rnd(i, 42) < 0.5 AS INTEGER), 6, 1)
                               + CAST(floor(sc_rnd(i, 43) * 92) AS INTEGER)
                        ELSE DATE '2024-01-01' + CAST(floor(sc_rnd(i, 43) * 731) AS INTEGER)
                   END AS review_date,
                   3000000 + CAST(floor(pow(sc_rnd(i, 44), 1.2) * 140000) AS BIGINT) AS reviewer_id
            FROM range(1, 180001) t(i)),
          rated AS (
            SELECT r.*, h.HOST_NAME AS host_name, n.NEIGHBOURHOOD AS nb_name,
                   sc_rnd(i, 46) + (sc_rnd(r.listing_id, 45) - 0.5) * 0.12
                     + CASE WHEN h.HOST_IS_SUPERHOST = 't' THEN 0.05 ELSE 0.0 END AS score
            FROM r
            JOIN RAW.RAW_LISTINGS l ON l.LISTING_ID = r.listing_id
            JOIN RAW.RAW_HOSTS h ON h.HOST_ID = l.HOST_ID
            JOIN RAW.RAW_NEIGHBOURHOODS n ON n.NEIGHBOURHOOD_ID = l.NEIGHBOURHOOD_ID)
          SELECT 50000000 + i AS REVIEW_ID,
                 listing_id AS LISTING_ID,
                 review_date AS REVIEW_DATE,
                 reviewer_id AS REVIEWER_ID,
                 sc_pick(@NAMES@, reviewer_id, 49) AS REVIEWER_NAME,
                 CASE WHEN score < 0.02 THEN 1 WHEN score < 0.05 THEN 2 WHEN score < 0.15 THEN 3
                      WHEN score < 0.45 THEN 4 ELSE 5 END AS RATING,
                 replace(replace(CASE WHEN score >= 0.15 THEN sc_pick(@POSITIVE@, i, 50)
                                      WHEN score >= 0.05 THEN sc_pick(@NEUTRAL@, i, 50)
                                      ELSE sc_pick(@NEGATIVE@, i, 50) END,
                                 '{host}', host_name), '{nb}', nb_name) AS COMMENTS
          FROM rated ORDER BY REVIEW_ID""",
          // A year of daily availability for the first 600 listings. Booked ('f') is likelier in
          // summer, at weekends and over Christmas, when prices are also higher.
          """
          CREATE TABLE RAW.RAW_CALENDAR AS
          WITH l AS (
            SELECT LISTING_ID, LISTING_ID - 1000000 AS li, MINIMUM_NIGHTS,
                   CAST(replace(replace(PRICE, '$', ''), ',', '') AS DOUBLE) AS price
            FROM RAW.RAW_LISTINGS WHERE LISTING_ID <= 1000600),
          d AS (
            SELECT CAST(range AS DATE) AS day
            FROM range(DATE '2025-01-01', DATE '2026-01-01', INTERVAL 1 DAY)),
          x AS (
            SELECT l.*, d.day, li * 1000 + dayofyear(d.day) AS k, month(d.day) AS m,
                   isodow(d.day) AS dow, (month(d.day) = 12 AND day(d.day) >= 20) AS holiday
            FROM l CROSS JOIN d)
          SELECT LISTING_ID,
                 day AS CALENDAR_DATE,
                 CASE WHEN sc_rnd(k, 60) < 0.38
                             + CASE WHEN m BETWEEN 6 AND 8 THEN 0.25 ELSE 0.0 END
                             + CASE WHEN dow IN (5, 6) THEN 0.10 ELSE 0.0 END
                             + CASE WHEN holiday THEN 0.20 ELSE 0.0 END
                             + (sc_rnd(li, 61) - 0.5) * 0.4
                      THEN 'f' ELSE 't' END AS AVAILABLE,
                 '$' || format('{:,.2f}', round(price
                   * CASE WHEN dow IN (5, 6) THEN 1.15 ELSE 1.0 END
                   * CASE WHEN m BETWEEN 6 AND 8 THEN 1.2 WHEN holiday THEN 1.35 ELSE 1.0 END))
                   AS PRICE,
                 MINIMUM_NIGHTS,
                 sc_pick([30, 60, 90, 365, 365, 1125], li, 62) AS MAXIMUM_NIGHTS
          FROM x ORDER BY LISTING_ID, CALENDAR_DATE""");

  // Modelled layer: typed, constrained, named for joins (X_ID, DATE_KEY). Two foreign keys are
  // declared (listings to hosts and to neighbourhoods); the facts' keys are left for inference by
  // name, so a catalog shows both kinds of edge.
  private static final List<String> ANALYTICS =
      List.of(
          """
          CREATE TABLE ANALYTICS.DIM_NEIGHBOURHOODS (
            NEIGHBOURHOOD_ID INTEGER PRIMARY KEY,
            NEIGHBOURHOOD_NAME VARCHAR NOT NULL,
            BOROUGH VARCHAR NOT NULL,
            CITY VARCHAR NOT NULL,
            COUNTRY VARCHAR NOT NULL)""",
          """
          INSERT INTO ANALYTICS.DIM_NEIGHBOURHOODS
          SELECT NEIGHBOURHOOD_ID, NEIGHBOURHOOD, NEIGHBOURHOOD_GROUP, CITY,
                 CASE CITY WHEN 'Berlin' THEN 'Germany' ELSE 'Netherlands' END
          FROM RAW.RAW_NEIGHBOURHOODS ORDER BY NEIGHBOURHOOD_ID""",
          """
          CREATE TABLE ANALYTICS.DIM_HOSTS (
            HOST_ID BIGINT PRIMARY KEY,
            HOST_NAME VARCHAR NOT NULL,
            HOST_SINCE DATE NOT NULL,
            IS_SUPERHOST BOOLEAN NOT NULL,
            RESPONSE_RATE DECIMAL(5, 2),
            HOST_LOCATION VARCHAR NOT NULL,
            LISTINGS_COUNT INTEGER NOT NULL,
            CREATED_AT TIMESTAMP NOT NULL,
            UPDATED_AT TIMESTAMP NOT NULL)""",
          """
          INSERT INTO ANALYTICS.DIM_HOSTS
          SELECT h.HOST_ID, h.HOST_NAME, h.HOST_SINCE, h.HOST_IS_SUPERHOST = 't',
                 CASE WHEN h.HOST_RESPONSE_RATE = 'N/A' THEN NULL
                      ELSE CAST(rtrim(h.HOST_RESPONSE_RATE, '%') AS DECIMAL(5, 2)) END,
                 h.HOST_LOCATION, coalesce(c.n, 0), h.CREATED_AT, h.UPDATED_AT
          FROM RAW.RAW_HOSTS h
          LEFT JOIN (SELECT HOST_ID, count(*) AS n FROM RAW.RAW_LISTINGS GROUP BY HOST_ID) c
            ON c.HOST_ID = h.HOST_ID
          ORDER BY h.HOST_ID""",
          """
          CREATE TABLE ANALYTICS.DIM_LISTINGS (
            LISTING_ID BIGINT PRIMARY KEY,
            LISTING_NAME VARCHAR NOT NULL,
            HOST_ID BIGINT NOT NULL REFERENCES ANALYTICS.DIM_HOSTS (HOST_ID),
            NEIGHBOURHOOD_ID INTEGER NOT NULL
              REFERENCES ANALYTICS.DIM_NEIGHBOURHOODS (NEIGHBOURHOOD_ID),
            ROOM_TYPE VARCHAR NOT NULL,
            ACCOMMODATES INTEGER NOT NULL,
            BEDROOMS INTEGER NOT NULL,
            BATHROOMS DECIMAL(3, 1) NOT NULL,
            IS_SHARED_BATH BOOLEAN NOT NULL,
            PRICE DECIMAL(10, 2) NOT NULL,
            MINIMUM_NIGHTS INTEGER NOT NULL,
            LATITUDE DOUBLE NOT NULL,
            LONGITUDE DOUBLE NOT NULL,
            LISTING_URL VARCHAR NOT NULL,
            CREATED_AT TIMESTAMP NOT NULL,
            UPDATED_AT TIMESTAMP NOT NULL)""",
          """
          INSERT INTO ANALYTICS.DIM_LISTINGS
          SELECT LISTING_ID, NAME, HOST_ID, NEIGHBOURHOOD_ID, ROOM_TYPE, ACCOMMODATES, BEDROOMS,
                 CAST(regexp_extract(BATHROOMS_TEXT, '^[0-9.]+') AS DECIMAL(3, 1)),
                 contains(BATHROOMS_TEXT, 'shared'),
                 CAST(replace(replace(PRICE, '$', ''), ',', '') AS DECIMAL(10, 2)),
                 MINIMUM_NIGHTS, LATITUDE, LONGITUDE, LISTING_URL, CREATED_AT, UPDATED_AT
          FROM RAW.RAW_LISTINGS ORDER BY LISTING_ID""",
          """
          CREATE TABLE ANALYTICS.DIM_DATE (
            DATE_KEY INTEGER PRIMARY KEY,
            FULL_DATE DATE NOT NULL UNIQUE,
            YEAR INTEGER NOT NULL,
            QUARTER INTEGER NOT NULL,
            MONTH INTEGER NOT NULL,
            MONTH_NAME VARCHAR NOT NULL,
            WEEK_OF_YEAR INTEGER NOT NULL,
            DAY_OF_MONTH INTEGER NOT NULL,
            DAY_OF_WEEK INTEGER NOT NULL,
            DAY_NAME VARCHAR NOT NULL,
            IS_WEEKEND BOOLEAN NOT NULL)""",
          """
          INSERT INTO ANALYTICS.DIM_DATE
          SELECT year(d) * 10000 + month(d) * 100 + day(d), d, year(d), quarter(d), month(d),
                 monthname(d), weekofyear(d), day(d), isodow(d), dayname(d), isodow(d) >= 6
          FROM (SELECT CAST(range AS DATE) AS d
                FROM range(DATE '2024-01-01', DATE '2026-01-01', INTERVAL 1 DAY))
          ORDER BY d""",
          """
          CREATE TABLE ANALYTICS.FACT_REVIEWS (
            REVIEW_ID BIGINT PRIMARY KEY,
            LISTING_ID BIGINT NOT NULL,
            HOST_ID BIGINT NOT NULL,
            NEIGHBOURHOOD_ID INTEGER NOT NULL,
            DATE_KEY INTEGER NOT NULL,
            REVIEW_DATE DATE NOT NULL,
            REVIEWER_ID BIGINT NOT NULL,
            RATING INTEGER NOT NULL,
            SENTIMENT VARCHAR NOT NULL,
            COMMENT_LENGTH INTEGER NOT NULL)""",
          """
          INSERT INTO ANALYTICS.FACT_REVIEWS
          SELECT r.REVIEW_ID, r.LISTING_ID, l.HOST_ID, l.NEIGHBOURHOOD_ID,
                 year(r.REVIEW_DATE) * 10000 + month(r.REVIEW_DATE) * 100 + day(r.REVIEW_DATE),
                 r.REVIEW_DATE, r.REVIEWER_ID, r.RATING,
                 CASE WHEN r.RATING >= 4 THEN 'positive' WHEN r.RATING = 3 THEN 'neutral'
                      ELSE 'negative' END,
                 length(r.COMMENTS)
          FROM RAW.RAW_REVIEWS r JOIN RAW.RAW_LISTINGS l ON l.LISTING_ID = r.LISTING_ID
          ORDER BY r.REVIEW_ID""",
          """
          CREATE TABLE ANALYTICS.FACT_CALENDAR (
            LISTING_ID BIGINT NOT NULL,
            DATE_KEY INTEGER NOT NULL,
            CALENDAR_DATE DATE NOT NULL,
            IS_AVAILABLE BOOLEAN NOT NULL,
            PRICE DECIMAL(10, 2) NOT NULL,
            MINIMUM_NIGHTS INTEGER NOT NULL,
            MAXIMUM_NIGHTS INTEGER NOT NULL,
            PRIMARY KEY (LISTING_ID, DATE_KEY))""",
          """
          INSERT INTO ANALYTICS.FACT_CALENDAR
          SELECT LISTING_ID,
                 year(CALENDAR_DATE) * 10000 + month(CALENDAR_DATE) * 100 + day(CALENDAR_DATE),
                 CALENDAR_DATE, AVAILABLE = 't',
                 CAST(replace(replace(PRICE, '$', ''), ',', '') AS DECIMAL(10, 2)),
                 MINIMUM_NIGHTS, MAXIMUM_NIGHTS
          FROM RAW.RAW_CALENDAR ORDER BY LISTING_ID, CALENDAR_DATE""",
          """
          CREATE VIEW ANALYTICS.VW_HOST_PERFORMANCE AS
          SELECT h.HOST_ID, h.HOST_NAME, h.IS_SUPERHOST, h.LISTINGS_COUNT,
                 count(r.REVIEW_ID) AS REVIEWS_COUNT,
                 round(avg(r.RATING), 2) AS AVG_RATING,
                 max(r.REVIEW_DATE) AS LAST_REVIEW_DATE
          FROM ANALYTICS.DIM_HOSTS h
          LEFT JOIN ANALYTICS.FACT_REVIEWS r ON r.HOST_ID = h.HOST_ID
          GROUP BY h.HOST_ID, h.HOST_NAME, h.IS_SUPERHOST, h.LISTINGS_COUNT""",
          """
          CREATE VIEW ANALYTICS.VW_LISTING_OCCUPANCY AS
          SELECT c.LISTING_ID, d.YEAR, d.MONTH,
                 count(*) AS NIGHTS,
                 count(*) FILTER (WHERE NOT c.IS_AVAILABLE) AS NIGHTS_BOOKED,
                 round(count(*) FILTER (WHERE NOT c.IS_AVAILABLE) / count(*), 3) AS OCCUPANCY_RATE,
                 coalesce(sum(c.PRICE) FILTER (WHERE NOT c.IS_AVAILABLE), 0) AS ESTIMATED_REVENUE
          FROM ANALYTICS.FACT_CALENDAR c
          JOIN ANALYTICS.DIM_DATE d ON d.DATE_KEY = c.DATE_KEY
          GROUP BY c.LISTING_ID, d.YEAR, d.MONTH""");

  private static List<String> comments() {
    List<String> out = new ArrayList<>();
    comment(
        out,
        "TABLE",
        "RAW.RAW_NEIGHBOURHOODS",
        "Raw neighbourhood list as exported by the listings site, one row per neighbourhood of"
            + " Berlin and Amsterdam.",
        "NEIGHBOURHOOD_ID", "Neighbourhood identifier.",
        "NEIGHBOURHOOD", "Neighbourhood name as published.",
        "NEIGHBOURHOOD_GROUP", "District or borough the neighbourhood belongs to.",
        "CITY", "City: Berlin or Amsterdam.",
        "LOADED_AT", "When the loader landed the row.");
    comment(
        out,
        "TABLE",
        "RAW.RAW_HOSTS",
        "Raw host profiles as landed from the source export; flags and rates are text.",
        "HOST_ID", "Host identifier.",
        "HOST_NAME", "Host first name as shown on the site.",
        "HOST_SINCE", "Date the host account was created.",
        "HOST_IS_SUPERHOST", "Superhost flag as text: t or f.",
        "HOST_RESPONSE_RATE", "Share of messages answered within a day, as text: 95% or N/A.",
        "HOST_LOCATION", "Where the host says they live, free text.",
        "CREATED_AT", "When the host record was created in the source.",
        "UPDATED_AT", "When the host record last changed in the source.");
    comment(
        out,
        "TABLE",
        "RAW.RAW_LISTINGS",
        "Raw listings (places to stay) as landed from the source export; price is text.",
        "LISTING_ID", "Listing identifier.",
        "LISTING_URL", "Public URL of the listing page.",
        "NAME", "Listing title written by the host.",
        "HOST_ID", "Host who runs the listing.",
        "NEIGHBOURHOOD_ID", "Neighbourhood the listing is in.",
        "ROOM_TYPE", "Entire home/apt, Private room, Hotel room or Shared room.",
        "ACCOMMODATES", "Maximum number of guests.",
        "BEDROOMS", "Number of bedrooms.",
        "BATHROOMS_TEXT", "Bathrooms as text, such as 1.5 baths or 1 shared bath.",
        "PRICE", "Nightly price in local currency (EUR) as text, such as $1,234.00.",
        "MINIMUM_NIGHTS", "Minimum nights per stay.",
        "LATITUDE", "Latitude (WGS84), slightly blurred for privacy.",
        "LONGITUDE", "Longitude (WGS84), slightly blurred for privacy.",
        "CREATED_AT", "When the listing was created.",
        "UPDATED_AT", "When the listing last changed.");
    comment(
        out,
        "TABLE",
        "RAW.RAW_REVIEWS",
        "Raw guest reviews, one row per review written after a stay, 2024 to 2025.",
        "REVIEW_ID", "Review identifier.",
        "LISTING_ID", "Listing that was reviewed.",
        "REVIEW_DATE", "Date the review was written.",
        "REVIEWER_ID", "Guest who wrote the review.",
        "REVIEWER_NAME", "Guest first name.",
        "RATING", "Star rating from 1 (worst) to 5 (best).",
        "COMMENTS", "Review text.");
    comment(
        out,
        "TABLE",
        "RAW.RAW_CALENDAR",
        "Raw availability calendar: one row per listing and night of 2025 for the first 600"
            + " listings.",
        "LISTING_ID", "Listing the calendar row belongs to.",
        "CALENDAR_DATE", "The night.",
        "AVAILABLE", "t when the night can still be booked, f when booked or blocked.",
        "PRICE", "Price for that night as text, such as $120.00.",
        "MINIMUM_NIGHTS", "Minimum nights for a stay starting that night.",
        "MAXIMUM_NIGHTS", "Maximum nights for a stay starting that night.");
    comment(
        out,
        "TABLE",
        "ANALYTICS.DIM_NEIGHBOURHOODS",
        "Neighbourhood dimension: one row per neighbourhood with its borough, city and country.",
        "NEIGHBOURHOOD_ID", "Neighbourhood key.",
        "NEIGHBOURHOOD_NAME", "Neighbourhood name.",
        "BOROUGH", "District or borough (neighbourhood group).",
        "CITY", "City: Berlin or Amsterdam.",
        "COUNTRY", "Country: Germany or Netherlands.");
    comment(
        out,
        "TABLE",
        "ANALYTICS.DIM_HOSTS",
        "Host dimension: one row per host, cleaned and typed, with the number of listings.",
        "HOST_ID", "Host key.",
        "HOST_NAME", "Host first name.",
        "HOST_SINCE", "Date the host joined.",
        "IS_SUPERHOST", "True for superhosts (experienced, highly rated hosts).",
        "RESPONSE_RATE", "Percentage of messages answered within a day; null when unknown.",
        "HOST_LOCATION", "Where the host says they live.",
        "LISTINGS_COUNT", "Number of listings the host runs.",
        "CREATED_AT", "When the host record was created.",
        "UPDATED_AT", "When the host record last changed.");
    comment(
        out,
        "TABLE",
        "ANALYTICS.DIM_LISTINGS",
        "Listing dimension: one row per listing, cleaned and typed, with its host and"
            + " neighbourhood.",
        "LISTING_ID", "Listing key.",
        "LISTING_NAME", "Listing title.",
        "HOST_ID", "Host who runs the listing (DIM_HOSTS).",
        "NEIGHBOURHOOD_ID", "Neighbourhood of the listing (DIM_NEIGHBOURHOODS).",
        "ROOM_TYPE", "Entire home/apt, Private room, Hotel room or Shared room.",
        "ACCOMMODATES", "Maximum number of guests.",
        "BEDROOMS", "Number of bedrooms.",
        "BATHROOMS", "Number of bathrooms.",
        "IS_SHARED_BATH", "True when the bathroom is shared with others.",
        "PRICE", "Standard nightly price in EUR.",
        "MINIMUM_NIGHTS", "Minimum nights per stay.",
        "LATITUDE", "Latitude (WGS84).",
        "LONGITUDE", "Longitude (WGS84).",
        "LISTING_URL", "Public URL of the listing page.",
        "CREATED_AT", "When the listing was created.",
        "UPDATED_AT", "When the listing last changed.");
    comment(
        out,
        "TABLE",
        "ANALYTICS.DIM_DATE",
        "Date dimension: one row per day of 2024 and 2025.",
        "DATE_KEY", "Date key as the integer yyyymmdd.",
        "FULL_DATE", "The date.",
        "YEAR", "Calendar year.",
        "QUARTER", "Calendar quarter, 1 to 4.",
        "MONTH", "Month number, 1 to 12.",
        "MONTH_NAME", "Month name in English.",
        "WEEK_OF_YEAR", "ISO week number.",
        "DAY_OF_MONTH", "Day of the month.",
        "DAY_OF_WEEK", "ISO day of week, 1 (Monday) to 7 (Sunday).",
        "DAY_NAME", "Day name in English.",
        "IS_WEEKEND", "True on Saturdays and Sundays.");
    comment(
        out,
        "TABLE",
        "ANALYTICS.FACT_REVIEWS",
        "Review facts: one row per guest review with its rating and sentiment.",
        "REVIEW_ID", "Review key.",
        "LISTING_ID", "Reviewed listing (DIM_LISTINGS).",
        "HOST_ID", "Host of the reviewed listing (DIM_HOSTS).",
        "NEIGHBOURHOOD_ID", "Neighbourhood of the reviewed listing (DIM_NEIGHBOURHOODS).",
        "DATE_KEY", "Review date key (DIM_DATE).",
        "REVIEW_DATE", "Date the review was written.",
        "REVIEWER_ID", "Guest who wrote the review.",
        "RATING", "Star rating from 1 (worst) to 5 (best).",
        "SENTIMENT", "positive (4 to 5 stars), neutral (3) or negative (1 to 2).",
        "COMMENT_LENGTH", "Length of the review text in characters.");
    comment(
        out,
        "TABLE",
        "ANALYTICS.FACT_CALENDAR",
        "Calendar facts: one row per listing and night of 2025 with availability and price.",
        "LISTING_ID", "Listing (DIM_LISTINGS).",
        "DATE_KEY", "Night date key (DIM_DATE).",
        "CALENDAR_DATE", "The night.",
        "IS_AVAILABLE", "True when the night can still be booked; false when booked or blocked.",
        "PRICE", "Price for that night in EUR.",
        "MINIMUM_NIGHTS", "Minimum nights for a stay starting that night.",
        "MAXIMUM_NIGHTS", "Maximum nights for a stay starting that night.");
    comment(
        out,
        "VIEW",
        "ANALYTICS.VW_HOST_PERFORMANCE",
        "Host performance: listings, review count, average rating and last review per host.",
        "HOST_ID", "Host key.",
        "HOST_NAME", "Host first name.",
        "IS_SUPERHOST", "True for superhosts.",
        "LISTINGS_COUNT", "Number of listings the host runs.",
        "REVIEWS_COUNT", "Number of reviews across the host's listings.",
        "AVG_RATING", "Average star rating across the host's listings; null without reviews.",
        "LAST_REVIEW_DATE", "Date of the most recent review.");
    comment(
        out,
        "VIEW",
        "ANALYTICS.VW_LISTING_OCCUPANCY",
        "Monthly occupancy per listing from the 2025 calendar: nights booked, occupancy rate and"
            + " estimated revenue.",
        "LISTING_ID", "Listing key.",
        "YEAR", "Calendar year.",
        "MONTH", "Month number, 1 to 12.",
        "NIGHTS", "Nights in the calendar for that month.",
        "NIGHTS_BOOKED", "Nights not available (booked or blocked).",
        "OCCUPANCY_RATE", "Nights booked divided by nights, 0 to 1.",
        "ESTIMATED_REVENUE", "Sum of the nightly prices of the booked nights, in EUR.");
    return out;
  }

  private static void comment(
      List<String> out, String kind, String table, String tableComment, String... columns) {
    out.add("COMMENT ON " + kind + " " + table + " IS " + literal(tableComment));
    for (int i = 0; i < columns.length; i += 2) {
      out.add(
          "COMMENT ON COLUMN " + table + "." + columns[i] + " IS " + literal(columns[i + 1]));
    }
  }
}
