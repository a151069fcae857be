"""``python -m scorekeeper``: the table-side app, or a subcommand (``score``, ``replay``...) for scripts."""

from __future__ import annotations

import sys
from collections.abc import Sequence


def main(argv: Sequence[str] | None = None) -> int:
    """Start the GUI when called with no arguments, else run the command line."""
    args = list(sys.argv[1:] if argv is None else argv)
    if not args or args == ["--smoke-test"]:
        try:
            from scorekeeper.gui.app import run_app
        except ModuleNotFoundError as error:
            if error.name != "scorekeeper.gui.app":
                raise
            from scorekeeper.cli import main as cli_main

            return cli_main(["--help"])
        return run_app(args or None)
    from scorekeeper.cli import main as cli_main

    return cli_main(args)


if __name__ == "__main__":
    sys.exit(main())
