"""The controller: the only thing that changes the game. Widgets ask it to act and redraw when it says so.

Every action goes through :meth:`GameController.apply` (or undo/redo): the session checks the event first (an
illegal one changes nothing and its message is shown), then the store commits it in its own transaction, and only
then do widgets hear ``state_changed``. If the store cannot write, the session is reloaded from the file, so what
the table shows is always what is on disk: a crash or a closed lid loses nothing confirmed (issue 4).

Two windows on one game (issue 10): every write names the log position this window's session was built on
(:attr:`GameController.position`); if another window (or program) changed the game since, the store refuses the
write (:class:`StaleWriteError`) and nothing is saved. The controller then reloads the game, says what the other
window changed (``write_refused``), and keeps the refused action so that the window can offer it again on the fresh
state (:meth:`GameController.retry_refused`): nothing typed in a dialog is lost.

Errors the core raises on purpose (``ScorekeeperError``) become ``error_occurred`` with their message; anything
else is a bug and goes to the crash hook (``scorekeeper.gui.crash``).
"""

from __future__ import annotations

import contextlib
from collections.abc import Sequence
from pathlib import Path
from typing import TYPE_CHECKING

from PySide6.QtCore import QObject, Signal

from scorekeeper.errors import (
    NothingToUndoError,
    SaveFileError,
    ScorekeeperError,
    StaleWriteError,
)
from scorekeeper.gui.error_words import error_text
from scorekeeper.session.chombo_errors import ChomboError
from scorekeeper.session.events import (
    AbortiveDraw,
    AbortReason,
    Chombo,
    DeadHand,
    DiceAtTimeCall,
    EndGame,
    Event,
    ExhaustiveDraw,
    HandDeleted,
    HandEdited,
    HandInserted,
    HandRecord,
    HandResult,
    LastHandCalled,
    NagashiMangan,
    PlayerReplaced,
    RefereePenalty,
    RiichiDeclared,
    Ron,
    SubstitutionRemoved,
    Tsumo,
)
from scorekeeper.session.families import family_of
from scorekeeper.session.rules import Ruleset
from scorekeeper.session.seats import Seat
from scorekeeper.session.session import Session
from scorekeeper.session.settlement import Settlement
from scorekeeper.session.state import GameState
from scorekeeper.storage.store import GameStore, LogPosition

if TYPE_CHECKING:
    # Imported with the first import of a game record (it reads the records' formats): not at every start.
    from scorekeeper.storage.imports import Choose, ImportReport

__all__ = ["GameController", "RefusedAction"]

#: What a refused write was: an event to record, or "undo" / "redo".
RefusedAction = Event | str


