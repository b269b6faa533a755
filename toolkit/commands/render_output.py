"""Rendering one output in this process: its bytes, or the diagnostics that say why there
are none. A failure of content is a diagnostic, never an exception; only an
operating-system failure (a temporary file, the font cache) stops the build."""

from __future__ import annotations

from pathlib import Path

from toolkit.audit.textfit import locate
from toolkit.core.diagnostics import Diagnostic, Loc, Severity
from toolkit.core.errors import os_failure
from toolkit.core.outputs import MissingPart, Output, RenderError, RenderFailure, TextOverflow
from toolkit.render.session import Session
from toolkit.render.templates import TemplateProblem


def overflow_finding(output: Output, exc: TextOverflow) -> Diagnostic:
    """RENDER-OVERFLOW at the content value holding the text that ran out of its box (at the
    output's first source when no value holds it)."""
    at = locate(exc.text, output.sources) or Loc(
        output.sources[0] if output.sources else output.path
    )
    return Diagnostic(at, Severity.ERROR, "RENDER-OVERFLOW", f"{output.path}: {exc}")


def render_output(session: Session, output: Output) -> tuple[bytes | None, list[Diagnostic]]:
    """Render one output; failures of content become diagnostics, never exceptions (an
    operating-system failure is a `WriteError`: the build stops with one clear line)."""

    session.warnings = []
    session.pages = 0
    where = Loc(output.sources[0] if output.sources else output.path)
    try:
        data = output.render(session)
    except RenderFailure as exc:
        return None, [*session.warnings, exc.diagnostic]
    except MissingPart as exc:  # its own error is reported where it failed
        return None, [*session.warnings, _not_assembled(session, output, exc)]
    except TemplateProblem as exc:
        return None, [
            *session.warnings,
            Diagnostic(where, Severity.ERROR, "RENDER-TEMPLATE", f"{output.path}: {exc}"),
        ]
    except TextOverflow as exc:
        content = [s for s in output.sources if not s.startswith("templates/")]
        if session.overflow_check and locate(exc.text, content) is None:
            # Text of the template's own (a label laid out past its line on purpose) is the
            # visual audit's to judge; the build fails only on content's text, at its field
            session.overflow_check = False
            try:
                return render_output(session, output)
            finally:
                session.overflow_check = True
        return None, [*session.warnings, overflow_finding(output, exc)]
    except RenderError as exc:
        return None, [
            *session.warnings,
            Diagnostic(where, Severity.ERROR, "RENDER-FAILED", f"{output.path}: {exc}"),
        ]
    except OSError as exc:  # the machine, not the content: a temporary file, the font cache
        raise os_failure(exc, output.path, "render") from None
    return data, list(session.warnings)


def _not_assembled(session: Session, output: Output, exc: MissingPart) -> Diagnostic:
    """RENDER-FAILED for an output assembled from a part that is missing: told at the content
    file the part is made from (a sheet is named after its file), where the part's own
    error is."""
    stem = Path(exc.path).stem
    made_from = next((s for s in output.sources if Path(s).stem == stem), None)
    kept = session.out_dir is not None and (session.out_dir / output.path).is_file()
    return Diagnostic(
        Loc(made_from) if made_from else Loc(output.sources[0] if output.sources else output.path),
        Severity.ERROR,
        "RENDER-FAILED",
        f"{output.path}: not assembled, {exc}; "
        + ("the previous one is kept" if kept else "none is written"),
    )
