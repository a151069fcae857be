"""The Players window: the registry, each player's card with charts, and the league table (issue 14).

It asks the core for everything: ``scorekeeper.storage.statistics.load_statistics`` reads each finished game's
statistics lines, ``scorekeeper.session.statistics`` adds them up over the selection, and
``scorekeeper.storage.registry`` renames and merges players, through the window's controller
(``gui/players/controller.py``: the only thing here that changes the registry). The window only formats and draws
the figures. Registry changes can be undone here (a merge is undone by unmerging); each is one transaction in the
store.

Dialogs are reached through injected callables (:class:`PlayersDialogs`), so tests fill them in without ``exec()``.
"""

from __future__ import annotations

import datetime
import functools
from collections.abc import Callable
from dataclasses import dataclass
from fractions import Fraction
from pathlib import Path

from PySide6.QtCore import QDate, QSortFilterProxyModel, Qt
from PySide6.QtGui import QAction
from PySide6.QtWidgets import (
    QAbstractItemView,
    QComboBox,
    QDateEdit,
    QGridLayout,
    QHBoxLayout,
    QHeaderView,
    QInputDialog,
    QLabel,
    QLineEdit,
    QListWidget,
    QListWidgetItem,
    QPushButton,
    QScrollArea,
    QSplitter,
    QTableView,
    QTableWidget,
    QTableWidgetItem,
    QTabWidget,
    QVBoxLayout,
    QWidget,
)

from scorekeeper.errors import ScorekeeperError
from scorekeeper.gui.error_words import error_text
from scorekeeper.gui.file_dialogs import ask_open_file, ask_save_file
from scorekeeper.gui.labels import name_problem_text, yaku_name
from scorekeeper.gui.players.charts import (
    ChartWidget,
    PlaceChartWidget,
    PointsChartWidget,
    RatesChartWidget,
    YakuChartWidget,
)
from scorekeeper.gui.players.controller import PlayersController
from scorekeeper.gui.players.league import LeagueTableModel
from scorekeeper.gui.players.ratings import RatingsTabWidget
from scorekeeper.session.names import player_name_problem
from scorekeeper.session.rules import CLASSICAL_PRESET_NAMES, PRESET_NAMES
from scorekeeper.session.statistics import (
    PlayerTotals,
    Selection,
    club_totals,
    head_to_head,
    league_table,
    moving_average,
    player_history,
    round_half_up,
)
from scorekeeper.storage.registry import Player
from scorekeeper.storage.statistics import LEAGUE_COLUMNS, LeagueRow, StoredStatistics
from scorekeeper.storage.store import GameStore
from scorekeeper.storage.tournament_export import format_base_rank

__all__ = ["MOVING_AVERAGE_GAMES", "PlayersDialogs", "PlayersWindow"]

#: How many games the points chart's moving average spans.
MOVING_AVERAGE_GAMES = 5
#: The league table's columns on a portrait page besides the places (the CSV has them all).
_PDF_COLUMNS: tuple[str, ...] = (
    "player",
    "games",
    "average_place",
    "points",
    "win_rate",
    "deal_in_rate",
    "riichi_rate",
    "average_win",
)
#: Opponents met fewer times than this are left out of the head-to-head table.
HEAD_TO_HEAD_MIN_GAMES = 2
_ANY_DAY = QDate(2000, 1, 1)


def _ask_text(parent: QWidget, title: str, label: str, text: str) -> str | None:
    value, ok = QInputDialog.getText(parent, title, label, QLineEdit.EchoMode.Normal, text)
    return value if ok else None


def _ask_item(parent: QWidget, title: str, label: str, items: list[str]) -> int | None:
    value, ok = QInputDialog.getItem(parent, title, label, items, 0, False)
    return items.index(value) if ok and value in items else None


def _ask_save_path(parent: QWidget, title: str, suggested: str, filters: str) -> Path | None:
    return ask_save_file(parent, title, filters, suggested)


