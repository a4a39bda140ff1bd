package dev.snowchat.agent;

import java.util.List;

/**
 * Where tools come from: an in-process adapter, an MCP client, a fixed list. The agent asks for
 * the tools at the start of every turn, so a source may change them between turns.
 */
public interface ToolSource extends AutoCloseable {
  /** {@return the tools, names unique within the source} */
  List<Tool> tools();

  /** Releases the source (the agent closes its sources in {@link ChatAgent#close()}). */
  @Override
  default void close() {}

  /**
   * A source of a fixed list of tools.
   *
   * @param tools the tools
   * @return the source
   */
  static ToolSource of(List<? extends Tool> tools) {
    List<Tool> copy = List.copyOf(tools);
    return () -> copy;
  }
}
