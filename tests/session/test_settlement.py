"""Every hand outcome under every preset, with hand-computed expectations naming the rule each checks."""

from __future__ import annotations

import json

import pytest

from scorekeeper.errors import IllegalActionError
from scorekeeper.session import (
    PRESET_NAMES,
    AbortiveDraw,
    AbortReason,
    Chombo,
    ExhaustiveDraw,
    HandWin,
    NagashiMangan,
    Ron,
    TransferReason,
    Tsumo,
)
from tests.builders import pon
from tests.session.builders import S0, S1, S2, S3, hf, rules, settle_at, ym

ALL = pytest.mark.parametrize("preset", PRESET_NAMES)
EMA_LIKE = {"ema2016", "ema2025", "wrc2015", "wrc2022"}
TENHOU_LIKE = {"tenhou", "custom"}


@ALL
def test_ron_pays_hand_plus_300_per_honba_and_winner_takes_sticks(preset: str) -> None:
    # 3 han 30 fu non-dealer ron = 3900 (seed 000 table); 2 honba x 300 from the discarder (seed 001, seed 004
    # 6.1); the two sticks on the table go to the winner.
    s = settle_at(preset, Ron(S2, (hf(1, 3, 30),)), honba=2, sticks=2)
    assert s.deltas == (0, 6500, -4500, 0)
    assert s.riichi_sticks_after == 0
    assert s.honba_after == 0  # a non-dealer win resets the honba
    assert not s.dealer_repeats


@ALL
def test_dealer_ron_4_han_30_fu_is_11600_or_kiriage_mangan(preset: str) -> None:
    # 1920 base x 6 = 11520 -> 11600; kiriage mangan (a hand knob, seed 002) rounds it up to 12000.
    s = settle_at(preset, Ron(S3, (hf(0, 4, 30),)))
    expected = 12000 if rules(preset).hand.kiriage_mangan else 11600
    assert s.deltas == (expected, 0, 0, -expected)
    assert s.dealer_repeats  # renchan on a dealer win
    assert s.honba_after == 1


@ALL
def test_seed001_mangan_tsumo_with_two_honba_is_2200_and_4200(preset: str) -> None:
    # Seed 001: "the other non-dealers would each pay 2200, and the dealer would pay 4200".
    s = settle_at(preset, Tsumo(hf(1, 5, 30)), honba=2)
    assert s.deltas == (-4200, 8600, -2200, -2200)


@ALL
def test_seed001_mangan_ron_with_two_honba_is_8600(preset: str) -> None:
    # Seed 001: "If they instead won by ron, then the player who dealt their winning tile would pay 8600."
    s = settle_at(preset, Ron(S3, (hf(1, 5, 30),)), honba=2)
    assert s.deltas == (0, 8600, 0, -8600)


@ALL
def test_dealer_tsumo_pays_all_plus_100_per_honba_each(preset: str) -> None:
    # 2 han 30 fu dealer tsumo: 1000 all; 1 honba adds 100 from each payer.
    s = settle_at(preset, Tsumo(hf(0, 2, 30)), honba=1, sticks=1)
    assert s.deltas == (3300 + 1000, -1100, -1100, -1100)
    assert s.dealer_repeats
    assert s.honba_after == 2


def test_honba_value_is_a_knob_for_1500_per_honba_parlours() -> None:
    # [issue3] "the value is a knob, e.g. 1500-per-honba parlours": 1500 on ron, 500 from each on tsumo.
    ron = settle_at("tenhou", Ron(S2, (hf(1, 1, 30),)), honba=1, honba_points=1500)
    assert ron.deltas == (0, 2500, -2500, 0)
    tsumo = settle_at("tenhou", Tsumo(hf(1, 1, 30)), honba=1, honba_points=1500)
    assert tsumo.deltas == (-1000, 2600, -800, -800)


