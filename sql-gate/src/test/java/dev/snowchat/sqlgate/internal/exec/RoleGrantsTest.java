package dev.snowchat.sqlgate.internal.exec;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;

class RoleGrantsTest {
  @Test
  void isWrite_writePrivileges_areWrites() {
    assertThat(List.of("INSERT", "UPDATE", "DELETE", "TRUNCATE", "OWNERSHIP", "MODIFY", "ALL",
        "ALL PRIVILEGES", "CREATE TABLE", "CREATE SCHEMA", "APPLY MASKING POLICY",
        "EXECUTE TASK", "MANAGE GRANTS", "insert"))
        .allSatisfy(p -> assertThat(RoleGrants.isWrite(p)).as(p).isTrue());
  }

  @Test
  void isWrite_readPrivileges_areNotWrites() {
    assertThat(List.of("SELECT", "USAGE", "REFERENCES", "MONITOR", "READ", "OPERATE",
        "IMPORTED PRIVILEGES", "CREATED"))
        .allSatisfy(p -> assertThat(RoleGrants.isWrite(p)).as(p).isFalse());
  }
}
