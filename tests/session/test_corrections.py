"""A correction's preview is what saving it records (issue 12): the hand's changes and the end, before and after."""

from __future__ import annotations

import pytest

from scorekeeper.errors import IllegalActionError
from scorekeeper.session import HanFuWin, Seat, Session
from scorekeeper.session.corrections import correction_preview
from scorekeeper.session.events import ExhaustiveDraw, HandRecord, Ron
from scorekeeper.session.record import parse_record, session_from_record
from tests.sample_game import SAMPLE_GAME


def _session() -> Session:
    return session_from_record(parse_record(SAMPLE_GAME))


def test_editing_a_hand_previews_exactly_what_saving_records() -> None:
    session = _session()
    before = session.state
    # E1 was Aiko's 3 han 40 fu from Bruno; the referee finds it was 4 han 40 fu (a mangan).
    record = HandRecord((Seat.SEAT_0,), Ron(Seat.SEAT_1, (HanFuWin(seat=Seat.SEAT_0, han=4, fu=40),)))
    preview = correction_preview(before, 0, record)
    assert preview.label == "E1"
    assert preview.hand_before == before.hands[0].deltas == (7700, -7700, 0, 0)
    assert preview.hand_after == (12000, -12000, 0, 0)  # the dealer's mangan; her riichi stick comes back
    assert preview.ended_before and preview.ended_after
    assert before.final is not None
    assert preview.end_before == before.final.scores
    assert preview.points_before == before.final.points_tenths
    session.edit_hand(0, record)
    after = session.state
    assert after.final is not None
    assert preview.hand_after == after.hands[0].deltas
    assert preview.end_after == after.final.scores
    assert preview.points_after == after.final.points_tenths
    assert preview.after == after
    assert preview.changes_anything


def test_inserting_a_forgotten_hand_has_no_before_for_that_hand() -> None:
    state = _session().state
    preview = correction_preview(state, 2, HandRecord((), ExhaustiveDraw((Seat.SEAT_2,))), insert=True)
    assert preview.hand_before is None
    assert preview.hand_after == (-1000, -1000, 3000, -1000)
    assert preview.after.hands[2].record.result == ExhaustiveDraw((Seat.SEAT_2,))
    assert len(preview.after.hands) == len(state.hands) + 1


def test_a_refused_correction_says_why_before_it_is_saved() -> None:
    state = _session().state
    with pytest.raises(IllegalActionError, match="hand 100"):
        correction_preview(state, 99, state.hands[0].record)


def test_the_same_hand_again_changes_nothing() -> None:
    state = _session().state
    assert not correction_preview(state, 3, state.hands[3].record).changes_anything
