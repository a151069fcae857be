"""The referee's window: players and settings, the seating, every table at a glance, standings, penalties, timer.

A thin view over :class:`TournamentController`: the tabs read ``controller.tournament`` and ``controller.standings``
when told it changed, and every button asks the controller to act. No points are computed here: the standings are
the core's (each table's own result sheet, summed), the table cards show the session's state of each game.
Dialogs and file choices are injected (``RefereeDialogs``) so that tests fill them without ``exec()``.
"""

from __future__ import annotations

import datetime
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path

from PySide6.QtCore import QCoreApplication, Qt
from PySide6.QtGui import QCloseEvent, QFont
from PySide6.QtWidgets import (
    QComboBox,
    QFormLayout,
    QFrame,
    QGridLayout,
    QHBoxLayout,
    QHeaderView,
    QInputDialog,
    QLabel,
    QLineEdit,
    QMainWindow,
    QMessageBox,
    QPushButton,
    QScrollArea,
    QSizePolicy,
    QSpinBox,
    QTableWidget,
    QTableWidgetItem,
    QTabWidget,
    QVBoxLayout,
    QWidget,
)

from scorekeeper.errors import ScorekeeperError
from scorekeeper.gui._compat import override
from scorekeeper.gui.dialogs.player_name import PlayerNameDialog
from scorekeeper.gui.error_words import error_text
from scorekeeper.gui.file_dialogs import ask_open_file, ask_save_file
from scorekeeper.gui.labels import reason_text
from scorekeeper.gui.referee.controller import TournamentController
from scorekeeper.gui.referee.correction import correct_nowhere
from scorekeeper.gui.referee.new_tournament import keep_apart_text
from scorekeeper.gui.referee.penalty import PenaltyAnswer, TournamentPenaltyDialog
from scorekeeper.gui.referee.substitute import SubstituteDialog, TakeOutSubstitutionDialog
from scorekeeper.session.events import Event
from scorekeeper.session.substitution import SeatShare
from scorekeeper.tournament import (
    ByeScore,
    PenaltyLine,
    PenaltyRule,
    QualityReport,
    Reseating,
    SeatingMethod,
    SeatingQuality,
    TableGame,
    TournamentSettings,
    UnreplayableGame,
    format_tenths,
    penalty_lines,
    penalty_rules,
)

__all__ = ["RefereeDialogs", "RefereeWindow"]

_WINDS = ("E", "S", "W", "N")


#: The context of the questions asked outside the window's class (the window's own words: ``RefereeWindow``).
_CONTEXT = "RefereeWindow"


def _t(text: str) -> str:
    return QCoreApplication.translate(_CONTEXT, text)


def _ask_text(parent: QWidget, title: str, label: str) -> str | None:
    text, ok = QInputDialog.getText(parent, title, label)
    return text.strip() if ok and text.strip() else None


def _ask_secret(parent: QWidget, title: str, label: str) -> str | None:
    text, ok = QInputDialog.getText(parent, title, label, QLineEdit.EchoMode.Password)
    return text.strip() if ok and text.strip() else None


def _ask_player_name(parent: QWidget, title: str, taken: tuple[str, ...]) -> str | None:
    dialog = PlayerNameDialog(title, taken, parent)
    try:
        return dialog.name() if dialog.exec() == PlayerNameDialog.DialogCode.Accepted else None
    finally:
        dialog.deleteLater()


def _ask_penalty(
    parent: QWidget, names: tuple[str, ...], tables: int, rules: tuple[PenaltyRule, ...]
) -> PenaltyAnswer | None:
    dialog = TournamentPenaltyDialog(names, tables, parent, rules=rules)
    try:
        return dialog.answer() if dialog.exec() == TournamentPenaltyDialog.DialogCode.Accepted else None
    finally:
        dialog.deleteLater()


def _ask_substitute(
    parent: QWidget, table: int, seated: tuple[str, ...], free: tuple[str, ...]
) -> tuple[str, str, str] | None:
    dialog = SubstituteDialog(table, seated, free, parent)
    try:
        return dialog.answer() if dialog.exec() == SubstituteDialog.DialogCode.Accepted else None
    finally:
        dialog.deleteLater()


def _ask_take_out(parent: QWidget, table: int, options: tuple[tuple[str, str], ...]) -> tuple[int, str] | None:
    dialog = TakeOutSubstitutionDialog(table, options, parent)
    try:
        return dialog.answer() if dialog.exec() == TakeOutSubstitutionDialog.DialogCode.Accepted else None
    finally:
        dialog.deleteLater()


def _ask_repair(parent: QWidget, held: UnreplayableGame) -> bool | None:
    """How to repair a game that cannot be replayed: True to cut it back, False to replace it from a file, None to
    leave it."""
    box = QMessageBox(parent)
    box.setIcon(QMessageBox.Icon.Warning)
    box.setWindowTitle(_t("Repair the game"))
    box.setText(
        _t(
            "Table {t}'s game cannot be replayed: {reason}\n\nCut it back to its first {n} events (the table takes "
            "the server's copy and enters again what still stands), or replace it with a game record file?"
        ).format(t=held.table, reason=held.reason, n=held.replayable)
    )
    cut = box.addButton(_t("Cut back"), QMessageBox.ButtonRole.AcceptRole)
    replace = box.addButton(_t("Replace from a file…"), QMessageBox.ButtonRole.ActionRole)
    box.addButton(QMessageBox.StandardButton.Cancel)
    try:
        box.exec()
        clicked = box.clickedButton()
        return True if clicked is cut else False if clicked is replace else None
    finally:
        box.deleteLater()


def _ask_yes(parent: QWidget, title: str, text: str) -> bool:
    """A yes-or-no question (seat a session again, record a score sheet as signed): Qt's own Yes and No, in the
    app's language (issue 24: every question offered "Seat again" and an untranslated "Not now", the score sheet's
    too)."""
    box = QMessageBox(QMessageBox.Icon.Question, title, text, QMessageBox.StandardButton.NoButton, parent)
    box.setTextFormat(Qt.TextFormat.PlainText)  # the question quotes a player's name (issue 10)
    box.setStandardButtons(QMessageBox.StandardButton.Yes | QMessageBox.StandardButton.No)
    box.setDefaultButton(QMessageBox.StandardButton.No)
    return box.exec() == QMessageBox.StandardButton.Yes


