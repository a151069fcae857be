"""``scorekeeper score``: value a winning hand.

Two forms (see docs/engine.md):

* ``scorekeeper score --json`` reads JSON Lines on stdin, one hand per line, and writes one JSON line per input
  line, in order, never stopping on a bad line (a line that is not JSON gets ``{"ok": false, ...}`` too). A line
  whose ``ruleset`` is a string starting with ``classical``, or an object whose ``preset`` does, goes to
  ``scorekeeper.engine.classical``.
* ``scorekeeper score 234m567p11s 345s+chi --win 2m --ron --riichi --seat E --round S --dora 1p`` prints the
  yaku, the fu breakdown and the payments as a person reads them.
"""

from __future__ import annotations

import argparse
import importlib
import json
import sys
from collections.abc import Callable
from typing import IO, Any, cast

from scorekeeper.engine.hand import Hand, Meld
from scorekeeper.engine.jsonio import error_to_json, score_json
from scorekeeper.engine.rules import PRESET_NAMES, HandRules, hand_rules
from scorekeeper.engine.scoring import HandScore, score_hand
from scorekeeper.engine.tiles import Tile, Wind, parse_tiles
from scorekeeper.errors import InvalidHandError, ScorekeeperError

__all__ = ["add_parser", "answer_line", "format_score", "run"]

_CONDITIONS = (
    "riichi",
    "double_riichi",
    "ippatsu",
    "haitei",
    "houtei",
    "rinshan",
    "chankan",
    "tenhou",
    "chiihou",
    "renhou",
)


