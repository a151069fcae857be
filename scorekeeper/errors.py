"""The project's exception family.

Every exception the core raises derives from :class:`ScorekeeperError`; errors caused by bad input also derive
from :class:`ValueError`, so callers that only know the standard library still catch them. Messages quote the
input and name the broken rule: they are shown to people at the table as they are.
"""

from __future__ import annotations

import enum
from types import MappingProxyType

TYPE_CHECKING = False  # typing.TYPE_CHECKING to mypy, without importing typing: 3 ms of start-up (issue 15)
if TYPE_CHECKING:
    from collections.abc import Mapping
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


class ErrorCode(enum.StrEnum):
    """What went wrong, by a stable name: a program that words an error itself (the GUI, in the window's language)
    reads the code and the error's :attr:`ScorekeeperError.fields`; the message stays the English sentence that
    records, logs and the command line show. Codes are added, never renamed (the values are stable)."""

    # Tile notation (TileParseError: the code follows from its text and position).
    TILE_UNEXPECTED_CHARACTER = "tile_unexpected_character"
    TILE_NO_DIGITS = "tile_no_digits"
    TILE_NO_SUCH_TILE = "tile_no_such_tile"
    TILE_NO_SUIT = "tile_no_suit"
    TILE_NOT_ONE_TILE = "tile_not_one_tile"
    # The table: actions the session refuses now.
    GAME_ENDED = "game_ended"
    RIICHI_ALREADY_DECLARED = "riichi_already_declared"
    RIICHI_TOO_FEW_POINTS = "riichi_too_few_points"
    RIICHI_NOT_IN_FAMILY = "riichi_not_in_family"
    NOTHING_TO_UNDO = "nothing_to_undo"
    NOTHING_TO_REDO = "nothing_to_redo"
    HAND_UNCHANGED = "hand_unchanged"
    NO_SUCH_HAND = "no_such_hand"
    LAST_HAND_ALREADY_CALLED = "last_hand_already_called"
    RIICHI_DEAD_HAND = "riichi_dead_hand"
    DEAD_HAND_ALREADY = "dead_hand_already"
    DEAD_HAND_REFUSED = "dead_hand_refused"
    SUBSTITUTE_ALREADY_SEATED = "substitute_already_seated"
    SUBSTITUTE_SAME_PLAYER = "substitute_same_player"
    SUBSTITUTE_STRANDED = "substitute_stranded"
    NO_SUCH_SUBSTITUTION = "no_such_substitution"
    RON_FROM_OWN_DISCARD = "ron_from_own_discard"
    HAN_FU_IMPOSSIBLE = "han_fu_impossible"
    CHI_NOT_A_RUN = "chi_not_a_run"
    HAND_REFUSED = "hand_refused"
    PAO_OWN_WIN = "pao_own_win"
    CORRECTION_REFUSED = "correction_refused"
    STALE_WRITE = "stale_write"
    DATABASE_LOCKED = "database_locked"
    # A hand's tiles (the engine's HandProblem, Hand, Meld, Tile and the ruleset's red fives).
    HAND_FIFTH_COPY = "hand_fifth_copy"
    HAND_TOO_MANY_MELDS = "hand_too_many_melds"
    HAND_WRONG_TILE_COUNT = "hand_wrong_tile_count"
    HAND_WAITING_WRONG_TILE_COUNT = "hand_waiting_wrong_tile_count"
    HAND_WIN_NOT_IN_HAND = "hand_win_not_in_hand"
    HAND_WIN_OTHER_FIVE = "hand_win_other_five"
    HAND_INDICATOR_FIFTH_COPY = "hand_indicator_fifth_copy"
    HAND_TOO_MANY_RED_FIVES = "hand_too_many_red_fives"
    HAND_RED_NOT_A_FIVE = "hand_red_not_a_five"
    HAND_NO_RED_FIVES = "hand_no_red_fives"
    HAND_NO_WINNING_TILE = "hand_no_winning_tile"
    EXTRA_TILE_REPEATED = "extra_tile_repeated"
    EXTRA_TILES_NOT_PLAYED = "extra_tiles_not_played"
    # Melds (CHI_NOT_A_RUN above is also a malformed chi).
    MELD_UNKNOWN_TYPE = "meld_unknown_type"
    MELD_WRONG_SIZE = "meld_wrong_size"
    MELD_NOT_ONE_KIND = "meld_not_one_kind"
    # Win conditions that contradict each other or the hand (InvalidContextError; ``condition`` names the condition
    # by its engine name, ``other_condition`` a second one).
    CONDITION_UNKNOWN = "condition_unknown"
    CONDITION_RIICHI_OPEN_HAND = "condition_riichi_open_hand"
    CONDITION_IPPATSU_WITHOUT_RIICHI = "condition_ippatsu_without_riichi"
    CONDITION_IPPATSU_WITH_RINSHAN = "condition_ippatsu_with_rinshan"
    CONDITION_CHANKAN_WITH_TSUMO = "condition_chankan_with_tsumo"
    CONDITION_CHANKAN_TILE_HELD = "condition_chankan_tile_held"
    CONDITION_HAITEI_WITH_RON = "condition_haitei_with_ron"
    CONDITION_HOUTEI_WITH_TSUMO = "condition_houtei_with_tsumo"
    CONDITION_HAITEI_WITH_RINSHAN = "condition_haitei_with_rinshan"
    CONDITION_CHANKAN_ON_LAST_TILE = "condition_chankan_on_last_tile"
    CONDITION_RINSHAN_WITH_RON = "condition_rinshan_with_ron"
    CONDITION_RINSHAN_WITHOUT_KONG = "condition_rinshan_without_kong"
    CONDITION_FIRST_TURN_NOT_DEALER = "condition_first_turn_not_dealer"
    CONDITION_FIRST_TURN_DEALER = "condition_first_turn_dealer"
    CONDITION_FIRST_TURN_WITH_RON = "condition_first_turn_with_ron"
    CONDITION_FIRST_TURN_WITH_TSUMO = "condition_first_turn_with_tsumo"
    CONDITION_FIRST_TURN_WITH_MELDS = "condition_first_turn_with_melds"
    CONDITION_FIRST_TURN_WITH_RIICHI = "condition_first_turn_with_riichi"
    CONDITION_FIRST_TURN_WITH_OTHER = "condition_first_turn_with_other"
    CONDITION_FIRST_TURN_EXCLUSIVE = "condition_first_turn_exclusive"
    CONDITION_TOO_MANY_DORA = "condition_too_many_dora"
    CONDITION_TOO_MANY_URA = "condition_too_many_ura"
    # The classical family's win conditions (seed 003; ``condition`` by its engine name).
    CLASSICAL_ROBBING_SELF_DRAWN = "classical_robbing_self_drawn"
    CLASSICAL_NEEDS_SELF_DRAW = "classical_needs_self_draw"
    CLASSICAL_REPLACEMENT_WITHOUT_KONG = "classical_replacement_without_kong"
    CLASSICAL_LAST_TILE_AND_REPLACEMENT = "classical_last_tile_and_replacement"
    CLASSICAL_HEAVENLY_WITH_MELDS = "classical_heavenly_with_melds"
    CLASSICAL_HEAVENLY_WITH_OTHER_DRAW = "classical_heavenly_with_other_draw"
    # Rulesets: a table knob out of range (the New game dialog's knobs).
    RULES_NOT_A_MULTIPLE = "rules_not_a_multiple"
    RULES_UMA_SUM = "rules_uma_sum"
    RULES_UMA_ORDER = "rules_uma_order"
    RULES_TRIPLE_RON_NEEDS_DOUBLE = "rules_triple_ron_needs_double"
    # Files.
    FILE_UNREADABLE = "file_unreadable"
    FILE_TOO_LARGE = "file_too_large"
    FILE_NOT_UTF8 = "file_not_utf8"
    DISK_FULL = "disk_full"
    # The player registry: a change that would show two people of one game under one name.
    REGISTRY_NAME_CLASH = "registry_name_clash"
    REGISTRY_TWO_SEATS = "registry_two_seats"
    # Tournaments and their server.
    TOURNAMENT_NAME_EMPTY = "tournament_name_empty"
    SERVER_UNREACHABLE = "server_unreachable"
    # A connection refused, by the stage it reached (SERVER_UNREACHABLE: none of these).
    SERVER_NO_ANSWER = "server_no_answer"
    SERVER_UNKNOWN_HOST = "server_unknown_host"
    SERVER_CONNECTION_REFUSED = "server_connection_refused"
    SERVER_LOGIN_REFUSED = "server_login_refused"
    SERVER_WRONG_TABLE = "server_wrong_table"
    SERVER_TABLE_NOT_SEATED = "server_table_not_seated"
    # The referee's actions (scorekeeper.sync.referee).
    REFEREE_NO_SEATING_FILE = "referee_no_seating_file"
    REFEREE_OTHER_RULESET = "referee_other_ruleset"
    REFEREE_NO_GAME = "referee_no_game"
    REFEREE_GAME_MOVED = "referee_game_moved"


