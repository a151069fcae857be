"""Session: undo and redo, corrections of past hands (themselves undoable), previews, reopening a log."""

from __future__ import annotations

import pytest

from scorekeeper.errors import IllegalActionError, NothingToUndoError
from scorekeeper.session import (
    AbortiveDraw,
    AbortReason,
    ExhaustiveDraw,
    HandRecord,
    Ron,
    Session,
    TransferReason,
    Tsumo,
)
from tests.session.builders import PLAYERS, S0, S1, S2, S3, advance, game, hf, noten_draw, rules, ym


def test_undo_restores_the_previous_state_exactly_and_redo_reapplies() -> None:
    session = game("tenhou")
    states = [session.state]
    session.declare_riichi(S1)
    states.append(session.state)
    session.apply(Ron(S2, (hf(1, 3, 30),)))
    states.append(session.state)
    assert session.undo() == Ron(S2, (hf(1, 3, 30),))
    assert session.state == states[1]
    session.undo()
    assert session.state == states[0]
    assert not session.can_undo
    with pytest.raises(NothingToUndoError, match="nothing to undo"):
        session.undo()
    session.redo()
    session.redo()
    assert session.state == states[2]
    with pytest.raises(NothingToUndoError, match="nothing to redo"):
        session.redo()


def test_a_new_event_clears_redo() -> None:
    session = game("tenhou")
    session.apply(noten_draw())
    session.undo()
    assert session.can_redo
    session.declare_riichi(S0)
    assert not session.can_redo


def test_refused_event_changes_nothing() -> None:
    session = game("ema2016")
    session.apply(noten_draw())
    before = (session.state, session.events)
    with pytest.raises(IllegalActionError, match="no abortive draw"):
        session.abort(AbortReason.KYUUSHU)
    with pytest.raises(IllegalActionError, match="no nagashi"):
        session.nagashi([S1])
    assert (session.state, session.events) == before


def test_edit_a_past_hand_recomputes_everything_after_and_is_undoable() -> None:
    session = game("tenhou")
    session.apply(Ron(S2, (hf(1, 3, 30),)))  # E1: seat 1 wins 3900 from seat 2
    session.declare_riichi(S3)
    session.apply(Tsumo(hf(3, 1, 30)))  # E2 (seat 1 deals): seat 3 tsumo 300/500 + stick
    after_two = session.state
    session.edit_hand(0, HandRecord((), Ron(S2, (hf(1, 4, 30),))))  # really 7700
    assert session.state.hands[0].scores == (25000, 32700, 17300, 25000)
    assert session.state.scores == (25000 - 300, 32700 - 500, 17300 - 300, 25000 - 1000 + 1100 + 1000)
    assert session.state.label == after_two.label
    session.undo()
    assert session.state == after_two


def test_delete_and_insert_a_hand() -> None:
    session = game("tenhou")
    session.apply(noten_draw())
    session.apply(Ron(S2, (hf(1, 3, 30),)))
    session.delete_hand(0)
    assert [h.label for h in session.state.hands] == ["E1"]
    assert session.state.hands[0].honba == 0
    session.insert_hand(0, HandRecord((), noten_draw()))
    assert [(h.label, h.honba) for h in session.state.hands] == [("E1", 0), ("E2", 1)]
    # Hand 2 is now E2, where seat 1 deals: a dealer's 3 han 30 fu ron is 5800, plus 300 for the honba.
    assert session.state.scores == (25000, 31100, 18900, 25000)


def test_an_edit_that_breaks_a_later_hand_is_refused() -> None:
    session = game("tenhou")
    session.apply(Ron(S2, (hf(1, 1, 30),)))
    session.declare_riichi(S2)
    session.apply(ExhaustiveDraw((S2,)))
    before = session.state
    # Were hand 1 a double ron of 24000 + 1000 from seat 2, seat 2 would have 0 points for the riichi of hand 2.
    with pytest.raises(IllegalActionError, match=r"editing hand 1 is refused: hand 2 .*riichi needs 1000"):
        session.edit_hand(0, HandRecord((), Ron(S2, (hf(0, 8, 30), hf(1, 1, 30)))))
    assert session.state == before
    with pytest.raises(IllegalActionError, match="cannot edit hand 5"):
        session.edit_hand(4, HandRecord((), noten_draw()))


def test_edit_keeps_the_riichi_of_the_hand_in_play() -> None:
    session = game("tenhou")
    session.apply(noten_draw())
    session.declare_riichi(S0)
    session.edit_hand(0, HandRecord((), ExhaustiveDraw((S1,))))
    assert session.state.in_riichi == {S0}
    assert session.state.riichi_sticks == 1


def test_preview_shows_payments_without_recording() -> None:
    session = game("tenhou")
    advance(session, 1)
    session.declare_riichi(S3)
    before = session.state
    preview = session.preview(Ron(S0, (hf(3, 2, 30),)))
    assert session.state == before
    assert preview.deltas == (-2300, 0, 0, 3300)
    reasons = {(t.payer, t.payee, t.points, t.reason) for t in preview.transfers}
    assert (S0, S3, 2000, TransferReason.HAND) in reasons
    assert (S0, S3, 300, TransferReason.HONBA) in reasons
    assert (None, S3, 1000, TransferReason.RIICHI_STICKS) in reasons


def test_reopen_from_a_stored_log_with_redo() -> None:
    session = game("ema2016")
    session.declare_riichi(S1)
    session.apply(Tsumo(hf(1, 2, 30)))
    session.apply(noten_draw())
    session.undo()
    reopened = Session(rules("ema2016"), PLAYERS, session.events, redo=session.redo_events)
    assert reopened.state == session.state
    assert reopened.redo_events == session.redo_events
    reopened.redo()
    session.redo()
    assert reopened.state == session.state


def test_reopen_names_the_bad_event() -> None:
    with pytest.raises(IllegalActionError, match="event 2 of the stored log"):
        Session(rules("ema2016"), PLAYERS, [noten_draw(), AbortiveDraw(AbortReason.KYUUSHU)])


def test_state_invariants_hold_through_a_game() -> None:
    session = game("tenhou")
    session.declare_riichi(S1)
    session.apply(Ron(S0, (hf(1, 2, 30), hf(3, 3, 30))))
    session.apply(Tsumo(ym(2, pao=S3)))
    for k in range(len(session.events) + 1):
        state = session.state_at(k)
        assert sum(state.scores) + 1000 * state.riichi_sticks == 100000
        assert state.honba >= 0
        assert state.riichi_sticks >= 0


def test_players_must_be_four() -> None:
    with pytest.raises(IllegalActionError, match="four player names"):
        Session(rules(), ["a", "b", "c"])
