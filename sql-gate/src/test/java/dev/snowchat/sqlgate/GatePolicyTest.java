package dev.snowchat.sqlgate;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Path;
import org.junit.jupiter.api.Test;

class GatePolicyTest {
  @Test
  void parse_fullSpec_buildsGate() {
    GatePolicy p = GatePolicy.parse(
        "mode=read_only,dialect=snowflake,allow=ddl,deny=use,paths=/data:/srv/x");
    assertThat(p.mode()).isEqualTo(PermissionMode.READ_ONLY);
    assertThat(p.dialect()).isEqualTo(Dialect.SNOWFLAKE);
    assertThat(p.allow()).containsExactly(StatementKind.DDL);
    assertThat(p.paths()).containsExactly(Path.of("/data"), Path.of("/srv/x"));
    SqlGate g = p.toBuilder().build();
    assertThat(g.check("CREATE TABLE t (a INT)").allowed()).isTrue();
    assertThat(g.check("USE DATABASE d").allowed()).isFalse();
  }

  @Test
  void parse_empty_isDefaults() {
    assertThat(GatePolicy.parse("").toBuilder().build().mode())
        .isEqualTo(PermissionMode.READ_ONLY);
  }

  @Test
  void parse_functions_andLimits() {
    SqlGate g = GatePolicy.parse("dialect=snowflake,allowFunctions=SYSTEM$WAIT|x,"
        + "denyFunctions=risky,maxInputLength=100,maxNestingDepth=5").toBuilder().build();
    assertThat(g.check("SELECT SYSTEM$WAIT(1)").allowed()).isTrue();
    assertThat(g.check("SELECT risky(1)").allowed()).isFalse();
    assertThat(g.check("SELECT " + "1+".repeat(60) + "1").rule()).isEqualTo(Rule.TOO_COMPLEX);
    assertThat(g.check("SELECT ((((((1))))))").rule()).isEqualTo(Rule.TOO_COMPLEX);
  }

  @Test
  void parse_unknownRepeatedEmptyOrBad_throwIaeNamingKey() {
    assertThatThrownBy(() -> GatePolicy.parse("mode=read_only,colour=red"))
        .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("colour");
    assertThatThrownBy(() -> GatePolicy.parse("mode=read_only,mode=full"))
        .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("mode");
    assertThatThrownBy(() -> GatePolicy.parse("dialect="))
        .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("dialect");
    assertThatThrownBy(() -> GatePolicy.parse("mode=sometimes"))
        .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("mode");
    assertThatThrownBy(() -> GatePolicy.parse("allow=ddl,deny=ddl"))
        .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("DDL");
    assertThatThrownBy(() -> GatePolicy.parse("paths=relative/dir"))
        .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("paths");
    assertThatThrownBy(() -> GatePolicy.parse("maxInputLength=-1"))
        .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("maxInputLength");
    assertThatThrownBy(() -> GatePolicy.parse("allow=unknown"))
        .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("allow");
  }
}
