"""Dealer rotation, round labels, riichi, chombo and the end of the game, played through a Session."""

from __future__ import annotations

import pytest

from scorekeeper.errors import IllegalActionError, InvalidRulesetError
from scorekeeper.session import (
    Chombo,
    EndReason,
    ExhaustiveDraw,
    RiichiDeclared,
    Ron,
    Tsumo,
)
from scorekeeper.session.seats import Seat, seat_wind
from tests.session.builders import S0, S1, S2, S3, advance, game, hf, kyuushu, noten_draw, ym


def test_round_labels_and_dealer_rotation_east_then_south() -> None:
    # [issue3] seat 0 is East in the first hand; the deal passes to the right; labels E1..E4, S1..S4.
    session = game("tenhou")
    labels = []
    for _ in range(8):
        labels.append(session.state.label)
        session.apply(noten_draw())
    assert labels == ["E1", "E2", "E3", "E4", "S1", "S2", "S3", "S4"]
    assert [h.label for h in session.state.hands] == labels
    assert [h.dealer for h in session.state.hands] == [S0, S1, S2, S3] * 2


@pytest.mark.parametrize("dealer", list(Seat))
def test_the_dealer_sits_east_and_the_winds_follow_to_the_right(dealer: Seat) -> None:
    # [issue3] the dealer is East; the seat to the dealer's right (the next to play) is South, and so on.
    winds = [seat_wind(Seat((dealer + step) % 4), dealer).value for step in range(4)]
    assert winds == ["E", "S", "W", "N"]


def test_dealer_win_repeats_and_adds_honba_non_dealer_win_resets() -> None:
    session = game("tenhou")
    session.apply(Tsumo(hf(0, 1, 30)))
    assert (session.state.label, session.state.honba, session.state.dealer) == ("E1", 1, S0)
    assert session.state.hand_label == "E1-1"
    session.apply(Ron(S2, (hf(1, 1, 30),)))
    assert (session.state.label, session.state.honba, session.state.dealer) == ("E2", 0, S1)


def test_abortive_draw_dealer_repeats_and_honba_grows() -> None:
    session = game("tenhou")
    session.apply(kyuushu())
    assert (session.state.label, session.state.honba) == ("E1", 1)


def test_riichi_costs_1000_and_the_winner_collects_the_sticks_after_a_draw() -> None:
    # [issue3] "a declaration costs 1000 and puts a stick on the table ... sticks carry over draws".
    session = game("tenhou")
    session.declare_riichi(S2)
    assert session.state.scores == (25000, 25000, 24000, 25000)
    assert session.state.riichi_sticks == 1
    assert session.state.in_riichi == {S2}
    session.draw([S2])
    assert session.state.scores == (24000, 24000, 27000, 24000)
    assert session.state.riichi_sticks == 1
    assert session.state.in_riichi == frozenset()
    session.apply(Ron(S0, (hf(3, 1, 30),)))  # 1000 + 300 honba + 1000 stick
    assert session.state.scores == (22700, 24000, 27000, 26300)
    assert session.state.riichi_sticks == 0
    assert session.state.hands[-1].deltas == (-1300, 0, 0, 2300)


def test_riichi_below_1000_refused_under_tenhou_allowed_under_ema() -> None:
    session = game("tenhou")
    session.declare_riichi(S2)
    session.apply(Ron(S2, (hf(0, 8, 30),)))  # dealer baiman 24000: seat 2 is at 0
    with pytest.raises(IllegalActionError, match="riichi needs 1000"):
        session.declare_riichi(S2)
    ema = game("ema2016")
    ema.apply(Ron(S2, (ym(3),)))  # 30000 - 32000 = -2000: EMA plays on below zero (seed 004 6.1)
    assert ema.state.scores[S2] == -2000
    ema.declare_riichi(S2)
    assert ema.state.scores[S2] == -3000


def test_riichi_twice_in_one_hand_refused() -> None:
    session = game("tenhou")
    session.declare_riichi(S1)
    with pytest.raises(IllegalActionError, match="already declared riichi"):
        session.declare_riichi(S1)


def test_chombo_replays_the_hand_without_honba() -> None:
    session = game("tenhou")
    session.apply(noten_draw())
    session.declare_riichi(S3)
    session.apply(Chombo(S3))
    state = session.state
    assert (state.label, state.honba, state.riichi_sticks) == ("E2", 1, 0)
    # Reverse mangan: seat 3 pays the dealer (seat 1) 4000 and the others 2000; their riichi stick comes back.
    assert state.scores == (27000, 29000, 27000, 17000)


def test_chombo_after_uma_under_ema_is_a_20000_penalty_in_the_final_result() -> None:
    session = game("ema2016")
    session.apply(Chombo(S1))
    assert session.state.scores == (30000,) * 4
    session.end_game("time")
    final = session.state.final
    assert final is not None
    assert [p.points for p in final.penalties] == [-20000]
    # Four-way tie at 30000: uma splits to 0 each; the penalty comes after: -20.0.
    assert final.points == (0.0, -20.0, 0.0, 0.0)
    assert final.places == (1, 1, 1, 1)


