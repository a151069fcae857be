"""Statistics over the stored games: each finished game's lines, folded once and cached, with its players.

A finished game's statistics lines (``scorekeeper.session.statistics.seat_totals``) come from replaying its log
through the session's fold. They are cached in ``game_stats`` with the game's ``revision`` they were folded at
(every write to the game's log moves it) and :data:`STATS_VERSION`: a game changed since (an undo, a correction)
or lines of an older definition are folded again the next time, and the cache is rewritten in one transaction.
A league table over ten thousand games is then one read of the cache (benchmarks/bench_stats.py).

Who sat where comes from the registry (``seats``), each player followed to the entry they were merged into, so a
merge or an unmerge needs no recomputation. Players are identified by their registry id as text; the display
names come with them (:class:`StoredStatistics`). A substitute who took a seat during a game (a line of its own,
``line_totals``) is not in ``seats``, which names the four who sat down: ``substitutes`` binds each (game, seat,
name in the log) to its entry (the store does it when the event is written, ``_schema`` version 6), followed
through merges like ``seats``, so a renamed substitute stays who they are. A substitute with no binding (none is
expected) is the entry of their name at the table (the first one, following merges), or a guest when there is none.
"""

from __future__ import annotations

import datetime
from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction
from pathlib import Path
from typing import Any

from scorekeeper.errors import IllegalActionError, SaveFileError, ScorekeeperError
from scorekeeper.session.statistics import (
    GameLines,
    PlayerTotals,
    Row,
    YakuCounts,
    format_lines,
    game_lines,
    line_totals,
    parse_lines,
    round_half_up,
)
from scorekeeper.storage._jsontext import JsonTextError, load_json
from scorekeeper.storage.files import write_atomically
from scorekeeper.storage.store import GameStore
from scorekeeper.storage.tournament_export import BaseRank, mers_base_ranks
from scorekeeper.tournament import Tournament

__all__ = [
    "LEAGUE_COLUMNS",
    "STATS_VERSION",
    "LeagueRow",
    "StoredStatistics",
    "TournamentGames",
    "format_league_csv",
    "league_row",
    "load_statistics",
    "read_tournament_games",
    "tournament_statistics",
    "write_league_csv",
]

#: The version of the statistics definitions the cache holds; bump it when a definition changes (3: a seat a
#: substitute took during the game is a line per player who sat there).
STATS_VERSION = 3


@dataclass(frozen=True, slots=True, kw_only=True)
class StoredStatistics:
    """The store's finished games as statistics see them.

    Attributes:
        games: each finished game's lines, oldest first; each seat's identity is its player's registry id (as
            text, after merges), None for a guest.
        names: each identity's display name.
        problems: the games left out because they could not be read (named in the message).
    """

    games: tuple[GameLines, ...]
    names: dict[str, str]
    problems: tuple[str, ...] = ()

    def identities(self, name: str) -> tuple[str, ...]:
        """The identities displayed as ``name`` (compared without case and outer spaces)."""
        key = name.strip().casefold()
        return tuple(sorted((i for i, n in self.names.items() if n.casefold() == key), key=int))


def _roots(rows: Sequence[tuple[Any, ...]]) -> tuple[dict[int, int], dict[int, str]]:
    """Each player's entry after following merges, and every entry's name."""
    merged = {int(r[0]): (None if r[2] is None else int(r[2])) for r in rows}
    names = {int(r[0]): (r[1].decode("utf-8", "replace") if isinstance(r[1], bytes) else str(r[1])) for r in rows}
    roots: dict[int, int] = {}
    for player, into in merged.items():
        seen = [player]
        target = into
        while target is not None and target not in seen and target in merged:
            seen.append(target)
            target = merged[target]
        roots[player] = seen[-1]
    return roots, names


def _preset(ruleset: Any) -> str:
    if isinstance(ruleset, dict):
        return str(ruleset.get("preset", ""))
    return str(ruleset)


