"""The ``ema2016`` table values that the RCR 2016 text itself settles, each named after its section.

Read on ooyamaneko.net ("RCR_2016_en", chapters 3.4 and 4.1) and in mahjongjoy.com's copy of 4.1. The values
whose sections could not be read (3.3.14, 3.4.6, 3.4.11, 3.6, 3.6.1) are listed as such in docs/session.md; the
ones the EMA's own list of the 2016 changes states (docs/sources.md) are pinned by the last test, named after it.
"""

from __future__ import annotations

from typing import Any

import pytest

from scorekeeper.errors import IllegalActionError
from scorekeeper.session import (
    AbortiveDraw,
    AbortReason,
    ChomboSettlement,
    ExhaustiveDraw,
    HonbaSplit,
    LeftoverSticks,
    NagashiMangan,
    Ron,
    StickSplit,
    TripleRon,
    Tsumo,
    table_rules,
)
from tests.session.builders import S0, S1, S2, S3, hf, settle_at


@pytest.mark.parametrize(
    ("knob", "value"),
    [
        pytest.param("honba_points", 300, id="3.4.10-4.1-a-counter-is-300"),
        pytest.param("double_ron", True, id="3.4-one-or-more-winners"),
        pytest.param("triple_ron", TripleRon.ALLOWED, id="3.4-three-winners-too"),
        pytest.param("multiple_ron_honba", HonbaSplit.EACH, id="4.1-each-winner-with-counters"),
        pytest.param("multiple_ron_sticks", StickSplit.OWN_BACK, id="4.1-own-bet-back-rest-to-nearest"),
        pytest.param("noten_payment", 3000, id="3.4.2-noten-3000"),
        pytest.param("abortive_draws", frozenset(), id="3.4-no-abortive-draws"),
        pytest.param("nagashi", False, id="3.4-no-nagashi"),
        pytest.param("bust", False, id="4.1-play-on-below-zero"),
    ],
)
def test_rcr2016_ema2016_table_value_is_the_texts(knob: str, value: Any) -> None:
    assert getattr(table_rules("ema2016"), knob) == value


def test_rcr2016_3_4_10_a_counter_adds_300_on_a_discard_and_100_from_each_on_a_self_draw() -> None:
    # 2 fan 30 minipoints by a non-dealer: 2,000 by ron, 500/1,000 by tsumo; two counters: 600 from the discarder,
    # or 200 from each.
    ron = settle_at("ema2016", Ron(S0, (hf(1, 2, 30),)), honba=2)
    assert ron.deltas == (-2600, 2600, 0, 0)
    tsumo = settle_at("ema2016", Tsumo(hf(1, 2, 30)), honba=2)
    assert tsumo.deltas == (-1200, 2600, -700, -700)


def test_rcr2016_3_4_9_and_4_1_double_ron_pays_each_winner_and_a_losers_bet_goes_to_the_nearest_winner() -> None:
    # Seat 0 discards; seats 1 and 3 win 2 fan 30 minipoints each (2,000) with one counter (300 each, 3.4.9 and
    # 4.1: "Each winner receives the value of the hand including the value of counters"). Seats 2 and 3 declared
    # riichi this hand: seat 3 wins and takes its own bet back; seat 2's bet goes to seat 1, the winner nearest
    # the discarder's right.
    s = settle_at("ema2016", Ron(S0, (hf(3, 2, 30), hf(1, 2, 30))), honba=1, sticks=2, riichi=(2, 3))
    assert s.deltas == (-4600, 3300, 0, 3300)
    assert s.riichi_sticks_after == 0


def test_rcr2016_3_4_2_two_tenpai_players_get_1500_each() -> None:
    s = settle_at("ema2016", ExhaustiveDraw((S1, S3)))
    assert s.deltas == (-1500, 1500, -1500, 1500)


def test_rcr2016_3_4_a_hand_ends_by_exhaustive_draw_or_a_win_only() -> None:
    with pytest.raises(IllegalActionError, match="has no abortive draw"):
        settle_at("ema2016", AbortiveDraw(AbortReason.KYUUSHU))
    with pytest.raises(IllegalActionError, match="has no nagashi mangan"):
        settle_at("ema2016", NagashiMangan((S2,), ()))


@pytest.mark.parametrize(
    ("knob", "value"),
    [
        pytest.param("uma", (15, 5, -5, -15), id="uma-is-changed-to-15000-5000-minus-5000-minus-15000"),
        pytest.param("chombo", ChomboSettlement.AFTER_UMA, id="chombo-is-a-deduction-after-uma"),
        pytest.param("chombo_points", 20000, id="chombo-penalty-is-20000-points"),
        pytest.param("abortive_draws", frozenset(), id="abortive-draws-are-removed"),
        pytest.param("nagashi", False, id="nagashi-mangan-is-removed"),
        pytest.param("double_ron", True, id="multiple-winners-are-allowed"),
        pytest.param("leftover_sticks", LeftoverSticks.SPLIT_FIRST, id="riichi-bets-at-game-end-go-to-the-winner"),
    ],
)
def test_ema_2016_change_list_table_value(knob: str, value: Any) -> None:
    """The EMA's announcement of the 2016 edition (not its text): its changes since 2012 and differences from WRC."""
    assert getattr(table_rules("ema2016"), knob) == value
