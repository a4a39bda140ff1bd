package dev.snowchat.agent;

/** Who wrote a {@link Message}. */
public enum Role {
  /** The user, or tool results sent back to the model on the user's side. */
  USER,
  /** The model. */
  ASSISTANT
}
