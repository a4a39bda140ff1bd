#!/usr/bin/env python3
"""Cold start to the first tools/list answer over stdio, 5 runs, for any command that serves MCP.

Usage (from the repository root):
  python3 mcp-adapter/coldstart.py ./snowchat mcp
  python3 mcp-adapter/coldstart.py "$(./snowchat java)/bin/java" -jar mcp-adapter/target/snowchat-mcp.jar
"""
import json
import statistics
import subprocess
import sys
import time

cmd = sys.argv[1:]
if not cmd:
    sys.exit(__doc__)
lines = [
    {"jsonrpc": "2.0", "id": 1, "method": "initialize", "params": {
        "protocolVersion": "2025-06-18", "capabilities": {},
        "clientInfo": {"name": "coldstart", "version": "1"}}},
    {"jsonrpc": "2.0", "method": "notifications/initialized"},
    {"jsonrpc": "2.0", "id": 2, "method": "tools/list"},
]
payload = "".join(json.dumps(m) + "\n" for m in lines).encode()
times = []
for _ in range(5):
    t0 = time.monotonic()
    p = subprocess.Popen(cmd, stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                         stderr=subprocess.DEVNULL)
    p.stdin.write(payload)
    p.stdin.flush()
    while True:
        line = p.stdout.readline()
        if not line or b'"id":2' in line:
            break
    times.append((time.monotonic() - t0) * 1000)
    p.stdin.close()
    p.wait()
print("cold start to first tools/list, ms:", [round(t) for t in times],
      "median", round(statistics.median(times)))
