"""The LISTEN/NOTIFY channels of a tournament server: who hears of which write (no Qt).

Every applied write to a game is announced on its tournament's channel (the referee's live feed), and a write not
by the game's table also on the table's channel; triggers announce the referee's writes to players, seats,
penalties and settings on the tournament's channel (``scorekeeper.sync.setup`` installs them).
"""

from __future__ import annotations

__all__ = ["ANNOUNCED", "CHANNEL", "table_channel", "tournament_channel"]

#: The LISTEN/NOTIFY channel of the program before per-tournament channels (:func:`tournament_channel`): a server not
#: upgraded since, and a table running that program, still announce every write of every tournament in the database
#: on it, so listeners hear it as well (nothing of this program announces there).
CHANNEL = "sk_games"
#: The tables whose writes (the referee's, the command line's) a trigger announces on :func:`tournament_channel`.
ANNOUNCED = ("tournaments", "players", "seats", "penalties")


def tournament_channel(tournament_id: int) -> str:
    """The channel every applied write to tournament ``tournament_id`` is announced on (the referee's live feed).

    One per tournament: several tournaments may share a database, and a listener must not wake for another's writes
    (before, every write of every tournament went out on :data:`CHANNEL`, the triggers' without a tournament id).
    """
    return f"{CHANNEL}_t{tournament_id}"


def table_channel(tournament_id: int, table_no: int) -> str:
    """The channel a table listens on: every write the referee (or any login but the table's) applies to the games
    of table ``table_no`` is announced there as well as on :func:`tournament_channel`, so a table hears of what
    concerns it only: not of other tables' hands, nor of its own pushes (it acts on neither)."""
    return f"{CHANNEL}_t{tournament_id}_{table_no}"
