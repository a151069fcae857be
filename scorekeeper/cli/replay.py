"""``scorekeeper replay FILE... --json``: replay game records and print each game's course and result.

One JSON line per file, in order::

    {"hands": [{"label": "E1", "honba": 0, "scores": [...], "riichi_sticks": 0}, ...],
     "ended": true, "final": {"scores": [...], "places": [...], "points": [...]}}

or ``{"ok": false, "error": "..."}`` naming the file and the hand that is wrong. ``final`` is null for a game
that has not ended. A classical game (seed 003) has the same shape: ``honba`` and ``riichi_sticks`` are always 0 and
``points`` are whole table points. Without ``--json`` the same is printed as a short table per game. The exit
status is 0 when every file replayed, 1 otherwise.
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path
from typing import Any

from scorekeeper.errors import ScorekeeperError
from scorekeeper.session.record import parse_record
from scorekeeper.session.rules import Family
from scorekeeper.session.state import GameState

__all__ = ["add_parser", "replay_file", "run", "state_to_json"]

#: The largest record file read (a 1000-hand record is far smaller); refuses hostile input early.
_MAX_BYTES = 20_000_000


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


def replay_file(path: Path) -> dict[str, Any]:
    """Replay one record file into the output object, or ``{"ok": false, "error": ...}``."""
    try:
        with path.open("rb") as handle:
            data = handle.read(_MAX_BYTES + 1)
        if len(data) > _MAX_BYTES:
            return {"ok": False, "error": f"{path}: larger than {_MAX_BYTES} bytes, not a game record"}
        obj = json.loads(data.decode("utf-8"))
    except OSError as error:
        return {"ok": False, "error": f"{path}: cannot read: {error.strerror or error}"}
    except UnicodeDecodeError:
        return {"ok": False, "error": f"{path}: not UTF-8 text"}
    except (ValueError, RecursionError) as error:
        return {"ok": False, "error": f"{path}: not JSON: {error}"}
    try:
        state = parse_record(obj).replay()
    except ScorekeeperError as error:
        return {"ok": False, "error": f"{path}: {error}"}
    return state_to_json(state)


def _format_text(path: Path, out: dict[str, Any]) -> str:
    if "error" in out:
        return f"error: {out['error']}"
    lines = [str(path)]
    for hand in out["hands"]:
        scores = " ".join(f"{s:>7}" for s in hand["scores"])
        lines.append(f"  {hand['label']}-{hand['honba']:<2} {scores}  sticks {hand['riichi_sticks']}")
    final = out["final"]
    if final is None:
        lines.append("  (game not ended)")
    else:
        lines.append("  final " + " ".join(f"{s:>7}" for s in final["scores"]))
        lines.append("  place " + " ".join(f"{p:>7}" for p in final["places"]))
        lines.append(
            "  points" + " ".join(f"{p:>+8.1f}" if isinstance(p, float) else f"{p:>+8}" for p in final["points"])
        )
    return "\n".join(lines)


def run(args: argparse.Namespace) -> int:
    """Replay every file; print one result per file."""
    status = 0
    for path in args.files:
        out = replay_file(path)
        if "error" in out:
            status = 1
        if args.json:
            sys.stdout.write(json.dumps(out, ensure_ascii=False) + "\n")
        else:
            sys.stdout.write(_format_text(path, out) + "\n")
    return status
