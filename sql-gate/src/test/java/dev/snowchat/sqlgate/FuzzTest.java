package dev.snowchat.sqlgate;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.EnumSet;
import java.util.List;
import java.util.Set;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/**
 * Random bytes, random Unicode and random SQL-token soup: the gate never throws, and never allows
 * anything but a read kind in read-only mode.
 */
class FuzzTest {
  private static final Set<StatementKind> READ_KINDS = EnumSet.of(StatementKind.READ,
      StatementKind.SHOW, StatementKind.DESCRIBE, StatementKind.EXPLAIN, StatementKind.USE);

  private static final String[] VOCAB = {
    "SELECT", "FROM", "WHERE", "WITH", "AS", "(", ")", ",", ";", "->>", "'x'", "'a\\'", "\"q\"",
    "$$b$$", "--c\n", "/*", "*/", "//", "INSERT", "INTO", "DELETE", "UPDATE", "SET", "DROP",
    "TABLE", "t", "u", "1", "=", "*", "SYSTEM$CANCEL_QUERY", "read_csv", "'/etc/passwd'", "@s",
    "$1", "EXPLAIN", "ANALYZE", "SHOW", "USE", "ROLE", "CALL", "COPY", "UNION", "ALL", "VALUES",
    "JOIN", "ON", "BEGIN", "END", "CASE", "WHEN", "THEN", "GET", "PUT", "IDENTIFIER", "\u200B",
    ".", ":", "::", "[", "]", "{", "}", "E'z'", "$tag$", "`", "LIST", "DESCRIBE", "EXECUTE",
    "IMMEDIATE", "MERGE", "GRANT", "ALTER", "SESSION", "FOR"
  };

  @Test
  void randomText_neverThrows_neverAllowsNonReads() {
    List<String> bad = new ArrayList<>();
    int n = 0;
    for (Dialect d : Dialect.values()) {
      SqlGate gate = SqlGate.builder().dialect(d).build();
      SplittableRandom r = new SplittableRandom(42 + d.ordinal());
      for (int i = 0; i < 60_000; i++) {
        String s = switch (i % 3) {
          case 0 -> randomBytes(r);
          case 1 -> randomUnicode(r);
          default -> soup(r);
        };
        n++;
        Verdict v = gate.check(s);
        if (v.allowed() && !READ_KINDS.contains(v.kind()) && bad.size() < 20) {
          bad.add(d + " i=" + i + " " + v.kind() + " <<" + s + ">>");
        }
        if (v.reason().length() > 400 && bad.size() < 20) {
          bad.add("long reason: " + v.reason());
        }
      }
    }
    assertThat(bad).as("of %d random inputs", n).isEmpty();
  }

  private static String randomBytes(SplittableRandom r) {
    byte[] b = new byte[r.nextInt(64)];
    for (int i = 0; i < b.length; i++) {
      b[i] = (byte) r.nextInt(256);
    }
    return new String(b, java.nio.charset.StandardCharsets.ISO_8859_1);
  }

  private static String randomUnicode(SplittableRandom r) {
    StringBuilder b = new StringBuilder();
    int n = r.nextInt(48);
    for (int i = 0; i < n; i++) {
      int cp = r.nextInt(4) == 0 ? r.nextInt(0x3000) : 0x20 + r.nextInt(0x5f);
      if (Character.isSurrogate((char) cp)) {
        cp = 'x';
      }
      b.appendCodePoint(cp);
    }
    return b.toString();
  }

  static String soup(SplittableRandom r) {
    StringBuilder b = new StringBuilder();
    int n = 1 + r.nextInt(14);
    for (int i = 0; i < n; i++) {
      b.append(VOCAB[r.nextInt(VOCAB.length)]).append(r.nextInt(5) == 0 ? "" : " ");
    }
    return b.toString();
  }
}
