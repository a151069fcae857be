"""The standings remember each game's result per log: never a different number, never a stale one.

Each game's result (its sheet, ended or not) is remembered under its log (settings, players, every event in
effect), so the referee's window does not fold 500 games on every change. These tests build tournaments step by
step (hands, corrections, penalties at the table and the referee's, a drop-out and a substitute in the next session,
substitutes who take a seat during a game and substitutions taken out again, ties) and check
that the standings read with everything remembered are those read with nothing remembered, at every step, and
that a correction shows at once, also through a store.
"""

from __future__ import annotations

import contextlib
import dataclasses
import json
import sqlite3
from pathlib import Path
from unittest import mock

from hypothesis import given, settings
from hypothesis import strategies as st

from scorekeeper.errors import IllegalActionError
from scorekeeper.session import (
    Chombo,
    EndGame,
    Event,
    ExhaustiveDraw,
    HandDeleted,
    HandEdited,
    HandRecord,
    PlayerReplaced,
    RefereePenalty,
    Ron,
    Seat,
    SubstitutionRemoved,
    Tsumo,
)
from scorekeeper.session.events import event_to_json
from scorekeeper.session.state import GameState, apply_event, apply_events, initial_state
from scorekeeper.session.substitution import seat_shares
from scorekeeper.storage.tournament_store import TournamentStore
from scorekeeper.tournament import (
    GameResult,
    Player,
    Seating,
    Standings,
    StandingsTieBreak,
    TableGame,
    TableSeating,
    Tournament,
    TournamentPenalty,
    TournamentSettings,
    compute_standings,
    credited_shares,
    forget_game_results,
)
from tests.tournament.builders import ron, table_game, tsumo
from tests.tournament.builders import settings as tournament_settings

_PLAYERS = (*(Player(name=n) for n in "ABCDEFGH"), Player(name="Sub", substitute=True))
# Session 1: everyone.
_SESSION_1 = Seating(session=1, tables=(TableSeating(1, ("A", "B", "C", "D")), TableSeating(2, ("E", "F", "G", "H"))))
# Who may come in during a game of the property test (registered substitutes who are seated at no table).
_STANDBY = ("Sub2", "Sub3")
_ALL_PLAYERS = (*_PLAYERS, *(Player(name=n, substitute=True) for n in _STANDBY))


def _session_2(leaver: str | None) -> Seating:
    """Session 2 of the property test: ``leaver`` (dropped out after session 1) replaced by Sub, or everyone."""

    def seat(name: str) -> str:
        return "Sub" if name == leaver else name

    return Seating(
        session=2,
        tables=(
            TableSeating(1, (seat("A"), seat("E"), seat("B"), seat("F"))),
            TableSeating(2, (seat("C"), seat("G"), seat("H"), seat("D"))),
        ),
    )


def _folded(game: TableGame, settings: TournamentSettings) -> GameResult:
    """A game's result folded from its log, past anything remembered."""
    state = apply_events(initial_state(settings.ruleset, game.players), game.events)
    sheet = state.standings()  # credited by the tournament's substitution rule, as the standings credit it
    return GameResult(ended=state.ended, sheet=sheet, shares=credited_shares(settings, sheet, seat_shares(state)))


def _uncached(tournament: Tournament) -> Standings:
    """The standings with nothing remembered: every game folded from its log, not through ``TableGame.result``."""
    forget_game_results()
    with mock.patch.object(TableGame, "result", _folded):
        return compute_standings(tournament)


def _hand(draw: st.DrawFn) -> Ron | Tsumo | ExhaustiveDraw | Chombo:
    """A hand's result: a ron, a tsumo or a draw, small enough that many games end level."""
    kind = draw(st.sampled_from(("ron", "tsumo", "draw", "chombo")))
    winner = draw(st.integers(0, 3))
    han = draw(st.integers(1, 5))
    fu = draw(st.sampled_from((30, 40)))
    if kind == "ron":
        return ron(winner=winner, discarder=(winner + draw(st.integers(1, 3))) % 4, han=han, fu=fu)
    if kind == "tsumo":
        return tsumo(winner=winner, han=han, fu=fu)
    if kind == "chombo":
        return Chombo(Seat(winner))
    tenpai = draw(st.lists(st.integers(0, 3), unique=True, max_size=3))
    return ExhaustiveDraw(tuple(Seat(s) for s in sorted(tenpai)))


