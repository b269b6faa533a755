"""The text of the files `toolkit init` writes beside the content (`toolkit.commands.init`):
the pre-commit config, the GitHub workflow, the `.gitignore` and the README (a copied
game's, or a new game's scaffolding's: what is the shipped game's and what is left to
write)."""

from __future__ import annotations

import json
import os
from collections.abc import Sequence

HOOK_ID = "toolkit-check"  # the hook the toolkit's .pre-commit-hooks.yaml declares

GITIGNORE = """\
# outputs of `toolkit build` and caches: never committed
build/
__pycache__/
.cache/
# an edit `toolkit rename` or `check --fix` was killed in: finished or undone locally
"""


def pip_requirement(repo: str, rev: str) -> str:
    """The toolkit as pip installs it from `repo` at `rev`."""
    local = repo.startswith(("/", "./", "../"))  # a folder on this machine
    url = f"file://{os.path.abspath(repo)}" if local else repo.removeprefix("git+")
    return f"toolkit @ git+{url}@{rev}"


def pre_commit_config(repo: str, rev: str) -> str:
    """`.pre-commit-config.yaml`: the toolkit's hook from `repo` at `rev`."""
    return f"""\
# pre-commit (https://pre-commit.com): `pre-commit install` once, then every commit that
# touches content, rules texts or template overrides is checked against the game's rules.
repos:
  - repo: {json.dumps(repo)}
    rev: {json.dumps(rev)}
    hooks:
      - id: {HOOK_ID}
        files: ^(content|rules|templates)/
"""


def workflow(repo: str, rev: str, game: str) -> str:
    """`.github/workflows/content.yml`: install the toolkit, check, build, keep the kit."""
    return f"""\
# Checks the content against the game's rules (findings as annotations on the lines at
# fault) and builds the print kit, kept as the run's artifact `kit`.
name: content
on:
  pull_request:
  push:
    branches: [main]
permissions:
  contents: read
jobs:
  check-and-build:
    runs-on: ubuntu-latest
    steps:
      - uses: actions/checkout@v4
      - uses: actions/setup-python@v5
        with:
          python-version: "3.11"
      - name: Pango and HarfBuzz (WeasyPrint lays out the pages)
        run: |
          sudo apt-get update -qq
          sudo apt-get install -y -qq --no-install-recommends \\
            libpango-1.0-0 libpangoft2-1.0-0 libharfbuzz-subset0
      - name: Install the toolkit
        run: python -m pip install {json.dumps(pip_requirement(repo, rev))}
      - run: toolkit check --format github
      # --force: every file made here from the content; a build/ the pull request
      # committed is never taken as up to date
      - run: toolkit build --game {game} --force
      - uses: actions/upload-artifact@v4
        with:
          name: kit
          path: build/
"""


def readme(game: str) -> str:
    """The new repository's README: what is where, the commands, where the docs are."""
    return f"""\
# {game}: content

The content of a game for the print-kit toolkit: {_layout(game)}

{_commands(game)}"""


def scaffolding_readme(
    game: str, folders: Sequence[tuple[str, str, str]], kinds: Sequence[tuple[str, str]]
) -> str:
    """The README of a new game's scaffolding (`toolkit init --game`): what it holds, what
    is the shipped game's and why, the card folders to fill (`folders`: folder, its content
    kind, what one file there holds) and the kinds of card `toolkit new` makes (`kinds`:
    kind, what)."""
    commands = [(f'toolkit new {game} {kind} name="..."', doc) for kind, doc in kinds]
    width = max((len(c) for c, _doc in commands), default=0) + 2
    new = "".join(f"    {c:<{width}}# {doc}\n" for c, doc in commands)
    return f"""\
# {game}: a new game

The content of a new game of {game} for the print-kit toolkit, made by `toolkit init
--game {game}`: {_layout(game)}

## What is here, and what is yours to write

`game.yaml`, and every other file of `content/{game}/` that is not a card, is the shipped
game's as the toolkit's project holds it: it carries the rules' facts the checks
use (the numbers, names and tables the rules texts in `rules/` state, each with its
citation), so keep it and change what your game changes. A value the rules do not give is
listed in its file's `placeholders:`; `toolkit coverage` lists them file by file.

{_card_folders(game, folders)}
`toolkit new` adds a card: every value the rules decide filled in, every other one a
placeholder marked as such (`toolkit new {game}` lists the kinds and what each takes):

{new}
Until the cards are written, `toolkit check` reports what the rules still need (a deck
without its cards, a board or a table naming a card not written yet), each at its file and
line, and `toolkit build` refuses to build while an error is left. `toolkit build --draft`
builds despite rule errors, each page made from a file with one stamped DRAFT (a page that
cannot be laid out still stops it).

{_commands(game)}"""


def _card_folders(game: str, folders: Sequence[tuple[str, str, str]]) -> str:
    """The paragraph on the card folders of a new game's scaffolding, each with the editor
    schema its files follow (a kind `toolkit new` does not make is written by hand)."""
    if not folders:
        return (
            f"{game} keeps no card in a folder of its own: its cards are entries of its files\n"
            "(`toolkit new` adds one there), and the cards the shipped game holds as samples are\n"
            "listed in their file's `placeholders:`, to be replaced.\n"
        )
    width = max(len(f"content/{game}/{f}/") for f, _kind, _doc in folders) + 2
    listed = "".join(
        f"    {f'content/{game}/{f}/':<{width}}{doc}\n    {'':<{width}}"
        f"(schemas/{game}/{kind}.schema.json)\n"
        for f, kind, doc in folders
    )
    return (
        "The cards are yours to write. Their folders are empty (git keeps no empty folder:\n"
        "`toolkit new` makes a card's folder when it writes the first card there; a kind it\n"
        "does not make is written by hand, its editor schema named below):\n\n"
        f"{listed}"
    )


def _layout(game: str) -> str:
    return f"""\
`content/{game}/` (one YAML file per card
or board), `rules/` (the rules texts the content cites), `schemas/` (for the editor), and
`templates/` if you restyle a page (a file there replaces the toolkit's file of the same
path, e.g. `templates/{game}/board.css`)."""


def _commands(game: str) -> str:
    return f"""\
    toolkit check                  # the content against the game's rules
    toolkit build                  # the print kit, under build/{game}/
    toolkit serve                  # preview with live reload
    toolkit schema                 # after adding ids: the editor's completion lists

`pre-commit install` runs the check before every commit; `.github/workflows/content.yml`
checks and builds on every push. The toolkit's docs: its repository's `docs/` folder
(`docs/commands.md`, `docs/content.md`).
"""