class ScorekeeperError(Exception):
    """The root of every exception the project raises on purpose.

    Attributes:
        code: what went wrong by a stable name (:class:`ErrorCode`), for a program that words it itself; None where
            the error has none (the message is then the only wording).
        fields: the values the message names, by name (``{"points": 800}``): what a wording in another language
            needs besides the code.
    """

    code: ErrorCode | None = None
    fields: Mapping[str, object] = MappingProxyType({})

    def __init__(
        self, *args: object, code: ErrorCode | None = None, fields: Mapping[str, object] | None = None
    ) -> None:
        super().__init__(*args)
        if code is not None:
            self.code = code
        if fields:
            self.fields = dict(fields)  # a copy (a plain dict: an error crosses to a worker process by pickle)


class TileParseError(ScorekeeperError, ValueError):
    """Tile notation that cannot be read.

    Attributes:
        text: the whole text that was being parsed.
        position: the index of the offending character in ``text``.
    """

    def __init__(
        self,
        message: str,
        *,
        text: str,
        position: int,
        code: ErrorCode | None = None,
        fields: Mapping[str, object] | None = None,
    ) -> None:
        # The code follows from the text and position unless the raise site names it (one tile expected, more read).
        super().__init__(
            message,
            code=code or _tile_code(text, position),
            fields={"text": text, "position": position, **(fields or {})},
        )
        self.text = text
        self.position = position

    def __reduce__(self) -> tuple[object, ...]:
        # An exception pickles by its args, and this one's text and position are keyword-only: without this it could
        # not be unpickled (a worker process hands its errors back by pickle).
        return (_tile_parse_error, (str(self), self.text, self.position, self.code, dict(self.fields)))


