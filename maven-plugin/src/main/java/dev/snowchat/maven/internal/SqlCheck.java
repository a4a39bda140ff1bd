package dev.snowchat.maven.internal;

import static java.util.Objects.requireNonNull;

import dev.snowchat.sqlgate.SqlGate;
import dev.snowchat.sqlgate.SqlScript;
import dev.snowchat.sqlgate.Verdict;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.Charset;
import java.nio.charset.CodingErrorAction;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * Runs a gate over SQL files, statement by statement. Files are split by sql-gate's own lexer
 * ({@link SqlScript}), so the statements checked are the ones the gate and the engine see; a file
 * the lexer refuses is one finding at the refused construct, never an empty file.
 */
public final class SqlCheck {
  private final SqlGate gate;

  /**
   * Creates a check.
   *
   * @param gate the gate; its dialect also drives the splitting
   */
  public SqlCheck(SqlGate gate) {
    this.gate = requireNonNull(gate, "gate is null");
  }

  /**
   * A refused statement.
   *
   * @param file the file as shown (relative to the base folder, {@code /}-separated)
   * @param lineNumber the 1-based line where the statement starts
   * @param column the 1-based column where the statement (or the refused construct) starts
   * @param rule the gate's rule, e.g. {@code KIND_NOT_ALLOWED} or {@code LEX_FAILED}
   * @param reason why it was refused, worded for whoever reads the build log
   */
  public record Finding(String file, int lineNumber, int column, String rule, String reason) {
    /** Validates the fields. */
    public Finding {
      requireNonNull(file, "file is null");
      requireNonNull(rule, "rule is null");
      requireNonNull(reason, "reason is null");
    }

    /** {@return {@code file:line: reason}, as compilers report} */
    public String line() {
      return file + ":" + lineNumber + ": " + reason;
    }
  }

  /**
   * The outcome over all files.
   *
   * @param files the number of files read
   * @param statements the number of statements checked
   * @param findings the refused statements, in file and line order
   */
  public record Result(int files, int statements, List<Finding> findings) {
    /** Copies the list. */
    public Result {
      findings = List.copyOf(findings);
    }

    /**
     * {@return one line: how many statements in how many files passed the gate}
     *
     * @param gate the gate used
     */
    public String summary(SqlGate gate) {
      return "snowchat:check: " + statements + " statement" + (statements == 1 ? "" : "s")
          + " in " + files + " file" + (files == 1 ? "" : "s") + " (dialect "
          + gate.dialect().configName() + ", mode " + gate.mode().configName() + "): "
          + (statements - findings.size()) + " allowed, " + findings.size() + " refused";
    }

    /**
     * {@return the findings, one per line, then the summary}
     *
     * @param gate the gate used
     */
    public String render(SqlGate gate) {
      StringBuilder sb = new StringBuilder();
      findings.forEach(f -> sb.append(f.line()).append('\n'));
      return sb.append(summary(gate)).append('\n').toString();
    }
  }

  /**
   * Checks files.
   *
   * @param basedir the folder file names are shown relative to
   * @param files the files
   * @param charset their encoding
   * @return the result
   * @throws IOException if a file cannot be read or is not valid in the charset
   */
  public Result run(Path basedir, List<Path> files, Charset charset) throws IOException {
    List<Finding> findings = new ArrayList<>();
    int statements = 0;
    for (Path file : files) {
      String shown = SqlFiles.display(basedir, file);
      String text = read(file, shown, charset);
      if (!text.isEmpty() && text.charAt(0) == '\uFEFF') {
        text = text.substring(1);
      }
      switch (SqlScript.split(gate.dialect(), text)) {
        case SqlScript.Refused r -> {
          statements++;
          findings.add(new Finding(shown, r.line(), r.column(), r.rule().name(),
              "cannot split the file safely at column " + r.column() + ": " + r.reason()
              + " [rule " + r.rule() + "]"));
        }
        case SqlScript.Statements split -> {
          for (SqlScript.Statement st : split.statements()) {
            statements++;
            Verdict v = gate.check(st.text());
            switch (v) {
              case Verdict.Allowed a -> { }
              case Verdict.Blocked b -> findings.add(new Finding(shown, st.line(), st.column(),
                  b.rule().name(), forCi(b) + " [kind " + b.kind() + ", rule " + b.rule() + "]"));
            }
          }
        }
      }
    }
    return new Result(files.size(), statements, findings);
  }

  /**
   * The gate's reason, with the advice worded for whoever maintains the SQL file: the gate's own
   * advice ("Send one SELECT statement instead") addresses a client sending requests.
   */
  private String forCi(Verdict.Blocked b) {
    String mode = gate.mode().configName();
    String dialect = gate.dialect().configName();
    String advice = switch (b.rule()) {
      case KIND_NOT_ALLOWED -> "Not allowed in " + mode + " mode: change the statement, or run"
          + " the check with the mode production uses (snowchat.mode).";
      case PARSE_FAILED -> "The gate cannot parse it as " + dialect + " SQL: fix the syntax, or"
          + " set snowchat.dialect to the files' dialect.";
      case MULTIPLE_STATEMENTS -> "Split it into statements ended by ';'.";
      default -> "";
    };
    return advice.isEmpty() ? b.reason() : b.reason() + " " + advice;
  }

  private static String read(Path file, String shown, Charset charset) throws IOException {
    byte[] bytes = Files.readAllBytes(file);
    try {
      return charset.newDecoder()
          .onMalformedInput(CodingErrorAction.REPORT)
          .onUnmappableCharacter(CodingErrorAction.REPORT)
          .decode(ByteBuffer.wrap(bytes)).toString();
    } catch (CharacterCodingException e) {
      throw new IOException(shown + " is not valid " + charset.name()
          + "; set snowchat.encoding to the files' encoding", e);
    }
  }
}