@ALL
@pytest.mark.parametrize(
    ("tenpai", "deltas"),
    [
        pytest.param((), (0, 0, 0, 0), id="nobody-tenpai"),
        pytest.param((1,), (-1000, 3000, -1000, -1000), id="one-tenpai"),
        pytest.param((1, 2), (-1500, 1500, 1500, -1500), id="two-tenpai"),
        pytest.param((0, 1, 2), (1000, 1000, 1000, -3000), id="three-tenpai"),
        pytest.param((0, 1, 2, 3), (0, 0, 0, 0), id="all-tenpai"),
    ],
)
def test_exhaustive_draw_noten_payments_split_3000(
    preset: str, tenpai: tuple[int, ...], deltas: tuple[int, ...]
) -> None:
    # [issue3] / seed 004: 3000 split between tenpai and noten players; sticks carry over; honba +1.
    s = settle_at(preset, ExhaustiveDraw(tuple(map(int, tenpai))), honba=1, sticks=2)  # type: ignore[arg-type]
    assert s.deltas == deltas
    assert s.riichi_sticks_after == 2
    assert s.honba_after == 2
    assert s.dealer_repeats == (0 in tenpai)  # renchan on dealer tenpai


@ALL
def test_riichi_player_must_be_tenpai_at_a_draw(preset: str) -> None:
    with pytest.raises(IllegalActionError, match="seat 2 declared riichi this hand but is not listed tenpai"):
        settle_at(preset, ExhaustiveDraw((S1,)), riichi=(2,), sticks=1)


MULTI_RON = {
    # [issue3] tenhou: double ron; honba and all sticks to the winner nearest the discarder (seat 1).
    "tenhou": (-4300, 4300, 0, 2000),
    "custom": (-4300, 4300, 0, 2000),
    # [EMA] 4.1: honba to each winner; a winner in riichi gets their own stick back; the rest to the nearest.
    "ema2016": (-4600, 3300, 0, 3300),
    "ema2025": (-4600, 3300, 0, 3300),
    "wrc2015": (-4600, 3300, 0, 3300),
    # M-League and WRC (2015 5.7: a hand ends "by one player winning"): head bump, only the nearest winner wins.
    "mleague": (-2300, 4300, 0, 0),
    "wrc2022": (-2300, 4300, 0, 0),
}


@ALL
def test_double_ron_honba_and_sticks_per_ruleset(preset: str) -> None:
    # Seat 0 discards; seats 1 and 3 both ron for 2 han 30 fu (2000 each); 1 honba; two sticks on the table, one
    # of them seat 3's riichi of this hand.
    s = settle_at(preset, Ron(S0, (hf(3, 2, 30), hf(1, 2, 30))), honba=1, sticks=2, riichi=(3,))
    assert s.deltas == MULTI_RON[preset]
    assert s.riichi_sticks_after == 0
    assert s.winners[0] == S1  # nearest the discarder's right first


TRIPLE_RON = {
    "tenhou": None,  # [issue3] triple ron is an abortive draw
    "custom": None,
    # [issue3] EMA: double and triple ron allowed; the stick on the table to the nearest winner (seat 1).
    "ema2016": (-3000, 2000, 1000, 1000),
    "ema2025": (-3000, 2000, 1000, 1000),
    "wrc2015": (-3000, 2000, 1000, 1000),
    "mleague": (-1000, 2000, 0, 0),  # head bump
    "wrc2022": (-1000, 2000, 0, 0),
}


@ALL
def test_triple_ron_per_ruleset(preset: str) -> None:
    s = settle_at(preset, Ron(S0, (hf(1, 1, 30), hf(2, 1, 30), hf(3, 1, 30))), honba=0, sticks=1)
    expected = TRIPLE_RON[preset]
    if expected is None:
        assert s.abort is AbortReason.SANCHAHOU
        assert s.deltas == (0, 0, 0, 0)
        assert s.riichi_sticks_after == 1  # sticks stay
        assert s.honba_after == 1
        assert s.dealer_repeats  # abortive draws: the dealer repeats
    else:
        assert s.deltas == expected


@ALL
def test_nagashi_mangan_paid_as_mangan_tsumo_without_honba(preset: str) -> None:
    result = NagashiMangan((S2,), ())
    if preset in EMA_LIKE:
        with pytest.raises(IllegalActionError, match="has no nagashi mangan"):
            settle_at(preset, result, honba=3, sticks=1)
        return
    # [issue3] tenhou: a mangan tsumo by each nagashi player with no honba; sticks stay; honba +1.
    s = settle_at(preset, result, honba=3, sticks=1)
    assert s.deltas == (-4000, -2000, 8000, -2000)
    assert s.riichi_sticks_after == 1
    assert s.honba_after == 4
    assert not s.dealer_repeats


def test_dealer_nagashi_while_tenpai_repeats() -> None:
    # [issue3] tenhou: "the dealer repeats if tenpai".
    s = settle_at("tenhou", NagashiMangan((S0,), (S0, S2)))
    assert s.deltas == (12000, -4000, -4000, -4000)
    assert s.dealer_repeats


