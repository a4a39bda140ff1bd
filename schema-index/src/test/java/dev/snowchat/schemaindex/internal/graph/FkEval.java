package dev.snowchat.schemaindex.internal.graph;

import dev.snowchat.schemaindex.Catalog;
import dev.snowchat.schemaindex.CatalogSnapshot;
import dev.snowchat.schemaindex.EdgeSource;
import dev.snowchat.schemaindex.JoinEdge;
import dev.snowchat.schemaindex.JoinGraph;
import dev.snowchat.schemaindex.TableInfo;
import dev.snowchat.schemaindex.internal.graph.FkInference.Rule;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Comparator;
import java.util.EnumSet;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * Scores foreign-key inference against the declared keys of the BIRD databases, as
 * {@code score.py --fk-pred} does: undirected table pairs inside one database, self-loops ignored.
 *
 * <pre>{@code
 * java ... dev.snowchat.schemaindex.internal.graph.FkEval ../shared/data/bird [EDGES.json]
 * }</pre>
 *
 * <p>Prints precision, recall and F1 overall and on the databases that declare keys, the ten worst
 * databases, and per rule: the pairs it proposes alone and the score without it.
 */
public final class FkEval {
  /** An undirected pair of tables of one database. */
  record Pair(String database, String a, String b) implements Comparable<Pair> {
    static Pair of(String database, String x, String y) {
      String u = x.toUpperCase(Locale.ROOT);
      String v = y.toUpperCase(Locale.ROOT);
      return u.compareTo(v) <= 0 ? new Pair(database.toUpperCase(Locale.ROOT), u, v)
          : new Pair(database.toUpperCase(Locale.ROOT), v, u);
    }

    @Override
    public int compareTo(Pair o) {
      return Comparator.comparing(Pair::database).thenComparing(Pair::a).thenComparing(Pair::b)
          .compare(this, o);
    }
  }

  /** Precision and recall of predicted pairs. */
  record Score(int tp, int predicted, int gold) {
    double precision() {
      return predicted == 0 ? 0 : (double) tp / predicted;
    }

    double recall() {
      return gold == 0 ? 0 : (double) tp / gold;
    }

    double f1() {
      double p = precision();
      double r = recall();
      return p + r == 0 ? 0 : 2 * p * r / (p + r);
    }

    @Override
    public String toString() {
      return String.format(Locale.ROOT, "P=%.3f R=%.3f F1=%.3f (tp=%d pred=%d gold=%d)",
          precision(), recall(), f1(), tp, predicted, gold);
    }
  }

  private FkEval() {}

  static Set<Pair> gold(Path birdDir) throws IOException {
    JsonNode root = JsonMapper.builder().build().readTree(
        Files.readString(birdDir.resolve("fks.json")));
    Set<Pair> out = new TreeSet<>();
    for (JsonNode e : root) {
      String from = e.get("from_table").asString();
      String to = e.get("to_table").asString();
      if (!from.equalsIgnoreCase(to)) {
        out.add(Pair.of(e.get("database").asString(), from, to));
      }
    }
    return out;
  }

  static Set<Pair> pairs(Collection<JoinEdge> edges) {
    Set<Pair> out = new TreeSet<>();
    for (JoinEdge e : edges) {
      if (!e.fromTable().database().equals(e.toTable().database())) {
        // a pair across databases is a false positive: keep it distinct from any gold pair
        out.add(new Pair("<cross>", e.fromTable().toString(), e.toTable().toString()));
      } else if (!e.fromTable().name().equalsIgnoreCase(e.toTable().name())) {
        out.add(Pair.of(e.fromTable().database(), e.fromTable().name(), e.toTable().name()));
      }
    }
    return out;
  }

  static Score score(Set<Pair> predicted, Set<Pair> gold) {
    int tp = 0;
    for (Pair p : predicted) {
      if (gold.contains(p)) {
        tp++;
      }
    }
    return new Score(tp, predicted.size(), gold.size());
  }

