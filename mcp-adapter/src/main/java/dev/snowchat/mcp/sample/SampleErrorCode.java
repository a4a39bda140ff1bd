package dev.snowchat.mcp.sample;

import dev.snowchat.sqlgate.ErrorCode;
import dev.snowchat.sqlgate.ErrorType;

/** Error codes of the sample warehouse. Names are stable API. */
public enum SampleErrorCode implements ErrorCode {
  /**
   * The sample warehouse file could not be built or moved into place (disk full, no permission, a
   * DuckDB failure). Retrying will not help until the directory is fixed.
   */
  SAMPLE_BUILD_FAILED(ErrorType.PERMANENT);

  private final ErrorType type;

  SampleErrorCode(ErrorType type) {
    this.type = type;
  }

  @Override
  public ErrorType type() {
    return type;
  }
}
