"""Player names: the one judge of which names a new game or a tournament may take.

A name is what every sheet, column and seating shows, and what says who is who. A new game or a tournament
therefore refuses a name that is empty or only spaces (nobody could tell the seat), that holds a line break, a tab
or another control character (it splits the replay table's row and the CSV line it is written in), a bidirectional
control (it reorders the text around it, so the columns after it read in another order), that starts or ends with
spaces (two names that differ only there look the same), that is longer than :data:`MAX_NAME`, or that is the same
name as another player's, as :func:`name_key` compares them.

Only creation asks (``Session.start``, the tournament's registration, late players and substitutes, and a new
or renamed player registry entry: :func:`check_entry_name`): a stored game or a game record keeps loading with
whatever names it has (a refused old game would be a lost game), and :func:`validate_player_names` answers for a
form that wants to show every problem at its field before anything is written.
"""

from __future__ import annotations

import enum
import re
import unicodedata
from collections.abc import Iterable
from dataclasses import dataclass
from typing import assert_never

from scorekeeper.errors import IllegalActionError

__all__ = [
    "MAX_NAME",
    "NameProblem",
    "NameProblemKind",
    "PlayerNameError",
    "check_entry_name",
    "check_player_names",
    "entry_name_problem",
    "escape_controls",
    "name_key",
    "player_name_problem",
    "validate_player_names",
]

#: The longest name a new game, player or tournament entry takes: a length players accept that still fits the table's
#: seat panel, the History's point columns and the "who dealt in?" question at 1280x720 (issue 24: a longer name
#: pushed the History's columns behind a sideways scroll bar). Stored games and records keep the names they have (the
#: game-record format allows 100 characters per name); the GUI elides a longer one where it draws it.
MAX_NAME = 24

# Characters that move or hide the text after them rather than show: the bidirectional embeddings, overrides and
# isolates and the marks (Unicode Standard Annex #9, "Explicit Directional Formatting Characters" and table 4);
# a name holding one reorders the cells after it in a row. The zero-width joiners (U+200C, U+200D) are not here:
# Persian names and emoji sequences need them.
_BIDI_CONTROLS = frozenset("\u061c\u200e\u200f\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069")
# Control characters (Cc: NUL, tab, newline...), the line and paragraph separators (Zl, Zp) and lone surrogates
# (Cs: not text at all; they cannot even be written as UTF-8).
_CONTROL_CATEGORIES = frozenset({"Cc", "Zl", "Zp", "Cs"})
# What shows nothing on its own: spaces (Zs) and format characters (Cf, e.g. a zero-width space U+200B).
_INVISIBLE_CATEGORIES = frozenset({"Zs", "Cf", "Cc", "Zl", "Zp"})


_CONTROLS_SHOWN = re.compile(
    "[\x00-\x08\x0b-\x1f\x7f-\x9f\u2028\u2029\ud800-\udfff" + "".join(sorted(_BIDI_CONTROLS)) + "]"
)


def escape_controls(text: str) -> str:
    """``text`` with what a name may not hold (:func:`player_name_problem`'s control characters, separators, lone
    surrogates and bidirectional controls; tab and newline aside) written as ``\\uXXXX``, for a terminal.

    A stored or imported game keeps its names as they came, so a name may hold an escape sequence that would
    recolour or clear a terminal; a file name may hold bytes that are not UTF-8 (Python keeps them as lone
    surrogates, which no UTF-8 output takes). Written this way both are visible and harmless, and valid in a JSON
    string too.
    """
    return _CONTROLS_SHOWN.sub(lambda match: f"\\u{ord(match.group()):04x}", text)


def name_key(name: str) -> str:
    """What makes two names the same player: equal after Unicode NFKC normalization and case folding.

    ``Zoë`` typed on one laptop may be ``o`` plus a combining diaeresis (NFD, as macOS files names) and on another
    the one character ``ë`` (NFC); a full-width ``Ａｎｎａ`` from a Japanese input method is ``Anna``. They look the
    same on every sheet, so they must be one player, never two. NFKC with case folding is the Unicode Standard's
    identifier match (UAX #31 section 5, "NFKC_Casefold"; UAX #15 for the normal forms).
    """
    return unicodedata.normalize("NFKC", unicodedata.normalize("NFKC", name).casefold())


class NameProblemKind(enum.StrEnum):
    """Why a name is refused (stable values: a GUI words each in its own language)."""

    EMPTY = "empty"  # nothing, or only spaces and invisible characters
    CONTROL = "control"  # a line break, tab, other control character or bidirectional control
    SPACES = "spaces"  # starts or ends with spaces
    TOO_LONG = "too_long"  # more than MAX_NAME characters
    DUPLICATE = "duplicate"  # the same name as an earlier player's (name_key)
    NOT_TEXT = "not_text"  # not a string at all


