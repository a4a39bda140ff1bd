package dev.snowchat.mcp.internal.sources;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.snowchat.mcp.McpConfig;
import dev.snowchat.mcp.SnowchatMcpServer;
import dev.snowchat.mcp.TestEnv;
import dev.snowchat.mcp.ToolResult;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.memory.RootAllocator;
import org.apache.arrow.vector.BigIntVector;
import org.apache.arrow.vector.VarCharVector;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.ipc.ArrowStreamReader;
import org.apache.arrow.vector.ipc.ArrowStreamWriter;
import org.junit.jupiter.api.Test;

/**
 * In-process data "Arrow where available": a co-located host that has Apache Arrow Java
 * (arrow-vector, arrow-c-data; an optional dependency it supplies) registers an Arrow stream as a
 * table, which DuckDB scans through the Arrow C stream interface, and queries it through the gate.
 */
class ArrowHostDataTest {

  /** Two batches of (id BIGINT, city VARCHAR), written as an Arrow IPC stream. */
  static byte[] twoBatches(BufferAllocator allocator) throws Exception {
    try (BigIntVector id = new BigIntVector("id", allocator);
        VarCharVector city = new VarCharVector("city", allocator);
        VectorSchemaRoot root = VectorSchemaRoot.of(id, city)) {
      ByteArrayOutputStream out = new ByteArrayOutputStream();
      try (ArrowStreamWriter w = new ArrowStreamWriter(root, null, out)) {
        w.start();
        int next = 0;
        for (int batch = 0; batch < 2; batch++) {
          root.allocateNew();
          for (int i = 0; i < 3; i++) {
            id.setSafe(i, next);
            city.setSafe(i, (next % 2 == 0 ? "Oslo" : "Lima").getBytes(StandardCharsets.UTF_8));
            next++;
          }
          root.setRowCount(3);
          w.writeBatch();
        }
        w.end();
      }
      return out.toByteArray();
    }
  }

  @Test
  void anArrowStream_isRegistered_andQueriedThroughTheGate() throws Exception {
    McpConfig config = McpConfig.fromEnvironment(TestEnv.sample("SNOWCHAT_SCHEMA_INDEX", "off"));
    try (BufferAllocator allocator = new RootAllocator();
        SnowchatMcpServer server = SnowchatMcpServer.builder().config(config).hostData(true)
            .build()) {
      byte[] ipc = twoBatches(allocator);
      try (ArrowStreamReader reader = new ArrowStreamReader(new ByteArrayInputStream(ipc),
          allocator)) {
        assertThat(server.hostData().registerArrow("trips", reader)).isEqualTo(6);
      }
      assertThat(server.hostData().names()).contains("trips");
      ToolResult r = server.call("execute_query", Map.of("source", "local", "sql",
          "SELECT city, count(*) AS n, sum(id) AS s FROM trips GROUP BY city ORDER BY city"));
      assertThat(r.isError()).as(r.text()).isFalse();
      assertThat((List<?>) r.structured().get("rows")).hasSize(2);
      assertThat(r.text()).contains("Lima").contains("Oslo");

      ToolResult write = server.call("execute_query", Map.of("source", "local",
          "sql", "DELETE FROM trips"));
      assertThat(write.errorCode()).isEqualTo("QUERY_REFUSED");

      // Registering again replaces the table; a bad name is refused before any row moves.
      try (ArrowStreamReader again = new ArrowStreamReader(new ByteArrayInputStream(ipc),
          allocator)) {
        assertThat(server.hostData().registerArrow("trips", again)).isEqualTo(6);
        assertThatThrownBy(() -> server.hostData().registerArrow("bad name", again))
            .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("bad name");
      }
    }
  }
}
