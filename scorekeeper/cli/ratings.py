"""``scorekeeper ratings [--db DB | --tournament DB [--tournament-name NAME]] [--since DAY] [--ruleset PRESET] ...``.

Every player's ratings over the finished games in the store (or a tournament store's table games, as ``stats``
reads them), computed by :func:`scorekeeper.session.ratings.rate_games`: openskill's Plackett-Luce rating (mu,
sigma and the ordinal mu - 3 sigma) and tenhou.net's R, games in the order played. With ``--json`` it prints one
object, ``{"players": [...]}``, one entry per rated player with these keys, in this order::

    player, games, mu, sigma, ordinal, tenhou_rating

The figures are the computation's floats, unrounded. Players are listed by ordinal, best first (then by name).
Without ``--json``, the same figures as a table (two decimals). Exit status 0, or 1 with the error on standard
error. Definitions: docs/statistics.md, "Ratings".
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path
from typing import TYPE_CHECKING, Any

from scorekeeper.cli.stats import _day, stored_games
from scorekeeper.errors import IllegalActionError, ScorekeeperError

if TYPE_CHECKING:
    from scorekeeper.session.ratings import PlayerRating

__all__ = ["add_parser", "rating_json", "run"]


def add_parser(subparsers: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """Register the ``ratings`` subcommand."""
    parser = subparsers.add_parser(
        "ratings",
        help="player ratings over the stored games (openskill Plackett-Luce mu, sigma, ordinal; tenhou.net R)",
        description="Player ratings over the finished games in the store; definitions in docs/statistics.md.",
    )
    parser.add_argument("--db", type=Path, metavar="DB", help="the database (default: the app's)")
    parser.add_argument(
        "--tournament",
        metavar="DB",
        help="a tournament store (SQLite file or postgresql:// URL): its table games instead of --db's",
    )
    parser.add_argument("--tournament-name", metavar="NAME", help="which tournament (needed when DB holds several)")
    parser.add_argument("--since", type=_day, metavar="YYYY-MM-DD", help="games from this day on")
    parser.add_argument("--until", type=_day, metavar="YYYY-MM-DD", help="games up to this day (inclusive)")
    parser.add_argument("--ruleset", metavar="PRESET", help="games of this ruleset preset only")
    parser.add_argument(
        "--opponent", action="append", metavar="NAME", help="only games this player sat in (may be repeated)"
    )
    parser.add_argument("--json", action="store_true", help="print JSON")


def rating_json(name: str, rating: PlayerRating) -> dict[str, Any]:
    """One player's entry of ``ratings --json``, keys in the documented order."""
    return {
        "player": name,
        "games": rating.games,
        "mu": rating.mu,
        "sigma": rating.sigma,
        "ordinal": rating.ordinal,
        "tenhou_rating": rating.tenhou,
    }


def _table(entries: list[dict[str, Any]]) -> str:
    columns = ("player", "games", "mu", "sigma", "ordinal", "tenhou_rating")
    rows = [["player", "games", "mu", "sigma", "ordinal", "tenhou R"]]
    for entry in entries:
        rows.append([f"{entry[k]:.2f}" if isinstance(entry[k], float) else str(entry[k]) for k in columns])
    widths = [max(len(r[k]) for r in rows) for k in range(len(columns))]
    return "".join(
        "  ".join(cell.ljust(w) if k == 0 else cell.rjust(w) for k, (cell, w) in enumerate(zip(r, widths, strict=True)))
        + "\n"
        for r in rows
    )


def run(args: argparse.Namespace) -> int:
    """Print the ratings; report errors on standard error."""
    from scorekeeper.session.ratings import rate_games
    from scorekeeper.session.statistics import Selection

    try:
        database, stored = stored_games(args)
        opponents: set[str] = set()
        for name in args.opponent or ():
            found = stored.identities(name)
            if len(found) != 1:
                what = "no player" if not found else f"{len(found)} players"
                raise IllegalActionError(f"{what} named {name!r} in {database}")
            opponents.update(found)
        selection = Selection(since=args.since, until=args.until, ruleset=args.ruleset, opponents=frozenset(opponents))
        ratings = rate_games(stored.games, selection)
        entries = [rating_json(stored.names.get(r.player, r.player), r) for r in ratings.players]
    except ScorekeeperError as error:
        sys.stderr.write(f"scorekeeper ratings: error: {error}\n")
        return 1
    for problem in stored.problems:
        sys.stderr.write(f"scorekeeper ratings: left out: {problem}\n")
    if args.json:
        sys.stdout.write(json.dumps({"players": entries}, ensure_ascii=False) + "\n")
    else:
        sys.stdout.write(_table(entries))
    return 0
