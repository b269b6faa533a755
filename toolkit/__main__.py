"""`python -m toolkit` runs the command line."""

import gc

gc.disable()  # while the command line is imported: `toolkit.cli.main` says when it runs

from toolkit.cli import main  # noqa: E402

main()
