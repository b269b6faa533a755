"""Benchmark: `toolkit check` and `toolkit build` timings on the shipped content.

Run with `make bench`. Prints medians over repeated runs (the machines are
shared and noisy: read medians and ratios, not single runs): the cold-process
check against a bare interpreter start, the full sheet build on all cores
against the engine floor (about 55 ms of WeasyPrint layout per page per core),
and the rebuild of one sheet.
"""

from __future__ import annotations

import json
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
    check = report(
        "toolkit check, Forty Factions",
        [sys.executable, "-m", "toolkit", "check", "--game", "forty-factions"],
    )
    print(f"toolkit check: {check / base:.1f}x the bare interpreter start; target <= 500 ms")
    report("toolkit check, all three games", [sys.executable, "-m", "toolkit", "check"])
    build_bench()
    other_games_bench()


def other_games_bench() -> None:
    """The other game packs' whole kits, and a God Emperor cast of 200 players."""
    with tempfile.TemporaryDirectory() as tmp:
        out = Path(tmp) / "build"
        for game in ("worldspanner", "god-emperor"):
            report(f"{game}: whole kit from scratch",
                   [sys.executable, "-m", "toolkit", "build", "--game", game, "--out", str(out),
                    "--force"], runs=3)  # fmt: skip
        content = Path(tmp) / "content"
        shutil.copytree(ROOT / "content" / "god-emperor", content / "god-emperor")
        game = content / "god-emperor" / "game.yaml"
        game.write_text(game.read_text().replace("ranks: 5", "ranks: 25"))
        houses = ["cat", "swords", "snake", "wolf", "eagle", "bear", "ram", "unicorn", "octopus"]
        rows = "\n".join(f"Player {n:03d},{houses[n % 9]}," for n in range(200))
        (content / "god-emperor" / "cast.yaml").unlink()
        (content / "god-emperor" / "cast.csv").write_text("name,house,rank\n" + rows + "\n")
        report("god-emperor: 200-player cast, whole kit",
               [sys.executable, "-m", "toolkit", "build", "--content", str(content), "--out",
                str(out / "cast200"), "--force"], runs=3)  # fmt: skip


ENGINE_FLOOR = 0.055  # s of layout per page per core, measured for WeasyPrint on this kind


def build_bench() -> None:
    cores = os.cpu_count() or 1
    sheets = sum(1 for _ in (ROOT / "content" / "forty-factions").glob("[fp]*s/*.yaml"))
    with tempfile.TemporaryDirectory() as tmp:
        out = Path(tmp) / "build"
        py = [sys.executable, "-m", "toolkit", "build", "--game", "forty-factions", "--out",
              str(out)]  # fmt: skip
        full = report(f"build {sheets} sheets + 2 decks, {cores} cores",
                      [*py, "--force", "--only", "sheets/*"], runs=3)  # fmt: skip
        floor = sheets * ENGINE_FLOOR / cores
        print(f"  engine floor {floor:.1f} s ({sheets} pages x 55 ms / {cores} cores): "
              f"{full / floor:.2f}x the floor")  # fmt: skip
        one = report("rebuild one sheet (cold process)",
                     [*py, "--force", "--only", "sheets/factions/018-*"], runs=5)  # fmt: skip
        print(f"  of which check + start-up: see `toolkit check` above; {one:.2f} s in all")
        report("build with nothing changed", [*py, "--only", "sheets/*"], runs=5)
        kit = report("whole kit from scratch (sheets, decks, cards, boards)", [*py, "--force"],
                     runs=1)  # fmt: skip
        manifest = json.loads((out / "forty-factions" / "kit" / "manifest.json").read_text())
        pages = sum(e["pages"] for e in manifest["outputs"] if e["path"].endswith(".pdf"))
        print(f"  whole kit: {kit:.1f} s for {pages} pages, {pages / kit:.0f} pages/s")
        report("no-change rebuild of the whole kit", py, runs=5)
        edit_bench(py, Path(tmp))
        shutil.rmtree(out, ignore_errors=True)


