"""Edit a past hand, or enter a forgotten one: who declared riichi, and the result (with the win or draw dialog).

The dialog only builds the ``HandRecord``; the controller records it as a ``HandEdited`` (or ``HandInserted``)
event, the session recomputes every later hand, and the change is undoable like any other event.
"""

from __future__ import annotations

import html
from collections.abc import Callable

from PySide6.QtCore import Qt
from PySide6.QtWidgets import (
    QCheckBox,
    QDialog,
    QGridLayout,
    QHBoxLayout,
    QLabel,
    QPushButton,
    QScrollArea,
    QVBoxLayout,
    QWidget,
)

from scorekeeper.errors import ScorekeeperError
from scorekeeper.gui.describe import describe_result
from scorekeeper.gui.dialog_buttons import primary_and_cancel
from scorekeeper.gui.error_words import error_detail
from scorekeeper.session.corrections import CorrectionPreview
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
        preview: what the correction would do, as the session works it out
            (``scorekeeper.session.corrections.correction_preview``); raises with the reason it would be refused.
            Shown before Save (issue 12). None: no preview.
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
        preview: Callable[[HandRecord], CorrectionPreview] | None = None,
        parent: QWidget | None = None,
    ) -> None:
        super().__init__(parent)
        self.classical = classical
        self._preview = preview
        self.correction: CorrectionPreview | None = None
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
        self.result_label.setTextFormat(Qt.TextFormat.PlainText)  # quotes player names
        self.result_label.setWordWrap(True)
        self.riichi_boxes: list[QCheckBox] = []
        grid = QGridLayout()
        grid.addWidget(QLabel(self.tr("Riichi declared")), 0, 0, 1, 4)
        for seat, name in enumerate(names):
            box = QCheckBox(name)
            box.setObjectName(f"edit_riichi_{seat}")
            box.setChecked(record is not None and Seat(seat) in record.riichi)
            box.toggled.connect(self._show)
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
        self.save_button, cancel = primary_and_cancel(
            self,
            self.accept,
            text=self.tr("Insert hand") if self.inserting else self.tr("Save correction"),
            name="save_edit",
            tooltip=self.tr("Record this hand; every later hand is worked out again."),
        )
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
        # Before -> after for every player, this hand and the end of the game (issue 12): what Save records.
        self.correction_label = QLabel()
        self.correction_label.setObjectName("correction_preview")
        self.correction_label.setTextFormat(Qt.TextFormat.RichText)
        self.correction_label.setWordWrap(True)
        self.correction_label.setAlignment(Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignTop)
        middle = QScrollArea()
        middle.setWidgetResizable(True)
        middle.setFrameShape(QScrollArea.Shape.NoFrame)
        middle.setWidget(self.correction_label)
        layout = QVBoxLayout(self)
        layout.addWidget(heading)
        layout.addWidget(self.result_label)
        layout.addLayout(grid)
        layout.addLayout(change)
        layout.addWidget(middle, 1)
        layout.addLayout(buttons)
        self._show()
        self.resize(760, 460 if preview is not None else 340)

    def riichi(self) -> tuple[int, ...]:
        """The seats ticked as having declared riichi."""
        return tuple(seat for seat, box in enumerate(self.riichi_boxes) if box.isChecked())

    def _change(self, result: HandResult | None) -> None:
        if result is not None:
            self.new_result = result
            self._show()

    def _show(self) -> None:
        refused = self._show_correction()
        if self.new_result is None:
            self.result_label.setText(self.tr("No result yet: choose Ron, Tsumo or Draw below."))
        else:
            # With the session's settlement the words carry each winner's value ("Bruno (3 han 30 fu)").
            settlement = None if self.correction is None else self.correction.settlement
            self.result_label.setText(
                describe_result(self.new_result, self.names, settlement, classical=self.classical)
            )
        self.save_button.setEnabled(self.new_result is not None and not refused)

    def _show_correction(self) -> bool:
        """Show what the correction would change; return True when the session would refuse it."""
        self.correction = None
        if self._preview is None or self.new_result is None:
            self.correction_label.setText("")
            return False
        try:
            self.correction = self._preview(self.hand_record())
        except ScorekeeperError as error:
            self.correction_label.setText(
                '<p style="color:#c0392b">'
                + html.escape(self.tr("This correction cannot be saved: {reason}").format(reason=error_detail(error)))
                + "</p>"
            )
            return True
        self.correction_label.setText(self._correction_html(self.correction))
        return False

    def _correction_html(self, preview: CorrectionPreview) -> str:
        def change(before: int | None, after: int, text: Callable[[int], str]) -> str:
            if before is None:
                return f"<b>{html.escape(text(after))}</b>"
            if before == after:
                return html.escape(text(after))
            return f"{html.escape(text(before))} → <b>{html.escape(text(after))}</b>"

        def signed(points: int) -> str:
            return f"{points:+,}" if points else "0"

        def tenths(value: int) -> str:
            sign = "+" if value > 0 else "-" if value < 0 else ""
            return f"{sign}{abs(value) // 10}.{abs(value) % 10}"

        rows = [
            (
                self.tr("This hand ({label})").format(label=preview.label),
                [
                    change(
                        None if preview.hand_before is None else preview.hand_before[s], preview.hand_after[s], signed
                    )
                    for s in range(4)
                ],
            ),
            (
                self.tr("End of the game") if preview.ended_after else self.tr("Scores now"),
                [change(preview.end_before[s], preview.end_after[s], lambda v: f"{v:,}") for s in range(4)],
            ),
        ]
        if preview.points_after is not None:
            before_points = preview.points_before
            rows.append(
                (
                    self.tr("Points"),
                    [
                        change(None if before_points is None else before_points[s], preview.points_after[s], tenths)
                        for s in range(4)
                    ],
                )
            )
        head = "".join(f"<th align='right'>&nbsp;{html.escape(name)}&nbsp;</th>" for name in self.names)
        body = "".join(
            f"<tr><td>{html.escape(title)}&nbsp;</td>"
            + "".join(f"<td align='right'>&nbsp;{cell}&nbsp;</td>" for cell in cells)
            + "</tr>"
            for title, cells in rows
        )
        note = "" if preview.changes_anything else f"<p>{html.escape(self.tr('No score changes.'))}</p>"
        for sub in preview.removes:  # the game as corrected ends before they came in: the session takes them out
            removal = self.tr(
                "The game now ends before {player} came in for {left} (hand {n}): that substitution is taken out,"
                " and {left} is credited with the seat's whole result."
            ).format(player=sub.player, left=sub.left, n=sub.hand + 1)
            note += f"<p><b>{html.escape(removal)}</b></p>"
        title = html.escape(self.tr("What the correction changes (before → after):"))
        return (
            f"<div style='font-size: 15px'><p>{title}</p>"
            f"<table cellspacing='4'><tr><th></th>{head}</tr>{body}</table>{note}</div>"
        )

    def hand_record(self) -> HandRecord:
        """The corrected (or forgotten) hand; only once it has a result (Save is disabled before)."""
        assert self.new_result is not None, "no result entered yet"
        return HandRecord(tuple(Seat(s) for s in self.riichi()), self.new_result)
