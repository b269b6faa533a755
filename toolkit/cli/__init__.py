"""The command line: click only. Each command declares its options and help, then makes
one call into `toolkit.commands`; what it prints and its exit code are the contract (exit 0
success, 1 content breaks a rule or the schema, 2 a usage or I/O problem).

    app       the `toolkit` group, its commands, `main` (the console script)
    options   the options several commands share, each declared once
    runner    the orchestrator imported on first use; a report printed with its exit code
    content   check, coverage, calc          kit      build, serve
    edit      new, rename, schema            project  init, audit, clean
    setup     setup GAME (its options come from the game's pack)

What is heavy to import (the orchestrator, the audit's PDF readers) is imported inside
the commands that need it, so `toolkit --help` and `toolkit check` start fast.
"""

from toolkit.cli.app import cli, main

__all__ = ["cli", "main"]
