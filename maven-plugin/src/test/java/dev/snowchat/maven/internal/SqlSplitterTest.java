package dev.snowchat.maven.internal;

import static org.assertj.core.api.Assertions.assertThat;

import dev.snowchat.maven.internal.SqlSplitter.Statement;
import dev.snowchat.sqlgate.Dialect;
import java.util.List;
import org.junit.jupiter.api.Test;

class SqlSplitterTest {
  private final SqlSplitter snowflake = new SqlSplitter(Dialect.SNOWFLAKE);
  private final SqlSplitter duckdb = new SqlSplitter(Dialect.DUCKDB);

  @Test
  void split_twoStatementsOnLines_reportsStartLines() {
    List<Statement> s = snowflake.split("select 1;\n\n  select 2;\n");
    assertThat(s).extracting(Statement::text).containsExactly("select 1", "select 2");
    assertThat(s).extracting(Statement::line).containsExactly(1, 3);
    assertThat(s.get(1).column()).isEqualTo(3);
  }

  @Test
  void split_leadingCommentsAndBlankLines_lineIsFirstCodeLine() {
    List<Statement> s = snowflake.split("-- header\n/* block\n comment */\n\nDROP TABLE t;");
    assertThat(s).singleElement().satisfies(st -> {
      assertThat(st.line()).isEqualTo(5);
      assertThat(st.text()).isEqualTo("DROP TABLE t");
    });
  }

  @Test
  void split_semicolonsInsideQuotesCommentsAndBodies_doNotSplit() {
    String sql = "select ';', \"a;b\" from t -- x; y\n"
        + "where c = 'it''s;' /* one; /* nested; */ still; */;\n"
        + "create function f() returns int as $$ select 1; select 2; $$;\n"
        + "select 3";
    List<Statement> s = snowflake.split(sql);
    assertThat(s).hasSize(3);
    assertThat(s).extracting(Statement::line).containsExactly(1, 3, 4);
    assertThat(s.get(1).text()).contains("select 2;");
  }

  @Test
  void split_snowflakeBackslashEscape_keepsStringOpen() {
    List<Statement> s = snowflake.split("select 'a\\';b'; select 2");
    assertThat(s).extracting(Statement::text).containsExactly("select 'a\\';b'", "select 2");
  }

  @Test
  void split_duckdbBackslashIsLiteral() {
    List<Statement> s = duckdb.split("select 'a\\'; select 2");
    assertThat(s).extracting(Statement::text).containsExactly("select 'a\\'", "select 2");
  }

  @Test
  void split_duckdbTaggedDollarBody_doesNotSplit() {
    List<Statement> s = duckdb.split("select $tag$ a; b $tag$; select 2");
    assertThat(s).hasSize(2);
  }

  @Test
  void split_snowflakeDoubleSlashComment_hidesSemicolon() {
    assertThat(snowflake.split("select 1 // a; b\n")).hasSize(1);
    assertThat(duckdb.split("select 4 // 2; select 1")).hasSize(2);
  }

  @Test
  void split_multilineStringBeforeStatement_countsLinesInside() {
    List<Statement> s = snowflake.split("select 'a\nb\nc';\nselect 2;");
    assertThat(s).extracting(Statement::line).containsExactly(1, 4);
  }

  @Test
  void split_unterminatedString_reportsError() {
    List<Statement> s = snowflake.split("select 1;\nselect 'oops;\nselect 3;");
    assertThat(s).hasSize(2);
    assertThat(s.get(1).line()).isEqualTo(2);
    assertThat(s.get(1).error()).contains("unterminated string literal starting at line 2");
  }

  @Test
  void split_unterminatedComment_reportsError() {
    List<Statement> s = snowflake.split("select 1;\n/* never closed\nselect 2;");
    assertThat(s).hasSize(2);
    assertThat(s.get(1).error()).contains("block comment");
    assertThat(s.get(1).line()).isEqualTo(2);
  }

  @Test
  void split_onlyCommentsAndSemicolons_isEmpty() {
    assertThat(snowflake.split(" ;; -- x\n/* y */ ;")).isEmpty();
    assertThat(snowflake.split("")).isEmpty();
  }

  @Test
  void split_wordWithDollarThenBody_splitsAfterBody() {
    List<Statement> s = snowflake.split("select SYSTEM$TYPEOF(1); select x as$$;$$; select 3");
    assertThat(s).hasSize(3);
  }
}
