"""Benchmark: `toolkit check` and `toolkit build` timings on the shipped content.

Run with `make bench`. Prints medians over repeated runs (the machines are
shared and noisy: read medians and ratios, not single runs): the cold-process
check against a bare interpreter start, the full sheet build on all cores
against the engine floor (about 55 ms of WeasyPrint layout per page per core),
and the rebuild of one sheet.
"""

from __future__ import annotations

import os
import shutil
import statistics
import subprocess
import sys
import tempfile
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


def report(label: str, cmd: list[str], runs: int = RUNS) -> float:
    timed(cmd)  # warm the page cache; every measured run is still a fresh process
    samples = [timed(cmd) for _ in range(runs)]
    med = statistics.median(samples)
    print(
        f"{label:<34} median {med * 1000:7.1f} ms   min {min(samples) * 1000:7.1f} ms   "
        f"max {max(samples) * 1000:7.1f} ms   ({runs} runs)"
    )
    return med


def main() -> None:
    files = sum(1 for _ in (ROOT / "content").rglob("*.yaml"))
    print(f"content: {files} YAML files")
    base = report("python -c pass (interpreter floor)", [sys.executable, "-c", "pass"])
    check = report("toolkit check (cold process)", [sys.executable, "-m", "toolkit", "check"])
    print(f"toolkit check: {check / base:.1f}x the bare interpreter start; target <= 500 ms")
    build_bench()


ENGINE_FLOOR = 0.055  # s of layout per page per core, measured for WeasyPrint on this kind


def build_bench() -> None:
    cores = os.cpu_count() or 1
    sheets = sum(1 for _ in (ROOT / "content" / "forty-factions").glob("[fp]*s/*.yaml"))
    with tempfile.TemporaryDirectory() as tmp:
        out = Path(tmp) / "build"
        py = [sys.executable, "-m", "toolkit", "build", "--out", str(out)]
        full = report(f"build {sheets} sheets + 2 decks, {cores} cores",
                      [*py, "--force", "--only", "sheets/*"], runs=3)  # fmt: skip
        floor = sheets * ENGINE_FLOOR / cores
        print(f"  engine floor {floor:.1f} s ({sheets} pages x 55 ms / {cores} cores): "
              f"{full / floor:.2f}x the floor")  # fmt: skip
        one = report("rebuild one sheet (cold process)",
                     [*py, "--force", "--only", "sheets/factions/018-*"], runs=5)  # fmt: skip
        print(f"  of which check + start-up: see `toolkit check` above; {one:.2f} s in all")
        report("build with nothing changed", [*py, "--only", "sheets/*"], runs=5)
        kit = report("whole kit from scratch (sheets, decks, cards)", [*py, "--force"], runs=1)
        print(f"  whole kit: {kit:.1f} s")
        shutil.rmtree(out, ignore_errors=True)


if __name__ == "__main__":
    main()
