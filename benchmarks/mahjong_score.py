"""The ``scorekeeper score --json`` contract answered by the ``mahjong`` package 2.1.0: the other side of issue 15.

A small, self-contained script (it imports nothing of scorekeeper, so its start-up is its own): JSON Lines on
stdin, one hand per line in our input shape (``hand``, ``melds``, ``win``, ``tsumo``, ``seat_wind``,
``round_wind``, ``dora``, ``ura``, the win-condition flags, ``ruleset`` as a preset name), one answer line per
input line in our output shape (``{"ok": true, "han", "fu", "yakuman", "limit", "yaku", "dora", "aka", "ura",
"fu_breakdown", "points", "payments"}`` or ``{"ok": false, "error", "kind"}``). It is written as a caller scoring
many hands would write it: the options object built once per ruleset, the tile tables built once, the output
written in blocks when it is not a terminal. The input and the answer go through the differential test's adapter
(``benchmarks/mahjong_adapter.py``, shared with ``tests/engine/test_differential.py``); the presets' knobs are mapped
as that test maps them. It is a timing reference, not a second oracle (the differential test is that).

Usage: ``python benchmarks/mahjong_score.py < hands.jsonl > answers.jsonl``
"""

from __future__ import annotations

import json
import sys
from typing import Any

from mahjong.hand_calculating.hand_config import HandConstants, OptionalRules

# A sibling module: the script runs as ``python benchmarks/mahjong_score.py``, with benchmarks/ first on the path.
from mahjong_adapter import ERRORS, LIMITS, mahjong_hand, payments, read_yaku


def _options(red_fives: bool, kiriage: bool, kazoe_yakuman: bool) -> OptionalRules:
    return OptionalRules(
        has_open_tanyao=True,
        has_aka_dora=red_fives,
        has_double_yakuman=False,
        kazoe_limit=HandConstants.KAZOE_LIMITED if kazoe_yakuman else HandConstants.KAZOE_SANBAIMAN,
        kiriage=kiriage,
        fu_for_open_pinfu=True,
        fu_for_pinfu_tsumo=False,
        renhou_as_yakuman=False,
        limit_to_sextuple_yakuman=True,
    )


# The presets' knobs that theirs can express (docs/engine.md's table).
_PRESETS = {
    "tenhou": _options(True, False, True),
    "custom": _options(True, False, True),
    "mleague": _options(True, True, True),
    "ema2016": _options(False, True, False),
    "ema2025": _options(False, True, False),
    "wrc2022": _options(False, True, False),
}


def answer(obj: dict[str, Any]) -> dict[str, Any]:
    """The answer object for one decoded input line."""
    hand = mahjong_hand(obj, _PRESETS[obj.get("ruleset", "tenhou")])
    result = hand.estimate()
    if result.error:
        return {"ok": False, "error": result.error, "kind": ERRORS.get(result.error, "InvalidContextError")}
    cost = result.cost
    assert cost is not None and result.yaku is not None  # set whenever there is no error
    yaku, counts, total_yakuman = read_yaku(result.yaku, is_open=hand.is_open)
    return {
        "ok": True,
        "han": None if total_yakuman else result.han,
        "fu": None if total_yakuman else result.fu,
        "yakuman": total_yakuman,
        "limit": "yakuman" if total_yakuman else LIMITS.get(cost["yaku_level"]),
        "yaku": [{"name": name, unit: value} for name, unit, value in yaku],
        **counts,
        "fu_breakdown": [{"reason": d["reason"], "fu": d["fu"]} for d in result.fu_details or ()],
        "points": cost["total"],
        "payments": payments(cost, hand.config),
    }


def main() -> int:
    """Answer every line of stdin."""
    stdin = sys.stdin.buffer
    interactive = stdin.isatty()
    out = sys.stdout
    for line in stdin:
        try:
            reply = answer(json.loads(line))
        except Exception as error:  # every line gets an answer, as ours does
            reply = {"ok": False, "error": str(error)[:200], "kind": type(error).__name__}
        out.write(json.dumps(reply, ensure_ascii=False) + "\n")
        if interactive:
            out.flush()
    out.flush()
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