  static Set<Pair> inferPairs(Catalog catalog, Set<Rule> rules) {
    Map<String, List<TableInfo>> byDb = new LinkedHashMap<>();
    catalog.tables().forEach(
        t -> byDb.computeIfAbsent(t.id().database(), k -> new ArrayList<>()).add(t));
    List<JoinEdge> edges = new ArrayList<>();
    byDb.values().forEach(ts -> FkInference.inferDatabase(ts, rules)
        .forEach(i -> edges.add(i.edge())));
    return pairs(edges);
  }

  /**
   * Runs the evaluation and prints the report.
   *
   * @param args the BIRD folder (default {@code ../shared/data/bird}), then optionally the path
   *     of an EDGES.json to write
   * @throws IOException when a file cannot be read or written
   */
  public static void main(String[] args) throws IOException {
    Path dir = Path.of(args.length > 0 ? args[0] : "../shared/data/bird");
    Catalog catalog = CatalogSnapshot.read(dir.resolve("catalog.json"));
    Set<Pair> gold = gold(dir);

    long t0 = System.nanoTime();
    JoinGraph graph = JoinGraph.build(catalog);
    long ms = (System.nanoTime() - t0) / 1_000_000;
    List<JoinEdge> inferred = graph.edges(EdgeSource.INFERRED);
    Set<Pair> predicted = pairs(inferred);
    System.out.printf(Locale.ROOT, "catalog: %d tables; graph built in %d ms; %d inferred edges%n",
        catalog.size(), ms, inferred.size());
    System.out.println("FK inference, all 80 databases:      " + score(predicted, gold));

    Set<String> declaring = declaring(gold);
    Set<Pair> predDeclaring = new TreeSet<>();
    predicted.stream().filter(p -> declaring.contains(p.database())).forEach(predDeclaring::add);
    System.out.println("  databases that declare keys (" + declaring.size() + "): "
        + score(predDeclaring, gold));
    Set<String> devDbs = devDatabases(dir);
    Set<String> trainDeclaring = new TreeSet<>(declaring);
    trainDeclaring.removeAll(devDbs);
    Set<String> devDeclaring = new TreeSet<>(declaring);
    devDeclaring.retainAll(devDbs);
    System.out.println("  train databases that declare keys (" + trainDeclaring.size() + "): "
        + within(predicted, gold, trainDeclaring));
    System.out.println("  dev databases (" + devDeclaring.size() + ", all declare keys):     "
        + within(predicted, gold, devDeclaring));
    Set<Pair> predOthers = new TreeSet<>(predicted);
    predOthers.removeAll(predDeclaring);
    System.out.println("  databases that declare none:     predicted pairs=" + predOthers.size());
    // held-out halves: databases in sorted order, even and odd index
    List<String> dbs = catalog.tables().stream()
        .map(t -> t.id().database().toUpperCase(Locale.ROOT)).distinct().sorted().toList();
    for (int half = 0; half < 2; half++) {
      Set<String> in = new HashSet<>();
      for (int i = half; i < dbs.size(); i += 2) {
        in.add(dbs.get(i));
      }
      Set<Pair> p = new TreeSet<>();
      predicted.stream().filter(x -> in.contains(x.database())).forEach(p::add);
      Set<Pair> g = new TreeSet<>();
      gold.stream().filter(x -> in.contains(x.database())).forEach(g::add);
      System.out.println("  " + (half == 0 ? "even" : "odd ") + " half (" + in.size()
          + " databases):         " + score(p, g));
    }

    System.out.println("Per rule (alone | all rules but this one), all 80 databases:");
    for (Rule r : Rule.values()) {
      Set<Rule> without = EnumSet.allOf(Rule.class);
      without.remove(r);
      System.out.printf(Locale.ROOT, "  %-24s %s | %s%n", r,
          score(inferPairs(catalog, EnumSet.of(r)), gold),
          score(inferPairs(catalog, without), gold));
    }
    System.out.println("Per rule, all rules but this one, declaring databases: train | dev:");
    for (Rule r : Rule.values()) {
      Set<Rule> without = EnumSet.allOf(Rule.class);
      without.remove(r);
      Set<Pair> p = inferPairs(catalog, without);
      System.out.printf(Locale.ROOT, "  %-24s %s | %s%n", r, within(p, gold, trainDeclaring),
          within(p, gold, devDeclaring));
    }

    Map<String, Score> perDb = perDatabase(catalog, predicted, gold);
    System.out.println("Worst 10 databases by F1:");
    perDb.entrySet().stream()
        .sorted(Comparator.comparingDouble((Map.Entry<String, Score> e) -> e.getValue().f1())
            .thenComparing(e -> -e.getValue().predicted()))
        .limit(10)
        .forEach(e -> System.out.printf(Locale.ROOT, "  %-28s %s%n", e.getKey(), e.getValue()));

    if (Boolean.getBoolean("fkeval.errors")) {
      // every inferred edge whose pair is not declared, and every declared pair not found
      for (JoinEdge e : inferred) {
        Set<Pair> one = pairs(List.of(e));
        if (!one.isEmpty()) {
          System.out.printf(Locale.ROOT, "%s %s%s %.2f %s%n",
              gold.contains(one.iterator().next()) ? "TP" : "FP",
              declaring.contains(one.iterator().next().database()) ? "" : "(no keys) ",
              e.fromTable().database(), e.confidence(), e.evidence());
        }
      }
      for (Pair p : gold) {
        if (!predicted.contains(p)) {
          System.out.println("FN " + p.database() + " " + p.a() + " - " + p.b());
        }
      }
    }

    if (args.length > 1) {
      Path out = Path.of(args[1]);
      Files.writeString(out, JoinEdges.toBirdJson(inferred));
      System.out.println("wrote " + out.toAbsolutePath());
    }
  }

