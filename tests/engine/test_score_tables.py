"""Every cell of the seeds' score tables, from han and fu to payments.

Sources:
- seed 000 (riichi book, chapter "Scoring"): Table "Scores for non-dealer" (tbl:scores1), Table "Scores for dealer"
  (tbl:scores2), Table "Scores for limit hands" (tbl:limithands) and the per-fu tables for 30, 40, 20, 25, 50, 70
  and 110 minipoints (tbl:30mp ... tbl:110mp).
- seed 001 (beginner lesson 17): the limit-hand table for non-dealer and dealer, ron and tsumo.

The book's tables do not use kiriage mangan (4 han 30 fu is 7700, 3 han 60 fu is 7700), so they are checked
against the ``tenhou`` preset, which has no kiriage; its 13+ han row is a counted yakuman as in the book's table,
and the book's footnote (13+ han is sanbaiman under the revised EMA rules) is checked against ``ema2016``.

A non-dealer tsumo cell "(a-b)" means each non-dealer pays a and the dealer pays b; a dealer tsumo cell "(a)"
means each of the three pays a ("a-all"). Cells marked "---" cannot occur (20 fu is pinfu tsumo only; 25 fu is
chiitoitsu, at least 2 han; 1 han 110 fu tsumo has no yaku to be 1 han with 110 fu and a tsumo) and are not
listed.
"""

from __future__ import annotations

from typing import NamedTuple

import pytest

from scorekeeper.engine.points import Limit, Payment, pay, value_from_han_fu, value_from_yakuman
from scorekeeper.engine.rules import hand_rules


class Cell(NamedTuple):
    source: str
    dealer: bool
    fu: int
    han: int
    ron: int | None
    tsumo: tuple[int, int] | int | None  # (non_dealer, dealer) for a non-dealer; each for a dealer


# seed 000, tbl:scores1 (Scores for non-dealer): fu -> per han 1..4: (ron, (non-dealer pays, dealer pays))
_NON_DEALER: dict[int, tuple[tuple[int | None, tuple[int, int] | None], ...]] = {
    20: ((None, None), (None, (400, 700)), (None, (700, 1300)), (None, (1300, 2600))),
    25: ((None, None), (1600, None), (3200, (800, 1600)), (6400, (1600, 3200))),
    30: ((1000, (300, 500)), (2000, (500, 1000)), (3900, (1000, 2000)), (7700, (2000, 3900))),
    40: ((1300, (400, 700)), (2600, (700, 1300)), (5200, (1300, 2600)), (8000, (2000, 4000))),
    50: ((1600, (400, 800)), (3200, (800, 1600)), (6400, (1600, 3200)), (8000, (2000, 4000))),
    60: ((2000, (500, 1000)), (3900, (1000, 2000)), (7700, (2000, 3900)), (8000, (2000, 4000))),
    70: ((2300, (600, 1200)), (4500, (1200, 2300)), (8000, (2000, 4000)), (8000, (2000, 4000))),
    80: ((2600, (700, 1300)), (5200, (1300, 2600)), (8000, (2000, 4000)), (8000, (2000, 4000))),
    90: ((2900, (800, 1500)), (5800, (1500, 2900)), (8000, (2000, 4000)), (8000, (2000, 4000))),
    100: ((3200, (800, 1600)), (6400, (1600, 3200)), (8000, (2000, 4000)), (8000, (2000, 4000))),
    110: ((3600, None), (7100, (1800, 3600)), (8000, (2000, 4000)), (8000, (2000, 4000))),
}

# seed 000, tbl:scores2 (Scores for dealer): fu -> per han 1..4: (ron, each pays on tsumo)
_DEALER: dict[int, tuple[tuple[int | None, int | None], ...]] = {
    20: ((None, None), (None, 700), (None, 1300), (None, 2600)),
    25: ((None, None), (2400, None), (4800, 1600), (9600, 3200)),
    30: ((1500, 500), (2900, 1000), (5800, 2000), (11600, 3900)),
    40: ((2000, 700), (3900, 1300), (7700, 2600), (12000, 4000)),
    50: ((2400, 800), (4800, 1600), (9600, 3200), (12000, 4000)),
    60: ((2900, 1000), (5800, 2000), (11600, 3900), (12000, 4000)),
    70: ((3400, 1200), (6800, 2300), (12000, 4000), (12000, 4000)),
    80: ((3900, 1300), (7700, 2600), (12000, 4000), (12000, 4000)),
    90: ((4400, 1500), (8700, 2900), (12000, 4000), (12000, 4000)),
    100: ((4800, 1600), (9600, 3200), (12000, 4000), (12000, 4000)),
    110: ((5300, None), (10600, 3600), (12000, 4000), (12000, 4000)),
}

