"""A stateful property test of the store: whatever a table does, the database holds the same game.

Random riichi, wins (multiple ron, pao), draws, nagashi, aborts, chombo, penalties, corrections, undo and redo are
applied to a session and written to the store the way the GUI does (the incremental call, or ``save_session``);
now and then the store is closed and reopened and play continues from the loaded session. After every step
load(save(s)) == s: same rules, players, event log, redo list and state, and the unfinished flag matches.
"""

from __future__ import annotations

import tempfile
from pathlib import Path

from hypothesis import settings
from hypothesis import strategies as st
from hypothesis.stateful import RuleBasedStateMachine, initialize, invariant, precondition, rule

from scorekeeper.errors import ScorekeeperError
from scorekeeper.session import (
    PRESET_NAMES,
    AbortiveDraw,
    AbortReason,
    Chombo,
    EndGame,
    Event,
    ExhaustiveDraw,
    HandDeleted,
    HandEdited,
    HandRecord,
    NagashiMangan,
    RefereePenalty,
    RiichiDeclared,
    Ron,
    Seat,
    Session,
    Tsumo,
    Win,
    ruleset,
)
from scorekeeper.storage import GameStore
from tests.session.strategies import results, seat_sets, seats, wins
from tests.storage.conftest import PLAYERS


class StoreMachine(RuleBasedStateMachine):
    """Drives a session and mirrors every change into a store; checks the stored game after each step."""

    def __init__(self) -> None:
        super().__init__()
        self.folder = tempfile.TemporaryDirectory()
        self.path = Path(self.folder.name) / "games.sqlite3"
        self.store = GameStore.open(self.path)
        self.session = Session(ruleset("tenhou"), PLAYERS)
        self.game = self.store.start_game(self.session)
        self.incremental = True

    @initialize(preset=st.sampled_from(PRESET_NAMES), incremental=st.booleans())
    def start(self, preset: str, incremental: bool) -> None:
        self.session = Session(ruleset(preset, {"bust": False} if preset == "tenhou" else None), PLAYERS)
        self.game = self.store.start_game(self.session)
        self.at = self.store.position(self.game)
        self.incremental = incremental

    def teardown(self) -> None:
        self.store.close()
        self.folder.cleanup()

    def _try(self, event: Event) -> None:
        try:
            self.session.apply(event)
        except ScorekeeperError:
            return
        if self.incremental:
            self.at = self.store.append(self.game, event, at=self.at, finished=self.session.state.ended)
        else:
            self.at = self.store.save_session(self.game, self.session, at=self.at)

    @rule(seat=seats)
    def riichi(self, seat: Seat) -> None:
        self._try(RiichiDeclared(seat))

    @rule(discarder=seats, data=st.data())
    def ron(self, discarder: Seat, data: st.DataObject) -> None:
        winners = data.draw(st.lists(seats.filter(lambda s: s != discarder), min_size=1, max_size=3, unique=True))
        self._try(Ron(discarder, tuple(data.draw(wins(w, full_hands=False)) for w in winners)))

    @rule(win=wins(full_hands=False, tsumo=True))
    def tsumo(self, win: Win) -> None:
        self._try(Tsumo(win))

    @rule(tenpai=seat_sets)
    def draw(self, tenpai: tuple[Seat, ...]) -> None:
        self._try(ExhaustiveDraw(tuple(set(tenpai) | self.session.state.in_riichi)))

    @rule(nagashi=seat_sets.filter(bool), tenpai=seat_sets)
    def nagashi(self, nagashi: tuple[Seat, ...], tenpai: tuple[Seat, ...]) -> None:
        self._try(NagashiMangan(nagashi, tuple(set(tenpai) | self.session.state.in_riichi)))

    @rule(reason=st.sampled_from(list(AbortReason)))
    def abort(self, reason: AbortReason) -> None:
        self._try(AbortiveDraw(reason))

    @rule(seat=seats)
    def chombo(self, seat: Seat) -> None:
        self._try(Chombo(seat))

    @rule(seat=seats, points=st.integers(-300, 300).filter(bool))
    def penalty(self, seat: Seat, points: int) -> None:
        self._try(RefereePenalty(seat=seat, points=points * 100, reason="referee"))

    @rule()
    def end(self) -> None:
        self._try(EndGame("time"))

    @precondition(lambda self: bool(self.session.state.hands))
    @rule(data=st.data())
    def edit(self, data: st.DataObject) -> None:
        index = data.draw(st.integers(0, len(self.session.state.hands) - 1))
        if data.draw(st.booleans()):
            self._try(HandDeleted(index))
        else:
            self._try(HandEdited(index, HandRecord(data.draw(seat_sets), data.draw(results(full_hands=False)))))

    @precondition(lambda self: self.session.can_undo)
    @rule()
    def undo(self) -> None:
        undone = self.session.undo()
        if self.incremental:
            self.at = self.store.undo(self.game, undone, at=self.at, finished=self.session.state.ended)
        else:
            self.at = self.store.save_session(self.game, self.session, at=self.at)

    @precondition(lambda self: self.session.can_redo)
    @rule()
    def redo(self) -> None:
        redone = self.session.redo()
        if self.incremental:
            self.at = self.store.redo(self.game, redone, at=self.at, finished=self.session.state.ended)
        else:
            self.at = self.store.save_session(self.game, self.session, at=self.at)

    @rule()
    def restart(self) -> None:
        """The program closes and starts again: the game comes back from the file and play goes on with it."""
        self.store.close()
        self.store = GameStore.open(self.path)
        if not self.session.state.ended:
            assert self.store.unfinished_game() == self.game
        self.session, self.at = self.store.load_session_at(self.game)

    @invariant()
    def stored_game_equals_session(self) -> None:
        loaded = self.store.load_session(self.game)
        assert loaded.rules == self.session.rules
        assert loaded.players == self.session.players
        assert loaded.events == self.session.events
        assert loaded.redo_events == self.session.redo_events
        assert loaded.state == self.session.state
        assert self.store.load(self.game).finished == self.session.state.ended


StoreMachine.TestCase.settings = settings(max_examples=40, stateful_step_count=25, deadline=None)
test_store_follows_the_session = StoreMachine.TestCase
