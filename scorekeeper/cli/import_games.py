"""``scorekeeper import FILE... [--db DB]``: add game records to the game store.

Each FILE holds one game record (``scorekeeper-game`` JSON) or several, one a line. Every file is read and every
game replayed before anything is stored: a bad file stores nothing and is named on standard error (exit status 1).
A game already in the store (the same record, by its fingerprint) is skipped, so importing twice changes nothing.
Players join the registry by name; where a name matches several entries, the command asks which one at a terminal
(and otherwise joins the oldest entry of exactly that name, or a new one). ``--db`` defaults to the app's database.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path
from typing import TYPE_CHECKING

from scorekeeper.errors import ScorekeeperError

if TYPE_CHECKING:
    from scorekeeper.storage.imports import Choose
    from scorekeeper.storage.registry import Player

__all__ = ["add_parser", "database_path", "run"]


def add_parser(subparsers: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """Register the ``import`` subcommand."""
    parser = subparsers.add_parser(
        "import",
        help="add game records (scorekeeper-game JSON, or JSON Lines of them) to the game store",
        description="Add game records to the game store; a game already stored is skipped.",
    )
    parser.add_argument("files", nargs="+", metavar="FILE", type=Path, help="game record files")
    parser.add_argument("--db", type=Path, metavar="DB", help="the database (default: the app's)")


def database_path(db: Path | None) -> Path:
    """The database a command uses: ``--db``, or the app's own."""
    from scorekeeper.storage.files import default_database_path, standard_data_folder

    return db if db is not None else default_database_path(standard_data_folder())


def _chooser() -> Choose:
    """Ask at the terminal which registry entry an ambiguous name means (or a new entry)."""
    from scorekeeper.storage.imports import NEW_PLAYER

    def choose(name: str, candidates: tuple[Player, ...]) -> int | None:
        sys.stderr.write(f"'{name}' matches {len(candidates)} players:\n")
        for number, player in enumerate(candidates, start=1):
            sys.stderr.write(f"  {number}. {player.name} (player {player.id}, {player.games} games)\n")
        sys.stderr.write(f"which one is it? [1-{len(candidates)}; n: a new player; Enter: {candidates[0].name}] ")
        sys.stderr.flush()
        answer = sys.stdin.readline().strip().casefold()
        if answer.isdigit() and 1 <= int(answer) <= len(candidates):
            return candidates[int(answer) - 1].id
        if answer == "n":
            return NEW_PLAYER
        return candidates[0].id

    return choose


def run(args: argparse.Namespace) -> int:
    """Import the files; report what was stored and skipped."""
    from scorekeeper.storage.imports import import_records, read_records
    from scorekeeper.storage.store import GameStore

    try:
        records = [item for path in args.files for item in read_records(path)]
        with GameStore.open(database_path(args.db)) as store:
            choose = _chooser() if sys.stdin.isatty() else None
            report = import_records(store, records, choose=choose)
    except ScorekeeperError as error:
        sys.stderr.write(f"scorekeeper import: error: {error}\n")
        return 1
    sys.stdout.write(f"imported {len(report.imported)} game(s); {len(report.skipped)} already in the store\n")
    return 0
