"""Waits of a 13-tile hand, each with its value by ron and by tsumo, for live display while tiles are tapped in.

:func:`list_waits` finds every kind that completes the hand (four sets and a pair, seven pairs, thirteen
orphans), skipping a kind the hand already holds four of (there is no fifth copy to win on), and scores the win
on it both ways. A win that cannot be scored (no yaku, for example) is reported with the reason instead of a
score. The winning tile is taken as an ordinary (not red) tile.

Win conditions that only exist for one way of winning are applied to that way only: haitei, rinshan, tenhou and
chiihou to the tsumo; houtei, chankan and renhou to the ron.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from scorekeeper.engine.conditions import CONDITION_NAMES, WinCondition
from scorekeeper.engine.decomposition import completing_kinds, is_seven_pairs, is_thirteen_orphans
from scorekeeper.engine.hand import Hand, Meld, validate_tiles
from scorekeeper.engine.rules import HandRules
from scorekeeper.engine.scoring import HandScore, score_hand
from scorekeeper.engine.tiles import Tile, TileKind, Wind, format_tiles
from scorekeeper.errors import ErrorCode, InvalidContextError, InvalidHandError, ScorekeeperError, quote

__all__ = ["Refusal", "Wait", "list_waits"]

_TSUMO_ONLY = frozenset(c.value for c in WinCondition if c.tsumo_only)
_RON_ONLY = frozenset(c.value for c in WinCondition if c.ron_only)
_CONDITIONS = CONDITION_NAMES


@dataclass(frozen=True, slots=True)
class Refusal:
    """Why a win on a wait cannot be scored.

    Attributes:
        message: the reason, as the engine's exception says it.
        error: the exception class the engine raised.
    """

    message: str
    error: type[ScorekeeperError]


@dataclass(frozen=True, slots=True, kw_only=True)
class Wait:
    """One winning tile of a ready hand and what a win on it is worth.

    Attributes:
        kind: the winning kind.
        ron: the score by ron, or why it cannot win that way.
        tsumo: the score by tsumo, or why it cannot win that way.
    """

    kind: TileKind
    ron: HandScore | Refusal
    tsumo: HandScore | Refusal


def _winning_kinds(counts: list[int], closed_shape: bool) -> list[int]:
    kinds = set(completing_kinds(counts))
    if closed_shape and sum(counts) == 13:
        for kind in range(34):
            if counts[kind] in (1, 0) and kind not in kinds:
                counts[kind] += 1
                if is_seven_pairs(counts) or is_thirteen_orphans(counts):
                    kinds.add(kind)
                counts[kind] -= 1
    return sorted(kinds)


@dataclass(frozen=True, slots=True, kw_only=True)
class _Table:
    """What stays the same for every wait of a hand."""

    concealed: tuple[Tile, ...]
    melds: tuple[Meld, ...]
    seat_wind: Wind
    round_wind: Wind
    dora: tuple[Tile, ...]
    ura: tuple[Tile, ...]
    flags: dict[str, bool]
    rules: HandRules


def _score(table: _Table, win: Tile, tsumo: bool) -> HandScore | Refusal:
    skip = _RON_ONLY if tsumo else _TSUMO_ONLY
    on = {name: table.flags.get(name, False) and name not in skip for name in _CONDITIONS}
    try:
        hand = Hand(
            concealed=(*table.concealed, win),
            melds=table.melds,
            win=win,
            tsumo=tsumo,
            seat_wind=table.seat_wind,
            round_wind=table.round_wind,
            dora=table.dora,
            ura=table.ura,
            riichi=on["riichi"],
            double_riichi=on["double_riichi"],
            ippatsu=on["ippatsu"],
            haitei=on["haitei"],
            houtei=on["houtei"],
            rinshan=on["rinshan"],
            chankan=on["chankan"],
            tenhou=on["tenhou"],
            chiihou=on["chiihou"],
            renhou=on["renhou"],
        )
        return score_hand(hand, table.rules)
    except ScorekeeperError as error:
        return Refusal(str(error), type(error))


_WAITING_HAND_PROBLEMS = frozenset({ErrorCode.HAND_FIFTH_COPY, ErrorCode.HAND_TOO_MANY_MELDS})


def list_waits(
    concealed: Iterable[Tile],
    melds: Iterable[Meld] = (),
    *,
    seat_wind: Wind,
    round_wind: Wind,
    rules: HandRules,
    dora: Iterable[Tile] = (),
    ura: Iterable[Tile] = (),
    **conditions: bool,
) -> tuple[Wait, ...]:
    """The waits of a hand one tile short of winning, each scored by ron and by tsumo.

    Args:
        concealed: the concealed tiles (13 minus 3 per meld).
        melds: the called melds and concealed kongs.
        seat_wind: the player's seat wind (East is the dealer).
        round_wind: the prevailing wind.
        rules: the ruleset.
        dora: dora indicators.
        ura: ura dora indicators (they count with riichi).
        **conditions: win conditions by name (``riichi``, ``ippatsu``, ``haitei``...); absent means false.

    Raises:
        InvalidHandError: for a fifth copy or a tile count that is not one short of a winning hand.
        InvalidContextError: for an unknown condition name.
    """
    unknown = set(conditions) - set(_CONDITIONS)
    if unknown:
        raise InvalidContextError(
            f"unknown win conditions {quote(sorted(unknown))}",
            code=ErrorCode.CONDITION_UNKNOWN,
            fields={"conditions": ", ".join(sorted(unknown))},
        )
    concealed_t = tuple(concealed)
    melds_t = tuple(melds)
    if len(concealed_t) != 13 - 3 * len(melds_t):
        raise InvalidHandError(
            f"wrong tile count: {len(concealed_t)} concealed tiles {quote(format_tiles(concealed_t))} with "
            f"{len(melds_t)} meld(s); a hand waiting to win has {13 - 3 * len(melds_t)}",
            code=ErrorCode.HAND_WAITING_WRONG_TILE_COUNT,
            fields={"count": len(concealed_t), "melds": len(melds_t), "expected": 13 - 3 * len(melds_t)},
        )
    problems = validate_tiles(concealed_t, melds_t)
    # Of the tiles' problems, a fifth copy and a fifth meld; the count is checked above (a winning hand's is not).
    copies_problems = [p for p in problems if p.code in _WAITING_HAND_PROBLEMS]
    if copies_problems:
        problem = copies_problems[0]
        raise problem.error(problem.message, code=problem.code, fields=problem.fields)
    counts = [0] * 34
    for tile in concealed_t:
        counts[tile.kind] += 1
    held = list(counts)
    for meld in melds_t:
        for tile in meld.tiles:
            held[tile.kind] += 1
    table = _Table(
        concealed=concealed_t,
        melds=melds_t,
        seat_wind=seat_wind,
        round_wind=round_wind,
        dora=tuple(dora),
        ura=tuple(ura),
        flags=dict(conditions),
        rules=rules,
    )
    out: list[Wait] = []
    for kind in _winning_kinds(counts, not melds_t):
        if held[kind] >= 4:
            continue
        win = Tile(TileKind(kind))
        out.append(Wait(kind=TileKind(kind), ron=_score(table, win, False), tsumo=_score(table, win, True)))
    return tuple(out)
