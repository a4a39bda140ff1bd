package dev.snowchat.sqlgate.internal.lexer;

import static org.assertj.core.api.Assertions.assertThat;

import dev.snowchat.sqlgate.Dialect;
import dev.snowchat.sqlgate.PermissionMode;
import dev.snowchat.sqlgate.SqlGate;
import dev.snowchat.sqlgate.Verdict;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.postgresql.core.NativeQuery;
import org.postgresql.core.Parser;

/**
 * {@link DriverSplit} against the PostgreSQL JDBC driver's own parser ({@code
 * org.postgresql.core.Parser}, the one {@code Statement.execute} uses), and the gate's
 * invariant: a request the POSTGRES or GENERIC gate allows reaches a PostgreSQL server through
 * pgjdbc as that one statement, with nothing after it but comments.
 */
class DriverSplitTest {
  private static final long SEED = 0xD5171L;

  /** Pieces of text where the driver and the server may read differently. */
  private static final String[] FRAGMENTS = {
      "'", "''", "E'", "e'", " E'", "\\", "\\'", "\"", "\"\"", "$$", "$a$", "$1", "a$", "--",
      "-", "/*", "*/", "/*/", "/", "*", "\n", "\r", ";", ";", "(", ")", " ", "x", "SELECT 1",
      "U&'", "?", "DROP TABLE t", "lo_create(1)", "{", "}", "{oj ", "\u00a0", "BEGIN ATOMIC "};

  /** The driver's pieces, as {@code Statement.execute} makes them (no bind parameters). */
  static List<String> driverPieces(String sql, boolean standardStrings) throws SQLException {
    List<String> out = new ArrayList<>();
    for (NativeQuery q : Parser.parseJdbcSql(sql, standardStrings, false, true, false, false)) {
      out.add(q.nativeSql);
    }
    return out;
  }

  private static String random(SplittableRandom r, int maxFragments) {
    StringBuilder b = new StringBuilder();
    int n = 1 + r.nextInt(maxFragments);
    for (int i = 0; i < n; i++) {
      b.append(FRAGMENTS[r.nextInt(FRAGMENTS.length)]);
    }
    return b.toString();
  }

  @Test
  void pieces_areTheDriversPieces_onGeneratedTexts() throws SQLException {
    SplittableRandom r = new SplittableRandom(SEED);
    List<String> failures = new ArrayList<>();
    for (int i = 0; i < 50_000; i++) {
      String sql = random(r, 14);
      for (boolean standard : new boolean[] {true, false}) {
        // the driver turns "??" outside strings into "?" in its copy; that changes no cut
        List<String> expected = driverPieces(sql, standard);
        // (this driver, 42.7, reads names by Java's identifier characters)
        List<String> actual = DriverSplit.pieces(sql, standard, true);
        boolean same = expected.size() == actual.size();
        for (int k = 0; same && k < expected.size(); k++) {
          same = expected.get(k).replace("?", "").equals(actual.get(k).replace("?", ""));
        }
        if (!same && failures.size() < 20) {
          failures.add("case " + i + " standard=" + standard + ": " + sql.replace("\n", "\\n")
              + " driver=" + expected + " ours=" + actual);
        }
      }
    }
    assertThat(failures).isEmpty();
  }

  @ParameterizedTest
  @ValueSource(strings = {
      // the driver closes "/*/" at once; the server reads one comment to "*/"
      "SELECT 1 /*/ ' */ -- ' ; SET SESSION CHARACTERISTICS AS TRANSACTION READ WRITE;"
          + " COMMIT; DROP TABLE victim ; --",
      "SELECT 1 /*/ ; */ -- ; DROP TABLE victim",
      // the driver reads E'x' and then '\' without escapes
      "SELECT E'x''\\' /* '-- */; SELECT lo_create(4242); --'",
      "SELECT E'x''\\' ; DROP TABLE victim ; --'"})
  void refusal_driverAndServerReadDifferently_refusedInPostgresAndGeneric(String sql) {
    assertThat(DriverSplit.refusal(sql)).contains("PostgreSQL JDBC driver");
    for (Dialect d : new Dialect[] {Dialect.POSTGRES, Dialect.GENERIC}) {
      Verdict v = SqlGate.builder().dialect(d).build().check(sql);
      assertThat(v.allowed()).as("%s: %s", d, sql).isFalse();
    }
    // GENERIC refuses a quote after a backslash anyway; POSTGRES reads E'...' as the server does
    assertThat(SqlGate.builder().dialect(Dialect.POSTGRES).build().check(sql).reason())
        .contains("PostgreSQL JDBC driver");
  }

