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
from hypothesis.stateful import initialize, invariant, precondition, rule

from scorekeeper.errors import ScorekeeperError
from scorekeeper.session import PRESET_NAMES, Event, Session, ruleset
from scorekeeper.storage import GameStore
from tests.session.table_machine import RiichiTableMachine
from tests.storage.conftest import PLAYERS


class StoreMachine(RiichiTableMachine):
    """Drives a session with the table's moves and mirrors every change into a store; checks the stored game."""

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

    def apply(self, event: Event) -> None:
        try:
            self.session.apply(event)
        except ScorekeeperError:
            return
        if self.incremental:
            self.at = self.store.append(self.game, event, at=self.at, finished=self.session.state.ended)
        else:
            self.at = self.store.save_session(self.game, self.session, at=self.at)

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
