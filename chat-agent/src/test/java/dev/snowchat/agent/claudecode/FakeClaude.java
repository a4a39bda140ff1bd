package dev.snowchat.agent.claudecode;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.List;
import java.util.OptionalLong;

/**
 * A fake {@code claude} executable (a POSIX shell script) that checks the flags it is started
 * with the way the engine must start the real CLI, then replays recorded stream-json, one file a
 * turn ({@code turnN.jsonl}; a {@code turnN.hang} marker makes it wait after the replay, as a
 * model that is still working). Started with a flag missing or wrong, it prints what is wrong to
 * stderr and exits 2, so every engine test also checks the flags.
 *
 * <p>The flags are those of {@code claude --help} of Claude Code 2.1.197 (npm
 * {@code @anthropic-ai/claude-code@2.1.197}): {@code -p}, {@code --input-format stream-json},
 * {@code --output-format stream-json}, {@code --verbose}, {@code --include-partial-messages},
 * {@code --mcp-config <configs...>}, {@code --strict-mcp-config}, {@code --tools ""}, {@code
 * --allowedTools}, {@code --permission-mode dontAsk}, {@code --setting-sources ""}, and the
 * subcommands {@code --version} and {@code auth status --json}.
 */
final class FakeClaude {
  static final String VERSION = "2.1.197 (Claude Code)";

  private static final String SCRIPT = """
      #!/bin/sh
      dir="$(dirname "$0")"
      case "$1" in
        --version) echo "%s"; exit 0 ;;
        auth) echo '{"loggedIn": %s, "authMethod": "claude.ai", "apiProvider": "firstParty"}'; exit 0 ;;
      esac
      n=$(ls "$dir" | grep -c '^args[0-9]*\\.txt$')
      n=$((n + 1))
      : > "$dir/args$n.txt"
      for a in "$@"; do printf '%%s\\n' "$a" >> "$dir/args$n.txt"; done
      echo $$ > "$dir/pid$n.txt"
      fail() { echo "fake claude: $1" >&2; exit 2; }
      [ "$ENABLE_TOOL_SEARCH" = "0" ] || fail "ENABLE_TOOL_SEARCH must be 0, got '$ENABLE_TOOL_SEARCH'"
      seen_p=; seen_verbose=; seen_strict=; seen_partial=; inf=; outf=; tools=unset; sources=unset
      mcp=; allowed=; perm=
      prev=
      for a in "$@"; do
        case "$prev" in
          --input-format) inf="$a" ;;
          --output-format) outf="$a" ;;
          --tools) tools="$a" ;;
          --setting-sources) sources="$a" ;;
          --mcp-config) mcp="$a" ;;
          --allowedTools) allowed="$a" ;;
          --permission-mode) perm="$a" ;;
        esac
        case "$a" in
          -p|--print) seen_p=1 ;;
          --verbose) seen_verbose=1 ;;
          --strict-mcp-config) seen_strict=1 ;;
          --include-partial-messages) seen_partial=1 ;;
          --dangerously-skip-permissions) fail "must not skip permission checks" ;;
        esac
        prev="$a"
      done
      [ -n "$seen_p" ] || fail "missing -p"
      [ "$inf" = "stream-json" ] || fail "--input-format must be stream-json, got '$inf'"
      [ "$outf" = "stream-json" ] || fail "--output-format must be stream-json, got '$outf'"
      [ -n "$seen_verbose" ] || fail "stream-json output needs --verbose"
      [ -n "$seen_partial" ] || fail "missing --include-partial-messages"
      [ -n "$seen_strict" ] || fail "missing --strict-mcp-config"
      [ "$tools" = "" ] || fail "--tools must be the empty string, got '$tools'"
      [ "$sources" = "" ] || fail "--setting-sources must be the empty string, got '$sources'"
      case "$mcp" in *'"mcpServers"'*'"snowchat"'*) ;; *) fail "--mcp-config lacks the snowchat server: '$mcp'" ;; esac
      [ "$allowed" = "mcp__snowchat" ] || fail "--allowedTools must be mcp__snowchat, got '$allowed'"
      [ "$perm" = "dontAsk" ] || fail "--permission-mode must be dontAsk, got '$perm'"
      t=0
      while IFS= read -r line; do
        t=$((t + 1))
        printf '%%s\\n' "$line" >> "$dir/stdin.txt"
        if [ -f "$dir/turn$t.jsonl" ]; then cat "$dir/turn$t.jsonl"; fi
        if [ -f "$dir/turn$t.hang" ]; then sleep 600; fi
      done
      """;

  final Path dir;
  final Path executable;

  private FakeClaude(Path dir, Path executable) {
    this.dir = dir;
    this.executable = executable;
  }

  static FakeClaude install(Path dir, boolean loggedIn) throws IOException {
    Path exe = dir.resolve("claude");
    Files.writeString(exe, SCRIPT.formatted(VERSION, loggedIn), StandardCharsets.UTF_8);
    Files.setPosixFilePermissions(exe, PosixFilePermissions.fromString("rwxr-xr-x"));
    return new FakeClaude(dir, exe);
  }

  /** Sets the stream-json lines the fake prints for its n-th input line. */
  FakeClaude turn(int n, List<String> lines) throws IOException {
    Files.writeString(dir.resolve("turn" + n + ".jsonl"), String.join("\n", lines) + "\n");
    return this;
  }

  /** Makes the fake wait after replaying its n-th turn, as a model still working. */
  FakeClaude hangAfter(int n) throws IOException {
    Files.writeString(dir.resolve("turn" + n + ".hang"), "");
    return this;
  }

  /** {@return the arguments of the n-th start, one per line as given} */
  List<String> args(int start) throws IOException {
    return Files.readAllLines(dir.resolve("args" + start + ".txt"));
  }

  /** {@return the lines the fake read on stdin, over all starts} */
  List<String> stdin() throws IOException {
    Path p = dir.resolve("stdin.txt");
    return Files.exists(p) ? Files.readAllLines(p) : List.of();
  }

  /** {@return the process id of the n-th start, when it started} */
  OptionalLong pid(int start) throws IOException {
    Path p = dir.resolve("pid" + start + ".txt");
    return Files.exists(p) ? OptionalLong.of(Long.parseLong(Files.readString(p).strip()))
        : OptionalLong.empty();
  }
}
