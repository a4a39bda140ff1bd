package dev.snowchat.maven;

import dev.snowchat.maven.internal.CatalogLoader;
import dev.snowchat.maven.internal.IndexReport;
import dev.snowchat.maven.internal.IndexSummaries;
import dev.snowchat.maven.internal.NamePatterns;
import dev.snowchat.maven.internal.SqlFiles;
import dev.snowchat.maven.internal.WarehouseTarget;
import dev.snowchat.schemaindex.Catalog;
import dev.snowchat.schemaindex.CatalogSnapshot;
import dev.snowchat.schemaindex.CatalogSource;
import dev.snowchat.schemaindex.DriverDataSource;
import dev.snowchat.schemaindex.EmbeddingProvider;
import dev.snowchat.schemaindex.EmbeddingProviders;
import dev.snowchat.schemaindex.Glossary;
import dev.snowchat.schemaindex.SchemaIndex;
import dev.snowchat.sqlgate.SnowchatException;
import java.io.File;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.SQLException;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.apache.maven.plugin.MojoExecutionException;
import org.apache.maven.plugin.MojoFailureException;
import org.apache.maven.plugins.annotations.LifecyclePhase;
import org.apache.maven.plugins.annotations.Mojo;
import org.apache.maven.plugins.annotations.Parameter;
import org.jspecify.annotations.Nullable;

/**
 * Reads the catalog of a warehouse and writes the catalog snapshot (stable, diffable JSON) and a
 * human-readable report next to it: counts by database and schema, a join graph summary and the
 * glossary's coverage.
 *
 * <p>The warehouse is, in order: the JDBC URL given by {@code snowchat.jdbcUrl}; else the MCP
 * server's environment variables ({@code SNOWFLAKE_ACCOUNT}, {@code SNOWFLAKE_USER},
 * {@code SNOWFLAKE_PASSWORD} or {@code SNOWFLAKE_PRIVATE_KEY_FILE}, ... or
 * {@code SNOWCHAT_JDBC_URL}); else the embedded sample warehouse, so that the goal works with
 * nothing configured. Secrets are never logged.
 *
 * <pre>
 * mvn snowchat:index -Dsnowchat.include=ANALYTICS -Dsnowchat.exclude=*.STAGING
 * </pre>
 */
@Mojo(name = "index", defaultPhase = LifecyclePhase.GENERATE_RESOURCES, requiresProject = false,
    threadSafe = true)
public final class IndexMojo extends SnowchatMojo {

  /**
   * Which warehouse to read: {@code auto} (a JDBC URL if given, else the environment, else the
   * sample warehouse), {@code sample}, {@code jdbc} or {@code snowflake}.
   */
  @Parameter(property = "snowchat.source", defaultValue = "auto")
  private String source = "auto";

  /** A JDBC URL of any database whose driver is on the plugin's class path. */
  @Parameter(property = "snowchat.jdbcUrl")
  private @Nullable String jdbcUrl;

  /** The JDBC user (or the {@code SNOWCHAT_JDBC_USER} environment variable). */
  @Parameter(property = "snowchat.jdbcUser")
  private @Nullable String jdbcUser;

  /**
   * The JDBC password. Prefer the {@code SNOWCHAT_JDBC_PASSWORD} environment variable, which
   * keeps the password out of poms and command lines. Never logged.
   */
  @Parameter(property = "snowchat.jdbcPassword")
  private @Nullable String jdbcPassword;

  /**
   * Comma-separated databases ({@code SALES_*}) or schemas ({@code SALES.PUBLIC},
   * {@code *.MART}) to read: globs with {@code *} and {@code ?}, or {@code regex:...}; case is
   * ignored. Empty reads everything the role can see.
   */
  @Parameter(property = "snowchat.include")
  private @Nullable String include;

  /** Comma-separated databases or schemas to leave out, as for {@code snowchat.include}. */
  @Parameter(property = "snowchat.exclude")
  private @Nullable String exclude;

  /**
   * The catalog snapshot to write. Default:
   * <code>${project.build.directory}/snowchat/catalog.json</code>.
   */
  @Parameter(property = "snowchat.output")
  private @Nullable File output;