  @ParameterizedTest
  @ValueSource(strings = {
      "SELECT 1", "SELECT 1;", "SELECT 1; -- done", "SELECT 1; /* done */",
      "SELECT 'a;b', \"c;d\", $$e;f$$ FROM t", "SELECT 1 -- ; not a split\n FROM t",
      "SELECT /* ; */ 1", "SELECT E'it\\'s; fine'", "SELECT 'it''s; fine'",
      "SELECT (SELECT 1) AS x", "SELECT 1 /* a /* nested ; */ b */"})
  void refusal_readTheSame_isNull(String sql) {
    assertThat(DriverSplit.refusal(sql)).as(sql).isNull();
    assertThat(SqlGate.builder().dialect(Dialect.POSTGRES).build().check(sql).allowed())
        .as(sql).isTrue();
  }

  @Test
  void onlyComments_knowsWhatTheServerWouldNotRun() {
    assertThat(DriverSplit.onlyComments(" -- x\n /* y */ ")).isTrue();
    assertThat(DriverSplit.onlyComments(" x ")).isFalse();
    assertThat(DriverSplit.onlyComments("/*/ x */")).isFalse();
    assertThat(DriverSplit.onlyComments("/* a /* b */ */")).isFalse();
    assertThat(DriverSplit.onlyComments("/* open")).isFalse();
  }

  private static boolean serverRunsNothing(String piece) {
    try {
      return Lexer.lex(piece, Dialect.POSTGRES, 200).tokens().isEmpty();
    } catch (LexException e) {
      return false; // the server refuses it too, but count it as a statement: stricter
    }
  }

  /**
   * The family, end to end: generated requests that end in a write hidden behind the readings
   * that differ. Whatever the POSTGRES or GENERIC gate allows, the real driver sends as one
   * statement (the first piece) plus comments, in either string mode.
   */
  @Test
  void gate_allowsOnlyWhatTheDriverSendsAsOneStatement() throws SQLException {
    SplittableRandom r = new SplittableRandom(SEED + 1);
    SqlGate[] gates = {
        SqlGate.builder().dialect(Dialect.POSTGRES).mode(PermissionMode.READ_ONLY).build(),
        SqlGate.builder().dialect(Dialect.GENERIC).mode(PermissionMode.READ_ONLY).build()};
    List<String> failures = new ArrayList<>();
    int allowed = 0;
    for (int i = 0; i < 40_000; i++) {
      String sql = "SELECT 1 " + random(r, 8) + " ; DROP TABLE victim ; " + random(r, 3);
      for (SqlGate g : gates) {
        if (!g.check(sql).allowed()) {
          continue;
        }
        allowed++;
        for (boolean standard : new boolean[] {true, false}) {
          List<String> pieces = driverPieces(sql, standard);
          // the oracle for "nothing to run": the server's own reading (the gate's PostgreSQL
          // lexer) finds no token in the piece, independent of DriverSplit.onlyComments
          boolean one = !pieces.isEmpty() && !serverRunsNothing(pieces.get(0))
              && pieces.stream().skip(1).allMatch(DriverSplitTest::serverRunsNothing);
          if (!one && failures.size() < 20) {
            failures.add(g.dialect() + " standard=" + standard + ": " + sql.replace("\n", "\\n")
                + " -> " + pieces);
          }
        }
      }
    }
    assertThat(failures).isEmpty();
    // the generator reaches texts the gate allows (the tail inside a comment or string)
    assertThat(allowed).isPositive();
  }
}
