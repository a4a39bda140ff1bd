package dev.snowchat.maven;

import dev.snowchat.maven.internal.CatalogDiff;
import dev.snowchat.maven.internal.DiffReport;
import dev.snowchat.maven.internal.SqlFiles;
import dev.snowchat.schemaindex.Catalog;
import dev.snowchat.schemaindex.CatalogSnapshot;
import dev.snowchat.sqlgate.SnowchatException;
import java.io.File;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.apache.maven.plugin.MojoExecutionException;
import org.apache.maven.plugin.MojoFailureException;
import org.apache.maven.plugins.annotations.LifecyclePhase;
import org.apache.maven.plugins.annotations.Mojo;
import org.apache.maven.plugins.annotations.Parameter;
import org.jspecify.annotations.Nullable;

/**
 * Compares a baseline catalog snapshot with a new one and reports the tables and columns added,
 * dropped and changed, and the foreign keys added and dropped. Writes {@code diff-report.md} and
 * {@code diff-report.json} to {@code target/snowchat} (or {@code snowchat.reportDirectory}).
 * With {@code snowchat.failOnBreaking=true} the build fails on a breaking change: a dropped table
 * or column, or a column type that was narrowed or changed incompatibly.
 *
 * <pre>
 * mvn snowchat:diff -Dsnowchat.baseline=schema/catalog.json -Dsnowchat.failOnBreaking=true
 * </pre>
 */
@Mojo(name = "diff", defaultPhase = LifecyclePhase.VERIFY, requiresProject = false,
    threadSafe = true)
public final class DiffMojo extends SnowchatMojo {

  /** The baseline snapshot, usually the one committed to the repository. Required. */
  @Parameter(property = "snowchat.baseline")
  private @Nullable File baseline;

  /**
   * The new snapshot, usually the one {@code snowchat:index} just wrote. Default:
   * <code>${project.build.directory}/snowchat/catalog.json</code>.
   */
  @Parameter(property = "snowchat.snapshot")
  private @Nullable File snapshot;

  /** Whether a breaking change fails the build (otherwise it is reported as a warning). */
  @Parameter(property = "snowchat.failOnBreaking", defaultValue = "false")
  private boolean failOnBreaking;

  /**
   * The folder for {@code diff-report.md} and {@code diff-report.json}. Default:
   * <code>${project.build.directory}/snowchat</code>, wherever the snapshots are (a snapshot
   * under {@code schema/} gets no report beside it unless asked).
   */
  @Parameter(property = "snowchat.reportDirectory")
  private @Nullable File reportDirectory;


  /** Creates the goal; Maven sets its parameters. */
  public DiffMojo() {}

  @Override
  void applyCommandLine() throws MojoExecutionException {
    skip = commandLine("snowchat.skip", skip);
    baseline = commandLine("snowchat.baseline", baseline);
    snapshot = commandLine("snowchat.snapshot", snapshot);
    failOnBreaking = commandLine("snowchat.failOnBreaking", failOnBreaking);
    reportDirectory = commandLine("snowchat.reportDirectory", reportDirectory);
  }

  @Override
  public void execute() throws MojoExecutionException, MojoFailureException {
    applyCommandLine();
    if (skip) {
      getLog().info("snowchat:diff skipped (snowchat.skip=true)");
      return;
    }
    if (baseline == null) {
      throw new MojoExecutionException("snowchat:diff needs a baseline snapshot: set"
          + " snowchat.baseline (e.g. -Dsnowchat.baseline=schema/catalog.json, a file written"
          + " earlier by snowchat:index)");
    }
    File baselineFile = resolve(baseline);
    File snapshotFile = snapshot != null ? resolve(snapshot)
        : new File(buildDirectory(), "snowchat/catalog.json");
    Catalog before = read(baselineFile, "snowchat.baseline");
    Catalog after = read(snapshotFile, "snowchat.snapshot");
    CatalogDiff diff = CatalogDiff.compare(before, after);

    String baselineShown = SqlFiles.display(baseDirectory().toPath(), baselineFile.toPath());
    String snapshotShown = SqlFiles.display(baseDirectory().toPath(), snapshotFile.toPath());
    Path dir = (reportDirectory == null ? new File(buildDirectory(), "snowchat")
        : resolve(reportDirectory)).toPath().toAbsolutePath();
    Path md = dir.resolve("diff-report.md");
    Path json = dir.resolve("diff-report.json");
    try {
      Files.createDirectories(dir);
      Files.writeString(md, DiffReport.markdown(diff, baselineShown, snapshotShown),
          StandardCharsets.UTF_8);
      Files.writeString(json, DiffReport.json(diff, baselineShown, snapshotShown),
          StandardCharsets.UTF_8);
    } catch (IOException e) {
      throw new MojoExecutionException("Cannot write the diff report to " + dir + ": "
          + e.getMessage(), e);
    }

    getLog().info("snowchat:diff " + baselineShown + " -> " + snapshotShown + ": "
        + DiffReport.summary(diff));
    List<CatalogDiff.Change> breaking = diff.breaking();
    for (CatalogDiff.Change c : diff.changes()) {
      String line = c.table() + ": " + c.describe() + (c.breaking() ? " (breaking)" : "");
      if (!c.breaking()) {
        getLog().info("  " + line);
      } else if (failOnBreaking) {
        getLog().error("  " + line);
      } else {
        getLog().warn("  " + line);
      }
    }
    getLog().info("snowchat:diff report: " + SqlFiles.display(baseDirectory().toPath(), md));
    if (failOnBreaking && !breaking.isEmpty()) {
      CatalogDiff.Change first = breaking.get(0);
      throw new MojoFailureException(breaking.size() + " breaking schema change"
          + (breaking.size() == 1 ? "" : "s") + " against " + baselineShown + ", first: "
          + first.table() + ": " + first.describe() + ". See " + md
          + "; update the baseline if the change is intended, or set"
          + " snowchat.failOnBreaking=false.");
    }
  }

  private Catalog read(File file, String parameter) throws MojoExecutionException {
    if (!file.isFile()) {
      throw new MojoExecutionException(parameter + "=" + file.getPath() + ": no such file"
          + (parameter.equals("snowchat.snapshot") ? "; run snowchat:index first or set "
          + parameter : ""));
    }
    try {
      return CatalogSnapshot.read(file.toPath());
    } catch (SnowchatException e) {
      throw new MojoExecutionException(parameter + ": " + e.getMessage(), e);
    }
  }
}
