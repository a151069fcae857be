"""The league table's item model: one row per player over the selection, every column sortable by its value."""

from __future__ import annotations

from fractions import Fraction

from PySide6.QtCore import QAbstractTableModel, QModelIndex, QObject, QPersistentModelIndex, Qt

from scorekeeper.gui._compat import override
from scorekeeper.session.statistics import PlayerTotals
from scorekeeper.storage.statistics import LEAGUE_COLUMNS, LeagueRow, league_row

__all__ = ["LeagueTableModel"]


class LeagueTableModel(QAbstractTableModel):
    """Rows of (player, totals); shows the league figures (``scorekeeper.storage.statistics.league_row``).

    Each cell's :attr:`SORT_ROLE` data is its number (or the name), so a proxy sorts numerically.
    """

    SORT_ROLE = Qt.ItemDataRole.UserRole + 1
    POINTS_COLUMN = next(k for k, (key, _) in enumerate(LEAGUE_COLUMNS) if key == "points")

    def __init__(self, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self._rows: list[LeagueRow] = []

    def titles(self) -> dict[str, str]:
        """Each column's heading, translated, by key."""
        return {
            "player": self.tr("Player"),
            "games": self.tr("Games"),
            "first": self.tr("1st"),
            "second": self.tr("2nd"),
            "third": self.tr("3rd"),
            "fourth": self.tr("4th"),
            "average_place": self.tr("Avg place"),
            "points": self.tr("Points"),
            "points_per_game": self.tr("Points/game"),
            "busts": self.tr("Busts"),
            "chombo": self.tr("Chombo"),
            "hands": self.tr("Hands"),
            "win_rate": self.tr("Win %"),
            "tsumo_wins": self.tr("Tsumo"),
            "deal_in_rate": self.tr("Deal-in %"),
            "riichi_rate": self.tr("Riichi %"),
            "average_win": self.tr("Avg win"),
            "largest_win": self.tr("Largest win"),
        }

    def set_rows(self, rows: list[tuple[str, PlayerTotals]]) -> None:
        """Show these players' totals."""
        self.beginResetModel()
        self._rows = [league_row(name, totals) for name, totals in rows]
        self.endResetModel()

    def row_at(self, row: int) -> LeagueRow:
        """The figures of one row (in the model's own order)."""
        return self._rows[row]

    @override
    def rowCount(self, parent: QModelIndex | QPersistentModelIndex = QModelIndex()) -> int:  # noqa: B008, N802
        return 0 if parent.isValid() else len(self._rows)

    @override
    def columnCount(self, parent: QModelIndex | QPersistentModelIndex = QModelIndex()) -> int:  # noqa: B008, N802
        return 0 if parent.isValid() else len(LEAGUE_COLUMNS)

    @override
    def headerData(self, section: int, orientation: Qt.Orientation, role: int = Qt.ItemDataRole.DisplayRole) -> object:  # noqa: N802
        if role == Qt.ItemDataRole.DisplayRole and orientation == Qt.Orientation.Horizontal:
            key = LEAGUE_COLUMNS[section][0]
            return self.titles().get(key, key)
        return None

    @override
    def data(self, index: QModelIndex | QPersistentModelIndex, role: int = Qt.ItemDataRole.DisplayRole) -> object:
        if not index.isValid():
            return None
        row = self._rows[index.row()]
        if role == Qt.ItemDataRole.DisplayRole:
            return row.texts[index.column()]
        if role == self.SORT_ROLE:
            value = row.values[index.column()]
            if isinstance(value, Fraction):
                return float(value)
            return -1e18 if value is None else value
        if role == Qt.ItemDataRole.TextAlignmentRole and index.column() > 0:
            return int(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter)
        return None
