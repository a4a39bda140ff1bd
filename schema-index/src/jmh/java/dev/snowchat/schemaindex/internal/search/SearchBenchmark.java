package dev.snowchat.schemaindex.internal.search;

import dev.snowchat.schemaindex.Catalog;
import dev.snowchat.schemaindex.ColumnInfo;
import dev.snowchat.schemaindex.Glossary;
import dev.snowchat.schemaindex.JoinGraph;
import dev.snowchat.schemaindex.QualifiedName;
import dev.snowchat.schemaindex.SearchHit;
import dev.snowchat.schemaindex.SearchRequest;
import dev.snowchat.schemaindex.TableInfo;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;
import org.openjdk.jmh.annotations.Warmup;

/**
 * JMH: keyword search latency on a synthetic catalog, and an incremental update of 5 tables.
 * {@link SearchScaleReport} prints the same figures (and index time and heap) in one run.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.SampleTime)
@OutputTimeUnit(TimeUnit.MILLISECONDS)
@Warmup(iterations = 2, time = 2)
@Measurement(iterations = 3, time = 3)
@Fork(value = 1, jvmArgs = {"-Xmx2g", "-XX:+UseParallelGC"})
public class SearchBenchmark {
  @Param({"100000"})
  int tables;

  SearchEngine engine;
  Catalog catalog;
  JoinGraph graph;
  int query;
  int round;

  @Setup(Level.Trial)
  public void setUp() {
    catalog = SearchScaleReport.catalog(tables);
    graph = JoinGraph.build(catalog);
    engine = SearchEngine.build(catalog, Glossary.empty(), null, graph);
  }

  @TearDown(Level.Trial)
  public void tearDown() {
    engine.close();
  }

  /** One keyword search, k = 10, cycling through a fixed query list. */
  @Benchmark
  public List<SearchHit> search() {
    String q = SearchScaleReport.QUERY_WORDS[query++ % SearchScaleReport.QUERY_WORDS.length];
    return engine.search(SearchRequest.of(q, 10));
  }

  /** An update of 5 changed tables (the catalog change itself is built outside the timing). */
  @Benchmark
  public SearchEngine update5(UpdateState u) {
    return engine.update(u.next, u.changed, Set.of(), graph);
  }

  /** A catalog change of 5 tables, prepared before each update. */
  @State(Scope.Thread)
  public static class UpdateState {
    Catalog next;
    Set<QualifiedName> changed;

    @Setup(Level.Invocation)
    public void prepare(SearchBenchmark b) {
      List<TableInfo> list = new ArrayList<>(b.catalog.tables());
      changed = new java.util.HashSet<>();
      int round = b.round++;
      for (int i = 0; changed.size() < 5; i++) {
        int j = Math.floorMod((round * 7919 + i * 104729), list.size());
        TableInfo t = list.get(j);
        if (changed.add(t.id())) {
          List<ColumnInfo> cols = new ArrayList<>(t.columns());
          cols.set(cols.size() - 1, ColumnInfo.of("CHANGED_" + round, "VARCHAR"));
          list.set(j, t.withColumns(cols));
        }
      }
      next = Catalog.of(list);
      b.catalog = next;
    }
  }
}
