package dev.snowchat.mcp.launch;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class LauncherTest {
  @Test
  void feature_readsOldAndNewVersionSchemes() {
    assertThat(Launcher.feature("1.8")).isEqualTo(8);
    assertThat(Launcher.feature("17")).isEqualTo(17);
    assertThat(Launcher.feature("21.0.2")).isEqualTo(21);
    assertThat(Launcher.feature("25-ea")).isEqualTo(25);
    assertThat(Launcher.feature("")).isZero();
    assertThat(Launcher.feature(null)).isZero();
  }

  @Test
  void releaseFeature_readsTheReleaseFileOfAJavaHome(@TempDir Path home) throws IOException {
    assertThat(Launcher.releaseFeature(home.toFile())).isZero();
    Files.writeString(home.resolve("release"), "IMPLEMENTOR=\"x\"\nJAVA_VERSION=\"21.0.5\"\n");
    assertThat(Launcher.releaseFeature(home.toFile())).isEqualTo(21);
    Files.writeString(home.resolve("release"), "JAVA_VERSION=\"1.8.0_402\"\n");
    assertThat(Launcher.releaseFeature(home.toFile())).isEqualTo(8);
  }

  @Test
  void findJava_findsTheJavaRunningThisTest() {
    // The build runs on Java 21+, installed where the launcher looks (JAVA_HOME or a JVM folder).
    assertThat(Launcher.findJava()).isNotNull();
    assertThat(Launcher.releaseFeature(Launcher.findJava().getParentFile().getParentFile()))
        .isGreaterThanOrEqualTo(Launcher.MINIMUM);
  }

  @Test
  void missingJavaMessage_saysWhatToInstall() {
    assertThat(Launcher.missingJavaMessage())
        .contains("Java 21 or newer").contains("SNOWCHAT_JAVA_HOME").contains("Temurin");
  }
}
