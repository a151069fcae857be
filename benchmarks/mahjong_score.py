"""The ``scorekeeper score --json`` contract answered by the ``mahjong`` package 2.1.0: the other side of issue 15.

A small, self-contained script (it imports nothing of scorekeeper, so its start-up is its own): JSON Lines on
stdin, one hand per line in our input shape (``hand``, ``melds``, ``win``, ``tsumo``, ``seat_wind``,
``round_wind``, ``dora``, ``ura``, the win-condition flags, ``ruleset`` as a preset name), one answer line per
input line in our output shape (``{"ok": true, "han", "fu", "yakuman", "limit", "yaku", "dora", "aka", "ura",
"fu_breakdown", "points", "payments"}`` or ``{"ok": false, "error", "kind"}``). It is written as a caller scoring
many hands would write it: the options object built once per ruleset, the tile tables built once, the output
written in blocks when it is not a terminal. It maps the presets' knobs the way ``tests/engine/test_differential.py``
does; it is a timing reference, not a second oracle (the differential test is that).

Usage: ``python benchmarks/mahjong_score.py < hands.jsonl > answers.jsonl``
"""

from __future__ import annotations

import json
import sys
from typing import Any

from mahjong.constants import EAST, NORTH, SOUTH, WEST
from mahjong.hand_calculating.hand import HandCalculator
from mahjong.hand_calculating.hand_config import HandConfig, HandConstants, OptionalRules
from mahjong.meld import Meld

_WINDS = {"E": EAST, "S": SOUTH, "W": WEST, "N": NORTH}
_SUITS = {"m": 0, "p": 9, "s": 18, "z": 27}
_MELD_TYPES = {
    "chi": (Meld.CHI, True),
    "pon": (Meld.PON, True),
    "minkan": (Meld.KAN, True),
    "shouminkan": (Meld.SHOUMINKAN, True),
    "ankan": (Meld.KAN, False),
}
_FLAGS = ("riichi", "double_riichi", "ippatsu", "rinshan", "chankan", "haitei", "houtei", "tenhou", "chiihou")
_COUNTS = {"Dora": "dora", "AkaDora": "aka", "UraDora": "ura"}
_ERRORS = {
    HandCalculator.ERR_HAND_NOT_WINNING: "NotWinningError",
    HandCalculator.ERR_NO_YAKU: "NoYakuError",
    HandCalculator.ERR_NO_WINNING_TILE: "InvalidHandError",
}
_LIMITS = {
    "": None,
    "mangan": "mangan",
    "kiriage mangan": "mangan",
    "haneman": "haneman",
    "baiman": "baiman",
    "sanbaiman": "sanbaiman",
    "kazoe sanbaiman": "sanbaiman",
    "kazoe yakuman": "yakuman",
    "yakuman": "yakuman",
}


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


def _tiles(text: str) -> list[tuple[int, bool]]:
    """``"406m11z"`` as (kind 0..33, red) pairs."""
    out: list[tuple[int, bool]] = []
    digits: list[str] = []
    for char in text:
        if char.isdigit():
            digits.append(char)
            continue
        base = _SUITS[char]
        out.extend((base + (4 if d == "0" else int(d) - 1), d == "0") for d in digits)
        digits.clear()
    if digits:
        raise ValueError(f"tiles {text!r} end without a suit letter")
    return out


class _Allocator:
    """Each physical tile its own 136-format index (a red five is copy 0 of its kind)."""

    def __init__(self) -> None:
        self.used: set[int] = set()

    def index(self, kind: int, red: bool) -> int:
        base = kind * 4
        first = 0 if red or kind not in (4, 13, 22) else 1
        for candidate in (base,) if red else range(base + first, base + 4):
            if candidate not in self.used:
                self.used.add(candidate)
                return candidate
        raise ValueError("a fifth copy of a tile")


def answer(obj: dict[str, Any]) -> dict[str, Any]:
    """The answer object for one decoded input line."""
    options = _PRESETS[obj.get("ruleset", "tenhou")]
    allocator = _Allocator()
    concealed = _tiles(obj["hand"])
    win = _tiles(obj["win"])[0]
    ordered = sorted(concealed, key=lambda t: t != win)
    indices = [allocator.index(*t) for t in ordered]
    win_index = indices[0] if ordered and ordered[0] == win else -1
    melds = []
    for meld in obj.get("melds", []):
        meld_type, opened = _MELD_TYPES[meld["type"]]
        meld_indices = [allocator.index(*t) for t in _tiles(meld["tiles"])]
        melds.append(Meld(meld_type=meld_type, tiles=meld_indices, opened=opened))
        indices += meld_indices
    flag = obj.get
    config = HandConfig(
        is_tsumo=bool(flag("tsumo")),
        is_riichi=bool(flag("riichi")),
        is_daburu_riichi=bool(flag("double_riichi")),
        is_ippatsu=bool(flag("ippatsu")),
        is_rinshan=bool(flag("rinshan")),
        is_chankan=bool(flag("chankan")),
        is_haitei=bool(flag("haitei")),
        is_houtei=bool(flag("houtei")),
        is_tenhou=bool(flag("tenhou")),
        is_chiihou=bool(flag("chiihou")),
        player_wind=_WINDS[obj["seat_wind"]],
        round_wind=_WINDS[obj["round_wind"]],
        options=options,
    )
    result = HandCalculator.estimate_hand_value(
        indices,
        win_index,
        melds=melds,
        dora_indicators=[kind * 4 for kind, _ in _tiles("".join(obj.get("dora", [])))],
        config=config,
        ura_dora_indicators=[kind * 4 for kind, _ in _tiles("".join(obj.get("ura", [])))],
    )
    if result.error:
        return {"ok": False, "error": result.error, "kind": _ERRORS.get(result.error, "InvalidContextError")}
    cost, result_yaku = result.cost, result.yaku
    assert cost is not None and result_yaku is not None  # set whenever there is no error
    is_open = any(m.opened for m in melds)
    yaku: list[dict[str, Any]] = []
    counts = {"dora": 0, "aka": 0, "ura": 0}
    total_yakuman = 0
    for item in result_yaku:
        name = type(item).__name__
        value = item.han_open if is_open and item.han_open else item.han_closed
        if name in _COUNTS:
            counts[_COUNTS[name]] += value
        elif item.is_yakuman:
            yaku.append({"name": name, "yakuman": value // 13})
            total_yakuman += value // 13
        else:
            yaku.append({"name": name, "han": value})
    if config.is_tsumo:
        payments = (
            {"all": cost["main"]} if config.is_dealer else {"dealer": cost["main"], "non_dealer": cost["additional"]}
        )
    else:
        payments = {"ron": cost["main"]}
    return {
        "ok": True,
        "han": None if total_yakuman else result.han,
        "fu": None if total_yakuman else result.fu,
        "yakuman": total_yakuman,
        "limit": "yakuman" if total_yakuman else _LIMITS.get(cost["yaku_level"]),
        "yaku": yaku,
        **counts,
        "fu_breakdown": [{"reason": d["reason"], "fu": d["fu"]} for d in result.fu_details or ()],
        "points": cost["total"],
        "payments": payments,
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
