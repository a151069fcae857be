"""The score tables, computed from ``scorekeeper.engine.points`` for a ruleset's hand rules (no Qt, no typed figures).

Rows are every fu a hand can have and columns 1-4 han (the beginner lesson's table, seed 001, and the riichi book,
seed 000, "Scores", which stop at 110 fu; the rows above show where 2 han 120 fu and aotenjou still differ).
Every figure is ``pay(value_from_han_fu(han, fu, rules), ...)``, so kiriage mangan, kazoe and aotenjou show exactly as
the engine scores them. Which cells exist is the engine's one table of valid han and fu
(``scorekeeper.engine.han_fu``, with its sources), the table the session holds every win to: a cell no win has
(20 fu by ron, 1 han 25 fu, 1 han 110 fu by tsumo, ...) is left empty.
"""

from __future__ import annotations

from dataclasses import dataclass

from scorekeeper.engine.declared import STAND_IN_FU, fu_count
from scorekeeper.engine.han_fu import FU_VALUES, is_valid_han_fu
from scorekeeper.engine.points import Limit, Payment, PointValue, pay, value_from_han_fu, value_from_yakuman
from scorekeeper.engine.rules import HandRules

__all__ = [
    "FU_ROWS",
    "HAN_COLUMNS",
    "LimitRow",
    "TableCell",
    "is_possible",
    "limit_rows",
    "mangan_thresholds",
    "score_table",
]

FU_ROWS: tuple[int, ...] = FU_VALUES
HAN_COLUMNS: tuple[int, ...] = (1, 2, 3, 4)


@dataclass(frozen=True, slots=True, kw_only=True)
class TableCell:
    """One han/fu cell of a score table.

    Attributes:
        han: the han.
        fu: the fu.
        ron: what the discarder pays, or None when no hand is won by ron with this han and fu.
        tsumo: what the others pay on a tsumo, or None when no hand is won by tsumo with this han and fu.
        limit: the limit the cell reaches (mangan by kiriage included), or None.
    """

    han: int
    fu: int
    ron: int | None
    tsumo: Payment | None
    limit: Limit | None


@dataclass(frozen=True, slots=True, kw_only=True)
class LimitRow:
    """One limit hand: its name, the han that make it, and its payments.

    Attributes:
        limit: the limit.
        multiplier: 2 for a double yakuman row, else 1.
        han_from: the smallest han that reaches it (None for a yakuman only made by yakuman yaku).
        han_to: the largest han that stays at it (None: no upper end).
        ron: the non-dealer's ron payment.
        tsumo: the non-dealer's tsumo payments.
        dealer_ron: the dealer's ron payment.
        dealer_tsumo: the dealer's tsumo payments (each of the three).
    """

    limit: Limit
    multiplier: int
    han_from: int | None
    han_to: int | None
    ron: int
    tsumo: Payment
    dealer_ron: int
    dealer_tsumo: Payment


def is_possible(han: int, fu: int, *, tsumo: bool) -> bool:
    """Whether some hand is won with ``han`` and ``fu``: the engine's one table (``scorekeeper.engine.han_fu``)."""
    return is_valid_han_fu(han, fu, tsumo=tsumo)


def _value(han: int, fu: int, rules: HandRules) -> PointValue:
    return value_from_han_fu(han, fu, rules)


def score_table(rules: HandRules, *, dealer: bool) -> tuple[tuple[TableCell, ...], ...]:
    """The han x fu table (rows :data:`FU_ROWS`, columns :data:`HAN_COLUMNS`) for a dealer or a non-dealer."""
    rows = []
    for fu in FU_ROWS:
        cells = []
        for han in HAN_COLUMNS:
            ron_ok, tsumo_ok = is_possible(han, fu, tsumo=False), is_possible(han, fu, tsumo=True)
            value = _value(han, fu, rules) if ron_ok or tsumo_ok else None
            cells.append(
                TableCell(
                    han=han,
                    fu=fu,
                    ron=pay(value, dealer=dealer, tsumo=False).total if value and ron_ok else None,
                    tsumo=pay(value, dealer=dealer, tsumo=True) if value and tsumo_ok else None,
                    limit=value.limit if value else None,
                )
            )
        rows.append(tuple(cells))
    return tuple(rows)


def limit_rows(rules: HandRules) -> tuple[LimitRow, ...]:
    """The limit hands under ``rules``: mangan to yakuman, and double yakuman where the rules have it.

    The han ranges are found by asking the engine (``value_from_han_fu`` at the han where the fu do not count,
    ``engine.declared.fu_count``: 5 to 13), so a ruleset with
    counted yakuman (``kazoe``) shows 13+ han as yakuman and one without shows it as sanbaiman. Empty under
    aotenjou, which has no limits.
    """
    if rules.aotenjou:
        return ()
    spans: dict[Limit, list[int]] = {}
    for han in (h for h in range(1, 14) if not fu_count(h, rules)):  # where the limits decide, not the fu
        limit = _value(han, STAND_IN_FU, rules).limit
        assert limit is not None
        spans.setdefault(limit, []).append(han)
    rows = []
    for limit in (Limit.MANGAN, Limit.HANEMAN, Limit.BAIMAN, Limit.SANBAIMAN, Limit.YAKUMAN):
        hans = spans.get(limit)
        if limit is Limit.YAKUMAN:
            value = value_from_yakuman(1, rules)
        else:
            assert hans is not None, f"no han reaches {limit} under {rules.name}"
            value = _value(hans[0], STAND_IN_FU, rules)
        han_from = hans[0] if hans else None
        han_to = None if hans is None or hans[-1] == 13 else hans[-1]
        rows.append(_limit_row(limit, 1, han_from, han_to, value))
    if rules.double_yakuman or rules.compound_yakuman:
        rows.append(_limit_row(Limit.YAKUMAN, 2, None, None, value_from_yakuman(2, rules)))
    return tuple(rows)


def _limit_row(limit: Limit, multiplier: int, han_from: int | None, han_to: int | None, value: PointValue) -> LimitRow:
    return LimitRow(
        limit=limit,
        multiplier=multiplier,
        han_from=han_from,
        han_to=han_to,
        ron=pay(value, dealer=False, tsumo=False).total,
        tsumo=pay(value, dealer=False, tsumo=True),
        dealer_ron=pay(value, dealer=True, tsumo=False).total,
        dealer_tsumo=pay(value, dealer=True, tsumo=True),
    )


def mangan_thresholds(rules: HandRules) -> tuple[tuple[int, int], ...]:
    """(han, smallest fu) pairs below 5 han that already reach mangan under ``rules`` (kiriage included)."""
    found = []
    for han in HAN_COLUMNS:
        for fu in FU_ROWS:
            possible = is_possible(han, fu, tsumo=False) or is_possible(han, fu, tsumo=True)
            if possible and _value(han, fu, rules).limit is Limit.MANGAN:
                found.append((han, fu))
                break
    return tuple(found)
