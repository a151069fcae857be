"""A correction's preview is what saving it records (issue 12): the hand's changes and the end, before and after."""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from scorekeeper.engine.tiles import format_tiles, parse_tiles
from scorekeeper.errors import IllegalActionError
from scorekeeper.session import HanFuWin, Seat, Session
from scorekeeper.session.corrections import correction_preview, is_same_hand
from scorekeeper.session.draft import RiichiDraft
from scorekeeper.session.events import ExhaustiveDraw, HandRecord, HandWin, Ron
from scorekeeper.session.record import parse_record, session_from_record
from scorekeeper.session.rules import ruleset as ruleset_named
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


# -- a hand saved unchanged is the same hand, whatever text it was recorded in -------------------------------------

#: Bruno's ron on Aiko's discard in E1 (Bruno is South), in riichi: 234m 456p 678s 55p 23s won on 4s, dora
#: indicator 1p. As a record file or ``scorekeeper`` input may write it: the tiles in any order, the winning tile
#: anywhere, and what the table knows (self-draw, winds) left out.
CLI_HAND: dict[str, Any] = {"hand": "4s55p678s23s456p234m", "win": "4s", "riichi": True, "dora": ["1p"]}

#: Bruno's open hand (no riichi): 234m 55p 23s won on 4s, with a chi of 456p and a pon of 777s, two dora
#: indicators.
OPEN_HAND: dict[str, Any] = {
    "hand": "234m55p23s4s",
    "win": "4s",
    "melds": [{"type": "chi", "tiles": "546p"}, {"type": "pon", "tiles": "777s"}],
    "dora": ["1p", "9m"],
}


def _ron(hand: dict[str, Any]) -> HandRecord:
    """Bruno's ron with ``hand`` on Aiko's discard, in riichi if the hand says so."""
    riichi = (Seat.SEAT_1,) if hand.get("riichi") else ()
    return HandRecord(riichi, Ron(Seat.SEAT_0, (HandWin.from_input(Seat.SEAT_1, hand),)))


def _game_with(hand: dict[str, Any], ruleset: str = "tenhou") -> Session:
    session = Session(ruleset_named(ruleset), ("Aiko", "Bruno", "Chen", "Dana"))
    record = _ron(hand)
    for seat in record.riichi:
        session.declare_riichi(seat)
    session.apply(record.result)
    return session


def _as_edit_hand_writes(session: Session, hand: dict[str, Any]) -> HandRecord:
    """The record Edit hand saves when the referee changes nothing: the hand draft loads it and writes it back."""
    draft = RiichiDraft()
    riichi = bool(hand.get("riichi"))
    draft.set_context(rules=session.rules.hand, tsumo=False, seat_wind="S", round_wind="E", riichi=riichi)
    draft.set_hand_input(hand)
    written = draft.hand_input()
    del written["ruleset"]
    return _ron(written)


@pytest.mark.parametrize("hand", [CLI_HAND, OPEN_HAND], ids=["closed", "open"])
def test_a_hand_recorded_in_another_tile_order_saved_unchanged_is_the_same_hand(hand: dict[str, Any]) -> None:
    session = _game_with(hand)
    saved = _as_edit_hand_writes(session, hand)
    assert saved != session.state.hands[0].record  # the texts differ ...
    assert is_same_hand(session.state, 0, saved)  # ... the hands do not


def test_saving_a_hand_unchanged_records_no_correction() -> None:
    session = _game_with(CLI_HAND)
    events = session.events
    with pytest.raises(IllegalActionError, match=r"E1 .*unchanged"):
        session.edit_hand(0, _as_edit_hand_writes(session, CLI_HAND))
    assert session.events == events


def test_a_changed_indicator_is_a_changed_hand() -> None:
    session = _game_with(CLI_HAND)
    other = _as_edit_hand_writes(session, {**CLI_HAND, "dora": ["2p"]})
    assert not is_same_hand(session.state, 0, other)
    session.edit_hand(0, other)
    assert session.state.hands[0].record == other


def test_without_red_fives_a_red_five_is_an_ordinary_five() -> None:
    # rules.py, red_fives: "Without it a red five is an ordinary five" (EMA 2016 has none); Edit hand writes 5p.
    red = {**CLI_HAND, "hand": "4s50p678s23s456p234m"}
    assert is_same_hand(_game_with(red, "ema2016").state, 0, _ron(CLI_HAND))
    assert not is_same_hand(_game_with(red).state, 0, _ron(CLI_HAND))  # tenhou counts it


def test_a_double_ron_is_the_same_in_either_order() -> None:
    session = Session(ruleset_named("tenhou"), ("Aiko", "Bruno", "Chen", "Dana"))
    bruno, dana = HanFuWin(seat=Seat.SEAT_1, han=2, fu=30), HanFuWin(seat=Seat.SEAT_3, han=1, fu=40)
    session.apply(Ron(Seat.SEAT_0, (dana, bruno)))
    assert is_same_hand(session.state, 0, HandRecord((), Ron(Seat.SEAT_0, (bruno, dana))))
    assert not is_same_hand(session.state, 0, HandRecord((), Ron(Seat.SEAT_2, (bruno, dana))))


@st.composite
def _rewritten(draw: st.DrawFn, hand: dict[str, Any]) -> dict[str, Any]:
    """``hand`` written another way: the tiles of the hand and of each meld, the melds and the indicators
    shuffled, the table's facts (self-draw, winds), empty lists and false conditions given or left out."""
    out: dict[str, Any] = {"hand": format_tiles(draw(st.permutations(parse_tiles(hand["hand"])))), "win": hand["win"]}
    if "riichi" in hand:
        out["riichi"] = hand["riichi"]
    melds = [
        {"type": m["type"], "tiles": format_tiles(draw(st.permutations(parse_tiles(m["tiles"]))))}
        for m in hand.get("melds", [])
    ]
    written: bool = draw(st.booleans())
    if melds or written:
        out["melds"] = draw(st.permutations(melds))
    for key in ("dora", "ura"):
        if hand.get(key) or draw(st.booleans()):
            out[key] = draw(st.permutations(hand.get(key, [])))
    for key, value in (("tsumo", False), ("seat_wind", "S"), ("round_wind", "E"), ("ippatsu", False)):
        if draw(st.booleans()):
            out[key] = value
    return dict(draw(st.permutations(list(out.items()))))


@given(data=st.data())
@pytest.mark.parametrize("hand", [CLI_HAND, OPEN_HAND], ids=["closed", "open"])
def test_a_hand_is_the_same_however_its_input_is_written(hand: dict[str, Any], data: st.DataObject) -> None:
    session = _game_with(hand)
    assert is_same_hand(session.state, 0, _ron(data.draw(_rewritten(hand))))


def test_a_classical_hand_is_the_same_with_its_extra_tiles_in_another_order() -> None:
    # Seed 003, C, second example (tests/gui/test_edit_classical_tiles.py): Bruno, South, holds summer and orchid.
    hand = {
        "hand": "4p2222334p",
        "win": "4p",
        "melds": [{"type": "minkan", "tiles": "1111s"}, {"type": "pon", "tiles": "333s"}],
        "flowers": "62f",
    }
    session = Session(ruleset_named("classical"), ("Aiko", "Bruno", "Chen", "Dana"))
    session.apply(_ron(hand).result)
    as_written = {**hand, "hand": "22223344p", "melds": hand["melds"][::-1], "flowers": ["2f", "6f"]}
    assert is_same_hand(session.state, 0, _ron(as_written))
    assert not is_same_hand(session.state, 0, _ron({**hand, "flowers": "6f"}))
