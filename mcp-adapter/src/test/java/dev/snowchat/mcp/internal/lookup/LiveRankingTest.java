package dev.snowchat.mcp.internal.lookup;

import static org.assertj.core.api.Assertions.assertThat;

import dev.snowchat.schemaindex.ColumnHit;
import dev.snowchat.schemaindex.QualifiedName;
import dev.snowchat.schemaindex.SearchHit;
import dev.snowchat.schemaindex.TableKind;
import java.util.List;
import org.jspecify.annotations.Nullable;
import org.junit.jupiter.api.Test;

/**
 * Issue 14 item 4 on the live path: matched columns are those whose names hold a query word, and
 * modelled layers win near-ties over their raw twins, as in the index.
 */
class LiveRankingTest {
  private static final QualifiedName RAW_HOSTS = QualifiedName.of("AIRBNB", "RAW", "RAW_HOSTS");
  private static final QualifiedName DIM_HOSTS =
      QualifiedName.of("AIRBNB", "ANALYTICS", "DIM_HOSTS");
  private static final QualifiedName RAW_LISTINGS =
      QualifiedName.of("AIRBNB", "RAW", "RAW_LISTINGS");
  private static final QualifiedName DIM_LISTINGS =
      QualifiedName.of("AIRBNB", "ANALYTICS", "DIM_LISTINGS");

  /** The sample's host twins: the raw one has more columns named after hosts. */
  private static List<SearchHit> hosts(String query, @Nullable List<String> preferred) {
    LiveRanking r = new LiveRanking(Lookups.searchWords(query), preferred);
    r.table(RAW_HOSTS, TableKind.TABLE, "Raw hosts as exported by the listings site.");
    for (String c : List.of("HOST_ID", "HOST_NAME", "HOST_SINCE", "HOST_IS_SUPERHOST",
        "HOST_RESPONSE_RATE", "HOST_LOCATION", "CREATED_AT", "UPDATED_AT")) {
      r.column(RAW_HOSTS, c, "VARCHAR", "When the host record was created.");
    }
    r.table(DIM_HOSTS, TableKind.TABLE, "Host dimension: one row per host.");
    for (String c : List.of("HOST_ID", "HOST_NAME", "IS_SUPERHOST", "RESPONSE_RATE",
        "CREATED_AT", "UPDATED_AT")) {
      r.column(DIM_HOSTS, c, "VARCHAR", "When the host record was created.");
    }
    return r.top(10, t -> List.of());
  }

  @Test
  void twins_modelledLayerRanksAboveRaw_byDefault() {
    assertThat(hosts("hosts", null)).extracting(SearchHit::table)
        .containsExactly(DIM_HOSTS, RAW_HOSTS);
    assertThat(hosts("host response rate", null)).extracting(SearchHit::table)
        .containsExactly(DIM_HOSTS, RAW_HOSTS);
  }

  @Test
  void preferredSchemas_asSearchRequest_aListWins_emptyTurnsItOff() {
    assertThat(hosts("hosts", List.of("raw"))).extracting(SearchHit::table)
        .containsExactly(RAW_HOSTS, DIM_HOSTS);
    // no preference: the raw table's extra host columns decide
    assertThat(hosts("hosts", List.of())).extracting(SearchHit::table)
        .containsExactly(RAW_HOSTS, DIM_HOSTS);
  }

  @Test
  void matchedColumns_areThoseWhoseNamesHoldAQueryWord_notThoseWhoseCommentsDo() {
    SearchHit dim = hosts("hosts", null).getFirst();
    assertThat(dim.columns()).extracting(ColumnHit::name)
        .containsExactlyInAnyOrder("HOST_ID", "HOST_NAME")
        .doesNotContain("CREATED_AT", "UPDATED_AT", "IS_SUPERHOST");
  }

  @Test
  void aClearlyBetterMatch_keepsItsPlace_overThePreference() {
    LiveRanking r = new LiveRanking(Lookups.searchWords("listing price room type"), null);
    r.table(RAW_LISTINGS, TableKind.TABLE, null);
    for (String c : List.of("LISTING_ID", "PRICE", "ROOM_TYPE")) {
      r.column(RAW_LISTINGS, c, "VARCHAR", null);
    }
    r.table(DIM_LISTINGS, TableKind.TABLE, null);
    r.column(DIM_LISTINGS, "LISTING_ID", "VARCHAR", null);
    assertThat(r.top(5, t -> List.of())).extracting(SearchHit::table)
        .containsExactly(RAW_LISTINGS, DIM_LISTINGS);
  }

  @Test
  void aPluralAndItsSingular_countOnce() {
    LiveRanking r = new LiveRanking(Lookups.searchWords("listings"), List.of());
    r.table(DIM_LISTINGS, TableKind.TABLE, null);
    r.table(QualifiedName.of("AIRBNB", "ANALYTICS", "DIM_HOSTS"), TableKind.TABLE, null);
    r.column(DIM_HOSTS, "LISTINGS_COUNT", "INTEGER", null);
    List<SearchHit> hits = r.top(5, t -> List.of());
    assertThat(hits).extracting(SearchHit::table).containsExactly(DIM_LISTINGS, DIM_HOSTS);
    assertThat(hits.getFirst().score()).isEqualTo(3.0);
    assertThat(hits.get(1).columns()).extracting(ColumnHit::name).containsExactly(
        "LISTINGS_COUNT");
  }

  @Test
  void aTableNoWordMatches_isNotAHit() {
    LiveRanking r = new LiveRanking(Lookups.searchWords("weather"), null);
    r.table(DIM_HOSTS, TableKind.TABLE, "Host dimension.");
    r.column(DIM_HOSTS, "HOST_ID", "INTEGER", null);
    assertThat(r.top(5, t -> List.of())).isEmpty();
  }
}