  /**
   * The folder for {@code index-report.md}. Default:
   * <code>${project.build.directory}/snowchat</code>, also when the snapshot is written elsewhere
   * (a baseline refreshed into {@code schema/} gets no report beside it unless asked).
   */
  @Parameter(property = "snowchat.reportDirectory")
  private @Nullable File reportDirectory;

  /** A glossary JSON file whose coverage the report shows (targets that name no table). */
  @Parameter(property = "snowchat.glossary")
  private @Nullable File glossary;

  /**
   * The embedding model whose vectors go beside the snapshot ({@code SNAPSHOT.vectors}), so that a
   * server started from it with the same model ({@code SNOWCHAT_EMBEDDINGS}) embeds nothing:
   * {@code bge-small} (the shipped default; the only model the plugin carries), a local ONNX
   * model path, {@code hashing} or {@code none} (no vectors are written for these two), each but
   * {@code none} optionally followed by {@code ,key=value} settings. Checked before the warehouse
   * is read: a bad value writes nothing.
   */
  @Parameter(property = "snowchat.embeddings", defaultValue = "bge-small")
  private String embeddings = "bge-small";

  /**
   * Where to build the sample warehouse when it is the source ({@code SNOWCHAT_SAMPLE_DIR} wins).
   * Default: <code>${project.build.directory}/snowchat/sample</code>.
   */
  @Parameter(property = "snowchat.sampleDirectory")
  private @Nullable File sampleDirectory;

  /** Whether an empty catalog (nothing matched, or nothing granted) fails the build. */
  @Parameter(property = "snowchat.failOnEmpty", defaultValue = "true")
  private boolean failOnEmpty = true;


  /**
   * The environment the MCP server's variables are read from, over a {@code .env} file in the
   * working directory (or {@code SNOWCHAT_ENV_FILE}); the real environment wins.
   */
  private final Map<String, String> environment = System.getenv();

  /** Creates the goal; Maven sets its parameters. */
  public IndexMojo() {}

  @Override
  void applyCommandLine() throws MojoExecutionException {
    skip = commandLine("snowchat.skip", skip);
    source = java.util.Objects.requireNonNullElse(commandLine("snowchat.source", source), "auto");
    jdbcUrl = commandLine("snowchat.jdbcUrl", jdbcUrl);
    jdbcUser = commandLine("snowchat.jdbcUser", jdbcUser);
    jdbcPassword = commandLine("snowchat.jdbcPassword", jdbcPassword);
    include = commandLine("snowchat.include", include);
    exclude = commandLine("snowchat.exclude", exclude);
    output = commandLine("snowchat.output", output);
    reportDirectory = commandLine("snowchat.reportDirectory", reportDirectory);
    glossary = commandLine("snowchat.glossary", glossary);
    sampleDirectory = commandLine("snowchat.sampleDirectory", sampleDirectory);
    failOnEmpty = commandLine("snowchat.failOnEmpty", failOnEmpty);
    embeddings = java.util.Objects.requireNonNullElse(
        commandLine("snowchat.embeddings", embeddings), "bge-small");
  }

  @Override
  public void execute() throws MojoExecutionException, MojoFailureException {
    applyCommandLine();
    if (skip) {
      getLog().info("snowchat:index skipped (snowchat.skip=true)");
      return;
    }
    File snapshotFile = output != null ? resolve(output)
        : new File(buildDirectory(), "snowchat/catalog.json");
    // Before the warehouse is read and anything is written: a bad model fails at once.
    java.util.Optional<EmbeddingProvider> model = embeddingModel();
    try {
      index(snapshotFile, model.filter(m -> !m.name().equals(EmbeddingProviders.DEFAULT))
          .orElse(null));
    } finally {
      model.ifPresent(EmbeddingProvider::close);
    }
  }

  /**
   * {@return the model {@code snowchat.embeddings} names, or empty for {@code none}}
   *
   * @throws MojoExecutionException naming the parameter when the value is unknown or the model
   *     cannot start (its runtime, artifact or file is missing)
   */
  private java.util.Optional<EmbeddingProvider> embeddingModel() throws MojoExecutionException {
    try {
      return EmbeddingProviders.fromSetting(embeddings);
    } catch (IllegalArgumentException | SnowchatException e) {
      throw new MojoExecutionException("Bad snowchat.embeddings '" + embeddings + "': "
          + e.getMessage(), e);
    }
  }