def edit_bench(py: list[str], tmp: Path) -> None:
    """One-faction edit: in a fresh process, and in a warm process as `--watch` keeps it."""
    import resource

    content = tmp / "content"
    shutil.copytree(ROOT / "content", content)
    out = tmp / "edit-build"
    base = [sys.executable, "-m", "toolkit", "build", "--content", str(content), "--out",
            str(out), "--game", "forty-factions"]  # fmt: skip
    timed(base)
    faction = next((content / "forty-factions" / "factions").glob("005-*.yaml"))
    original = faction.read_text()
    samples = []
    for i in range(3):
        faction.write_text(original + f"alignment: Neutral {i}\n")
        samples.append(timed(base))
    print(f"{'one-faction edit (cold process)':<34} median {statistics.median(samples):7.2f} s")
    faction.write_text(original)
    sheet = out / "forty-factions" / "sheets" / "factions" / f"{faction.stem}.pdf"
    warm_bench(content, out, faction, sheet)
    watch_bench(base, faction, sheet, tmp / "watch.log")
    peak = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss / 1024
    print(f"peak memory of any one build process: {peak:.0f} MB")


def warm_bench(content: Path, out: Path, faction: Path, sheet: Path) -> None:
    """The rebuild alone, in a warm process as `--watch` keeps it (no waiting for the save
    to be heard): from the call to the sheet on disk, and to every dependant rebuilt."""
    code = (
        "import time; from pathlib import Path; from toolkit import api; "
        "from toolkit.build import BuildOptions\n"
        f"c=Path({str(content)!r}); o=BuildOptions(out=Path({str(out)!r}), jobs=1)\n"
        "api.build(c, 'forty-factions', o); api.settle()\n"
        f"f=Path({str(faction)!r}); p=Path({str(sheet)!r}); orig=f.read_text(); t=[]; w=[]\n"
        "try:\n"
        "    for i in range(7):\n"
        "        f.write_text(orig + f'alignment: Warm {i}\\n'); s=time.time()\n"
        "        r=api.build(c, 'forty-factions', o); t.append(time.time()-s)\n"
        "        assert not r.failed; w.append(p.stat().st_mtime-s); api.settle()\n"
        "finally:\n"
        "    f.write_text(orig)\n"
        "print(sorted(w)[3], sorted(t)[3])\n"
    )
    proc = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True)
    if proc.returncode != 0:
        print(f"warm rebuild failed: {proc.stderr[-500:]}")
        return
    sheet_s, whole_s = (float(v) for v in proc.stdout.split())
    print(f"{'one-faction edit, warm rebuild':<34} median: its sheet on disk "
          f"{sheet_s * 1000:.0f} ms after the build starts, every dependant after "
          f"{whole_s * 1000:.0f} ms (7 edits)")  # fmt: skip


def watch_bench(base: list[str], faction: Path, sheet: Path, log_path: Path) -> None:
    """A designer's loop, end to end: `toolkit build --watch` running, a real edit saved;
    the time from the save to the sheet on disk, and to every dependant rebuilt."""
    original = faction.read_text()
    to_sheet, to_all = [], []
    with open(log_path, "w") as log:
        proc = subprocess.Popen([*base, "--watch"], cwd=ROOT, stdout=log, stderr=subprocess.STDOUT,
                                env=dict(os.environ, PYTHONUNBUFFERED="1"))  # fmt: skip
    try:
        deadline = time.time() + 300
        while log_path.read_text().count(" built") < 1 and time.time() < deadline:
            time.sleep(0.05)
        for i in range(7):
            time.sleep(1.0)  # the previous rebuild and its garbage collection are done
            builds = log_path.read_text().count(" built")
            before = sheet.stat().st_mtime_ns
            faction.write_text(original + f"alignment: Watched {i}\n")
            saved = time.time()
            while sheet.stat().st_mtime_ns == before and time.time() - saved < 30:
                time.sleep(0.002)
            to_sheet.append(time.time() - saved)
            while log_path.read_text().count(" built") == builds and time.time() - saved < 30:
                time.sleep(0.002)
            to_all.append(time.time() - saved)
    finally:
        proc.terminate()
        proc.wait(timeout=20)
        faction.write_text(original)
    print(f"{'one-faction edit (--watch running)':<34} median: its sheet on disk "
          f"{statistics.median(to_sheet) * 1000:.0f} ms after the save, every dependant "
          f"rebuilt after {statistics.median(to_all) * 1000:.0f} ms (7 saves)")  # fmt: skip


if __name__ == "__main__":
    main()
