"""``scorekeeper tournament create|add-player|drop|seat|record|penalty|substitute|call-time|standings|export``: a
tournament from the command line.

The referee's actions are ``scorekeeper.sync.referee``'s, which the referee's window calls too; this module reads the
arguments and prints the outcome.

``--db`` takes a SQLite file (created by ``create``) or a ``postgresql://`` URL. Each action prints one line (or
JSON where asked) and exits 0, or prints ``scorekeeper tournament: error: ...`` on standard error and exits 1.
Shapes (issue 13):

* ``seat ... --json``: ``{"session": K, "tables": [{"table": 1, "seats": [East, South, West, North]}, ...]}``, and
  ``"byes": [...]`` when someone sits out; with
  ``--report`` also ``"quality": {"sessions": [...], "seating": {...}, "random": {...}}``, each with
  ``repeat_pairs``, ``repeat_meetings``, ``max_meetings``, ``winds_min``, ``winds_max``, ``wind_spread``,
  ``table_revisits``, ``fewest_common_opponents`` (null when every pair met) and ``apart_meetings`` (and
  ``byes_min``, ``byes_max`` when someone sat out); a session
  seated again also gives ``"quality_before"`` (with the seating it had) and ``"moved"`` (players who changed
  seats);
* ``standings ... --json``: ``{"standings": [{"rank", "player", "points", "games", "penalties"}, ...]}`` (plus
  ``"byes": [sessions]`` for a player who sat out, ``"teams"`` when the tournament has teams); points to 0.1 as
  the session's result sheets give them.
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path
from typing import TYPE_CHECKING, Any

from scorekeeper.errors import SaveFileError, ScorekeeperError, TournamentError

if TYPE_CHECKING:
    from scorekeeper.sync.referee import Referee
    from scorekeeper.tournament import QualityReport, Tournament

__all__ = ["add_parser", "run"]

_METHODS = ("auto", "random", "swiss", "swiss_strict", "file")
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
    create.add_argument(
        "--time-limit-rule",
        choices=("finish_hand", "stop_now", "one_more_hand", "one_more_hand_chombo_counts"),
        default=None,
        help="what the time signal leaves of a game (default: the ruleset's: RCR 2016 5.9, EMA 2025 7.4)",
    )
    create.add_argument("--tie-break", choices=("share", "places", "best_game"), default="share")
    create.add_argument(
        "--absence",
        choices=("rcr2016", "ema2025", "seat_shares"),
        default=None,
        help="what a substituted or dropped-out player scores (default: the ruleset's: RCR 2016 5.8, EMA 2025 7.3)",
    )
    create.add_argument(
        "--disqualified-rank",
        choices=("bottom", "points"),
        default=None,
        help="where a disqualified player stands (default: the ruleset's text: RCR 2016 5.8 bottom, EMA 2025 points)",
    )
    create.add_argument("--teams", action="store_true", help="show team standings (players' 'team' column)")
    create.add_argument("--fixed", action="append", default=[], metavar="NAME=TABLE", help="a player's fixed table")
    create.add_argument(
        "--keep-apart",
        choices=("club", "country", "team"),
        default="",
        help="the automatic seating keeps players of one club, country or team apart as far as it can",
    )
    create.add_argument(
        "--seeded", action="append", default=[], metavar="NAME", help="a seeded player: one per table as far as it can"
    )
    create.add_argument(
        "--short-field",
        choices=("substitutes", "byes"),
        default="substitutes",
        help="a field that is not a multiple of four: substitutes fill the last table (the EMA texts' way, the "
        "default), or the full tables are seated and the rest sit out on a bye",
    )
    create.add_argument(
        "--bye-score",
        choices=("average", "zero"),
        default="average",
        help="what a bye scores: the average of the player's own sessions (the default) or 0.0",
    )

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

    disqualify = action(
        "disqualify", "the referee disqualifies a player (EMA 2025 6.12; ranked at the bottom under RCR 2016 5.8)"
    )
    disqualify.add_argument("--player", required=True, metavar="NAME")
    disqualify.add_argument(
        "--after",
        required=True,
        type=int,
        metavar="K",
        help="the last session they sit in (a game running in it goes on with a substitute: tournament substitute)",
    )
    disqualify.add_argument("--reason", required=True, metavar="TEXT", help="why (cheating, severe obstruction...)")

    seat = action("seat", "seat a session and store the seating")
    seat.add_argument("--session", required=True, type=int, metavar="K")
    seat.add_argument(
        "--method",
        nargs="+",
        default=["auto"],
        metavar="METHOD",
        help="auto (default), random, swiss (by the standings, avoiding rematches among near ranks), swiss_strict "
        "(strict rank order), or 'file FILE' (CSV: [session,]table,east,south,west,north)",
    )
    seat.add_argument("--seed", default=None, help="seed for random and auto (default: the tournament's name)")
    seat.add_argument("--json", action="store_true", help="print the seating as JSON")
    seat.add_argument(
        "--report",
        action="store_true",
        help="also print the quality of the sessions seated so far beside a random seating's (issue 26)",
    )

    record = action("record", "add a table's game from a game-record file")
    record.add_argument("--session", required=True, type=int, metavar="K")
    record.add_argument("--table", required=True, type=int, metavar="T")
    record.add_argument("record", type=Path, metavar="RECORD.json")

    penalty = action("penalty", "give a player a penalty (table points: -20000 is -20.0)")
    penalty.add_argument("--player", metavar="NAME", help="who (not for --kind score_sheet: the table's players)")
    penalty.add_argument(
        "--kind",
        choices=(
            "free",
            "late",
            "all_last_sheet",
            "score_sheet",
            "unsigned_sheet",
            "obstruction",
            "serious_obstruction",
            "chombo",
        ),
        default="free",
        help="the EMA 2025 annex's point penalty: late (7.2), all_last_sheet (6.10), score_sheet and unsigned_sheet "
        "(7.5), obstruction and serious_obstruction (6.12); chombo (the ruleset's chombo penalty after uma, 20,000 "
        "under both EMA texts, 3.4.6: for a table whose game is not entered in the program); free: any amount",
    )
    penalty.add_argument(
        "--error",
        metavar="ERROR",
        help="--kind chombo: which error it was, cited by the ruleset's text (EMA 2025 annex, RCR 2016 3.4.6), e.g. "
        "invalid_win, noten_riichi, too_many_tiles_exposed (another word lists them all)",
    )
    penalty.add_argument("--minutes", metavar="M", help="minutes late (--kind late; rounded up, 10 at most)")
    penalty.add_argument("--points", type=int, metavar="-N", help="table points (free and the obstructions)")
    penalty.add_argument("--reason", default="", metavar="TEXT", help="why (default: the kind's, with its section)")
    penalty.add_argument("--session", type=int, metavar="K", help="the session (default: the tournament)")
    penalty.add_argument("--table", type=int, metavar="T", help="the table (--kind score_sheet)")

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

    call_time = action(
        "call-time",
        "time is up: tell every running game of the session its hand in play is the last (or end it, under the "
        "tournament's stop_now rule)",
    )
    call_time.add_argument("--session", required=True, type=int, metavar="K")

    repair = action(
        "repair",
        "a table's game this program cannot replay (shown by standings): cut it back to its first events that replay, "
        "or replace its log with a game-record file's",
    )
    repair.add_argument("--session", required=True, type=int, metavar="K")
    repair.add_argument("--table", required=True, type=int, metavar="T")
    repair.add_argument("--from", dest="source", type=Path, metavar="RECORD.json", help="replace the log with this")

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

    sign = action("sign", "record a table's score sheet as signed by its players (EMA 2025 7.5), or not")
    sign.add_argument("--session", required=True, type=int, metavar="K")
    sign.add_argument("--table", required=True, type=int, metavar="T")
    sign.add_argument("--unsigned", action="store_true", help="take the signature back")

    sheets = action(
        "sheets",
        "write a session's score sheets (EMA 2025 7.5) or all-last sheets (EMA 2025 3.6) as a PDF, a table a sheet",
    )
    sheets.add_argument("--session", required=True, type=int, metavar="K")
    sheets.add_argument("--table", type=int, action="append", default=[], metavar="T", help="only this table")
    sheets.add_argument("--kind", choices=("score", "all-last"), default="score")
    sheets.add_argument("-o", "--output", required=True, type=Path, metavar="FILE")
    sheets.add_argument("--lang", choices=("en", "ja"), default="en", help="the PDF's words")


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
        absence=args.absence,
        disqualified_rank=args.disqualified_rank,
        keep_apart=args.keep_apart,
        seeded=tuple(args.seeded),
        short_field=args.short_field,
        bye_score=args.bye_score,
    )
    players = parse_players_csv(read_csv_text(args.players, "a players CSV"))
    with open_tournament_store(args.db) as store:
        tournament = store.create(settings, players, fixed=fixed)
    ranked = len(tournament.ranked_in(1))
    sys.stdout.write(
        f"created {settings.name!r}: {ranked} players, {len(players) - ranked} substitutes, "
        f"{settings.sessions} sessions, ruleset {settings.ruleset.name}\n"
    )


def _referee(args: argparse.Namespace) -> Referee:
    from scorekeeper.sync.referee import Referee

    return Referee.open(args.db, args.tournament)


def _add_player(args: argparse.Namespace) -> None:
    from scorekeeper.tournament import Player

    player = Player(
        name=args.name,
        ema_id=args.ema_id,
        country=args.country,
        club=args.club,
        team=args.team,
        substitute=args.substitute,
    )
    with _referee(args) as referee:
        referee.add_player(player)
    sys.stdout.write(f"registered {player.name}{' as a substitute' if player.substitute else ''}\n")


def _drop(args: argparse.Namespace) -> None:
    with _referee(args) as referee:
        tournament = referee.drop_out(args.player, args.after)
        seated = referee.seated_after(args.player, args.after, seen=tournament)
    name = tournament.player(args.player).name
    when = "before the first session" if args.after == 0 else f"after session {args.after}"
    sys.stdout.write(f"{name} drops out {when}\n")
    # Issue 23 item 4: a session seated before the drop-out keeps the player at a table; say so, and how to mend it.
    for session in seated.reseatable:
        sys.stdout.write(
            f"warning: {name} is seated in session {session} (seated before this drop-out): seat it again "
            f"('tournament seat --session {session}'); no game of it is recorded yet\n"
        )
    for session in seated.started:
        sys.stdout.write(
            f"warning: {name} is seated in session {session}, whose games began: a substitute takes the seat "
            "('tournament substitute')\n"
        )


def _disqualify(args: argparse.Namespace) -> None:
    with _referee(args) as referee:
        tournament = referee.disqualify(args.player, args.after, args.reason)
    name = tournament.player(args.player).name
    when = "before the first session" if args.after == 0 else f"after session {args.after}"
    sys.stdout.write(f"{name} is disqualified and out {when}: {args.reason}\n")


def _seat(args: argparse.Namespace) -> None:
    from scorekeeper.tournament import SeatingMethod, reseating_report

    method, *rest = args.method
    if method not in _METHODS or (method == "file") != bool(rest) or len(rest) > 1:
        raise TournamentError(
            f"--method must be auto, random, swiss, swiss_strict or 'file FILE', got {' '.join(args.method)!r}"
        )
    with _referee(args) as referee:
        earlier = referee.seating(args.session)
        tournament = referee.seat(
            args.session, SeatingMethod(method), path=Path(rest[0]) if rest else None, seed=args.seed
        )
    seating = tournament.seating(args.session)
    assert seating is not None  # just stored
    report = _seating_report(tournament, args.session, args.seed) if args.report else None
    # Seated again (after a drop-out, a late arrival...): the quality before and how many players changed seats.
    again = None
    if report and earlier:
        keep = tournament.settings.keep_apart
        again = reseating_report(
            tournament.seatings,
            earlier,
            ignore=(p.name for p in tournament.players if p.substitute),
            apart={p.name: getattr(p, keep) for p in tournament.players} if keep else None,
            seed=args.seed if args.seed is not None else tournament.settings.name,
        )
    if args.json:
        shown = seating.to_json()
        if report:
            shown["quality"] = report.to_json()
            if again is not None:
                shown["quality_before"] = again.before.to_json()
                shown["moved"] = again.moved
        _print_json(shown)
    else:
        for table in seating.tables:
            sys.stdout.write(f"table {table.table}: {', '.join(table.seats)}\n")
        if seating.byes:
            sys.stdout.write(f"byes: {', '.join(seating.byes)}\n")
        if again is not None:
            sys.stdout.write(f"seated again: {again.moved} of {again.seated} players changed seats; before:\n")
            for line in again.before.lines():
                sys.stdout.write(f"{line}\n")
            sys.stdout.write("now:\n")
        for line in report.lines() if report else ():
            sys.stdout.write(f"{line}\n")


def _seating_report(tournament: Tournament, session: int, seed: str | None) -> QualityReport:
    """The quality of sessions 1 to ``session`` as seated (substitutes left out) beside a random seating's."""
    from scorekeeper.tournament import quality_report

    keep = tournament.settings.keep_apart
    return quality_report(
        [s for s in tournament.seatings if s.session <= session],
        ignore=(p.name for p in tournament.players if p.substitute),
        apart={p.name: getattr(p, keep) for p in tournament.players} if keep else None,
        seed=seed if seed is not None else tournament.settings.name,
    )