def _no_box(parent: QWidget, text: str) -> None:
    """Nothing more: the window's banner shows the text (a message box would block the window's timers)."""


@dataclass(slots=True)
class RefereeDialogs:
    """The questions the window asks; tests replace them."""

    open_file: Callable[[QWidget, str, str], Path | None] = ask_open_file
    save_file: Callable[[QWidget, str, str], Path | None] = ask_save_file
    text: Callable[[QWidget, str, str], str | None] = _ask_text
    secret: Callable[[QWidget, str, str], str | None] = _ask_secret
    #: A penalty of the EMA 2025 annex's kinds or a free one (the players, the session's tables, the catalogue under
    #: the tournament's ruleset).
    penalty: Callable[[QWidget, tuple[str, ...], int, tuple[PenaltyRule, ...]], PenaltyAnswer | None] = _ask_penalty
    #: A new player's name (title, the names taken); the session's name rules are checked as it is typed.
    player_name: Callable[[QWidget, str, tuple[str, ...]], str | None] = _ask_player_name
    #: Told of every problem the window shows in its banner (tests record them); nothing else by default: a modal
    #: box opened from a signal stopped the window's polls and retries while it was up (issue 23 item 3).
    error: Callable[[QWidget, str], None] = _no_box
    #: A yes-or-no question the referee's own action raised (title, text): True for yes.
    confirm: Callable[[QWidget, str, str], bool] = _ask_yes
    #: The app's: the table view on a copy of the game (``correct_in_table_view``); none in a bare window.
    correct: Callable[[QWidget, TableGame, TournamentSettings], Sequence[Event]] = correct_nowhere
    #: Who leaves table ``table`` and who comes in (the table, the four seated now, the players free to come in).
    substitute: Callable[[QWidget, int, tuple[str, ...], tuple[str, ...]], tuple[str, str, str] | None] = (
        _ask_substitute
    )
    #: Which substitution of table ``table``'s game to take out (each as its line and what taking it out changes):
    #: its index and the reason.
    take_out: Callable[[QWidget, int, tuple[tuple[str, str], ...]], tuple[int, str] | None] = _ask_take_out
    #: How to repair a game that cannot be replayed: True cut it back, False replace it from a file, None leave it.
    repair: Callable[[QWidget, UnreplayableGame], bool | None] = _ask_repair


def _table(headers: Sequence[str], name: str) -> QTableWidget:
    table = QTableWidget(0, len(headers))
    table.setObjectName(name)
    table.setHorizontalHeaderLabels(list(headers))
    table.verticalHeader().setVisible(False)
    table.setEditTriggers(QTableWidget.EditTrigger.NoEditTriggers)
    table.setSelectionBehavior(QTableWidget.SelectionBehavior.SelectRows)
    table.horizontalHeader().setSectionResizeMode(QHeaderView.ResizeMode.ResizeToContents)
    table.horizontalHeader().setStretchLastSection(True)
    return table


def _fill(table: QTableWidget, rows: Sequence[Sequence[str]], numeric: Sequence[int] = ()) -> None:
    table.setRowCount(len(rows))
    for r, row in enumerate(rows):
        for c, text in enumerate(row):
            item = QTableWidgetItem(text)
            if c in numeric:
                item.setTextAlignment(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter)
            table.setItem(r, c, item)


class TableCardWidget(QFrame):
    """One table of the session at a glance: number, state, the four players East first with their scores."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setFrameShape(QFrame.Shape.StyledPanel)
        self.setMinimumWidth(250)
        self.setSizePolicy(QSizePolicy.Policy.Preferred, QSizePolicy.Policy.Maximum)
        layout = QVBoxLayout(self)
        self.title_label = QLabel()
        font = QFont(self.title_label.font())
        font.setPointSizeF(font.pointSizeF() * 1.3)
        font.setBold(True)
        self.title_label.setFont(font)
        self.state_label = QLabel()
        self.state_label.setWordWrap(True)  # a game that cannot be replayed says why, at length
        self.link_label = QLabel()
        self.link_label.setTextFormat(Qt.TextFormat.PlainText)
        self.seats_label = QLabel()
        self.seats_label.setTextFormat(Qt.TextFormat.PlainText)
        seats_font = QFont(self.seats_label.font())
        seats_font.setPointSizeF(seats_font.pointSizeF() * 1.15)
        self.seats_label.setFont(seats_font)
        layout.addWidget(self.title_label)
        layout.addWidget(self.state_label)
        layout.addWidget(self.link_label)
        layout.addWidget(self.seats_label)
        layout.addStretch(1)

    def show_table(self, title: str, state: str, seats: Sequence[str], link: str = "", *, alert: bool = False) -> None:
        """Show a table's number, state, how it stands with the server (``alert``: in red) and seat lines."""
        self.title_label.setText(title)
        self.state_label.setText(state)
        self.link_label.setText(link)
        self.link_label.setVisible(bool(link))
        self.link_label.setStyleSheet("color: #c62828; font-weight: bold;" if alert else "")
        self.seats_label.setText("\n".join(seats))