  /**
   * Reads the warehouse, then writes the snapshot (with the model's vectors) and the report.
   *
   * @param snapshotFile the snapshot to write
   * @param model the semantic model whose vectors go beside it, or null for none
   */
  private void index(File snapshotFile, @Nullable EmbeddingProvider model)
      throws MojoExecutionException, MojoFailureException {
    if (jdbcPassword != null && !jdbcPassword.isEmpty()) {
      getLog().warn("snowchat.jdbcPassword is set as a parameter; prefer the"
          + " SNOWCHAT_JDBC_PASSWORD environment variable, which keeps it out of poms and"
          + " command lines");
    }
    long start = System.nanoTime();
    NamePatterns patterns;
    WarehouseTarget target;
    try {
      patterns = NamePatterns.parse(include, exclude);
      Path sample = (sampleDirectory == null ? new File(buildDirectory(), "snowchat/sample")
          : resolve(sampleDirectory)).toPath();
      target = WarehouseTarget.resolve(new WarehouseTarget.Request(source, jdbcUrl, jdbcUser,
          jdbcPassword, sample), dev.snowchat.mcp.DotEnv.overlay(environment,
          java.nio.file.Path.of("")));
    } catch (IllegalArgumentException e) {
      throw new MojoExecutionException("Bad snowchat:index configuration: " + e.getMessage());
    } catch (SnowchatException e) {
      throw new MojoExecutionException(e.getMessage(), e);
    }
    if (getLog().isDebugEnabled()) {
      getLog().debug("snowchat:index: driver properties " + target.maskedProperties());
    }
    getLog().info("snowchat:index: reading " + target.description()
        + (patterns.isEmpty() ? "" : " (" + patterns.describe() + ")"));

    getLog().info("snowchat:index: listing schemas and tables");
    Catalog catalog;
    try {
      DriverDataSource ds = DriverDataSource.of(target.url(), target.properties());
      ProgressLog progress = new ProgressLog(start);
      catalog = target.kind() == WarehouseTarget.Kind.SNOWFLAKE
          ? CatalogLoader.loadSnowflake(ds, patterns, progress)
          : CatalogLoader.loadJdbc(ds, patterns, progress);
    } catch (IllegalArgumentException e) {
      throw new MojoExecutionException(target.mask(e.getMessage()));
    } catch (SQLException | SnowchatException e) {
      // No cause attached: driver messages and stack traces may echo connection details.
      throw new MojoExecutionException("Cannot read the catalog from " + target.description()
          + ": " + target.mask(e.getMessage()));
    }
    if (catalog.size() == 0 && failOnEmpty) {
      throw new MojoFailureException("snowchat:index read no table or view from "
          + target.description() + "; check snowchat.include / snowchat.exclude and the"
          + " grants of the user, or set snowchat.failOnEmpty=false");
    }

    IndexReport.GlossaryCoverage coverage = null;
    Glossary terms = Glossary.empty();
    if (glossary != null) {
      File glossaryFile = resolve(glossary);
      if (!glossaryFile.isFile()) {
        throw new MojoExecutionException("snowchat.glossary=" + glossaryFile + ": no such file");
      }
      try {
        Glossary g = Glossary.read(glossaryFile.toPath());
        terms = g;
        coverage = IndexSummaries.coverage(g,
            SqlFiles.display(baseDirectory().toPath(), glossaryFile.toPath()), catalog);
      } catch (SnowchatException e) {
        throw new MojoExecutionException("snowchat.glossary: " + e.getMessage(), e);
      }
    }
    IndexReport.JoinSummary joins = IndexSummaries.joins(catalog);

    Path snapshot = snapshotFile.toPath();
    Path report = (reportDirectory == null ? new File(buildDirectory(), "snowchat")
        : resolve(reportDirectory)).toPath().toAbsolutePath().resolve("index-report.md");
    long elapsed = (System.nanoTime() - start) / 1_000_000;
    if (model == null) {
      writeSnapshot(snapshot, catalog);
    } else {
      embedAndWriteSnapshot(snapshot, catalog, terms, model);
    }
    try {
      Files.createDirectories(report.getParent());
      Files.writeString(report, IndexReport.markdown(catalog, target.description(),
          SqlFiles.display(baseDirectory().toPath(), snapshot), elapsed, joins, coverage),
          StandardCharsets.UTF_8);
    } catch (IOException e) {
      throw new MojoExecutionException("Cannot write the report " + report + ": "
          + e.getMessage(), e);
    }
    int columns = catalog.tables().stream().mapToInt(t -> t.columns().size()).sum();
    getLog().info("snowchat:index: " + catalog.size() + " tables and views, " + columns
        + " columns, " + joins.edges() + " join edges in " + IndexReport.seconds(elapsed));
    if (coverage != null && !coverage.unresolved().isEmpty()) {
      getLog().warn("snowchat:index: " + coverage.unresolved().size() + " glossary target"
          + (coverage.unresolved().size() == 1 ? " names" : "s name") + " no table: "
          + String.join(", ", coverage.unresolved()));
    }
    getLog().info("snowchat:index: wrote " + SqlFiles.display(baseDirectory().toPath(), snapshot)
        + " and " + SqlFiles.display(baseDirectory().toPath(), report));
  }

