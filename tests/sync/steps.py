"""Writes to a game store the way the app makes them: each names the log position it was built on."""

from __future__ import annotations

from scorekeeper.session.events import Event
from scorekeeper.storage.store import GameStore, LogPosition


def append(store: GameStore, game: int, event: Event, *, finished: bool | None = None) -> LogPosition:
    """Append ``event`` at the game's current position."""
    return store.append(game, event, at=store.position(game), finished=finished)


def undo(store: GameStore, game: int) -> LogPosition:
    """Take back the game's last event, as the app's Undo does."""
    session, position = store.load_session_at(game)
    event = session.undo()
    return store.undo(game, event, at=position, finished=session.state.ended)


def redo(store: GameStore, game: int) -> LogPosition:
    """Put back the game's last undone event, as the app's Redo does."""
    session, position = store.load_session_at(game)
    event = session.redo()
    return store.redo(game, event, at=position, finished=session.state.ended)