def _day(created: bytes) -> datetime.date:
    """The day of an ISO 8601 creation time (its first ten characters); the earliest day if unreadable."""
    try:
        return datetime.date.fromisoformat(created[:10].decode("ascii"))
    except (UnicodeDecodeError, ValueError):
        return datetime.date.min


def _cached_lines(body: bytes) -> tuple[tuple[Row, ...], tuple[YakuCounts, ...], tuple[int, ...]] | None:
    try:
        return parse_lines(body.decode("utf-8"))
    except (UnicodeDecodeError, IllegalActionError):
        return None  # a damaged cache row is folded again


def load_statistics(store: GameStore, *, player: int | None = None) -> StoredStatistics:
    """Every finished game's statistics lines and players, folding (and caching) the games not cached yet.

    With ``player`` (a registry id), only the games that player (or an entry merged into them) sat in: what one
    player's card needs, read without the rest of the store. A game that cannot be read is left out and named in
    :attr:`StoredStatistics.problems`.

    Raises:
        SaveFileError: the database cannot be read or written.
    """
    query = (
        "SELECT g.id, g.created, g.ruleset, g.revision, s.body FROM games g"
        " LEFT JOIN game_stats s ON s.game_id = g.id AND s.revision = g.revision AND s.version = ?"
        " WHERE g.finished = 1"
    )
    with store._read("read the statistics") as connection:
        player_rows = connection.execute("SELECT id, name, merged_into FROM players").fetchall()
        roots, names = _roots(player_rows)
        parameters: list[int] = [STATS_VERSION]
        seat_query = "SELECT game_id, seat, player_id FROM seats"
        substitute_query = "SELECT game_id, seat, name, player_id FROM substitutes"
        if player is not None:
            entries = sorted(p for p, root in roots.items() if root == player) or [player]
            marks = ",".join("?" * len(entries))
            # The games they sat down in or came into as a substitute.
            chosen = (
                f" IN (SELECT game_id FROM seats WHERE player_id IN ({marks})"
                f" UNION SELECT game_id FROM substitutes WHERE player_id IN ({marks}))"
            )
            query += " AND g.id" + chosen
            seat_query += " WHERE game_id" + chosen
            substitute_query += " WHERE game_id" + chosen
            parameters.extend(entries * 2)
        rows = connection.execute(query + " ORDER BY g.created, g.id", parameters).fetchall()
        seat_rows = connection.execute(seat_query, parameters[1:]).fetchall()
        substitute_rows = connection.execute(substitute_query, parameters[1:]).fetchall()
    seats: dict[int, list[str | None]] = {}
    for game_id, seat, entry in seat_rows:
        if entry is not None and isinstance(seat, int) and 0 <= seat <= 3:
            seats.setdefault(int(game_id), [None, None, None, None])[seat] = str(roots.get(int(entry), int(entry)))
    bound: dict[tuple[int, int, str], str | None] = {}  # (game, seat, name in the log) -> identity
    for game_id, seat, name, entry in substitute_rows:
        text = name.decode("utf-8", "replace") if isinstance(name, bytes) else str(name)
        identity = None if entry is None else str(roots.get(int(entry), int(entry)))
        bound[(int(game_id), int(seat), text)] = identity
    games: list[GameLines] = []
    fresh: list[tuple[int, int, str]] = []
    problems: list[str] = []
    presets: dict[bytes, str] = {}
    by_name: dict[str, str] = {}  # a substitute's name at the table -> the first entry of that name, after merges
    for entry in sorted(names):
        by_name.setdefault(names[entry].casefold(), str(roots.get(entry, entry)))
    for game_id, created, ruleset_text, revision, body in rows:
        lines = None if body is None else _cached_lines(body)
        if ruleset_text not in presets:
            try:
                presets[ruleset_text] = _preset(load_json(ruleset_text, max_chars=65_536))
            except JsonTextError:
                presets[ruleset_text] = ""
        substitutes: tuple[str, ...] | None = None
        if lines is None or len(lines[2]) > 4:
            try:
                folded = line_totals(store.load_session(game_id).state)
            except (SaveFileError, IllegalActionError) as error:
                problems.append(str(error))
                continue
            substitutes = tuple(line.player for k, line in enumerate(folded) if k and folded[k - 1].seat == line.seat)
            if lines is None:
                lines = (
                    tuple(line.totals.to_row() for line in folded),
                    tuple(line.totals.yaku for line in folded),
                    tuple(int(line.seat) for line in folded),
                )
                fresh.append((game_id, revision, format_lines(*lines)))
        seat_ids = seats.get(game_id, [None, None, None, None])
        line_seats = lines[2]
        came_in = iter(substitutes or ())
        who: list[str | None] = []
        for k, seat in enumerate(line_seats):
            if k and line_seats[k - 1] == seat:  # a substitute: the entry bound to them, else by name, or a guest
                name = next(came_in)
                key = (game_id, seat, name)
                who.append(bound[key] if key in bound else by_name.get(name.strip().casefold()))
            else:
                who.append(seat_ids[seat])
        games.append(
            GameLines(
                game_id=game_id,
                played=_day(created),
                ruleset=presets[ruleset_text],
                players=tuple(who),
                rows=lines[0],
                yaku=lines[1],
                seats=line_seats,
            )
        )
    if fresh and not store.read_only:  # a read-only store (``stats``, ``ratings``) folds, and writes nothing
        with store._write("cache the statistics") as connection:
            connection.executemany(
                "INSERT OR REPLACE INTO game_stats (game_id, revision, version, body) VALUES (?, ?, ?, ?)",
                ((game_id, revision, STATS_VERSION, body) for game_id, revision, body in fresh),
            )
    return StoredStatistics(
        games=tuple(games),
        names={str(root): names[root] for root in set(roots.values())},
        problems=tuple(problems),
    )


