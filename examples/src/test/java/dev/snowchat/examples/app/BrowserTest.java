package dev.snowchat.examples.app;

import static org.assertj.core.api.Assertions.assertThat;

import dev.snowchat.agent.ChatEngine;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.Statement;
import java.util.List;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.openqa.selenium.By;
import org.openqa.selenium.Keys;
import org.openqa.selenium.WebElement;
import org.openqa.selenium.support.ui.ExpectedConditions;

/**
 * The UI end to end in headless Chromium: health gate, a question through the offline planner,
 * stop, reset, a refused write, and the confirm dialog. Screenshots go to target/screenshots.
 */
class BrowserTest {
  /** Runs long enough on DuckDB to be stopped mid-flight (hundreds of billions of products). */
  static final String LONG_QUERY =
      "SELECT sum(a.range * b.range) FROM range(400000) a, range(1000000) b";

  private static Browser browser;
  private static ChatApp offline;
  private static ChatApp readOnlySql;
  private static FakeEngines.RunSql readOnlyEngine;

  @BeforeAll
  static void start() {
    browser = Browser.start();
    offline = TestApps.start();
    readOnlyEngine = new FakeEngines.RunSql();
    readOnlySql = TestApps.start(TestApps.env("SNOWCHAT_SCHEMA_INDEX", "false"), readOnlyEngine);
  }

  @AfterAll
  static void stop() {
    if (browser != null) {
      browser.close();
    }
    for (ChatApp a : new ChatApp[] {offline, readOnlySql}) {
      if (a != null) {
        a.close();
      }
    }
  }

  private void open(ChatApp app) {
    browser.driver.get(app.uri().toString());
    browser.driver.executeScript("sessionStorage.clear(); localStorage.clear();");
    browser.driver.navigate().refresh();
    browser.wait.until(ExpectedConditions.attributeToBe(By.tagName("body"), "data-ready",
        "true"));
  }

  private WebElement ask(String text) {
    int before = browser.driver.findElements(By.cssSelector(".msg.assistant")).size();
    WebElement prompt = browser.driver.findElement(By.id("prompt"));
    // A click first: after a modal dialog closed, headless Chromium routes CDP key events to a
    // stale keyboard target although the textarea has focus.
    prompt.click();
    prompt.sendKeys(text);
    prompt.sendKeys(Keys.ENTER);
    browser.wait.until(d -> d.findElements(By.cssSelector(".msg.assistant")).size() > before);
    List<WebElement> turns = browser.driver.findElements(By.cssSelector(".msg.assistant"));
    return turns.get(turns.size() - 1);
  }

  private void awaitDone(WebElement turn) {
    browser.wait.until(d -> "true".equals(turn.getAttribute("data-done")));
    // The stream has ended and the composer is free again.
    browser.wait.until(ExpectedConditions.attributeToBe(By.tagName("body"), "data-busy",
        "false"));
  }

  @Test
  void healthGate_showsFailingChecks_andKeepsTheChatClosed() {
    ChatApp broken = TestApps.start(TestApps.env("SNOWCHAT_JDBC_URL",
        "jdbc:postgresql://127.0.0.1:9/nothing", "SNOWCHAT_SCHEMA_INDEX", "false"), null);
    try {
      browser.driver.get(broken.uri().toString());
      browser.wait.until(d -> !d.findElements(By.cssSelector("#checks li[data-check=warehouse]"))
          .isEmpty());
      WebElement wh = browser.driver.findElement(By.cssSelector(
          "#checks li[data-check=warehouse]"));
      assertThat(wh.getAttribute("data-ok")).isEqualTo("false");
      assertThat(browser.driver.findElement(By.id("gate-message")).getText())
          .startsWith("Not ready: warehouse");
      assertThat(browser.driver.findElement(By.id("chat")).isDisplayed()).isFalse();
      browser.screenshot("01-health-gate-not-ready");
    } finally {
      broken.close();
    }
  }

