"""Asking for a hand's result: a new hand, a past hand again, or a forgotten one (the window's questions).

Each question opens the win, draw or edit dialog through the window's :class:`~scorekeeper.gui.openers.Dialogs`,
placed where the hand was played (``GameState.position_before``) and previewed by the session for that position
(``preview_at``: both families, any round); nothing here settles anything (STYLE 6). The win dialog's value mode
is remembered in the settings for the next one.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from typing import TYPE_CHECKING

from PySide6.QtWidgets import QWidget

from scorekeeper.gui.controller import GameController
from scorekeeper.gui.describe import describe_settlement
from scorekeeper.gui.labels import short_label
from scorekeeper.gui.openers import Dialogs
from scorekeeper.gui.settings import AppSettings
from scorekeeper.session import HandRecord, HandResult, family_of
from scorekeeper.session.sheet import game_sheet

if TYPE_CHECKING:
    from scorekeeper.gui.dialogs.win_dialog import KeptWin, WinContext

__all__ = ["HandQuestions"]


class HandQuestions:
    """The window's questions about hands.

    Args:
        parent: the window the dialogs belong to.
        controller: the game's controller (its state and the session's previews).
        dialogs: how to ask now (tests inject their own, or give the window other dialogs).
        settings: the settings now (the window replaces its settings as they change).
        save_settings: stores changed settings.
    """

    def __init__(
        self,
        parent: QWidget,
        controller: GameController,
        dialogs: Callable[[], Dialogs],
        *,
        settings: Callable[[], AppSettings],
        save_settings: Callable[[AppSettings], None],
    ) -> None:
        self._parent = parent
        self._controller = controller
        self._dialogs = dialogs
        self._settings = settings
        self._save_settings = save_settings
        self._kept: KeptWin | None = None

    def win_context(self, index: int | None = None, riichi: tuple[int, ...] | None = None) -> WinContext:
        """The table as the win dialog needs it: now, or as hand ``index`` found it with ``riichi`` declared."""
        from scorekeeper.gui.dialogs.win_dialog import ValueModes, WinContext

        state = self._controller.state
        assert state is not None
        settings = self._settings()
        modes = ValueModes(riichi=settings.win_mode, classical=settings.classical_win_mode)
        return WinContext.at(state, index, riichi, modes=modes)

    def kept_win(self) -> KeptWin:
        """Where a cancelled win dialog keeps its entry for the hand being played now (issue 24): the same one
        until a hand is recorded, so that the dialog opened again for this hand offers it back."""
        from scorekeeper.gui.dialogs.win_dialog import KeptWin

        state = self._controller.state
        assert state is not None
        hand = (self._controller.game_id, len(state.hands))
        if self._kept is None or self._kept.hand != hand:
            self._kept = KeptWin(hand)
        return self._kept

    def ask_win(self, context: WinContext, tsumo: bool, preview: Callable[[HandResult], str]) -> HandResult | None:
        """The win dialog; the value mode used is remembered in the settings for the next one."""
        result = self._dialogs().win(self._parent, context, tsumo, preview)
        settings, modes = self._settings(), context.modes
        if (modes.riichi, modes.classical) != (settings.win_mode, settings.classical_win_mode):
            self._save_settings(replace(settings, win_mode=modes.riichi, classical_win_mode=modes.classical))
        return result

    def preview_text(self, result: HandResult) -> str:
        """The payment preview of ``result`` now, as lines of text.

        Raises:
            ScorekeeperError: when the result is not allowed now.
        """
        state = self._controller.state
        assert state is not None
        return describe_settlement(self._controller.preview(result), state.players)

    def preview_text_at(self, index: int, riichi: tuple[int, ...]) -> Callable[[HandResult], str]:
        """The payment preview of a result as hand ``index`` with ``riichi`` declared (edits and inserts)."""
        state = self._controller.state
        assert state is not None
        names = state.players

        def preview(result: HandResult) -> str:
            return describe_settlement(self._controller.preview_at(index, result, riichi), names)

        return preview

    def ask_hand(self, index: int, record: HandRecord | None) -> HandRecord | None:
        """Ask for hand ``index`` again (``record``), or for a forgotten hand played in its place (None).

        A forgotten hand was played with the table as hand ``index`` found it (same dealer, round, honba and
        sticks), so the win and draw dialogs and the payment preview use that position.
        """
        from scorekeeper.gui.dialogs.draw_dialog import DrawKind
        from scorekeeper.gui.dialogs.edit_hand import EditHandDialog

        state = self._controller.state
        assert state is not None
        entry = state.hands[index]

        def enter_win(tsumo: bool, riichi: tuple[int, ...]) -> HandResult | None:
            # The recorded result fills the dialog (issue 12: Edit hand opens with what was entered).
            context = replace(self.win_context(index, riichi), recorded=None if record is None else record.result)
            return self.ask_win(context, tsumo, self.preview_text_at(index, riichi))

        def enter_draw(riichi: tuple[int, ...]) -> HandResult | None:
            preview = self.preview_text_at(index, riichi)
            return self._dialogs().draw(self._parent, state, riichi, DrawKind.DRAW, preview)

        from scorekeeper.session.corrections import correction_preview  # not at start (issue 24)

        dialog = EditHandDialog(
            # A seat a substitute took is both ("Bruno / Sam"), as in the history: the hand may be the leaver's.
            names=game_sheet(state).seat_names,
            title=short_label(entry.label, entry.honba),
            record=record,
            enter_win=enter_win,
            enter_draw=enter_draw,
            classical=not family_of(state.rules).values_in_han_fu,
            # Before -> after as the session computes it (issue 12); the same fold that saving runs.
            preview=lambda corrected: correction_preview(state, index, corrected, insert=record is None),
        )
        return self._dialogs().edit_hand(self._parent, dialog)
