"""God Emperor references for Control: the reference (timings, schedule, costs, laws),
the set-up checklist, the screen and the offline companion page, the last two generated
from the rules procedures (`toolkit.games.god_emperor.screen`)."""

from __future__ import annotations

from functools import partial

import toolkit.games.god_emperor.facts as facts
from toolkit.core.marks import is_placeholder
from toolkit.core.outputs import BuildOptions, Output
from toolkit.games.god_emperor.index import Index
from toolkit.games.god_emperor.outputs.pages import page_output
from toolkit.games.god_emperor.screen import panels
from toolkit.games.god_emperor.setup_sheet import checklist, house_rows
from toolkit.games.god_emperor.tally import tally_data
from toolkit.model.content import ContentSet
from toolkit.render.companion import Tally, companion_output
from toolkit.render.screen import SCREEN_TEMPLATES, render_screen

T = "templates/god-emperor"


def reference_output(ix: Index, content: ContentSet, options: BuildOptions) -> Output:
    """The Control reference, with the timings and the schedule as the rules print them and
    the content's waivers quoted where the rules disagree with themselves."""
    g = ix.game
    schedule = _schedule(ix)
    reasons = {w.rule: " ".join(w.reason.split()) for w in g.waive}
    # the region lists as corrected: Control's map differs from the printed rules there
    errata = tuple(
        f"Erratum ({e.source}): printed '{e.printed}'. {' '.join(e.note.split())}"
        for e in g.errata
        if e.field.startswith("provinces.")
    )
    ug = ix.underground
    return page_output(
        "reference/control.pdf",
        "reference",
        "god-emperor/reference.html.j2",
        (*sorted(content.files), *SCREEN_TEMPLATES),
        3,
        facts.schedule(schedule, len(g.houses)),
        game=g,
        court=ix.court,
        panels=panels(ix, marks=not options.final),
        underground=ug,
        favors=ix.favors,
        master_held=ug is not None and is_placeholder(ug, "master_play"),
        # how many of each minion a House's deck holds the rules do not say (L482-485)
        deck_held=tuple(
            i for i in range(len(ug.deck if ug else ())) if is_placeholder(ug, f"deck.{i}.count")
        ),
        schedule=schedule,
        timing_notes=tuple(v for k, v in reasons.items() if k == "GE-TIMING"),
        schedule_notes=tuple(v for k, v in reasons.items() if k.startswith("GE-SCHEDULE")) + errata,
    )


def _schedule(ix: Index) -> tuple[dict[str, object], ...]:
    """The schedule as the reference prints it: each month's province, host, place and
    proposers, by name."""
    houses = ix.houses
    names = {p.id: p.name for p in ix.game.provinces}
    return tuple(
        {
            "month": s.month,
            "province": names.get(s.province, "—"),
            "host": houses[s.host].name if s.host in houses else "—",
            "place": s.region or s.place,
            "proposers": ", ".join(houses[p].name for p in s.proposers if p in houses) or "—",
        }
        for s in ix.game.schedule
    )


def setup_output(ix: Index, content: ContentSet) -> Output:
    """Control's set-up checklist: what goes where before Month 1, with its rules."""
    return page_output(
        "reference/control-setup.pdf",
        "setup",
        "god-emperor/setup.html.j2",
        (*sorted(content.files), f"{T}/forms.css"),
        1,
        facts.setup(house_rows(ix)),
        **checklist(ix),
    )


def screen_outputs(ix: Index, content: ContentSet, options: BuildOptions) -> list[Output]:
    """Control's screen (landscape panels to fold) and the offline companion page, both
    generated from the rules procedures (a placeholder marked, not in a `--final` kit)."""

    built = panels(ix, marks=not options.final)
    srcs = tuple(sorted(content.files))
    tally = Tally("god-emperor/tally.html.j2", tally_data(ix))
    return [
        Output(
            "reference/dm-screen.pdf",
            "dm-screen",
            (*srcs, *SCREEN_TEMPLATES),
            partial(render_screen, ix.game.title, built, 8.4, name="Control screen"),
            group="reference",
            cost=2,
        ),
        companion_output(ix.game.title, built, tally, srcs),
    ]