def _record(args: argparse.Namespace) -> None:
    with _referee(args) as referee:
        recorded = referee.record_game(args.session, args.table, args.record)
    state = "recorded" if recorded.added else "already recorded, nothing changed:"
    players = ", ".join(recorded.game.players)
    sys.stdout.write(f"{state} session {args.session} table {args.table} ({players})\n")


def _penalty(args: argparse.Namespace) -> None:
    with _referee(args) as referee:
        before = len(referee.load().penalties)
        tournament = referee.give_penalty(
            args.kind,
            player=args.player,
            session=args.session,
            table=args.table,
            minutes=args.minutes,
            points=args.points,
            reason=args.reason,
            error=args.error,
        )
    for stored in tournament.penalties[before:]:
        where = f"session {stored.session}" if stored.session else "the tournament"
        sys.stdout.write(f"penalty {stored.points / 1000:+.1f} for {stored.player} ({where}): {stored.reason}\n")


def _substitute(args: argparse.Namespace) -> None:
    if not args.take_out and not args.leaving:
        raise TournamentError("say who leaves the table (--leaving NAME), or --take-out a substitution")
    # On a server through the sync server's referee write, after checking that the game is still the one read (a
    # table that pushed meanwhile makes it refused): the table takes the referee's copy at its next push.
    with _referee(args) as referee:
        if args.take_out:
            preview, _ = referee.take_out_substitution(args.session, args.table, args.player, args.reason)
            sub = preview.substitution
            sys.stdout.write(
                f"session {args.session} table {args.table}: {sub.player}'s substitution at seat {int(sub.seat)} "
                f"taken out; {sub.left} plays on there\n"
            )
            return
        before = referee.load()
        event, _ = referee.substitute(args.session, args.table, args.leaving, args.player, args.reason, seen=before)
    game = before.game(args.session, args.table)
    assert game is not None  # substitute() refuses a table with no game
    left = game.state(before.settings).players[event.seat]
    sys.stdout.write(
        f"session {args.session} table {args.table}: {event.player} takes seat {int(event.seat)} from {left} "
        "from the hand in play on\n"
    )


