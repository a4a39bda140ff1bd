package dev.snowchat.agent;

/** Receives a model's streamed deltas, on the thread that called {@link ModelClient#stream}. */
public interface ModelStreamListener {
  /** A listener that ignores everything. */
  ModelStreamListener NONE = new ModelStreamListener() {
    @Override
    public void onText(String delta) {}

    @Override
    public void onThinking(String delta) {}
  };

  /**
   * A text delta of the answer.
   *
   * @param delta the delta
   */
  void onText(String delta);

  /**
   * A thinking delta.
   *
   * @param delta the delta
   */
  void onThinking(String delta);
}
