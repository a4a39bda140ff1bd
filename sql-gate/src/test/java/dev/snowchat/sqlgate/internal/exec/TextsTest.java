package dev.snowchat.sqlgate.internal.exec;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class TextsTest {
  @Test
  void untrusted_controlCharacters_becomeSingleSpaces() {
    assertThat(Texts.untrusted("line one\n\r\tline\u0000two\u001b[31m"))
        .isEqualTo("line one line two [31m");
  }

  @Test
  void untrusted_longText_isCutTo500() {
    assertThat(Texts.untrusted("x".repeat(10_000))).hasSize(503).endsWith("...");
  }

  @Test
  void untrusted_credentials_areMasked() {
    assertThat(Texts.untrusted("connect failed for jdbc:x://h?user=a&password=hunter2&db=d"))
        .contains("password=<masked>").doesNotContain("hunter2").contains("db=d");
    assertThat(Texts.untrusted("PRIVATE_KEY_PASSPHRASE: s3cr3t; token=\"abc def\""))
        .doesNotContain("s3cr3t").doesNotContain("abc def");
  }

  @Test
  void untrusted_nullOrBlank_saysSo() {
    assertThat(Texts.untrusted(null)).isEqualTo("(no message)");
    assertThat(Texts.untrusted(" \n")).isEqualTo("(no message)");
  }
}
