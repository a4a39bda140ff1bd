package dev.snowchat.sqlgate;

import dev.snowchat.sqlgate.internal.eval.Evaluate;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import net.sf.jsqlparser.parser.CCJSqlParser;
import net.sf.jsqlparser.parser.CCJSqlParserUtil;
import net.sf.jsqlparser.parser.StringProvider;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Warmup;

/**
 * Latency of {@link SqlGate#check} per statement over a mixed corpus (reads and writes, Snowflake,
 * DuckDB and generic, each at most 2 KB), against JSqlParser's own parse of the same statements.
 * {@code Mode.SampleTime} reports the median ({@code p0.50}) and {@code p0.99} per call.
 *
 * <p>Run: see {@code sql-gate/README.md} ("Benchmark").
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.SampleTime)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
@Warmup(iterations = 3, time = 2)
@Measurement(iterations = 5, time = 2)
@Fork(1)
public class SqlGateBenchmark {
  private final List<Evaluate.Case> cases = new ArrayList<>();
  private final Map<Dialect, SqlGate> gates = new EnumMap<>(Dialect.class);
  private final Map<Dialect, SqlGate> tokenGates = new EnumMap<>(Dialect.class);
  private int next;

  /**
   * Loads the corpus: the shared one when present, else the project's own.
   *
   * @throws Exception when no corpus can be read
   */
  @Setup
  public void setup() throws Exception {
    Path shared = Path.of(System.getProperty("snowchat.shared.dir", "../shared"), "data",
        "sqlgate");
    List<Path> files = new ArrayList<>();
    if (Files.isDirectory(shared)) {
      files.add(shared.resolve("reads.sql"));
      files.add(shared.resolve("writes.sql"));
    } else {
      Path own = Path.of(SqlGateBenchmark.class.getResource("/corpus").toURI());
      try (var s = Files.list(own)) {
        s.filter(p -> p.toString().endsWith(".sql")).forEach(files::add);
      }
    }
    for (Path f : files) {
      for (Evaluate.Case c : Evaluate.read(f)) {
        if (c.sql().length() <= 2048) {
          cases.add(c);
        }
      }
    }
    for (Dialect d : Dialect.values()) {
      gates.put(d, SqlGate.builder().dialect(d).build());
      tokenGates.put(d, SqlGate.builder().dialect(d).tokensOnly().build());
    }
  }

  private Evaluate.Case nextCase() {
    Evaluate.Case c = cases.get(next);
    next = next + 1 == cases.size() ? 0 : next + 1;
    return c;
  }

  /** {@return the verdict of the gate (token analyzer plus JSqlParser AST)} */
  @Benchmark
  public Verdict gateCheck() {
    Evaluate.Case c = nextCase();
    return gates.get(Dialect.parse(c.dialect())).check(c.sql());
  }

  /** {@return the verdict of the gate with the token analyzer alone} */
  @Benchmark
  public Verdict gateCheckTokensOnly() {
    Evaluate.Case c = nextCase();
    return tokenGates.get(Dialect.parse(c.dialect())).check(c.sql());
  }

  /** {@return JSqlParser's own parse (executor thread per call), or null when it fails} */
  @Benchmark
  public Object jsqlParserUtilParse() {
    try {
      return CCJSqlParserUtil.parse(nextCase().sql());
    } catch (Exception e) {
      return null;
    }
  }

  /** {@return JSqlParser's parser on the calling thread, or null when it fails} */
  @Benchmark
  public Object jsqlParserDirect() {
    try {
      return new CCJSqlParser(new StringProvider(nextCase().sql()))
          .withAllowComplexParsing(false).Statement();
    } catch (Throwable e) {
      return null;
    }
  }
}
