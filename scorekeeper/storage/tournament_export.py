"""Tournament exports: the standings and every game as CSV, and the EMA results form.

The EMA results form (what the EMA asks of a tournament to rank it): one line per ranked player with the rank,
the name, the EMA id, the country and the tournament points, and beside it the player's MERS base rank,
``1000 x (players - rank) / (players - 1)`` (the EMA ranking's own formula: the winner 1000, the last 0; players
sharing a rank share its base rank), to two decimals. Substitutes are left out: they are ranked nowhere.

CSV is UTF-8 with a byte-order mark and CRLF line ends, text cells guarded against spreadsheet formulas as in
:mod:`scorekeeper.storage.records`.
"""

from __future__ import annotations

from collections.abc import Sequence
from fractions import Fraction
from pathlib import Path

from scorekeeper.errors import TournamentError
from scorekeeper.storage.files import read_bytes
from scorekeeper.storage.records import _csv, _text
from scorekeeper.tournament import Standings, Tournament, compute_standings, correction_lines, format_tenths

__all__ = [
    "EMA_COLUMNS",
    "format_corrections_csv",
    "format_ema_csv",
    "format_games_csv",
    "format_standings_csv",
    "mers_base_rank",
    "read_csv_text",
]

#: The largest players or seating CSV read (a 10,000-player list is under 1 MB).
MAX_CSV_BYTES = 10_000_000

#: The EMA results form's columns.
EMA_COLUMNS = ("rank", "player", "ema_id", "country", "points", "base_rank")


def read_csv_text(path: Path, what: str) -> str:
    """The text of a players or seating CSV file: a regular file, at most 10 MB, UTF-8 (a byte-order mark is fine).

    Raises:
        SaveFileError: the file is missing, unreadable, not a regular file or too large.
        TournamentError: it is not UTF-8 text.
    """
    data = read_bytes(path, max_bytes=MAX_CSV_BYTES, what=what)
    try:
        return data.decode("utf-8-sig")
    except UnicodeDecodeError as error:
        raise TournamentError(f"{path}: {what} must be UTF-8 text (byte {error.start} is not)") from None


def mers_base_rank(rank: int, players: int) -> Fraction:
    """The MERS base rank of ``rank`` among ``players``: ``1000 x (players - rank) / (players - 1)``.

    A tournament of one player gives 1000.
    """
    if players <= 1:
        return Fraction(1000)
    return Fraction(1000 * (players - rank), players - 1)


def _two_decimals(value: Fraction) -> str:
    hundredths = (value * 100).__round__()  # half to even on exact halves: base ranks are rarely exact halves
    sign = "-" if hundredths < 0 else ""
    whole, part = divmod(abs(hundredths), 100)
    return f"{sign}{whole}.{part:02d}"


def format_ema_csv(tournament: Tournament, standings: Standings | None = None) -> bytes:
    """The EMA results form as CSV bytes: rank, player, EMA id, country, points, MERS base rank."""
    standings = standings or compute_standings(tournament)
    count = len(standings.rows)
    rows: list[Sequence[object]] = [EMA_COLUMNS]
    for row in standings.rows:
        player = tournament.player(row.player)
        rows.append(
            (
                row.rank,
                _text(player.name),
                _text(player.ema_id),
                _text(player.country),
                format_tenths(row.points_tenths),
                _two_decimals(mers_base_rank(row.rank, count)),
            )
        )
    return _csv(rows)


def format_standings_csv(tournament: Tournament, standings: Standings | None = None) -> bytes:
    """The standings as CSV: rank, player, points, games, penalties, then each session's points; teams below."""
    standings = standings or compute_standings(tournament)
    sessions = tournament.settings.sessions
    rows: list[Sequence[object]] = [
        ("rank", "player", "points", "games", "penalties", *(f"session {k}" for k in range(1, sessions + 1)))
    ]
    for row in standings.rows:
        rows.append(
            (
                row.rank,
                _text(row.player),
                format_tenths(row.points_tenths),
                row.games,
                format_tenths(row.penalties_tenths),
                *("" if p is None else format_tenths(p) for p in row.session_points_tenths),
            )
        )
    if standings.teams:
        rows.append(())
        rows.append(("rank", "team", "points", "members"))
        rows.extend(
            (t.rank, _text(t.team), format_tenths(t.points_tenths), _text(", ".join(t.members)))
            for t in standings.teams
        )
    return _csv(rows)


def format_games_csv(tournament: Tournament) -> bytes:
    """Every recorded game as CSV: session, table, game id, state, then per seat the player, score and points."""
    rows: list[Sequence[object]] = [
        (
            "session",
            "table",
            "game",
            "state",
            "hands",
            *(
                f"{wind} {what}"
                for wind in ("east", "south", "west", "north")
                for what in ("player", "score", "points")
            ),
        )
    ]
    for game in tournament.games:
        state = game.state(tournament.settings)
        sheet = state.standings()
        seats: list[object] = []
        for seat, name in enumerate(game.players):
            seats.extend((_text(name), sheet.scores[seat], format_tenths(sheet.points_tenths[seat])))
        rows.append(
            (
                game.session,
                game.table,
                _text(game.game_id),
                "finished" if state.ended else "running",
                len(state.hands),
                *seats,
            )
        )
    return _csv(rows)


def format_corrections_csv(tournament: Tournament) -> bytes:
    """Every correction to a played hand as CSV: session, table, game, the correction's event number in the game's
    log, what it did (edited, deleted, inserted), the hand (number and round), then per seat the player and the
    change it made to their points for the game (``14.2``, ``-14.2``; ``0.0`` for those it did not touch)."""
    rows: list[Sequence[object]] = [
        (
            "session",
            "table",
            "game",
            "event",
            "correction",
            "hand",
            *(f"{wind} {what}" for wind in ("east", "south", "west", "north") for what in ("player", "change")),
        )
    ]
    for line in correction_lines(tournament):
        seats: list[object] = []
        for name, change in line.points_tenths:
            seats.extend((_text(name), format_tenths(change)))
        rows.append((line.session, line.table, _text(line.game_id), line.event, line.kind, line.hand, *seats))
    return _csv(rows)