def _call_time(args: argparse.Namespace) -> None:
    with _referee(args) as referee:
        call = referee.call_time(args.session)
    told = ", ".join(str(t) for t in call.reached) or "none"
    sys.stdout.write(f"session {args.session}: time called at tables {told}\n")
    if call.refused:
        still = "; ".join(f"table {table}: {error}" for table, error in call.refused)
        raise TournamentError(f"session {args.session}: not every table has the call, these still play: {still}")


def _repair(args: argparse.Namespace) -> None:
    with _referee(args) as referee:
        held = referee.load().unreplayable_game(args.session, args.table)
        tournament = referee.repair(args.session, args.table, path=args.source)
    game = tournament.game(args.session, args.table)
    assert held is not None and game is not None  # repair() refuses anything else, and leaves a game that replays
    how = f"replaced from {args.source}" if args.source else f"cut back to its first {held.replayable} events"
    sys.stdout.write(f"session {args.session} table {args.table}: game {game.game_id} {how}\n")


def _warn_unreplayable(tournament: Tournament) -> None:
    """Name on standard error each game held apart because it cannot be replayed, and what the referee does."""
    for held in tournament.unreplayable:
        sys.stderr.write(
            f"scorekeeper tournament: session {held.session} table {held.table}: game {held.game_id} cannot be "
            f"replayed and is ranked nowhere ({held.reason}); repair it: scorekeeper tournament repair --session "
            f"{held.session} --table {held.table} [--from RECORD.json]\n"
        )


