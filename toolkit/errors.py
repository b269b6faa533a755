"""The one exception root: problems with how the toolkit was called or with the
machine (missing folder, unwritable output), never with content. Click prints it
and exits 2; content problems are diagnostics and exit 1."""

from __future__ import annotations

import click


class ToolkitError(click.ClickException):
    """A usage or I/O problem; exit code 2."""

    exit_code = 2