# -- the league table as rows, and as CSV --------------------------------------------------------------------------

#: The league table's columns: (key, CSV heading), in order. The GUI translates the headings.
LEAGUE_COLUMNS: tuple[tuple[str, str], ...] = (
    ("player", "player"),
    ("games", "games"),
    ("first", "1st"),
    ("second", "2nd"),
    ("third", "3rd"),
    ("fourth", "4th"),
    ("average_place", "average place"),
    ("points", "points"),
    ("points_per_game", "points per game"),
    ("busts", "busts"),
    ("chombo", "chombo"),
    ("hands", "hands"),
    ("win_rate", "win %"),
    ("tsumo_wins", "tsumo wins"),
    ("deal_in_rate", "deal-in %"),
    ("riichi_rate", "riichi %"),
    ("average_win", "average win"),
    ("largest_win", "largest win"),
)


def tournament_statistics(tournament: Tournament) -> StoredStatistics:
    """A tournament's finished table games as statistics see them (``scorekeeper stats --tournament``).

    The games come from the tournament store (:meth:`TournamentStore.load`), folded under the tournament's ruleset;
    unfinished games count for nobody, as in the game store. Each game is dated on the tournament's first day (a
    tournament without dates: the earliest day), its ``game_id`` is its place in the tournament's game order, and
    each line's identity is the player's name there (the same name in two games is the same player; a substitute
    who took a seat during a game has a line of their own, as ``line_totals`` shares the seat).
    """
    names: dict[str, str] = {}
    identity: dict[str, str] = {}
    dates = tournament.settings.dates
    played = datetime.date.fromisoformat(dates[0]) if dates else datetime.date.min
    games: list[GameLines] = []
    problems: list[str] = []
    for number, game in enumerate(tournament.games, start=1):
        try:
            state = game.state(tournament.settings)
        except ScorekeeperError as error:
            problems.append(str(error))
            continue
        if not state.ended or state.final is None:
            continue
        lines = []
        for line in line_totals(state):  # a substitute who took a seat during the game has a line of their own
            key = identity.setdefault(line.player, str(len(identity) + 1))
            names[key] = line.player
            lines.append(key)
        games.append(game_lines(state, game_id=number, played=played, players=lines))
    return StoredStatistics(games=tuple(games), names=names, problems=tuple(problems))


