"""``scorekeeper tournament create|add-player|drop|seat|record|penalty|standings|export``: a tournament from the
command line.

``--db`` takes a SQLite file (created by ``create``) or a ``postgresql://`` URL. Each action prints one line (or
JSON where asked) and exits 0, or prints ``scorekeeper tournament: error: ...`` on standard error and exits 1.
Shapes (issue 13):

* ``seat ... --json``: ``{"session": K, "tables": [{"table": 1, "seats": [East, South, West, North]}, ...]}``;
* ``standings ... --json``: ``{"standings": [{"rank", "player", "points", "games", "penalties"}, ...]}`` (plus
  ``"teams"`` when the tournament has teams); points to 0.1 as the session's result sheets give them.
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path
from typing import Any

from scorekeeper.errors import SaveFileError, ScorekeeperError, TournamentError

__all__ = ["add_parser", "run"]

_METHODS = ("auto", "random", "swiss", "file")
_EXPORTS = ("ema", "csv", "games-csv", "corrections", "pdf")


def add_parser(subparsers: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """Register the ``tournament`` subcommand and its actions."""
    parser = subparsers.add_parser(
        "tournament",
        help="run a tournament: create, seat, record games, penalties, standings, exports",
        description="Run a tournament: players, seating, the tables' games, penalties and standings.",
    )
    actions = parser.add_subparsers(dest="action", metavar="ACTION", required=True)

    def action(name: str, text: str) -> argparse.ArgumentParser:
        sub = actions.add_parser(name, help=text, description=text)
        sub.add_argument("--db", required=True, metavar="DB", help="a SQLite file or a postgresql:// URL")
        sub.add_argument("--tournament", metavar="NAME", help="which tournament (needed when DB holds several)")
        return sub

    create = action("create", "create a tournament from a players CSV")
    create.add_argument("--name", required=True)
    create.add_argument("--ruleset", default="ema2016", metavar="PRESET", help="ruleset preset (default ema2016)")
    create.add_argument(
        "--override",
        action="append",
        default=[],
        metavar="KNOB=JSON",
        help="a ruleset override, e.g. uma=[20,10,-10,-20]",
    )
    create.add_argument("--players", required=True, type=Path, metavar="CSV", help="header row with at least 'name'")
    create.add_argument("--sessions", required=True, type=int, metavar="N")
    create.add_argument("--date", action="append", default=[], metavar="YYYY-MM-DD")
    create.add_argument("--venue", default="")
    create.add_argument("--time-limit", type=int, default=90, metavar="MINUTES")
    create.add_argument("--time-limit-rule", choices=("finish_hand", "stop_now"), default="finish_hand")
    create.add_argument("--tie-break", choices=("share", "places", "best_game"), default="share")
    create.add_argument("--teams", action="store_true", help="show team standings (players' 'team' column)")
    create.add_argument("--fixed", action="append", default=[], metavar="NAME=TABLE", help="a player's fixed table")

    add_player = action("add-player", "register a late player or a substitute")
    add_player.add_argument("--name", required=True, metavar="NAME")
    add_player.add_argument("--substitute", action="store_true", help="a substitute: sits where a table is short")
    for column in ("ema-id", "country", "club", "team"):
        add_player.add_argument(f"--{column}", default="", metavar=column.replace("-", "_").upper())

    drop = action("drop", "a player drops out (keeps the results of the sessions played; not seated again)")
    drop.add_argument("--player", required=True, metavar="NAME")
    drop.add_argument(
        "--after",
        required=True,
        type=int,
        metavar="K",
        help="the last session played (0: withdrew before the first, and is ranked nowhere)",
    )

    seat = action("seat", "seat a session and store the seating")
    seat.add_argument("--session", required=True, type=int, metavar="K")
    seat.add_argument(
        "--method",
        nargs="+",
        default=["auto"],
        metavar="METHOD",
        help="auto (default), random, swiss, or 'file FILE' (CSV: [session,]table,east,south,west,north)",
    )
    seat.add_argument("--seed", default=None, help="seed for random and auto (default: the tournament's name)")
    seat.add_argument("--json", action="store_true", help="print the seating as JSON")

    record = action("record", "add a table's game from a game-record file")
    record.add_argument("--session", required=True, type=int, metavar="K")
    record.add_argument("--table", required=True, type=int, metavar="T")
    record.add_argument("record", type=Path, metavar="RECORD.json")

    penalty = action("penalty", "give a player a penalty (table points: -20000 is -20.0)")
    penalty.add_argument("--player", required=True, metavar="NAME")
    penalty.add_argument("--points", required=True, type=int, metavar="-N")
    penalty.add_argument("--reason", required=True, metavar="TEXT")
    penalty.add_argument("--session", type=int, metavar="K", help="the session (default: the tournament)")

    substitute = action(
        "substitute",
        "a substitute takes a player's seat in a running game from the hand in play on (the seat's points carry on)",
    )
    substitute.add_argument("--session", required=True, type=int, metavar="K")
    substitute.add_argument("--table", required=True, type=int, metavar="T")
    substitute.add_argument("--leaving", metavar="NAME", help="the player who leaves the table")
    substitute.add_argument("--player", required=True, metavar="NAME", help="the registered player who comes in")
    substitute.add_argument("--reason", default="", metavar="TEXT")
    substitute.add_argument(
        "--take-out",
        action="store_true",
        help="take --player's substitution out of the game instead (whoever sat there before gets the seat back): "
        "before a correction that would end the game before they came in, or for one entered by mistake",
    )

    standings = action("standings", "print the standings")
    standings.add_argument("--json", action="store_true", help="print JSON")

    export = action(
        "export",
        "write the standings (EMA form, CSV, PDF), every game (games-csv) or every correction to a played hand "
        "(corrections)",
    )
    export.add_argument("--format", required=True, choices=_EXPORTS)
    export.add_argument("-o", "--output", required=True, type=Path, metavar="FILE")
    export.add_argument(
        "--lang", choices=("en", "ja"), default="en", help="the PDF's words: en (default) or ja (Japanese)"
    )


def _print_json(obj: Any) -> None:
    sys.stdout.write(json.dumps(obj, ensure_ascii=False) + "\n")


def _create(args: argparse.Namespace) -> None:
    from scorekeeper.storage.tournament_export import read_csv_text
    from scorekeeper.storage.tournament_store import open_tournament_store
    from scorekeeper.tournament import TournamentSettings, parse_players_csv

    overrides = []
    for item in args.override:
        knob, _, value = item.partition("=")
        try:
            overrides.append((knob, json.loads(value)))
        except json.JSONDecodeError:
            raise TournamentError(
                f"--override {item!r:.80}: the value must be JSON (e.g. uma=[20,10,-10,-20])"
            ) from None
    fixed = []
    for item in args.fixed:
        name, _, table = item.rpartition("=")
        if not name or not table.isdigit():
            raise TournamentError(f"--fixed {item!r:.80}: write NAME=TABLE")
        fixed.append((name, int(table)))
    settings = TournamentSettings(
        name=args.name,
        dates=tuple(args.date),
        venue=args.venue,
        preset=args.ruleset,
        overrides=tuple(overrides),
        sessions=args.sessions,
        time_limit_minutes=args.time_limit,
        time_limit_rule=args.time_limit_rule,
        tie_break=args.tie_break,
        teams=args.teams,
    )
    players = parse_players_csv(read_csv_text(args.players, "a players CSV"))
    with open_tournament_store(args.db) as store:
        tournament = store.create(settings, players, fixed=fixed)
    ranked = len(tournament.ranked_in(1))
    sys.stdout.write(
        f"created {settings.name!r}: {ranked} players, {len(players) - ranked} substitutes, "
        f"{settings.sessions} sessions, ruleset {settings.ruleset.name}\n"
    )


def _add_player(args: argparse.Namespace) -> None:
    from scorekeeper.storage.tournament_store import open_tournament_store
    from scorekeeper.tournament import Player

    player = Player(
        name=args.name,
        ema_id=args.ema_id,
        country=args.country,
        club=args.club,
        team=args.team,
        substitute=args.substitute,
    )
    with open_tournament_store(args.db) as store:
        store.add_player(player, tournament=args.tournament)
    sys.stdout.write(f"registered {player.name}{' as a substitute' if player.substitute else ''}\n")


def _drop(args: argparse.Namespace) -> None:
    from scorekeeper.storage.tournament_store import open_tournament_store

    with open_tournament_store(args.db) as store:
        tournament = store.drop_player(args.player, args.after, tournament=args.tournament)
    name = tournament.player(args.player).name
    when = "before the first session" if args.after == 0 else f"after session {args.after}"
    sys.stdout.write(f"{name} drops out {when}\n")


def _seat(args: argparse.Namespace) -> None:
    from scorekeeper.storage.tournament_export import read_csv_text
    from scorekeeper.storage.tournament_store import open_tournament_store
    from scorekeeper.tournament import compute_standings, parse_seating_csv, seat_auto, seat_random, seat_swiss

    method, *rest = args.method
    if method not in _METHODS or (method == "file") != bool(rest) or len(rest) > 1:
        raise TournamentError(f"--method must be auto, random, swiss or 'file FILE', got {' '.join(args.method)!r}")
    with open_tournament_store(args.db) as store:
        tournament = store.load(args.tournament)
        session = args.session
        if not 1 <= session <= tournament.settings.sessions:
            raise TournamentError(f"{tournament.settings.name!r} has sessions 1 to {tournament.settings.sessions}")
        players = tournament.ranked_in(session)
        substitutes = tournament.substitutes_in(session)
        fixed = tournament.fixed_tables()
        seed = args.seed if args.seed is not None else tournament.settings.name
        history = [s for s in tournament.seatings if s.session < session]
        if method == "random":
            seating = seat_random(session, players, substitutes, fixed=fixed, seed=seed)
        elif method == "auto":
            seating = seat_auto(
                session,
                players,
                substitutes,
                history=history,
                sessions=tournament.settings.sessions,
                fixed=fixed,
                seed=seed,
                roster_at=lambda k: (tournament.ranked_in(k), tournament.substitutes_in(k)),
            )
        elif method == "swiss":
            playing = set(players)
            ranking = [row.player for row in compute_standings(tournament).rows if row.player in playing]
            seating = seat_swiss(
                session, ranking, substitutes, history=history, sessions=tournament.settings.sessions, fixed=fixed
            )
        else:
            seating = parse_seating_csv(read_csv_text(Path(rest[0]), "a seating CSV"), session)
        store.save_seating(seating, tournament=args.tournament)
    if args.json:
        _print_json(seating.to_json())
    else:
        for table in seating.tables:
            sys.stdout.write(f"table {table.table}: {', '.join(table.seats)}\n")


def _record(args: argparse.Namespace) -> None:
    from scorekeeper.storage import read_game_record_file
    from scorekeeper.storage.tournament_store import open_tournament_store
    from scorekeeper.tournament import TableGame, record_game_id

    played = read_game_record_file(args.record)
    with open_tournament_store(args.db) as store:
        tournament = store.load(args.tournament)
        expected = tournament.settings.ruleset
        if played.rules != expected:
            raise TournamentError(
                f"{args.record}: the game was played under ruleset {json.dumps(played.rules.to_json())}, "
                f"the tournament's is {json.dumps(expected.to_json())}"
            )
        game = TableGame(
            game_id=record_game_id(args.session, args.table, played.events),
            session=args.session,
            table=args.table,
            players=played.players,
            events=played.events,
        )
        added = store.add_game(game, tournament=args.tournament)
    state = "recorded" if added else "already recorded, nothing changed:"
    sys.stdout.write(f"{state} session {args.session} table {args.table} ({', '.join(played.players)})\n")


def _penalty(args: argparse.Namespace) -> None:
    from scorekeeper.storage.tournament_store import open_tournament_store
    from scorekeeper.tournament import TournamentPenalty

    penalty = TournamentPenalty(player=args.player, points=args.points, reason=args.reason, session=args.session)
    with open_tournament_store(args.db) as store:
        tournament = store.add_penalty(penalty, tournament=args.tournament)
    stored = tournament.penalties[-1]
    where = f"session {stored.session}" if stored.session else "the tournament"
    sys.stdout.write(f"penalty {stored.points / 1000:+.1f} for {stored.player} ({where}): {stored.reason}\n")


def _substitute(args: argparse.Namespace) -> None:
    from scorekeeper.errors import TournamentError
    from scorekeeper.session import Event
    from scorekeeper.storage.tournament_store import open_tournament_store

    if not args.take_out and not args.leaving:
        raise TournamentError("say who leaves the table (--leaving NAME), or --take-out a substitution")
    with open_tournament_store(args.db) as store:
        tournament = store.load(args.tournament)
        event: Event
        if args.take_out:
            preview = tournament.substitution_removal(args.session, args.table, args.player, args.reason)[0]
            event = preview.event
        else:
            event = tournament.substitution(args.session, args.table, args.leaving, args.player, args.reason)
        game = tournament.game(args.session, args.table)
        assert game is not None  # substitution() and substitution_removal() refuse a table with no game
        if str(args.db).startswith(("postgresql://", "postgres://")):
            # Through the sync server's referee write, as the referee's window does: the table takes the
            # referee's copy at its next push and shows who sits there now.
            from scorekeeper.sync.server import TournamentServer

            with TournamentServer.connect(str(args.db), tournament=tournament.settings.name) as server:
                held = server.game(game.game_id)
                server.correct_as_referee(game.game_id, [event], version=held.version)
        else:
            store.append_events(game.game_id, len(game.events), [event])
    if args.take_out:
        sub = preview.substitution
        sys.stdout.write(
            f"session {args.session} table {args.table}: {sub.player}'s substitution at seat {int(sub.seat)} taken "
            f"out; {sub.left} plays on there\n"
        )
        return
    left = game.state(tournament.settings).players[event.seat]
    sys.stdout.write(
        f"session {args.session} table {args.table}: {event.player} takes seat {int(event.seat)} from {left} "
        "from the hand in play on\n"
    )


def _standings(args: argparse.Namespace) -> None:
    from scorekeeper.storage.tournament_store import open_tournament_store
    from scorekeeper.tournament import compute_standings, format_tenths

    with open_tournament_store(args.db) as store:
        standings = compute_standings(store.load(args.tournament))
    if args.json:
        _print_json(standings.to_json())
        return
    for row in standings.rows:
        penalties = f"  (penalties {format_tenths(row.penalties_tenths)})" if row.penalties_tenths else ""
        dropped = "  (dropped out)" if row.dropped else ""  # as the referee's window marks it
        sys.stdout.write(
            f"{row.rank:>4}  {row.player}  {format_tenths(row.points_tenths)}  {row.games} games{penalties}{dropped}\n"
        )
    for team in standings.teams:
        sys.stdout.write(f"team {team.rank:>3}  {team.team}  {format_tenths(team.points_tenths)}\n")


def _export(args: argparse.Namespace) -> None:
    from scorekeeper.storage import write_atomically
    from scorekeeper.storage.tournament_export import (
        format_corrections_csv,
        format_ema_csv,
        format_games_csv,
        format_standings_csv,
    )
    from scorekeeper.storage.tournament_store import open_tournament_store

    with open_tournament_store(args.db) as store:
        tournament = store.load(args.tournament)
    if args.format == "ema":
        data = format_ema_csv(tournament)
    elif args.format == "csv":
        data = format_standings_csv(tournament)
    elif args.format == "games-csv":
        data = format_games_csv(tournament)
    elif args.format == "corrections":
        data = format_corrections_csv(tournament)
    else:
        # Lazily: the documents use QtGui, which the rest of the command line never loads.
        from scorekeeper.documents import pdf_bytes
        from scorekeeper.documents.tournament import standings_document
        from scorekeeper.storage.record_words import record_translator

        data = pdf_bytes(standings_document(tournament, translate=record_translator(args.lang)))
    write_atomically(args.output, data)
    sys.stdout.write(f"wrote {args.output}\n")


_ACTIONS = {
    "create": _create,
    "add-player": _add_player,
    "drop": _drop,
    "seat": _seat,
    "record": _record,
    "penalty": _penalty,
    "substitute": _substitute,
    "standings": _standings,
    "export": _export,
}


def run(args: argparse.Namespace) -> int:
    """Run one tournament action; report errors on standard error."""
    db = str(args.db)
    try:
        if args.action != "create" and "://" not in db and not Path(db).is_file():
            # Opening would create an empty database: only ``create`` should.
            raise SaveFileError(f"{db}: no such tournament database (create it with 'tournament create')", path=db)
        _ACTIONS[args.action](args)
    except ScorekeeperError as error:
        sys.stderr.write(f"scorekeeper tournament: error: {error}\n")
        return 1
    return 0