# seed 000, the per-fu tables of "Getting the scores" and "Scores for 50 minipoints or above":
# fu -> han -> (non-dealer ron, dealer ron, (non-dealer tsumo: non-dealer pays, dealer pays), dealer tsumo each)
_PER_FU_TABLES: dict[str, dict[int, dict[int, tuple[int | None, int | None, tuple[int, int] | None, int | None]]]] = {
    "tbl30mp": {
        30: {
            1: (1000, 1500, (300, 500), 500),
            2: (2000, 2900, (500, 1000), 1000),
            3: (3900, 5800, (1000, 2000), 2000),
            4: (7700, 11600, (2000, 3900), 3900),
        }
    },
    "tbl40mp": {
        40: {
            1: (1300, 2000, (400, 700), 700),
            2: (2600, 3900, (700, 1300), 1300),
            3: (5200, 7700, (1300, 2600), 2600),
        }
    },
    "tbl20mp": {
        20: {2: (None, None, (400, 700), 700), 3: (None, None, (700, 1300), 1300), 4: (None, None, (1300, 2600), 2600)}
    },
    "tbl25mp": {
        25: {
            2: (1600, 2400, None, None),
            3: (3200, 4800, (800, 1600), 1600),
            4: (6400, 9600, (1600, 3200), 3200),
        }
    },
    "tbl50mp": {
        50: {
            1: (1600, 2400, (400, 800), 800),
            2: (3200, 4800, (800, 1600), 1600),
            3: (6400, 9600, (1600, 3200), 3200),
        }
    },
    "tbl70mp": {70: {1: (2300, 3400, (600, 1200), 1200), 2: (4500, 6800, (1200, 2300), 2300)}},
    "tbl110mp": {110: {1: (3600, 5300, None, None), 2: (7100, 10600, (1800, 3600), 3600)}},
}


def _cells() -> list[Cell]:
    cells: list[Cell] = []
    for fu, row in _NON_DEALER.items():
        for han, (ron, tsumo) in enumerate(row, start=1):
            cells.append(Cell("book-scores1-nondealer", False, fu, han, ron, tsumo))
    for fu, drow in _DEALER.items():
        for han, (ron, each) in enumerate(drow, start=1):
            cells.append(Cell("book-scores2-dealer", True, fu, han, ron, each))
    for table, by_fu in _PER_FU_TABLES.items():
        for fu, by_han in by_fu.items():
            for han, (nd_ron, d_ron, nd_tsumo, d_tsumo) in by_han.items():
                cells.append(Cell(f"book-{table}-nondealer", False, fu, han, nd_ron, nd_tsumo))
                cells.append(Cell(f"book-{table}-dealer", True, fu, han, d_ron, d_tsumo))
    return cells


_RON_CELLS = [c for c in _cells() if c.ron is not None]
_TSUMO_CELLS = [c for c in _cells() if c.tsumo is not None]


def _cell_id(cell: Cell, how: str) -> str:
    return f"{cell.source}-{cell.fu}fu-{cell.han}han-{how}"


@pytest.mark.parametrize("cell", _RON_CELLS, ids=[_cell_id(c, "ron") for c in _RON_CELLS])
def test_book_score_table_ron(cell: Cell) -> None:
    """A ron cell of the book's tables: the discarder pays the whole value."""
    value = value_from_han_fu(cell.han, cell.fu, hand_rules("tenhou"))
    payment = pay(value, dealer=cell.dealer, tsumo=False)
    assert payment == Payment(ron=cell.ron)
    assert payment.total == cell.ron


@pytest.mark.parametrize("cell", _TSUMO_CELLS, ids=[_cell_id(c, "tsumo") for c in _TSUMO_CELLS])
def test_book_score_table_tsumo(cell: Cell) -> None:
    """A tsumo cell of the book's tables: "(a-b)" for a non-dealer, "(a)" each for a dealer."""
    value = value_from_han_fu(cell.han, cell.fu, hand_rules("tenhou"))
    payment = pay(value, dealer=cell.dealer, tsumo=True)
    if cell.dealer:
        assert isinstance(cell.tsumo, int)
        assert payment == Payment(all=cell.tsumo)
        assert payment.total == 3 * cell.tsumo
    else:
        assert isinstance(cell.tsumo, tuple)
        non_dealer, dealer = cell.tsumo
        assert payment == Payment(dealer=dealer, non_dealer=non_dealer)
        assert payment.total == dealer + 2 * non_dealer


_MANGAN_CELLS = [
    c
    for c in _cells()
    if c.source.startswith("book-scores") and (c.ron in (8000, 12000) or c.tsumo in ((2000, 4000), 4000))
]


@pytest.mark.parametrize("cell", _MANGAN_CELLS, ids=[_cell_id(c, "limit") for c in _MANGAN_CELLS])
def test_book_score_table_capped_cells_are_mangan(cell: Cell) -> None:
    """The 8000 / 12000 cells of tbl:scores1 / tbl:scores2 are hands capped at mangan (base 2000)."""
    value = value_from_han_fu(cell.han, cell.fu, hand_rules("tenhou"))
    assert value.limit is Limit.MANGAN
    assert value.base == 2000


_BELOW_MANGAN = [
    c
    for c in _cells()
    if c.source.startswith("book-scores") and c not in _MANGAN_CELLS and (c.ron, c.tsumo) != (None, None)
]