def _standings(args: argparse.Namespace) -> None:
    from scorekeeper.storage.tournament_store import open_tournament_store
    from scorekeeper.tournament import compute_standings, format_tenths

    with open_tournament_store(args.db) as store:
        tournament = store.load(args.tournament)
    _warn_unreplayable(tournament)
    standings = compute_standings(tournament)
    if args.json:
        _print_json(standings.to_json())
        return
    for row in standings.rows:
        penalties = f"  (penalties {format_tenths(row.penalties_tenths)})" if row.penalties_tenths else ""
        dropped = "  (disqualified)" if row.disqualified else "  (dropped out)" if row.dropped else ""  # as the window
        byes = f", {len(row.byes)} {'bye' if len(row.byes) == 1 else 'byes'}" if row.byes else ""
        sys.stdout.write(
            f"{row.rank:>4}  {row.player}  {format_tenths(row.points_tenths)}  {row.games} games{byes}{penalties}"
            f"{dropped}\n"
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
    _warn_unreplayable(tournament)
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


def _sign(args: argparse.Namespace) -> None:
    with _referee(args) as referee:
        referee.sign(args.session, args.table, signed=not args.unsigned)
    state = "not signed" if args.unsigned else "signed by its players"
    sys.stdout.write(f"session {args.session} table {args.table}: score sheet {state}\n")


def _sheets(args: argparse.Namespace) -> None:
    from scorekeeper.storage import write_atomically
    from scorekeeper.storage.tournament_store import open_tournament_store

    with open_tournament_store(args.db) as store:
        tournament = store.load(args.tournament)
    # Lazily: the documents use QtGui, which the rest of the command line never loads.
    from scorekeeper.documents import pdf_bytes
    from scorekeeper.documents.tournament import all_last_document, score_sheets_document
    from scorekeeper.storage.record_words import record_translator

    make = score_sheets_document if args.kind == "score" else all_last_document
    document = make(tournament, args.session, tables=args.table, translate=record_translator(args.lang))
    write_atomically(args.output, pdf_bytes(document))
    sys.stdout.write(f"wrote {args.output}\n")


_ACTIONS = {
    "create": _create,
    "add-player": _add_player,
    "drop": _drop,
    "disqualify": _disqualify,
    "seat": _seat,
    "record": _record,
    "penalty": _penalty,
    "substitute": _substitute,
    "call-time": _call_time,
    "repair": _repair,
    "standings": _standings,
    "export": _export,
    "sign": _sign,
    "sheets": _sheets,
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