  /**
   * Writes the snapshot without vectors ({@code hashing} and {@code none}, whose vectors cost
   * nothing to compute) and removes a vector file an earlier run left beside it.
   */
  private static void writeSnapshot(Path snapshot, Catalog catalog)
      throws MojoExecutionException {
    Path vectors = snapshot.toAbsolutePath().resolveSibling(snapshot.getFileName() + ".vectors");
    try {
      CatalogSnapshot.write(catalog, snapshot);
      Files.deleteIfExists(vectors);
    } catch (SnowchatException | IOException e) {
      throw new MojoExecutionException("Cannot write the snapshot " + snapshot + ": "
          + e.getMessage(), e);
    }
  }

  /**
   * Embeds the catalog with the model, exactly as a server's index started from the snapshot
   * does (the catalog as the snapshot will hold it), then writes the vectors and the snapshot:
   * nothing is written unless every text was embedded.
   */
  private void embedAndWriteSnapshot(Path snapshot, Catalog catalog, Glossary terms,
      EmbeddingProvider model) throws MojoExecutionException {
    long start = System.nanoTime();
    Catalog asSnapshot = CatalogSnapshot.parse(CatalogSnapshot.toJson(catalog));
    CatalogSource source = new CatalogSource() {
      @Override
      public String name() {
        return "snowchat:index";
      }

      @Override
      public Catalog load() {
        return asSnapshot;
      }
    };
    try (SchemaIndex index = SchemaIndex.builder().source(source).glossary(terms)
        .embeddings(model).keywordFirst(false).pollInterval(Duration.ZERO).maxRetries(0)
        .build()) {
      getLog().info("snowchat:index: embedding the catalog with " + model.name());
      index.start();
      if (!index.awaitReady(Duration.ofHours(6))) {
        throw new MojoExecutionException("snowchat:index: cannot embed the catalog with"
            + " snowchat.embeddings '" + embeddings + "': " + index.state());
      }
      int n;
      try {
        n = index.writeSnapshot(snapshot);
      } catch (SnowchatException e) {
        throw new MojoExecutionException("Cannot write the snapshot " + snapshot + " or its"
            + " vectors: " + e.getMessage(), e);
      }
      getLog().info("snowchat:index: " + n + " vectors of " + model.modelId() + " ("
          + index.embeddedTexts() + " embedded) in "
          + IndexReport.seconds((System.nanoTime() - start) / 1_000_000) + " beside the"
          + " snapshot");
    }
  }

  /** Logs each schema as it is read. */
  private final class ProgressLog implements CatalogLoader.Listener {
    private final long start;
    private int tables;

    ProgressLog(long start) {
      this.start = start;
    }

    @Override
    public void schemasListed(int total) {
      getLog().info("snowchat:index: " + total + " schema" + (total == 1 ? "" : "s")
          + " to read");
    }

    @Override
    public void schemasDone(int done, int total, List<String> schemas, int count) {
      tables += count;
      getLog().info("snowchat:index: schema" + (schemas.size() == 1 ? " " : "s ") + done + "/"
          + total + " " + String.join(", ", schemas) + ": " + count + " tables and views ("
          + tables + " so far, " + IndexReport.seconds((System.nanoTime() - start) / 1_000_000)
          + ")");
    }
  }
}
