"""``scorekeeper waits``: the waits of a 13-tile hand, with each wait's value by ron and by tsumo.

``scorekeeper waits 22m345678p45677s --riichi --seat S --round E`` (melds as ``345s+chi`` after the tiles, like
``scorekeeper score``); ``--json`` prints one JSON object instead.
"""

from __future__ import annotations

import argparse
import json
import sys

from scorekeeper.engine.conditions import CONDITION_NAMES
from scorekeeper.engine.hand import Meld
from scorekeeper.engine.jsonio import score_to_json
from scorekeeper.engine.rules import PRESET_NAMES, hand_rules
from scorekeeper.engine.scoring import HandScore
from scorekeeper.engine.tiles import Tile, Wind, parse_tiles
from scorekeeper.engine.waits import Refusal, list_waits
from scorekeeper.errors import InvalidHandError, ScorekeeperError, quote

TYPE_CHECKING = False  # typing.TYPE_CHECKING to mypy, without importing typing: 3 ms of start-up (issue 15)
if TYPE_CHECKING:
    from typing import Any

__all__ = ["add_parser", "run"]

_CONDITIONS = CONDITION_NAMES


def add_parser(subparsers: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """Register the ``waits`` subcommand."""
    parser = subparsers.add_parser(
        "waits",
        help="list the waits of a 13-tile hand with their ron and tsumo values",
        description="List the waits of a hand one tile short of winning, each valued by ron and by tsumo.",
    )
    parser.add_argument("tiles", nargs="+", help="concealed tiles in mpsz, then melds as TILES+KIND")
    parser.add_argument("--seat", default="E", choices=[w.value for w in Wind], help="seat wind (E is the dealer)")
    parser.add_argument("--round", default="E", choices=[w.value for w in Wind], help="round wind")
    parser.add_argument("--dora", action="append", default=[], help="a dora indicator (repeat for kan dora)")
    parser.add_argument("--ura", action="append", default=[], help="an ura dora indicator (counts with riichi)")
    parser.add_argument("--ruleset", default="tenhou", choices=list(PRESET_NAMES), help="ruleset preset")
    parser.add_argument("--json", action="store_true", help="print JSON instead of text")
    for name in _CONDITIONS:
        parser.add_argument(f"--{name.replace('_', '-')}", dest=name, action="store_true", help=f"the win is {name}")


def _describe(result: HandScore | Refusal) -> str:
    if isinstance(result, Refusal):
        return f"cannot win: {result.message}"
    value = result.value
    parts = [f"{value.han} han {value.fu} fu" if value.han is not None else f"yakuman x{value.yakuman}"]
    if value.limit is not None:
        parts.append(str(value.limit))
    return f"{result.points:,} ({', '.join(parts)})"


def _as_json(result: HandScore | Refusal) -> dict[str, Any]:
    if isinstance(result, Refusal):
        return {"ok": False, "error": result.message, "kind": result.error.__name__}
    return score_to_json(result)


def run(args: argparse.Namespace) -> int:
    """Run ``waits`` for one hand from the command line."""
    try:
        concealed = parse_tiles(args.tiles[0])
        melds = []
        for text in args.tiles[1:]:
            tiles, plus, kind = text.partition("+")
            if not plus:
                raise InvalidHandError(f"meld {quote(text)} needs its kind after '+', e.g. 345s+chi or 1111z+ankan")
            melds.append(Meld.parse(kind, tiles))
        waits = list_waits(
            concealed,
            melds,
            seat_wind=Wind(args.seat),
            round_wind=Wind(args.round),
            rules=hand_rules(args.ruleset),
            dora=[Tile.parse(d) for d in args.dora],
            ura=[Tile.parse(u) for u in args.ura],
            **{name: getattr(args, name) for name in _CONDITIONS},
        )
    except ScorekeeperError as error:
        print(f"error: {error}", file=sys.stderr)
        return 1
    if args.json:
        answer = {"waits": [{"tile": str(w.kind), "ron": _as_json(w.ron), "tsumo": _as_json(w.tsumo)} for w in waits]}
        print(json.dumps(answer))
        return 0
    if not waits:
        print("not ready: no tile completes this hand")
        return 0
    for wait in waits:
        print(f"{wait.kind}: ron {_describe(wait.ron)}; tsumo {_describe(wait.tsumo)}")
    return 0
