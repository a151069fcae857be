"""The results screen: final scores, places, uma/oka, penalties and plus-minus, and the chart of the game.

From here the game is exported (CSV, game-record JSON) and printed or saved as PDF. The figures all come from
the session's ``FinalResult``; this screen only lays them out.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import assert_never

from PySide6.QtCore import QMarginsF, QRectF, Qt
from PySide6.QtGui import QPageLayout, QPageSize, QPainter
from PySide6.QtPrintSupport import QPrintDialog, QPrinter
from PySide6.QtWidgets import (
    QDialog,
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QPushButton,
    QTableWidget,
    QTableWidgetItem,
    QVBoxLayout,
    QWidget,
)

from scorekeeper.gui.labels import format_points
from scorekeeper.gui.table.score_chart import ScoreChartWidget
from scorekeeper.session.rules import LeftoverSticks, TableRules
from scorekeeper.session.standings import FinalResult

__all__ = ["ResultsDialog", "format_tenths", "print_widget_to_pdf"]


def format_tenths(tenths: int) -> str:
    """Plus-minus points as the result sheet shows them: ``+45.0``, ``-12.3``, ``0.0``."""
    sign = "+" if tenths > 0 else "-" if tenths < 0 else ""
    return f"{sign}{abs(tenths) // 10}.{abs(tenths) % 10}"


def print_widget_to_pdf(widget: QWidget, path: Path, title: str) -> None:
    """Render ``widget`` onto an A4 landscape PDF page at ``path`` (QPrinter, from PySide6-Essentials)."""
    printer = QPrinter(QPrinter.PrinterMode.HighResolution)
    printer.setOutputFormat(QPrinter.OutputFormat.PdfFormat)
    printer.setOutputFileName(str(path))
    printer.setDocName(title)
    printer.setPageLayout(
        QPageLayout(QPageSize(QPageSize.PageSizeId.A4), QPageLayout.Orientation.Landscape, QMarginsF(12, 12, 12, 12))
    )
    _paint(widget, printer)


def _paint(widget: QWidget, printer: QPrinter) -> None:
    pixmap = widget.grab()
    painter = QPainter(printer)
    page = QRectF(printer.pageLayout().paintRectPixels(printer.resolution()))
    page.moveTo(0, 0)
    scale = min(page.width() / pixmap.width(), page.height() / pixmap.height())
    target = QRectF(0, 0, pixmap.width() * scale, pixmap.height() * scale)
    painter.drawPixmap(target, pixmap, QRectF(pixmap.rect()))
    painter.end()


class ResultsDialog(QDialog):
    """The end-of-game sheet. Export and PDF actions call the injected callables, so tests need no file dialog.

    Args:
        names: the players, seat order.
        result: the session's final result.
        labels: the label of each hand (``E1``...), for the chart.
        series: the scores at the start and after each hand.
        table_rules: the game's riichi table rules, to word where leftover sticks went (None: the classical
            family). The uma/oka column shows the result's own ``uma_oka_tenths``.
        ask_path: asks where to save a file (a suffix such as ``.csv``); None cancels.
        export_csv: writes the CSV to a path.
        export_json: writes the game-record JSON to a path.
        export_pdf: writes the game's record as a PDF with real text to a path (None: the page as a picture).
    """

    def __init__(
        self,
        *,
        names: tuple[str, ...],
        result: FinalResult,
        labels: tuple[str, ...],
        series: tuple[tuple[int, int, int, int], ...],
        table_rules: TableRules | None,
        ask_path: Callable[[str], Path | None],
        export_csv: Callable[[Path], None],
        export_json: Callable[[Path], None],
        export_pdf: Callable[[Path], None] | None = None,
        parent: QWidget | None = None,
    ) -> None:
        super().__init__(parent)
        self.setWindowTitle(self.tr("Final results"))
        self._ask_path = ask_path
        self._export_csv = export_csv
        self._export_json = export_json
        self._export_pdf = export_pdf
        self.sheet = QWidget()
        title = QLabel(self.tr("Final results"))
        title.setProperty("role", "title")
        headers = [
            self.tr("Place"),
            self.tr("Player"),
            self.tr("Score"),
            self.tr("Uma/oka"),
            self.tr("Penalties"),
            self.tr("Points"),
        ]
        self.table = QTableWidget(4, len(headers))
        self.table.setObjectName("results_table")
        self.table.setHorizontalHeaderLabels(headers)
        self.table.verticalHeader().hide()
        self.table.horizontalHeader().setSectionResizeMode(QHeaderView.ResizeMode.Stretch)
        self.table.setEditTriggers(QTableWidget.EditTrigger.NoEditTriggers)
        penalties = [0, 0, 0, 0]
        for penalty in result.penalties:
            penalties[int(penalty.seat)] += penalty.points
        order = sorted(range(4), key=lambda s: (result.places[s], s))
        for row, seat in enumerate(order):
            # What the session applied (standings.final_result), never recomputed here: issue 9, section 3.
            uma_oka = None if result.uma_oka_tenths is None else result.uma_oka_tenths[seat]
            cells = (
                str(result.places[seat]),
                names[seat],
                format_points(result.scores[seat]),
                "" if uma_oka is None else format_tenths(uma_oka),
                format_points(penalties[seat]) if penalties[seat] else "",
                format_tenths(result.points_tenths[seat]),
            )
            for column, text in enumerate(cells):
                item = QTableWidgetItem(text)
                item.setTextAlignment(Qt.AlignmentFlag.AlignCenter)
                if column == 5:
                    font = item.font()
                    font.setBold(True)
                    font.setPointSize(font.pointSize() + 3)
                    item.setFont(font)
                self.table.setItem(row, column, item)
        self.table.resizeRowsToContents()
        height = self.table.horizontalHeader().height() + sum(self.table.rowHeight(r) for r in range(4)) + 4
        self.table.setFixedHeight(height)
        self.table.setCurrentCell(-1, -1)
        self.note_label = QLabel()
        self.note_label.setProperty("role", "muted")
        self.note_label.setWordWrap(True)
        self.note_label.setObjectName("leftover_note")
        self.note_label.setText(self._leftover_note(result.leftover_sticks, table_rules))
        self.chart = ScoreChartWidget()
        self.chart.set_scores(names, labels, series)
        sheet_layout = QVBoxLayout(self.sheet)
        sheet_layout.addWidget(title)
        sheet_layout.addWidget(self.table)
        sheet_layout.addWidget(self.note_label)
        sheet_layout.addWidget(self.chart, 1)

        self.csv_button = QPushButton(self.tr("Export CSV"))
        self.csv_button.setObjectName("export_csv")
        self.csv_button.setToolTip(self.tr("Save every hand and the final table as a spreadsheet file."))
        self.csv_button.clicked.connect(self._on_csv_button_clicked)
        self.json_button = QPushButton(self.tr("Export game record"))
        self.json_button.setObjectName("export_json")
        self.json_button.setToolTip(self.tr("Save the whole game as a file this app (or another) can import."))
        self.json_button.clicked.connect(self._on_json_button_clicked)
        self.pdf_button = QPushButton(self.tr("Save as PDF"))
        self.pdf_button.setObjectName("export_pdf")
        self.pdf_button.setToolTip(
            self.tr("Save the game's record as a PDF file: players, every hand, penalties, final table and chart.")
        )
        self.pdf_button.clicked.connect(self._on_pdf_button_clicked)
        self.print_button = QPushButton(self.tr("Print…"))
        self.print_button.setObjectName("print")
        self.print_button.setToolTip(self.tr("Print this results page."))
        self.print_button.clicked.connect(self._on_print_button_clicked)
        close = QPushButton(self.tr("Close"))
        close.setObjectName("close")
        close.clicked.connect(self.accept)
        self.status_label = QLabel()
        self.status_label.setTextFormat(Qt.TextFormat.PlainText)  # quotes a file name
        buttons = QHBoxLayout()
        for button in (self.csv_button, self.json_button, self.pdf_button, self.print_button):
            buttons.addWidget(button)
        buttons.addStretch(1)
        buttons.addWidget(close)
        layout = QVBoxLayout(self)
        layout.addWidget(self.sheet, 1)
        layout.addWidget(self.status_label)
        layout.addLayout(buttons)
        self.resize(900, 760)

    def _leftover_note(self, sticks: int, table_rules: TableRules | None) -> str:
        """The riichi sticks left on the table at the end, and where the ruleset sends them (issue 3)."""
        if not sticks:
            return ""
        # Two strings rather than Qt's %n plural forms: the build script (translations/build.py) reads plain
        # strings, and Japanese has one form for both.
        if sticks == 1:
            left = self.tr("1 riichi stick was left on the table.")
        else:
            left = self.tr("{n} riichi sticks were left on the table.").format(n=sticks)
        if table_rules is None:
            return left
        match table_rules.leftover_sticks:
            case LeftoverSticks.FIRST:
                where = self.tr("This ruleset gives leftover sticks to first place (included in the score).")
            case LeftoverSticks.SPLIT_FIRST | LeftoverSticks.SPLIT_FIRST_ROUND_DOWN:
                where = self.tr(
                    "This ruleset splits leftover sticks between the players tied first (included in the score)."
                )
            case LeftoverSticks.LOST:
                where = self.tr("This ruleset gives leftover sticks to nobody.")
            case _:
                assert_never(table_rules.leftover_sticks)
        return f"{left} {where}"

    def _save(self, suffix: str, write: Callable[[Path], None]) -> None:
        path = self._ask_path(suffix)
        if path is None:
            return
        write(path)
        self.status_label.setText(self.tr("Saved {path}").format(path=path))

    def _on_csv_button_clicked(self) -> None:
        self._save(".csv", self._export_csv)

    def _on_json_button_clicked(self) -> None:
        self._save(".json", self._export_json)

    def _on_pdf_button_clicked(self) -> None:
        if self._export_pdf is not None:
            self._save(".pdf", self._export_pdf)
        else:
            self._save(".pdf", lambda path: print_widget_to_pdf(self.sheet, path, self.tr("Final results")))

    def _on_print_button_clicked(self) -> None:
        printer = QPrinter(QPrinter.PrinterMode.HighResolution)
        dialog = QPrintDialog(printer, self)
        dialog.accepted.connect(lambda: _paint(self.sheet, printer))
        dialog.show()
