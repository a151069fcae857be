"""Our ``score --json`` input put to the ``mahjong`` package 2.1.0, and its answer read back: one adapter, two users.

``benchmarks/mahjong_score.py`` (issue 15's timing reference, a process of its own) and the differential test's
oracle (``tests/engine/test_differential.py``, issue 2) both turn an input object (``hand``, ``melds``, ``win``,
``tsumo``, the winds, ``dora``, ``ura``, the win-condition flags) into their 136-format tiles, melds and
``HandConfig``, and read their yaku, dora counts and payments back the same way; each caller chooses the options
(``OptionalRules``) and shapes its own answer. It imports nothing of scorekeeper: the benchmark's start-up stays
its own, and the oracle does not read tiles with the code it checks.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from mahjong.constants import EAST, NORTH, SOUTH, WEST
from mahjong.hand_calculating.hand import HandCalculator
from mahjong.hand_calculating.hand_config import HandConfig, OptionalRules
from mahjong.hand_calculating.scores import ScoresCalculator
from mahjong.meld import Meld

__all__ = ["ERRORS", "LIMITS", "MahjongHand", "TileAllocator", "mahjong_hand", "parse_kinds", "payments", "read_yaku"]

_WINDS = {"E": EAST, "S": SOUTH, "W": WEST, "N": NORTH}
_SUITS = {"m": 0, "p": 9, "s": 18, "z": 27}
_MELD_TYPES = {
    "chi": (Meld.CHI, True),
    "pon": (Meld.PON, True),
    "minkan": (Meld.KAN, True),
    "shouminkan": (Meld.SHOUMINKAN, True),
    "ankan": (Meld.KAN, False),
}
#: Their dora, red-five and ura "yaku" are counts in our answer, not yaku.
_COUNTS = {"Dora": "dora", "AkaDora": "aka", "UraDora": "ura"}
_FIVES = (4, 13, 22)

#: Their error strings to our exception classes (scorekeeper/errors.py); any other is a contradictory context.
ERRORS = {
    HandCalculator.ERR_HAND_NOT_WINNING: "NotWinningError",
    HandCalculator.ERR_NO_YAKU: "NoYakuError",
    HandCalculator.ERR_NO_WINNING_TILE: "InvalidHandError",
}

#: Their cost's ``yaku_level`` to our ``limit``.
LIMITS = {
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


def parse_kinds(text: str) -> list[tuple[int, bool]]:
    """``"406m11z"`` as (kind 0..33, red) pairs.

    Raises:
        ValueError: the text ends without a suit letter.
    """
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


class TileAllocator:
    """Each physical tile its own 136-format index (a red five is copy 0 of its kind, as theirs)."""

    def __init__(self) -> None:
        self.used: set[int] = set()

    def index(self, kind: int, red: bool) -> int:
        """The next free index of that tile.

        Raises:
            ValueError: no copy of it is left (a fifth copy, or a fourth plain five beside a red one).
        """
        base = kind * 4
        first = 0 if red or kind not in _FIVES else 1
        for candidate in (base,) if red else range(base + first, base + 4):
            if candidate not in self.used:
                self.used.add(candidate)
                return candidate
        raise ValueError("a fifth copy of a tile")


@dataclass(frozen=True, slots=True, kw_only=True)
class MahjongHand:
    """``HandCalculator.estimate_hand_value``'s arguments for one input object."""

    tiles: list[int]
    win_tile: int
    melds: list[Meld]
    dora: list[int]
    ura: list[int]
    config: HandConfig

    @property
    def is_open(self) -> bool:
        """Whether a meld was called (their open han apply)."""
        return any(m.opened for m in self.melds)

    def estimate(self, scores: Any = ScoresCalculator) -> Any:
        """Their answer (a ``HandResponse``); ``scores`` is their points calculator (``Aotenjou`` for no limits)."""
        return HandCalculator.estimate_hand_value(
            self.tiles,
            self.win_tile,
            melds=self.melds,
            dora_indicators=self.dora,
            config=self.config,
            ura_dora_indicators=self.ura,
            scores_calculator_factory=scores,
        )


def mahjong_hand(obj: Mapping[str, Any], options: OptionalRules, *, renhou: bool = False) -> MahjongHand:
    """Their arguments for one input object under ``options``; ``renhou`` whether to state renhou to them.

    Raises:
        ValueError: tiles without a suit letter, or more copies of a tile than the set holds.
    """
    allocator = TileAllocator()
    concealed = parse_kinds(obj["hand"])
    win = parse_kinds(obj["win"])[0]
    # The winning tile first, so that it gets an index of its own colour.
    ordered = sorted(concealed, key=lambda t: t != win)
    tiles = [allocator.index(*t) for t in ordered]
    win_tile = tiles[0] if ordered and ordered[0] == win else -1
    melds = []
    for meld in obj.get("melds", []):
        meld_type, opened = _MELD_TYPES[meld["type"]]
        meld_tiles = [allocator.index(*t) for t in parse_kinds(meld["tiles"])]
        melds.append(Meld(meld_type=meld_type, tiles=meld_tiles, opened=opened))
        tiles += meld_tiles
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
        is_renhou=renhou,
        player_wind=_WINDS[obj["seat_wind"]],
        round_wind=_WINDS[obj["round_wind"]],
        options=options,
    )
    return MahjongHand(
        tiles=tiles,
        win_tile=win_tile,
        melds=melds,
        dora=[kind * 4 for kind, _ in parse_kinds("".join(obj.get("dora", [])))],
        ura=[kind * 4 for kind, _ in parse_kinds("".join(obj.get("ura", [])))],
        config=config,
    )


def read_yaku(found: Any, *, is_open: bool) -> tuple[list[tuple[str, str, int]], dict[str, int], int]:
    """Their yaku as (their class name, ``"han"`` or ``"yakuman"``, value), the dora counts, the yakuman in all."""
    yaku: list[tuple[str, str, int]] = []
    counts = {"dora": 0, "aka": 0, "ura": 0}
    total_yakuman = 0
    for item in found:
        name = type(item).__name__
        value = item.han_open if is_open and item.han_open else item.han_closed
        if name in _COUNTS:
            counts[_COUNTS[name]] += value
        elif item.is_yakuman:
            yaku.append((name, "yakuman", value // 13))
            total_yakuman += value // 13
        else:
            yaku.append((name, "han", value))
    return yaku, counts, total_yakuman


def payments(cost: dict[str, Any], config: HandConfig) -> dict[str, int]:
    """Who pays what, in our answer's shape: ``ron``, or ``all`` (a dealer's tsumo), or ``dealer``/``non_dealer``."""
    if not config.is_tsumo:
        return {"ron": cost["main"]}
    if config.is_dealer:
        return {"all": cost["main"]}
    return {"dealer": cost["main"], "non_dealer": cost["additional"]}
