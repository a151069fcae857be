"""Tournament documents: the standings with every game, and a session's seating (wall sheet and table cards).

Laid out with the shared :class:`Document` (real text, A4 or Letter). The figures are the tournament core's
(:func:`scorekeeper.tournament.compute_standings`; each game's seats as the standings credit them, from
:func:`scorekeeper.storage.tournament_export.seat_spells`, as in the games CSV); nothing is computed here.
Headings pass through ``translate`` so the app can give them in its language.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from scorekeeper.documents import Document
from scorekeeper.errors import TournamentError
from scorekeeper.session.reasons import word_reason
from scorekeeper.storage.tournament_export import SeatSpell, seat_spells
from scorekeeper.tournament import (
    PenaltyLine,
    QualityReport,
    Seating,
    SeatingQuality,
    Standings,
    Tournament,
    compute_standings,
    format_tenths,
    penalty_lines,
    quality_report,
)
from scorekeeper.tournament.sheets import all_last_sheet, score_sheet

__all__ = [
    "all_last_document",
    "penalty_place",
    "score_sheets_document",
    "seating_document",
    "standings_document",
]

_WINDS = ("East", "South", "West", "North")


def _same(text: str) -> str:
    return text


def penalty_place(line: PenaltyLine, translate: Callable[[str], str] = _same) -> str:
    """Where a penalty was given, in words: "session 1, Table 3" (in the game), "session 2" or "tournament"."""
    t = translate
    if line.session is None:
        return t("tournament")
    where = t("session {k}").format(k=line.session)
    return where if line.table is None else f"{where}, {t('Table {t}').format(t=line.table)}"


def _spell_line(spell: SeatSpell, t: Callable[[str], str]) -> str:
    """One player's line of a game's seats: wind, name, (with a substitute: the hands they played), the seat's score
    when they left or at the end, and the points the standings credit them with."""
    name = spell.player
    if spell.left and not spell.hands:
        name += " (" + t("no hand played, left") + ")"
    elif spell.left and spell.hands == 1:
        name += " (" + t("hand {first}, left").format(first=spell.first_hand) + ")"
    elif spell.left:
        last = spell.first_hand + spell.hands - 1
        name += " (" + t("hands {first}-{last}, left").format(first=spell.first_hand, last=last) + ")"
    elif spell.first_hand > 1:
        name += " (" + t("from hand {first}").format(first=spell.first_hand) + ")"
    return f"{t(_WINDS[spell.seat])}: {name}  {spell.score:,}  {format_tenths(spell.points_tenths)}"


def _subtitle(tournament: Tournament) -> tuple[str, ...]:
    settings = tournament.settings
    return tuple(x for x in (", ".join(settings.dates), settings.venue, settings.ruleset.name) if x)


def standings_document(
    tournament: Tournament,
    standings: Standings | None = None,
    *,
    games: bool = True,
    translate: Callable[[str], str] = _same,
) -> Document:
    """The standings (players, then teams) and, with ``games``, every recorded game's seats, scores and points."""
    t = translate
    standings = standings or compute_standings(tournament)
    sessions = tournament.settings.sessions
    document = Document(f"{tournament.settings.name}: {t('Standings')}", subtitle=_subtitle(tournament))
    document.add_paragraph(
        t("{finished} games finished, {running} running").format(
            finished=standings.games_finished, running=standings.games_running
        ),
        muted=True,
    )
    header = [t("Rank"), t("Player"), t("Points"), t("Games"), t("Penalties")]
    header += [t("S{k}").format(k=k) for k in range(1, sessions + 1)]
    document.add_table(
        header,
        [
            (
                r.rank,
                r.player,
                format_tenths(r.points_tenths),
                r.games,
                format_tenths(r.penalties_tenths) if r.penalties_tenths else "",
                *("" if p is None else format_tenths(p) for p in r.session_points_tenths),
            )
            for r in standings.rows
        ],
        numeric=(0, 2, 3, 4, *range(5, 5 + sessions)),
        bold=(2,),
    )
    if standings.teams:
        document.add_heading(t("Teams"))
        document.add_table(
            (t("Rank"), t("Team"), t("Points"), t("Members")),
            [(x.rank, x.team, format_tenths(x.points_tenths), ", ".join(x.members)) for x in standings.teams],
            numeric=(0, 2),
            bold=(2,),
        )
    lines = penalty_lines(tournament)
    if lines:
        # Every penalty the standings count, the games' (chombo, a penalty at the table) and the referee's.
        document.add_heading(t("Penalties"))
        document.add_table(
            (t("Player"), t("Points"), t("For"), t("Reason")),
            [(p.player, format_tenths(p.points // 100), penalty_place(p, t), word_reason(p.reason, t)) for p in lines],
            numeric=(1,),
        )
    if games and tournament.games:
        document.add_heading(t("Games"))
        rows = []
        for game in tournament.games:
            state = game.state(tournament.settings)
            rows.append(
                (
                    game.session,
                    game.table,
                    t("finished") if state.ended else t("running"),
                    len(state.hands),
                    "\n".join(_spell_line(spell, t) for spell in seat_spells(game, tournament.settings)),
                )
            )
        document.add_table(
            (t("Session"), t("Table"), t("State"), t("Hands"), t("Seats, scores and points")),
            rows,
            numeric=(0, 1, 3),
            widths=(9, 8, 11, 8, 64),
        )
    return document


def seating_document(tournament: Tournament, seating: Seating, *, translate: Callable[[str], str] = _same) -> Document:
    """A session's seating: the wall sheet (every player by name: table and wind) and a card per table."""
    t = translate
    document = Document(
        f"{tournament.settings.name}: {t('Session {k}').format(k=seating.session)}", subtitle=_subtitle(tournament)
    )
    document.add_heading(t("Wall sheet"))
    where = sorted(
        ((name, table.table, wind) for table in seating.tables for wind, name in enumerate(table.seats)),
        key=lambda item: item[0].casefold(),
    )
    document.add_table(
        (t("Player"), t("Table"), t("Wind")),
        [(name, table, t(_WINDS[wind])) for name, table, wind in where],
        numeric=(1,),
        bold=(1,),
        widths=(60, 20, 20),
    )
    if seating.byes:  # who sits this session out (a tournament with byes, issue 26)
        document.add_paragraph(t("Byes: {names}").format(names=", ".join(seating.byes)))
    document.add_heading(t("Table cards"))
    for table in seating.tables:
        document.add_heading(t("Table {t}").format(t=table.table))
        document.add_table(
            (t("Wind"), t("Player")),
            [(t(_WINDS[wind]), name) for wind, name in enumerate(table.seats)],
            bold=(1,),
            widths=(25, 75),
        )
    _add_quality(document, tournament, seating, t)
    return document


def _add_quality(document: Document, tournament: Tournament, seating: Seating, t: Callable[[str], str]) -> None:
    """The quality of sessions 1 to this one as seated, beside a random seating of the same players (issue 26)."""
    seated = [s for s in tournament.seatings if s.session < seating.session] + [seating]
    keep = tournament.settings.keep_apart
    report: QualityReport = quality_report(
        seated,
        ignore=[p.name for p in tournament.players if p.substitute],
        apart={p.name: getattr(p, keep) for p in tournament.players} if keep else None,
        seed=tournament.settings.name,
        common_opponents=len(tournament.players) <= 2000,
    )
    ours, other = report.seating, report.random

    def common(q: SeatingQuality) -> str:
        return t("all met") if q.fewest_common_opponents is None else str(q.fewest_common_opponents)

    rows = [
        (t("Pairs met twice or more"), str(ours.repeat_pairs), str(other.repeat_pairs)),
        (t("Most meetings of a pair"), str(ours.max_meetings), str(other.max_meetings)),
        (
            t("Winds per player (min-max)"),
            f"{ours.fewest_same_wind}-{ours.max_same_wind}",
            f"{other.fewest_same_wind}-{other.max_same_wind}",
        ),
        (t("Table revisits"), str(ours.table_revisits), str(other.table_revisits)),
        (t("Fewest common opponents of a pair never met"), common(ours), common(other)),
    ]
    if ours.byes is not None and other.byes is not None:
        rows.append(
            (t("Byes per player (min-max)"), f"{ours.byes[0]}-{ours.byes[1]}", f"{other.byes[0]}-{other.byes[1]}")
        )
    if report.apart:
        rows.append((t("Meetings of players kept apart"), str(ours.apart_meetings), str(other.apart_meetings)))
    document.add_heading(t("Seating quality, sessions 1-{k}").format(k=seating.session))
    document.add_table((t("Measure"), t("This seating"), t("A random seating")), rows, widths=(60, 20, 20))


def _figure(tenths: int | None) -> str:
    return "" if tenths is None else format_tenths(tenths)


def score_sheets_document(
    tournament: Tournament, session: int, *, tables: Sequence[int] = (), translate: Callable[[str], str] = _same
) -> Document:
    """The score sheet of EMA 2025 7.5 for each table of ``session`` (``tables``: those only), one after another:
    each player's final count, uma, penalties and final score (EMA 2025 3.7), and a line for each to sign. A table
    whose game the app does not hold gets its players' names and blank figures, to be filled in by hand.

    Raises:
        TournamentError: for a session with no seating, or a table it does not have.
    """
    t = translate
    seating = tournament.seating(session)
    if seating is None:
        raise TournamentError(f"session {session} has no seating yet")
    document = Document(
        f"{tournament.settings.name}: {t('Score sheets')}, {t('session {k}').format(k=session)}",
        subtitle=_subtitle(tournament),
    )
    for number in tables or [x.table for x in seating.tables]:
        sheet = score_sheet(tournament, session, number)
        document.add_heading(t("Table {t}").format(t=number))
        rows = [
            (
                t(_WINDS[line.seat]),
                line.player + (" (" + t("left") + ")" if line.left else ""),
                "" if line.count is None else f"{line.count:,}",
                _figure(line.uma_tenths),
                _figure(line.penalties_tenths) if line.penalties_tenths else ("" if line.count is None else "0.0"),
                _figure(line.final_tenths),
                "\n\n",  # room to sign
            )
            for line in sheet.lines
        ]
        document.add_table(
            (t("Wind"), t("Player"), t("Final count"), t("Uma"), t("Penalties"), t("Final score"), t("Signature")),
            rows,
            numeric=(2, 3, 4, 5),
            bold=(5,),
            widths=(9, 19, 12, 8, 10, 10, 32),
        )
        state = (
            t("Signed by the players (recorded by the referee).")
            if sheet.signed
            else t("Not signed yet: a sheet that is not signed is not valid (EMA 2025 7.5).")
        )
        if not sheet.recorded:
            state = t("No game recorded for this table: fill in by hand.") + " " + state
        elif not sheet.ended:
            state = t("The game is still running: the figures are as it stands.") + " " + state
        document.add_paragraph(state, muted=True)
    return document


def all_last_document(
    tournament: Tournament, session: int, *, tables: Sequence[int] = (), translate: Callable[[str], str] = _same
) -> Document:
    """The all-last sheet of the EMA 2025 annex (3.6) for each table of ``session``: a square with a cross, each zone
    the seat's wind and its player's score now, filled from the game where the app has it, blank otherwise (a table
    without a laptop writes its scores by hand).

    Raises:
        TournamentError: for a session with no seating, or a table it does not have.
    """
    t = translate
    seating = tournament.seating(session)
    if seating is None:
        raise TournamentError(f"session {session} has no seating yet")
    document = Document(
        f"{tournament.settings.name}: {t('All-last sheets')}, {t('session {k}').format(k=session)}",
        subtitle=_subtitle(tournament),
    )
    wind_words = {"E": "East", "S": "South", "W": "West", "N": "North"}
    for number in tables or [x.table for x in seating.tables]:
        sheet = all_last_sheet(tournament, session, number)
        heading = t("Table {t}").format(t=number)
        document.add_heading(f"{heading}  {sheet.round_label}" if sheet.round_label else heading)

        zones = [
            f"{t(wind_words[wind])}\n{player}\n" + (f"{score:,}" if score is not None else "__________")
            for wind, player, score in sheet.zones
        ]

        # The square seen from the first East's seat: across the table at the top, the seats to the right and the
        # left beside the cross, their own at the bottom (the players read their zone from their side).
        document.add_grid(
            (
                ("", zones[2], ""),
                (zones[3], "X", zones[1]),
                ("", zones[0], ""),
            )
        )
        document.add_paragraph(
            t("Each zone: the seat's wind and its score (total, or the difference from the start: all four alike)."),
            muted=True,
        )
    return document