  /** {@return the databases that declare at least one key between two tables} */
  static Set<String> declaring(Set<Pair> gold) {
    Set<String> out = new TreeSet<>();
    gold.forEach(p -> out.add(p.database()));
    return out;
  }

  /**
   * {@return the databases of BIRD's dev questions ({@code questions.jsonl}), upper case: the 11
   * dev databases; the other 69 are BIRD's train databases}
   */
  static Set<String> devDatabases(Path birdDir) throws IOException {
    Set<String> out = new TreeSet<>();
    JsonMapper json = JsonMapper.builder().build();
    for (String line : Files.readAllLines(birdDir.resolve("questions.jsonl"))) {
      if (!line.isBlank()) {
        out.add(json.readTree(line).get("database").asString().toUpperCase(Locale.ROOT));
      }
    }
    return out;
  }

  /** {@return the score over the pairs of some databases only} */
  static Score within(Set<Pair> predicted, Set<Pair> gold, Set<String> databases) {
    Set<Pair> p = new TreeSet<>();
    predicted.stream().filter(x -> databases.contains(x.database())).forEach(p::add);
    Set<Pair> g = new TreeSet<>();
    gold.stream().filter(x -> databases.contains(x.database())).forEach(g::add);
    return score(p, g);
  }

  static Map<String, Score> perDatabase(Catalog catalog, Set<Pair> predicted, Set<Pair> gold) {
    Map<String, Score> out = new TreeMap<>();
    Set<String> dbs = new TreeSet<>();
    catalog.tables().forEach(t -> dbs.add(t.id().database().toUpperCase(Locale.ROOT)));
    for (String db : dbs) {
      Set<Pair> p = new HashSet<>();
      predicted.stream().filter(x -> x.database().equals(db)).forEach(p::add);
      Set<Pair> g = new HashSet<>();
      gold.stream().filter(x -> x.database().equals(db)).forEach(g::add);
      out.put(db, score(p, g));
    }
    return out;
  }
}
