"""Make toolkit/templates/common/icc/FOGRA39L-coated.icc, the CMYK profile of
`--preset pod`.

The print-shop PDF/X-4 names its output condition, offset printing on coated paper
(ISO 12647-2, FOGRA39), and embeds a profile of it. The profiles printers usually embed
for FOGRA39 (Adobe's, ECI's) may not be redistributed freely, and the CMYK profiles
Ghostscript ships are AGPL; Fogra's own characterization data for the condition is, in
Debian's icc-profiles-free (FOGRA39L.ti3, zlib licence). This script makes the profile from
that data with ArgyllCMS (`colprof`, medium quality, Argyll's default black generation,
330 % total ink as FOGRA39 allows, no measurement data stored in it). Its result is
committed and shipped in the package, so the build reads nothing outside it; run this by
hand only to make it anew (needs Debian's argyll and icc-profiles-free):

    .venv/bin/python scripts/cmyk_profile.py
"""

from __future__ import annotations

import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
OUT = ROOT / "toolkit" / "templates" / "common" / "icc" / "FOGRA39L-coated.icc"
DATA = Path("/usr/share/color/icc/FOGRA39L.ti3")
DESCRIPTION = "Coated FOGRA39 (toolkit, from Fogra's FOGRA39L data with ArgyllCMS)"
COPYRIGHT = (
    "Made from FOGRA39L.ti3 (Fogra; packaged by Kai-Uwe Behrmann), zlib licence: see LICENSE"
)


def main() -> int:
    colprof = shutil.which("colprof")
    if colprof is None or not DATA.exists():
        print(
            "needs Debian's argyll (colprof) and icc-profiles-free (FOGRA39L.ti3)", file=sys.stderr
        )
        return 2
    with tempfile.TemporaryDirectory() as tmp:
        shutil.copy(DATA, Path(tmp) / "FOGRA39L.ti3")
        subprocess.run(
            [
                colprof,
                "-qm",
                "-nc",
                "-l330",
                "-D",
                DESCRIPTION,
                "-C",
                COPYRIGHT,
                "-O",
                str(OUT),
                "FOGRA39L",
            ],
            cwd=tmp,
            check=True,
        )
    print(f"{OUT.relative_to(ROOT)}: {OUT.stat().st_size} bytes")
    return 0


if __name__ == "__main__":
    sys.exit(main())
