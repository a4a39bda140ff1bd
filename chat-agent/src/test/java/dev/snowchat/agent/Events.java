package dev.snowchat.agent;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;

/** A sink that records events, and assertions over them. */
class Events implements Consumer<AgentEvent> {
  final List<AgentEvent> all = new CopyOnWriteArrayList<>();

  @Override
  public void accept(AgentEvent e) {
    all.add(e);
  }

  /** Waits for the turn and checks that exactly one done ends it. */
  static AgentEvent.Done await(TurnHandle h, Events ev) throws Exception {
    AgentEvent.Done done = h.completion().get(30, TimeUnit.SECONDS);
    assertThat(ev.all).filteredOn(e -> e instanceof AgentEvent.Done).hasSize(1);
    assertThat(ev.all.get(ev.all.size() - 1)).isEqualTo(done);
    return done;
  }

  List<String> types() {
    List<String> out = new ArrayList<>();
    for (AgentEvent e : all) {
      out.add(e.type());
    }
    return out;
  }

  String text() {
    StringBuilder sb = new StringBuilder();
    for (AgentEvent e : all) {
      if (e instanceof AgentEvent.Text t) {
        sb.append(t.text());
      }
    }
    return sb.toString();
  }

  String thinking() {
    StringBuilder sb = new StringBuilder();
    for (AgentEvent e : all) {
      if (e instanceof AgentEvent.Thinking t) {
        sb.append(t.text());
      }
    }
    return sb.toString();
  }

  <T extends AgentEvent> List<T> of(Class<T> type) {
    List<T> out = new ArrayList<>();
    for (AgentEvent e : all) {
      if (type.isInstance(e)) {
        out.add(type.cast(e));
      }
    }
    return out;
  }

  AgentEvent.Error error() {
    List<AgentEvent.Error> errors = of(AgentEvent.Error.class);
    assertThat(errors).hasSize(1);
    int i = all.indexOf(errors.get(0));
    assertThat(all.get(i + 1)).isInstanceOf(AgentEvent.Done.class);
    return errors.get(0);
  }
}
