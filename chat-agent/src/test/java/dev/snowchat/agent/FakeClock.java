package dev.snowchat.agent;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneId;
import java.time.ZoneOffset;

/** A clock tests move by hand. */
final class FakeClock extends Clock {
  private volatile Instant now;

  FakeClock(Instant start) {
    this.now = start;
  }

  FakeClock() {
    this(Instant.parse("2026-03-01T10:00:00Z"));
  }

  void advance(Duration d) {
    now = now.plus(d);
  }

  @Override
  public ZoneId getZone() {
    return ZoneOffset.UTC;
  }

  @Override
  public Clock withZone(ZoneId zone) {
    return this;
  }

  @Override
  public Instant instant() {
    return now;
  }
}
