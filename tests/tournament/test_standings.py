"""Standings, hand-computed: a small tournament with ties, penalties and a substitute (EMA 2016 rules).

EMA 2016: 30,000 start and return, no oka, uma +15/+5/-5/-15 split on ties, exact points (session/rules.py).
A non-dealer mangan ron (5 han 30 fu) moves 8,000 points. So at a table where one player rons another and the game
is then ended: the winner has 38,000 (+8.0 +15 = +23.0), the two untouched players tie on 30,000 for second and
split 5 + -5 (0.0 each), the loser has 22,000 (-8.0 -15 = -23.0).
"""

from __future__ import annotations

import dataclasses
from fractions import Fraction

import pytest

from scorekeeper.errors import TournamentError
from scorekeeper.session import (
    Chombo,
    EndGame,
    ExhaustiveDraw,
    HandEdited,
    HandRecord,
    LastHandCalled,
    RefereePenalty,
    Seat,
)
from scorekeeper.storage.tournament_export import (
    format_base_rank,
    format_corrections_csv,
    format_ema_csv,
    mers_base_ranks,
)
from scorekeeper.tournament import (
    AbsenceRule,
    CorrectionLine,
    Player,
    Seating,
    StandingsTieBreak,
    TableSeating,
    TimeLimitRule,
    Tournament,
    TournamentPenalty,
    compute_standings,
    correction_lines,
    format_tenths,
    penalty_lines,
    time_limit_end,
)
from tests.tournament.builders import ron, settings, table_game

_PLAYERS = (
    *(Player(name=n, team="Red" if n in "ABCD" else "Blue") for n in "ABCDEFG"),
    Player(name="Sub", substitute=True),
)
_SEATING = Seating(session=1, tables=(TableSeating(1, ("A", "B", "C", "D")), TableSeating(2, ("E", "F", "G", "Sub"))))


def _tournament(**kwargs: object) -> Tournament:
    tournament = Tournament(settings=settings(sessions=2, **kwargs), players=_PLAYERS).with_seating(_SEATING)
    tournament = tournament.with_game(table_game(1, 1, ("A", "B", "C", "D"), ron(winner=1, discarder=0)))
    # The substitute (North) rons East: the table's result counts for E, F and G; Sub is ranked nowhere.
    tournament = tournament.with_game(table_game(1, 2, ("E", "F", "G", "Sub"), ron(winner=3, discarder=0)))
    return tournament.with_penalty(TournamentPenalty(player="D", points=-20000, reason="late", session=1))


def test_small_tournament_standings_with_ties_penalties_and_a_substitute() -> None:
    standings = compute_standings(_tournament())
    got = [
        (r.rank, r.player, format_tenths(r.points_tenths), r.games, format_tenths(r.penalties_tenths))
        for r in standings.rows
    ]
    assert got == [
        (1, "B", "23.0", 1, "0.0"),
        (2, "C", "0.0", 1, "0.0"),
        (2, "F", "0.0", 1, "0.0"),
        (2, "G", "0.0", 1, "0.0"),
        (5, "D", "-20.0", 1, "-20.0"),
        (6, "A", "-23.0", 1, "0.0"),
        (6, "E", "-23.0", 1, "0.0"),
    ]
    assert "Sub" not in [r.player for r in standings.rows]
    assert standings.rows[0].session_points_tenths == (230, None)
    assert standings.to_json()["standings"][4] == {
        "rank": 5,
        "player": "D",
        "points": -20.0,
        "games": 1,
        "penalties": -20.0,
    }


def test_team_standings_sum_the_members() -> None:
    standings = compute_standings(_tournament(teams=True))
    assert [(t.rank, t.team, t.points) for t in standings.teams] == [(1, "Red", -20.0), (2, "Blue", -23.0)]


def test_a_penalty_inside_a_game_counts_as_the_session_gives_it() -> None:
    # EMA 2016: a chombo is 20,000 after uma ([issue3]); the session's sheet carries it as a penalty.
    tournament = Tournament(settings=settings(), players=_PLAYERS).with_seating(_SEATING)
    tournament = tournament.with_game(table_game(1, 1, ("A", "B", "C", "D"), Chombo(Seat(2))))
    row = next(r for r in compute_standings(tournament).rows if r.player == "C")
    assert row.penalties_tenths == -200


