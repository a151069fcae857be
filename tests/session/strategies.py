"""Hypothesis strategies for session values: seats, wins, hand results, events."""

from __future__ import annotations

from hypothesis import strategies as st

from scorekeeper.engine.han_fu import valid_fu
from scorekeeper.session import (
    AbortiveDraw,
    AbortReason,
    Chombo,
    EndGame,
    Event,
    ExhaustiveDraw,
    HandDeleted,
    HandEdited,
    HandInserted,
    HandRecord,
    HandResult,
    HandWin,
    HanFuWin,
    LastHandCalled,
    NagashiMangan,
    RefereePenalty,
    RiichiDeclared,
    Ron,
    Seat,
    Tsumo,
    Win,
    YakumanWin,
)
from scorekeeper.session.chombo_errors import ChomboError
from scorekeeper.session.events import DiceAtTimeCall

seats = st.sampled_from(list(Seat))
seat_sets = st.sets(seats, max_size=4).map(lambda s: tuple(sorted(s)))


def han_fu(*, tsumo: bool) -> st.SearchStrategy[tuple[int, int]]:
    """A (han, fu) pair a table can call out for a win by tsumo (or ron): the engine's one table."""
    return st.integers(1, 13).flatmap(lambda han: st.tuples(st.just(han), st.sampled_from(valid_fu(han, tsumo=tsumo))))


@st.composite
def wins(draw: st.DrawFn, seat: Seat | None = None, *, full_hands: bool = True, tsumo: bool = False) -> Win:
    """A win by ron (or ``tsumo``) for ``seat`` (or any seat): han/fu, yakuman with or without pao, or (as data
    only) a full hand."""
    who = draw(seats) if seat is None else seat
    kind = draw(st.sampled_from(["hanfu", "hanfu", "yakuman", "hand"] if full_hands else ["hanfu", "hanfu", "yakuman"]))
    if kind == "hanfu":
        han, fu = draw(han_fu(tsumo=tsumo))
        return HanFuWin(seat=who, han=han, fu=fu)
    if kind == "yakuman":
        pao = draw(st.none() | seats.filter(lambda s: s != who))
        return YakumanWin(seat=who, yakuman=draw(st.integers(1, 2)), pao=pao)
    hand = draw(st.fixed_dictionaries({"tiles": st.just("123m456p789s1122z"), "win": st.just("2z")}))
    return HandWin.from_input(who, hand)


@st.composite
def results(draw: st.DrawFn, *, full_hands: bool = True) -> HandResult:
    """Any hand result."""
    kind = draw(st.sampled_from(["ron", "tsumo", "draw", "nagashi", "abort", "chombo"]))
    if kind == "ron":
        discarder = draw(seats)
        winners = draw(st.lists(seats.filter(lambda s: s != discarder), min_size=1, max_size=3, unique=True))
        return Ron(discarder, tuple(draw(wins(w, full_hands=full_hands)) for w in winners))
    if kind == "tsumo":
        return Tsumo(draw(wins(full_hands=full_hands, tsumo=True)))
    if kind == "draw":
        return ExhaustiveDraw(draw(seat_sets))
    if kind == "nagashi":
        return NagashiMangan(draw(seat_sets.filter(bool)), draw(seat_sets))
    if kind == "abort":
        return AbortiveDraw(draw(st.sampled_from(list(AbortReason))))
    return Chombo(draw(seats), error=draw(st.none() | st.sampled_from(list(ChomboError))))


hand_records = st.builds(HandRecord, seat_sets, results())
texts = st.text(alphabet="abc XYZ-_.éß漢", max_size=30)


@st.composite
def events(draw: st.DrawFn) -> Event:
    """Any event, for codec round trips."""
    kind = draw(
        st.sampled_from(["result", "riichi", "penalty", "end", "last_hand", "dice", "edit", "delete", "insert"])
    )
    if kind == "result":
        return draw(results())
    if kind == "riichi":
        return RiichiDeclared(draw(seats))
    if kind == "penalty":
        points = draw(st.integers(-1000, 1000).filter(bool)) * 100
        return RefereePenalty(seat=draw(seats), points=points, reason=draw(texts))
    if kind == "end":
        return EndGame(draw(texts))
    if kind == "last_hand":
        return LastHandCalled(draw(texts), more=draw(st.sampled_from([0, 1])), chombo_counts=draw(st.booleans()))
    if kind == "dice":
        return DiceAtTimeCall(thrown=draw(st.booleans()))
    index = draw(st.integers(0, 50))
    if kind == "edit":
        return HandEdited(index, draw(hand_records))
    if kind == "delete":
        return HandDeleted(index)
    return HandInserted(index, draw(hand_records))
