package dev.snowchat.schemaindex.internal.graph;

import static java.util.Objects.requireNonNull;

import dev.snowchat.schemaindex.JoinEdge;
import java.util.Collection;
import tools.jackson.databind.SerializationFeature;
import tools.jackson.databind.json.JsonMapper;
import tools.jackson.databind.node.ArrayNode;
import tools.jackson.databind.node.ObjectNode;

/** Renders join edges in the foreign-key format of the BIRD benchmark ({@code fks.json}). */
public final class JoinEdges {
  private static final JsonMapper MAPPER =
      JsonMapper.builder().enable(SerializationFeature.INDENT_OUTPUT).build();

  private JoinEdges() {}

  /**
   * Renders edges as a JSON array of
   * {@code {"database","from_table","from_column","to_table","to_column"}}, one object per column
   * pair, in the order given: what {@code score.py --fk-pred EDGES.json} reads.
   *
   * @param edges the edges, e.g. {@code JoinGraph.edges(EdgeSource.INFERRED)}
   * @return the JSON text
   */
  public static String toBirdJson(Collection<JoinEdge> edges) {
    requireNonNull(edges, "edges is null");
    ArrayNode array = MAPPER.createArrayNode();
    for (JoinEdge e : edges) {
      for (int i = 0; i < e.fromColumns().size(); i++) {
        ObjectNode o = array.addObject();
        o.put("database", e.fromTable().database());
        o.put("from_table", e.fromTable().name());
        o.put("from_column", e.fromColumns().get(i));
        o.put("to_table", e.toTable().name());
        o.put("to_column", e.toColumns().get(i));
      }
    }
    return MAPPER.writeValueAsString(array);
  }
}
