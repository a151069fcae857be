"""Edit a past hand, or enter a forgotten one: who declared riichi, and the result (with the win or draw dialog).

The dialog only builds the ``HandRecord``; the controller records it as a ``HandEdited`` (or ``HandInserted``)
event, the session recomputes every later hand, and the change is undoable like any other event.
"""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtWidgets import QCheckBox, QDialog, QGridLayout, QHBoxLayout, QLabel, QPushButton, QVBoxLayout, QWidget

from scorekeeper.gui.describe import describe_result
from scorekeeper.session.events import HandRecord, HandResult
from scorekeeper.session.seats import Seat

__all__ = ["EditHandDialog"]


class EditHandDialog(QDialog):
    """Riichi ticks and "change the result" buttons for one past hand; ``hand_record()`` is the correction.

    With ``record`` None the dialog enters a forgotten hand: nothing is ticked, and Save waits for a result.

    Args:
        names: the players.
        title: the hand's label (``E2-1``).
        record: the hand as it was entered, or None for a forgotten hand.
        enter_win: asks for a new win result (True: tsumo); None if cancelled.
        enter_draw: asks for a new draw/abort/chombo result; None if cancelled.
        classical: the game is of the classical family (its draws read "Draw", with no tenpai wording).
    """

    def __init__(
        self,
        *,
        names: tuple[str, ...],
        title: str,
        record: HandRecord | None,
        enter_win: Callable[[bool, tuple[int, ...]], HandResult | None],
        enter_draw: Callable[[tuple[int, ...]], HandResult | None],
        classical: bool = False,
        parent: QWidget | None = None,
    ) -> None:
        super().__init__(parent)
        self.classical = classical
        self.inserting = record is None
        if self.inserting:
            self.setWindowTitle(self.tr("Forgotten hand before {label}").format(label=title))
        else:
            self.setWindowTitle(self.tr("Edit hand {label}").format(label=title))
        self.names = names
        self.new_result: HandResult | None = None if record is None else record.result
        self._enter_win = enter_win
        self._enter_draw = enter_draw
        heading = QLabel(
            self.tr("A forgotten hand, played before {label}").format(label=title)
            if self.inserting
            else self.tr("Hand {label}").format(label=title)
        )
        heading.setProperty("role", "title")
        self.result_label = QLabel()
        self.result_label.setWordWrap(True)
        self.riichi_boxes: list[QCheckBox] = []
        grid = QGridLayout()
        grid.addWidget(QLabel(self.tr("Riichi declared")), 0, 0, 1, 4)
        for seat, name in enumerate(names):
            box = QCheckBox(name)
            box.setObjectName(f"edit_riichi_{seat}")
            box.setChecked(record is not None and Seat(seat) in record.riichi)
            self.riichi_boxes.append(box)
            grid.addWidget(box, 1, seat)
        self.ron_button = QPushButton(self.tr("Ron…"))
        self.ron_button.setObjectName("edit_ron")
        self.ron_button.setToolTip(self.tr("The hand ended with a win off a discard: enter it again."))
        self.ron_button.clicked.connect(lambda: self._change(self._enter_win(False, self.riichi())))
        self.tsumo_button = QPushButton(self.tr("Tsumo…"))
        self.tsumo_button.setObjectName("edit_tsumo")
        self.tsumo_button.setToolTip(self.tr("The hand ended with a self-drawn win: enter it again."))
        self.tsumo_button.clicked.connect(lambda: self._change(self._enter_win(True, self.riichi())))
        self.draw_button = QPushButton(self.tr("Draw, abort or chombo…"))
        self.draw_button.setObjectName("edit_draw")
        self.draw_button.setToolTip(self.tr("The hand ended with no winner, was abandoned, or had a chombo."))
        self.draw_button.clicked.connect(lambda: self._change(self._enter_draw(self.riichi())))
        change = QHBoxLayout()
        change.addWidget(QLabel(self.tr("Enter the result:") if self.inserting else self.tr("Change the result:")))
        change.addWidget(self.ron_button)
        change.addWidget(self.tsumo_button)
        change.addWidget(self.draw_button)
        change.addStretch(1)
        self.save_button = QPushButton(self.tr("Insert hand") if self.inserting else self.tr("Save correction"))
        self.save_button.setObjectName("save_edit")
        self.save_button.setToolTip(self.tr("Record this hand; every later hand is worked out again."))
        self.save_button.setProperty("role", "primary")
        self.save_button.setDefault(True)
        self.save_button.clicked.connect(self.accept)
        cancel = QPushButton(self.tr("Cancel"))
        cancel.clicked.connect(self.reject)
        buttons = QHBoxLayout()
        buttons.addWidget(
            QLabel(
                self.tr("Every later hand is recomputed. Undo takes the new hand out again.")
                if self.inserting
                else self.tr("Every later hand is recomputed. Undo takes the correction back.")
            ),
            1,
        )
        buttons.addWidget(cancel)
        buttons.addWidget(self.save_button)
        layout = QVBoxLayout(self)
        layout.addWidget(heading)
        layout.addWidget(self.result_label)
        layout.addLayout(grid)
        layout.addLayout(change)
        layout.addStretch(1)
        layout.addLayout(buttons)
        self._show()
        self.resize(760, 340)

    def riichi(self) -> tuple[int, ...]:
        """The seats ticked as having declared riichi."""
        return tuple(seat for seat, box in enumerate(self.riichi_boxes) if box.isChecked())

    def _change(self, result: HandResult | None) -> None:
        if result is not None:
            self.new_result = result
            self._show()

    def _show(self) -> None:
        if self.new_result is None:
            self.result_label.setText(self.tr("No result yet: choose Ron, Tsumo or Draw below."))
        else:
            self.result_label.setText(describe_result(self.new_result, self.names, classical=self.classical))
        self.save_button.setEnabled(self.new_result is not None)

    def hand_record(self) -> HandRecord:
        """The corrected (or forgotten) hand; only once it has a result (Save is disabled before)."""
        assert self.new_result is not None, "no result entered yet"
        return HandRecord(tuple(Seat(s) for s in self.riichi()), self.new_result)
