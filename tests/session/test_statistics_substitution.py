"""A game with a substitute: statistics say who played what, as the standings credit it.

Our reading (scorekeeper/session/substitution.py, docs/tournament.md, docs/statistics.md): each one who sat at a
seat has the hands they played there (riichi, wins, deal-ins, chombo, yaku) and their share of the seat's points
(``seat_shares``, the standings' numbers); the one who finished the game at the seat has its place; the game counts
as a game for each. A seat's lines add up to the seat's own (``seat_totals``).
"""

from __future__ import annotations

import contextlib
import datetime
from dataclasses import fields

from hypothesis import given, settings
from hypothesis import strategies as st

from scorekeeper.errors import ScorekeeperError
from scorekeeper.session import Seat, Session, ruleset, seat_shares
from scorekeeper.session.statistics import (
    PlayerLine,
    PlayerTotals,
    game_lines,
    head_to_head,
    league_table,
    line_totals,
    player_history,
    seat_totals,
)
from tests.session.builders import S0, S1, S2, S3, game, hf
from tests.session.strategies import results

_DAY = datetime.date(2026, 5, 1)


def _seat_sum(lines: tuple[PlayerLine, ...], seat: Seat) -> PlayerTotals:
    total = PlayerTotals()
    for line in lines:
        if line.seat == seat:
            total += line.totals
    return total


def _same_counts(whole: PlayerTotals, parts: PlayerTotals, *, lines: int) -> None:
    """``parts`` (the sum of a seat's lines) are ``whole`` (the seat's), but for the game counted once per line and
    the place once (the finisher's)."""
    for field in fields(PlayerTotals):
        if field.name == "games":
            assert parts.games == lines
        else:
            assert getattr(parts, field.name) == getattr(whole, field.name), field.name


def _substituted() -> Session:
    """tenhou. E1: Bo wins 3,900 from Cy. E2: Bo declares riichi, Ann tsumo 2 han 30 fu. Bo leaves for Sub. E3:
    Sub declares riichi and wins 1 han 30 fu from Di. E3-1: Sub deals in 3 han 30 fu to Cy. Time."""
    session = game("tenhou")
    session.ron(S2, [hf(1, 3, 30)])
    session.declare_riichi(S1)
    session.tsumo(hf(0, 2, 30))
    session.replace_player(S1, "Sub", "fell ill")
    session.declare_riichi(S1)
    session.ron(S3, [hf(1, 1, 30)])
    session.ron(S1, [hf(2, 3, 30)])
    session.end_game("time")
    return session


def test_a_substituted_seat_has_a_line_per_player_with_the_hands_they_played_and_the_standings_points() -> None:
    state = _substituted().state
    lines = line_totals(state)
    assert [(line.seat, line.player) for line in lines] == [
        (S0, "Ann"),
        (S1, "Bo"),
        (S1, "Sub"),
        (S2, "Cy"),
        (S3, "Di"),
    ]
    bo, sub = lines[1].totals, lines[2].totals
    assert (bo.hands, bo.wins, bo.riichi, bo.deal_ins, bo.win_points) == (2, 1, 1, 0, 3900)
    assert (sub.hands, sub.wins, sub.riichi, sub.deal_ins, sub.win_points) == (2, 1, 1, 1, 1000)
    assert bo.places == (0, 0, 0, 0) and bo.average_place is None  # the place is the one's who finished there
    assert sum(sub.places) == 1 and bo.games == sub.games == 1
    # The points are the standings' shares, to the tenth.
    shares = seat_shares(state)
    assert [line.totals.points_tenths for line in lines] == [s.points_tenths + s.penalties_tenths for s in shares]
    for seat in Seat:
        _same_counts(seat_totals(state)[seat], _seat_sum(lines, seat), lines=2 if seat == S1 else 1)


def test_the_league_table_and_history_credit_each_who_sat_at_a_substituted_seat() -> None:
    state = _substituted().state
    lines = game_lines(state, game_id=1, played=_DAY)
    assert lines.seats == (0, 1, 1, 2, 3)
    table = league_table([lines])
    assert table["Bo"].hands == 2 and table["Sub"].hands == 2
    assert table["Bo"].points_tenths + table["Sub"].points_tenths == state.final.points_tenths[S1]  # type: ignore[union-attr]
    assert [(g.place, g.points_tenths) for g in player_history([lines], "Bo")] == [(None, table["Bo"].points_tenths)]
    assert player_history([lines], "Sub")[0].place == state.final.places[S1]  # type: ignore[union-attr]


def test_a_game_without_a_substitute_has_the_seats_lines() -> None:
    session = game("ema2016")
    session.ron(S2, [hf(1, 3, 30)])
    session.end_game("time")
    lines = line_totals(session.state)
    assert [line.totals for line in lines] == list(seat_totals(session.state))
    assert [line.player for line in lines] == list(session.state.players)


@st.composite
def substituted_games(draw: st.DrawFn) -> Session:
    """A game of random results with substitutes coming in at random seats between hands, ended by the referee."""
    session = Session(ruleset(draw(st.sampled_from(["tenhou", "ema2016"]))), ("Aki", "Ben", "Cho", "Dan"))
    subs = iter(("Eve", "Fay", "Gus", "Hal", "Ivy"))
    for result in draw(st.lists(results(full_hands=False), max_size=10)):
        if session.state.ended:
            break
        if draw(st.booleans()):
            with contextlib.suppress(ScorekeeperError):  # a sixth substitute "Jo" may be at the table already
                session.replace_player(draw(st.sampled_from(list(Seat))), next(subs, "Jo"))
        for seat in draw(st.sets(st.sampled_from(list(Seat)), max_size=2)):
            with contextlib.suppress(ScorekeeperError):
                session.declare_riichi(seat)
        with contextlib.suppress(ScorekeeperError):
            session.apply(result)
    if not session.state.ended:
        session.end_game("")
    return session


@settings(max_examples=60, deadline=None)
@given(session=substituted_games())
def test_the_lines_of_every_seat_add_up_to_the_seat_and_each_players_points_are_the_standings_shares(
    session: Session,
) -> None:
    state = session.state
    lines = line_totals(state)
    for seat in Seat:
        _same_counts(seat_totals(state)[seat], _seat_sum(lines, seat), lines=sum(1 for x in lines if x.seat == seat))
    shares = seat_shares(state)
    assert [(x.seat, x.player) for x in lines] == [(s.seat, s.player) for s in shares]
    assert [x.totals.points_tenths for x in lines] == [s.points_tenths + s.penalties_tenths for s in shares]
    table = league_table([game_lines(state, played=_DAY)])
    for name, totals in table.items():
        assert totals.points_tenths == sum(x.totals.points_tenths for x in lines if x.player == name)


def test_a_leaver_and_the_substitute_who_took_their_seat_did_not_meet() -> None:
    lines = game_lines(_substituted().state, game_id=1, played=_DAY)
    assert [h.opponent for h in head_to_head([lines], "Bo")] == ["Ann", "Cy", "Di"]
    assert [h.opponent for h in head_to_head([lines], "Sub")] == ["Ann", "Cy", "Di"]
    met_ann = {h.opponent for h in head_to_head([lines], "Ann")}
    assert met_ann == {"Bo", "Sub", "Cy", "Di"}  # both sat across from Ann, one after the other
