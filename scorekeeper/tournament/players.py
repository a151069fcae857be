"""Tournament players: who they are, where they come from, substitutes and drop-outs, and the players CSV.

A substitute (EMA style) sits in where a table would otherwise be short: their results count for the table (the
other three players' points are real) but they appear in no ranking. A player who drops out keeps the results of
the sessions they played and is seated no more.
"""

from __future__ import annotations

import csv
import enum
import io
import unicodedata
from collections.abc import Iterable
from dataclasses import dataclass

from scorekeeper.errors import TournamentError
from scorekeeper.session.names import NameProblem, name_key, player_name_problem

__all__ = [
    "MAX_NAME",
    "MAX_PLAYERS",
    "PLAYER_COLUMNS",
    "Player",
    "PlayersCsvError",
    "PlayersCsvProblem",
    "check_new_player",
    "format_players_csv",
    "name_key",
    "parse_players_csv",
    "validate_roster",
]

#: The longest name or field (a game record allows 100 characters per name).
MAX_NAME = 100
#: More players than any tournament has; refuses a hostile file early.
MAX_PLAYERS = 10_000
#: The columns of the players CSV: ``name`` is required, the rest optional (issue 13).
PLAYER_COLUMNS = ("name", "ema_id", "country", "club", "team", "substitute")
_TRUE = frozenset({"1", "yes", "true", "y", "x"})
_FALSE = frozenset({"", "0", "no", "false", "n"})


class PlayersCsvProblem(enum.StrEnum):
    """Why a players CSV is refused (stable values: a GUI words each in its own language)."""

    EMPTY_FILE = "empty_file"  # no header row at all
    NOT_CSV = "not_csv"  # the csv module cannot read it (a NUL, a quote left open); ``detail`` is its reason
    NO_NAME_COLUMN = "no_name_column"  # the header row has no ``name``
    UNKNOWN_COLUMN = "unknown_column"  # ``field`` is a column not in PLAYER_COLUMNS
    REPEATED_COLUMN = "repeated_column"  # a column is named twice in the header row
    TOO_MANY_FIELDS = "too_many_fields"  # ``count`` fields on ``line``, more than the header's ``columns``
    TOO_MANY_PLAYERS = "too_many_players"  # more than MAX_PLAYERS
    BAD_NAME = "bad_name"  # ``name_problem`` says why the name on ``line`` is refused
    BAD_FIELD = "bad_field"  # ``field`` on ``line`` is not one line of at most MAX_NAME characters
    BAD_SUBSTITUTE = "bad_substitute"  # the substitute column on ``line`` is neither yes nor no (``value``)
    DUPLICATE_NAME = "duplicate_name"  # the name on ``line`` repeats the one on ``other_line`` (name_key)
    NO_PLAYERS = "no_players"  # a header row and no player


class PlayersCsvError(TournamentError):
    """A players CSV that cannot be used: the English message as before, and what a GUI needs to word it itself.

    Attributes:
        kind: what is wrong.
        line: the file's line (1 is the header row), or None when the problem is the file's as a whole.
        field: the column concerned (``name``, ``club``...), or empty.
        value: the refused text (a field's value, a name), or empty.
        name_problem: for :attr:`PlayersCsvProblem.BAD_NAME`, the session's reason.
        other_line: for a duplicate, the line of the name it repeats.
        count: fields on the line (too many fields) or the limit (too many players); else 0.
        columns: the header's number of columns (too many fields); else 0.
        detail: the csv module's own reason (not CSV), else empty.
    """

    def __init__(
        self,
        message: str,
        *,
        kind: PlayersCsvProblem,
        line: int | None = None,
        field: str = "",
        value: str = "",
        name_problem: NameProblem | None = None,
        other_line: int | None = None,
        count: int = 0,
        columns: int = 0,
        detail: str = "",
    ) -> None:
        super().__init__(message)
        self.kind = kind
        self.line = line
        self.field = field
        self.value = value
        self.name_problem = name_problem
        self.other_line = other_line
        self.count = count
        self.columns = columns
        self.detail = detail


def _is_one_line(value: object) -> bool:
    return (
        isinstance(value, str)
        and len(value) <= MAX_NAME
        and not any(unicodedata.category(c) in {"Cc", "Zl", "Zp"} for c in value)
    )


def _check_field(value: object, what: str, *, required: bool = False) -> None:
    if not isinstance(value, str) or not _is_one_line(value):
        raise TournamentError(f"{what} must be a one-line text of at most {MAX_NAME} characters, got {value!r:.80}")
    if required and not value.strip():
        raise TournamentError(f"{what} must not be empty")
    if value != value.strip():
        raise TournamentError(f"{what} must not start or end with spaces, got {value!r:.80}")


