"""`toolkit check --explain CODE`: what a diagnostic code means, where the rule comes from,
and an example of the fix. Core codes are listed in `core_rules`; a game's codes live in its
pack."""

from __future__ import annotations

import textwrap
from pathlib import Path

from toolkit.commands.core_rules import CORE_RULES
from toolkit.core.errors import ToolkitError
from toolkit.games import Rule, UnknownGame, load_pack
from toolkit.load.game_folders import discover_games

__all__ = ["CORE_RULES", "find_rule", "format_rule"]


def find_rule(code: str, content_dir: Path, game: str | None) -> Rule:
    """The rule for a code, from the core or from any game pack found."""
    code = code.strip().upper()
    if code in CORE_RULES:
        return CORE_RULES[code]
    try:
        games = discover_games(content_dir, game)
    except ToolkitError:
        games = []
    for gid in games:
        try:
            pack = load_pack(gid)
        except UnknownGame:
            continue
        if code in pack.rules:
            return pack.rules[code]
    raise ToolkitError(f"no rule with code {code}")


def format_rule(rule: Rule) -> str:
    """The text `--explain` prints."""
    lines = [f"{rule.code}: {rule.title}"]
    if rule.source:
        lines.append(f"Source: {rule.source}")
    lines += ["", textwrap.fill(rule.explain, 88)]
    if rule.example:
        lines += ["", "Example:", *("    " + ln for ln in rule.example.splitlines())]
    return "\n".join(lines)
