"""Final results: leftover sticks, placement and ties, uma and oka, rounding, penalties after uma."""

from __future__ import annotations

import pytest

from scorekeeper.session import Penalty, table_rules
from scorekeeper.session.standings import final_result
from tests.session.builders import S0, S1, S2


def test_tenhou_sample_game_plus_minus() -> None:
    # tenhou.net game 1 of the samples: [7100, -1500, 50400, 44000] -> [-33, -52, 61, 24]. Seat 1's -1.5 rounds
    # half away from zero to -2; first place takes what makes the sum zero.
    result = final_result(table_rules("tenhou"), (7100, -1500, 50400, 44000), 0, ())
    assert result.points == (-33.0, -52.0, 61.0, 24.0)
    assert result.places == (3, 4, 1, 2)


@pytest.mark.parametrize(
    ("score", "points"),
    [
        pytest.param(24500, 25 - 30 + 10, id="24.5-rounds-up-to-25-second"),
        pytest.param(24400, 24 - 30 + 10, id="24.4-rounds-down-to-24-second"),
        pytest.param(-500, -1 - 30 - 20, id="minus-0.5-rounds-away-to-minus-1-fourth"),
    ],
)
def test_tenhou_rounds_half_away_from_zero(score: int, points: int) -> None:
    # Seat 2 holds ``score``; seat 0 leads with the rest; seat 1 has 20000 and seat 3 nothing.
    scores = (100000 - 20000 - score, 20000, score, 0)
    result = final_result(table_rules("tenhou"), scores, 0, ())
    assert result.points_tenths[S2] == points * 10
    assert sum(result.points_tenths) == 0


def test_tenhou_exact_rounding_knob_prints_tenths() -> None:
    # [issue3] "newer tenhou.net games print the exact value to 0.1 instead; make this a knob".
    result = final_result(table_rules("tenhou", {"rounding": "exact"}), (7100, -1500, 50400, 44000), 0, ())
    assert result.points == (-32.9, -51.5, 60.4, 24.0)
    assert sum(result.points_tenths) == 0


def test_tenhou_ties_broken_by_seat_order() -> None:
    result = final_result(table_rules("tenhou"), (25000,) * 4, 0, ())
    assert result.places == (1, 2, 3, 4)
    assert result.points == (35.0, 5.0, -15.0, -25.0)


def test_tenhou_leftover_sticks_to_first_place_by_seat_order() -> None:
    result = final_result(table_rules("tenhou"), (24000, 24000, 25000, 25000), 2, ())
    assert result.scores == (24000, 24000, 27000, 25000)
    assert result.leftover_sticks == 2


def test_ema_uma_split_on_ties() -> None:
    # [issue3] EMA: uma split on ties: two tied for first share +15 and +5.
    result = final_result(table_rules("ema2016"), (40000, 40000, 20000, 20000), 0, ())
    assert result.places == (1, 1, 3, 3)
    assert result.points == (20.0, 20.0, -20.0, -20.0)


def test_ema_leftover_sticks_split_between_tied_leaders() -> None:
    result = final_result(table_rules("ema2016"), (39000, 39000, 20000, 20000), 2, ())
    assert result.scores == (40000, 40000, 20000, 20000)
    odd = final_result(table_rules("ema2016"), (39500, 39500, 20000, 20000), 1, ())
    assert odd.scores == (40000, 40000, 20000, 20000)


def test_leftover_sticks_lost_knob() -> None:
    result = final_result(table_rules("ema2016", {"leftover_sticks": "lost"}), (39000, 39000, 20000, 20000), 2, ())
    assert result.scores == (39000, 39000, 20000, 20000)
    assert sum(result.points_tenths) == -20


def test_three_way_tie_splits_uma_and_oka_to_the_tenth_summing_to_zero() -> None:
    rules = table_rules("tenhou", {"ties": "split", "rounding": "exact"})
    result = final_result(rules, (30000, 30000, 30000, 10000), 0, ())
    assert result.places == (1, 1, 1, 4)
    assert sum(result.points_tenths) == 0
    assert max(result.points_tenths[:3]) - min(result.points_tenths[:3]) <= 1


def test_mleague_exact_uma_and_oka() -> None:
    # 25,000 start, 30,000 return: oka 20 to first; uma +30/+10/-10/-30; exact to 0.1.
    result = final_result(table_rules("mleague"), (42100, 32100, 15800, 10000), 0, ())
    assert result.points == (62.1, 12.1, -24.2, -50.0)


def test_penalties_after_uma_never_change_the_places() -> None:
    # [issue3] "referee penalties ... applied after uma so that they never change the table's placings".
    penalties = (Penalty(seat=S0, points=-20000, reason="chombo"), Penalty(seat=S1, points=-3000, reason="slow"))
    result = final_result(table_rules("ema2016"), (45000, 35000, 25000, 15000), 0, penalties)
    assert result.places == (1, 2, 3, 4)
    assert result.points_before_penalties_tenths == (300, 100, -100, -300)
    assert result.points == (10.0, 7.0, -10.0, -30.0)


def test_live_standings_before_the_end() -> None:
    from tests.session.builders import game

    session = game("tenhou")
    session.declare_riichi(S1)
    standings = session.state.standings()
    assert standings.scores == (26000, 24000, 25000, 25000)  # the stick would go to first place (seat 0)
    assert standings.places == (1, 4, 2, 3)
    assert session.state.final is None


def test_mleague_ties_split_the_bonus_evenly() -> None:
    # M-League: tied players share uma and oka (+50/+10 for first and second: 30 each).
    result = final_result(table_rules("mleague"), (40000, 40000, 10000, 10000), 0, ())
    assert result.places == (1, 1, 3, 3)
    assert result.points == (40.0, 40.0, -40.0, -40.0)


@pytest.mark.parametrize(
    ("scores", "expected"),
    [
        pytest.param((40000, 30000, 20000, 10000), (400, 100, -100, -200), id="tenhou-uma-20-10-and-oka-20-to-first"),
        pytest.param((35000, 35000, 20000, 10000), (250, 250, -100, -200), id="tied-first-share-uma-and-oka"),
        pytest.param((30000, 30000, 30000, 10000), (134, 133, 133, -200), id="three-tied-first-odd-tenth-to-seat-0"),
    ],
)
def test_the_result_carries_the_uma_and_oka_it_applied(
    scores: tuple[int, int, int, int], expected: tuple[int, int, int, int]
) -> None:
    rules = table_rules("tenhou", {"ties": "split", "rounding": "exact"})
    result = final_result(rules, scores, 0, ())
    assert result.uma_oka_tenths == expected
    assert all(
        result.points_before_penalties_tenths[s] == (result.scores[s] - rules.return_points) // 100 + expected[s]
        for s in range(4)
    )


def test_ema2025_3_7_leftover_sticks_split_between_tied_leaders_rounded_down() -> None:
    """EMA 2025 3.7: riichi bets left on the table "are collected by the winner; the points are split in case of a
    tie (any decimals are rounded down)": 1,000 among three tied leaders is 333 each (the odd point is lost). RCR
    2016 3.6 only says they are split: by the hundred, the odd hundred to the earlier seat."""
    scores = (33000, 33000, 33000, 0)
    later = final_result(table_rules("ema2025"), scores, 1, ())
    assert later.scores == (33333, 33333, 33333, 0)
    assert final_result(table_rules("ema2016"), scores, 1, ()).scores == (33400, 33300, 33300, 0)
    # Two tied leaders share 1,000 evenly under both.
    assert final_result(table_rules("ema2025"), (34000, 34000, 32000, 0), 1, ()).scores == (34500, 34500, 32000, 0)
