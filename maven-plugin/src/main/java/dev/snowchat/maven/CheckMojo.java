package dev.snowchat.maven;

import dev.snowchat.maven.internal.Sarif;
import dev.snowchat.maven.internal.SqlCheck;
import dev.snowchat.maven.internal.SqlFiles;
import dev.snowchat.sqlgate.Dialect;
import dev.snowchat.sqlgate.PermissionMode;
import dev.snowchat.sqlgate.SqlGate;
import java.io.File;
import java.io.IOException;
import java.nio.charset.Charset;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import org.apache.maven.plugin.MojoExecutionException;
import org.apache.maven.plugin.MojoFailureException;
import org.apache.maven.plugins.annotations.LifecyclePhase;
import org.apache.maven.plugins.annotations.Mojo;
import org.apache.maven.plugins.annotations.Parameter;
import org.jspecify.annotations.Nullable;

/**
 * Runs the Snowchat SQL gate over SQL files and reports every refused statement as
 * {@code path/file.sql:LINE: reason}. Fails the build when any statement is refused, unless
 * {@code snowchat.failOnRefused=false}. Each file is split into statements first by sql-gate's
 * lexer ({@link dev.snowchat.sqlgate.SqlScript}), since the gate checks one statement at a time;
 * a file the lexer refuses is a finding.
 *
 * <pre>
 * mvn snowchat:check -Dsnowchat.sql=sql/ -Dsnowchat.mode=read_only
 * </pre>
 */
@Mojo(name = "check", defaultPhase = LifecyclePhase.VALIDATE, requiresProject = false,
    threadSafe = true)
public final class CheckMojo extends SnowchatMojo {
  static final String DEFAULT_SQL = "src/main/sql";

  /**
   * The SQL to check: comma-separated files, folders (every {@code *.sql} below) or globs such as
   * {@code sql/**}{@code /*.sql}, relative to the project folder.
   */
  @Parameter(property = "snowchat.sql", defaultValue = DEFAULT_SQL)
  private String sql = DEFAULT_SQL;

  /** The SQL dialect: {@code snowflake}, {@code duckdb}, {@code postgres} or {@code generic}. */
  @Parameter(property = "snowchat.dialect", defaultValue = "snowflake")
  private String dialect = "snowflake";

  /**
   * The permission mode the statements must pass: {@code read_only}, {@code read_write} or
   * {@code full}.
   */
  @Parameter(property = "snowchat.mode", defaultValue = "read_only")
  private String mode = "read_only";

  /** Whether a refused statement fails the build; when false it is only logged as a warning. */
  @Parameter(property = "snowchat.failOnRefused", defaultValue = "true")
  private boolean failOnRefused = true;

  /** An optional file to write the findings to, one {@code file:line: reason} per line. */
  @Parameter(property = "snowchat.checkReport")
  private @Nullable File report;

  /**
   * Where to write the findings as SARIF 2.1.0 for code-scanning tools (GitHub code scanning and
   * others), file paths relative to the project folder; {@code none} writes none. Default:
   * <code>${project.build.directory}/snowchat/check.sarif</code>.
   */
  @Parameter(property = "snowchat.sarif")
  private @Nullable String sarif;

  /** The plugin's version, for the SARIF driver. */
  @Parameter(defaultValue = "${plugin.version}", readonly = true)
  private @Nullable String pluginVersion;

  /** The encoding of the SQL files. */
  @Parameter(property = "snowchat.encoding", defaultValue = "${project.build.sourceEncoding}")
  private @Nullable String encoding;


  /** Creates the goal; Maven sets its parameters. */
  public CheckMojo() {}

  @Override
  void applyCommandLine() throws MojoExecutionException {
    skip = commandLine("snowchat.skip", skip);
    sql = java.util.Objects.requireNonNullElse(commandLine("snowchat.sql", sql), DEFAULT_SQL);
    dialect = java.util.Objects.requireNonNullElse(commandLine("snowchat.dialect", dialect),
        "snowflake");
    mode = java.util.Objects.requireNonNullElse(commandLine("snowchat.mode", mode), "read_only");
    failOnRefused = commandLine("snowchat.failOnRefused", failOnRefused);
    report = commandLine("snowchat.checkReport", report);
    sarif = commandLine("snowchat.sarif", sarif);
    encoding = commandLine("snowchat.encoding", encoding);
  }