@dataclass(frozen=True, slots=True, kw_only=True)
class NameProblem:
    """One refused name.

    Attributes:
        index: the name's position in the list given (a game: the seat, 0 = first dealer).
        kind: why it is refused.
        name: the name as given (``repr`` of it when it is not a string).
        other: for a duplicate, the position of the earlier name it repeats; else None.
    """

    index: int
    kind: NameProblemKind
    name: str
    other: int | None = None

    @property
    def message(self) -> str:
        """The problem in English, naming the player by position (a GUI words :attr:`kind` itself)."""
        return self.describe(f"player {self.index + 1}")

    def describe(self, who: str) -> str:
        """The problem in English, naming the player as ``who`` ("player 2", "a player") and quoting the name."""
        shown = repr(self.name)[:80]
        match self.kind:
            case NameProblemKind.EMPTY:
                return f"{who} has no name ({shown}): every player needs a name"
            case NameProblemKind.CONTROL:
                return (
                    f"{who}'s name {shown} holds a line break or control character: a name is one line of visible text"
                )
            case NameProblemKind.SPACES:
                return f"{who}'s name {shown} starts or ends with spaces"
            case NameProblemKind.TOO_LONG:
                return f"{who}'s name is {len(self.name)} characters long: at most {MAX_NAME}"
            case NameProblemKind.DUPLICATE:
                other = "another player" if self.other is None else f"player {self.other + 1}"
                return f"{who}'s name {shown} is {other}'s name too (names must differ, ignoring case)"
            case NameProblemKind.NOT_TEXT:
                return f"{who}'s name must be a text, got {shown}"
            case _:
                assert_never(self.kind)


class PlayerNameError(IllegalActionError):
    """Names a new game or tournament refuses; ``problems`` lists every one, the message names the first.

    ``who`` names the player in the message ("a player"); by default the first problem's position ("player 2").
    """

    def __init__(self, problems: Iterable[NameProblem], *, who: str | None = None) -> None:
        self.problems = tuple(problems)
        assert self.problems, "a PlayerNameError names at least one problem"
        more = len(self.problems) - 1
        first = self.problems[0]
        message = first.message if who is None else first.describe(who)
        super().__init__(message + (f" (and {more} more)" if more else ""))


def player_name_problem(name: object, index: int = 0) -> NameProblem | None:
    """What is wrong with one name on its own (duplicates aside), or None when it may be used.

    Args:
        name: the name.
        index: its position, carried into the problem.
    """
    if not isinstance(name, str):
        return NameProblem(index=index, kind=NameProblemKind.NOT_TEXT, name=repr(name))
    if any(unicodedata.category(c) in _CONTROL_CATEGORIES or c in _BIDI_CONTROLS for c in name):
        return NameProblem(index=index, kind=NameProblemKind.CONTROL, name=name)
    if all(unicodedata.category(c) in _INVISIBLE_CATEGORIES for c in name):
        return NameProblem(index=index, kind=NameProblemKind.EMPTY, name=name)
    if name != name.strip():
        return NameProblem(index=index, kind=NameProblemKind.SPACES, name=name)
    if len(name) > MAX_NAME:
        return NameProblem(index=index, kind=NameProblemKind.TOO_LONG, name=name)
    return None


def validate_player_names(names: Iterable[object]) -> tuple[NameProblem, ...]:
    """Every problem of a list of names, in order: each name's own, then repeats of an earlier name.

    Empty when the names may start a game or a tournament. A name with a problem of its own is not also reported
    as a duplicate.
    """
    problems: list[NameProblem] = []
    seen: dict[str, int] = {}
    for index, name in enumerate(names):
        problem = player_name_problem(name, index)
        if problem is not None:
            problems.append(problem)
            continue
        assert isinstance(name, str)
        key = name_key(name)
        if key in seen:
            problems.append(NameProblem(index=index, kind=NameProblemKind.DUPLICATE, name=name, other=seen[key]))
        else:
            seen[key] = index
    return tuple(problems)


def check_player_names(names: Iterable[object]) -> None:
    """Refuse names a new game or tournament may not take.

    Raises:
        PlayerNameError: naming every problem (:func:`validate_player_names`).
    """
    problems = validate_player_names(names)
    if problems:
        raise PlayerNameError(problems)


def entry_name_problem(name: object) -> NameProblem | None:
    """What is wrong with ``name`` as the name of a player registry entry (outer spaces aside), or None.

    An entry is one person across games: its name is shown at every seat it takes, so it is judged as a new game
    judges a name (:func:`player_name_problem`) once the outer spaces a form or a record may carry are taken off.
    Two entries may share a name (two people may), so there is no duplicate check here.
    """
    return player_name_problem(name.strip() if isinstance(name, str) else name)


def check_entry_name(name: object) -> str:
    """The name a player registry entry takes for ``name``: outer spaces taken off, then judged.

    Raises:
        PlayerNameError: a name a new game would refuse (empty, multi-line, too long, not text), naming "a player".
    """
    problem = entry_name_problem(name)
    if problem is not None:
        raise PlayerNameError((problem,), who="a player")
    assert isinstance(name, str)
    return name.strip()