def test_the_places_tie_break_orders_level_players_by_their_placings() -> None:
    tournament = _tournament(tie_break=StandingsTieBreak.PLACES)
    ranks = {r.player: r.rank for r in compute_standings(tournament).rows}
    assert ranks["C"] == ranks["F"] == 2  # all placed second: still level


def test_recording_the_same_game_twice_changes_nothing() -> None:
    tournament = _tournament()
    again = tournament.with_game(table_game(1, 1, ("A", "B", "C", "D"), ron(winner=1, discarder=0)))
    assert again is tournament


def test_a_different_game_for_a_recorded_table_is_refused() -> None:
    with pytest.raises(TournamentError, match="already has a different game"):
        _tournament().with_game(table_game(1, 1, ("A", "B", "C", "D"), ron(winner=2, discarder=0)))


def test_a_game_whose_players_do_not_match_the_seating_is_refused_naming_both() -> None:
    tournament = Tournament(settings=settings(), players=_PLAYERS).with_seating(_SEATING)
    with pytest.raises(TournamentError, match=r"the game's players .* are B, A, C, D, but the seating has A, B, C, D"):
        tournament.with_game(table_game(1, 1, ("B", "A", "C", "D")))


def test_a_seating_must_seat_everyone_and_substitutes_only_where_needed() -> None:
    players = (*(Player(name=n) for n in "ABCD"), *(Player(name=f"S{k}", substitute=True) for k in range(4)))
    tournament = Tournament(settings=settings(), players=players)
    with pytest.raises(TournamentError, match="D is not seated"):
        tournament.with_seating(Seating(session=1, tables=(TableSeating(1, ("A", "B", "C", "S0")),)))
    with pytest.raises(TournamentError, match="4 substitute\\(s\\) seated where 4 players need 0"):
        tournament.with_seating(
            Seating(
                session=1, tables=(TableSeating(1, ("A", "B", "C", "D")), TableSeating(2, ("S0", "S1", "S2", "S3")))
            )
        )


def test_a_dropped_player_is_not_seated_again_and_keeps_their_points() -> None:
    tournament = _tournament().with_dropout("A", 1)
    with pytest.raises(TournamentError, match="dropped out after session 1"):
        tournament.with_seating(dataclasses.replace(_SEATING, session=2))
    row = next(r for r in compute_standings(tournament).rows if r.player == "A")
    assert row.dropped
    assert row.points_tenths == -230


def test_a_penalty_for_an_unknown_player_is_refused() -> None:
    with pytest.raises(TournamentError, match="no player called 'Zed'"):
        _tournament().with_penalty(TournamentPenalty(player="Zed", points=-1000, reason="x"))


def test_at_the_time_limit_finish_hand_calls_the_last_hand_and_stop_now_ends_the_game() -> None:
    tournament = Tournament(settings=settings(), players=_PLAYERS).with_seating(_SEATING)
    game = table_game(1, 1, ("A", "B", "C", "D"))
    running = dataclasses.replace(game, events=())
    state = running.state(tournament.settings)
    assert time_limit_end(state, TimeLimitRule.FINISH_HAND) == (LastHandCalled("time limit"),)
    assert time_limit_end(state, TimeLimitRule.STOP_NOW) == (EndGame("time limit"),)
    assert time_limit_end(game.state(tournament.settings), TimeLimitRule.STOP_NOW) == ()
    assert time_limit_end(game.state(tournament.settings), TimeLimitRule.FINISH_HAND) == ()


def test_at_the_time_limit_a_game_already_told_its_last_hand_is_left_alone_and_its_next_hand_ends_it() -> None:
    tournament = Tournament(settings=settings(), players=_PLAYERS).with_seating(_SEATING)
    running = dataclasses.replace(table_game(1, 1, ("A", "B", "C", "D")), events=())
    called = dataclasses.replace(
        running, events=tuple(time_limit_end(running.state(tournament.settings), TimeLimitRule.FINISH_HAND))
    )
    state = called.state(tournament.settings)
    assert state.last_hand_called
    assert time_limit_end(state, TimeLimitRule.FINISH_HAND) == ()
    assert time_limit_end(state, TimeLimitRule.STOP_NOW) == (EndGame("time limit"),)
    finished = dataclasses.replace(called, events=(*called.events, ExhaustiveDraw(())))
    assert finished.state(tournament.settings).ended


