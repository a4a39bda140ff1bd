package dev.snowchat.mcp.internal.tools;

import static org.assertj.core.api.Assertions.assertThat;

import dev.snowchat.schemaindex.EdgeSource;
import dev.snowchat.schemaindex.JoinEdge;
import dev.snowchat.schemaindex.JoinPath;
import dev.snowchat.schemaindex.QualifiedName;
import dev.snowchat.sqlgate.Dialect;
import java.util.List;
import org.junit.jupiter.api.Test;

/** One join clause for both sources: a table a line, names quoted, aliases along the path. */
class RenderTest {
  private static final QualifiedName HOSTS = QualifiedName.of("DB", "S", "HOSTS");
  private static final QualifiedName LISTINGS = QualifiedName.of("DB", "S", "LISTINGS");
  private static final QualifiedName STAFF = QualifiedName.of("DB", "S", "Staff");

  private static JoinEdge key(QualifiedName from, String col, QualifiedName to, String toCol,
      EdgeSource source) {
    return new JoinEdge(from, List.of(col), to, List.of(toCol), source, "evidence", 1.0);
  }

  @Test
  void joinClause_followsThePath_edgeByEdge() {
    JoinPath p = new JoinPath(List.of(
        key(LISTINGS, "HOST_ID", HOSTS, "HOST_ID", EdgeSource.DECLARED).reversed()));
    assertThat(Render.joinClause(Dialect.SNOWFLAKE, p)).isEqualTo(
        "FROM \"DB\".\"S\".\"HOSTS\" AS t0\n"
            + "JOIN \"DB\".\"S\".\"LISTINGS\" AS t1 ON t0.\"HOST_ID\" = t1.\"HOST_ID\"");
  }

  @Test
  void joinClause_selfReferencingKey_joinsASecondCopy() {
    JoinPath p = new JoinPath(List.of(key(STAFF, "MANAGER_ID", STAFF, "ID",
        EdgeSource.DECLARED)));
    assertThat(Render.joinClause(Dialect.POSTGRES, p)).isEqualTo(
        "FROM \"DB\".\"S\".\"Staff\" AS t0\n"
            + "JOIN \"DB\".\"S\".\"Staff\" AS t1 ON t0.\"MANAGER_ID\" = t1.\"ID\"");
  }

  @Test
  void edge_saysWhetherItIsDeclaredOrInferred() {
    assertThat(Render.edge(key(LISTINGS, "HOST_ID", HOSTS, "HOST_ID", EdgeSource.INFERRED)))
        .containsEntry("source", "inferred").containsEntry("fromTable", "DB.S.LISTINGS");
    assertThat(Render.edgeText(key(LISTINGS, "HOST_ID", HOSTS, "HOST_ID", EdgeSource.DECLARED)))
        .isEqualTo("DB.S.LISTINGS(HOST_ID) -> DB.S.HOSTS(HOST_ID) [declared]");
  }
}
