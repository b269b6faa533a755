"""God Emperor's mechanical fixes (`toolkit check --fix`): the Court's schedule put back in
month order (L76, L255-266: one sitting a month, in order), when its months are each there
once and only their order is wrong."""

from __future__ import annotations

from toolkit.edit.fixes import Fix, sort_by
from toolkit.games.god_emperor.index import Index
from toolkit.model.content import ContentSet


def content_fixes(content: ContentSet) -> list[Fix]:
    """The schedule sorted by month, where that alone makes GE-SCHEDULE-MONTH's order hold."""
    ix = Index.build(content)
    if ix is None:
        return []
    months = [s.month for s in ix.game.schedule]
    if months == sorted(months) or len(set(months)) != len(months):
        return []  # in order already; or a month twice or missing: the designer's to say
    return [
        Fix(
            str(ix.game.loc.path),
            "sorted the schedule by month (GE-SCHEDULE-MONTH, "
            "L76, L255-266: one sitting a month, in order)",
            sort_by("schedule", "month"),
        )
    ]
