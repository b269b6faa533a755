"""The text of the files `toolkit init` writes beside the content (`toolkit.commands.init`):
the pre-commit config, the GitHub workflow, the `.gitignore` and the README."""

from __future__ import annotations

import json
import os

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
      - run: toolkit build --game {game}
      - uses: actions/upload-artifact@v4
        with:
          name: kit
          path: build/
"""


def readme(game: str) -> str:
    """The new repository's README: what is where, the commands, where the docs are."""
    return f"""\
# {game}: content

The content of a game for the print-kit toolkit: `content/{game}/` (one YAML file per card
or board), `rules/` (the rules texts the content cites), `schemas/` (for the editor), and
`templates/` if you restyle a page (a file there replaces the toolkit's file of the same
path, e.g. `templates/{game}/board.css`).

    toolkit check                  # the content against the game's rules
    toolkit build                  # the print kit, under build/{game}/
    toolkit serve                  # preview with live reload
    toolkit schema                 # after adding ids: the editor's completion lists

`pre-commit install` runs the check before every commit; `.github/workflows/content.yml`
checks and builds on every push. The toolkit's docs: its repository's `docs/` folder
(`docs/commands.md`, `docs/content.md`).
"""
