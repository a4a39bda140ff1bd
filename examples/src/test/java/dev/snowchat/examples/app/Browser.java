package dev.snowchat.examples.app;

import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.File;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.openqa.selenium.OutputType;
import org.openqa.selenium.chrome.ChromeDriver;
import org.openqa.selenium.chrome.ChromeDriverService;
import org.openqa.selenium.chrome.ChromeOptions;
import org.openqa.selenium.support.ui.WebDriverWait;

/**
 * Headless Debian Chromium driven by its own chromedriver, both from fixed paths, so Selenium
 * Manager never looks anything up or downloads. Skips when Chromium is absent, fails on CI.
 */
final class Browser implements AutoCloseable {
  static final Path CHROMIUM = Path.of("/usr/bin/chromium");
  static final Path CHROMEDRIVER = Path.of("/usr/bin/chromedriver");

  final ChromeDriver driver;
  final WebDriverWait wait;
  private final Path profile;

  private Browser(ChromeDriver driver, Path profile) {
    this.driver = driver;
    this.profile = profile;
    this.wait = new WebDriverWait(driver, Duration.ofSeconds(60));
  }

  static Browser start() {
    boolean present = Files.isExecutable(CHROMIUM) && Files.isExecutable(CHROMEDRIVER);
    if (!present && "true".equalsIgnoreCase(System.getenv("CI"))) {
      throw new AssertionError("CI=true but " + CHROMIUM + " or " + CHROMEDRIVER
          + " is missing: apt-get install -y chromium chromium-driver");
    }
    assumeTrue(present, "Chromium not installed (" + CHROMIUM + "); browser tests skipped");
    System.setProperty("webdriver.chrome.driver", CHROMEDRIVER.toString());
    System.setProperty("SE_OFFLINE", "true");
    try {
      Path profile = Files.createTempDirectory("snowchat-chromium-");
      ChromeOptions o = new ChromeOptions();
      o.setBinary(CHROMIUM.toFile());
      o.addArguments("--headless=new", "--no-sandbox", "--disable-gpu", "--disable-quic",
          "--no-first-run", "--disable-background-networking", "--disable-component-update",
          "--disable-sync", "--disable-dev-shm-usage", "--user-data-dir=" + profile,
          "--window-size=1280,900");
      ChromeDriverService service = new ChromeDriverService.Builder()
          .usingDriverExecutable(CHROMEDRIVER.toFile()).usingAnyFreePort().build();
      return new Browser(new ChromeDriver(service, o), profile);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /** Emulates {@code prefers-color-scheme} (light or dark) for the page. */
  void colorScheme(String scheme) {
    driver.executeCdpCommand("Emulation.setEmulatedMedia", Map.of("features",
        List.of(Map.of("name", "prefers-color-scheme", "value", scheme))));
  }

  /** Emulates a phone screen (390 x 844 CSS pixels), or the desktop again with null. */
  void phone(boolean on) {
    if (on) {
      driver.executeCdpCommand("Emulation.setDeviceMetricsOverride", Map.of("width", 390,
          "height", 844, "deviceScaleFactor", 2, "mobile", true));
    } else {
      driver.executeCdpCommand("Emulation.clearDeviceMetricsOverride", Map.of());
    }
  }

  /** Saves a screenshot under {@code target/screenshots}. */
  void screenshot(String name) {
    Path dir = Path.of(System.getProperty("snowchat.screenshots", "target/screenshots"));
    try {
      Files.createDirectories(dir);
      File f = driver.getScreenshotAs(OutputType.FILE);
      Files.copy(f.toPath(), dir.resolve(name + ".png"), StandardCopyOption.REPLACE_EXISTING);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  @Override
  public void close() {
    driver.quit();
    try (var files = Files.walk(profile)) {
      files.sorted(java.util.Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
    } catch (IOException e) {
      // A leftover temporary profile is harmless.
    }
  }
}