def test_players_level_on_points_and_on_the_tie_break_share_the_rank() -> None:
    # Session 1: B rons A (B 1st +23.0, C and D tie 2nd at 0.0, A 4th). Session 2: D rons A (D 1st, B and C tie
    # 2nd). B and D: +23.0 each, placings 1 + 2 each, one first place each: the knob leaves them level.
    players = tuple(Player(name=n) for n in "ABCD")
    seating1 = Seating(session=1, tables=(TableSeating(1, ("A", "B", "C", "D")),))
    seating2 = Seating(session=2, tables=(TableSeating(1, ("A", "B", "C", "D")),))
    tournament = Tournament(
        settings=settings(sessions=2, tie_break=StandingsTieBreak.PLACES),
        players=players,
    )
    tournament = tournament.with_seating(seating1).with_seating(seating2)
    tournament = tournament.with_game(table_game(1, 1, ("A", "B", "C", "D"), ron(winner=1, discarder=0)))
    tournament = tournament.with_game(table_game(2, 1, ("A", "B", "C", "D"), ron(winner=3, discarder=0)))
    rows = {r.player: r for r in compute_standings(tournament).rows}
    assert rows["B"].points_tenths == rows["D"].points_tenths == 230
    assert rows["B"].rank == rows["D"].rank == 1  # same sum of placings (3) and one first place each
    # BEST_GAME: B's best game (+23.0) equals D's: still level.
    best = compute_standings(dataclasses.replace(tournament, settings=settings(sessions=2, tie_break="best_game")))
    assert [r.rank for r in best.rows[:2]] == [1, 1]


def test_the_places_tie_break_orders_equal_points_by_the_sum_of_placings() -> None:
    # A and B both end on 0.0: A by two shared 2nd places at 0.0, B by a first (+23.0) and a last (-23.0).
    players = tuple(Player(name=n) for n in "ABCD")
    tournament = Tournament(
        settings=settings(sessions=2, tie_break=StandingsTieBreak.PLACES),
        players=players,
    )
    for session in (1, 2):
        tournament = tournament.with_seating(Seating(session=session, tables=(TableSeating(1, ("A", "B", "C", "D")),)))
    tournament = tournament.with_game(table_game(1, 1, ("A", "B", "C", "D"), ron(winner=1, discarder=2)))
    tournament = tournament.with_game(table_game(2, 1, ("A", "B", "C", "D"), ron(winner=3, discarder=1)))
    rows = compute_standings(tournament).rows
    by_name = {r.player: r for r in rows}
    assert by_name["A"].points_tenths == by_name["B"].points_tenths == 0
    assert by_name["A"].places == (2, 2)
    assert by_name["B"].places == (1, 4)
    assert by_name["A"].rank < by_name["B"].rank


def test_a_fixed_table_must_name_a_player_and_a_table() -> None:
    with pytest.raises(TournamentError, match="'Zed', who is not a player"):
        Tournament(settings=settings(), players=_PLAYERS, fixed=(("Zed", 1),))
    with pytest.raises(TournamentError, match="A's fixed table must be a table number"):
        Tournament(settings=settings(), players=_PLAYERS, fixed=(("A", 0),))


def test_a_player_who_withdrew_before_playing_is_ranked_nowhere() -> None:
    # H registered, then withdrew before session 1 (a late withdrawal): never seated, no game. Ranked at 0.0 they
    # would sit mid-table above everyone with a negative total, and count as a participant of the EMA form.
    roster = (*_PLAYERS[:7], Player(name="H", team="Blue", dropped_after=0), _PLAYERS[7])
    tournament = dataclasses.replace(_tournament(), players=roster)
    standings = compute_standings(tournament)
    assert [r.player for r in standings.rows] == ["B", "C", "F", "G", "D", "A", "E"]
    assert all("H" not in team.members for team in standings.teams)
    ema = format_ema_csv(tournament).decode("utf-8-sig").splitlines()
    assert len(ema) == 1 + 7
    assert ema[5].startswith("5,D,") and ema[5].endswith(",333.33")  # 1000 x (7 - 5) / (7 - 1): seven took part


