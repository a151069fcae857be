"""Fu per wait type and per set, by ron and by tsumo, and the choice of the best reading of the wait.

Rules (seed 004 6.3 and 4.1.1; seed 000 "Minipoint calculation"; seed 001 lesson 17): 20 base; closed ron 10;
tsumo 2 (not with pinfu); edge (penchan), closed (kanchan) and single (tanki) waits 2 each, "even if the hand is
waiting for other tiles"; two-sided (ryanmen) and dual-pon (shanpon) waits 0; "If the winning tile finishes a
pung, it counts as a concealed pung in case of self-draw, and it counts as a melded pung in case of winning on a
discard"; pungs 2/4 (simple open/closed), 4/8 (terminal or honour); kongs 8/16, 16/32; "The highest-scoring
possibility must always be chosen". Each hand is built so that the fu under test crosses a rounding step, so
that a wrong count shows in the rounded fu.

Defaults: South seat, East round, ``tenhou`` preset, ron unless ``tsumo``.
"""

from __future__ import annotations

from typing import Any, NamedTuple

import pytest

from tests.builders import ankan, assert_score, chi, hand, minkan, pon, score, shouminkan


class FuCase(NamedTuple):
    id: str
    obj: dict[str, Any]
    han: int
    fu: int
    payments: dict[str, int]


# 999m (a concealed terminal triplet, 8) + 234p + 55p + two runs of souzu: by tsumo 20 + 2 + 8 = 30 before the wait.
_SAME_TILES = "999m234p55p456678s"

