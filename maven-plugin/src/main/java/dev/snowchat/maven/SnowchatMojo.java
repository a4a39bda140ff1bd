package dev.snowchat.maven;

import java.io.File;
import java.util.Locale;
import java.util.Properties;
import org.apache.maven.plugin.AbstractMojo;
import org.apache.maven.plugin.MojoExecutionException;
import org.apache.maven.plugins.annotations.Parameter;
import org.jspecify.annotations.Nullable;

/** What every Snowchat goal shares: {@code snowchat.skip} and the folder paths start from. */
abstract class SnowchatMojo extends AbstractMojo {

  /** Skips this goal. */
  @Parameter(property = "snowchat.skip", defaultValue = "false")
  boolean skip;

  /** The {@code -D} properties of this Maven run, which win over the pom (see below). */
  @Parameter(defaultValue = "${session.userProperties}", readonly = true)
  private @Nullable Properties userProperties;

  /**
   * Applies {@code -Dsnowchat.*} values from the command line over the pom's configuration.
   * Maven itself gives a parameter set in the pom's {@code <configuration>} precedence over the
   * same user property, so {@code mvn verify -Dsnowchat.failOnBreaking=false} would be ignored
   * in a project that sets it, although the goals' messages suggest exactly that. Snowchat's rule
   * is the one CI needs: the command line wins, then the pom, then the default.
   *
   * @throws MojoExecutionException when a value does not fit its parameter
   */
  abstract void applyCommandLine() throws MojoExecutionException;

  /**
   * {@return the command-line value of a property, or the current value}
   *
   * @param property e.g. {@code snowchat.mode}
   * @param current the value Maven set
   */
  @Nullable String commandLine(String property, @Nullable String current) {
    String v = userProperties == null ? null : userProperties.getProperty(property);
    if (v == null) {
      return current;
    }
    if (!v.equals(current)) {
      getLog().debug(property + "=" + (property.toLowerCase(Locale.ROOT).contains("password")
          ? "<masked>" : v) + " from the command line");
    }
    return v;
  }

  /**
   * {@return the command-line value of a boolean property, or the current value}
   *
   * @param property the property
   * @param current the value Maven set
   * @throws MojoExecutionException when the value is not {@code true} or {@code false}
   */
  boolean commandLine(String property, boolean current) throws MojoExecutionException {
    String v = commandLine(property, (String) null);
    if (v == null) {
      return current;
    }
    String t = v.strip();
    if (t.isEmpty() || t.equalsIgnoreCase("true")) {
      return true; // -Dsnowchat.skip alone means true, as Maven reads it
    }
    if (t.equalsIgnoreCase("false")) {
      return false;
    }
    throw new MojoExecutionException("Bad value for " + property + ": '" + v
        + "'; expected true or false");
  }

  /**
   * {@return the command-line value of a file property, or the current value}
   *
   * @param property the property
   * @param current the value Maven set
   */
  @Nullable File commandLine(String property, @Nullable File current) {
    String v = commandLine(property, (String) null);
    return v == null || v.isBlank() ? current : new File(v.strip());
  }

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