def test_each_ranked_players_mers_base_rank_is_the_results_forms() -> None:
    # Seven ranked (H withdrew): 1000 x (7 - rank) / 6, as the EMA results form writes it (issue 28: the card).
    roster = (*_PLAYERS[:7], Player(name="H", team="Blue", dropped_after=0), _PLAYERS[7])
    tournament = dataclasses.replace(_tournament(), players=roster)
    bases = mers_base_ranks(tournament)
    assert [(b.player, b.rank, b.players) for b in bases][:2] == [("B", 1, 7), ("C", 2, 7)]
    assert [b.base_rank for b in bases] == [Fraction(1000 * (7 - b.rank), 6) for b in bases]
    assert format_base_rank(Fraction(2000, 6)) == "333.33"
    ema = format_ema_csv(tournament).decode("utf-8-sig").splitlines()[1:]
    assert [line.rsplit(",", 1)[1] for line in ema] == [format_base_rank(b.base_rank) for b in bases]
    assert {b.tournament for b in bases} == {tournament.settings.name}


def test_a_player_who_dropped_out_after_playing_keeps_a_rank() -> None:
    tournament = _tournament().with_dropout("A", 1)
    assert "A" in [r.player for r in compute_standings(tournament).rows]


def test_a_tournament_penalty_for_a_substitute_is_refused_not_lost() -> None:
    # The CLI used to answer "penalty -1.0 for Sub" while the standings, which rank no substitute, dropped it.
    with pytest.raises(TournamentError, match="Sub is a substitute"):
        _tournament().with_penalty(TournamentPenalty(player="sub", points=-1000, reason="late"))


