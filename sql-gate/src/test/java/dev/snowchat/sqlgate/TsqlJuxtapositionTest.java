package dev.snowchat.sqlgate;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * SQL Server runs a statement that follows another without {@code ;} ({@code SELECT 1 SHUTDOWN
 * WITH NOWAIT} is two statements there), so the GENERIC dialect, which may front SQL Server,
 * refuses a request in which a T-SQL statement with effects starts after the first word. Words
 * that are also plausible column names ({@code open}, {@code close}, {@code use}, {@code kill})
 * count only when the next token continues such a statement.
 */
class TsqlJuxtapositionTest {
  private static final SqlGate GENERIC = SqlGate.builder().dialect(Dialect.GENERIC).build();

  /** T-SQL statements with effects, as a red-team run found them allowed after a read. */
  static final List<String> STATEMENTS = List.of(
      "SHUTDOWN WITH NOWAIT", "SHUTDOWN", "BACKUP DATABASE master TO DISK = '\\\\h\\s\\x.bak'",
      "RESTORE DATABASE x FROM DISK = 'c:\\x.bak'", "DENY SELECT ON t TO public", "KILL 52",
      "KILL 'D5499C66-E398-45CA-BF7E-DC9C194B48CF'", "KILL QUERY NOTIFICATION SUBSCRIPTION ALL",
      "RECONFIGURE", "RECONFIGURE WITH OVERRIDE", "DBCC FREEPROCCACHE", "DBCC SHRINKDATABASE (x)",
      "DISABLE TRIGGER ALL ON t", "ENABLE TRIGGER tr ON t", "USE master", "USE [master]",
      "OPEN SYMMETRIC KEY k DECRYPTION BY PASSWORD = 'p'", "OPEN c", "OPEN @c", "CLOSE c",
      "CLOSE ALL SYMMETRIC KEYS", "CLOSE MASTER KEY", "DEALLOCATE c", "REVERT", "SETUSER 'x'",
      "WAITFOR DELAY '01:00:00'", "RAISERROR ('x', 10, 1) WITH LOG",
      "WRITETEXT t.c @p 'x'", "UPDATETEXT t.c @p 0 NULL 'x'", "RECEIVE TOP (1) * FROM q",
      "SEND ON CONVERSATION @h ('x')", "MOVE CONVERSATION @h TO @g",
      "GET CONVERSATION GROUP @g FROM q", "LOAD DATABASE x FROM 'f'", "DUMP TRANSACTION x",
      // a second red-team run
      "ADD SIGNATURE TO dbo.p BY CERTIFICATE c",
      "ADD SENSITIVITY CLASSIFICATION TO dbo.t.c WITH (LABEL = 'x')",
      "ADD COUNTERSIGNATURE TO dbo.p BY CERTIFICATE c", "END CONVERSATION @h",
      // ADD [ COUNTER ] SIGNATURE (T-SQL grammar; red-team run 7)
      "ADD COUNTER SIGNATURE TO dbo.p BY CERTIFICATE c",
      "FETCH NEXT FROM c", "FETCH ABSOLUTE 3 FROM c", "FETCH c", "FETCH @c",
      "FETCH NEXT FROM @c",
      // a fourth red-team run: a savepoint, control flow around what follows
      "SAVE TRANSACTION s", "SAVE TRAN s", "WHILE 1 = 1 SELECT 1", "GOTO l", "RETURN 1",
      "RETURN @v", "RETURN (1)");

  private static final List<String> READS = List.of("SELECT 1", "SELECT a FROM t",
      "SELECT a FROM t WHERE b = 1", "SELECT * FROM t ORDER BY a",
      "WITH x AS (SELECT 1 AS a) SELECT a FROM x", "SELECT a FROM t GROUP BY a",
      "SELECT (SELECT 1) AS x");

  private static final List<String> GAPS = List.of(" ", "\n", " /* c */ ", "\t", " -- c\n");

  @ParameterizedTest
  @ValueSource(strings = {"SELECT 1 SHUTDOWN WITH NOWAIT", "SELECT 1 KILL 52",
      "SELECT 1 USE master", "SELECT 1 DISABLE TRIGGER ALL ON t",
      "SELECT 1 BACKUP DATABASE master TO DISK = 'x'", "SELECT 1 DENY SELECT ON t TO public",
      "SELECT 1 OPEN SYMMETRIC KEY k DECRYPTION BY PASSWORD = 'p'"})
  void generic_tsqlStatementAfterARead_refused(String sql) {
    Verdict v = GENERIC.check(sql);
    assertThat(v.allowed()).as(sql).isFalse();
    assertThat(v.reason()).contains("SQL Server");
  }

  @Test
  void generic_everyStatementAfterEveryReadShape_refused() {
    SplittableRandom r = new SplittableRandom(0x7501L);
    List<String> allowed = new ArrayList<>();
    for (String read : READS) {
      for (String stmt : STATEMENTS) {
        for (int k = 0; k < 4; k++) {
          String s = r.nextBoolean() ? stmt : stmt.toLowerCase(Locale.ROOT);
          String sql = read + GAPS.get(r.nextInt(GAPS.size())) + s;
          if (GENERIC.check(sql).allowed()) {
            allowed.add(sql);
          }
        }
      }
    }
    assertThat(allowed).isEmpty();
  }

  @ParameterizedTest
  @ValueSource(strings = {"SELECT date, return FROM prices", "SELECT avg(return) FROM t",
      "SELECT p.return AS r FROM prices p WHERE return > 0", "SELECT open, close FROM prices", "SELECT t.open, t.close FROM prices t",
      "SELECT open AS o, close AS c FROM prices", "SELECT kill FROM stats",
      "SELECT use FROM t WHERE use = 1", "SELECT p.backup FROM p",
      "SELECT open FROM prices ORDER BY close DESC", "SELECT get, send, move, load FROM t",
      "SELECT a FROM t ORDER BY a OFFSET 10 ROWS FETCH NEXT 5 ROWS ONLY",
      "SELECT a FROM t ORDER BY a FETCH FIRST 5 ROWS ONLY",
      "SELECT a FROM t ORDER BY a OFFSET 0 ROWS FETCH NEXT ? ROWS ONLY",
      "SELECT CASE WHEN a = 1 THEN 'x' END AS c FROM t", "SELECT a + b AS add FROM t",
      "SELECT t.save, t.goto FROM t", "SELECT save FROM t"})
  void generic_statementWordsAsColumnNames_allowed(String sql) {
    assertThat(GENERIC.check(sql).allowed()).as(sql).isTrue();
  }

  @Test
  void otherDialects_sameWordsAreAliases_unchanged() {
    // PostgreSQL, DuckDB and Snowflake need ';' between statements: there the word is an alias
    for (Dialect d : new Dialect[] {Dialect.POSTGRES, Dialect.DUCKDB, Dialect.SNOWFLAKE}) {
      assertThat(SqlGate.builder().dialect(d).build().check("SELECT 1 backup").allowed())
          .as("%s", d).isTrue();
    }
  }
}
