"""The draw dialog: an exhaustive draw with tenpai (and nagashi mangan), an abortive draw, or a chombo (and, if the
table says, which error it was: the kinds of the game's text, ``scorekeeper.session.chombo_errors``).

Each choice is offered only when the ruleset allows it (issue 4, "Draw"): nagashi when ``TableRules.nagashi``,
the abortive draws in ``TableRules.abortive_draws``. Players in riichi are ticked tenpai already (a riichi hand is
tenpai by definition). The dialog builds the event; the controller records it.
"""

from __future__ import annotations

import enum
from collections.abc import Callable

from PySide6.QtCore import Qt
from PySide6.QtWidgets import (
    QButtonGroup,
    QCheckBox,
    QDialog,
    QGridLayout,
    QHBoxLayout,
    QLabel,
    QRadioButton,
    QTabWidget,
    QVBoxLayout,
    QWidget,
)

from scorekeeper.errors import ScorekeeperError
from scorekeeper.gui.dialog_buttons import primary_and_cancel
from scorekeeper.gui.error_words import error_text
from scorekeeper.gui.labels import abort_name, chombo_error_name, elide_name
from scorekeeper.session.chombo_errors import ChomboError
from scorekeeper.session.events import AbortiveDraw, AbortReason, Chombo, ExhaustiveDraw, HandResult, NagashiMangan
from scorekeeper.session.rules import TableRules
from scorekeeper.session.seats import Seat

__all__ = ["DrawDialog", "DrawKind"]


def _section(text: str) -> QLabel:
    label = QLabel(text)
    label.setProperty("role", "section")
    return label


#: The most characters of a name a tenpai box or a chombo choice shows (a stored game may carry a longer one).
_NAME_CHARACTERS = 16


class DrawKind(enum.StrEnum):
    """Which page the dialog opens on."""

    DRAW = "draw"
    ABORT = "abort"
    CHOMBO = "chombo"


