package dev.snowchat.schemaindex;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.Statement;
import java.util.Properties;
import org.junit.jupiter.api.Test;

/** The one data source over a JDBC driver that schema-index, mcp-adapter and the plugin share. */
class DriverDataSourceTest {

  @Test
  void of_knownDriver_opensANewConnectionPerCall() throws Exception {
    DriverDataSource ds = DriverDataSource.of("jdbc:duckdb:", new Properties());
    try (Connection a = ds.getConnection(); Connection b = ds.getConnection();
        Statement s = a.createStatement(); ResultSet rs = s.executeQuery("SELECT 42")) {
      assertThat(a).isNotSameAs(b);
      assertThat(rs.next()).isTrue();
      assertThat(rs.getInt(1)).isEqualTo(42);
    }
  }

  @Test
  void of_noDriverForTheUrl_namesTheSchemeOnly() {
    assertThatThrownBy(() -> DriverDataSource.of("jdbc:nosuchdb://h/db?password=hunter2",
        new Properties()))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("jdbc:nosuchdb:")
        .hasMessageContaining("drivers found")
        .hasMessageNotContaining("hunter2");
  }

  @Test
  void toString_showsTheSchemeOnly() {
    Properties p = new Properties();
    p.setProperty("password", "hunter2");
    DriverDataSource ds = DriverDataSource.of("jdbc:duckdb:?secret=hunter2", p);
    assertThat(ds.toString()).isEqualTo("DriverDataSource[jdbc:duckdb:...]");
  }

  @Test
  void propertiesAreCopied() throws Exception {
    Properties p = new Properties();
    DriverDataSource ds = DriverDataSource.of("jdbc:duckdb:", p);
    p.setProperty("duckdb.no_such_option", "x"); // would fail the connection if it were seen
    try (Connection c = ds.getConnection()) {
      assertThat(c.isClosed()).isFalse();
    }
  }
}
