"""Render stage: files put together from PDFs this build made (a deck from its sheets, a
card file from its cards' own pages), each of the kit's fonts embedded once.

The outputs they are made from are read as written (`Session.part`); the assembly itself
(`toolkit.render.deck_pdf`: pikepdf and fontTools) is imported only when a file is put
together, never by `toolkit check`, which lists these outputs without making them.
"""

from __future__ import annotations

from collections.abc import Sequence

from toolkit.render.session import Session


def assembled(files: Sequence[bytes], title: str) -> tuple[bytes, int]:
    """The pages of `files` (PDFs, in order) in one file titled `title`, and its page
    count (`toolkit.render.deck_pdf.assemble`)."""
    # pikepdf and fontTools' subsetter: 130 ms to import, only where a file is put together
    from toolkit.render.deck_pdf import assemble

    return assemble(files, title)


def deck(title: str, parts: Sequence[str], session: Session) -> bytes:
    """The outputs `parts` of this build (a path once per copy printed), their pages in
    order in one file titled `title`; the session notes its page count."""
    data, session.pages = assembled([session.part(path) for path in parts], title)
    return data
