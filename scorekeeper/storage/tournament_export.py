"""Tournament exports: the standings and every game as CSV, and the EMA results form.

The EMA results form (what the EMA asks of a tournament to rank it): one line per ranked player with the rank,
the name, the EMA id, the country and the tournament points, and beside it the player's MERS base rank,
``1000 x (players - rank) / (players - 1)`` (the EMA ranking's own formula: the winner 1000, the last 0; players
sharing a rank share its base rank), to two decimals. Substitutes are left out: they are ranked nowhere; so is a
player registered late who has neither a game nor a seat yet: the form ranks those who took part.

CSV is UTF-8 with a byte-order mark and CRLF line ends, text cells guarded against spreadsheet formulas as in
:mod:`scorekeeper.storage.records`.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction
from pathlib import Path

from scorekeeper.errors import ErrorCode, TournamentError
from scorekeeper.session.names import name_key
from scorekeeper.storage.files import read_bytes
from scorekeeper.storage.records import _csv, _text
from scorekeeper.tournament import (
    Standings,
    StandingsRow,
    TableGame,
    Tournament,
    TournamentSettings,
    compute_standings,
    correction_lines,
    format_tenths,
)

__all__ = [
    "CORRECTIONS_COLUMNS",
    "EMA_COLUMNS",
    "GAMES_COLUMNS",
    "BaseRank",
    "SeatSpell",
    "format_base_rank",
    "format_corrections_csv",
    "format_ema_csv",
    "format_games_csv",
    "format_standings_csv",
    "mers_base_rank",
    "mers_base_ranks",
    "read_csv_text",
    "seat_spells",
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
        raise TournamentError(
            f"{path}: {what} must be UTF-8 text (byte {error.start} is not)",
            code=ErrorCode.FILE_NOT_UTF8,
            fields={"path": str(path), "byte": error.start},
        ) from None


def mers_base_rank(rank: int, players: int) -> Fraction:
    """The MERS base rank of ``rank`` among ``players``: ``1000 x (players - rank) / (players - 1)``.

    A tournament of one player gives 1000.
    """
    if players <= 1:
        return Fraction(1000)
    return Fraction(1000 * (players - rank), players - 1)


@dataclass(frozen=True, slots=True, kw_only=True)
class BaseRank:
    """A ranked player's MERS base rank in one tournament: what the tournament would bring to their EMA ranking
    before the EMA weighs it (the results form's ``base_rank``).

    Attributes:
        tournament: the tournament's name.
        player: the player's name in it.
        rank: their rank in the standings.
        players: how many players are ranked.
        base_rank: ``1000 x (players - rank) / (players - 1)``.
    """

    tournament: str
    player: str
    rank: int
    players: int
    base_rank: Fraction


def _took_part(tournament: Tournament, standings: Standings) -> list[tuple[StandingsRow, int]]:
    """The rows of the players who took part (a game recorded, or a seat in a session), each with its rank among
    them (a shared rank stays shared): a player registered late, neither seated nor with a game yet, sat at 0.0 in
    the middle of the standings and took a rank and a base rank from everyone below (issue 23, 4)."""
    seated = {name_key(name) for seating in tournament.seatings for table in seating.tables for name in table.seats}
    out: list[tuple[StandingsRow, int]] = []
    for row in standings.rows:
        if row.games == 0 and name_key(row.player) not in seated:
            continue
        shared = out and out[-1][0].rank == row.rank
        out.append((row, out[-1][1] if shared else len(out) + 1))
    return out


def mers_base_ranks(tournament: Tournament, standings: Standings | None = None) -> tuple[BaseRank, ...]:
    """Every ranked player's MERS base rank in ``tournament``, best first: the figures of :func:`format_ema_csv`.

    The players ranked are those who took part (a game, or a seat), ranked among themselves."""
    standings = standings or compute_standings(tournament)
    ranked = _took_part(tournament, standings)
    count = len(ranked)
    name = tournament.settings.name
    return tuple(
        BaseRank(tournament=name, player=row.player, rank=rank, players=count, base_rank=mers_base_rank(rank, count))
        for row, rank in ranked
    )


def _two_decimals(value: Fraction) -> str:
    hundredths = (value * 100).__round__()  # half to even on exact halves: base ranks are rarely exact halves
    sign = "-" if hundredths < 0 else ""
    whole, part = divmod(abs(hundredths), 100)
    return f"{sign}{whole}.{part:02d}"


def format_base_rank(value: Fraction) -> str:
    """A MERS base rank to two decimals, as the EMA results form writes it."""
    return _two_decimals(value)


def format_ema_csv(tournament: Tournament, standings: Standings | None = None) -> bytes:
    """The EMA results form as CSV bytes: rank, player, EMA id, country, points, MERS base rank."""
    standings = standings or compute_standings(tournament)
    rows: list[Sequence[object]] = [EMA_COLUMNS]
    ranked = _took_part(tournament, standings)
    for (row, rank), base in zip(ranked, mers_base_ranks(tournament, standings), strict=True):
        player = tournament.player(row.player)
        rows.append(
            (
                rank,
                _text(player.name),
                _text(player.ema_id),
                _text(player.country),
                format_tenths(row.points_tenths),
                _two_decimals(base.base_rank),
            )
        )
    return _csv(rows)


def format_standings_csv(tournament: Tournament, standings: Standings | None = None) -> bytes:
    """The standings as CSV: rank, player, points, games, penalties, then each session's points; teams below.

    A tournament with byes also has a ``byes`` column after ``games`` (the sessions sat out, ``2 4``); a bye's
    session holds what it scored (``TournamentSettings.bye_score``).
    """
    standings = standings or compute_standings(tournament)
    sessions = tournament.settings.sessions
    byes = tournament.settings.byes
    rows: list[Sequence[object]] = [
        (
            "rank",
            "player",
            "points",
            "games",
            *(("byes",) if byes else ()),
            "penalties",
            *(f"session {k}" for k in range(1, sessions + 1)),
        )
    ]
    for row in standings.rows:
        rows.append(
            (
                row.rank,
                _text(row.player),
                format_tenths(row.points_tenths),
                row.games,
                *((" ".join(map(str, row.byes)),) if byes else ()),
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


@dataclass(frozen=True, slots=True, kw_only=True)
class SeatSpell:
    """One player's spell at one seat of one game, as the games CSV and the tournament PDF show it.

    The figures are the standings' own (:attr:`GameResult.shares`, from ``seat_shares``): a seat a substitute took
    during the game gives a spell to each who sat there, and a seat's spells add up to the seat's result.

    Attributes:
        seat: the seat (0 East).
        player: who sat there.
        first_hand: the first hand they played, 1-based.
        hands: how many hands they played to a result (the one who sits at the seat now: up to now).
        score: the seat's table score when they left (the one who sits there now: its score now, or at the end).
        points_tenths: what the standings credit them with from this game, penalties included, in tenths.
        place: the seat's place for whoever finished the game there (or sits there now); None for one who left.
        left: whether they left the seat during the game.
    """

    seat: int
    player: str
    first_hand: int
    hands: int
    score: int
    points_tenths: int
    place: int | None
    left: bool


def seat_spells(game: TableGame, settings: TournamentSettings) -> tuple[SeatSpell, ...]:
    """Who played what at ``game``'s seats: a spell per player per seat, seat order, then in the order they sat.

    Raises:
        TournamentError: when the game's log cannot be played (naming it).
    """
    result = game.result(settings)  # the standings' shares, the very same numbers
    state = game.state(settings)
    played = len(state.hands)
    spells: list[SeatSpell] = []
    shares = result.shares
    for index, share in enumerate(shares):
        following = shares[index + 1] if index + 1 < len(shares) else None
        left = following is not None and following.seat == share.seat
        until = min(following.first_hand, played) if following is not None and left else played
        score = state.position_before(until).scores[share.seat] if left else result.sheet.scores[share.seat]
        spells.append(
            SeatSpell(
                seat=share.seat,
                player=share.player,
                first_hand=share.first_hand + 1,
                hands=max(0, until - share.first_hand),
                score=score,
                points_tenths=share.points_tenths + share.penalties_tenths,
                place=share.place,
                left=left,
            )
        )
    return tuple(spells)


_WIND_WORDS = ("east", "south", "west", "north")

#: The games CSV's columns: one row per player per seat per game.
GAMES_COLUMNS = (
    "session",
    "table",
    "game",
    "state",
    "hands",
    "seat",
    "player",
    "first hand",
    "hands played",
    "score",
    "points",
    "place",
    "left",
)


def format_games_csv(tournament: Tournament) -> bytes:
    """Every recorded game as CSV, one row per player who sat at a seat (:func:`seat_spells`).

    A row: session, table, game id, finished or running, the game's hands, the seat (east..north), the player, the
    first hand they played, how many they played, the seat's score when they left (or now, or at the end), their
    points from the game as the standings credit them (penalties included), the seat's place (for the one who
    finished there) and ``yes`` for one who left. A game without a substitute gives four rows, one per seat; a
    seat a substitute took during the game gives a row to each who sat there, and those rows' points add up to the
    seat's result.
    """
    rows: list[Sequence[object]] = [GAMES_COLUMNS]
    for game in tournament.games:
        state = game.state(tournament.settings)
        for spell in seat_spells(game, tournament.settings):
            rows.append(
                (
                    game.session,
                    game.table,
                    _text(game.game_id),
                    "finished" if state.ended else "running",
                    len(state.hands),
                    _WIND_WORDS[spell.seat],
                    _text(spell.player),
                    spell.first_hand,
                    spell.hands,
                    spell.score,
                    format_tenths(spell.points_tenths),
                    "" if spell.place is None else spell.place,
                    "yes" if spell.left else "",
                )
            )
    return _csv(rows)


#: The corrections CSV's columns: one row per player per correction.
CORRECTIONS_COLUMNS = ("session", "table", "game", "event", "correction", "hand", "player", "change")


def format_corrections_csv(tournament: Tournament) -> bytes:
    """Every correction to a played hand as CSV, one row per player of the game: session, table, game, the
    correction's event number in the game's log, what it did (edited, deleted, inserted), the hand (number and
    round), the player and the change it made to their points for the game (``14.2``, ``-14.2``; ``0.0`` for those
    it did not touch), credited as the standings credit it (:func:`scorekeeper.tournament.correction_lines`): a
    seat a substitute took during the game gives a row to each who sat there, East's first."""
    rows: list[Sequence[object]] = [CORRECTIONS_COLUMNS]
    for line in correction_lines(tournament):
        for name, change in line.points_tenths:
            rows.append(
                (
                    line.session,
                    line.table,
                    _text(line.game_id),
                    line.event,
                    line.kind,
                    line.hand,
                    _text(name),
                    format_tenths(change),
                )
            )
    return _csv(rows)
