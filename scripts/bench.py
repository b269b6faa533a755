"""Benchmark: cold-process time of `toolkit check` on all shipped content.

Run with `make bench`. Prints the median and the spread over repeated runs
(the machines are shared and noisy: read medians, not single runs), and the
time of an empty Python start for comparison.
"""

from __future__ import annotations

import statistics
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
RUNS = 15


def timed(cmd: list[str]) -> float:
    start = time.perf_counter()
    proc = subprocess.run(cmd, cwd=ROOT, capture_output=True, text=True)
    elapsed = time.perf_counter() - start
    if proc.returncode != 0:
        sys.exit(f"{' '.join(cmd)} failed ({proc.returncode}):\n{proc.stdout}\n{proc.stderr}")
    return elapsed


def report(label: str, cmd: list[str]) -> float:
    timed(cmd)  # warm the page cache; every measured run is still a fresh process
    samples = [timed(cmd) for _ in range(RUNS)]
    med = statistics.median(samples)
    print(
        f"{label:<34} median {med * 1000:7.1f} ms   min {min(samples) * 1000:7.1f} ms   "
        f"max {max(samples) * 1000:7.1f} ms   ({RUNS} runs)"
    )
    return med


def main() -> None:
    files = sum(1 for _ in (ROOT / "content").rglob("*.yaml"))
    print(f"content: {files} YAML files")
    base = report("python -c pass (interpreter floor)", [sys.executable, "-c", "pass"])
    check = report("toolkit check (cold process)", [sys.executable, "-m", "toolkit", "check"])
    print(f"toolkit check: {check / base:.1f}x the bare interpreter start; target <= 500 ms")


if __name__ == "__main__":
    main()