@dataclass(frozen=True, slots=True, kw_only=True)
class TournamentGames:
    """A tournament's games as statistics and ratings see them, with its players' MERS base ranks.

    Attributes:
        name: the tournament's name.
        statistics: its finished table games (:func:`tournament_statistics`).
        base_ranks: every ranked player's MERS base rank, best first (the EMA results form's figures).
    """

    name: str
    statistics: StoredStatistics
    base_ranks: tuple[BaseRank, ...]


def read_tournament_games(db: str | Path, name: str | None = None) -> TournamentGames:
    """The tournament in store ``db`` (a SQLite file, never created here, or a ``postgresql://`` URL): its games
    and base ranks (``scorekeeper stats --tournament``, ``ratings --tournament`` and the Players window).

    Raises:
        SaveFileError: the file is not there or cannot be read.
        TournamentError: no such tournament in it (or several and no name).
    """
    from scorekeeper.storage.tournament_store import open_tournament_store

    text = str(db)
    if not text.startswith(("postgresql://", "postgres://")) and not Path(db).is_file():
        raise SaveFileError(f"{db}: no such tournament database file", path=Path(db))
    store = open_tournament_store(db)
    try:
        tournament = store.load(name)
    finally:
        store.close()
    return TournamentGames(
        name=tournament.settings.name,
        statistics=tournament_statistics(tournament),
        base_ranks=mers_base_ranks(tournament),
    )


@dataclass(frozen=True, slots=True, kw_only=True)
class LeagueRow:
    """One player's row of the league table.

    Attributes:
        values: each column's exact value (a name, a count, a fraction, or None where there is nothing to average),
            for sorting.
        texts: each column's text as shown and exported: averages rounded half away from zero, rates in percent.
    """

    values: tuple[str | int | Fraction | None, ...]
    texts: tuple[str, ...]


def _text(value: Fraction | None, places: int, *, percent: bool = False, signed: bool = False) -> str:
    if value is None:
        return ""
    rounded = round_half_up(value * 100 if percent else value, places)
    text = f"{rounded}%" if percent else str(rounded)
    return f"+{text}" if signed and value > 0 else text


def league_row(name: str, totals: PlayerTotals) -> LeagueRow:
    """The league table's row for one player's totals."""
    points = Fraction(totals.points_tenths, 10)
    per_game = None if totals.average_points_tenths is None else totals.average_points_tenths / 10
    values: tuple[str | int | Fraction | None, ...] = (
        name,
        totals.games,
        *totals.places,
        totals.average_place,
        points,
        per_game,
        totals.busts,
        totals.chombo,
        totals.hands,
        totals.win_rate,
        totals.tsumo_wins,
        totals.deal_in_rate,
        totals.riichi_rate,
        totals.average_win,
        totals.largest_win,
    )
    texts = (
        name,
        str(totals.games),
        *(str(n) for n in totals.places),
        _text(totals.average_place, 3),
        _text(points, 1, signed=True),
        _text(per_game, 1, signed=True),
        str(totals.busts),
        str(totals.chombo),
        str(totals.hands),
        _text(totals.win_rate, 1, percent=True),
        str(totals.tsumo_wins),
        _text(totals.deal_in_rate, 1, percent=True),
        _text(totals.riichi_rate, 1, percent=True),
        _text(totals.average_win, 0),
        str(totals.largest_win) if totals.wins else "",
    )
    return LeagueRow(values=values, texts=texts)


def format_league_csv(rows: Sequence[LeagueRow]) -> bytes:
    """The league table as CSV (UTF-8 with a byte-order mark, RFC 4180 line ends, names guarded against formulas)."""
    from scorekeeper.storage.records import _csv
    from scorekeeper.storage.records import _text as _cell

    table: list[list[object]] = [[heading for _, heading in LEAGUE_COLUMNS]]
    table.extend([_cell(row.texts[0]), *row.texts[1:]] for row in rows)
    return _csv(table)


def write_league_csv(path: Path, rows: Sequence[LeagueRow]) -> None:
    """Write the league table as a CSV file, atomically.

    Raises:
        SaveFileError: the file cannot be written.
    """
    write_atomically(Path(path), format_league_csv(rows))
