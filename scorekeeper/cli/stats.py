"""``scorekeeper stats [--db DB | --tournament DB [--tournament-name NAME]] [--player NAME] [--since DAY] ...``.

Player statistics over the finished games in the store, or with ``--tournament`` over a tournament store's table
games (read through its public API; definitions: docs/statistics.md). With ``--json`` it prints
one object, ``{"players": [...]}``, one entry per player with these keys, in this order::

    player, games, places [n1, n2, n3, n4], average_place, points, busts, chombo, hands, wins, tsumo_wins,
    win_rate, deal_ins, deal_in_rate, riichi, riichi_rate, average_win, largest_win

Rates are fractions of the hands played, rounded to 4 decimals; ``average_place`` to 3; ``points`` (the total
plus-minus) to 0.1; ``average_win`` to whole table points; halves away from zero. A figure with nothing to
average over (no hand, no win) is null. Players are listed by points, best first (then average place, then
name); a player with no game in the selection is left out unless named with ``--player``. Without ``--json``,
the same figures as a table. Exit status 0, or 1 with the error on standard error.
"""

from __future__ import annotations

import argparse
import datetime
import json
import sys
from decimal import Decimal
from fractions import Fraction
from pathlib import Path
from typing import TYPE_CHECKING, Any

from scorekeeper.errors import IllegalActionError, SaveFileError, ScorekeeperError

if TYPE_CHECKING:
    from scorekeeper.session.statistics import PlayerTotals
    from scorekeeper.storage.statistics import StoredStatistics

__all__ = ["add_parser", "player_json", "run"]


def _day(text: str) -> datetime.date:
    try:
        return datetime.date.fromisoformat(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"expected a day as YYYY-MM-DD, got {text!r}") from None


