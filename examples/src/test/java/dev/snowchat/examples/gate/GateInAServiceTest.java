package dev.snowchat.examples.gate;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.util.List;
import org.junit.jupiter.api.Test;

class GateInAServiceTest {
  @Test
  void run_answersTheRead_andRefusesBothWrites() throws Exception {
    ByteArrayOutputStream buf = new ByteArrayOutputStream();
    List<String> answers = GateInAService.run(new PrintStream(buf, true));
    assertThat(answers.get(0)).startsWith("3 rows: [[NL, 27.75], [DE, 12.00], [FR, 3.00]]");
    assertThat(answers.get(1)).startsWith("refused: ").contains("DELETE is DML");
    assertThat(answers.get(2)).startsWith("refused: ").contains("DML");
    assertThat(buf.toString()).contains("-> refused");
  }
}