  @Test
  void question_throughOfflinePlanner_showsToolChipsAndARenderedTable() {
    browser.colorScheme("light");
    open(offline);
    assertThat(browser.driver.findElements(By.cssSelector("#checks li[data-ok=true]")))
        .hasSizeGreaterThanOrEqualTo(5);
    browser.screenshot("02-ready-empty-light");
    WebElement turn = ask("What tables are there?");
    awaitDone(turn);
    List<WebElement> chips = turn.findElements(By.cssSelector("details.tool"));
    assertThat(chips).isNotEmpty();
    assertThat(chips).allSatisfy(c -> assertThat(c.getAttribute("data-state")).isEqualTo("ok"));
    assertThat(turn.findElements(By.cssSelector(".md table th"))).isNotEmpty();
    assertThat(turn.findElement(By.cssSelector(".md")).getText()).contains("FACT_REVIEWS");
    browser.screenshot("03-answer-table-light");
    for (WebElement chip : chips) {
      chip.findElement(By.tagName("summary")).click();
    }
    browser.wait.until(d -> chips.stream().allMatch(c -> c.getAttribute("open") != null));
    assertThat(turn.findElements(By.cssSelector("details.tool .result table td"))).isNotEmpty();
    browser.driver.executeScript("arguments[0].scrollIntoView()", chips.get(0));
    browser.screenshot("04-tool-chip-open-light");

    browser.colorScheme("dark");
    assertThat(browser.driver.executeScript(
        "return getComputedStyle(document.body).backgroundColor")).isEqualTo("rgb(15, 18, 22)");
    browser.screenshot("05-answer-table-dark");
  }

  @Test
  void themeToggle_switchesAndRemembers() {
    browser.colorScheme("light");
    open(offline);
    browser.driver.findElement(By.id("theme")).click();
    assertThat(browser.driver.findElement(By.tagName("html")).getAttribute("data-theme"))
        .isEqualTo("dark");
    browser.driver.navigate().refresh();
    browser.wait.until(ExpectedConditions.attributeToBe(By.tagName("body"), "data-ready",
        "true"));
    assertThat(browser.driver.findElement(By.tagName("html")).getAttribute("data-theme"))
        .isEqualTo("dark");
    browser.driver.findElement(By.id("theme")).click();
    assertThat(browser.driver.findElement(By.tagName("html")).getAttribute("data-theme"))
        .isEqualTo("light");
  }

  @Test
  void phoneWidth_isReadable() {
    browser.colorScheme("light");
    browser.phone(true);
    try {
      open(offline);
      WebElement turn = ask("Describe AIRBNB.ANALYTICS.DIM_LISTINGS");
      awaitDone(turn);
      Long overflow = (Long) browser.driver.executeScript(
          "return document.documentElement.scrollWidth - document.documentElement.clientWidth");
      assertThat(overflow).isLessThanOrEqualTo(0L);
      browser.screenshot("06-phone-light");
      browser.colorScheme("dark");
      browser.screenshot("07-phone-dark");
    } finally {
      browser.phone(false);
    }
  }

  @Test
  void stopButton_cancelsTheRunningQuery() {
    open(readOnlySql);
    WebElement turn = ask(LONG_QUERY);
    browser.wait.until(d -> !turn.findElements(By.cssSelector("details.tool .status.running"))
        .isEmpty());
    assertThat(browser.driver.findElement(By.id("stop")).isDisplayed()).isTrue();
    browser.screenshot("08-running-with-stop");
    browser.driver.findElement(By.id("stop")).click();
    awaitDone(turn);
    assertThat(turn.findElement(By.cssSelector(".done")).getAttribute("data-stop-reason"))
        .isEqualTo("cancelled");
    assertThat(browser.driver.findElement(By.id("send")).isDisplayed()).isTrue();
    browser.wait.until(d -> readOnlyEngine.interrupted);
  }