def test_wrc_chombo_is_30000() -> None:
    session = game("wrc2022")
    session.apply(Chombo(S1))
    session.end_game()
    assert session.state.final is not None
    assert session.state.final.points_tenths[S1] == -300


def test_bust_strictly_below_zero_ends_the_game_under_tenhou() -> None:
    # [issue3] tenhou: "a score strictly below zero ends the game at once".
    session = game("tenhou")
    session.declare_riichi(S2)
    session.apply(Ron(S2, (hf(0, 8, 30),)))  # dealer baiman 24000: seat 2 is at exactly 0
    assert session.state.scores[S2] == 0
    assert not session.state.ended
    session.apply(Ron(S2, (hf(1, 1, 30),)))
    assert session.state.ended
    assert session.state.end_reason is EndReason.BUST
    assert session.state.final is not None


def test_no_bust_under_ema() -> None:
    session = game("ema2016")
    session.apply(Ron(S2, (ym(3),)))
    assert session.state.scores[S2] < 0
    assert not session.state.ended


def test_agari_yame_in_south_4_when_the_dealer_is_first_with_30000() -> None:
    # [issue3] "In South 4, if the dealer wins and is then first ... with 30,000 or more, the game ends".
    session = game("tenhou")
    advance(session, 7)
    assert (session.state.label, session.state.honba) == ("S4", 7)
    session.apply(Ron(S0, (hf(3, 5, 30),)))  # 12000 + 2100
    assert session.state.scores[S3] == 39100
    assert session.state.end_reason is EndReason.AGARI_YAME


def test_south_4_dealer_win_not_first_plays_on() -> None:
    session = game("tenhou")
    advance(session, 1)
    session.apply(Tsumo(ym(1)))  # E2 dealer yakuman: 16100 all
    advance(session, 6)
    assert session.state.label == "S4"
    session.apply(Tsumo(hf(3, 1, 30)))
    assert not session.state.ended
    assert (session.state.label, session.state.dealer) == ("S4", S3)


def _seat3_leads_into_south_4(preset: str, **overrides: object):  # type: ignore[no-untyped-def]
    session = game(preset, **overrides)
    advance(session, 3)
    session.apply(Ron(S0, (hf(3, 5, 30),)))  # E4 dealer mangan: seat 3 leads
    advance(session, 4)
    assert session.state.label == "S4"
    return session


def test_tenpai_yame_under_tenhou() -> None:
    # [issue9] 1: today's tenhou.net has tenpai-yame (issue 3's "no tenpai-yame" was early 2009's).
    session = _seat3_leads_into_south_4("tenhou")
    session.apply(ExhaustiveDraw((S3,)))
    assert session.state.end_reason is EndReason.TENPAI_YAME


def test_tenpai_yame_knob_off_plays_on() -> None:
    session = _seat3_leads_into_south_4("tenhou", tenpai_yame=False)
    session.apply(ExhaustiveDraw((S3,)))
    assert not session.state.ended
    assert session.state.label == "S4"


def test_south_4_passing_with_someone_at_30000_ends_the_game() -> None:
    session = _seat3_leads_into_south_4("tenhou")
    session.apply(noten_draw())
    assert session.state.end_reason is EndReason.LAST_HAND
    assert session.state.label == "S4"


def test_west_round_when_nobody_has_30000_then_sudden_death() -> None:
    # [issue3] "the game ends after any hand in which the dealership passes and someone has 30,000 or more".
    session = game("tenhou")
    advance(session, 8)
    assert (session.state.label, session.state.ended) == ("W1", False)
    session.apply(Ron(S2, (hf(0, 1, 30),)))  # the dealer wins 1,500 + 2,400 honba: 28,900, repeats: play on
    assert (session.state.label, session.state.ended) == ("W1", False)
    session.apply(Ron(S3, (hf(1, 5, 30),)))  # the dealership passes with seat 1 above 30000
    assert session.state.end_reason is EndReason.TARGET


def test_west_agari_yame_when_the_dealer_is_first_with_30000() -> None:
    # [issue9] 1: agari-yame applies to every West hand, not only South 4.
    session = game("tenhou")
    advance(session, 8)
    session.apply(Ron(S2, (hf(0, 5, 30),)))  # 12,000 + 2,400: 39,400 and first
    assert session.state.end_reason is EndReason.AGARI_YAME


def test_without_dealer_repeat_priority_a_repeat_ends_the_game_when_a_pass_would() -> None:
    # [issue9] 1 names the priority; a table without it ends South 4 once someone has 30,000.
    session = game("tenhou", dealer_repeat_priority=False)
    advance(session, 7)
    session.apply(Ron(S2, (hf(3, 1, 30), hf(1, 5, 30))))  # dealer 1,500 + honba; seat 1 a mangan: 33,000
    assert session.state.end_reason is EndReason.LAST_HAND
    priority = game("tenhou")
    advance(priority, 7)
    priority.apply(Ron(S2, (hf(3, 1, 30), hf(1, 5, 30))))
    assert not priority.state.ended


