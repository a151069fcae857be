"""The riichi table's moves for stateful tests: one base machine, subclassed by each test that drives a table.

Riichi, ron (multiple, pao), tsumo, draws, nagashi, aborts, chombo, penalties, the referee's end, corrections, and
substitutes coming in and being taken out again
are random events handed to :meth:`RiichiTableMachine.apply`; a subclass says what applying means (the session alone
and its undo history, or the session mirrored into a store) and what must hold after each step.
"""

from __future__ import annotations

from hypothesis import strategies as st
from hypothesis.stateful import RuleBasedStateMachine, precondition, rule

from scorekeeper.session import (
    AbortiveDraw,
    AbortReason,
    Chombo,
    EndGame,
    Event,
    ExhaustiveDraw,
    HandDeleted,
    HandEdited,
    HandRecord,
    LastHandCalled,
    NagashiMangan,
    PlayerReplaced,
    RefereePenalty,
    RiichiDeclared,
    Ron,
    Seat,
    Session,
    SubstitutionRemoved,
    Tsumo,
    Win,
)
from tests.session.strategies import results, seat_sets, seats, wins

__all__ = ["RiichiTableMachine"]


class RiichiTableMachine(RuleBasedStateMachine):
    """Random table events for ``self.session``; each goes through :meth:`apply`, which a subclass defines."""

    session: Session

    def apply(self, event: Event) -> None:
        """Apply one event (a refused one must change nothing)."""
        raise NotImplementedError

    @rule(seat=seats)
    def riichi(self, seat: Seat) -> None:
        self.apply(RiichiDeclared(seat))

    @rule(discarder=seats, data=st.data())
    def ron(self, discarder: Seat, data: st.DataObject) -> None:
        winners = data.draw(st.lists(seats.filter(lambda s: s != discarder), min_size=1, max_size=3, unique=True))
        self.apply(Ron(discarder, tuple(data.draw(wins(w, full_hands=False)) for w in winners)))

    @rule(win=wins(full_hands=False, tsumo=True))
    def tsumo(self, win: Win) -> None:
        self.apply(Tsumo(win))

    @rule(tenpai=seat_sets)
    def draw(self, tenpai: tuple[Seat, ...]) -> None:
        # Riichi players are tenpai (a noten riichi is a chombo, refused at a draw).
        self.apply(ExhaustiveDraw(tuple(set(tenpai) | self.session.state.in_riichi)))

    @rule(nagashi=seat_sets.filter(bool), tenpai=seat_sets)
    def nagashi(self, nagashi: tuple[Seat, ...], tenpai: tuple[Seat, ...]) -> None:
        self.apply(NagashiMangan(nagashi, tuple(set(tenpai) | self.session.state.in_riichi)))

    @rule(reason=st.sampled_from(list(AbortReason)))
    def abort(self, reason: AbortReason) -> None:
        self.apply(AbortiveDraw(reason))

    @rule(seat=seats)
    def chombo(self, seat: Seat) -> None:
        self.apply(Chombo(seat))

    @rule(seat=seats, points=st.integers(-300, 300).filter(bool))
    def penalty(self, seat: Seat, points: int) -> None:
        self.apply(RefereePenalty(seat=seat, points=points * 100, reason="referee"))

    @rule()
    def referee_ends(self) -> None:
        self.apply(EndGame("time"))

    @rule()
    def referee_calls_the_last_hand(self) -> None:
        self.apply(LastHandCalled("time"))

    @rule(seat=seats, player=st.sampled_from(("Sub1", "Sub2", "Ann")))
    def substitute(self, seat: Seat, player: str) -> None:
        # A substitute takes a seat mid-game ("Ann" is refused wherever she still sits).
        self.apply(PlayerReplaced(seat=seat, player=player))

    @precondition(lambda self: bool(self.session.state.substitutions))
    @rule(data=st.data())
    def take_out_a_substitution(self, data: st.DataObject) -> None:
        # A substitution taken out again (a correction that would end the game before they came in, or a mistake).
        sub = data.draw(st.sampled_from(self.session.state.substitutions))
        self.apply(SubstitutionRemoved(seat=sub.seat, player=sub.player))

    @precondition(lambda self: bool(self.session.state.hands))
    @rule(data=st.data())
    def edit(self, data: st.DataObject) -> None:
        index = data.draw(st.integers(0, len(self.session.state.hands) - 1))
        if data.draw(st.booleans()):
            self.apply(HandDeleted(index))
        else:
            self.apply(HandEdited(index, HandRecord(data.draw(seat_sets), data.draw(results(full_hands=False)))))
