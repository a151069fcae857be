"""``python -m scorekeeper``: the table-side app, or a subcommand (``score``, ``replay``...) for scripts."""

from __future__ import annotations

import os
import sys
from collections.abc import Sequence

#: Commands whose process ends as soon as its answers are written, without the interpreter's teardown (issue 15):
#: they hold nothing to close but standard input and output (no database, no file, no worker left running), and
#: the teardown, freeing every table the scorer filled, cost ~40 ms of a 20,000-hand ``score --json`` (4%).
_ENDS_AT_ONCE = frozenset({"score", "waits"})


def _end_now(status: int) -> None:
    """End the process with ``status`` once standard output and error are written; if they cannot be, return and
    let the ordinary exit report it."""
    try:
        sys.stdout.flush()
        sys.stderr.flush()
    except (OSError, ValueError, AttributeError):
        return
    os._exit(status)


def main(argv: Sequence[str] | None = None) -> int:
    """Start the GUI when called with no arguments, else run the command line.

    Called as the process's entry (no ``argv``: the ``scorekeeper`` script, ``python -m scorekeeper``), ``score``
    and ``waits`` end the process themselves when done (see ``_ENDS_AT_ONCE``).
    """
    args = list(sys.argv[1:] if argv is None else argv)
    if not args or args == ["--smoke-test"]:
        # Nothing of the core before the table is on screen: a picture of it kept at the last close is shown first
        # and the window built then (gui/table_picture.py, issue 24).
        try:
            from scorekeeper.gui.app import run_app
        except ModuleNotFoundError as error:
            if error.name != "scorekeeper.gui.app":
                raise
            from scorekeeper.cli import main as cli_main

            return cli_main(["--help"])
        return run_app(args or None)
    from scorekeeper.cli import main as cli_main

    status = cli_main(args)
    if argv is None and args[0] in _ENDS_AT_ONCE:
        _end_now(status)
    return status


if __name__ == "__main__":
    sys.exit(main())
