"""The seating model and its file format: a session's tables, each with four names East first, and the
prescripted seating CSV."""

from __future__ import annotations

import csv
import enum
import io
from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any

from scorekeeper.errors import TournamentError
from scorekeeper.tournament.players import name_key

__all__ = [
    "SEATING_COLUMNS",
    "Seating",
    "SeatingMethod",
    "TableSeating",
    "bye_seat",
    "bye_table_order",
    "format_seating_csv",
    "is_bye_seat",
    "parse_seating_csv",
]

#: The columns of a prescripted seating CSV (``session`` optional when the file holds one session).
SEATING_COLUMNS = ("session", "table", "east", "south", "west", "north")


#: The stand-ins the automatic seating puts at the table of those who sit out (seating/byes.py): a name no player
#: can have (a control character), so the search plans the byes with the tables. Never stored or shown.
_BYE_SEAT = "\x00bye:{}"


def bye_seat(number: int) -> str:
    """The ``number``-th stand-in seat of the table of those who sit out (1 to 3)."""
    return _BYE_SEAT.format(number)


def is_bye_seat(name: str) -> bool:
    """Whether ``name`` is a stand-in seat of the table of those who sit out."""
    return name.startswith("\x00bye:")


def bye_table_order(seats: tuple[str, str, str, str]) -> tuple[str, str, str, str]:
    """A table's seats with the stand-ins of those who sit out last, in their order (the others' order kept): the
    table of those who sit out reads the same whichever winds the plan gave it, so a session played as planned is
    found in the plan again. Any other table is returned as it is."""
    if not any(map(is_bye_seat, seats)):
        return seats
    real = [name for name in seats if not is_bye_seat(name)]
    stand_ins = sorted(name for name in seats if is_bye_seat(name))
    ordered = (*real, *stand_ins)
    return (ordered[0], ordered[1], ordered[2], ordered[3])


class SeatingMethod(enum.StrEnum):
    """How a session's seating is made."""

    AUTO = "auto"
    RANDOM = "random"
    SWISS = "swiss"  # by the standings, avoiding rematches among near ranks (seating/swiss.py)
    SWISS_STRICT = "swiss_strict"  # by the standings in strict rank order
    FILE = "file"


@dataclass(frozen=True, slots=True)
class TableSeating:
    """One table: its number (from 1) and the four names, East first (East is seat 0, the first dealer)."""

    table: int
    seats: tuple[str, str, str, str]

    def __post_init__(self) -> None:
        if isinstance(self.table, bool) or not isinstance(self.table, int) or self.table < 1:
            raise TournamentError(f"a table number is 1 or more, got {self.table!r:.40}")
        if not isinstance(self.seats, tuple) or len(self.seats) != 4 or not all(isinstance(s, str) for s in self.seats):
            raise TournamentError(f"table {self.table} needs four names (East, South, West, North)")
        if len({name_key(s) for s in self.seats}) != 4:
            raise TournamentError(f"table {self.table}: a player is seated twice: {', '.join(self.seats)}")