class GameController(QObject):
    """Owns the session and the store; every change to the game goes through here.

    Signals:
        state_changed: the game changed (or another game was opened); redraw from :attr:`state`.
        error_occurred: an action was refused or could not be saved; the text is for the table to read.
        game_ended: the game has just ended (after a hand, or the referee's end).
        write_refused: another window changed the game, so this window's last action was not saved; the game has
            been reloaded. The text says what changed; :attr:`refused` holds the action for :meth:`retry_refused`.
    """

    state_changed = Signal()
    error_occurred = Signal(str)
    game_ended = Signal()
    write_refused = Signal(str)

    def __init__(self, store: GameStore, parent: QObject | None = None, *, read_only: bool = False) -> None:
        super().__init__(parent)
        self.store = store
        self.session: Session | None = None
        self.game_id: int | None = None
        #: Where the game's log stood when this window last read or wrote it: what the next write names.
        self.position: LogPosition | None = None
        #: The action the store last refused as stale, until it is retried or another action succeeds.
        self.refused: RefusedAction | None = None
        #: Another copy of the program has this database: show games, change nothing.
        self.read_only = read_only

    # -- reading -----------------------------------------------------------------------------------------------

    @property
    def state(self) -> GameState | None:
        """The table now, or None before any game is open."""
        return None if self.session is None else self.session.state

    @property
    def can_undo(self) -> bool:
        """Whether Undo has something to take back."""
        return self.session is not None and self.session.can_undo

    @property
    def can_redo(self) -> bool:
        """Whether Redo has something to put back."""
        return self.session is not None and self.session.can_redo

    def known_players(self) -> tuple[str, ...]:
        """The player registry's names, the most played first (none when the store cannot say)."""
        from scorekeeper.storage.registry import suggest_players

        try:
            return suggest_players(self.store, "", limit=1000)
        except ScorekeeperError:
            return ()

    def preview(self, result: HandResult) -> Settlement:
        """What ``result`` would do now, without doing it.

        Raises:
            ScorekeeperError: the result is not allowed now (the message says why).
        """
        assert self.session is not None, "no game is open"
        return self.session.preview(result)

    def preview_at(self, index: int, result: HandResult, riichi: Sequence[int]) -> Settlement:
        """What ``result`` would do as hand ``index`` (a new hand, an edit or an insert) with ``riichi`` declared.

        Raises:
            ScorekeeperError: the result is not allowed in that position (the message says why).
        """
        assert self.session is not None, "no game is open"
        return self.session.preview_at(index, result, (Seat(s) for s in riichi))

    # -- games -------------------------------------------------------------------------------------------------

    def new_game(self, players: Sequence[str], rules: Ruleset, *, guests: Sequence[bool] = ()) -> bool:
        """Start and store a new game (``guests``: the seats that join no registry entry); False (with
        ``error_occurred``) if it cannot be stored."""
        if self._refuse_read_only():
            return False
        try:
            session = Session.start(rules, players)  # the session judges the names of a new game
            game_id = self.store.create_game(players=list(players), ruleset=rules.to_json(), guests=guests)
        except ScorekeeperError as error:
            self.error_occurred.emit(error_text(error))
            return False
        self.session, self.game_id, self.position, self.refused = (
            session,
            game_id,
            LogPosition(head=0, revision=0),
            None,
        )
        self.state_changed.emit()
        return True

    def open_game(self, game_id: int) -> bool:
        """Open a stored game exactly where it was (undo and redo included)."""
        try:
            session, position = self.store.load_session_at(game_id)
        except ScorekeeperError as error:
            self.error_occurred.emit(error_text(error))
            return False
        self.session, self.game_id, self.position, self.refused = session, game_id, position, None
        self.state_changed.emit()
        return True

    def import_game(self, path: Path, *, choose: Choose | None = None) -> ImportReport | None:
        """Store the game in a game-record JSON file as a new game and open it: the import's report (how its names
        joined the registry, or that it was skipped), or None (with the reason) if not.

        A game already stored (the same record) is opened, not stored again. ``choose`` is asked which registry
        entry a name means where it matches several (``scorekeeper.storage.imports``).
        """
        from scorekeeper.storage.imports import import_records, read_records

        if self._refuse_read_only():
            return None
        try:
            records = read_records(path)
            if len(records) != 1:
                raise SaveFileError(
                    f"{path}: holds {len(records)} games; import several at once with 'scorekeeper import'",
                    path=path,
                )
            report = import_records(self.store, records, choose=choose)
            game_id = report.imported[0] if report.imported else report.existing[0]
        except ScorekeeperError as error:
            self.error_occurred.emit(self.tr("This file cannot be imported: {reason}").format(reason=error_text(error)))
            return None
        return report if self.open_game(game_id) else None

    def resume(self) -> bool:
        """Reopen the unfinished game, if there is one (the app does this at start-up)."""
        try:
            game_id = self.store.unfinished_game()
        except ScorekeeperError as error:
            self.error_occurred.emit(error_text(error))
            return False
        return game_id is not None and self.open_game(game_id)

    # -- actions -----------------------------------------------------------------------------------------------

    def apply(self, event: Event) -> bool:
        """Record one event: checked by the session, committed by the store, then shown. False if refused."""
        if self.session is None or self.game_id is None or self.position is None:
            self.error_occurred.emit(self.tr("Start a new game first."))
            return False
        if self._refuse_read_only():
            return False
        was_ended = self.session.state.ended
        before = self.session.events
        try:
            self.session.apply(event)
        except ScorekeeperError as error:
            self.error_occurred.emit(error_text(error))
            return False
        try:
            # The ended flag goes in the same transaction as the event: a crash between two writes cannot leave
            # a finished game listed as unfinished (or the reverse). The position is checked in it too.
            self.position = self.store.append(self.game_id, event, at=self.position, finished=self.session.state.ended)
        except StaleWriteError:
            self.session.undo()  # not saved: not shown either, even if the reload below fails
            self._on_stale(before, event)
            return False
        except ScorekeeperError as error:
            return self._reload_and_report(error)
        return self._written(was_ended=was_ended)

    def declare_riichi(self, seat: int) -> bool:
        """One tap: ``seat`` declares riichi and puts a stick on the table."""
        return self.apply(RiichiDeclared(Seat(seat)))

    def record_result(self, result: HandResult) -> bool:
        """Record how the hand ended (ron, tsumo, draw, nagashi, abort, chombo)."""
        return self.apply(result)

    def draw(self, tenpai: Sequence[int]) -> bool:
        """An exhaustive draw with these seats tenpai."""
        return self.apply(ExhaustiveDraw(tuple(Seat(s) for s in tenpai)))

    def abort(self, reason: AbortReason) -> bool:
        """An abortive draw."""
        return self.apply(AbortiveDraw(reason))

    def chombo(self, seat: int, error: ChomboError | None = None) -> bool:
        """A chombo by ``seat``, and which error it was when said."""
        return self.apply(Chombo(Seat(seat), error=error))

    def declare_dead_hand(self, seat: int, reason: str = "") -> bool:
        """``seat``'s hand is declared dead for the rest of the hand (the session refuses its win, riichi, tenpai)."""
        return self.apply(DeadHand(Seat(seat), reason))

    def edit_hand(self, index: int, hand: HandRecord) -> bool:
        """A referee's correction of a past hand; everything after is recomputed. Undoable."""
        return self._correct(HandEdited(index, hand))

    def insert_hand(self, index: int, hand: HandRecord) -> bool:
        """A forgotten hand put in before hand ``index``; everything after is recomputed. Undoable."""
        return self._correct(HandInserted(index, hand))

    def _correct(self, correction: HandEdited | HandInserted | HandDeleted) -> bool:
        """Record a correction, after taking out a substitution it leaves without a place (the game as corrected
        ends before the substitute came in: ``correction_events``, shown in the edit dialog's preview or the delete
        question first). All
        in one write: the store never holds the removal without the correction."""
        if self.session is None or self.game_id is None or self.position is None or self.read_only:
            return self.apply(correction)  # says why nothing can be recorded
        from scorekeeper.session.corrections import correction_events  # corrections' code: not at start (issue 24)

        try:
            events = correction_events(self.session.state, correction)
        except ScorekeeperError as error:
            self.error_occurred.emit(error_text(error))
            return False
        if len(events) == 1:
            return self.apply(correction)
        was_ended = self.session.state.ended
        before = self.session.events
        for event in events:
            self.session.apply(event)  # checked together by correction_events
        try:
            self.position = self.store.replace_log(
                self.game_id, self.session.events, at=self.position, finished=self.session.state.ended
            )
        except StaleWriteError:
            for _ in events:
                self.session.undo()
            self._on_stale(before, correction)
            return False
        except ScorekeeperError as error:
            return self._reload_and_report(error)
        return self._written(was_ended=was_ended)

    def delete_hand(self, index: int) -> bool:
        """A referee's deletion of a past hand; everything after is recomputed. Undoable. A substitution the game as
        corrected ends before is taken out with it, as for an edit (Delete hand's question names it first)."""
        return self._correct(HandDeleted(index))

    def penalty(self, seat: int, points: int, reason: str) -> bool:
        """A referee's penalty (negative) or correction (positive), applied after uma."""
        try:
            event = RefereePenalty(seat=Seat(seat), points=points, reason=reason)
        except ScorekeeperError as error:
            self.error_occurred.emit(error_text(error))
            return False
        return self.apply(event)

    def end_game(self, reason: str = "") -> bool:
        """The referee ends the game now."""
        return self.apply(EndGame(reason))

    def undo(self) -> bool:
        """Take back the last event (riichi, hand or correction)."""
        return self._step(undo=True)

    def redo(self) -> bool:
        """Put back the last undone event."""
        return self._step(undo=False)

    def retry_refused(self) -> bool:
        """Offer the refused action again, now on the reloaded game (checked by the session like any action)."""
        action, self.refused = self.refused, None
        if action is None:
            return False
        if action == "undo":
            return self.undo()
        if action == "redo":
            return self.redo()
        assert not isinstance(action, str)
        return self.apply(action)

    def _step(self, *, undo: bool) -> bool:
        if self.session is None or self.game_id is None or self.position is None:
            return False
        if self._refuse_read_only():
            return False
        session = self.session
        from scorekeeper.session.corrections import redo_group, undo_group  # not at start (issue 24)

        steps = undo_group(session.events, session.state_at) if undo else redo_group(session.state, session.redo_events)
        if steps > 1:
            return self._step_together(steps, undo=undo)
        was_ended = self.session.state.ended
        before = self.session.events
        try:
            event = self.session.undo() if undo else self.session.redo()
        except NothingToUndoError as error:
            self.error_occurred.emit(error_text(error))
            return False
        except ScorekeeperError as error:
            return self._reload_and_report(error)
        try:
            # Undo and redo name the event they take out or put back, not just "the last one".
            if undo:
                self.position = self.store.undo(
                    self.game_id, event, at=self.position, finished=self.session.state.ended
                )
            else:
                self.position = self.store.redo(
                    self.game_id, event, at=self.position, finished=self.session.state.ended
                )
        except StaleWriteError:
            # Not saved: step the session back, so that it shows the file's log even if the reload fails.
            if undo:
                self.session.redo()
            else:
                self.session.undo()
            self._on_stale(before, "undo" if undo else "redo")
            return False
        except ScorekeeperError as error:
            return self._reload_and_report(error)
        return self._written(was_ended=was_ended)

    def _step_together(self, steps: int, *, undo: bool) -> bool:
        """Undo (or redo) a correction with the substitutions it took out, as one Save recorded them: one Undo, one
        write (``undo_group``; the store keeps them for redo as ``replace_log`` writes them)."""
        assert self.session is not None and self.game_id is not None and self.position is not None
        was_ended = self.session.state.ended
        before = self.session.events
        for _ in range(steps):
            if undo:
                self.session.undo()
            else:
                self.session.redo()
        try:
            self.position = self.store.replace_log(
                self.game_id,
                self.session.events,
                self.session.redo_events,
                at=self.position,
                finished=self.session.state.ended,
            )
        except StaleWriteError:
            for _ in range(steps):
                if undo:
                    self.session.redo()
                else:
                    self.session.undo()
            self._on_stale(before, "undo" if undo else "redo")
            return False
        except ScorekeeperError as error:
            return self._reload_and_report(error)
        return self._written(was_ended=was_ended)

    def _refuse_read_only(self) -> bool:
        if self.read_only:
            self.error_occurred.emit(
                self.tr("Read-only: another scorekeeper window has these games open. Change them there.")
            )
        return self.read_only

    def _on_stale(self, before: tuple[Event, ...], action: RefusedAction) -> None:
        """Another window changed the game: reload it, say what changed, keep ``action`` to offer again."""
        self._reload()
        self.refused = action
        after = self.session.events if self.session is not None else ()
        same = 0
        while same < min(len(before), len(after)) and before[same] == after[same]:
            same += 1
        changes = []
        if len(before) > same:
            changes.append(
                self.tr("taken back: {events}").format(events=", ".join(self._event_name(e) for e in before[same:]))
            )
        if len(after) > same:
            changes.append(
                self.tr("recorded: {events}").format(events=", ".join(self._event_name(e) for e in after[same:]))
            )
        what = "; ".join(changes) or self.tr("no event changed")
        self.write_refused.emit(
            self.tr("This game was changed in another window: reloaded ({changes}). Your action was not saved.").format(
                changes=what
            )
        )

    def last_event_name(self) -> str:
        """The last event of the log, named as the "what changed" message names it (empty without one)."""
        events = () if self.session is None else self.session.events
        return self._event_name(events[-1]) if events else ""

    def redo_event_name(self) -> str:
        """The event Redo would put back (the one Undo just took back), named; empty without one."""
        events = () if self.session is None else self.session.redo_events
        return self._event_name(events[0]) if events else ""

    def _event_name(self, event: Event) -> str:
        """A short name for an event in the "what changed" message."""
        names: dict[type, str] = {
            RiichiDeclared: self.tr("riichi"),
            Ron: self.tr("ron"),
            Tsumo: self.tr("tsumo"),
            ExhaustiveDraw: self.tr("draw"),
            NagashiMangan: self.tr("nagashi mangan"),
            AbortiveDraw: self.tr("abortive draw"),
            Chombo: self.tr("chombo"),
            RefereePenalty: self.tr("penalty"),
            EndGame: self.tr("game ended"),
            LastHandCalled: self.tr("last hand called"),
            DiceAtTimeCall: self.tr("the dice at the time call"),
            DeadHand: self.tr("dead hand"),
            PlayerReplaced: self.tr("substitute"),
            SubstitutionRemoved: self.tr("substitution taken out"),
            HandEdited: self.tr("hand corrected"),
            HandDeleted: self.tr("hand deleted"),
            HandInserted: self.tr("hand inserted"),
        }
        name = names.get(type(event), type(event).__name__)
        players = self.session.players if self.session is not None else None
        if players is None:
            return name
        # Say whose it was: "riichi (Ann)", "Ron: Ann 3 han 40 fu, paid by Bo" (the history's own sentence).
        if isinstance(event, RiichiDeclared | Chombo | DeadHand):
            return f"{name} ({players[int(event.seat)]})"
        if isinstance(event, PlayerReplaced):
            return f"{name} ({players[int(event.seat)]} → {event.player})"
        if isinstance(event, SubstitutionRemoved):
            return f"{name} ({event.player})"
        if isinstance(event, Ron | Tsumo | ExhaustiveDraw | NagashiMangan | AbortiveDraw):
            from scorekeeper.gui.describe import describe_result

            classical = self.session is not None and not family_of(self.session.rules).has_tenpai_at_draw
            return describe_result(event, players, classical=classical).replace("\n", " ")
        return name

    def _written(self, *, was_ended: bool) -> bool:
        """A write went through: nothing is refused any more, the state is shown, and an ending is announced."""
        self.refused = None
        self.state_changed.emit()
        if self.session is not None and self.session.state.ended and not was_ended:
            self.game_ended.emit()
        return True

    def _reload_and_report(self, error: ScorekeeperError) -> bool:
        """A write failed: show what the file says again, then the reason; False for the caller to return."""
        self._reload()
        self.error_occurred.emit(error_text(error))
        return False

    def _reload(self) -> None:
        """Make the session what the file says again (after a failed or refused write)."""
        if self.game_id is None:
            return
        # If the file is unreadable now, keep what is shown; the caller reports the error.
        with contextlib.suppress(ScorekeeperError):
            self.session, self.position = self.store.load_session_at(self.game_id)
        self.state_changed.emit()