  @Override
  public void execute() throws MojoExecutionException, MojoFailureException {
    applyCommandLine();
    if (skip) {
      getLog().info("snowchat:check skipped (snowchat.skip=true)");
      return;
    }
    SqlGate gate;
    try {
      // CI is not latency-bound: the full parse budget makes verdicts independent of how fast
      // (or how cold) the build machine is.
      gate = SqlGate.builder().dialect(Dialect.parse(dialect)).mode(PermissionMode.parse(mode))
          .parseTimeout(Duration.ofSeconds(10)).build();
    } catch (IllegalArgumentException e) {
      throw new MojoExecutionException("Bad snowchat:check configuration: " + e.getMessage());
    }
    Charset charset;
    try {
      charset = encoding == null || encoding.isBlank() ? StandardCharsets.UTF_8
          : Charset.forName(encoding.strip());
    } catch (IllegalArgumentException e) {
      throw new MojoExecutionException("Bad value for snowchat.encoding: '" + encoding
          + "'; expected a charset name such as UTF-8");
    }
    Path base = baseDirectory().toPath();
    List<SqlFiles.Match> matches;
    try {
      matches = SqlFiles.resolve(base, sql);
    } catch (IllegalArgumentException e) {
      throw new MojoExecutionException("Bad value for snowchat.sql: " + e.getMessage());
    } catch (IOException e) {
      throw new MojoExecutionException("Cannot list SQL files for snowchat.sql='" + sql + "': "
          + e.getMessage(), e);
    }
    List<Path> files = SqlFiles.files(matches);
    if (files.isEmpty()) {
      if (sql.strip().equals(DEFAULT_SQL)) {
        getLog().info("snowchat:check: no SQL files in " + DEFAULT_SQL
            + "; set snowchat.sql to a folder, file or glob to check");
        return;
      }
      throw new MojoFailureException("snowchat.sql='" + sql + "' matched no SQL files (looked"
          + " from " + base.toAbsolutePath().normalize() + "); give a folder, a file or a glob"
          + " such as sql/**/*.sql");
    }
    for (SqlFiles.Match m : matches) {
      if (m.files().isEmpty()) {
        getLog().warn("snowchat.sql entry '" + m.entry() + "' matched no files");
      }
    }
    SqlCheck.Result result;
    try {
      result = new SqlCheck(gate).run(base, files, charset);
    } catch (IOException e) {
      throw new MojoExecutionException("Cannot read SQL file: " + e.getMessage(), e);
    }
    for (SqlCheck.Finding f : result.findings()) {
      if (failOnRefused) {
        getLog().error(f.line());
      } else {
        getLog().warn(f.line());
      }
    }
    String summary = result.summary(gate);
    if (report != null) {
      try {
        Path r = resolve(report).toPath();
        if (r.toAbsolutePath().getParent() != null) {
          Files.createDirectories(r.toAbsolutePath().getParent());
        }
        Files.writeString(r, result.render(gate), StandardCharsets.UTF_8);
      } catch (IOException e) {
        throw new MojoExecutionException("Cannot write snowchat.checkReport " + report + ": "
            + e.getMessage(), e);
      }
    }
    writeSarif(result);
    if (result.findings().isEmpty()) {
      getLog().info(summary);
      return;
    }
    if (!failOnRefused) {
      getLog().warn(summary + " (snowchat.failOnRefused=false: not failing the build)");
      return;
    }
    getLog().error(summary);
    throw new MojoFailureException(result.findings().size() + " SQL statement"
        + (result.findings().size() == 1 ? " is" : "s are") + " refused in "
        + gate.mode().configName() + " mode (listed above as file:line: reason). Fix them, choose"
        + " another snowchat.mode, or set snowchat.failOnRefused=false to only warn.");
  }

  private void writeSarif(SqlCheck.Result result) throws MojoExecutionException {
    String where = sarif == null || sarif.isBlank() ? null : sarif.strip();
    if (where != null && (where.equalsIgnoreCase("none") || where.equalsIgnoreCase("false")
        || where.equalsIgnoreCase("off"))) {
      return;
    }
    Path file = (where == null ? new File(buildDirectory(), "snowchat/check.sarif")
        : resolve(new File(where))).toPath().toAbsolutePath();
    try {
      Files.createDirectories(file.getParent());
      Files.writeString(file, Sarif.render(result, pluginVersion == null
          || pluginVersion.contains("${") ? "unknown" : pluginVersion, failOnRefused),
          StandardCharsets.UTF_8);
    } catch (IOException e) {
      throw new MojoExecutionException("Cannot write snowchat.sarif " + file + ": "
          + e.getMessage(), e);
    }
    getLog().info("snowchat:check: SARIF written to "
        + SqlFiles.display(baseDirectory().toPath(), file));
  }
}
