package dev.snowchat.maven;

import java.io.File;
import org.apache.maven.plugin.AbstractMojo;
import org.apache.maven.plugins.annotations.Parameter;
import org.jspecify.annotations.Nullable;

/** What every Snowchat goal shares: {@code snowchat.skip} and the folder paths start from. */
abstract class SnowchatMojo extends AbstractMojo {

  /** Skips this goal. */
  @Parameter(property = "snowchat.skip", defaultValue = "false")
  boolean skip;

  /** The project folder; unset when the goal runs without a project. */
  @Parameter(defaultValue = "${project.basedir}", readonly = true)
  private @Nullable File basedir;

  /** The folder Maven was started in, used when there is no project. */
  @Parameter(defaultValue = "${session.executionRootDirectory}", readonly = true)
  private @Nullable File executionRoot;

  /** The build folder; unresolved when the goal runs without a project. */
  @Parameter(defaultValue = "${project.build.directory}", readonly = true)
  private @Nullable File buildDirectory;

  /**
   * {@return the build folder: the project's, or {@code target} in the base folder when there is
   * no project (Maven then leaves the expression unresolved)}
   */
  File buildDirectory() {
    if (buildDirectory != null && !buildDirectory.getPath().contains("${")) {
      return buildDirectory;
    }
    return new File(baseDirectory(), "target");
  }

  /** {@return the folder relative paths start from and are shown relative to} */
  File baseDirectory() {
    if (basedir != null) {
      return basedir;
    }
    return executionRoot != null ? executionRoot : new File("").getAbsoluteFile();
  }

  /**
   * Resolves a path given relative to {@link #baseDirectory()}.
   *
   * @param file the path, possibly relative
   * @return the absolute path
   */
  File resolve(File file) {
    return file.isAbsolute() ? file : new File(baseDirectory(), file.getPath());
  }
}