def _tile_parse_error(
    message: str, text: str, position: int, code: ErrorCode | None, fields: Mapping[str, object]
) -> TileParseError:
    return TileParseError(message, text=text, position=position, code=code, fields=fields)


def _tile_code(text: str, position: int) -> ErrorCode:
    """What is wrong at ``position`` of tile notation, read from the text (every notation parser refuses one of
    four things: a character that is no notation, a suit letter with no digits, no such tile, digits with no letter)."""
    char = text[position : position + 1]
    if char.isascii() and char.isdigit():
        rest = text[position:].lstrip("0123456789")
        return ErrorCode.TILE_NO_SUIT if not rest.strip() else ErrorCode.TILE_NO_SUCH_TILE
    if char in {"m", "p", "s", "z", "f"}:
        return ErrorCode.TILE_NO_DIGITS
    return ErrorCode.TILE_UNEXPECTED_CHARACTER


class InvalidHandError(ScorekeeperError, ValueError):
    """A hand that cannot exist: a fifth copy, a wrong count, a malformed meld, a winning tile not in the hand."""


class InvalidContextError(ScorekeeperError, ValueError):
    """Win conditions that contradict each other or the hand (riichi on an open hand, chankan with tsumo...)."""


class NotWinningError(ScorekeeperError, ValueError):
    """The tiles do not form a complete hand."""

    # The scorer raises these per refused hand in bulk scoring (issue 15) and they take no code (the GUI words them
    # by kind): the built-in constructor, not ScorekeeperError's keyword one (0.7 us a raise, not 1.6, measured).
    __init__ = ValueError.__init__


class NoYakuError(ScorekeeperError, ValueError):
    """A complete hand with no yaku: it cannot win (dora alone is never a yaku)."""

    __init__ = ValueError.__init__  # as NotWinningError's


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

    def __init__(
        self,
        message: str,
        *,
        path: Path | str,
        code: ErrorCode | None = None,
        fields: Mapping[str, object] | None = None,
    ) -> None:
        from pathlib import Path  # not at module top: the command line's start-up does without pathlib

        super().__init__(message, code=code, fields={"path": str(path), **(fields or {})})
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

    code = ErrorCode.STALE_WRITE

    def __init__(self, message: str, *, game_id: int, expected: int, found: int) -> None:
        super().__init__(message, fields={"game_id": game_id})
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

    code = ErrorCode.DATABASE_LOCKED


class TournamentError(ScorekeeperError, ValueError):
    """Tournament input that cannot be used: a bad player list or seating, a game whose players do not match it."""


class TournamentServerError(ScorekeeperError):
    """The tournament's database server cannot be reached, refuses the login, or fails a request.

    Messages never carry a password: connection details are named by server, database and user only.
    """


class SyncConflictError(TournamentServerError):
    """A table's change was built on a log position the server has moved past (a referee changed the game)."""