@pytest.mark.parametrize("cell", _BELOW_MANGAN, ids=[_cell_id(c, "nolimit") for c in _BELOW_MANGAN])
def test_book_score_table_cells_below_mangan_have_no_limit(cell: Cell) -> None:
    """Cells below 8000 / 12000 (including 4 han 30 fu = 7700, no kiriage in the book) are not limit hands."""
    value = value_from_han_fu(cell.han, cell.fu, hand_rules("tenhou"))
    assert value.limit is None
    assert value.base == cell.fu * 2 ** (2 + cell.han)


class LimitRow(NamedTuple):
    source: str
    name: Limit
    han: int
    nd_ron: int
    d_ron: int
    nd_tsumo: tuple[int, int]  # (non-dealer pays, dealer pays)
    d_tsumo: int


# seed 000 tbl:limithands and seed 001 (lesson 17, limit hands table); each row checked at every han it covers.
_LIMIT_ROWS = [
    LimitRow(source, name, han, *values)
    for source in ("book-limithands", "lesson17-limit")
    for name, hans, values in (
        (Limit.MANGAN, (5,), (8000, 12000, (2000, 4000), 4000)),
        (Limit.HANEMAN, (6, 7), (12000, 18000, (3000, 6000), 6000)),
        (Limit.BAIMAN, (8, 9, 10), (16000, 24000, (4000, 8000), 8000)),
        (Limit.SANBAIMAN, (11, 12), (24000, 36000, (6000, 12000), 12000)),
        (Limit.YAKUMAN, (13, 14, 16, 20), (32000, 48000, (8000, 16000), 16000)),
    )
    for han in hans
]


@pytest.mark.parametrize("fu", [30, 40, 110])
@pytest.mark.parametrize("row", _LIMIT_ROWS, ids=[f"{r.source}-{r.name}-{r.han}han" for r in _LIMIT_ROWS])
def test_limit_hand_table(row: LimitRow, fu: int) -> None:
    """Limit hands do not depend on fu (seed 000, "Scores for limit hands"; seed 001, lesson 17).

    13+ han is a counted yakuman under ``tenhou`` (the book's table row "13+ yakuman").
    """
    value = value_from_han_fu(row.han, fu, hand_rules("tenhou"))
    assert value.limit is row.name
    assert value.yakuman == 0
    assert pay(value, dealer=False, tsumo=False) == Payment(ron=row.nd_ron)
    assert pay(value, dealer=True, tsumo=False) == Payment(ron=row.d_ron)
    assert pay(value, dealer=False, tsumo=True) == Payment(non_dealer=row.nd_tsumo[0], dealer=row.nd_tsumo[1])
    assert pay(value, dealer=True, tsumo=True) == Payment(all=row.d_tsumo)


@pytest.mark.parametrize("ruleset", ["ema2016", "ema2025", "wrc2015", "wrc2022"])
@pytest.mark.parametrize("han", [13, 14, 20, 26])
def test_book_limithands_footnote_13_han_is_sanbaiman_under_ema(ruleset: str, han: int) -> None:
    """Seed 000 tbl:limithands footnote: "A hand with 13+ han is scored as a sanbaiman with the revised EMA rules";
    seed 004 6.1: "There is no counted yakuman"; seed 001 footnote: "in some rulesets, any hand with 11 or more han
    is worth sanbaiman". WRC 2022 also has no counted yakuman (the preset's cited source)."""
    value = value_from_han_fu(han, 30, hand_rules(ruleset))
    assert value.limit is Limit.SANBAIMAN
    assert pay(value, dealer=False, tsumo=False) == Payment(ron=24000)
    assert pay(value, dealer=True, tsumo=False) == Payment(ron=36000)


@pytest.mark.parametrize(
    ("multiplier", "nd_ron", "d_ron", "nd_tsumo", "d_tsumo"),
    [
        (1, 32000, 48000, (8000, 16000), 16000),
        (2, 64000, 96000, (16000, 32000), 32000),
        (3, 96000, 144000, (24000, 48000), 48000),
    ],
    ids=["book-limithands-yakuman", "wiki-double-yakuman-16000-base", "wiki-multiple-yakuman-x3"],
)
def test_yakuman_payments(multiplier: int, nd_ron: int, d_ron: int, nd_tsumo: tuple[int, int], d_tsumo: int) -> None:
    """Yakuman = 8000 base (seed 000 tbl:limithands: 32000 / 48000 / 8000-16000 / 16000-all); a double yakuman
    scores 16,000 basic points and more yakuman multiply accordingly (seed 002, "Scoring procedure" 1.1)."""
    value = value_from_yakuman(multiplier, hand_rules("tenhou"))
    assert value.limit is Limit.YAKUMAN
    assert value.yakuman == multiplier
    assert value.base == 8000 * multiplier
    assert pay(value, dealer=False, tsumo=False) == Payment(ron=nd_ron)
    assert pay(value, dealer=True, tsumo=False) == Payment(ron=d_ron)
    assert pay(value, dealer=False, tsumo=True) == Payment(non_dealer=nd_tsumo[0], dealer=nd_tsumo[1])
    assert pay(value, dealer=True, tsumo=True) == Payment(all=d_tsumo)
