"""The main window's hands: riichi, a win, a draw, undo and redo, and the history's corrections (edit, insert,
delete).

The window holds one :class:`HandActions`, given what it uses (not the window); the table view, the action bar, the Hand
and Edit menus and the history call it. It asks through the window's
:class:`~scorekeeper.gui.hand_questions.HandQuestions` and :class:`~scorekeeper.gui.openers.Dialogs` (tests answer them)
and has the controller record; the session checks and settles (STYLE 6). Words keep the window's translation context
(``MainWindow``).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace

from PySide6.QtCore import QCoreApplication
from PySide6.QtWidgets import QWidget

from scorekeeper.errors import ScorekeeperError
from scorekeeper.gui.controller import GameController
from scorekeeper.gui.error_words import error_text
from scorekeeper.gui.hand_questions import HandQuestions
from scorekeeper.gui.labels import short_label
from scorekeeper.gui.openers import Dialogs
from scorekeeper.gui.table.table_view import TableViewWidget
from scorekeeper.session import HandDeleted

__all__ = ["HandActions"]

_CONTEXT = "MainWindow"


def _t(text: str) -> str:
    return QCoreApplication.translate(_CONTEXT, text)


class HandActions:
    """Record what happened at the table, or correct a past hand.

    Args:
        parent: the window (the dialogs' parent).
        controller: the game's controller.
        dialogs: how to ask now (tests answer them, or give the window other dialogs).
        questions: the questions about hands (the win dialog, a past hand again).
        table: the table view now (the window makes it again on a language change).
        show_message: shows a refusal above the table; an empty text clears it.
        show_notice: says what just happened on the same line, muted (Undo: what it took back).
    """

    def __init__(
        self,
        parent: QWidget,
        controller: GameController,
        dialogs: Callable[[], Dialogs],
        questions: HandQuestions,
        *,
        table: Callable[[], TableViewWidget],
        show_message: Callable[[str], None],
        show_notice: Callable[[str], None] | None = None,
    ) -> None:
        self._parent = parent
        self._controller = controller
        self._dialogs = dialogs
        self._questions = questions
        self._table = table
        self._show_message = show_message
        self._show_notice = show_notice or show_message

    def declare_riichi(self, seat: int) -> None:
        """``seat`` declares riichi (a panel's button or Ctrl+1..4)."""
        if self._controller.declare_riichi(seat):
            self._show_message("")

    def declare_dead_hand(self) -> None:
        """Hand ▸ Dead hand: ask whose, then record it (undoable; the table then shows it)."""
        state = self._controller.state
        if state is None or state.ended:
            return
        seat = self._dialogs().dead_hand(self._parent, state.players)
        if seat is not None and self._controller.declare_dead_hand(seat):
            self._show_message("")

    def on_win_requested(self, seat: int) -> None:
        """A panel's Win: the table asks who dealt in (a panel tap) or Tsumo; nothing is recorded yet."""
        state = self._controller.state
        if state is None or state.ended:
            return
        self._table().ask_who_dealt_in(seat, state.players[seat])

    def enter_win(self, tsumo: bool, winner: int | None = None, discarder: int | None = None) -> None:
        """The win dialog, opened with the winner and the discarder chosen on the table, if they were."""
        self._table().stop_asking()
        if self._controller.state is None or self._controller.state.ended:
            return
        context = replace(
            self._questions.win_context(), winner=winner, discarder=discarder, kept=self._questions.kept_win()
        )
        result = self._questions.ask_win(context, tsumo, self._questions.preview_text)
        if result is not None and self._controller.record_result(result):
            self._show_message("")

    def enter_ron(self) -> None:
        """Open the win dialog on ron."""
        self.enter_win(False)

    def enter_tsumo(self) -> None:
        """Open the win dialog on tsumo."""
        self.enter_win(True)

    def enter_draw(self, kind: str) -> None:
        """Open the draw dialog on its ``draw``, ``abort`` or ``chombo`` page."""
        from scorekeeper.gui.dialogs.draw_dialog import DrawKind

        state = self._controller.state
        if state is None or state.ended:
            return
        riichi = tuple(int(s) for s in state.riichi_this_hand)
        result = self._dialogs().draw(self._parent, state, riichi, DrawKind(kind), self._questions.preview_text)
        if result is not None and self._controller.record_result(result):
            self._show_message("")

    def undo(self) -> None:
        """Take back the last event, and say which (issue 24: Undo did not say what it undid)."""
        if self._controller.undo():
            what = self._controller.redo_event_name()
            self._show_notice(_t("Undone: {event}. Redo (Ctrl+Shift+Z) puts it back.").format(event=what))

    def redo(self) -> None:
        """Put back the last undone event, and say which."""
        if self._controller.redo():
            self._show_notice(_t("Redone: {event}.").format(event=self._controller.last_event_name()))

    def edit_hand(self, index: int) -> None:
        """Open a past hand for correction; the correction is recorded (and undoable) like any event."""
        self._correct(index, edit=True)

    def insert_hand(self, index: int) -> None:
        """Enter a forgotten hand played just before hand ``index``; recorded (and undoable) like any event."""
        self._correct(index, edit=False)

    def _correct(self, index: int, *, edit: bool) -> None:
        state = self._controller.state
        if state is None or not 0 <= index < len(state.hands):
            return
        from scorekeeper.session.corrections import is_same_hand  # corrections' code: not at start (issue 24)

        old = state.hands[index].record if edit else None
        record = self._questions.ask_hand(index, old)
        if record is None or (edit and is_same_hand(state, index, record)):
            return  # saved unchanged: no correction (by value, not by the text the hand was recorded in)
        if self._controller.edit_hand(index, record) if edit else self._controller.insert_hand(index, record):
            self._show_message("")

    def delete_hand(self, index: int) -> None:
        """Delete a past hand after confirmation (undoable).

        A deletion after which the game ends before a substitute came in takes that substitution out with it, as
        Edit hand does (``correction_events``): the question names it before anything is written; Yes records both
        in one write.
        """
        state = self._controller.state
        if state is None or not 0 <= index < len(state.hands):
            return
        entry = state.hands[index]
        from scorekeeper.session.corrections import substitutions_taken_out

        try:
            removes = substitutions_taken_out(state, HandDeleted(index))
        except ScorekeeperError as error:
            self._show_message(error_text(error))  # refused whatever is answered: say why now
            return
        lines = [
            _t("Delete hand {label}? Every later hand is recomputed; Undo brings it back.").format(
                label=short_label(entry.label, entry.honba)
            )
        ]
        lines += [
            _t(
                "The game now ends before {player} came in for {left} (hand {n}): that substitution is taken out,"
                " and {left} is credited with the seat's whole result."
            ).format(player=sub.player, left=sub.left, n=sub.hand + 1)
            for sub in removes
        ]
        if self._dialogs().confirm(self._parent, "\n\n".join(lines)) and self._controller.delete_hand(index):
            self._show_message("")
