"""Reading a built kit's kit/PRINT.md and index.html as a DM would, for the kit tests of
every game: the bill of materials against the files on disk, and the gallery's sections."""

from __future__ import annotations

import math
import re
from pathlib import Path

import pikepdf

ROW = re.compile(
    r"^\| (\d+) \| `([^`]+)` \| (\d+) \| ([^|]+) \| ([^|]+) \| (single|double) "
    r"\| (\d+) \|"
)
TOTALS = re.compile(
    r"\*\*Totals: (\d+) printed pages on (\d+) sheets: (\d+) sheets of "
    r"[^,]*card stock[^,]*, (\d+) sheets of [^*]*paper\.\*\*"
)


def check_bill(kit: Path) -> list[tuple[int, str, int, str, int, bool, int]]:
    """Every row of the bill of materials agrees with its file: pages as the PDF has them,
    sheets from pages, sides and copies; the totals add up; the calibration sheet (where the
    kit has one) comes first, card stock before paper; What to bring and the print order
    follow. Returns the rows (number, path, pages, stock, copies, duplex, sheets)."""
    guide = (kit / "kit" / "PRINT.md").read_text(encoding="utf-8")
    assert guide.index("## What to print") < guide.index("## Print order")
    rows = []
    for line in guide.splitlines():
        m = ROW.match(line)
        if m is None:
            continue
        n, path, pages, stock, copies, sides, sheets = m.groups()
        count = int(re.match(r"(?:up to )?(\d+)", copies.strip())[1])  # type: ignore[index]
        with pikepdf.open(kit / path) as pdf:
            assert len(pdf.pages) == int(pages), (path, pages, len(pdf.pages))
        duplex = sides == "double"
        assert int(sheets) == (math.ceil(int(pages) / 2) if duplex else int(pages)) * count
        rows.append((int(n), path, int(pages), stock.strip(), count, duplex, int(sheets)))
    assert rows and [r[0] for r in rows] == list(range(1, len(rows) + 1))
    total = TOTALS.search(guide)
    assert total, "no totals line"
    card = sum(r[6] for r in rows if "card stock" in r[3])
    paper = sum(r[6] for r in rows if "card stock" not in r[3])
    assert (int(total[3]), int(total[4])) == (card, paper)
    assert int(total[2]) == card + paper
    assert int(total[1]) == sum(r[2] * r[4] for r in rows)
    if any("duplex-calibration" in r[1] for r in rows):
        assert "duplex-calibration" in rows[0][1]
    stock = [("card stock" in r[3]) for r in rows[1:] if "/tiles" not in r[1]]
    assert stock == sorted(stock, reverse=True), "card stock is printed before paper"
    assert "--back-offset" in guide
    return rows


def check_gallery(kit: Path, printed: dict[str, list[str]]) -> None:
    """index.html has a section per printed component (name: path patterns) holding its
    files, and links kit/PRINT.md."""
    import fnmatch

    html = (kit / "index.html").read_text(encoding="utf-8")
    assert 'href="kit/PRINT.md"' in html
    sections = re.split(r"<h2>", html)[1:]
    titles = {s.split("</h2>")[0].replace("&#39;", "'"): s for s in sections}
    for name, patterns in printed.items():
        assert name in titles, (name, sorted(titles))
        links = re.findall(r'<a href="([^"]+)">', titles[name])
        assert links and all(any(fnmatch.fnmatchcase(a, p) for p in patterns) for a in links)