def add_parser(subparsers: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """Register the ``stats`` subcommand."""
    parser = subparsers.add_parser(
        "stats",
        help="player statistics over the stored games (games, places, points, wins, deal-ins, riichi...)",
        description="Player statistics over the finished games in the store; definitions in docs/statistics.md.",
    )
    parser.add_argument("--db", type=Path, metavar="DB", help="the database (default: the app's)")
    parser.add_argument(
        "--tournament",
        metavar="DB",
        help="a tournament store (SQLite file or postgresql:// URL): its table games instead of --db's",
    )
    parser.add_argument("--tournament-name", metavar="NAME", help="which tournament (needed when DB holds several)")
    parser.add_argument("--player", action="append", metavar="NAME", help="only this player (may be repeated)")
    parser.add_argument("--since", type=_day, metavar="YYYY-MM-DD", help="games from this day on")
    parser.add_argument("--until", type=_day, metavar="YYYY-MM-DD", help="games up to this day (inclusive)")
    parser.add_argument("--ruleset", metavar="PRESET", help="games of this ruleset preset only")
    parser.add_argument("--json", action="store_true", help="print JSON")


def _rounded(value: Fraction | None, places: int) -> float | None:
    from scorekeeper.session.statistics import round_half_up

    return None if value is None else float(round_half_up(value, places))


def player_json(name: str, totals: PlayerTotals) -> dict[str, Any]:
    """One player's entry of ``stats --json``, keys in the documented order."""
    average_win = None if totals.average_win is None else _rounded(totals.average_win, 0)
    return {
        "player": name,
        "games": totals.games,
        "places": list(totals.places),
        "average_place": _rounded(totals.average_place, 3),
        "points": float(Decimal(totals.points_tenths) / 10),
        "busts": totals.busts,
        "chombo": totals.chombo,
        "hands": totals.hands,
        "wins": totals.wins,
        "tsumo_wins": totals.tsumo_wins,
        "win_rate": _rounded(totals.win_rate, 4),
        "deal_ins": totals.deal_ins,
        "deal_in_rate": _rounded(totals.deal_in_rate, 4),
        "riichi": totals.riichi,
        "riichi_rate": _rounded(totals.riichi_rate, 4),
        "average_win": None if average_win is None else int(average_win),
        "largest_win": totals.largest_win,
    }


def _table(entries: list[dict[str, Any]]) -> str:
    columns = [
        ("player", "player"),
        ("games", "games"),
        ("places", "1st/2nd/3rd/4th"),
        ("average_place", "avg place"),
        ("points", "points"),
        ("win_rate", "win"),
        ("deal_in_rate", "deal-in"),
        ("riichi_rate", "riichi"),
        ("average_win", "avg win"),
    ]
    rows = [[title for _, title in columns]]
    for entry in entries:
        row = []
        for key, _ in columns:
            value = entry[key]
            if key == "places":
                row.append("/".join(str(v) for v in value))
            elif value is None:
                row.append("-")
            elif key == "points":
                row.append(f"{value:+.1f}")
            else:
                row.append(str(value))
        rows.append(row)
    widths = [max(len(r[k]) for r in rows) for k in range(len(columns))]
    return "".join(
        "  ".join(cell.ljust(w) if k == 0 else cell.rjust(w) for k, (cell, w) in enumerate(zip(r, widths, strict=True)))
        + "\n"
        for r in rows
    )


def _tournament_games(db: str, name: str | None) -> StoredStatistics:
    """The finished games of the tournament in store ``db`` (refused if the file is not there: never created)."""
    from scorekeeper.storage.statistics import read_tournament_games

    return read_tournament_games(db, name).statistics


def stored_games(args: argparse.Namespace) -> tuple[Any, StoredStatistics]:
    """The database ``stats`` and ``ratings`` read (``--db`` or ``--tournament``) and its finished games, only read.

    Raises:
        ScorekeeperError: an unknown ``--ruleset``, options that do not go together, no such database, or one that
            cannot be read.
    """
    from scorekeeper.cli.import_games import database_path
    from scorekeeper.session.rules import CLASSICAL_PRESET_NAMES, PRESET_NAMES
    from scorekeeper.storage.statistics import load_statistics
    from scorekeeper.storage.store import GameStore

    known = (*PRESET_NAMES, *CLASSICAL_PRESET_NAMES)
    if args.ruleset is not None and args.ruleset not in known:
        raise IllegalActionError(f"unknown ruleset {args.ruleset!r}; known rulesets: {', '.join(known)}")
    if args.tournament is not None:
        if args.db is not None:
            raise IllegalActionError("give --db or --tournament, not both")
        database: Any = args.tournament
        stored = _tournament_games(args.tournament, args.tournament_name)
    else:
        if args.tournament_name is not None:
            raise IllegalActionError("--tournament-name needs --tournament DB")
        database = database_path(args.db)
        if not database.is_file():
            raise SaveFileError(f"{database}: no such database file", path=database)
        # A read never writes: an older file is upgraded in a copy only, an empty one refused, nothing cached.
        with GameStore.open(database, read_only=True) as store:
            stored = load_statistics(store)
    return database, stored


def run(args: argparse.Namespace) -> int:
    """Print the statistics; report errors on standard error."""
    from scorekeeper.session.statistics import PlayerTotals, Selection, league_table

    try:
        database, stored = stored_games(args)
        selection = Selection(since=args.since, until=args.until, ruleset=args.ruleset)
        table = league_table(stored.games, selection)
        if args.player:
            wanted: list[str] = []
            for name in args.player:
                found = stored.identities(name)
                if not found:
                    raise IllegalActionError(f"no player named {name!r} in {database}")
                wanted.extend(found)
            chosen = {i: table.get(i, PlayerTotals()) for i in dict.fromkeys(wanted)}
        else:
            chosen = table
        entries = [player_json(stored.names.get(i, i), t) for i, t in chosen.items()]
        entries.sort(
            key=lambda e: (-e["points"], e["average_place"] if e["average_place"] is not None else 5, e["player"])
        )
    except ScorekeeperError as error:
        sys.stderr.write(f"scorekeeper stats: error: {error}\n")
        return 1
    for problem in stored.problems:
        sys.stderr.write(f"scorekeeper stats: left out: {problem}\n")
    if args.json:
        sys.stdout.write(json.dumps({"players": entries}, ensure_ascii=False) + "\n")
    else:
        sys.stdout.write(_table(entries))
    return 0
