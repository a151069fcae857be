"""The project's exception family.

Every exception the core raises derives from :class:`ScorekeeperError`; errors caused by bad input also derive
from :class:`ValueError`, so callers that only know the standard library still catch them. Messages quote the
input and name the broken rule: they are shown to people at the table as they are.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from pathlib import Path

#: The longest echo of an input value in an error message (issue 10: a 39 MB line was echoed whole).
QUOTE_LIMIT = 80


def quote(value: object, limit: int = QUOTE_LIMIT) -> str:
    """``repr(value)`` for an error message, cut to about ``limit`` characters with its full length named.

    Every message that quotes an input goes through here, so no input, however large or deeply nested, makes an
    error message large. A short value reads exactly as ``repr`` writes it.
    """
    try:
        text = repr(value)
    except RecursionError:  # a structure nested deeper than repr can walk (JSON nested ~1000 deep)
        return f"<a {type(value).__name__} nested too deeply to show>"
    if len(text) <= limit:
        return text
    return f"{text[: limit - 20]}... ({len(text):,} characters)"


class ScorekeeperError(Exception):
    """The root of every exception the project raises on purpose."""


class TileParseError(ScorekeeperError, ValueError):
    """Tile notation that cannot be read.

    Attributes:
        text: the whole text that was being parsed.
        position: the index of the offending character in ``text``.
    """

    def __init__(self, message: str, *, text: str, position: int) -> None:
        super().__init__(message)
        self.text = text
        self.position = position


class InvalidHandError(ScorekeeperError, ValueError):
    """A hand that cannot exist: a fifth copy, a wrong count, a malformed meld, a winning tile not in the hand."""


class InvalidContextError(ScorekeeperError, ValueError):
    """Win conditions that contradict each other or the hand (riichi on an open hand, chankan with tsumo...)."""


class NotWinningError(ScorekeeperError, ValueError):
    """The tiles do not form a complete hand."""


class NoYakuError(ScorekeeperError, ValueError):
    """A complete hand with no yaku: it cannot win (dora alone is never a yaku)."""


class InvalidValueError(ScorekeeperError, ValueError):
    """A value that cannot exist: base points of 0 or less, a yakuman multiplier below 1, a payment of no shape."""


class InvalidRulesetError(ScorekeeperError, ValueError):
    """An unknown ruleset preset, an unknown knob, or a knob value out of range."""


class IllegalActionError(ScorekeeperError, ValueError):
    """An action the table does not allow now (riichi below 1000 points, an event after the game ended...)."""


class NothingToUndoError(ScorekeeperError):
    """Undo or redo with nothing left to undo or redo."""


class SaveFileError(ScorekeeperError):
    """A file that cannot be read or written, with the path it concerns."""

    def __init__(self, message: str, *, path: Path | str) -> None:
        from pathlib import Path  # not at module top: the command line's start-up does without pathlib

        super().__init__(message)
        self.path = Path(path)


class UnsupportedVersionError(SaveFileError):
    """A file or database written by a newer version of the program; it is left untouched."""


class OutdatedSchemaError(SaveFileError):
    """A server's tables are older than the program, and this login may not update them (the admin must)."""


class GameRecordError(ScorekeeperError, ValueError):
    """A game record (JSON) that does not follow the scorekeeper-game format."""


class StaleWriteError(ScorekeeperError):
    """A write built on a position of a game's log that is no longer the current one: another window (or program)
    changed the game since this one read it. Nothing was written; reload the game and offer the action again.

    Attributes:
        game_id: the game.
        expected: the log position (events in effect) the refused write was built on.
        found: the log position the file holds now.
    """

    def __init__(self, message: str, *, game_id: int, expected: int, found: int) -> None:
        super().__init__(message)
        self.game_id = game_id
        self.expected = expected
        self.found = found


class DuplicateEventError(StaleWriteError):
    """An append of an event that is already stored, in effect, at the position it names: a redelivery.

    A sync layer that pushes a game's events keyed by (game id, sequence number) treats this as "already there"
    (an acknowledgement), not as a conflict. Nothing was written.

    Attributes:
        seq: the sequence number at which the identical event is stored.
    """

    def __init__(self, message: str, *, game_id: int, expected: int, found: int, seq: int) -> None:
        super().__init__(message, game_id=game_id, expected=expected, found=found)
        self.seq = seq


class DatabaseLockedError(ScorekeeperError):
    """The database is in use by another running copy of the program (one instance per database)."""


class TournamentError(ScorekeeperError, ValueError):
    """Tournament input that cannot be used: a bad player list or seating, a game whose players do not match it."""


class TournamentServerError(ScorekeeperError):
    """The tournament's database server cannot be reached, refuses the login, or fails a request.

    Messages never carry a password: connection details are named by server, database and user only.
    """


class SyncConflictError(TournamentServerError):
    """A table's change was built on a log position the server has moved past (a referee changed the game)."""
