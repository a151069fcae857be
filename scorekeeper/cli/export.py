"""``scorekeeper export DATABASE``: list the stored games, or write one as a game record or CSV.

Without ``--game`` it lists the games (id, state, events, ruleset, last change, players), one a line. With
``--game ID`` it writes that game: ``--format record`` (the default) is the game-record JSON of issue 3,
``hands`` the hand history as CSV, ``results`` the final results as CSV; to ``--output FILE`` (written
atomically) or to standard output. The database is only read (never upgraded or created). The exit status is
0 on success, 1 on an error (printed to standard error).
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

from scorekeeper.errors import SaveFileError, ScorekeeperError
from scorekeeper.session.record import format_record, record_from_session
from scorekeeper.storage import GameStore, format_hands_csv, format_results_csv, write_atomically

__all__ = ["add_parser", "run"]

_FORMATS = ("record", "hands", "results")


def add_parser(subparsers: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """Register the ``export`` subcommand."""
    parser = subparsers.add_parser(
        "export",
        help="list the games in a database, or export one as a game record (JSON) or CSV",
        description="List the games in a scorekeeper database, or export one game.",
    )
    parser.add_argument("database", type=Path, metavar="DATABASE", help="the scorekeeper database file")
    parser.add_argument("--game", type=int, metavar="ID", help="the game to export (see the list without --game)")
    parser.add_argument(
        "--format",
        choices=_FORMATS,
        default="record",
        help="record: game-record JSON (default); hands: hand history CSV; results: final results CSV",
    )
    parser.add_argument("--output", "-o", type=Path, metavar="FILE", help="write here instead of standard output")


def _export(store: GameStore, game: int, form: str) -> bytes:
    session = store.load_session(game)
    if form == "record":
        text = json.dumps(format_record(record_from_session(session)), indent=2, sort_keys=True, ensure_ascii=False)
        return (text + "\n").encode("utf-8")
    if form == "hands":
        return format_hands_csv(session.state)
    return format_results_csv(session.state)


def _listing(store: GameStore) -> str:
    lines = []
    for game in store.list_games():
        state = "finished" if game.finished else "running"
        ruleset = game.ruleset if isinstance(game.ruleset, str) else json.dumps(game.ruleset, sort_keys=True)
        who = ", ".join(game.players)
        problem = f"  DAMAGED: {game.problem}" if game.problem else ""
        lines.append(f"{game.id}\t{state}\t{game.events} events\t{ruleset}\t{game.updated}\t{who}{problem}")
    return "".join(line + "\n" for line in lines)


def run(args: argparse.Namespace) -> int:
    """List the games or export one; report errors on standard error."""
    database: Path = args.database
    try:
        if not database.is_file():
            raise SaveFileError(f"{database}: no such database file", path=database)
        # A reading command: never upgrade, create or otherwise write the database (issue 10), so an older
        # program can still open its file afterwards and a read-only folder or medium works.
        with GameStore.open(database, read_only=True) as store:
            if args.game is None:
                sys.stdout.write(_listing(store))
                return 0
            data = _export(store, args.game, args.format)
        if args.output is None or str(args.output) == "-":
            sys.stdout.buffer.write(data)
            sys.stdout.flush()
        else:
            write_atomically(args.output, data)
    except ScorekeeperError as error:
        sys.stderr.write(f"scorekeeper export: error: {error}\n")
        return 1
    return 0
