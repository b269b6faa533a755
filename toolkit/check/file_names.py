"""Content files named for what they hold (`NNN-<slug>.yaml`): the check that a file's
name says what its content says.

A pack whose outputs are named after their content files (a sheet at
`sheets/factions/<file stem>.pdf`) needs the two to agree, or swapping two files' contents
prints each sheet under the other's name. Any pack with such files uses
`name_finding` with its own rule code.
"""

from __future__ import annotations

import re
import unicodedata
from pathlib import PurePosixPath

from toolkit.core.diagnostics import Diagnostic, error
from toolkit.validate.schema import Model


def slug(text: str) -> str:
    """`Thieves' Guild of Tehmor` -> `thieves-guild-of-tehmor`: lower-case ASCII letters
    and digits (accents dropped, apostrophes removed), words joined by hyphens."""
    ascii_ = unicodedata.normalize("NFKD", text).encode("ascii", "ignore").decode()
    ascii_ = re.sub(r"['\u2019]", "", ascii_.lower())
    return re.sub(r"[^a-z0-9]+", "-", ascii_).strip("-")


def numbered_stem(number: int, name: str, digits: int = 3) -> str:
    """The stem of a numbered file: `018-thieves-guild-of-tehmor`."""
    return f"{number:0{digits}d}-{slug(name)}"


def name_finding(doc: Model, stem: str, code: str, what: str) -> Diagnostic | None:
    """An error at the top of `doc`'s file when its name is not `<stem>` plus its
    extension; `what` says what the name is made from (e.g. "its number and name")."""
    path = PurePosixPath(doc.loc.path)
    if path.stem == stem:
        return None
    return error(
        doc.loc,
        code,
        f"the file is named {path.name}, but {what} make it "
        f"{stem}{path.suffix}: rename the file, or correct {what} if the file "
        "holds the wrong content",
    )