def test_extension_rounds_knob_adds_a_north_round() -> None:
    session = game("tenhou", extension_rounds=2)
    advance(session, 12)
    assert (session.state.label, session.state.ended) == ("N1", False)
    advance(session, 3)
    session.apply(noten_draw())
    assert session.state.end_reason is EndReason.EXTENSION_OVER
    assert session.state.label == "N4"


def test_extension_rounds_must_fit_the_winds_left() -> None:
    with pytest.raises(InvalidRulesetError, match="extension_rounds must be 1 to 2"):
        game("tenhou", extension_rounds=3)


def test_abortive_draw_ends_knob() -> None:
    # tenhou.net: an abortive draw never ends the game ([issue9] 1), even where the dealership passes on one.
    never = _seat3_leads_into_south_4("tenhou", renchan_on_abort=False)
    never.apply(kyuushu())
    assert not never.state.ended
    can = _seat3_leads_into_south_4("tenhou", renchan_on_abort=False, abortive_draw_ends=True)
    can.apply(kyuushu())
    assert can.state.end_reason is EndReason.LAST_HAND


def test_west_4_ends_the_game_in_any_case() -> None:
    session = game("tenhou")
    advance(session, 11)
    assert (session.state.label, session.state.ended) == ("W4", False)
    session.apply(noten_draw())
    assert session.state.end_reason is EndReason.EXTENSION_OVER


def test_ema_has_no_agari_yame_and_ends_after_south_4() -> None:
    session = game("ema2016")
    advance(session, 7)
    session.apply(Ron(S0, (hf(3, 5, 30),)))
    assert not session.state.ended
    session.apply(noten_draw())
    assert session.state.end_reason is EndReason.LAST_HAND


def test_tonpuusen_ends_after_east_4_or_goes_south() -> None:
    session = game("tenhou", length="tonpuusen")
    advance(session, 4)
    assert (session.state.label, session.state.ended) == ("S1", False)
    plain = game("ema2016", length="tonpuusen")
    advance(plain, 4)
    assert plain.state.end_reason is EndReason.LAST_HAND


def test_events_after_the_end_are_refused_but_penalties_are_taken() -> None:
    session = game("ema2016")
    session.end_game("time limit")
    assert session.state.end_reason is EndReason.REFEREE
    for event in (RiichiDeclared(S1), Tsumo(hf(1, 1, 30)), noten_draw()):
        with pytest.raises(IllegalActionError, match="already ended"):
            session.apply(event)
    session.penalty(S2, -5000, "late")
    assert session.state.final is not None
    assert session.state.final.points_tenths[S2] == -50


def test_referee_end_leaves_sticks_to_the_leaders() -> None:
    session = game("ema2016")
    session.declare_riichi(S1)
    session.end_game("time")
    final = session.state.final
    assert final is not None
    # Seats 0, 2 and 3 tie for the lead at 30000 and split the stick (odd 100s to the earlier seat).
    assert final.scores == (30400, 29000, 30300, 30300)


END_RULES = {
    # preset: (a score below zero ends the game, riichi allowed under 1000, all-noten South 4 leads to West 1)
    "tenhou": (True, False, True),  # [issue3] bust; riichi refused below 1000; West round below 30,000
    "custom": (True, False, True),
    "mleague": (False, False, False),  # unverified: no bust, no extension
    "ema2016": (False, True, False),  # [issue3]/seed 004 6.1: no bust, play on below zero
    "ema2025": (False, True, False),  # EMA 2025 3.7 and 4.1.4: no bankruptcy; riichi asks no score (3.3.10)
    "wrc2015": (False, True, False),  # seed 004 6.1
    "wrc2022": (False, True, False),
}


@pytest.mark.parametrize("preset", sorted(END_RULES))
def test_bust_riichi_below_1000_and_extension_per_preset(preset: str) -> None:
    bust, poor_riichi, extension = END_RULES[preset]
    session = game(preset)
    start = session.rules.table.start_points
    session.apply(Ron(S2, (ym(1),)))  # 32000 from seat 2
    assert session.state.scores[S2] == start - 32000
    assert session.state.ended == (bust and start - 32000 < 0)
    if not session.state.ended:
        if poor_riichi or session.state.scores[S2] >= 1000:
            session.declare_riichi(S2)
        else:
            with pytest.raises(IllegalActionError, match="riichi needs 1000"):
                session.declare_riichi(S2)
    flat = game(preset)
    advance(flat, 8)
    if extension:
        assert (flat.state.label, flat.state.ended) == ("W1", False)
    else:
        assert flat.state.end_reason is EndReason.LAST_HAND
