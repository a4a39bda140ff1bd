package dev.snowchat.maven.internal;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.snowchat.sqlgate.Dialect;
import dev.snowchat.sqlgate.PermissionMode;
import dev.snowchat.sqlgate.SqlGate;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class SqlCheckTest {
  @TempDir Path base;

  private final SqlGate readOnly = SqlGate.builder().dialect(Dialect.SNOWFLAKE)
      .mode(PermissionMode.READ_ONLY).build();

  private Path file(String name, String text) throws IOException {
    Path p = base.resolve(name);
    Files.createDirectories(p.getParent());
    Files.writeString(p, text);
    return p;
  }

  @Test
  void run_reportsEachRefusalAtItsLine() throws IOException {
    Path f = file("sql/a.sql", "select 1;\n\n-- cleanup\ndelete from t;\nselect 2;\n"
        + "drop table t;");
    SqlCheck.Result r = new SqlCheck(readOnly).run(base, List.of(f), StandardCharsets.UTF_8);
    assertThat(r.statements()).isEqualTo(4);
    assertThat(r.findings()).extracting(SqlCheck.Finding::lineNumber).containsExactly(4, 6);
    assertThat(r.findings().get(0).line()).startsWith("sql/a.sql:4: ")
        .endsWith("[kind DML, rule KIND_NOT_ALLOWED]");
    assertThat(r.summary(readOnly)).isEqualTo("snowchat:check: 4 statements in 1 file"
        + " (dialect snowflake, mode read_only): 2 allowed, 2 refused");
    assertThat(r.render(readOnly)).startsWith("sql/a.sql:4: ");
  }

  @Test
  void run_unterminatedString_isRefusedAsLexFailure() throws IOException {
    Path f = file("b.sql", "select 1;\nselect 'open;\n");
    SqlCheck.Result r = new SqlCheck(readOnly).run(base, List.of(f), StandardCharsets.UTF_8);
    assertThat(r.findings()).singleElement().satisfies(x -> {
      assertThat(x.lineNumber()).isEqualTo(2);
      assertThat(x.reason()).contains("unterminated string").contains("LEX_FAILED");
    });
  }

  /**
   * Issue 11: the plugin's own splitter nested Snowflake comments, which Snowflake does not, so
   * this file split into nothing and passed as empty while Snowflake runs the DROP.
   */
  @Test
  void run_textTheLexerRefuses_isAFindingNeverAnEmptyFile() throws IOException {
    Path f = file("e.sql", "select 1;\n/* /* */ DROP TABLE t; -- */\n");
    SqlCheck.Result r = new SqlCheck(readOnly).run(base, List.of(f), StandardCharsets.UTF_8);
    assertThat(r.findings()).singleElement().satisfies(x -> {
      assertThat(x.lineNumber()).isEqualTo(2);
      assertThat(x.reason()).contains("LEX_FAILED").contains("column 1");
    });
    assertThat(r.statements()).isEqualTo(1);
  }

  @Test
  void run_lineCommentEndedByCr_secondStatementIsChecked() throws IOException {
    SqlGate pg = SqlGate.builder().dialect(Dialect.POSTGRES).build();
    Path f = file("f.sql", "select 1 --\r; drop table victim\n");
    SqlCheck.Result r = new SqlCheck(pg).run(base, List.of(f), StandardCharsets.UTF_8);
    assertThat(r.statements()).isEqualTo(2);
    assertThat(r.findings()).singleElement().satisfies(x ->
        assertThat(x.reason()).contains("DDL"));
  }

  @Test
  void run_readWriteMode_allowsDml() throws IOException {
    SqlGate rw = SqlGate.builder().dialect(Dialect.SNOWFLAKE).mode(PermissionMode.READ_WRITE)
        .build();
    Path f = file("c.sql", "insert into t values (1);\ndelete from t where a = 2;");
    assertThat(new SqlCheck(rw).run(base, List.of(f), StandardCharsets.UTF_8).findings())
        .isEmpty();
  }

  @Test
  void run_invalidEncoding_namesFileAndParameter() throws IOException {
    Path f = base.resolve("d.sql");
    Files.write(f, new byte[] {'s', 'e', 'l', (byte) 0xff, ';'});
    assertThatThrownBy(() -> new SqlCheck(readOnly).run(base, List.of(f),
        StandardCharsets.UTF_8))
        .isInstanceOf(IOException.class)
        .hasMessageContaining("d.sql is not valid UTF-8")
        .hasMessageContaining("snowchat.encoding");
  }
}
