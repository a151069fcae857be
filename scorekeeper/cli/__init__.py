"""The command-line face: thin, over engine, session and storage.

Each subcommand is a module here with ``add_parser(subparsers)`` and ``run(args) -> int``; this module only
dispatches. ``python -m scorekeeper`` with no subcommand starts the GUI instead (see ``scorekeeper.__main__``).
"""

from __future__ import annotations

import argparse
import importlib
import sys
from collections.abc import Sequence
from typing import Protocol, cast

from scorekeeper import __version__

__all__ = ["SUBCOMMANDS", "build_parser", "main"]

#: The subcommand modules, in the order ``--help`` lists them.
SUBCOMMANDS: tuple[str, ...] = ("score", "waits", "replay", "export")


class _Subcommand(Protocol):
    def add_parser(self, subparsers: argparse._SubParsersAction[argparse.ArgumentParser]) -> None: ...

    def run(self, args: argparse.Namespace) -> int: ...


def _load(name: str) -> _Subcommand | None:
    try:
        module = importlib.import_module(f"scorekeeper.cli.{name}")
    except ModuleNotFoundError as error:
        if error.name == f"scorekeeper.cli.{name}":
            return None
        raise
    return cast(_Subcommand, module)


def build_parser() -> argparse.ArgumentParser:
    """The argument parser with every available subcommand."""
    parser = argparse.ArgumentParser(
        prog="scorekeeper",
        description="Riichi mahjong score keeper. Without a subcommand, starts the table-side app.",
    )
    parser.add_argument("--version", action="version", version=f"scorekeeper {__version__}")
    subparsers = parser.add_subparsers(dest="command", metavar="COMMAND")
    for name in SUBCOMMANDS:
        module = _load(name)
        if module is not None:
            module.add_parser(subparsers)
            subparsers.choices[name].set_defaults(_run=module.run)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    """Run one subcommand and return its exit status."""
    parser = build_parser()
    args = parser.parse_args(argv)
    run = getattr(args, "_run", None)
    if run is None:
        parser.print_help(sys.stderr)
        return 2
    return cast(int, run(args))
