"""The session's positions and previews: the table before any hand, a result previewed at any index, riichi
permission with its reason, and the score series for the chart (issue 11: the GUI asks, the session answers)."""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from scorekeeper.errors import IllegalActionError
from scorekeeper.session import (
    Chombo,
    GameState,
    HandRecord,
    HandWin,
    RiichiRefusal,
    RiichiSettlement,
    Ron,
    Seat,
    Session,
    Tsumo,
    ValueWin,
    replay_hands,
)
from tests.session.builders import PLAYERS, S0, S1, S2, S3, advance, game, hf
from tests.session.strategies import han_fu

#: A closed tanyao pinfu hand (2m-5m wait); it wins in any round, so its stated winds are all that changes.
_TANYAO = "234m456p678s55p234s"


def _tiles_win(seat: Seat, *, round_wind: str, seat_wind: str, tsumo: bool = False) -> HandWin:
    """A hand entered by tiles, stating its winds as the win dialog does."""
    hand = {"hand": _TANYAO, "win": "4s", "round_wind": round_wind, "seat_wind": seat_wind, "tsumo": tsumo}
    return HandWin.from_input(seat, hand)


def _south_game() -> Session:
    """A tenhou game played into South 1: a ron in E1, then three noten draws pass the deal."""
    session = game("tenhou")
    session.ron(S1, [hf(2, 2, 30)])  # E1: some points move, so the positions differ
    advance(session, 3)  # E2..E4: noten draws, the deal passes
    assert session.state.label == "S1"
    return session


def test_position_before_a_hand_is_the_table_that_hand_found() -> None:
    session = _south_game()
    session.declare_riichi(S2)
    session.ron(S3, [hf(2, 3, 30)])  # S1: seat 2 wins with riichi
    state = session.state
    for index in range(len(state.hands) + 1):
        position = state.position_before(index)
        expected = replay_hands(state.rules, state.players, state.records[:index])
        assert position == expected, index


def test_position_before_the_hand_in_play_gives_back_its_riichi_sticks() -> None:
    session = game("tenhou")
    session.declare_riichi(S1)
    state = session.state
    position = state.position_before(0)
    assert position.scores == (25000,) * 4 and position.riichi_sticks == 0 and not position.riichi_this_hand


@pytest.mark.parametrize("index", [-1, 2], ids=["negative", "past-the-hand-in-play"])
def test_position_before_refuses_an_index_outside_the_game(index: int) -> None:
    session = game("tenhou")
    session.draw([])
    with pytest.raises(IllegalActionError, match="there is no hand"):
        session.position_before(index)


def test_editing_a_south_hand_entered_by_tiles_previews_in_the_south_round() -> None:
    """Regression (issue 11): the edit preview settled without the hand's round and refused a South hand."""
    session = _south_game()
    win = _tiles_win(S1, round_wind="S", seat_wind="S")
    session.ron(S2, [win])  # S1: the dealer is seat 0, so seat 1 sits South
    index = len(session.state.hands) - 1
    settlement = session.preview_at(index, Ron(S2, (win,)), ())
    assert settlement.deltas == session.state.hands[index].settlement.deltas
    # The same hand said to be in the East round is refused, naming the round.
    with pytest.raises(IllegalActionError, match="round wind"):
        session.preview_at(index, Ron(S2, (_tiles_win(S1, round_wind="E", seat_wind="S"),)), ())


def test_inserting_a_hand_previews_it_where_it_was_played() -> None:
    session = _south_game()
    session.draw([])
    # A forgotten tsumo before the S1 draw (dealer seat 0, 3 honba after the E2-E4 draws), by seat 1: 2 han 30 fu
    # is 500/1,000, and each payer adds 100 a honba (seed 004, 6.1).
    index = len(session.state.hands) - 1
    assert (session.state.hands[index].label, session.state.hands[index].honba) == ("S1", 3)
    settlement = session.preview_at(index, Tsumo(hf(1, 2, 30)), ())
    assert settlement.deltas == (-1300, 2900, -800, -800)


def test_a_preview_at_an_index_counts_the_riichi_given() -> None:
    session = game("tenhou")
    session.draw([])  # E1: noten, one honba
    session.draw([])  # E2
    # Hand 2 (E2, 1 honba) with seat 2 in riichi: the stick goes to the winner with the honba.
    settlement = session.preview_at(1, Ron(S0, (hf(2, 1, 30),)), [S2])
    assert settlement.deltas[S2] == 1000 + 300 + 1000
    assert isinstance(settlement, RiichiSettlement)  # the riichi family's own settlement, with its sticks
    assert settlement.riichi_sticks_after == 0


def test_a_preview_at_the_end_is_the_preview_now() -> None:
    session = game("tenhou")
    session.declare_riichi(S3)
    result = Ron(S0, (hf(3, 2, 40),))
    assert session.preview_at(0, result, [S3]) == session.preview(result)


def test_a_classical_edit_gets_a_preview() -> None:
    """Regression (issue 11): a classical edit had no preview; the session previews it like any hand."""
    session = game("classical")
    session.tsumo(ValueWin(seat=S1, value=100))
    session.draw([])
    before = session.state.hands[0]
    assert session.preview_at(0, Tsumo(ValueWin(seat=S1, value=100)), ()).deltas == before.settlement.deltas
    other = session.preview_at(0, Tsumo(ValueWin(seat=S2, value=100)), ())
    assert other.deltas[S2] > 0


