"""``scorekeeper import FILE... [--db DB]``: add game records to the game store.

Each FILE holds one game record (``scorekeeper-game`` JSON) or several, one a line. Every file is read and every
game replayed before anything is stored: a bad file stores nothing and is named on standard error (exit status 1).
A game already in the store (the same record, by its fingerprint) is skipped, so importing twice changes nothing.
Players join the registry by name; where a name matches several entries, the command asks which one at a terminal
(and otherwise joins the oldest entry of exactly that name, or a new one). Substitutes who came in during a game
join the same way, or, with ``--substitutes new`` or ``guest``, as new entries or guests; the command says how
each substitute joined (and a name several entries carry that nobody was asked about, or a name the registry
refuses, which sits as a guest). ``--db`` defaults to the app's database.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path
from typing import TYPE_CHECKING, assert_never

from scorekeeper.errors import ScorekeeperError

if TYPE_CHECKING:
    from scorekeeper.storage.imports import Choose, ImportedName
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
    parser.add_argument(
        "--substitutes",
        choices=("ask", "oldest", "new", "guest"),
        default="ask",
        help="how substitutes who came in during a game join the registry: ask (as the four who sat down: asked at "
        "a terminal where several players have the name, else the oldest), oldest (the oldest player of exactly "
        "that name, or a new one), new (a new player each, apart from any namesake), guest (no player: in no "
        "statistics); default: ask",
    )


def database_path(db: Path | None) -> Path:
    """The database a command uses: ``--db``, or the app's own."""
    from scorekeeper.storage.files import default_database_path, standard_data_folder

    return db if db is not None else default_database_path(standard_data_folder())


def _chooser() -> Choose:
    """Ask at the terminal which registry entry an ambiguous name means (or a new entry)."""
    from scorekeeper.storage.imports import NEW_PLAYER

    def choose(name: str, candidates: tuple[Player, ...], *, substitute: bool) -> int | None:
        who = f"substitute '{name}' (came in during the game)" if substitute else f"'{name}'"
        sys.stderr.write(f"{who} matches {len(candidates)} players:\n")
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
    from scorekeeper.storage.imports import JoinKind, SubstituteJoin, import_records, read_records
    from scorekeeper.storage.store import GameStore

    try:
        records = [item for path in args.files for item in read_records(path)]
        with GameStore.open(database_path(args.db)) as store:
            choose = _chooser() if sys.stdin.isatty() else None
            report = import_records(store, records, choose=choose, substitutes=SubstituteJoin(args.substitutes))
    except ScorekeeperError as error:
        sys.stderr.write(f"scorekeeper import: error: {error}\n")
        return 1
    sys.stdout.write(f"imported {len(report.imported)} game(s); {len(report.skipped)} already in the store\n")
    for name in report.names:
        sys.stdout.write(_said(name) + "\n")
    if any(n.substitute and n.how is JoinKind.EXISTING for n in report.names):
        sys.stdout.write(
            "(a substitute joins the player of their name, as the four who sat down do; --substitutes new or guest "
            "imports them apart)\n"
        )
    return 0


def _said(name: ImportedName) -> str:
    """One line of how a name joined the registry."""
    from scorekeeper.session.names import entry_name_problem
    from scorekeeper.storage.imports import JoinKind

    who = f"game {name.game_id}: {'substitute ' if name.substitute else ''}{name.name!r} (seat {name.seat})"
    match name.how:
        case JoinKind.EXISTING if name.namesakes > 1:
            return f"{who} joined player {name.player}, the oldest of the {name.namesakes} players of that name"
        case JoinKind.EXISTING:
            return f"{who} joined player {name.player}, already in the registry under that name"
        case JoinKind.NEW:
            return f"{who} is a new player ({name.player})"
        case JoinKind.CHOSEN:
            return f"{who} joined player {name.player}, as chosen"
        case JoinKind.GUEST:
            return f"{who} is a guest (--substitutes guest)"
        case JoinKind.RETURNING:
            return f"{who} sat down in this game and came back: player {name.player}, as at the start"
        case JoinKind.REFUSED:
            problem = entry_name_problem(name.name)
            reason = "" if problem is None else f": {problem.describe('the player')}"
            return f"{who} sits as a guest{reason}"
        case _:
            assert_never(name.how)