def _ask_open_path(parent: QWidget, title: str, filters: str) -> Path | None:
    return ask_open_file(parent, title, filters)


@dataclass(frozen=True, slots=True)
class PlayersDialogs:
    """How the window asks the user (tests inject their own answers).

    Attributes:
        ask_text: (parent, title, label, initial text) -> the text, or None if cancelled.
        ask_item: (parent, title, label, choices) -> the index chosen, or None.
        ask_save_path: (parent, title, suggested file name, filters) -> the path, or None.
        ask_open_path: (parent, title, filters) -> the file chosen to open, or None.
    """

    ask_text: Callable[[QWidget, str, str, str], str | None] = _ask_text
    ask_item: Callable[[QWidget, str, str, list[str]], int | None] = _ask_item
    ask_save_path: Callable[[QWidget, str, str, str], Path | None] = _ask_save_path
    ask_open_path: Callable[[QWidget, str, str], Path | None] = _ask_open_path


def _fixed(value: Fraction | None, places: int, *, percent: bool = False, signed: bool = False) -> str:
    """A figure for the card: rounded half away from zero, '–' when there is nothing to average."""
    if value is None:
        return "–"
    if percent:
        return f"{round_half_up(value * 100, places)}%"
    text = str(round_half_up(value, places))
    return f"+{text}" if signed and value >= 0 else text


def _tenths(value: int | Fraction | None, *, signed: bool = True) -> str:
    return _fixed(None if value is None else Fraction(value, 10), 1, signed=signed)