def _event(draw: st.DrawFn, state: GameState) -> Event:
    """The next event of a game: a hand, a correction to one, a penalty, the end, a substitute coming in for one of
    those seated now (who may leave again in turn), or a substitution taken out again."""
    hands, seated = len(state.hands), state.players
    choice = draw(
        st.sampled_from(("hand", "hand", "hand", "edit", "delete", "penalty", "end", "substitute", "take out"))
    )
    if choice == "take out" and state.substitutions:
        sub = draw(st.sampled_from(state.substitutions))
        return SubstitutionRemoved(seat=sub.seat, player=sub.player, reason="entered by mistake")
    if choice == "edit" and hands:
        return HandEdited(draw(st.integers(0, hands - 1)), HandRecord(riichi=(), result=_hand(draw)))
    if choice == "delete" and hands:
        return HandDeleted(draw(st.integers(0, hands - 1)))
    if choice == "penalty":
        return RefereePenalty(
            seat=Seat(draw(st.integers(0, 3))), points=-1000 * draw(st.integers(1, 20)), reason="slow"
        )
    if choice == "end":
        return EndGame("time limit")
    if choice == "substitute":
        free = [name for name in _STANDBY if name not in seated]
        if free:
            return PlayerReplaced(seat=Seat(draw(st.integers(0, 3))), player=draw(st.sampled_from(free)), reason="ill")
    return _hand(draw)


@st.composite
def _versions(draw: st.DrawFn) -> tuple[Tournament, ...]:
    """A tournament as the referee sees it change: every game growing event by event (corrections and substitutes
    coming in during a game included), penalties given between, and (most often) one player dropping out after
    session 1 with the substitute playing session 2 in their place."""
    tie_break = draw(st.sampled_from(tuple(StandingsTieBreak)))
    tournament = Tournament(settings=tournament_settings(sessions=2, tie_break=tie_break), players=_ALL_PLAYERS)
    tournament = tournament.with_seating(_SESSION_1)
    versions = [tournament]
    leaver = draw(st.sampled_from((*"ABCDEFGH", None)))
    session_2 = _session_2(leaver)
    for seating in (_SESSION_1, session_2):
        if seating is session_2:
            if leaver is not None:
                tournament = tournament.with_dropout(leaver, 1)
                versions.append(tournament)
            tournament = tournament.with_seating(session_2)
        for table in seating.tables:
            game = TableGame(
                game_id=f"s{seating.session}-t{table.table}",
                session=seating.session,
                table=table.table,
                players=table.seats,
                events=(),
            )
            tournament = tournament.with_game(game)
            state = initial_state(tournament.settings.ruleset, game.players)
            for _ in range(draw(st.integers(0, 8))):
                event = _event(draw, state)
                try:
                    state = apply_event(state, event)
                except IllegalActionError:
                    continue
                game = dataclasses.replace(game, events=(*game.events, event))
                others = tuple(g for g in tournament.games if g.game_id != game.game_id)
                tournament = dataclasses.replace(tournament, games=(*others, game))
                versions.append(tournament)
            if draw(st.booleans()):
                player = draw(st.sampled_from([n for n in game.players if n != "Sub"]))  # who sat down
                points = -100 * draw(st.integers(1, 200))
                penalty = TournamentPenalty(player=player, points=points, reason="late", session=seating.session)
                tournament = tournament.with_penalty(penalty)
                versions.append(tournament)
    return tuple(versions)


@settings(max_examples=60, deadline=None)
@given(_versions())
def test_the_standings_are_the_same_with_and_without_remembered_results(versions: tuple[Tournament, ...]) -> None:
    forget_game_results()
    remembered = [compute_standings(v) for v in versions]  # each step on top of the previous steps' entries
    again = [compute_standings(v) for v in reversed(versions)]  # old logs after newer ones: no entry mixed up
    fresh = [_uncached(v) for v in versions]
    assert remembered == fresh
    assert again[::-1] == fresh


def test_the_standings_are_the_same_with_and_without_remembered_results_in_a_tie() -> None:
    # Both games end at once with nobody paid: every player level on 0.0, all share rank 1.
    tournament = Tournament(settings=tournament_settings(sessions=2), players=_PLAYERS).with_seating(_SESSION_1)
    tournament = tournament.with_game(table_game(1, 1, ("A", "B", "C", "D")))
    tournament = tournament.with_game(table_game(1, 2, ("E", "F", "G", "H")))
    compute_standings(tournament)
    assert compute_standings(tournament) == _uncached(tournament)
    assert {r.rank for r in compute_standings(tournament).rows} == {1}