def test_every_penalty_the_standings_count_is_listed_where_it_was_given() -> None:
    # A chombo and a penalty at table 2 (in the game), and the referee's -20.0 for D: the standings' penalties
    # column of each player is the sum of their lines, so every tenth traces to a table or to the referee.
    at_table = (Chombo(Seat(0)), RefereePenalty(seat=Seat(1), points=-5000, reason="slow play"))
    tournament = Tournament(settings=settings(sessions=2), players=_PLAYERS).with_seating(_SEATING)
    tournament = tournament.with_game(table_game(1, 1, ("A", "B", "C", "D"), ron(winner=1, discarder=0)))
    tournament = tournament.with_game(table_game(1, 2, ("E", "F", "G", "Sub"), *at_table))
    tournament = tournament.with_penalty(TournamentPenalty(player="D", points=-20000, reason="late", session=1))
    lines = penalty_lines(tournament)
    assert [(p.player, p.points, p.reason, p.session, p.table) for p in lines] == [
        ("E", -20000, "chombo in E1", 1, 2),
        ("F", -5000, "slow play", 1, 2),
        ("D", -20000, "late", 1, None),
    ]
    for row in compute_standings(tournament).rows:
        assert row.penalties_tenths == sum(p.points // 100 for p in lines if p.player == row.player)


def test_a_correction_to_a_played_hand_is_listed_with_what_it_changed() -> None:
    # B's mangan ron on A (8,000) is corrected to 3 han 40 fu (5,200) after the game ended: B 38,000 -> 35,200
    # (+23.0 -> +20.2), A 22,000 -> 24,800 (-23.0 -> -20.2). The log keeps both; the line says who moved how much.
    smaller = HandRecord(riichi=(), result=ron(winner=1, discarder=0, han=3, fu=40))
    played = table_game(1, 1, ("A", "B", "C", "D"), ron(winner=1, discarder=0))
    corrected = dataclasses.replace(played, events=(*played.events, HandEdited(0, smaller)))
    tournament = Tournament(settings=settings(sessions=2), players=_PLAYERS).with_seating(_SEATING)
    tournament = tournament.with_game(corrected)
    assert correction_lines(tournament) == (
        CorrectionLine(
            session=1,
            table=1,
            game_id="s1-t1",
            event=2,
            kind="edited",
            hand="1 (E1)",
            points_tenths=(("A", 28), ("B", -28), ("C", 0), ("D", 0)),
        ),
    )
    b = next(r for r in compute_standings(tournament).rows if r.player == "B")
    assert b.points_tenths == 202
    text = format_corrections_csv(tournament).decode("utf-8-sig").splitlines()
    assert text[0] == "session,table,game,event,correction,hand,player,change"
    assert text[1:] == [
        "1,1,s1-t1,2,edited,1 (E1),A,2.8",
        "1,1,s1-t1,2,edited,1 (E1),B,-2.8",
        "1,1,s1-t1,2,edited,1 (E1),C,0.0",
        "1,1,s1-t1,2,edited,1 (E1),D,0.0",
    ]


def test_a_drop_out_before_a_session_the_player_played_is_refused() -> None:
    # A played session 1; "dropped out after session 0" would list them as never having played, beside a game.
    with pytest.raises(TournamentError, match=r"A played session 1 \(table 1\): a drop-out is after session 1"):
        _tournament().with_dropout("a", 0)
    assert _tournament().with_dropout("A", 1).player("A").dropped_after == 1


def test_the_places_tie_break_compares_average_placing_so_a_drop_out_gains_nothing_by_fewer_games() -> None:
    # Session 1: B rons A; C and D tie 2nd at 0.0. D drops out and a substitute takes the seat; session 2 ends at
    # once, all four level on 30,000 (each 1st at 0.0). C and D both end on 0.0: C placed 2nd and 1st (average 1.5,
    # sum 3), D placed 2nd in the one game played (average 2, sum 2). The sum put D above C for playing less.
    players = (*(Player(name=n) for n in "ABCD"), Player(name="Sub", substitute=True))
    tournament = Tournament(
        settings=settings(sessions=2, tie_break=StandingsTieBreak.PLACES, absence=AbsenceRule.SEAT_SHARES),
        players=players,
    )
    tournament = tournament.with_seating(Seating(session=1, tables=(TableSeating(1, ("A", "B", "C", "D")),)))
    tournament = tournament.with_game(table_game(1, 1, ("A", "B", "C", "D"), ron(winner=1, discarder=0)))
    tournament = tournament.with_dropout("D", 1)
    tournament = tournament.with_seating(Seating(session=2, tables=(TableSeating(1, ("A", "B", "C", "Sub")),)))
    tournament = tournament.with_game(table_game(2, 1, ("A", "B", "C", "Sub")))
    by_name = {r.player: r for r in compute_standings(tournament).rows}
    assert by_name["C"].points_tenths == by_name["D"].points_tenths == 0
    assert by_name["C"].places == (2, 1)
    assert by_name["D"].places == (2,)
    assert by_name["C"].rank < by_name["D"].rank


def test_the_places_tie_break_puts_a_player_with_no_game_after_level_players_who_played() -> None:
    # Nothing played yet for E (registered late, seated from session 2 on: no game recorded yet), while C and D
    # stand on 0.0 after session 1: no placing is not a perfect placing.
    players = tuple(Player(name=n) for n in "ABCDE")
    tournament = Tournament(settings=settings(sessions=2, tie_break=StandingsTieBreak.PLACES), players=players[:4])
    tournament = tournament.with_seating(Seating(session=1, tables=(TableSeating(1, ("A", "B", "C", "D")),)))
    tournament = tournament.with_game(table_game(1, 1, ("A", "B", "C", "D"), ron(winner=1, discarder=0)))
    tournament = tournament.with_player(players[4])
    by_name = {r.player: r for r in compute_standings(tournament).rows}
    assert by_name["E"].points_tenths == by_name["C"].points_tenths == 0
    assert by_name["E"].places == ()
    assert by_name["C"].rank < by_name["E"].rank


def test_a_player_registered_late_without_a_game_is_not_on_the_ema_form() -> None:
    # Late arrives after session 1 and has played nothing yet: at 0.0 they sat second in the standings, and the
    # EMA form ranked them and moved everyone below down a rank and a base rank (issue 23, 4).
    tournament = _tournament().with_player(Player(name="Late", team="Blue"))
    rows = {r.player: r for r in compute_standings(tournament).rows}
    assert rows["Late"].games == 0
    ema = format_ema_csv(tournament).decode("utf-8-sig").splitlines()[1:]
    assert [line.split(",")[:2] for line in ema] == [
        ["1", "B"],
        ["2", "C"],
        ["2", "F"],
        ["2", "G"],
        ["5", "D"],
        ["6", "A"],
        ["6", "E"],
    ]
    bases = mers_base_ranks(tournament)
    assert {b.players for b in bases} == {7}
    assert [b.player for b in bases] == ["B", "C", "F", "G", "D", "A", "E"]
    assert bases[4].base_rank == Fraction(1000 * (7 - 5), 6)
