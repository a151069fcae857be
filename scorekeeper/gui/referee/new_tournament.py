"""New tournament: name, dates and venue, ruleset, sessions and time limit, teams, the seating's rules (players kept
apart, seeded players, substitutes or byes and what a bye scores), the players CSV and the file.

The dialog only collects; the tournament core checks (``TournamentSettings``, ``parse_players_csv``) and the
store creates. A refusal is shown in the dialog, which stays open.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable
from pathlib import Path
from typing import assert_never

from PySide6.QtCore import QCoreApplication, QDate
from PySide6.QtWidgets import (
    QCheckBox,
    QComboBox,
    QDateEdit,
    QDialog,
    QFormLayout,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QPushButton,
    QSpinBox,
    QWidget,
)

from scorekeeper.errors import ScorekeeperError, TournamentError
from scorekeeper.gui.dialog_buttons import button_row, primary_and_cancel
from scorekeeper.gui.error_words import error_text
from scorekeeper.gui.labels import name_problem_text
from scorekeeper.session.rules import PRESET_NAMES
from scorekeeper.storage.tournament_export import read_csv_text
from scorekeeper.tournament import (
    PLAYER_COLUMNS,
    ByeScore,
    Player,
    PlayersCsvError,
    PlayersCsvProblem,
    ShortField,
    TournamentSettings,
    name_key,
    parse_players_csv,
)
from scorekeeper.tournament.players import MAX_NAME, MAX_PLAYERS

__all__ = ["NewTournament", "NewTournamentDialog", "keep_apart_text", "players_csv_problem_text"]

NewTournament = tuple[Path, TournamentSettings, tuple[Player, ...]]


def _t(text: str) -> str:
    return QCoreApplication.translate("NewTournamentDialog", text)


def keep_apart_text(column: str) -> str:
    """The players' column kept apart (``TournamentSettings.keep_apart``), in the window's language."""
    words = {"": _t("nobody"), "club": _t("club"), "country": _t("country"), "team": _t("team")}
    return words.get(column, column)


def players_csv_problem_text(error: PlayersCsvError) -> str:
    """Why the players CSV is refused, in the window's language, from the reader's structured error.

    The line is the file's as an editor numbers it (1 is the header row); a column is named as the file names it.
    """
    match error.kind:
        case PlayersCsvProblem.EMPTY_FILE:
            return _t("The players file is empty: its first line names the columns, at least 'name'.")
        case PlayersCsvProblem.NOT_CSV:
            if error.line is None:
                return _t("The players file cannot be read as CSV (a quotation mark left open?).")
            return _t("Players file, line {line}: cannot be read as CSV (a quotation mark left open?).").format(
                line=error.line
            )
        case PlayersCsvProblem.NO_NAME_COLUMN:
            return _t("The first line of the players file must name a 'name' column (known: {columns}).").format(
                columns=", ".join(PLAYER_COLUMNS)
            )
        case PlayersCsvProblem.UNKNOWN_COLUMN:
            return _t("The players file has an unknown column '{column}' (known: {columns}).").format(
                column=error.field, columns=", ".join(PLAYER_COLUMNS)
            )
        case PlayersCsvProblem.REPEATED_COLUMN:
            return _t("The players file names the column '{column}' twice in its first line.").format(
                column=error.field
            )
        case PlayersCsvProblem.TOO_MANY_FIELDS:
            return _t("Players file, line {line}: {n} fields, but the first line names {columns} columns.").format(
                line=error.line, n=error.count, columns=error.columns
            )
        case PlayersCsvProblem.TOO_MANY_PLAYERS:
            return _t("The players file lists more than {n} players.").format(n=MAX_PLAYERS)
        case PlayersCsvProblem.BAD_NAME:
            assert error.name_problem is not None
            return _t("Players file, line {line}: {problem}").format(
                line=error.line, problem=name_problem_text(error.name_problem)
            )
        case PlayersCsvProblem.BAD_FIELD:
            return _t("Players file, line {line}, column '{column}': one line of text, at most {n} characters.").format(
                line=error.line, column=error.field, n=MAX_NAME
            )
        case PlayersCsvProblem.BAD_SUBSTITUTE:
            return _t("Players file, line {line}, column 'substitute': write yes or no (not '{value}').").format(
                line=error.line, value=error.value
            )
        case PlayersCsvProblem.DUPLICATE_NAME:
            return _t(
                "Players file, line {line}: {name} is already on line {other} (names must differ, ignoring case)."
            ).format(line=error.line, name=error.value, other=error.other_line)
        case PlayersCsvProblem.NO_PLAYERS:
            return _t("The players file names its columns but lists no players.")
        case _:
            assert_never(error.kind)


class NewTournamentDialog(QDialog):
    """The fields of a new tournament; :attr:`created` holds the checked choice once Create succeeded.

    Args:
        ask_open: asks for the players CSV (None: cancelled).
        ask_save: asks where to save the tournament file (None: cancelled).
    """

    def __init__(
        self,
        *,
        ask_open: Callable[[QWidget], Path | None],
        ask_save: Callable[[QWidget], Path | None],
        parent: QWidget | None = None,
    ) -> None:
        super().__init__(parent)
        self.setWindowTitle(self.tr("New tournament"))
        self._ask_open = ask_open
        self._ask_save = ask_save
        self.created: NewTournament | None = None
        self.name_edit = QLineEdit()
        self.name_edit.setObjectName("tournament_name")
        self.venue_edit = QLineEdit()
        self.venue_edit.setObjectName("tournament_venue")
        self.date_edit = QDateEdit(QDate.currentDate())
        self.date_edit.setObjectName("tournament_date")
        self.date_edit.setCalendarPopup(True)
        self.date_edit.setDisplayFormat("yyyy-MM-dd")
        self.days_spin = QSpinBox()
        self.days_spin.setObjectName("tournament_days")
        self.days_spin.setRange(1, 7)
        self.days_spin.setSuffix(self.tr(" day(s)"))
        self.preset_combo = QComboBox()
        self.preset_combo.setObjectName("tournament_preset")
        self.preset_combo.addItems(list(PRESET_NAMES))
        if "ema2016" in PRESET_NAMES:
            self.preset_combo.setCurrentText("ema2016")
        self.sessions_spin = QSpinBox()
        self.sessions_spin.setObjectName("tournament_sessions")
        self.sessions_spin.setRange(1, 200)
        self.sessions_spin.setValue(4)
        self.time_spin = QSpinBox()
        self.time_spin.setObjectName("tournament_time_limit")
        self.time_spin.setRange(0, 24 * 60)
        self.time_spin.setValue(90)
        self.time_spin.setSuffix(self.tr(" min"))
        self.teams_check = QCheckBox(self.tr("Team standings (the players CSV's 'team' column)"))
        self.teams_check.setObjectName("tournament_teams")
        # The seating's rules (issue 26): the automatic seating keeps players of one club, country or team apart and
        # seats seeded players one per table as far as it can; a field that is not a multiple of four takes
        # substitutes or byes.
        self.keep_apart_combo = QComboBox()
        self.keep_apart_combo.setObjectName("tournament_keep_apart")
        for column in ("", "club", "country", "team"):
            self.keep_apart_combo.addItem(keep_apart_text(column), column)
        self.seeded_edit = QLineEdit()
        self.seeded_edit.setObjectName("tournament_seeded")
        self.seeded_edit.setPlaceholderText(self.tr("names from the players file, separated by commas"))
        self.short_field_combo = QComboBox()
        self.short_field_combo.setObjectName("tournament_short_field")
        self.short_field_combo.addItem(self.tr("substitutes fill the last table"), ShortField.SUBSTITUTES.value)
        self.short_field_combo.addItem(self.tr("byes: the full tables play, the rest sit out"), ShortField.BYES.value)
        self.bye_score_combo = QComboBox()
        self.bye_score_combo.setObjectName("tournament_bye_score")
        self.bye_score_combo.addItem(self.tr("the player's average session"), ByeScore.AVERAGE.value)
        self.bye_score_combo.addItem(self.tr("0.0"), ByeScore.ZERO.value)
        self.bye_score_combo.setEnabled(False)
        self.short_field_combo.currentIndexChanged.connect(self._on_short_field_combo_current_index_changed)
        self.players_edit = QLineEdit()
        self.players_edit.setObjectName("tournament_players")
        self.players_edit.setPlaceholderText(self.tr("CSV with a header row: name, ema_id, country, club, team"))
        self.browse_button = QPushButton(self.tr("Choose…"))
        self.browse_button.setObjectName("browse_players_button")
        self.browse_button.clicked.connect(self._on_browse_button_clicked)
        players_row = QHBoxLayout()
        players_row.addWidget(self.players_edit, 1)
        players_row.addWidget(self.browse_button)
        dates_row = QHBoxLayout()
        dates_row.addWidget(self.date_edit)
        dates_row.addWidget(self.days_spin)
        self.problem_label = QLabel()
        self.problem_label.setObjectName("problem_label")
        self.problem_label.setWordWrap(True)
        self.problem_label.setProperty("role", "error")
        self.create_button, cancel = primary_and_cancel(
            self, self._on_create_button_clicked, text=self.tr("Create…"), name="create_button"
        )
        buttons = button_row(self.create_button, cancel)
        form = QFormLayout(self)
        form.addRow(self.tr("Name"), self.name_edit)
        form.addRow(self.tr("First day"), dates_row)
        form.addRow(self.tr("Venue"), self.venue_edit)
        form.addRow(self.tr("Ruleset"), self.preset_combo)
        form.addRow(self.tr("Sessions"), self.sessions_spin)
        form.addRow(self.tr("Time limit per session"), self.time_spin)
        form.addRow("", self.teams_check)
        # Two rules a row: one a row made the dialog taller than a 1280x720 screen leaves room for.
        apart_row = QHBoxLayout()
        apart_row.addWidget(self.keep_apart_combo)
        seeded_label = QLabel(self.tr("Seeded players (one per table)"))
        seeded_label.setBuddy(self.seeded_edit)
        apart_row.addWidget(seeded_label)
        apart_row.addWidget(self.seeded_edit, 1)
        short_row = QHBoxLayout()
        short_row.addWidget(self.short_field_combo, 1)
        bye_label = QLabel(self.tr("A bye scores"))
        bye_label.setBuddy(self.bye_score_combo)
        short_row.addWidget(bye_label)
        short_row.addWidget(self.bye_score_combo)
        form.addRow(self.tr("Keep apart players of one"), apart_row)
        form.addRow(self.tr("Players not filling a table"), short_row)
        form.addRow(self.tr("Players"), players_row)
        form.addRow(self.problem_label)
        form.addRow(buttons)

    def _on_short_field_combo_current_index_changed(self, _index: int) -> None:
        self.bye_score_combo.setEnabled(self.short_field_combo.currentData() == ShortField.BYES.value)

    def _on_browse_button_clicked(self) -> None:
        path = self._ask_open(self)
        if path is not None:
            self.players_edit.setText(str(path))

    def choice(self) -> tuple[TournamentSettings, tuple[Player, ...]]:
        """The settings and players entered, checked by the core.

        Raises:
            ScorekeeperError: naming what is wrong (an empty name, a bad players file...).
        """
        first = self.date_edit.date()
        dates = tuple(first.addDays(k).toString("yyyy-MM-dd") for k in range(self.days_spin.value()))
        settings = TournamentSettings(
            name=self.name_edit.text().strip(),
            dates=dates,
            venue=self.venue_edit.text().strip(),
            preset=self.preset_combo.currentText(),
            sessions=self.sessions_spin.value(),
            time_limit_minutes=self.time_spin.value(),
            teams=self.teams_check.isChecked(),
            keep_apart=str(self.keep_apart_combo.currentData()),
            short_field=ShortField(self.short_field_combo.currentData()),
            bye_score=ByeScore(self.bye_score_combo.currentData()),
        )
        text = self.players_edit.text().strip()
        if not text:
            raise TournamentError(self.tr("Choose the players CSV file."))
        players = parse_players_csv(read_csv_text(Path(text), "a players CSV"))
        registered = {name_key(p.name): p.name for p in players}
        seeded: list[str] = []
        for name in (n.strip() for n in self.seeded_edit.text().split(",")):
            if not name:
                continue
            if name_key(name) not in registered:
                raise TournamentError(self.tr("Seeded player {name} is not in the players file.").format(name=name))
            seeded.append(registered[name_key(name)])
        return dataclasses.replace(settings, seeded=tuple(dict.fromkeys(seeded))), players

    def _on_create_button_clicked(self) -> None:
        try:
            settings, players = self.choice()
        except PlayersCsvError as error:
            self.problem_label.setText(players_csv_problem_text(error))
            return
        except ScorekeeperError as error:
            self.problem_label.setText(error_text(error))
            return
        path = self._ask_save(self)
        if path is None:
            return
        self.created = (path, settings, players)
        self.accept()
