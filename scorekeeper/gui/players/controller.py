"""The Players window's controller: the only thing in that window that changes the player registry (issue 23).

The window asked ``scorekeeper.storage.registry`` to rename and merge players itself; now it asks this controller,
which sends each change to the registry (one transaction in the store), keeps what undoes it, reads the registry and
the statistics back and says ``players_changed`` (the window redraws) or ``error_occurred`` (a refusal, worded for the
window). As the referee's window's and the table's controllers do.
"""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtCore import QObject, Signal

from scorekeeper.errors import ScorekeeperError
from scorekeeper.gui.error_words import error_text
from scorekeeper.storage.registry import Player, list_players, merge_players, rename_player, unmerge_player
from scorekeeper.storage.statistics import StoredStatistics, load_statistics
from scorekeeper.storage.store import GameStore

__all__ = ["PlayersController"]


class PlayersController(QObject):
    """Owns the registry's changes and their undo list for one Players window.

    Signals:
        players_changed: the registry or the statistics were read again; redraw from :attr:`players` and
            :attr:`stats`.
        error_occurred: a read or a change was refused; the text is for the user to read.
    """

    players_changed = Signal()
    error_occurred = Signal(str)

    def __init__(self, store: GameStore, parent: QObject | None = None) -> None:
        """Work on ``store`` (closed by its owner, not here); read nothing until :meth:`reload`."""
        super().__init__(parent)
        self.store = store
        self.stats = StoredStatistics(games=(), names={})
        self.players: tuple[Player, ...] = ()
        self._undo: list[Callable[[], object]] = []

    @property
    def can_undo(self) -> bool:
        """Whether a change made here can be taken back."""
        return bool(self._undo)

    def reload(self) -> bool:
        """Read the registry and the statistics again; True if they were read."""
        try:
            self.stats = load_statistics(self.store)
            self.players = list_players(self.store)
        except ScorekeeperError as error:
            self.error_occurred.emit(error_text(error))
            return False
        self.players_changed.emit()
        return True

    def _act(self, action: Callable[[], object], undo: Callable[[], object] | None) -> bool:
        try:
            action()
        except ScorekeeperError as error:
            self.error_occurred.emit(error_text(error))
            return False
        if undo is not None:
            self._undo.append(undo)
        self.reload()
        return True

    def rename(self, player: Player, name: str) -> bool:
        """Rename ``player``'s entry to ``name`` in every game (undone by renaming it back)."""
        old = player.name
        return self._act(
            lambda: rename_player(self.store, player.id, name), lambda: rename_player(self.store, player.id, old)
        )

    def merge(self, keep: Player, merge: Player) -> bool:
        """Merge ``merge`` into ``keep``: the same person entered twice (undone by unmerging)."""
        return self._act(
            lambda: merge_players(self.store, keep=keep.id, merge=merge.id),
            lambda: unmerge_player(self.store, merge.id),
        )

    def unmerge(self, player: Player) -> bool:
        """Give ``player`` (a merged entry) its own games and name back (undone by merging it again)."""
        into = player.merged_into
        if into is None:
            return False
        return self._act(
            lambda: unmerge_player(self.store, player.id),
            lambda: merge_players(self.store, keep=into, merge=player.id),
        )

    def undo(self) -> bool:
        """Take back the last rename, merge or unmerge made here; False when there is none (or it was refused)."""
        if not self._undo:
            return False
        return self._act(self._undo.pop(), None)