@ALL
@pytest.mark.parametrize("reason", list(AbortReason), ids=[r.value for r in AbortReason])
def test_abortive_draws_only_where_allowed(preset: str, reason: AbortReason) -> None:
    riichi = (0, 1, 2, 3) if reason is AbortReason.SUUCHA_RIICHI else ()
    if preset in EMA_LIKE:
        with pytest.raises(IllegalActionError, match="has no abortive draw"):
            settle_at(preset, AbortiveDraw(reason), riichi=riichi, sticks=len(riichi))
        return
    # [issue3] tenhou: the dealer repeats, honba +1, sticks stay.
    s = settle_at(preset, AbortiveDraw(reason), honba=1, riichi=riichi, sticks=len(riichi) + 1, dealer=2)
    assert s.deltas == (0, 0, 0, 0)
    assert s.dealer_repeats
    assert s.honba_after == 2
    assert s.riichi_sticks_after == len(riichi) + 1


def test_four_riichi_abort_needs_four_riichi() -> None:
    with pytest.raises(IllegalActionError, match="needs all four seats in riichi"):
        settle_at("tenhou", AbortiveDraw(AbortReason.SUUCHA_RIICHI), riichi=(0, 1, 2), sticks=3)


@ALL
def test_chombo_per_ruleset(preset: str) -> None:
    # Seat 2 (non-dealer) chombo with their own riichi stick and two older sticks on the table, 2 honba.
    s = settle_at(preset, Chombo(S2), honba=2, sticks=3, riichi=(2,))
    if preset in TENHOU_LIKE:
        # Reverse mangan: pays the dealer 4000 and the others 2000; their riichi stick comes back.
        assert s.deltas == (4000, 2000, -7000, 2000)
    else:
        # [issue3] EMA 20,000 / WRC 30,000 after uma (in the final result); only the stick comes back now.
        # M-League (unverified): a penalty after uma too.
        assert s.deltas == (0, 0, 1000, 0)
    assert s.replayed
    assert s.dealer_repeats
    assert s.honba_after == 2  # replayed with no honba added
    assert s.riichi_sticks_after == 2  # only this hand's stick returned
    assert any(t.reason is TransferReason.RIICHI_RETURNED for t in s.transfers)


def test_dealer_chombo_reverse_mangan_is_4000_to_each() -> None:
    s = settle_at("tenhou", Chombo(S0))
    assert s.deltas == (-12000, 4000, 4000, 4000)


def test_chombo_sticks_stay_when_the_ruleset_does_not_return_them() -> None:
    s = settle_at("tenhou", Chombo(S2), sticks=1, riichi=(2,), chombo_returns_riichi=False)
    assert s.deltas == (4000, 2000, -8000, 2000)
    assert s.riichi_sticks_after == 1


@pytest.mark.parametrize("preset", ["tenhou", "ema2016"])
def test_pao_tsumo_liable_player_pays_whole_hand_and_honba(preset: str) -> None:
    # Seed 004 6.2: "If the player wins by self-draw, the liable player must pay the full value of the hand,
    # including all continuance counters points."
    s = settle_at(preset, Tsumo(ym(1, pao=3)), honba=1)
    assert s.deltas == (0, 32300, 0, -32300)
    assert all(t.pao for t in s.transfers)


@pytest.mark.parametrize("preset", ["tenhou", "ema2016"])
def test_pao_ron_liable_and_discarder_split_and_discarder_pays_honba(preset: str) -> None:
    # Seed 004 6.2: "the liable player shares the payment equally with the discarder ... Only the discarder pays
    # the continuance counters' points."
    s = settle_at(preset, Ron(S2, (ym(1, pao=3),)), honba=1)
    assert s.deltas == (0, 32300, -16300, -16000)


def test_pao_ron_dealer_yakuman_split_24000_each() -> None:
    s = settle_at("ema2016", Ron(S2, (ym(0, pao=3),)))
    assert s.deltas == (48000, 0, -24000, -24000)


def test_pao_when_liable_player_is_the_discarder_pays_all() -> None:
    s = settle_at("tenhou", Ron(S3, (ym(1, pao=3),)), honba=1)
    assert s.deltas == (0, 32300, 0, -32300)


