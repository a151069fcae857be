"""``scorekeeper replay FILE... --json``: replay game records and print each game's course and result.

One JSON line per file, in order::

    {"hands": [{"label": "E1", "honba": 0, "scores": [...], "riichi_sticks": 0}, ...],
     "ended": true, "final": {"scores": [...], "places": [...], "points": [...]}}

or ``{"ok": false, "error": "..."}`` naming the file and the hand that is wrong. ``final`` is null for a game
that has not ended. A classical game (seed 003) has the same shape: ``honba`` and ``riichi_sticks`` are always 0 and
``points`` are whole table points. Without ``--json`` each game is printed as a table: a column per player headed
by the name, a row per hand, then the final scores, places and points. The exit status is 0 when every file
replayed, 1 otherwise.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from scorekeeper.errors import ScorekeeperError
from scorekeeper.session.names import escape_controls
from scorekeeper.session.record import parse_record
from scorekeeper.session.rules import Family
from scorekeeper.session.sheet import game_sheet
from scorekeeper.session.state import GameState

__all__ = ["add_parser", "format_text", "replay_file", "run", "state_to_json"]


def add_parser(subparsers: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """Register the ``replay`` subcommand."""
    parser = subparsers.add_parser(
        "replay",
        help="replay game records (scorekeeper-game JSON) and print scores after each hand and the final result",
        description="Replay game records and print each game's hands and final result, one line per file.",
    )
    parser.add_argument("files", nargs="+", metavar="FILE", type=Path, help="game record files (JSON)")
    parser.add_argument("--json", action="store_true", help="print one JSON object per file")


def state_to_json(state: GameState) -> dict[str, Any]:
    """The replay output object of a game state.

    ``points`` are the family's: riichi plus-minus to 0.1 after uma and oka (``45.0``); classical whole table
    points, each player's change from the start (``1240``; docs/session.md).
    """
    final: dict[str, Any] | None = None
    if state.final is not None:
        points: list[float] | list[int]
        if state.rules.family is Family.CLASSICAL:
            points = [p // 10 for p in state.final.points_tenths]
        else:
            points = list(state.final.points)
        final = {
            "scores": list(state.final.scores),
            "places": list(state.final.places),
            "points": points,
        }
    return {
        "hands": [
            {"label": h.label, "honba": h.honba, "scores": list(h.scores), "riichi_sticks": h.riichi_sticks}
            for h in state.hands
        ],
        "ended": state.ended,
        "final": final,
    }


def _replay(path: Path) -> GameState | str:
    """The state a record file replays to, or the error naming the file (and the hand)."""
    # Regular files only, and at most what a real record needs (a FIFO would block; a huge file would take
    # hundreds of MB): scorekeeper.storage.files says why.
    from scorekeeper.storage.files import MAX_RECORD_BYTES, read_bytes

    try:
        data = read_bytes(path, max_bytes=MAX_RECORD_BYTES, what="a game record (a long game is a few KB)")
        obj = json.loads(data.decode("utf-8-sig"))  # a byte order mark is ignored (RFC 8259 8.1), as import does
    except ScorekeeperError as error:
        return str(error)
    except UnicodeDecodeError:
        return f"{path}: not UTF-8 text"
    except (ValueError, RecursionError) as error:
        return f"{path}: not JSON: {error}"
    try:
        return parse_record(obj).replay()
    except ScorekeeperError as error:
        return f"{path}: {error}"


def replay_file(path: Path) -> dict[str, Any]:
    """Replay one record file into the output object, or ``{"ok": false, "error": ...}``."""
    state = _replay(path)
    if isinstance(state, str):
        return {"ok": False, "error": state}
    return state_to_json(state)


def _tenths(tenths: int) -> str:
    sign = "+" if tenths > 0 else "-" if tenths < 0 else ""
    return f"{sign}{abs(tenths) // 10}.{abs(tenths) % 10}"


def format_text(path: Path, state: GameState) -> str:
    """A game's course as a table a person reads: a column per player (named), a row per hand, then the result.

    Every figure is the session's (``scorekeeper.session.sheet``); columns are as wide as the longest name.
    """
    sheet = game_sheet(state)
    # A seat a substitute took during the game is headed by both: "Bo / Sub". A name's control characters are
    # written visibly here (the output does so anyway), so that the columns are as wide as what is shown.
    names = [escape_controls(name) for name in sheet.seat_names]
    width = max(9, *(len(name) for name in names))

    def row(label: str, cells: Sequence[str], tail: str = "") -> str:
        return f"  {label:<8}" + "".join(f"{cell:>{width + 2}}" for cell in cells) + tail

    sticks = sheet.family is Family.RIICHI
    lines = [f"{path}  ({sheet.ruleset_name})", row("hand", names, "  sticks" if sticks else "")]
    lines.append(row("start", [f"{v:,}" for v in sheet.start]))
    for hand in sheet.hands:
        label = f"{hand.label}-{hand.honba}" + ("*" if hand.replay else "")
        lines.append(row(label, [f"{v:,}" for v in hand.scores], f"  {hand.riichi_sticks:>6}" if sticks else ""))
    if not sheet.ended:
        lines.append("  (game not ended)")
        return "\n".join(lines)
    by_seat = sorted(sheet.final, key=lambda r: int(r.seat))
    lines.append(row("final", [f"{r.score:,}" for r in by_seat]))
    lines.append(row("place", [str(r.place) for r in by_seat]))
    if sheet.family is Family.CLASSICAL:
        lines.append(row("points", [f"{r.points_tenths // 10:+,}" for r in by_seat]))
    else:
        lines.append(row("points", [_tenths(r.points_tenths) for r in by_seat]))
    if sheet.substituted:
        # Who is credited with what (seat_shares, as the tournament standings): the one who left has the seat's
        # change while they sat, the one who finished the rest with the place.
        lines.append(
            "  credited: "
            + ", ".join(
                f"{x.player} {_tenths(x.points_tenths + x.penalties_tenths)} (from hand {x.first_hand + 1})"
                for x in sheet.shares
            )
        )
    if any(h.replay for h in sheet.hands):
        lines.append("  * the hand replayed after a chombo")
    return "\n".join(lines)


def run(args: argparse.Namespace) -> int:
    """Replay every file; print one result per file."""
    status = 0
    for path in args.files:
        state = _replay(path)
        if isinstance(state, str):
            status = 1
        if args.json:
            out = {"ok": False, "error": state} if isinstance(state, str) else state_to_json(state)
            sys.stdout.write(json.dumps(out, ensure_ascii=False) + "\n")
        elif isinstance(state, str):
            sys.stdout.write(f"error: {state}\n")
        else:
            sys.stdout.write(format_text(path, state) + "\n")
    return status