class RefereeWindow(QMainWindow):
    """The referee's window over one tournament."""

    def __init__(
        self, controller: TournamentController, *, dialogs: RefereeDialogs | None = None, parent: QWidget | None = None
    ) -> None:
        super().__init__(parent)
        self.controller = controller
        self.dialogs = dialogs or RefereeDialogs()
        self.setWindowTitle(self.tr("Referee: {name}").format(name=controller.tournament.settings.name))
        self.resize(1280, 720)

        top = QHBoxLayout()
        self.session_spin = QSpinBox()
        self.session_spin.setObjectName("session_spin")
        self.session_spin.setRange(1, controller.tournament.settings.sessions)
        self.session_spin.setPrefix(self.tr("Session "))
        self.session_spin.valueChanged.connect(self._on_session_spin_value_changed)
        self.timer_label = QLabel()
        self.timer_label.setObjectName("timer_label")
        timer_font = QFont(self.timer_label.font())
        timer_font.setPointSizeF(timer_font.pointSizeF() * 1.8)
        timer_font.setBold(True)
        self.timer_label.setFont(timer_font)
        self.start_timer_button = QPushButton(self.tr("Start the clock"))
        self.start_timer_button.setObjectName("start_timer_button")
        self.start_timer_button.clicked.connect(controller.start_timer)
        self.stop_timer_button = QPushButton(self.tr("Stop the clock"))
        self.stop_timer_button.setObjectName("stop_timer_button")
        self.stop_timer_button.clicked.connect(controller.stop_timer)
        self.end_games_button = QPushButton(self.tr("End the games now"))
        self.end_games_button.setObjectName("end_games_button")
        self.end_games_button.setToolTip(
            self.tr(
                "Time is up: end every running game of this session (under the tournament's rule 'finish the hand',"
                " each table plays its hand in play as the last)"
            )
        )
        self.end_games_button.clicked.connect(self._on_end_games_button_clicked)
        self.reload_button = QPushButton(self.tr("Reload"))
        self.reload_button.setObjectName("reload_button")
        self.reload_button.clicked.connect(controller.reload)
        top.addWidget(self.session_spin)
        top.addSpacing(16)
        top.addWidget(self.timer_label)
        top.addWidget(self.start_timer_button)
        top.addWidget(self.stop_timer_button)
        top.addWidget(self.end_games_button)
        # The tables "End the games now" has not reached yet (they wrote meanwhile): the call is made again by itself.
        self.time_call_label = QLabel()
        self.time_call_label.setObjectName("time_call_label")
        self.time_call_label.setStyleSheet("color: #c62828; font-weight: bold;")
        top.addWidget(self.time_call_label)
        top.addStretch(1)
        top.addWidget(self.reload_button)

        self.tabs = QTabWidget()
        self.tabs.setObjectName("referee_tabs")
        self.tabs.addTab(self._players_tab(), self.tr("Players"))
        self.tabs.addTab(self._seating_tab(), self.tr("Seating"))
        self.tabs.addTab(self._tables_tab(), self.tr("Tables"))
        self.tabs.addTab(self._standings_tab(), self.tr("Standings"))
        self.tabs.addTab(self._penalties_tab(), self.tr("Penalties"))

        # Problems show here without blocking anything (the polls, the retries and the live feed go on): the last
        # one with its time, until the referee dismisses it.
        self.problem_banner = QFrame()
        self.problem_banner.setObjectName("problem_banner")
        self.problem_banner.setFrameShape(QFrame.Shape.StyledPanel)
        banner = QHBoxLayout(self.problem_banner)
        banner.setContentsMargins(8, 4, 8, 4)
        self.problem_label = QLabel()
        self.problem_label.setObjectName("problem_label")
        self.problem_label.setTextFormat(Qt.TextFormat.PlainText)  # the message quotes player names (issue 10)
        self.problem_label.setWordWrap(True)
        self.problem_label.setStyleSheet("color: #c62828; font-weight: bold;")
        self.problem_label.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        banner.addWidget(self.problem_label, 1)
        self.dismiss_problem_button = QPushButton(self.tr("Dismiss"))
        self.dismiss_problem_button.setObjectName("dismiss_problem_button")
        self.dismiss_problem_button.clicked.connect(self._on_dismiss_problem_button_clicked)
        banner.addWidget(self.dismiss_problem_button)
        self.problem_banner.hide()

        central = QWidget()
        layout = QVBoxLayout(central)
        layout.addLayout(top)
        layout.addWidget(self.problem_banner)
        layout.addWidget(self.tabs)
        self.setCentralWidget(central)

        controller.tournament_changed.connect(self._on_controller_tournament_changed)
        controller.error_occurred.connect(self._on_controller_error_occurred)
        controller.timer_ticked.connect(self._on_controller_timer_ticked)
        self._on_controller_tournament_changed()
        self._on_controller_timer_ticked()

    @override
    def closeEvent(self, event: QCloseEvent) -> None:  # noqa: N802 - Qt's name
        """Closing the window ends its controller's clock, change check and live feed."""
        self.controller.shutdown()
        super().closeEvent(event)

    # -- building -------------------------------------------------------------------------------------------------

    def _players_tab(self) -> QWidget:
        page = QWidget()
        layout = QVBoxLayout(page)
        self.settings_form = QFormLayout()
        self.settings_labels: dict[str, QLabel] = {}
        for key, text in (
            ("name", self.tr("Tournament")),
            ("when", self.tr("Dates and venue")),
            ("rules", self.tr("Ruleset")),
            ("sessions", self.tr("Sessions and time limit")),
            ("standings", self.tr("Standings rule")),
            ("seating", self.tr("Seating rules")),
        ):
            label = QLabel()
            label.setTextFormat(Qt.TextFormat.PlainText)
            self.settings_labels[key] = label
            self.settings_form.addRow(text, label)
        layout.addLayout(self.settings_form)
        self.players_table = _table(
            (
                self.tr("Name"),
                self.tr("EMA id"),
                self.tr("Country"),
                self.tr("Club"),
                self.tr("Team"),
                self.tr("Role"),
                self.tr("Fixed table"),
            ),
            "players_table",
        )
        layout.addWidget(self.players_table)
        buttons = QHBoxLayout()
        self.add_substitute_button = QPushButton(self.tr("Add a substitute…"))
        self.add_substitute_button.setObjectName("add_substitute_button")
        self.add_substitute_button.clicked.connect(self._on_add_substitute_button_clicked)
        self.drop_out_button = QPushButton(self.tr("Selected player drops out"))
        self.drop_out_button.setObjectName("drop_out_button")
        self.drop_out_button.setToolTip(self.tr("The player keeps their results and is not seated from this session"))
        self.drop_out_button.clicked.connect(self._on_drop_out_button_clicked)
        self.disqualify_button = QPushButton(self.tr("Disqualify the selected player…"))
        self.disqualify_button.setObjectName("disqualify_button")
        self.disqualify_button.setToolTip(
            self.tr("Out from this session on, and placed as the tournament's rules say (EMA 2025 6.12, RCR 2016 5.8)")
        )
        self.disqualify_button.clicked.connect(self._on_disqualify_button_clicked)
        buttons.addWidget(self.add_substitute_button)
        buttons.addWidget(self.drop_out_button)
        buttons.addWidget(self.disqualify_button)
        buttons.addStretch(1)
        layout.addLayout(buttons)
        return page

    def _seating_tab(self) -> QWidget:
        page = QWidget()
        layout = QVBoxLayout(page)
        buttons = QHBoxLayout()
        self.method_combo = QComboBox()
        self.method_combo.setObjectName("method_combo")
        for method, text in (
            (SeatingMethod.AUTO, self.tr("Avoid repeats, balance winds")),
            (SeatingMethod.RANDOM, self.tr("Random")),
            (SeatingMethod.SWISS, self.tr("Swiss (by standings, avoiding rematches)")),
            (SeatingMethod.SWISS_STRICT, self.tr("Swiss (strict rank order)")),
            (SeatingMethod.FILE, self.tr("From a CSV file…")),
        ):
            self.method_combo.addItem(text, method.value)
        self.seat_button = QPushButton(self.tr("Seat this session"))
        self.seat_button.setObjectName("seat_button")
        self.seat_button.setProperty("role", "primary")
        self.seat_button.clicked.connect(self._on_seat_button_clicked)
        self.export_seating_button = QPushButton(self.tr("Export seating CSV…"))
        self.export_seating_button.setObjectName("export_seating_button")
        self.export_seating_button.clicked.connect(lambda: self._export("seating"))
        self.print_seating_button = QPushButton(self.tr("Wall sheet and table cards (PDF)…"))
        self.print_seating_button.setObjectName("print_seating_button")
        self.print_seating_button.clicked.connect(lambda: self._export("seating-pdf"))
        self.score_sheets_button = QPushButton(self.tr("Score sheets (PDF)…"))
        self.score_sheets_button.setObjectName("score_sheets_button")
        self.score_sheets_button.setToolTip(
            self.tr("Each table's score sheet of this session, with a line to sign (EMA 2025 7.5)")
        )
        self.score_sheets_button.clicked.connect(lambda: self._export("score-sheets-pdf"))
        self.all_last_button = QPushButton(self.tr("All-last sheets (PDF)…"))
        self.all_last_button.setObjectName("all_last_button")
        self.all_last_button.setToolTip(
            self.tr("Each table's all-last sheet, with the scores where the game is recorded (EMA 2025 3.6)")
        )
        self.all_last_button.clicked.connect(lambda: self._export("all-last-pdf"))
        buttons.addWidget(self.method_combo)
        buttons.addWidget(self.seat_button)
        buttons.addStretch(1)
        buttons.addWidget(self.print_seating_button)
        buttons.addWidget(self.export_seating_button)
        layout.addLayout(buttons)
        # The tables' paper, a row of its own (beside the seating's buttons the row was wider than 1280 px).
        sheets = QHBoxLayout()
        sheets.addStretch(1)
        sheets.addWidget(self.score_sheets_button)
        sheets.addWidget(self.all_last_button)
        layout.addLayout(sheets)
        self.seating_table = _table(
            (self.tr("Table"), self.tr("East"), self.tr("South"), self.tr("West"), self.tr("North")), "seating_table"
        )
        layout.addWidget(self.seating_table)
        self.byes_label = QLabel()
        self.byes_label.setObjectName("byes_label")
        self.byes_label.setWordWrap(True)
        self.byes_label.setTextFormat(Qt.TextFormat.PlainText)
        layout.addWidget(self.byes_label)
        self.seating_quality_label = QLabel()
        self.seating_quality_label.setObjectName("seating_quality_label")
        self.seating_quality_label.setWordWrap(True)
        layout.addWidget(self.seating_quality_label)
        return page

    def _tables_tab(self) -> QWidget:
        page = QWidget()
        layout = QVBoxLayout(page)
        buttons = QHBoxLayout()
        self.record_table_spin = QSpinBox()
        self.record_table_spin.setObjectName("record_table_spin")
        self.record_table_spin.setPrefix(self.tr("Table "))
        self.record_table_spin.setMinimum(1)
        self.record_button = QPushButton(self.tr("Record a game from a file…"))
        self.record_button.setObjectName("record_button")
        self.record_button.clicked.connect(self._on_record_button_clicked)
        self.correct_button = QPushButton(self.tr("Correct the game…"))
        self.correct_button.setObjectName("correct_button")
        self.correct_button.setToolTip(
            self.tr("Open the table's game in the table view; edit hands in its history, then close it")
        )
        self.correct_button.clicked.connect(self._on_correct_button_clicked)
        self.substitute_button = QPushButton(self.tr("Substitute a player…"))
        self.substitute_button.setObjectName("substitute_button")
        self.substitute_button.setToolTip(
            self.tr("A substitute takes a player's seat in the chosen table's game from the hand in play on")
        )
        self.substitute_button.clicked.connect(self._on_substitute_button_clicked)
        self.take_out_button = QPushButton(self.tr("Take out a substitution…"))
        self.take_out_button.setObjectName("take_out_button")
        self.take_out_button.setToolTip(
            self.tr(
                "Take a substitution out of the chosen table's game: first, when a correction would end the game"
                " before the substitute came in"
            )
        )
        self.take_out_button.clicked.connect(self._on_take_out_button_clicked)
        self.repair_button = QPushButton(self.tr("Repair the game…"))
        self.repair_button.setObjectName("repair_button")
        self.repair_button.setToolTip(
            self.tr(
                "A game this program cannot replay: cut it back to its first events that replay, or replace it from a"
                " file"
            )
        )
        self.repair_button.setVisible(False)
        self.repair_button.clicked.connect(self._on_repair_button_clicked)
        self.code_button = QPushButton(self.tr("New table code…"))
        self.code_button.setObjectName("code_button")
        self.code_button.setToolTip(
            self.tr("A new login code for the table chosen beside it (needs the server's admin address)")
        )
        self.code_button.setVisible(self.controller.on_server)
        self.code_button.clicked.connect(self._on_code_button_clicked)
        self.code_label = QLabel()
        self.code_label.setObjectName("code_label")
        self.code_label.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        self.tables_summary = QLabel()
        self.tables_summary.setObjectName("tables_summary")
        buttons.addWidget(self.record_table_spin)
        buttons.addWidget(self.record_button)
        buttons.addWidget(self.correct_button)
        buttons.addWidget(self.substitute_button)
        self.sign_button = QPushButton(self.tr("Sheet signed…"))
        self.sign_button.setObjectName("sign_button")
        self.sign_button.setToolTip(
            self.tr("Record the chosen table's score sheet as signed by its players, or take that back (EMA 2025 7.5)")
        )
        self.sign_button.clicked.connect(self._on_sign_button_clicked)
        buttons.addWidget(self.take_out_button)
        buttons.addWidget(self.repair_button)
        buttons.addWidget(self.code_button)
        buttons.addWidget(self.code_label)
        buttons.addStretch(1)
        layout.addLayout(buttons)
        # The score sheet's signature and the summary, a row of their own (the first row is full at 1280 px).
        second = QHBoxLayout()
        second.addWidget(self.sign_button)
        second.addStretch(1)
        second.addWidget(self.tables_summary)
        layout.addLayout(second)
        self.cards_host = QWidget()
        self.cards_layout = QGridLayout(self.cards_host)
        self.cards_layout.setAlignment(Qt.AlignmentFlag.AlignTop | Qt.AlignmentFlag.AlignLeft)
        self.cards: list[TableCardWidget] = []
        scroll = QScrollArea()
        scroll.setWidgetResizable(True)
        scroll.setWidget(self.cards_host)
        layout.addWidget(scroll)
        return page

    def _standings_tab(self) -> QWidget:
        page = QWidget()
        layout = QVBoxLayout(page)
        buttons = QHBoxLayout()
        self.standings_summary = QLabel()
        self.standings_summary.setObjectName("standings_summary")
        buttons.addWidget(self.standings_summary)
        buttons.addStretch(1)
        for kind, text in (
            ("standings-pdf", self.tr("Standings and games (PDF)…")),
            ("standings", self.tr("Export standings CSV…")),
            ("ema", self.tr("Export EMA results…")),
            ("games", self.tr("Export games CSV…")),
        ):
            button = QPushButton(text)
            button.setObjectName(f"export_{kind}_button")
            button.clicked.connect(lambda _=False, k=kind: self._export(k))
            buttons.addWidget(button)
        layout.addLayout(buttons)
        self.standings_table = _table((), "standings_table")
        layout.addWidget(self.standings_table, 3)
        self.teams_table = _table((self.tr("Rank"), self.tr("Team"), self.tr("Points"), self.tr("Members")), "teams")
        layout.addWidget(self.teams_table, 1)
        return page

    def _penalties_tab(self) -> QWidget:
        page = QWidget()
        layout = QVBoxLayout(page)
        buttons = QHBoxLayout()
        self.penalty_button = QPushButton(self.tr("Give a penalty…"))
        self.penalty_button.setObjectName("penalty_button")
        self.penalty_button.clicked.connect(self._on_penalty_button_clicked)
        buttons.addWidget(self.penalty_button)
        buttons.addStretch(1)
        # Corrections to played hands and penalties are what a referee is asked to account for: here side by side.
        corrections = QPushButton(self.tr("Export corrections CSV…"))
        corrections.setObjectName("export_corrections_button")
        corrections.setToolTip(
            self.tr("Every correction to a played hand, and what it changed in each player's points")
        )
        corrections.clicked.connect(lambda _=False: self._export("corrections"))
        buttons.addWidget(corrections)
        layout.addLayout(buttons)
        self.penalties_table = _table(
            (self.tr("Player"), self.tr("Points"), self.tr("For"), self.tr("Reason")), "penalties_table"
        )
        layout.addWidget(self.penalties_table)
        return page

    # -- redrawing ------------------------------------------------------------------------------------------------

    def _on_controller_tournament_changed(self) -> None:
        c = self.controller
        t = c.tournament
        s = t.settings
        self.session_spin.blockSignals(True)
        self.session_spin.setValue(c.session)
        self.session_spin.blockSignals(False)
        self.settings_labels["name"].setText(s.name)
        still = c.tables_still_playing
        self.time_call_label.setText(
            self.tr("Tables not told the time yet (trying again): {tables}").format(
                tables=", ".join(str(t) for t in still)
            )
            if still
            else ""
        )
        self.settings_labels["when"].setText(" / ".join(x for x in (", ".join(s.dates), s.venue) if x) or "-")
        self.settings_labels["rules"].setText(s.ruleset.name)
        self.settings_labels["sessions"].setText(
            self.tr("{n} sessions, {m} minutes each").format(n=s.sessions, m=s.time_limit_minutes)
        )
        self.settings_labels["standings"].setText(
            self.tr("sum of points and penalties; ties: {rule}").format(rule=s.tie_break.value)
        )
        self.settings_labels["seating"].setText(self._seating_rules_text(s))
        fixed = t.fixed_tables()
        _fill(
            self.players_table,
            [
                (
                    p.name,
                    p.ema_id,
                    p.country,
                    p.club,
                    p.team,
                    self.tr("substitute")
                    if p.substitute
                    else self.tr("disqualified after session {k}").format(k=p.dropped_after)
                    if p.disqualified is not None
                    else self.tr("dropped out after session {k}").format(k=p.dropped_after)
                    if p.dropped_after is not None
                    else self.tr("player"),
                    str(fixed.get(p.name, "")),
                )
                for p in t.players
            ],
        )
        seating = c.seating()
        _fill(self.seating_table, [(str(x.table), *x.seats) for x in seating.tables] if seating else [])
        self.byes_label.setText(
            self.tr("Byes: {names}").format(names=", ".join(seating.byes)) if seating and seating.byes else ""
        )
        self.byes_label.setVisible(bool(seating and seating.byes))
        quality = self._quality_text(c.seating_report())
        again = c.reseated_here()
        self.seating_quality_label.setText(f"{self._reseated_text(again)}\n{quality}" if again else quality)
        self.seat_button.setEnabled(not any(g.session == c.session for g in t.games))
        self._redraw_cards()
        self._redraw_standings()
        _fill(
            self.penalties_table,
            [
                (p.player, format_tenths(p.points // 100), self._penalty_place(p), reason_text(p.reason))
                for p in penalty_lines(t)
            ],
            numeric=(1,),
        )

    def _penalty_place(self, line: PenaltyLine) -> str:
        """Where a penalty was given: "session 1, Table 3" (in that table's game), "session 2" or "tournament"."""
        if line.session is None:
            return self.tr("tournament")
        where = self.tr("session {k}").format(k=line.session)
        return where if line.table is None else f"{where}, {self.tr('Table {t}').format(t=line.table)}"

    def _link_text(self, table: int, now: datetime.datetime) -> tuple[str, bool]:
        """How table ``table`` stands with the server, in words, and whether the referee should look at it."""
        from scorekeeper.sync.server import LinkState

        links = self.controller.links
        if links is None:
            return self.tr("local (no server)"), False
        if self.controller.links_problem:
            return self.tr("server unreachable"), True
        link = links.get(table)
        if link is None:
            return self.tr("not joined"), False
        state = link.state(now)
        when = "" if link.last_write is None else link.last_write.astimezone().strftime("%H:%M")
        if state is LinkState.SYNCED:
            return (self.tr("synced at {time}").format(time=when) if when else self.tr("synced")), False
        if state is LinkState.QUIET:
            return self.tr("offline? nothing since {time}").format(time=when), True
        if state is LinkState.WAITING:
            return self.tr("{n} changes held on the server").format(n=link.held), True
        return self.tr("not joined"), False

    def _redraw_cards(self) -> None:
        c = self.controller
        seating = c.seating()
        tables = seating.tables if seating else ()
        while len(self.cards) < len(tables):
            card = TableCardWidget()
            card.setObjectName(f"table_card_{len(self.cards) + 1}")
            self.cards_layout.addWidget(card, len(self.cards) // 4, len(self.cards) % 4)
            self.cards.append(card)
        finished = 0
        now = datetime.datetime.now(datetime.UTC)
        for index, card in enumerate(self.cards):
            card.setVisible(index < len(tables))
            if index >= len(tables):
                continue
            table = tables[index]
            game = c.tournament.game(c.session, table.table)
            link, alert = self._link_text(table.table, now)
            held = c.tournament.unreplayable_game(c.session, table.table)
            if held is not None:
                card.show_table(
                    self.tr("Table {t}").format(t=table.table),
                    self.tr("cannot be replayed: {reason}").format(reason=held.reason),
                    [f"{_WINDS[k]}  {name}" for k, name in enumerate(table.seats)],
                    self.tr("Repair the game… (ranked nowhere until then)"),
                    alert=True,
                )
                continue
            if game is None:
                card.show_table(
                    self.tr("Table {t}").format(t=table.table),
                    self.tr("no game yet"),
                    [f"{_WINDS[k]}  {name}" for k, name in enumerate(table.seats)],
                    link,
                    alert=alert,
                )
                continue
            state = game.state(c.tournament.settings)
            finished += state.ended
            if state.ended:
                status = (
                    self.tr("finished, sheet signed")
                    if c.tournament.is_signed(c.session, table.table)
                    else self.tr("finished")
                )
            elif state.hands_left_on_time == 2:  # RCR 2016 5.9, EMA 2025 7.4: the hand in play and one more
                status = self.tr("playing {hand}, this hand and one more").format(hand=state.hand_label)
            elif state.last_hand_called:
                status = self.tr("playing {hand}, last hand").format(hand=state.hand_label)
            else:
                status = self.tr("playing {hand}").format(hand=state.hand_label)
            card.show_table(
                self.tr("Table {t}").format(t=table.table),
                status,
                [
                    f"{_WINDS[k]}  {self._sitter(name, seated)}  {state.scores[k]:,}"
                    for k, (seated, name) in enumerate(zip(table.seats, state.players, strict=True))
                ],
                link,
                alert=alert,
            )
        self.repair_button.setVisible(any(g.session == c.session for g in c.tournament.unreplayable))
        self.record_table_spin.setMaximum(max(1, len(tables)))
        self.tables_summary.setText(
            self.tr("{done} of {all} tables finished").format(done=finished, all=len(tables)) if tables else ""
        )

    def _seating_rules_text(self, s: TournamentSettings) -> str:
        """The seating's settings in words: substitutes or byes (and what a bye scores), who is kept apart, who is
        seeded."""
        if s.byes:
            score = self.tr("average of own sessions") if s.bye_score is ByeScore.AVERAGE else self.tr("0.0")
            parts = [self.tr("byes (a bye scores: {score})").format(score=score)]
        else:
            parts = [self.tr("substitutes fill the last table")]
        if s.keep_apart:
            parts.append(self.tr("keep apart: {column}").format(column=keep_apart_text(s.keep_apart)))
        if s.seeded:
            parts.append(self.tr("seeded: {names}").format(names=", ".join(s.seeded)))
        return "; ".join(parts)

    def _quality_text(self, report: QualityReport | None) -> str:
        """The seating's quality report in a few lines, a random seating's figure in brackets (issue 26)."""
        if report is None:
            return ""
        ours, other = report.seating, report.random
        first, last = report.sessions[0], report.sessions[-1]

        def common(q: SeatingQuality) -> str:
            return self.tr("all met") if q.fewest_common_opponents is None else str(q.fewest_common_opponents)

        parts = [
            self.tr("Pairs met twice or more: {ours} ({random})").format(
                ours=ours.repeat_pairs, random=other.repeat_pairs
            ),
            self.tr("most meetings of a pair: {ours} ({random})").format(
                ours=ours.max_meetings, random=other.max_meetings
            ),
            self.tr("winds per player: {ours} ({random})").format(
                ours=f"{ours.fewest_same_wind}-{ours.max_same_wind}",
                random=f"{other.fewest_same_wind}-{other.max_same_wind}",
            ),
            self.tr("table revisits: {ours} ({random})").format(ours=ours.table_revisits, random=other.table_revisits),
        ]
        parts.append(
            self.tr("fewest common opponents of a pair never met: {ours} ({random})").format(
                ours=common(ours), random=common(other)
            )
        )
        if ours.byes is not None and other.byes is not None:
            parts.append(
                self.tr("byes per player: {ours} ({random})").format(
                    ours=f"{ours.byes[0]}-{ours.byes[1]}", random=f"{other.byes[0]}-{other.byes[1]}"
                )
            )
        if report.apart:
            parts.append(
                self.tr("meetings of players kept apart: {ours} ({random})").format(
                    ours=ours.apart_meetings, random=other.apart_meetings
                )
            )
        head = self.tr("Quality of sessions {first}-{last} (a random seating in brackets):").format(
            first=first, last=last
        )
        return f"{head} {' · '.join(parts)}"

    def _reseated_text(self, again: Reseating) -> str:
        """A session seated again: how many players changed seats, and the quality before beside after (issue 26)."""
        was, now = again.before.seating, again.after.seating

        def common(q: SeatingQuality) -> str:
            return self.tr("all met") if q.fewest_common_opponents is None else str(q.fewest_common_opponents)

        parts = [
            self.tr("pairs met twice or more {before} → {after}").format(
                before=was.repeat_pairs, after=now.repeat_pairs
            ),
            self.tr("winds per player {before} → {after}").format(
                before=f"{was.fewest_same_wind}-{was.max_same_wind}",
                after=f"{now.fewest_same_wind}-{now.max_same_wind}",
            ),
            self.tr("table revisits {before} → {after}").format(before=was.table_revisits, after=now.table_revisits),
            self.tr("fewest common opponents {before} → {after}").format(before=common(was), after=common(now)),
        ]
        if again.after.apart:
            parts.append(
                self.tr("meetings of players kept apart {before} → {after}").format(
                    before=was.apart_meetings, after=now.apart_meetings
                )
            )
        head = self.tr("Seated again: {moved} of {seated} players changed seats. Before → after:").format(
            moved=again.moved, seated=again.seated
        )
        return f"{head} {' · '.join(parts)}"

    def _sitter(self, name: str, seated: str) -> str:
        """Who sits at a seat now: a substitute who came in during the game shows whom they replace."""
        return name if name == seated else self.tr("{name} for {seated}").format(name=name, seated=seated)

    def _redraw_standings(self) -> None:
        c = self.controller
        sessions = c.tournament.settings.sessions
        headers = [self.tr("Rank"), self.tr("Player"), self.tr("Points"), self.tr("Games"), self.tr("Penalties")]
        headers += [self.tr("S{k}").format(k=k) for k in range(1, sessions + 1)]
        self.standings_table.setColumnCount(len(headers))
        self.standings_table.setHorizontalHeaderLabels(headers)
        _fill(
            self.standings_table,
            [
                (
                    str(r.rank),
                    r.player
                    + (
                        self.tr(" (disqualified)") if r.disqualified else self.tr(" (dropped out)") if r.dropped else ""
                    ),
                    format_tenths(r.points_tenths),
                    str(r.games),
                    format_tenths(r.penalties_tenths) if r.penalties_tenths else "",
                    *(
                        ""
                        if p is None
                        else self.tr("{points} (bye)").format(points=format_tenths(p))
                        if k in r.byes
                        else format_tenths(p)
                        for k, p in enumerate(r.session_points_tenths, start=1)
                    ),
                )
                for r in c.standings.rows
            ],
            numeric=(0, 2, 3, 4, *range(5, 5 + sessions)),
        )
        teams = c.standings.teams
        self.teams_table.setVisible(bool(teams))
        _fill(
            self.teams_table,
            [(str(x.rank), x.team, format_tenths(x.points_tenths), ", ".join(x.members)) for x in teams],
            numeric=(0, 2),
        )
        self.standings_summary.setText(
            self.tr("{finished} games finished, {running} running").format(
                finished=c.standings.games_finished, running=c.standings.games_running
            )
        )

    def _on_controller_timer_ticked(self) -> None:
        remaining = self.controller.remaining_seconds()
        running = remaining is not None
        self.start_timer_button.setEnabled(not running)
        self.stop_timer_button.setEnabled(running)
        if remaining is None:
            self.timer_label.setText(self.tr("{m}:00").format(m=self.controller.tournament.settings.time_limit_minutes))
        elif remaining == 0:
            self.timer_label.setText(self.tr("Time is up"))
        else:
            minutes, seconds = divmod(remaining, 60)
            self.timer_label.setText(f"{minutes}:{seconds:02d}")

    def _on_controller_error_occurred(self, text: str) -> None:
        self.show_problem(text)

    def show_problem(self, text: str) -> None:
        """Show ``text`` in the banner above the tabs, with the time (it stays until dismissed or replaced)."""
        when = datetime.datetime.now().strftime("%H:%M")
        self.problem_label.setText(f"{when}  {text}")
        self.problem_banner.show()
        self.dialogs.error(self, text)

    def _on_dismiss_problem_button_clicked(self) -> None:
        self.problem_label.clear()
        self.problem_banner.hide()

    # -- acting ---------------------------------------------------------------------------------------------------

    def _on_session_spin_value_changed(self, value: int) -> None:
        self.controller.show_session(value)

    def _on_seat_button_clicked(self) -> None:
        method = SeatingMethod(self.method_combo.currentData())
        path = None
        if method is SeatingMethod.FILE:
            path = self.dialogs.open_file(self, self.tr("Seating CSV"), self.tr("CSV files (*.csv)"))
            if path is None:
                return
        self.controller.seat(method, path)

    def _on_record_button_clicked(self) -> None:
        path = self.dialogs.open_file(self, self.tr("Game record"), self.tr("Game records (*.json)"))
        if path is not None:
            self.controller.record_game(self.record_table_spin.value(), path)

    def _on_correct_button_clicked(self) -> None:
        c = self.controller
        table = self.record_table_spin.value()
        game = c.tournament.game(c.session, table)
        if game is None:
            self.show_problem(self.tr("Table {t} has no game to correct yet.").format(t=table))
            return
        try:
            events = self.dialogs.correct(self, game, c.tournament.settings)
        except ScorekeeperError as error:
            self.show_problem(error_text(error))
            return
        c.correct_game(table, events, base=game)

    def _on_repair_button_clicked(self) -> None:
        c = self.controller
        table = self.record_table_spin.value()
        held = c.tournament.unreplayable_game(c.session, table)
        if held is None:
            self.show_problem(self.tr("Table {t}'s game replays: there is nothing to repair.").format(t=table))
            return
        cut = self.dialogs.repair(self, held)
        if cut is None:
            return
        path = None if cut else self.dialogs.open_file(self, self.tr("Game record"), self.tr("Game records (*.json)"))
        if cut or path is not None:
            c.repair_game(table, path)

    def _on_substitute_button_clicked(self) -> None:
        c = self.controller
        table = self.record_table_spin.value()
        game = c.tournament.game(c.session, table)
        if game is None:
            self.show_problem(self.tr("Table {t} has no game yet: seat the substitute instead.").format(t=table))
            return
        try:
            seated = game.state(c.tournament.settings).players
            free = c.tournament.free_players(c.session)
        except ScorekeeperError as error:
            self.show_problem(error_text(error))
            return
        answer = self.dialogs.substitute(self, table, tuple(seated), free)
        if answer is not None:
            leaving, player, reason = answer
            c.substitute(table, leaving, player, reason)

    def _on_take_out_button_clicked(self) -> None:
        c = self.controller
        table = self.record_table_spin.value()
        game = c.tournament.game(c.session, table)
        state = None if game is None else game.state(c.tournament.settings)
        if state is None or not state.substitutions:
            self.show_problem(self.tr("Nobody came in during table {t}'s game.").format(t=table))
            return
        options: list[tuple[str, str]] = []
        chosen: list[tuple[int, str]] = []
        problems: list[str] = []
        for name in dict.fromkeys(sub.player for sub in reversed(state.substitutions)):
            try:
                previews = c.tournament.substitution_removal(c.session, table, name)
            except ScorekeeperError as error:
                problems.append(error_text(error))
                continue
            for preview in previews:
                sub = preview.substitution
                options.append(
                    (
                        self.tr("{name} for {left}, from hand {n}").format(
                            name=sub.player, left=sub.left, n=sub.hand + 1
                        ),
                        self._credit_change(preview.before, preview.after),
                    )
                )
                chosen.append((int(sub.seat), sub.player))
        if not options:
            self.show_problem("\n".join(problems))
            return
        answer = self.dialogs.take_out(self, table, tuple(options))
        if answer is not None:
            index, reason = answer
            seat, player = chosen[index]
            c.take_out_substitution(table, seat, player, reason)

    def _credit_change(self, before: Sequence[SeatShare], after: Sequence[SeatShare]) -> str:
        """Each who sat at the seat: what the standings credit them with now, and after (as the session says)."""
        lines = []
        now = {share.player: share.total_tenths for share in before}
        then = {share.player: share.total_tenths for share in after}
        for player in dict.fromkeys((*now, *then)):
            was = format_tenths(now[player]) if player in now else self.tr("nothing")
            will = format_tenths(then[player]) if player in then else self.tr("nothing (not in this game)")
            lines.append(self.tr("{player}: {was} → {will}").format(player=player, was=was, will=will))
        return "\n".join(lines)

    def _on_code_button_clicked(self) -> None:
        table = self.record_table_spin.value()
        admin = self.dialogs.secret(
            self,
            self.tr("New table code"),
            self.tr("The server's admin address (postgresql://user:password@host:port/database):"),
        )
        if admin is None:
            return
        code = self.controller.new_table_code(admin, table)
        if code is not None:
            self.code_label.setText(
                self.tr("Table {t}: code {code} (its old code no longer logs in)").format(t=table, code=code)
            )

    def _on_penalty_button_clicked(self) -> None:
        names = tuple(p.name for p in self.controller.tournament.players if not p.substitute)
        seating = self.controller.seating()
        rules = penalty_rules(self.controller.tournament.settings.ruleset)
        answer = self.dialogs.penalty(self, names, len(seating.tables) if seating else 1, rules)
        if answer is not None:
            self.controller.give_penalty(answer)

    def _on_add_substitute_button_clicked(self) -> None:
        taken = tuple(p.name for p in self.controller.tournament.players)
        name = self.dialogs.player_name(self, self.tr("Add a substitute"), taken)
        if name is not None:
            self.controller.add_substitute(name)

    def _on_drop_out_button_clicked(self) -> None:
        row = self.players_table.currentRow()
        if row < 0:
            self.show_problem(self.tr("Select the player who drops out first."))
            return
        name = self.controller.tournament.players[row].name
        seated = self.controller.drop_out(name)
        if not seated:
            return
        # Seated before the drop-out (issue 23 item 4): offer to seat those sessions again without them.
        method = SeatingMethod(self.method_combo.currentData())
        if method is SeatingMethod.FILE:
            method = SeatingMethod.AUTO
        for session in seated.reseatable:
            question = self.tr(
                "{name} is seated in session {n}, which was seated before this drop-out. Seat session {n} again "
                "without them?"
            ).format(name=name, n=session)
            if self.dialogs.confirm(self, self.tr("Seat again"), question):
                self.controller.seat_again(session, method)
        if seated.started:
            sessions = ", ".join(str(n) for n in seated.started)
            self.show_problem(
                self.tr(
                    "{name} is still seated in session {sessions}, whose games began: a substitute can take the "
                    "seat (Substitute a player…)."
                ).format(name=name, sessions=sessions)
            )

    def _on_disqualify_button_clicked(self) -> None:
        row = self.players_table.currentRow()
        if row < 0:
            self.show_problem(self.tr("Select the player to disqualify first."))
            return
        name = self.controller.tournament.players[row].name
        reason = self.dialogs.text(
            self,
            self.tr("Disqualify {name}").format(name=name),
            self.tr("Why (cheating, severe or continued obstruction: EMA 2025 6.12)?"),
        )
        if reason is None:
            return
        if self.controller.disqualify(name, reason) and self.controller.seated_in_running_game(name):
            self.show_problem(
                self.tr(
                    "{name} sits in a game of this session: put a substitute in their seat (Substitute a player…)."
                ).format(name=name)
            )

    def _on_sign_button_clicked(self) -> None:
        c = self.controller
        table = self.record_table_spin.value()
        if c.tournament.is_signed(c.session, table):
            question = self.tr("Table {t}'s score sheet is recorded as signed. Take that back?").format(t=table)
            if self.dialogs.confirm(self, self.tr("Score sheet"), question):
                c.sign(table, signed=False)
            return
        question = self.tr("Record table {t}'s score sheet as signed by its players?").format(t=table)
        if self.dialogs.confirm(self, self.tr("Score sheet"), question):
            c.sign(table, signed=True)

    def _on_end_games_button_clicked(self) -> None:
        self.controller.end_games_at_time_limit()

    def _export(self, kind: str) -> None:
        filters = self.tr("PDF files (*.pdf)") if kind.endswith("pdf") else self.tr("CSV files (*.csv)")
        path = self.dialogs.save_file(self, self.tr("Export"), filters)
        if path is not None:
            self.controller.export(kind, path)