@dataclass(frozen=True, slots=True, kw_only=True)
class Player:
    """A tournament player.

    Attributes:
        name: the name, unique in the tournament (it is what the seating and game records show).
        ema_id: the EMA number, or empty.
        country: the country (code or name), or empty.
        club: the club, or empty.
        team: the team, or empty (team standings sum the members).
        substitute: a substitute: plays where a table is short, ranked nowhere.
        dropped_after: the last session the player played before dropping out (0: before the first), or None.
        disqualified: why the referee disqualified the player (EMA 2025 6.12, RCR 2016 5.8), or None; a disqualified
            player is out of the tournament after ``dropped_after`` as a drop-out is.
    """

    name: str
    ema_id: str = ""
    country: str = ""
    club: str = ""
    team: str = ""
    substitute: bool = False
    dropped_after: int | None = None
    disqualified: str | None = None

    def __post_init__(self) -> None:
        _check_field(self.name, "a player's name", required=True)
        for what in ("ema_id", "country", "club", "team"):
            _check_field(getattr(self, what), f"{self.name}'s {what}")
        if not isinstance(self.substitute, bool):
            raise TournamentError(f"{self.name}'s substitute flag must be true or false, got {self.substitute!r}")
        if self.dropped_after is not None and (
            isinstance(self.dropped_after, bool) or not isinstance(self.dropped_after, int) or self.dropped_after < 0
        ):
            raise TournamentError(f"{self.name}'s drop-out session must be 0 or more, got {self.dropped_after!r}")
        if self.disqualified is not None:
            if not isinstance(self.disqualified, str) or not self.disqualified.strip() or len(self.disqualified) > 500:
                raise TournamentError(
                    f"{self.name}'s disqualification needs a reason (a text of at most 500 characters)"
                )
            if self.dropped_after is None:
                raise TournamentError(f"{self.name} is disqualified: the session they leave after must be given")

    def plays_in(self, session: int) -> bool:
        """Whether the player is still in the tournament for ``session`` (1-based)."""
        return self.dropped_after is None or session <= self.dropped_after


def validate_roster(players: Iterable[Player]) -> tuple[str, ...]:
    """The problems of a list of players (duplicate names, too many), empty when it is usable."""
    problems: list[str] = []
    seen: set[str] = set()
    count = 0
    for player in players:
        count += 1
        # The same player as the session judges names (scorekeeper.session.names.name_key).
        key = name_key(player.name)
        if key in seen:
            problems.append(f"player {player.name!r} is listed twice (names must differ, ignoring case)")
        seen.add(key)
    if count > MAX_PLAYERS:
        problems.append(f"{count} players: at most {MAX_PLAYERS} are allowed")
    return tuple(problems)


def check_new_player(player: Player) -> None:
    """Refuse a name a new registration may not take (``scorekeeper.session.names``, the one judge of names).

    :class:`Player` itself refuses the worst (empty, multi-line, padded) wherever it is made, a stored one too;
    a registration (the players CSV, a late player, a substitute) is also refused a name the session refuses a new
    game, such as one that shows nothing or holds a bidirectional control. A stored tournament keeps loading.

    Raises:
        TournamentError: naming the problem.
    """
    problem = player_name_problem(player.name)
    if problem is not None:
        raise TournamentError(problem.describe("a player"))


def _flag(text: str, line: int) -> bool:
    value = text.strip().casefold()
    if value in _TRUE:
        return True
    if value in _FALSE:
        return False
    raise PlayersCsvError(
        f"players CSV line {line}: substitute must be yes or no, got {text!r:.40}",
        kind=PlayersCsvProblem.BAD_SUBSTITUTE,
        line=line,
        field="substitute",
        value=text,
    )


def _row_error(message: str, line: int, cells: dict[str, str]) -> PlayersCsvError:
    """The structured error for a row :class:`Player` or :func:`check_new_player` refused (``message`` theirs)."""
    problem = player_name_problem(cells["name"])
    if problem is not None:
        return PlayersCsvError(
            message, kind=PlayersCsvProblem.BAD_NAME, line=line, field="name", value=cells["name"], name_problem=problem
        )
    field = next((f for f in PLAYER_COLUMNS if f in cells and not _is_one_line(cells[f])), "")
    return PlayersCsvError(
        message, kind=PlayersCsvProblem.BAD_FIELD, line=line, field=field, value=cells.get(field, "")
    )