def add_parser(subparsers: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """Register the ``score`` subcommand."""
    parser = subparsers.add_parser(
        "score",
        help="value a winning hand (JSON Lines with --json, or tiles on the command line)",
        description=(
            "Value a winning hand. With --json, read one JSON hand per line on stdin and answer one JSON line "
            "per input line. Otherwise give the concealed tiles (including the winning tile) and melds such as "
            "345s+chi, 222z+pon, 1111m+ankan."
        ),
    )
    parser.add_argument("--json", action="store_true", help="read JSON Lines on stdin, write JSON Lines")
    parser.add_argument("tiles", nargs="*", help="concealed tiles in mpsz, then melds as TILES+KIND")
    parser.add_argument("--win", help="the winning tile (0m/0p/0s for a red five)")
    how = parser.add_mutually_exclusive_group()
    how.add_argument("--tsumo", action="store_true", help="won by self-draw")
    how.add_argument("--ron", action="store_true", help="won on a discard (the default)")
    parser.add_argument("--seat", default="E", choices=[w.value for w in Wind], help="seat wind (E is the dealer)")
    parser.add_argument("--round", default="E", choices=[w.value for w in Wind], help="round wind")
    parser.add_argument("--dora", action="append", default=[], help="a dora indicator (repeat for kan dora)")
    parser.add_argument("--ura", action="append", default=[], help="an ura dora indicator (counts with riichi)")
    parser.add_argument("--ruleset", default="tenhou", choices=list(PRESET_NAMES), help="ruleset preset")
    for name in _CONDITIONS:
        parser.add_argument(f"--{name.replace('_', '-')}", dest=name, action="store_true", help=f"the win is {name}")


def _classical(obj: dict[str, Any]) -> dict[str, Any]:
    try:
        module = importlib.import_module("scorekeeper.engine.classical")
        scorer = cast(Callable[[object], dict[str, Any]], module.score_json)
    except (ImportError, AttributeError):
        return {
            "ok": False,
            "error": f"ruleset {obj.get('ruleset')!r} is not available: the classical scorer is not installed",
            "kind": "InvalidRulesetError",
        }
    return scorer(obj)


def _is_classical(ruleset: object) -> bool:
    """Whether a ``ruleset`` value names the classical family: ``"classical..."`` or ``{"preset": "classical..."}``."""
    if isinstance(ruleset, dict):
        ruleset = ruleset.get("preset")
    return isinstance(ruleset, str) and ruleset.startswith("classical")


def answer_line(line: str) -> dict[str, Any]:
    """The JSON answer for one input line; never raises."""
    try:
        obj = json.loads(line)
    except ValueError as error:
        return error_to_json(InvalidHandError(f"line is not JSON ({error}): {line.strip()[:200]!r}"))
    try:
        if isinstance(obj, dict) and _is_classical(obj.get("ruleset")):
            return _classical(obj)
        return score_json(obj)
    except Exception as error:  # the command line must answer every line, whatever happens
        return {"ok": False, "error": f"internal error: {error!r}", "kind": type(error).__name__}


def _run_json(stdin: IO[str], stdout: IO[str]) -> int:
    for line in stdin:
        stdout.write(json.dumps(answer_line(line), ensure_ascii=False) + "\n")
        stdout.flush()
    return 0


def _parse_hand(args: argparse.Namespace) -> tuple[Hand, HandRules]:
    if not args.tiles:
        raise InvalidHandError("no tiles given: write the concealed tiles (with the winning tile), e.g. 234m567p11s")
    concealed = parse_tiles(args.tiles[0])
    melds = []
    for text in args.tiles[1:]:
        tiles, plus, kind = text.partition("+")
        if not plus:
            raise InvalidHandError(f"meld {text!r} needs its kind after '+', e.g. 345s+chi or 1111z+ankan")
        melds.append(Meld.parse(kind, tiles))
    if args.win is None:
        raise InvalidHandError("--win is required: the winning tile, e.g. --win 2m")
    win = Tile.parse(args.win)
    hand = Hand(
        concealed=concealed,
        melds=tuple(melds),
        win=win,
        tsumo=args.tsumo,
        seat_wind=Wind(args.seat),
        round_wind=Wind(args.round),
        dora=tuple(Tile.parse(d) for d in args.dora),
        ura=tuple(Tile.parse(u) for u in args.ura),
        **{name: getattr(args, name) for name in _CONDITIONS},
    )
    return hand, hand_rules(args.ruleset)


def _points(n: int) -> str:
    return f"{n:,}"


def format_score(score: HandScore) -> str:
    """A score as a person reads it: yaku, dora, fu breakdown, the limit and the payments."""
    lines = []
    breakdown = score.fu_breakdown
    width = max([len(y.yaku.value) for y in score.yaku] + [len(i.reason.value) for i in breakdown] + [8])
    for y in score.yaku:
        amount = f"yakuman x{y.yakuman}" if y.yakuman else f"{y.han} han"
        lines.append(f"  {y.yaku.value:<{width}}  {amount}")
    for name, count in (("dora", score.dora), ("aka", score.aka), ("ura", score.ura)):
        if count:
            lines.append(f"  {name:<{width}}  {count} han")
    value = score.value
    if breakdown:
        lines.append("fu:")
        lines.extend(f"  {item.reason.value:<{width}}  {item.fu}" for item in breakdown)
    head = []
    if value.han is not None:
        head.append(f"{value.han} han")
    if value.fu is not None:
        head.append(f"{value.fu} fu")
    if value.yakuman:
        head.append(f"yakuman x{value.yakuman}")
    if value.limit is not None:
        head.append(str(value.limit))
    payment = score.payment
    if payment.ron is not None:
        paid = f"ron {_points(payment.ron)}"
    elif payment.all is not None:
        paid = f"tsumo {_points(payment.all)} all"
    else:
        assert payment.dealer is not None and payment.non_dealer is not None
        paid = f"tsumo {_points(payment.non_dealer)}/{_points(payment.dealer)}"
    reading = " ".join(score.groups)
    return "\n".join(
        [
            "yaku:",
            *lines,
            f"reading: {reading} ({score.wait} wait)",
            f"value: {', '.join(head)}",
            f"points: {_points(score.points)} ({paid})",
        ]
    )


def run(args: argparse.Namespace) -> int:
    """Run ``score``: JSON Lines with ``--json``, else one hand from the command line."""
    if args.json:
        return _run_json(sys.stdin, sys.stdout)
    try:
        hand, rules = _parse_hand(args)
        score = score_hand(hand, rules)
    except ScorekeeperError as error:
        print(f"error: {error}", file=sys.stderr)
        return 1
    print(format_score(score))
    return 0
