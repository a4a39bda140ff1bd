package dev.snowchat.agent;

/** The token estimate used to trim history: about four characters a token. */
final class Tokens {
  private Tokens() {}

  static int estimate(String s) {
    return (s.length() + 3) / 4;
  }
}
