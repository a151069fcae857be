"""The rule texts' worked examples, settled at the table (seeds 000, 001 and 004)."""

from __future__ import annotations

import pytest

from scorekeeper.session import Ron, Tsumo
from tests.session.builders import S0, S1, S2, S3, hf, settle_at, ym

LIMITS = [
    # Seed 000, "Scores for limit hands": han, ron non-dealer, ron dealer, tsumo non-dealer (non-dealers, dealer),
    # tsumo dealer (each).
    pytest.param(5, 8000, 12000, (2000, 4000), 4000, id="mangan"),
    pytest.param(6, 12000, 18000, (3000, 6000), 6000, id="haneman"),
    pytest.param(8, 16000, 24000, (4000, 8000), 8000, id="baiman"),
    pytest.param(11, 24000, 36000, (6000, 12000), 12000, id="sanbaiman"),
]


@pytest.mark.parametrize(("han", "ron", "dealer_ron", "tsumo", "dealer_tsumo"), LIMITS)
def test_seed000_limit_hand_table_at_the_table(
    han: int, ron: int, dealer_ron: int, tsumo: tuple[int, int], dealer_tsumo: int
) -> None:
    assert settle_at("tenhou", Ron(S2, (hf(1, han, 30),))).deltas == (0, ron, -ron, 0)
    assert settle_at("tenhou", Ron(S2, (hf(0, han, 30),))).deltas == (dealer_ron, 0, -dealer_ron, 0)
    non_dealer, dealer = tsumo
    assert settle_at("tenhou", Tsumo(hf(1, han, 30))).deltas == (
        -dealer,
        non_dealer * 2 + dealer,
        -non_dealer,
        -non_dealer,
    )
    assert settle_at("tenhou", Tsumo(hf(0, han, 30))).deltas == (
        3 * dealer_tsumo,
        -dealer_tsumo,
        -dealer_tsumo,
        -dealer_tsumo,
    )


def test_seed000_yakuman_row() -> None:
    # Seed 000: yakuman 32000 / 48000 / 8000-16000 / 16000-all.
    assert settle_at("tenhou", Ron(S3, (ym(1),))).deltas == (0, 32000, 0, -32000)
    assert settle_at("tenhou", Ron(S3, (ym(0),))).deltas == (48000, 0, 0, -48000)
    assert settle_at("tenhou", Tsumo(ym(2))).deltas == (-16000, -8000, 32000, -8000)
    assert settle_at("tenhou", Tsumo(ym(0))).deltas == (48000, -16000, -16000, -16000)


@pytest.mark.parametrize(
    ("han", "fu", "non_dealer", "dealer"),
    [
        # Seed 000 on pinfu tsumo: "1 han-30 minipoints (tsumo only; 300-500) ... 2 han-30 minipoints (tanyao +
        # tsumo; 500-1000) ... 3 han-20 minipoints; 700-1300".
        pytest.param(1, 30, 300, 500, id="1-han-30-fu-300-500"),
        pytest.param(2, 30, 500, 1000, id="2-han-30-fu-500-1000"),
        pytest.param(3, 20, 700, 1300, id="3-han-20-fu-700-1300"),
    ],
)
def test_seed000_tsumo_examples(han: int, fu: int, non_dealer: int, dealer: int) -> None:
    s = settle_at("tenhou", Tsumo(hf(2, han, fu)))
    assert s.deltas == (-dealer, -non_dealer, dealer + 2 * non_dealer, -non_dealer)


def test_seed001_honba_on_tsumo_and_ron() -> None:
    # Seed 001: mangan tsumo with 2 honba: 2200 from each non-dealer and 4200 from the dealer; by ron 8600.
    assert settle_at("ema2016", Tsumo(hf(2, 5, 30)), honba=2).deltas == (-4200, -2200, 8600, -2200)
    assert settle_at("ema2016", Ron(S1, (hf(2, 5, 30),)), honba=2).deltas == (0, -8600, 8600, 0)


def test_seed004_counters_and_riichi_bets_go_to_the_winner() -> None:
    # Seed 004 6.1: "To the hand value are added 100 points for each continuance counter for wins on a
    # self-draw, and 300 points for wins on a discard. In addition, the riichi bets on the table are collected".
    s = settle_at("ema2016", Tsumo(hf(3, 2, 30)), honba=3, sticks=2)
    assert s.deltas == (-1300, -800, -800, 2900 + 2000)


def test_seed004_multiple_winners_each_settle_with_the_discarder() -> None:
    # Seed 004 4.1: "the discarder settles the score with each winner individually. Each winner receives the
    # value of the hand including the value of counters in play ... the riichi bets from players who declared
    # riichi without winning go to the winner closest to the discarder's right. Riichi declarers that win,
    # always get their riichi bet back."
    # Seat 2 discards; seats 0 and 3 win; seat 0 (riichi) is further than seat 3; seat 1 also declared riichi.
    s = settle_at("ema2016", Ron(S2, (hf(0, 1, 30), hf(3, 1, 30))), honba=1, sticks=2, riichi=(0, 1))
    assert s.winners == (S3, S0)
    # Seat 3: 1000 + 300 + seat 1's stick; seat 0 (dealer): 1500 + 300 + their own stick back.
    assert s.deltas == (1500 + 300 + 1000, 0, -1300 - 1800, 1300 + 1000)


def test_seed004_liability_self_draw_two_remaining_opponents_pay_nothing() -> None:
    # Seed 004 3.3.6: "must pay the full value of the hand in case Big Three Dragons or Big Four Winds are made
    # on a self-draw (the two remaining opponents pay nothing)"; 6.2: including the counters.
    s = settle_at("ema2016", Tsumo(ym(2, pao=0)), honba=2)
    assert s.deltas == (-32600, 0, 32600, 0)


def test_seed004_liability_claimed_tile_shared_and_discarder_pays_counters() -> None:
    # Seed 004 6.2: "the liable player shares the payment equally with the discarder of the winning tile. Only
    # the discarder pays the continuance counters' points."
    s = settle_at("ema2016", Ron(S3, (ym(2, pao=1),)), honba=2)
    assert s.deltas == (0, -16000, 32600, -16600)