class DrawDialog(QDialog):
    """Tenpai ticks, nagashi ticks, abortive reasons and the chombo offender; ``result()`` gives the event."""

    def __init__(
        self,
        *,
        names: tuple[str, ...],
        riichi: tuple[int, ...],
        table: TableRules | None,
        kind: DrawKind = DrawKind.DRAW,
        preview: Callable[[HandResult], str] | None = None,
        chombo_errors: tuple[tuple[ChomboError, str], ...] = (),
        parent: QWidget | None = None,
    ) -> None:
        super().__init__(parent)
        self._preview = preview
        self.setWindowTitle(self.tr("Draw, abortive draw or chombo"))
        self.tabs = QTabWidget()

        draw_page = QWidget()
        draw_layout = QVBoxLayout(draw_page)
        draw_layout.addWidget(_section(self.tr("Who is tenpai?")))
        self.tenpai_boxes: list[QCheckBox] = []
        self.nagashi_boxes: list[QCheckBox] = []
        grid = QGridLayout()
        for seat, name in enumerate(names):
            box = QCheckBox(elide_name(name, _NAME_CHARACTERS))
            box.setObjectName(f"tenpai_{seat}")
            box.setToolTip(self.tr("Tick this player if their hand was one tile from winning."))
            box.setChecked(seat in riichi)
            self.tenpai_boxes.append(box)
            grid.addWidget(box, seat // 2, seat % 2)
        draw_layout.addLayout(grid)
        if table is not None and table.nagashi:
            draw_layout.addWidget(_section(self.tr("Nagashi mangan (all discards terminals and honours, none called)")))
            nagashi = QGridLayout()
            for seat, name in enumerate(names):
                box = QCheckBox(elide_name(name, _NAME_CHARACTERS))
                box.setObjectName(f"nagashi_{seat}")
                box.setToolTip(
                    self.tr("This player's discards were all terminals and honours, none taken (nagashi mangan).")
                )
                self.nagashi_boxes.append(box)
                nagashi.addWidget(box, seat // 2, seat % 2)
            draw_layout.addLayout(nagashi)
        draw_layout.addStretch(1)
        self.tabs.addTab(draw_page, self.tr("Exhaustive draw"))

        self.abort_buttons: dict[AbortReason, QRadioButton] = {}
        self._abort_group = QButtonGroup(self)
        allowed = [] if table is None else [r for r in AbortReason if r in table.abortive_draws]
        self.abort_page: QWidget | None = None
        if allowed:
            abort_page = QWidget()
            abort_layout = QVBoxLayout(abort_page)
            for reason in allowed:
                radio = QRadioButton(abort_name(reason.value))
                radio.setObjectName(f"abort_{reason.value}")
                radio.setToolTip(self.tr("Why the hand was abandoned."))
                self._abort_group.addButton(radio)
                self.abort_buttons[reason] = radio
                abort_layout.addWidget(radio)
            self.abort_buttons[allowed[0]].setChecked(True)
            abort_layout.addStretch(1)
            self.abort_page = abort_page
            self.tabs.addTab(abort_page, self.tr("Abortive draw"))

        chombo_page = QWidget()
        chombo_layout = QVBoxLayout(chombo_page)
        chombo_layout.addWidget(_section(self.tr("Who made the chombo?")))
        self.chombo_buttons: list[QRadioButton] = []
        self._chombo_group = QButtonGroup(self)
        offenders = QGridLayout()  # two by two, as the tenpai boxes: room for the errors below at 1280x720
        for seat, name in enumerate(names):
            radio = QRadioButton(elide_name(name, _NAME_CHARACTERS))
            radio.setObjectName(f"chombo_{seat}")
            radio.setToolTip(self.tr("This player broke the rule and pays the chombo penalty."))
            self._chombo_group.addButton(radio)
            self.chombo_buttons.append(radio)
            offenders.addWidget(radio, seat // 2, seat % 2)
        chombo_layout.addLayout(offenders)
        # Which error it was (the game's text's list, ``chombo_choices``): optional, one tap, nothing when skipped.
        self.error_buttons: dict[ChomboError | None, QRadioButton] = {}
        self._error_group = QButtonGroup(self)
        if chombo_errors:
            chombo_layout.addWidget(_section(self.tr("Which error? (optional)")))
            errors = QGridLayout()
            errors.setHorizontalSpacing(18)  # three columns of choices: each apart from the next
            choices: tuple[tuple[ChomboError | None, str], ...] = ((None, ""), *chombo_errors)
            for k, (error, cited) in enumerate(choices):
                radio = QRadioButton(self.tr("Not said") if error is None else chombo_error_name(error))
                radio.setObjectName(f"chombo_error_{error.value if error is not None else 'none'}")
                radio.setToolTip(
                    self.tr("The error is left unsaid.")
                    if error is None
                    else (cited or self.tr("The error this chombo was for."))
                )
                self._error_group.addButton(radio)
                self.error_buttons[error] = radio
                errors.addWidget(radio, k // 3, k % 3)  # three across: four rows fit 1280x720
            self.error_buttons[None].setChecked(True)
            chombo_layout.addLayout(errors)
        chombo_layout.addStretch(1)
        self.chombo_page = chombo_page
        if table is not None:  # the classical family has no chombo (seed 003 names no penalty)
            self.tabs.addTab(chombo_page, self.tr("Chombo"))

        if kind is DrawKind.ABORT and self.abort_page is not None:
            self.tabs.setCurrentWidget(self.abort_page)
        elif kind is DrawKind.CHOMBO and table is not None:
            self.tabs.setCurrentWidget(self.chombo_page)

        self.confirm_button, cancel = primary_and_cancel(
            self, self._on_confirm_button_clicked, tooltip=self.tr("Record this result. Undo (Ctrl+Z) takes it back.")
        )
        self.hint_label = QLabel()
        self.hint_label.setProperty("role", "error")
        self.hint_label.setTextFormat(Qt.TextFormat.PlainText)
        self.preview_label = QLabel()
        self.preview_label.setTextFormat(Qt.TextFormat.PlainText)  # quotes player names
        self.preview_label.setObjectName("preview")
        self.preview_label.setWordWrap(True)
        self.preview_label.setStyleSheet("font-size: 15px;")
        for button in (*self.tenpai_boxes, *self.nagashi_boxes, *self.abort_buttons.values(), *self.chombo_buttons):
            button.toggled.connect(self.refresh)
        self.tabs.currentChanged.connect(self.refresh)
        buttons = QHBoxLayout()
        buttons.addWidget(self.hint_label, 1)
        buttons.addWidget(cancel)
        buttons.addWidget(self.confirm_button)
        layout = QVBoxLayout(self)
        layout.addWidget(self.tabs, 1)
        layout.addWidget(self.preview_label)
        layout.addLayout(buttons)
        self.resize(600, 520)
        self.refresh()

    def refresh(self) -> None:
        """Show who pays whom for the result as ticked (the session's settlement), or why it is refused."""
        result = self.hand_result()
        self.hint_label.clear()
        if self._preview is None or result is None:
            self.preview_label.setText("")
            self.confirm_button.setEnabled(True)
            return
        try:
            self.preview_label.setText(self._preview(result))
            self.confirm_button.setEnabled(True)
        except ScorekeeperError as error:
            self.preview_label.setText("")
            self.hint_label.setText(error_text(error))
            self.confirm_button.setEnabled(False)

    def hand_result(self) -> HandResult | None:
        """The hand's result as chosen on the current page, or None when something is still missing."""
        page = self.tabs.currentWidget()
        if page is self.chombo_page:
            said = next((error for error, radio in self.error_buttons.items() if radio.isChecked()), None)
            for seat, radio in enumerate(self.chombo_buttons):
                if radio.isChecked():
                    return Chombo(Seat(seat), error=said)
            return None
        if page is self.abort_page:
            for reason, radio in self.abort_buttons.items():
                if radio.isChecked():
                    return AbortiveDraw(reason)
            return None
        tenpai = tuple(Seat(s) for s, box in enumerate(self.tenpai_boxes) if box.isChecked())
        nagashi = tuple(Seat(s) for s, box in enumerate(self.nagashi_boxes) if box.isChecked())
        if nagashi:
            return NagashiMangan(nagashi, tenpai)
        return ExhaustiveDraw(tenpai)

    def _on_confirm_button_clicked(self) -> None:
        if self.hand_result() is None:
            self.hint_label.setText(self.tr("Choose who made the chombo."))
            return
        self.accept()