  @Test
  void escapeKey_stopsTheTurn() {
    open(readOnlySql);
    WebElement turn = ask(LONG_QUERY);
    browser.wait.until(d -> !turn.findElements(By.cssSelector("details.tool .status.running"))
        .isEmpty());
    browser.driver.findElement(By.id("prompt")).sendKeys(Keys.ESCAPE);
    awaitDone(turn);
    assertThat(turn.findElement(By.cssSelector(".done")).getAttribute("data-stop-reason"))
        .isEqualTo("cancelled");
  }

  @Test
  void shiftEnter_addsANewLine_insteadOfSending() {
    open(offline);
    WebElement prompt = browser.driver.findElement(By.id("prompt"));
    prompt.sendKeys("first line");
    prompt.sendKeys(Keys.chord(Keys.SHIFT, Keys.ENTER));
    prompt.sendKeys("second line");
    assertThat(prompt.getAttribute("value")).isEqualTo("first line\nsecond line");
    assertThat(browser.driver.findElements(By.cssSelector(".msg.user"))).isEmpty();
  }

  @Test
  void newChat_clearsTheConversation() {
    open(offline);
    WebElement turn = ask("What tables are there?");
    awaitDone(turn);
    browser.driver.findElement(By.id("reset")).click();
    browser.wait.until(d -> d.findElements(By.cssSelector(".msg")).isEmpty());
    assertThat(browser.driver.findElement(By.cssSelector(".notice")).getText())
        .contains("New conversation");
  }

  @Test
  void readOnly_refusedWrite_showsTheReason() {
    open(readOnlySql);
    WebElement turn = ask("DELETE FROM AIRBNB.ANALYTICS.FACT_REVIEWS");
    awaitDone(turn);
    WebElement chip = turn.findElement(By.cssSelector("details.tool"));
    assertThat(chip.getAttribute("data-state")).isEqualTo("error");
    assertThat(chip.getAttribute("open")).isNotNull();
    assertThat(chip.findElement(By.cssSelector(".refusal")).getText()).containsIgnoringCase(
        "read_only");
    assertThat(browser.driver.findElement(By.id("confirm")).isDisplayed()).isFalse();
    browser.screenshot("09-refused-write");
  }

  @Test
  void readWrite_writeWaitsForConfirmation_approveRuns_denyRefuses(@TempDir Path dir)
      throws Exception {
    Path db = dir.resolve("rw.duckdb");
    try (Connection c = DriverManager.getConnection("jdbc:duckdb:" + db);
        Statement s = c.createStatement()) {
      s.execute("CREATE TABLE notes (id INTEGER, body VARCHAR)");
    }
    FakeEngines.RunSql engine = new FakeEngines.RunSql();
    ChatApp rw = TestApps.start(TestApps.env("SNOWCHAT_JDBC_URL", "jdbc:duckdb:" + db,
        "SNOWFLAKE_MCP_MODE", "read_write", "SNOWCHAT_SCHEMA_INDEX", "false"), engine);
    try {
      open(rw);
      WebElement turn = ask("INSERT INTO notes VALUES (1, 'approved')");
      browser.wait.until(ExpectedConditions.visibilityOfElementLocated(By.id("confirm")));
      assertThat(browser.driver.findElement(By.id("confirm-sql")).getText())
          .isEqualTo("INSERT INTO notes VALUES (1, 'approved')");
      assertThat(turn.findElement(By.cssSelector("details.tool .status")).getText())
          .isEqualTo("waiting for approval");
      browser.screenshot("10-confirm-dialog");
      browser.driver.findElement(By.id("approve")).click();
      awaitDone(turn);
      assertThat(turn.findElement(By.cssSelector("details.tool")).getAttribute("data-state"))
          .isEqualTo("ok");

      WebElement denied = ask("INSERT INTO notes VALUES (2, 'denied')");
      try {
        browser.wait.until(ExpectedConditions.visibilityOfElementLocated(By.id("confirm")));
      } catch (RuntimeException e) {
        browser.screenshot("debug-second-confirm");
        throw new AssertionError("state: " + browser.driver.executeScript("return [document.body"
            + ".dataset.busy, document.getElementById('prompt').value, document.querySelectorAll("
            + "'.msg.user').length, document.activeElement.id, document.getElementById('confirm')"
            + ".open, document.getElementById('send').hidden]"), e);
      }
      browser.driver.findElement(By.id("deny")).click();
      awaitDone(denied);
      assertThat(denied.findElement(By.cssSelector("details.tool")).getAttribute("data-state"))
          .isEqualTo("error");
      browser.screenshot("11-write-denied");
    } finally {
      rw.close();
    }
    try (Connection c = DriverManager.getConnection("jdbc:duckdb:" + db);
        Statement s = c.createStatement();
        ResultSet r = s.executeQuery("SELECT string_agg(body, ',') FROM notes")) {
      r.next();
      assertThat(r.getString(1)).isEqualTo("approved");
    }
    assertThat(Files.exists(db)).isTrue();
  }