COMPOUND_TSUMO = {
    # tenhou.net (issue 25, 4: a real 2019 hanchan): on a tsumo the liable player pays the whole compound yakuman.
    "tenhou": (0, 64000, 0, -64000),
    # Japanese rules (pao_scope liable_only): the liable player pays the liable yakuman in full (32000); the other
    # yakuman is an ordinary tsumo (16000 from the dealer, 8000 from each non-dealer, the liable player included).
    "liable_only": (-16000, 64000, -8000, -40000),
    # Seed 004 6.2: "still liable even if the hand also qualifies for another yakuman": the whole hand.
    "ema2016": (0, 64000, 0, -64000),
}
COMPOUND_RON = {
    "tenhou": (0, 64000, -48000, -16000),  # on a ron tenhou keeps the Japanese rule (liable yakuman only)
    "liable_only": (0, 64000, -48000, -16000),
    "ema2016": (0, 64000, -32000, -32000),
}


@pytest.mark.parametrize("case", ["tenhou", "liable_only", "ema2016"])
def test_pao_compound_yakuman_scope_per_ruleset(case: str) -> None:
    # Compound yakuman is a hand knob (the EMA presets may not count them); the pao scope is the table's.
    preset = "tenhou" if case == "liable_only" else case
    scope = "liable_only" if case == "liable_only" else rules(preset).table.pao_scope.value
    tsumo = settle_at(preset, Tsumo(ym(1, 2, pao=3)), compound_yakuman=True, pao_scope=scope)
    assert tsumo.deltas == COMPOUND_TSUMO[case]
    ron = settle_at(preset, Ron(S2, (ym(1, 2, pao=3),)), compound_yakuman=True, pao_scope=scope)
    assert ron.deltas == COMPOUND_RON[case]


def test_tenhou_the_liable_player_pays_the_whole_of_a_double_yakuman_tsumo_and_the_counters() -> None:
    """Issue 25, 4: a real 2019 tenhou.net hanchan (held out): a non-dealer's tsumo of a double yakuman, one of the
    two liable (pao); tenhou.net charged the liable player the whole hand, 64,000 plus the counters, and the other
    two paid nothing. Built from that hand's facts: seat 1 wins by tsumo (seat 0 deals), big three dragons fed by
    seat 3's third dragon pung and all honours (tenhou.net adds the two yakuman), two counters on the table."""
    hand = {
        "hand": "11122z",
        "melds": [pon("555z"), pon("666z"), pon("777z")],
        "win": "2z",
        "tsumo": True,
        "seat_wind": "S",
        "round_wind": "E",
    }
    s = settle_at("tenhou", Tsumo(HandWin(seat=S1, hand=json.dumps(hand), pao=S3)), honba=2)
    assert s.wins[0].value.yakuman == 2
    assert s.deltas == (0, 64000 + 600, 0, -(64000 + 600))
    assert all(t.payer == S3 and t.pao for t in s.transfers)
    # A count of yakuman entered by hand is settled the same way.
    assert settle_at("tenhou", Tsumo(ym(1, 2, pao=3)), honba=2).deltas == (0, 64600, 0, -64600)


def test_double_ron_with_pao_settles_each_win_on_its_own() -> None:
    # Seed 004 4.1: "the discarder settles the score with each winner individually".
    s = settle_at("ema2016", Ron(S0, (ym(1, pao=2), hf(3, 1, 30))), honba=1)
    assert s.deltas == (-16300 - 1300, 32300, -16000, 1300)


def test_settlement_transfers_add_up_to_deltas() -> None:
    s = settle_at("ema2016", Ron(S0, (hf(3, 2, 30), hf(1, 2, 30))), honba=1, sticks=2, riichi=(3,))
    totals = [0, 0, 0, 0]
    for t in s.transfers:
        totals[t.payee] += t.points
        if t.payer is not None:
            totals[t.payer] -= t.points
    assert tuple(totals) == s.deltas
    assert {t.reason for t in s.transfers} >= {TransferReason.HAND, TransferReason.HONBA, TransferReason.RIICHI_STICKS}


@pytest.mark.parametrize("preset", ["tenhou", "ema2016"])
def test_multiple_yakuman_refused_where_ruleset_counts_one(preset: str) -> None:
    with pytest.raises(IllegalActionError, match="at most one yakuman"):
        settle_at(preset, Tsumo(ym(1, 2)), compound_yakuman=False, double_yakuman=False)


def test_pao_seat_is_not_the_winner() -> None:
    with pytest.raises(IllegalActionError, match="cannot be liable"):
        ym(1, pao=1)