class PlayersWindow(QWidget):
    """Players and statistics: the registry and a player's card (first tab), the league table (second tab)."""

    def __init__(
        self, store: GameStore, *, dialogs: PlayersDialogs | None = None, parent: QWidget | None = None
    ) -> None:
        super().__init__(parent, Qt.WindowType.Window)
        self.store = store
        self.dialogs = dialogs or PlayersDialogs()
        self.stats: StoredStatistics = StoredStatistics(games=(), names={})
        self.players: tuple[Player, ...] = ()
        self.controller = PlayersController(store, self)
        self.controller.players_changed.connect(self._on_controller_players_changed)
        self.controller.error_occurred.connect(self.show_message)
        self.setWindowTitle(self.tr("Players and statistics"))
        self.setObjectName("players_window")

        outer = QVBoxLayout(self)
        outer.addLayout(self._build_selection())
        self.tabs = QTabWidget()
        self.tabs.addTab(self._build_players_tab(), self.tr("Players"))
        self.tabs.addTab(self._build_league_tab(), self.tr("League table"))
        # Issue 28: the ratings over the same selection, in a tab of their own.
        self.ratings_tab = RatingsTabWidget(self.dialogs.ask_open_path)
        self.ratings_tab.setObjectName("ratings_tab")
        self.ratings_tab.add_chart_actions(self.save_chart, self.tr("Save as PNG…"))
        self.ratings_tab.source_combo.currentIndexChanged.connect(self._show_card)
        self.tabs.addTab(self.ratings_tab, self.tr("Ratings"))
        outer.addWidget(self.tabs, 1)
        self.message = QLabel()
        self.message.setObjectName("message")
        self.message.setTextFormat(Qt.TextFormat.PlainText)  # it may quote a name
        self.message.setWordWrap(True)
        outer.addWidget(self.message)
        self.resize(1240, 700)
        self.reload()

    def _with_games(self, name: str, games: int) -> str:
        """A registry entry as listed: the name and how many games ("Aiko (1 game)", "Bruno (12 games)")."""
        if games == 1:
            return self.tr("{name} (1 game)").format(name=name)
        return self.tr("{name} ({n} games)").format(name=name, n=games)

    # -- building ----------------------------------------------------------------------------------------------

    def _build_selection(self) -> QHBoxLayout:
        row = QHBoxLayout()
        row.addWidget(QLabel(self.tr("Games from")))
        self.since_edit = self._date_edit("since_edit")
        row.addWidget(self.since_edit)
        row.addWidget(QLabel(self.tr("to")))
        self.until_edit = self._date_edit("until_edit")
        row.addWidget(self.until_edit)
        row.addWidget(QLabel(self.tr("Ruleset")))
        self.ruleset_combo = QComboBox()
        self.ruleset_combo.setObjectName("ruleset_combo")
        self.ruleset_combo.addItem(self.tr("All rulesets"), None)
        for name in (*PRESET_NAMES, *CLASSICAL_PRESET_NAMES):
            self.ruleset_combo.addItem(name, name)
        self.ruleset_combo.currentIndexChanged.connect(self._on_selection_changed)
        row.addWidget(self.ruleset_combo)
        row.addStretch(1)
        self.reload_button = QPushButton(self.tr("Reload"))
        self.reload_button.setObjectName("reload_button")
        self.reload_button.clicked.connect(self.reload)
        row.addWidget(self.reload_button)
        return row

    def _date_edit(self, name: str) -> QDateEdit:
        edit = QDateEdit()
        edit.setObjectName(name)
        edit.setCalendarPopup(True)
        edit.setDisplayFormat("yyyy-MM-dd")
        edit.setMinimumDate(_ANY_DAY)
        edit.setSpecialValueText(self.tr("any day"))
        edit.setDate(_ANY_DAY)
        edit.dateChanged.connect(self._on_selection_changed)
        return edit

    def _build_players_tab(self) -> QWidget:
        splitter = QSplitter()
        left = QWidget()
        left_layout = QVBoxLayout(left)
        left_layout.setContentsMargins(0, 0, 0, 0)
        self.filter_edit = QLineEdit()
        self.filter_edit.setObjectName("filter_edit")
        self.filter_edit.setPlaceholderText(self.tr("Find a player"))
        self.filter_edit.textChanged.connect(self._fill_registry)
        left_layout.addWidget(self.filter_edit)
        self.registry_list = QListWidget()
        self.registry_list.setObjectName("registry_list")
        self.registry_list.currentItemChanged.connect(self._on_registry_list_current_item_changed)
        left_layout.addWidget(self.registry_list, 1)
        buttons = QGridLayout()
        left.setMinimumWidth(270)
        self.rename_button = QPushButton(self.tr("Rename…"))
        self.rename_button.setObjectName("rename_button")
        self.rename_button.clicked.connect(self.rename_current)
        self.merge_button = QPushButton(self.tr("Merge…"))
        self.merge_button.setObjectName("merge_button")
        self.merge_button.setToolTip(self.tr("Merge this entry into another one: its games count for that player."))
        self.merge_button.clicked.connect(self.merge_current)
        self.unmerge_button = QPushButton(self.tr("Unmerge"))
        self.unmerge_button.setObjectName("unmerge_button")
        self.unmerge_button.clicked.connect(self.unmerge_current)
        self.undo_button = QPushButton(self.tr("Undo"))
        self.undo_button.setObjectName("undo_button")
        self.undo_button.clicked.connect(self.undo)
        buttons.addWidget(self.rename_button, 0, 0)
        buttons.addWidget(self.merge_button, 0, 1)
        buttons.addWidget(self.unmerge_button, 1, 0)
        buttons.addWidget(self.undo_button, 1, 1)
        left_layout.addLayout(buttons)
        splitter.addWidget(left)

        self.card = QWidget()
        self.card.setObjectName("player_card")
        card = QVBoxLayout(self.card)
        self.name_label = QLabel()
        self.name_label.setObjectName("name_label")
        self.name_label.setTextFormat(Qt.TextFormat.PlainText)  # a name is shown as typed, never as markup
        font = self.name_label.font()
        font.setPointSize(font.pointSize() + 6)
        font.setBold(True)
        self.name_label.setFont(font)
        header = QHBoxLayout()
        header.addWidget(self.name_label, 1)
        self.save_chart_button = QPushButton(self.tr("Save a chart as PNG…"))
        self.save_chart_button.setObjectName("save_chart_button")
        self.save_chart_button.setToolTip(self.tr("Or right-click a chart"))
        self.save_chart_button.clicked.connect(self.choose_chart_to_save)
        header.addWidget(self.save_chart_button)
        card.addLayout(header)
        top = QHBoxLayout()
        self.figures = QGridLayout()
        self.figures.setHorizontalSpacing(18)
        self.figure_labels: dict[str, QLabel] = {}
        top.addLayout(self.figures, 0)
        self.place_chart = PlaceChartWidget()
        self.points_chart = PointsChartWidget()
        self.rates_chart = RatesChartWidget()
        self.yaku_chart = YakuChartWidget()
        self.charts: tuple[ChartWidget, ...] = (self.place_chart, self.points_chart, self.rates_chart, self.yaku_chart)
        for chart in self.charts:
            action = QAction(self.tr("Save as PNG…"), chart)
            action.triggered.connect(functools.partial(self.save_chart, chart))
            chart.addAction(action)
        top.addWidget(self.place_chart, 1)
        top.addWidget(self.rates_chart, 1)
        card.addLayout(top)
        bottom = QHBoxLayout()
        bottom.addWidget(self.points_chart, 3)
        bottom.addWidget(self.yaku_chart, 2)
        card.addLayout(bottom)
        card.addWidget(
            QLabel(self.tr("Head to head (opponents met at least {n} times)").format(n=HEAD_TO_HEAD_MIN_GAMES))
        )
        self.head_table = QTableWidget(0, 5)
        self.head_table.setObjectName("head_table")
        self.head_table.setHorizontalHeaderLabels(
            [self.tr("Opponent"), self.tr("Games"), self.tr("Average place"), self.tr("Points"), self.tr("Their place")]
        )
        self.head_table.verticalHeader().hide()
        self.head_table.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        self.head_table.horizontalHeader().setSectionResizeMode(QHeaderView.ResizeMode.Stretch)
        self.head_table.setMinimumHeight(140)
        card.addWidget(self.head_table)
        scroll = QScrollArea()
        scroll.setWidgetResizable(True)
        scroll.setWidget(self.card)
        splitter.addWidget(scroll)
        splitter.setStretchFactor(1, 1)
        splitter.setSizes([280, 1000])
        return splitter

    def _build_league_tab(self) -> QWidget:
        page = QWidget()
        layout = QVBoxLayout(page)
        self.league_model = LeagueTableModel(self)
        self.league_proxy = QSortFilterProxyModel(self)
        self.league_proxy.setSourceModel(self.league_model)
        self.league_proxy.setSortRole(LeagueTableModel.SORT_ROLE)
        self.league_view = QTableView()
        self.league_view.setObjectName("league_view")
        self.league_view.setModel(self.league_proxy)
        self.league_view.setSortingEnabled(True)
        self.league_view.sortByColumn(LeagueTableModel.POINTS_COLUMN, Qt.SortOrder.DescendingOrder)
        self.league_view.verticalHeader().hide()
        self.league_view.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        header = self.league_view.horizontalHeader()
        header.setSectionResizeMode(QHeaderView.ResizeMode.ResizeToContents)
        header.setStretchLastSection(True)
        layout.addWidget(self.league_view, 1)
        row = QHBoxLayout()
        row.addStretch(1)
        self.export_csv_button = QPushButton(self.tr("Export CSV…"))
        self.export_csv_button.setObjectName("export_csv_button")
        self.export_csv_button.clicked.connect(self.export_csv)
        row.addWidget(self.export_csv_button)
        self.export_pdf_button = QPushButton(self.tr("Export PDF…"))
        self.export_pdf_button.setObjectName("export_pdf_button")
        self.export_pdf_button.clicked.connect(self.export_pdf)
        row.addWidget(self.export_pdf_button)
        layout.addLayout(row)
        return page

    # -- reading -----------------------------------------------------------------------------------------------

    def selection(self) -> Selection:
        """The games chosen at the top of the window."""

        def day(edit: QDateEdit) -> datetime.date | None:
            date = edit.date()
            return None if date == _ANY_DAY else datetime.date(date.year(), date.month(), date.day())

        return Selection(
            since=day(self.since_edit), until=day(self.until_edit), ruleset=self.ruleset_combo.currentData()
        )

    def reload(self) -> None:
        """Read the registry and the statistics from the store again, and redraw."""
        self.controller.reload()

    def _on_controller_players_changed(self) -> None:
        self.stats = self.controller.stats
        self.players = self.controller.players
        problems = self.stats.problems
        self.show_message(self.tr("{n} damaged games were left out.").format(n=len(problems)) if problems else "")
        self._fill_list()
        self._refresh()  # the card once, over the new figures (it reads every game: 30 ms at 10,000 games)

    def show_message(self, text: str) -> None:
        """Show a message under the tabs (empty: none)."""
        self.message.setText(text)

    def _fill_registry(self) -> None:
        self._fill_list()
        self._show_card()

    def _fill_list(self) -> None:
        """List the registry (filtered), keeping the chosen entry (or choosing the first), without drawing the card:
        the caller draws it once, where it drew it up to three times (each over every game)."""
        current = self.current_player()
        key = self.filter_edit.text().strip().casefold()
        names = {p.id: p.name for p in self.players}
        self.registry_list.blockSignals(True)
        self.registry_list.clear()
        chosen = None
        for player in self.players:
            if key and key not in player.name.casefold():
                continue
            if player.merged_into is None:
                text = self._with_games(player.name, player.games)
            else:
                text = self.tr("{name}, merged into {other}").format(
                    name=player.name, other=names.get(player.merged_into, "?")
                )
            item = QListWidgetItem(text)
            item.setData(Qt.ItemDataRole.UserRole, player.id)
            if player.merged_into is not None:
                item.setForeground(self.palette().placeholderText())
            self.registry_list.addItem(item)
            if current is not None and player.id == current.id:
                chosen = item
        if chosen is None and self.registry_list.count():
            chosen = self.registry_list.item(0)
        if chosen is not None:
            self.registry_list.setCurrentItem(chosen)
        self.registry_list.blockSignals(False)

    def current_player(self) -> Player | None:
        """The registry entry chosen in the list."""
        item = self.registry_list.currentItem()
        if item is None:
            return None
        player_id = item.data(Qt.ItemDataRole.UserRole)
        return next((p for p in self.players if p.id == player_id), None)

    def select_player(self, name: str) -> None:
        """Choose the (first) entry named ``name`` in the list."""
        for row in range(self.registry_list.count()):
            item = self.registry_list.item(row)
            player = next((p for p in self.players if p.id == item.data(Qt.ItemDataRole.UserRole)), None)
            if player is not None and player.name == name:
                self.registry_list.setCurrentItem(item)
                return

    def _refresh(self) -> None:
        selection = self.selection()
        self.table = league_table(self.stats.games, selection)
        self.club = club_totals(self.stats.games, selection)
        self.league_model.set_rows([(self.stats.names.get(i, i), t) for i, t in self.table.items()])
        if hasattr(self, "ratings_tab"):
            self.ratings_tab.show_games(self.stats, selection)
        self._show_card()

    def _on_selection_changed(self) -> None:
        self._refresh()

    def _on_registry_list_current_item_changed(self) -> None:
        self._show_card()

    # -- the card ----------------------------------------------------------------------------------------------

    def _identity(self, player: Player) -> str:
        """The identity statistics use for an entry: the entry it was merged into, as text."""
        target = player
        seen = {player.id}
        while target.merged_into is not None and target.merged_into not in seen:
            seen.add(target.merged_into)
            found = next((p for p in self.players if p.id == target.merged_into), None)
            if found is None:
                break
            target = found
        return str(target.id)

    def _show_card(self) -> None:
        player = self.current_player()
        self.rename_button.setEnabled(player is not None)
        self.merge_button.setEnabled(player is not None and player.merged_into is None)
        self.unmerge_button.setEnabled(player is not None and player.merged_into is not None)
        self.undo_button.setEnabled(self.controller.can_undo)
        if player is None or not hasattr(self, "table"):
            self.name_label.setText(self.tr("No players yet: finish a game or import game records."))
            totals = PlayerTotals()
            identity = ""
        else:
            identity = self._identity(player)
            totals = self.table.get(identity, PlayerTotals())
            shown = self.stats.names.get(identity, player.name)
            self.name_label.setText(shown)
        self._show_figures(totals)
        self.place_chart.set_places(totals.places)
        history = player_history(self.stats.games, identity, self.selection()) if identity else ()
        points = [g.points_tenths for g in history]
        average = moving_average(points, MOVING_AVERAGE_GAMES)
        self.points_chart.set_games(
            [p / 10 for p in points],
            [float(a / 10) for a in average],
            [g.played.isoformat() for g in history],
            MOVING_AVERAGE_GAMES,
        )
        club = getattr(self, "club", PlayerTotals())

        def rate(value: Fraction | None) -> float | None:
            return None if value is None else float(value)

        self.rates_chart.set_rates(
            self.name_label.text() if player is not None else "",
            [
                (self.tr("Win"), rate(totals.win_rate), rate(club.win_rate)),
                (self.tr("Tsumo"), rate(totals.tsumo_rate), rate(club.tsumo_rate)),
                (self.tr("Deal-in"), rate(totals.deal_in_rate), rate(club.deal_in_rate)),
                (self.tr("Riichi"), rate(totals.riichi_rate), rate(club.riichi_rate)),
            ],
        )
        self.yaku_chart.set_yaku(
            [(yaku_name(name), count, float(share)) for name, count, share in totals.yaku_frequencies()],
            totals.yaku_wins,
            games=totals.games,
        )
        rows = head_to_head(self.stats.games, identity, min_games=HEAD_TO_HEAD_MIN_GAMES, selection=self.selection())
        self.head_table.setRowCount(len(rows) if identity else 0)
        for row, entry in enumerate(rows if identity else ()):
            cells = (
                self.stats.names.get(entry.opponent, entry.opponent),
                str(entry.totals.games),
                _fixed(entry.totals.average_place, 2),
                _tenths(entry.totals.points_tenths),
                _fixed(entry.opponent_totals.average_place, 2),
            )
            for column, text in enumerate(cells):
                item = QTableWidgetItem(text)
                if column:
                    item.setTextAlignment(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter)
                self.head_table.setItem(row, column, item)

    def _show_figures(self, totals: PlayerTotals) -> None:
        per_game = totals.average_points_tenths
        rows = [
            ("games", self.tr("Games"), str(totals.games)),
            ("places", self.tr("1st / 2nd / 3rd / 4th"), " / ".join(str(n) for n in totals.places)),
            ("average_place", self.tr("Average place"), _fixed(totals.average_place, 2)),
            ("points", self.tr("Points (per game)"), f"{_tenths(totals.points_tenths)} ({_tenths(per_game)})"),
            ("busts", self.tr("Busts"), str(totals.busts)),
            ("chombo", self.tr("Chombo"), str(totals.chombo)),
            ("hands", self.tr("Hands played"), str(totals.hands)),
            ("wins", self.tr("Wins"), f"{totals.wins} ({_fixed(totals.win_rate, 1, percent=True)})"),
            ("tsumo_wins", self.tr("Tsumo wins"), str(totals.tsumo_wins)),
            ("deal_ins", self.tr("Deal-ins"), f"{totals.deal_ins} ({_fixed(totals.deal_in_rate, 1, percent=True)})"),
            ("riichi", self.tr("Riichi"), f"{totals.riichi} ({_fixed(totals.riichi_rate, 1, percent=True)})"),
            ("average_win", self.tr("Average win"), _fixed(totals.average_win, 0)),
            ("largest_win", self.tr("Largest win"), str(totals.largest_win) if totals.wins else "–"),
            (
                "han_fu",
                self.tr("Average han / fu"),
                f"{_fixed(totals.average_han, 1)} / {_fixed(totals.average_fu, 1)}",
            ),
            ("dora", self.tr("Dora per win"), _fixed(totals.dora_per_win, 2)),
            ("base_rank", self.tr("MERS base rank"), self._base_ranks_text()),
        ]
        for index, (key, title, value) in enumerate(rows):
            if key not in self.figure_labels:
                name = QLabel(title)
                label = QLabel()
                label.setObjectName(f"figure_{key}")
                label.setTextFormat(Qt.TextFormat.PlainText)
                label.setAlignment(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter)
                font = label.font()
                font.setBold(True)
                label.setFont(font)
                self.figures.addWidget(name, index, 0)
                self.figures.addWidget(label, index, 1)
                self.figure_labels[key] = label
            self.figure_labels[key].setText(value)

    def _base_ranks_text(self) -> str:
        """The card's player's MERS base rank in each tournament opened in the Ratings tab, one a line."""
        if not hasattr(self, "ratings_tab"):
            return "–"
        bases = self.ratings_tab.base_ranks_of(self.name_label.text())
        return (
            "\n".join(
                self.tr("{tournament}:\n{base} ({rank} of {players})").format(
                    tournament=b.tournament, base=format_base_rank(b.base_rank), rank=b.rank, players=b.players
                )
                for b in bases
            )
            or "–"
        )

    def figure(self, key: str) -> str:
        """The text shown for one figure of the card (``games``, ``wins``...)."""
        return self.figure_labels[key].text()

    # -- registry actions --------------------------------------------------------------------------------------

    def rename_current(self) -> None:
        """Ask for a new name for the chosen entry and rename it in every game."""
        player = self.current_player()
        if player is None:
            return
        name = self.dialogs.ask_text(
            self, self.tr("Rename a player"), self.tr("New name for {name}:").format(name=player.name), player.name
        )
        if name is None or name.strip() == player.name:
            return
        # The new name goes into every game of the entry: the session's rules for a new game's names apply.
        problem = player_name_problem(name.strip())
        if problem is not None:
            self.show_message(name_problem_text(problem))
            return
        self.controller.rename(player, name)

    def merge_current(self) -> None:
        """Ask which entry the chosen one is the same person as, and merge it into that one."""
        player = self.current_player()
        if player is None:
            return
        others = [p for p in self.players if p.merged_into is None and p.id != player.id]
        choice = self.dialogs.ask_item(
            self,
            self.tr("Same person"),
            self.tr("{name} is the same person as:").format(name=player.name),
            [self._with_games(p.name, p.games) for p in others],
        )
        if choice is None:
            return
        self.controller.merge(others[choice], player)

    def unmerge_current(self) -> None:
        """Give the chosen merged entry its own games and name back."""
        player = self.current_player()
        if player is None or player.merged_into is None:
            return
        self.controller.unmerge(player)

    def undo(self) -> None:
        """Take back the last rename, merge or unmerge made in this window."""
        self.controller.undo()

    # -- saving ------------------------------------------------------------------------------------------------

    def choose_chart_to_save(self) -> None:
        """Ask which chart to save, then where."""
        index = self.dialogs.ask_item(
            self, self.tr("Save a chart"), self.tr("Which chart?"), [chart.title for chart in self.charts]
        )
        if index is not None:
            self.save_chart(self.charts[index])

    def save_chart(self, chart: ChartWidget) -> None:
        """Ask where and save one chart as a PNG."""
        suggested = f"{self.name_label.text()} - {chart.title}.png"
        path = self.dialogs.ask_save_path(self, self.tr("Save the chart"), suggested, self.tr("PNG images (*.png)"))
        if path is None:
            return
        if path.suffix.lower() != ".png":
            path = path.with_name(path.name + ".png")
        try:
            chart.save_png(path)
        except ScorekeeperError as error:
            self.show_message(error_text(error))
            return
        self.show_message(self.tr("Saved {path}").format(path=path))

    def _shown_rows(self) -> list[LeagueRow]:
        """The league table's rows in the order shown (as sorted)."""
        proxy = self.league_proxy
        return [self.league_model.row_at(proxy.mapToSource(proxy.index(r, 0)).row()) for r in range(proxy.rowCount())]

    def selection_text(self) -> str:
        """The selection in words, for a document's subtitle."""
        selection = self.selection()
        since = selection.since.isoformat() if selection.since else self.tr("the first game")
        until = selection.until.isoformat() if selection.until else self.tr("the last game")
        rules = selection.ruleset or self.tr("all rulesets")
        return self.tr("Games from {since} to {until}, {rules}").format(since=since, until=until, rules=rules)

    def export_pdf(self) -> None:
        """Ask where and write the league table as a PDF (real text), in the order it is sorted."""
        from scorekeeper.documents import Document

        path = self.dialogs.ask_save_path(
            self, self.tr("Export the league table"), "league.pdf", self.tr("PDF files (*.pdf)")
        )
        if path is None:
            return
        if path.suffix.lower() != ".pdf":
            path = path.with_name(path.name + ".pdf")
        keys = [key for key, _ in LEAGUE_COLUMNS]
        places = [keys.index(key) for key in ("first", "second", "third", "fourth")]
        columns = [keys.index(key) for key in _PDF_COLUMNS]
        # Headings that may break, so that ten columns fit a portrait page.
        header = [
            self.tr("Player"),
            self.tr("Games"),
            self.tr("Places\n1-2-3-4"),
            self.tr("Average\nplace"),
            self.tr("Points"),
            self.tr("Win\nrate"),
            self.tr("Deal-in\nrate"),
            self.tr("Riichi\nrate"),
            self.tr("Average\nwin"),
        ]
        rows = [
            [row.texts[columns[0]], row.texts[columns[1]], "-".join(row.texts[k] for k in places)]
            + [row.texts[k] for k in columns[2:]]
            for row in self._shown_rows()
        ]
        document = Document(self.tr("League table"), subtitle=(self.selection_text(),))
        # Every column keeps its lines whole (the name too: QTextDocument would otherwise squeeze it letter by letter).
        document.add_table(header, rows, numeric=range(len(header)), bold=(4,))
        try:
            document.write_pdf(path)
        except ScorekeeperError as error:
            self.show_message(error_text(error))
            return
        self.show_message(self.tr("Saved {path}").format(path=path))

    def export_csv(self) -> None:
        """Ask where and write the league table as CSV, in the order it is sorted."""
        from scorekeeper.storage.statistics import write_league_csv

        path = self.dialogs.ask_save_path(
            self, self.tr("Export the league table"), "league.csv", self.tr("CSV files (*.csv)")
        )
        if path is None:
            return
        rows = [
            self.league_model.row_at(self.league_proxy.mapToSource(self.league_proxy.index(r, 0)).row())
            for r in range(self.league_proxy.rowCount())
        ]
        try:
            write_league_csv(path, rows)
        except ScorekeeperError as error:
            self.show_message(error_text(error))
            return
        self.show_message(self.tr("Saved {path}").format(path=path))