CASES = [
    # --- the wait, by tsumo (1 han, menzen tsumo; 30 without wait fu, 40 with) ---
    FuCase("ryanmen-tsumo-0", hand(_SAME_TILES, win="6s", tsumo=True), 1, 30, {"dealer": 500, "non_dealer": 300}),
    FuCase("kanchan-tsumo-2", hand(_SAME_TILES, win="7s", tsumo=True), 1, 40, {"dealer": 700, "non_dealer": 400}),
    FuCase(
        "penchan-3-tsumo-2",
        hand("999m234p55p123456s", win="3s", tsumo=True),
        1,
        40,
        {"dealer": 700, "non_dealer": 400},
    ),
    FuCase(
        "penchan-7-tsumo-2",
        hand("999m234p55p456789s", win="7s", tsumo=True),
        1,
        40,
        {"dealer": 700, "non_dealer": 400},
    ),
    FuCase("tanki-tsumo-2", hand(_SAME_TILES, win="5p", tsumo=True), 1, 40, {"dealer": 700, "non_dealer": 400}),
    FuCase(
        "nobetan-on-4m-tsumo-2",
        hand("12344999m567p678s", win="4m", tsumo=True),
        1,
        40,
        {"dealer": 700, "non_dealer": 400},
    ),
    FuCase(
        "nobetan-on-1m-tsumo-2",
        hand("11234999m567p678s", win="1m", tsumo=True),
        1,
        40,
        {"dealer": 700, "non_dealer": 400},
    ),
    # shanpon by tsumo: the drawn 999s is a concealed terminal triplet: 20 + 2 + 4 (222p) + 8 = 34 -> 40 (an open
    # reading would give 30).
    FuCase(
        "shanpon-tsumo-closed-triplet",
        hand("234m222p678s55m999s", win="9s", tsumo=True),
        1,
        40,
        {"dealer": 700, "non_dealer": 400},
    ),
    # --- the wait, by ron (closed: 20 + 10 = 30 before sets and wait) ---
    FuCase("ryanmen-ron-pinfu-30", hand("123m567p99p345678s", win="8s", riichi=True), 2, 30, {"ron": 2000}),
    FuCase("kanchan-ron-2", hand("123m567p99p345678s", win="7s", riichi=True), 1, 40, {"ron": 1300}),
    FuCase("penchan-ron-2", hand("123789m12399p789s", win="3p", riichi=True), 4, 40, {"ron": 8000}),
    # shanpon by ron: the 999s is an open triplet: 20 + 10 + 4 (222p) + 4 = 38 -> 40 (a concealed reading: 50).
    FuCase(
        "shanpon-ron-open-triplet",
        hand("234m222p678s55m999s", win="9s", riichi=True),
        1,
        40,
        {"ron": 1300},
    ),
    # simple shanpon by ron with 999m concealed: 20 + 10 + 8 + 2 = 40 (concealed reading 42 -> 50).
    FuCase("shanpon-ron-simple-open", hand("999m234p55p456s888s", win="8s", riichi=True), 1, 40, {"ron": 1300}),
    # --- the best reading ---
    # 2344m + 4m: 234m + 44m (tanki, 2) beats 23m-4 + 44m pair (two-sided, 0): 32 -> 40 against 30.
    FuCase(
        "best-reading-tanki-over-ryanmen",
        hand("23444999m567p678s", win="4m", tsumo=True),
        1,
        40,
        {"dealer": 700, "non_dealer": 400},
    ),
    # 45567p + 6p by tsumo: kanchan 5-7 (2) beats 45-6 two-sided (seed 000 Scoring 1): 40 against 30.
    FuCase(
        "best-reading-kanchan-over-ryanmen",
        hand("22345m455667p777z", win="6p", tsumo=True),
        2,
        40,
        {"dealer": 1300, "non_dealer": 700},
    ),
    # 111222333m: three concealed triplets (sanankou, 8 + 4 + 4 fu) beat three 123m runs (pinfu + iipeikou):
    # ron 2 han 50 fu (20 + 10 + 16 = 46 -> 50) = 3200 against 2 han 30 fu = 2000.
    FuCase("best-reading-triplets-over-runs-ron", hand("111222333m456p55s", win="6p"), 2, 50, {"ron": 3200}),
    # by tsumo: sanankou + menzen tsumo 3 han, 20 + 2 + 16 = 38 -> 40 (1300-2600) against pinfu + tsumo +
    # iipeikou 3 han 20 fu (700-1300).
    FuCase(
        "best-reading-triplets-over-runs-tsumo",
        hand("111222333m456p55s", win="6p", tsumo=True),
        3,
        40,
        {"dealer": 2600, "non_dealer": 1300},
    ),
    # --- kongs (open hand: chi 234m, ron on a two-sided 8s, pair 55p: 20 + the kong) ---
    FuCase("minkan-simple-8", hand("345678s55p", win="8s", melds=[chi("234m"), minkan("6666p")]), 1, 30, {"ron": 1000}),
    FuCase(
        "shouminkan-simple-8",
        hand("345678s55p", win="8s", melds=[chi("234m"), shouminkan("6666p")]),
        1,
        30,
        {"ron": 1000},
    ),
    FuCase("ankan-simple-16", hand("345678s55p", win="8s", melds=[chi("234m"), ankan("6666p")]), 1, 40, {"ron": 1300}),
    FuCase(
        "minkan-honour-16", hand("345678s55p", win="8s", melds=[chi("234m"), minkan("7777z")]), 1, 40, {"ron": 1300}
    ),
    FuCase(
        "shouminkan-honour-16",
        hand("345678s55p", win="8s", melds=[chi("234m"), shouminkan("7777z")]),
        1,
        40,
        {"ron": 1300},
    ),
    FuCase("ankan-honour-32", hand("345678s55p", win="8s", melds=[chi("234m"), ankan("7777z")]), 1, 60, {"ron": 2000}),
    # --- pungs (open hand, chi 234m, two-sided ron on 8s, pair 55p) ---
    FuCase("pon-simple-2", hand("345678s55p", win="8s", melds=[chi("234m"), pon("666p")]), 1, 30, {"ron": 1000}),
    FuCase("pon-honour-4", hand("345678s55p", win="8s", melds=[chi("234m"), pon("777z")]), 1, 30, {"ron": 1000}),
    # concealed pungs: closed riichi ron on a two-sided 8s: 20 + 10 + the pung
    FuCase("concealed-pung-simple-4", hand("222m567p345678s99p", win="8s", riichi=True), 1, 40, {"ron": 1300}),
    FuCase("concealed-pung-terminal-8", hand("111m567p345678s99p", win="8s", riichi=True), 1, 40, {"ron": 1300}),
    FuCase(
        "two-concealed-terminal-pungs-16",
        hand("111m999p345678s22p", win="8s", riichi=True),
        1,
        50,
        {"ron": 1600},
    ),
    # --- the fixed values ---
    FuCase(
        "pinfu-tsumo-20", hand("123m567p99p345678s", win="8s", tsumo=True), 2, 20, {"dealer": 700, "non_dealer": 400}
    ),
    FuCase("open-pinfu-ron-30", hand("22m345p234678s", win="3p", melds=[chi("345m")]), 1, 30, {"ron": 1000}),
    FuCase("chiitoitsu-25", hand("1199m3388p2277s66z", win="6z"), 2, 25, {"ron": 1600}),
    # seven pairs take no pair fu, not even for a double-wind pair: still 25 (seed 004 6.3: "No other minipoints
    # are added"); the dealer's 2 han 25 fu ron = 2400.
    FuCase(
        "chiitoitsu-double-wind-pair-still-25",
        hand("1199m3388p2277s11z", win="1z", seat="E", round_wind="E"),
        2,
        25,
        {"ron": 2400},
    ),
]


@pytest.mark.parametrize("case", CASES, ids=[c.id for c in CASES])
def test_fu(case: FuCase) -> None:
    """Fu (rounded) and the payments it leads to; the breakdown sums to the fu."""
    assert_score(score(case.obj), han=case.han, fu=case.fu, payments=case.payments)


@pytest.mark.parametrize(
    ("win", "fu"),
    [("6s", 30), ("7s", 40), ("5p", 40)],
    ids=["ryanmen-6s", "kanchan-7s", "tanki-5p"],
)
def test_fu_same_tiles_different_winning_tile(win: str, fu: int) -> None:
    """One set of 14 tiles (999m 234p 55p 456s 678s) scores differently by the tile that completed it: the wait is
    part of the hand (seed 000: "we may get different minipoints depending on which of the multiple winning tiles
    to win on")."""
    result = score(hand(_SAME_TILES, win=win, tsumo=True))
    assert result.get("fu") == fu, result