@dataclass(frozen=True, slots=True, kw_only=True)
class Seating:
    """A session's seating: tables numbered 1..n, every name once.

    Attributes:
        session: the session (1-based).
        tables: the tables in order of number.
        byes: the players who sit this session out (a tournament whose field is not a multiple of four seated
            with byes, ``TournamentSettings.short_field``), in the order chosen; none of them is seated.
    """

    session: int
    tables: tuple[TableSeating, ...]
    byes: tuple[str, ...] = ()

    def __post_init__(self) -> None:
        if isinstance(self.session, bool) or not isinstance(self.session, int) or self.session < 1:
            raise TournamentError(f"a session number is 1 or more, got {self.session!r:.40}")
        object.__setattr__(self, "tables", tuple(sorted(self.tables, key=lambda t: t.table)))
        numbers = [t.table for t in self.tables]
        if numbers != list(range(1, len(numbers) + 1)):
            raise TournamentError(f"session {self.session}: tables must be numbered 1 to {len(numbers)}, got {numbers}")
        names = Counter(name_key(name) for t in self.tables for name in t.seats)
        twice = sorted(name for name, count in names.items() if count > 1)
        if twice:
            raise TournamentError(f"session {self.session}: {twice[0]!r} is seated at two tables")
        object.__setattr__(self, "byes", tuple(self.byes))
        if not all(isinstance(name, str) and name for name in self.byes):
            raise TournamentError(f"session {self.session}: a bye names a player, got {self.byes!r:.120}")
        out = Counter(name_key(name) for name in self.byes)
        both = sorted(name for name in out if name in names or out[name] > 1)
        if both:
            raise TournamentError(f"session {self.session}: {both[0]!r} has a bye and is seated, or two byes")

    @property
    def names(self) -> tuple[str, ...]:
        """Everyone seated, table by table, East first."""
        return tuple(name for t in self.tables for name in t.seats)

    def table(self, number: int) -> TableSeating:
        """Table ``number``.

        Raises:
            TournamentError: when there is no such table.
        """
        if not 1 <= number <= len(self.tables):
            raise TournamentError(f"session {self.session} has tables 1 to {len(self.tables)}, not table {number}")
        return self.tables[number - 1]

    def to_json(self) -> dict[str, Any]:
        """The CLI's shape: ``{"session": K, "tables": [{"table": 1, "seats": [E, S, W, N]}, ...]}``, and
        ``"byes": [...]`` when someone sits out."""
        return {
            "session": self.session,
            "tables": [{"table": t.table, "seats": list(t.seats)} for t in self.tables],
            **({"byes": list(self.byes)} if self.byes else {}),
        }


def parse_seating_csv(text: str, session: int) -> Seating:
    """Session ``session``'s seating from a prescripted CSV: a header row ``session,table,east,south,west,north``
    (``session`` may be left out when the file holds one session's seating).

    Raises:
        TournamentError: for a bad header or row, naming the line, or when the file has no table for the session.
    """
    rows = csv.reader(io.StringIO(text.lstrip("\ufeff")))
    try:
        header = [h.strip().casefold() for h in next(rows)]
    except StopIteration:
        raise TournamentError("seating CSV is empty: it needs a header row table,east,south,west,north") from None
    except csv.Error as error:
        raise TournamentError(f"seating CSV line 1: {error}") from None
    wanted = ["table", "east", "south", "west", "north"]
    if header not in (wanted, ["session", *wanted]):
        raise TournamentError(
            f"seating CSV header must be {','.join(SEATING_COLUMNS)} (session optional), got {header}"
        )
    tables: list[TableSeating] = []
    try:
        for line, row in enumerate(rows, start=2):
            cells = [cell.strip() for cell in row]
            if not any(cells):
                continue
            if len(cells) != len(header):
                raise TournamentError(f"seating CSV line {line}: {len(cells)} fields, the header has {len(header)}")
            if len(header) == 6:
                if not cells[0].isdigit():
                    raise TournamentError(f"seating CSV line {line}: session must be a number, got {cells[0]!r:.20}")
                if int(cells[0]) != session:
                    continue
                cells = cells[1:]
            if not cells[0].isdigit():
                raise TournamentError(f"seating CSV line {line}: table must be a number, got {cells[0]!r:.20}")
            try:
                tables.append(TableSeating(int(cells[0]), (cells[1], cells[2], cells[3], cells[4])))
            except TournamentError as error:
                raise TournamentError(f"seating CSV line {line}: {error}") from None
    except csv.Error as error:
        raise TournamentError(f"seating CSV: {error}") from None
    if not tables:
        raise TournamentError(f"seating CSV has no table for session {session}")
    return Seating(session=session, tables=tuple(tables))


def format_seating_csv(seatings: Iterable[Seating]) -> str:
    """Seatings as the prescripted CSV (with the session column); :func:`parse_seating_csv` reads each back."""
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    writer.writerow(SEATING_COLUMNS)
    for seating in seatings:
        for table in seating.tables:
            writer.writerow([seating.session, table.table, *table.seats])
    return out.getvalue()