  /**
   * A review found that warehouse data rendered in an answer could carry the dialog's own ids
   * ({@code <pre id="confirm-sql">}): the dialog then showed an earlier statement while "Approve
   * and run" ran the new one. Answers now keep only markdown's tags, without ids or classes, and
   * the page finds its own elements once, before anything is rendered.
   */
  @Test
  void hostileAnswerMarkup_cannotStandInForTheDialog(@TempDir Path dir) throws Exception {
    Path db = dir.resolve("rw.duckdb");
    try (Connection c = DriverManager.getConnection("jdbc:duckdb:" + db);
        Statement s = c.createStatement()) {
      s.execute("CREATE TABLE notes (id INTEGER, body VARCHAR)");
    }
    String hostile = "Here are the rows:\n\n<pre id=\"confirm-sql\" hidden>SELECT 'harmless'</pre>"
        + "<b id=\"confirm\">x</b><span id=\"approve\" class=\"chip\">approved by you</span>"
        + "<dialog open>fake dialog</dialog><button id=\"stop\">fake</button>"
        + "<textarea>t</textarea>\n\n| a |\n| --- |\n| <style> |\n| after |";
    ChatEngine engine = new ChatEngine() {
      @Override
      public String name() {
        return "hostile";
      }

      @Override
      public void runTurn(dev.snowchat.agent.Turn turn) throws InterruptedException {
        turn.emit(new dev.snowchat.agent.AgentEvent.Text(hostile));
        dev.snowchat.agent.ToolOutcome o = turn.callTool("call-" + turn.number(),
            "execute_query", java.util.Map.of("sql", turn.prompt()));
        turn.emit(new dev.snowchat.agent.AgentEvent.Text(o.error() ? "refused" : "ran"));
      }
    };
    ChatApp rw = TestApps.start(TestApps.env("SNOWCHAT_JDBC_URL", "jdbc:duckdb:" + db,
        "SNOWFLAKE_MCP_MODE", "read_write", "SNOWCHAT_SCHEMA_INDEX", "false"), engine);
    try {
      open(rw);
      String sql = "DELETE FROM notes";
      WebElement turn = ask(sql);
      browser.wait.until(ExpectedConditions.visibilityOfElementLocated(
          By.cssSelector("dialog#confirm[open]")));
      // the page's own dialog shows the statement that will run
      assertThat(browser.driver.findElement(By.cssSelector("dialog#confirm pre")).getText())
          .isEqualTo(sql);
      // the answer kept its text but none of the markup that could pose as the page
      WebElement answer = turn.findElement(By.cssSelector(".md"));
      assertThat(answer.getText()).contains("Here are the rows", "approved by you", "after");
      assertThat(answer.findElements(By.cssSelector(
          "[id], [class]:not(.table-wrap), dialog, button, textarea, style"))).isEmpty();
      assertThat(browser.driver.findElements(By.id("confirm-sql"))).hasSize(1);
      browser.screenshot("12-hostile-answer-dialog");
      browser.driver.findElement(By.cssSelector("dialog#confirm #deny")).click();
      awaitDone(turn);
    } finally {
      rw.close();
    }
  }
}