def parse_players_csv(text: str) -> tuple[Player, ...]:
    """Players from CSV text with a header row: ``name`` required; ``ema_id``, ``country``, ``club``, ``team``,
    ``substitute`` optional (issue 13). Blank lines are skipped; fields are trimmed.

    Raises:
        PlayersCsvError: for a missing ``name`` column, an unknown column, a bad row or a duplicate name, naming
            the line (and carrying the line, the column and the kind of problem, for a GUI to word).
    """
    rows = csv.reader(io.StringIO(text.lstrip("\ufeff")))
    try:
        header = [h.strip().casefold() for h in next(rows)]
    except StopIteration:
        raise PlayersCsvError(
            "players CSV is empty: it needs a header row with at least 'name'", kind=PlayersCsvProblem.EMPTY_FILE
        ) from None
    except csv.Error as error:
        raise PlayersCsvError(
            f"players CSV line 1: {error}", kind=PlayersCsvProblem.NOT_CSV, line=1, detail=str(error)
        ) from None
    if "name" not in header:
        raise PlayersCsvError(
            f"players CSV needs a 'name' column in its header row, got {header!r:.120}",
            kind=PlayersCsvProblem.NO_NAME_COLUMN,
            line=1,
        )
    unknown = [h for h in header if h not in PLAYER_COLUMNS]
    if unknown:
        raise PlayersCsvError(
            f"players CSV: unknown column {unknown[0]!r} (known: {', '.join(PLAYER_COLUMNS)})",
            kind=PlayersCsvProblem.UNKNOWN_COLUMN,
            line=1,
            field=unknown[0],
        )
    if len(set(header)) != len(header):
        raise PlayersCsvError(
            "players CSV: a column is named twice in the header row",
            kind=PlayersCsvProblem.REPEATED_COLUMN,
            line=1,
            field=next(h for h in header if header.count(h) > 1),
        )
    players: list[Player] = []
    lines: dict[str, int] = {}  # name_key -> the line it was first on
    duplicate: PlayersCsvError | None = None
    line = 1
    try:
        for line, row in enumerate(rows, start=2):
            if not any(cell.strip() for cell in row):
                continue
            if len(row) > len(header):
                raise PlayersCsvError(
                    f"players CSV line {line}: {len(row)} fields, the header has {len(header)}",
                    kind=PlayersCsvProblem.TOO_MANY_FIELDS,
                    line=line,
                    count=len(row),
                    columns=len(header),
                )
            if len(players) >= MAX_PLAYERS:
                raise PlayersCsvError(
                    f"players CSV: more than {MAX_PLAYERS} players",
                    kind=PlayersCsvProblem.TOO_MANY_PLAYERS,
                    line=line,
                    count=MAX_PLAYERS,
                )
            cells = {h: (row[k].strip() if k < len(row) else "") for k, h in enumerate(header)}
            try:
                player = Player(
                    name=cells["name"],
                    ema_id=cells.get("ema_id", ""),
                    country=cells.get("country", ""),
                    club=cells.get("club", ""),
                    team=cells.get("team", ""),
                    substitute=_flag(cells.get("substitute", ""), line),
                )
                check_new_player(player)
                players.append(player)
            except PlayersCsvError:
                raise
            except TournamentError as error:
                raise _row_error(f"players CSV line {line}: {error}", line, cells) from None
            key = name_key(player.name)
            if key in lines and duplicate is None:  # said after the whole file is read, as validate_roster does
                duplicate = PlayersCsvError(
                    f"players CSV: player {player.name!r} is listed twice (names must differ, ignoring case)",
                    kind=PlayersCsvProblem.DUPLICATE_NAME,
                    line=line,
                    field="name",
                    value=player.name,
                    other_line=lines[key],
                )
            lines.setdefault(key, line)
    except csv.Error as error:
        raise PlayersCsvError(
            f"players CSV: {error}", kind=PlayersCsvProblem.NOT_CSV, line=line + 1, detail=str(error)
        ) from None
    if duplicate is not None:
        raise duplicate
    problems = validate_roster(players)
    if problems:  # nothing beyond the duplicates and the count checked above; kept as the one judge of a roster
        raise TournamentError(f"players CSV: {problems[0]}")
    if not players:
        raise PlayersCsvError("players CSV has a header row but no players", kind=PlayersCsvProblem.NO_PLAYERS)
    return tuple(players)


def format_players_csv(players: Iterable[Player]) -> str:
    """The players as CSV with every column; :func:`parse_players_csv` reads it back equal (drop-outs aside)."""
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    writer.writerow(PLAYER_COLUMNS)
    for p in players:
        writer.writerow([p.name, p.ema_id, p.country, p.club, p.team, "yes" if p.substitute else ""])
    return out.getvalue()
