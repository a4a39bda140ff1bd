package dev.snowchat.examples.app;

import dev.snowchat.agent.AgentEvent;
import dev.snowchat.agent.ChatEngine;
import dev.snowchat.agent.Message;
import dev.snowchat.agent.ToolOutcome;
import dev.snowchat.agent.Turn;
import java.util.Map;
import java.util.concurrent.CountDownLatch;

/** Engines for HTTP tests: deterministic, no model. */
final class FakeEngines {
  private FakeEngines() {}

  /**
   * Echoes: a thinking line, then {@code count} text events each naming the prompt and the
   * history size, and records its reply in the session's memory (the agent records the prompt).
   */
  static final class Echo implements ChatEngine {
    private final int count;

    Echo(int count) {
      this.count = count;
    }

    @Override
    public String name() {
      return "echo";
    }

    @Override
    public void runTurn(Turn turn) {
      turn.emit(new AgentEvent.Thinking("echoing " + turn.prompt()));
      for (int i = 0; i < count; i++) {
        turn.emit(new AgentEvent.Text("[" + turn.prompt() + " #" + i + " history="
            + turn.history().size() + "]"));
      }
      turn.record(Message.assistant("echo " + turn.prompt()));
    }
  }

  /**
   * Runs the SQL of the prompt with {@code execute_query} (so approvals and cancellation go
   * through the real agent and tool source) and reports the outcome as text.
   */
  static final class RunSql implements ChatEngine {
    final CountDownLatch started = new CountDownLatch(1);
    final CountDownLatch interruptions = new CountDownLatch(1);
    volatile boolean interrupted;

    @Override
    public String name() {
      return "run-sql";
    }

    @Override
    public void runTurn(Turn turn) throws InterruptedException {
      started.countDown();
      try {
        ToolOutcome o = turn.callTool("call-" + turn.number(), "execute_query",
            Map.of("sql", turn.prompt()));
        turn.emit(new AgentEvent.Text(o.error() ? "refused: " + o.text() : "ran"));
      } catch (InterruptedException e) {
        interrupted = true;
        interruptions.countDown();
        throw e;
      }
    }
  }
}
