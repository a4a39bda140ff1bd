package dev.snowchat.mcp.internal.lookup;

import static org.assertj.core.api.Assertions.assertThat;

import dev.snowchat.schemaindex.EdgeSource;
import dev.snowchat.schemaindex.JoinEdge;
import dev.snowchat.schemaindex.JoinPath;
import dev.snowchat.schemaindex.QualifiedName;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/** Live join paths are schema-index {@link JoinPath}s: every edge oriented along the path. */
class JoinSearchTest {
  private static final QualifiedName HOSTS = QualifiedName.of("DB", "S", "HOSTS");
  private static final QualifiedName LISTINGS = QualifiedName.of("DB", "S", "LISTINGS");
  private static final QualifiedName REVIEWS = QualifiedName.of("DB", "S", "REVIEWS");
  private static final QualifiedName STAFF = QualifiedName.of("DB", "S", "STAFF");

  private static JoinEdge key(QualifiedName from, String col, QualifiedName to, String toCol) {
    return new JoinEdge(from, List.of(col), to, List.of(toCol), EdgeSource.DECLARED,
        "declared foreign key", 1.0);
  }

  /** Each table's declared keys, either direction, as a key listing gives them. */
  private static final Map<QualifiedName, List<JoinEdge>> KEYS = Map.of(
      HOSTS, List.of(key(LISTINGS, "HOST_ID", HOSTS, "ID")),
      LISTINGS, List.of(key(LISTINGS, "HOST_ID", HOSTS, "ID"),
          key(REVIEWS, "LISTING_ID", LISTINGS, "ID")),
      REVIEWS, List.of(key(REVIEWS, "LISTING_ID", LISTINGS, "ID")),
      STAFF, List.of(key(STAFF, "MANAGER_ID", STAFF, "ID")));

  private static Optional<JoinPath> route(QualifiedName from, QualifiedName to) {
    return JoinSearch.route(from, to, t -> KEYS.getOrDefault(t, List.of()), t -> true, 50);
  }

  @Test
  void route_againstTheKeys_reversesEachEdgeToFollowThePath() {
    JoinPath p = route(HOSTS, REVIEWS).orElseThrow();
    assertThat(p.tables()).containsExactly(HOSTS, LISTINGS, REVIEWS);
    assertThat(p.edges().get(0).fromColumns()).containsExactly("ID");
    assertThat(p.edges().get(0).toColumns()).containsExactly("HOST_ID");
    assertThat(p.onConditions()).containsExactly("t0.\"ID\" = t1.\"HOST_ID\"",
        "t1.\"ID\" = t2.\"LISTING_ID\"");
  }

  @Test
  void route_selfReferencingKey_joinsTheTableToItself() {
    JoinPath p = route(STAFF, STAFF).orElseThrow();
    assertThat(p.tables()).containsExactly(STAFF, STAFF);
    assertThat(p.onConditions()).containsExactly("t0.\"MANAGER_ID\" = t1.\"ID\"");
  }

  @Test
  void route_hiddenOrUnconnectedTables_findNoPath() {
    assertThat(route(HOSTS, STAFF)).isEmpty();
    assertThat(JoinSearch.route(HOSTS, REVIEWS, t -> KEYS.getOrDefault(t, List.of()),
        t -> !t.equals(LISTINGS), 50)).isEmpty();
  }
}
