"""Edit a past hand: who declared riichi, and the result (entered again with the win or draw dialog).

The dialog only builds the corrected ``HandRecord``; the controller records it as a ``HandEdited`` event, the
session recomputes every later hand, and the correction is undoable like any other event.
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

    Args:
        names: the players.
        title: the hand's label (``E2-1``).
        record: the hand as it was entered.
        enter_win: asks for a new win result (True: tsumo); None if cancelled.
        enter_draw: asks for a new draw/abort/chombo result; None if cancelled.
    """

    def __init__(
        self,
        *,
        names: tuple[str, ...],
        title: str,
        record: HandRecord,
        enter_win: Callable[[bool, tuple[int, ...]], HandResult | None],
        enter_draw: Callable[[tuple[int, ...]], HandResult | None],
        parent: QWidget | None = None,
    ) -> None:
        super().__init__(parent)
        self.setWindowTitle(self.tr("Edit hand {label}").format(label=title))
        self.names = names
        self.new_result: HandResult = record.result
        self._enter_win = enter_win
        self._enter_draw = enter_draw
        heading = QLabel(self.tr("Hand {label}").format(label=title))
        heading.setProperty("role", "title")
        self.result_label = QLabel()
        self.result_label.setWordWrap(True)
        self.riichi_boxes: list[QCheckBox] = []
        grid = QGridLayout()
        grid.addWidget(QLabel(self.tr("Riichi declared")), 0, 0, 1, 4)
        for seat, name in enumerate(names):
            box = QCheckBox(name)
            box.setObjectName(f"edit_riichi_{seat}")
            box.setChecked(Seat(seat) in record.riichi)
            self.riichi_boxes.append(box)
            grid.addWidget(box, 1, seat)
        self.ron_button = QPushButton(self.tr("Ron…"))
        self.ron_button.setObjectName("edit_ron")
        self.ron_button.clicked.connect(lambda: self._change(self._enter_win(False, self.riichi())))
        self.tsumo_button = QPushButton(self.tr("Tsumo…"))
        self.tsumo_button.setObjectName("edit_tsumo")
        self.tsumo_button.clicked.connect(lambda: self._change(self._enter_win(True, self.riichi())))
        self.draw_button = QPushButton(self.tr("Draw, abort or chombo…"))
        self.draw_button.setObjectName("edit_draw")
        self.draw_button.clicked.connect(lambda: self._change(self._enter_draw(self.riichi())))
        change = QHBoxLayout()
        change.addWidget(QLabel(self.tr("Change the result:")))
        change.addWidget(self.ron_button)
        change.addWidget(self.tsumo_button)
        change.addWidget(self.draw_button)
        change.addStretch(1)
        self.save_button = QPushButton(self.tr("Save correction"))
        self.save_button.setObjectName("save_edit")
        self.save_button.setProperty("role", "primary")
        self.save_button.setDefault(True)
        self.save_button.clicked.connect(self.accept)
        cancel = QPushButton(self.tr("Cancel"))
        cancel.clicked.connect(self.reject)
        buttons = QHBoxLayout()
        buttons.addWidget(QLabel(self.tr("Every later hand is recomputed. Undo takes the correction back.")), 1)
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
        self.result_label.setText(describe_result(self.new_result, self.names))

    def hand_record(self) -> HandRecord:
        """The corrected hand."""
        return HandRecord(tuple(Seat(s) for s in self.riichi()), self.new_result)