def _points(standings: Standings) -> dict[str, int]:
    return {r.player: r.points_tenths for r in standings.rows}


def test_a_correction_to_one_game_changes_the_standings_at_once() -> None:
    # B's mangan ron on A (+23.0 / -23.0 after uma) corrected to 3 han 40 fu (5,200): +20.2 / -20.2 at once,
    # though the game's id, session, table and players are the same and its earlier log is remembered.
    tournament = Tournament(settings=tournament_settings(sessions=2), players=_PLAYERS).with_seating(_SESSION_1)
    played = table_game(1, 1, ("A", "B", "C", "D"), ron(winner=1, discarder=0))
    tournament = tournament.with_game(played)
    assert _points(compute_standings(tournament))["B"] == 230
    smaller = HandRecord(riichi=(), result=ron(winner=1, discarder=0, han=3, fu=40))
    corrected = dataclasses.replace(played, events=(*played.events, HandEdited(0, smaller)))
    after = dataclasses.replace(tournament, games=(corrected,))
    assert _points(compute_standings(after))["B"] == 202
    assert _points(compute_standings(after))["A"] == -202
    assert _points(compute_standings(tournament))["B"] == 230  # the log before the correction still reads as it was


def test_two_logs_of_one_game_with_as_many_events_each_read_as_their_own() -> None:
    # A game id and a head do not name a log: a referee's correction that overtook a table's write replaces the
    # events from the head on (sync/server.py), so one game id holds a different log of the same length.
    tournament = Tournament(settings=tournament_settings(sessions=2), players=_PLAYERS).with_seating(_SESSION_1)
    b_wins = tournament.with_game(table_game(1, 1, ("A", "B", "C", "D"), ron(winner=1, discarder=0)))
    c_wins = tournament.with_game(table_game(1, 1, ("A", "B", "C", "D"), ron(winner=2, discarder=0)))
    assert _points(compute_standings(b_wins))["B"] == 230
    assert _points(compute_standings(c_wins))["B"] == 0
    assert _points(compute_standings(c_wins))["C"] == 230


def test_a_correction_written_to_the_store_shows_in_the_next_read(tmp_path: Path) -> None:
    # What the referee's window does: compute_standings(store.load()) before and after a correction is appended.
    with TournamentStore.open_sqlite(tmp_path / "open.db") as store:
        store.create(tournament_settings(sessions=2), _PLAYERS)
        store.save_seating(_SESSION_1)
        played = TableGame(
            game_id="s1-t1", session=1, table=1, players=("A", "B", "C", "D"), events=(ron(winner=1, discarder=0),)
        )
        store.add_game(played)
        assert _points(compute_standings(store.load()))["B"] == 230  # running: as if it ended now
        smaller = HandRecord(riichi=(), result=ron(winner=1, discarder=0, han=3, fu=40))
        store.append_events("s1-t1", 1, [HandEdited(0, smaller), EndGame("time limit")])
        standings = compute_standings(store.load())
        assert _points(standings)["B"] == 202
        assert standings == _uncached(store.load())
        state = apply_events(initial_state(tournament_settings().ruleset, played.players), store.load().games[0].events)
        assert state.ended


def test_a_reload_reads_a_game_whose_stored_event_was_replaced_in_place(tmp_path: Path) -> None:
    # The store rebuilds a game only when its row or events differ; "differ" is by the stored text, so an event
    # replaced under the same head (as the server does when a referee's correction overtakes a table's write) is
    # read, not the game remembered from the previous load.
    path = tmp_path / "open.db"
    with TournamentStore.open_sqlite(path) as store:
        store.create(tournament_settings(sessions=2), _PLAYERS)
        store.save_seating(_SESSION_1)
        store.add_game(table_game(1, 1, ("A", "B", "C", "D"), ron(winner=1, discarder=0)))
        assert _points(compute_standings(store.load()))["B"] == 230
        with contextlib.closing(sqlite3.connect(path)) as other, other:
            body = json.dumps(event_to_json(ron(winner=2, discarder=0)))
            other.execute("UPDATE game_events SET body = ? WHERE game_id = 's1-t1' AND seq = 0", (body,))
        points = _points(compute_standings(store.load()))
        assert (points["B"], points["C"]) == (0, 230)