@pytest.mark.parametrize(
    ("make", "seat", "reason"),
    [
        pytest.param(lambda: game("tenhou"), S0, None, id="allowed"),
        pytest.param(lambda: _ended(game("tenhou")), S0, RiichiRefusal.GAME_ENDED, id="ended"),
        pytest.param(lambda: game("classical"), S0, RiichiRefusal.NO_RIICHI, id="classical"),
        pytest.param(lambda: _declared(game("tenhou"), S1), S1, RiichiRefusal.ALREADY_DECLARED, id="declared"),
        pytest.param(lambda: _poor(game("tenhou")), S2, RiichiRefusal.TOO_FEW_POINTS, id="below-1000"),
        pytest.param(lambda: _poor(game("tenhou", riichi_below_1000=True)), S2, None, id="below-1000-allowed"),
    ],
)
def test_riichi_permission_says_why_not(make: object, seat: Seat, reason: RiichiRefusal | None) -> None:
    assert callable(make)
    session = make()
    assert isinstance(session, Session)
    assert session.state.riichi_refusal(seat) is reason
    if reason is None:
        session.declare_riichi(seat)
    else:
        with pytest.raises(IllegalActionError):
            session.declare_riichi(seat)


def _ended(session: Session) -> Session:
    session.end_game("time")
    return session


def _declared(session: Session, seat: Seat) -> Session:
    session.declare_riichi(seat)
    return session


def _poor(session: Session) -> Session:
    session.penalty(S2, -100, "test")  # penalties do not move the table
    session.ron(S2, [hf(0, 6, 30)])  # haneman dealer ron: 18,000 from seat 2
    session.ron(S2, [hf(0, 3, 30)])  # 5,800 (300 honba): seat 2 has 900 left
    assert session.state.scores[S2] == 25000 - 18000 - 6100
    return session


def test_the_score_series_starts_at_the_start_and_follows_each_hand() -> None:
    session = game("tenhou")
    session.ron(S1, [hf(2, 2, 30)])
    session.declare_riichi(S0)
    session.draw([S0])
    series = session.state.score_series()
    assert series.points == ((25000,) * 4, *(hand.scores for hand in session.state.hands))
    assert not series.ends_apart


def test_the_score_series_ends_on_the_final_sheet_when_sticks_are_left() -> None:
    session = game("tenhou")
    session.declare_riichi(S3)
    session.end_game("time")  # the stick is left on the table: the sheet gives it to first place
    state = session.state
    assert state.final is not None
    series = state.score_series()
    assert series.points[0] == (25000,) * 4  # the stick put down is given back at the start
    assert series.ends_apart and series.points[-1] == state.final.scores


@settings(max_examples=25, deadline=None)
@given(
    values=st.lists(han_fu(tsumo=False), min_size=1, max_size=6),
    winners=st.lists(st.sampled_from(list(Seat)), min_size=6),
)
def test_previewing_each_recorded_hand_where_it_was_played_gives_its_settlement(
    values: list[tuple[int, int]], winners: list[Seat]
) -> None:
    session = game("tenhou")
    for (han, fu), seat in zip(values, winners, strict=False):
        if session.state.ended:
            break
        session.ron(seat.next, [hf(int(seat), han, fu)])
    state: GameState = session.state
    for index, entry in enumerate(state.hands):
        assert state.preview_at(index, entry.record.result, entry.record.riichi) == entry.settlement


def test_a_chombo_and_a_penalty_leave_the_positions_as_a_replay_makes_them() -> None:
    session = game("tenhou")
    session.chombo(S1)
    session.penalty(S0, -1000, "slow play")
    state = session.state
    assert state.position_before(1) == replay_hands(state.rules, PLAYERS, [HandRecord((), Chombo(S1))])


def test_a_hand_cannot_be_inserted_beyond_the_end_of_the_game() -> None:
    session = game("tenhou")
    session.draw([])
    with pytest.raises(IllegalActionError, match="cannot insert a hand at position 3: the game has 1 hands"):
        session.insert_hand(2, HandRecord((), Ron(S0, (hf(1, 1, 30),))))
    assert len(session.state.hands) == 1
    session.insert_hand(1, HandRecord((), Ron(S0, (hf(1, 1, 30),))))  # at the end: appended
    assert [h.label for h in session.state.hands] == ["E1", "E2"]  # a noten dealer passes the deal (tenhou)


@pytest.mark.parametrize(
    ("preset", "win", "message"),
    [
        pytest.param("tenhou", ValueWin(seat=S1, value=1000), "belongs to the classical family", id="riichi"),
        pytest.param("classical", hf(1, 3, 30), "which the classical family does not count", id="classical"),
    ],
)
def test_each_family_refuses_the_other_familys_kind_of_win(preset: str, win: Any, message: str) -> None:
    session = game(preset)
    with pytest.raises(IllegalActionError, match=message):
        session.preview(Tsumo(win))
