"""Byes (issue 26): a field that is not a multiple of four seats its full tables and the rest sit out.

Standings by hand under both ``bye_score`` values; the seating's invariants as properties (every session seats each
player in play once or gives them a bye, tables of four, byes spread even and rotating, fixed-table and seeded players
sitting out only when unavoidable); drop-outs and late arrivals leave played sessions as they were.
"""

from __future__ import annotations

import os
import sqlite3
from collections import Counter
from pathlib import Path

import psycopg
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from scorekeeper.errors import TournamentError
from scorekeeper.storage.tournament_pg import open_postgresql_store
from scorekeeper.storage.tournament_schema import CURRENT_VERSION
from scorekeeper.storage.tournament_store import open_tournament_store
from scorekeeper.sync.referee import Referee
from scorekeeper.tournament import (
    ByeScore,
    Player,
    Seating,
    SeatingMethod,
    ShortField,
    TableSeating,
    Tournament,
    TournamentSettings,
    bye_spread,
    choose_byes,
    compute_standings,
    sat_out,
    seat_with_byes,
    seating_quality,
    settings_from_json,
)
from tests.pgserver import TestServer
from tests.tournament.builders import names, ron, table_game
from tests.tournament_db import Tournament as ServerTournament

_FIVE = tuple(Player(name=n) for n in "ABCDE")


def _byes_settings(sessions: int = 2, **kwargs: object) -> TournamentSettings:
    return TournamentSettings(name="Bye Open", sessions=sessions, short_field=ShortField.BYES, **kwargs)  # type: ignore[arg-type]


def _five_played(score: ByeScore) -> Tournament:
    """A B C D play session 1 (E sits out), B C D E session 2 (A sits out); EMA 2016: 30,000 returned, uma
    +15/+5/-5/-15 (thousands).

    Session 1: B rons A for a mangan (8,000), then C rons D for 1 han 30 fu (1,000): A 22,000, B 38,000, C 31,000,
    D 29,000, so B +23.0, C +6.0, D -6.0, A -23.0. Session 2 (B C D E): C rons B for a mangan, E rons D for 1,000:
    C +23.0, E +6.0, D -6.0, B -23.0.
    """
    one = Seating(session=1, tables=(TableSeating(1, ("A", "B", "C", "D")),), byes=("E",))
    two = Seating(session=2, tables=(TableSeating(1, ("B", "C", "D", "E")),), byes=("A",))
    t = Tournament(settings=_byes_settings(bye_score=score), players=_FIVE)
    t = t.with_seating(one).with_game(table_game(1, 1, ("A", "B", "C", "D"), ron(1, 0), ron(2, 3, han=1)))
    return t.with_seating(two).with_game(table_game(2, 1, ("B", "C", "D", "E"), ron(1, 0), ron(3, 2, han=1)))


@pytest.mark.parametrize(
    ("score", "expected"),
    [
        # average: A's bye takes A's one session (-23.0), E's takes E's (+6.0)
        (ByeScore.AVERAGE, {"A": (-460, (-230, -230)), "E": (120, (60, 60)), "C": (290, (60, 230))}),
        # zero: a bye is 0.0
        (ByeScore.ZERO, {"A": (-230, (-230, 0)), "E": (60, (0, 60)), "C": (290, (60, 230))}),
    ],
    ids=["average", "zero"],
)
def test_a_bye_scores_as_the_tournaments_bye_score_says(
    score: ByeScore, expected: dict[str, tuple[int, tuple[int, int]]]
) -> None:
    standings = compute_standings(_five_played(score))
    rows = {r.player: r for r in standings.rows}
    for name, (total, sessions) in expected.items():
        assert (rows[name].points_tenths, rows[name].session_points_tenths) == (total, sessions)
    assert rows["A"].byes == (2,) and rows["E"].byes == (1,) and rows["C"].byes == ()
    assert rows["A"].games == 1  # a bye is not a game
    assert rows["B"].points_tenths == 0 and rows["D"].points_tenths == -120
    assert standings.to_json()["standings"][-1] == {
        "rank": 5,
        "player": "A",
        "points": rows["A"].points,
        "games": 1,
        "penalties": 0.0,
        "byes": [2],
    }


def test_a_bye_before_any_game_scores_nothing_until_the_player_has_played() -> None:
    one = Seating(session=1, tables=(TableSeating(1, ("A", "B", "C", "D")),), byes=("E",))
    t = Tournament(settings=_byes_settings(), players=_FIVE).with_seating(one)
    assert {r.player: r.points_tenths for r in compute_standings(t).rows}["E"] == 0


def test_the_settings_keep_byes_in_their_json_and_leave_older_settings_as_they_were() -> None:
    chosen = _byes_settings(bye_score=ByeScore.ZERO)
    assert settings_from_json(chosen.to_json()) == chosen
    assert chosen.to_json()["short_field"] == "byes" and chosen.to_json()["bye_score"] == "zero"
    plain = TournamentSettings(name="Plain")
    assert (
        "short_field" not in plain.to_json()
        and settings_from_json(plain.to_json()).short_field is ShortField.SUBSTITUTES
    )
    with pytest.raises(TournamentError, match="'nope' is not a valid ShortField"):
        TournamentSettings(name="Bad", short_field="nope")  # type: ignore[arg-type]


def test_a_seating_with_byes_is_refused_where_substitutes_fill_the_tables_and_checked_where_byes_are() -> None:
    one = Seating(session=1, tables=(TableSeating(1, ("A", "B", "C", "D")),), byes=("E",))
    with pytest.raises(TournamentError, match="fills its tables with substitutes"):
        Tournament(settings=TournamentSettings(name="Subs", sessions=2), players=_FIVE).with_seating(one)
    byes = Tournament(settings=_byes_settings(), players=_FIVE)
    with pytest.raises(TournamentError, match="E is neither seated nor on a bye"):
        byes.with_seating(Seating(session=1, tables=(TableSeating(1, ("A", "B", "C", "D")),)))
    with pytest.raises(TournamentError, match="has a bye and is seated"):
        Seating(session=1, tables=(TableSeating(1, ("A", "B", "C", "D")),), byes=("a",))


def test_byes_are_stored_and_read_back(tmp_path: Path) -> None:
    with open_tournament_store(tmp_path / "t.db") as store:
        store.create(_byes_settings(), _FIVE)
        seating = Seating(session=1, tables=(TableSeating(1, ("A", "B", "C", "D")),), byes=("E",))
        store.save_seating(seating)
    with open_tournament_store(tmp_path / "t.db") as store:
        assert store.load().seating(1) == seating


# -- the seating's properties -------------------------------------------------------------------------------------


def _run(count: int, sessions: int, seed: int, **kwargs: object) -> list[Seating]:
    players = names(count)
    played: list[Seating] = []
    for session in range(1, sessions + 1):
        played.append(
            seat_with_byes(
                session,
                players,
                history=played,
                sessions=sessions,
                seed=seed,
                effort=0.3,
                roster_at=lambda _: players,
                **kwargs,  # type: ignore[arg-type]
            )
        )
    return played


@settings(max_examples=12, deadline=None)
@given(count=st.integers(4, 31), sessions=st.integers(1, 6), seed=st.integers(0, 1000))
def test_every_session_seats_each_player_once_or_gives_a_bye_and_the_byes_rotate(
    count: int, sessions: int, seed: int
) -> None:
    played = _run(count, sessions, seed)
    for k, seating in enumerate(played):
        assert sorted([*seating.names, *seating.byes]) == sorted(names(count))
        assert len(seating.tables) == count // 4 and len(seating.byes) == count % 4
        # nobody sits out twice before everyone has once: the byes so far differ by one at most, every session
        low, high = bye_spread(played[: k + 1], names(count))
        assert high - low <= 1
    assert played == _run(count, sessions, seed)  # deterministic from the seed


def test_fixed_table_and_seeded_players_do_not_sit_out_while_someone_else_can() -> None:
    players = names(9)  # two tables, one bye a session
    fixed = {players[0]: 1, players[1]: 2}
    seeded = (players[2], players[3])
    played = _run(9, 9, 3, fixed=fixed, seeded=seeded)
    byes = Counter(name for s in played for name in s.byes)
    assert sorted(byes) == sorted(players[4:])  # the five others sit out, in turn: twice for four of them
    assert sorted(byes.values()) == [1, 2, 2, 2, 2]
    for seating in played:
        for name, table in fixed.items():
            assert name in seating.byes or name in seating.table(table).seats


def test_choose_byes_gives_the_turn_to_who_sat_out_least_and_protects_fixed_and_seeded() -> None:
    players = ("A", "B", "C", "D", "E", "F", "G")
    chosen = choose_byes(3, players, sat={"A": 1, "B": 1, "C": 0, "D": 0, "E": 0}, protected={"F", "G"}, seed=1)
    assert sorted(chosen) == ["C", "D", "E"]
    # unavoidable: everyone is protected, so the turn goes by byes alone
    five = players[:5]
    assert choose_byes(2, five, sat={"A": 1, "B": 1, "C": 1, "D": 1}, protected=set(five), seed=1) == ("E",)
    assert sat_out(["A", "E"], [Seating(session=1, tables=(TableSeating(1, ("A", "B", "C", "D")),), byes=("E",))]) == {
        "A": 0,
        "E": 1,
    }


@pytest.mark.parametrize(("count", "sessions"), [(41, 8), (42, 8), (43, 8), (19, 5)])
def test_with_byes_the_seating_meets_nobody_twice_where_the_full_field_does_not(count: int, sessions: int) -> None:
    played = _run(count, sessions, 0)
    quality = seating_quality(played)
    assert quality.repeat_pairs == 0
    assert bye_spread(played, names(count))[1] == 1
    assert quality.max_same_wind <= 2


# -- through the referee: drop-outs and late arrivals -------------------------------------------------------------


def test_a_drop_out_and_a_late_arrival_change_the_byes_to_come_and_never_a_played_session(tmp_path: Path) -> None:
    db = tmp_path / "t.db"
    with open_tournament_store(db) as store:
        store.create(_byes_settings(sessions=4), tuple(Player(name=n) for n in names(10)))
    with Referee.open(db) as referee:
        one = referee.seat(1, SeatingMethod.AUTO).seating(1)
        assert one is not None and len(one.byes) == 2
        referee.drop_out(names(10)[0] if names(10)[0] not in one.byes else names(10)[1], 1)
        two = referee.seat(2, SeatingMethod.AUTO).seating(2)
        assert two is not None and len(two.byes) == 1 and set(two.byes).isdisjoint(one.byes)
        referee.add_player(Player(name="Late"))
        three = referee.seat(3, SeatingMethod.AUTO)
        seated = three.seating(3)
        assert seated is not None and len(seated.byes) == 2 and "Late" not in seated.byes  # Late sat out 1 and 2
        assert three.seating(1) == one and three.seating(2) == two
        assert three.byes(1) == one.byes  # Late has no bye in the sessions before they came
        for method in (SeatingMethod.RANDOM, SeatingMethod.SWISS, SeatingMethod.SWISS_STRICT):
            again = referee.seat(4, method).seating(4)
            assert again is not None and len(again.byes) == 2 and "Late" in {*again.names, *again.byes}
    counts = Counter(name for s in (one, two, seated) for name in s.byes)
    assert max(counts.values()) == 1


# -- storage: SQLite upgrade, PostgreSQL ---------------------------------------------------------------------------


def test_a_version_5_tournament_file_is_brought_up_to_date_and_takes_byes(tmp_path: Path) -> None:
    db = tmp_path / "t.db"
    with open_tournament_store(db) as store:
        store.create(_byes_settings(), _FIVE)
    connection = sqlite3.connect(db)  # as the program before byes left it: no byes table, version 5
    connection.execute("DROP TABLE byes")
    connection.execute("UPDATE schema_version SET version = 5")
    connection.commit()
    connection.close()
    with open_tournament_store(db) as store:
        seating = Seating(session=1, tables=(TableSeating(1, ("A", "B", "C", "D")),), byes=("E",))
        assert store.save_seating(seating).seating(1) == seating
    connection = sqlite3.connect(db)
    assert connection.execute("SELECT version FROM schema_version").fetchall() == [(CURRENT_VERSION,)]
    connection.close()


def test_on_postgresql_byes_are_stored_and_a_tables_login_cannot_see_them(
    tournament: ServerTournament, pg_server: TestServer
) -> None:
    admin_url = pg_server.create_database(f"sk_byes{os.getpid()}")
    try:
        with open_postgresql_store(admin_url) as store:
            store.create(_byes_settings(), _FIVE)
            seating = Seating(session=1, tables=(TableSeating(1, ("A", "B", "C", "D")),), byes=("E",))
            store.save_seating(seating)
        with open_postgresql_store(admin_url) as store:
            assert store.load().seating(1) == seating
    finally:
        with psycopg.connect(pg_server.url(), autocommit=True) as connection:
            connection.execute(f'DROP DATABASE IF EXISTS "sk_byes{os.getpid()}" WITH (FORCE)')
    with psycopg.connect(tournament.table_url(1), autocommit=True) as connection, pytest.raises(psycopg.Error):
        connection.execute("SELECT count(*) FROM byes")


def test_the_standings_csv_and_the_ema_form_count_the_byes() -> None:
    from scorekeeper.storage.tournament_export import format_ema_csv, format_standings_csv

    t = _five_played(ByeScore.AVERAGE)
    lines = format_standings_csv(t).decode("utf-8-sig").splitlines()
    assert lines[0] == "rank,player,points,games,byes,penalties,session 1,session 2"
    assert "5,A,-46.0,1,2,0.0,-23.0,-23.0" in lines
    assert "2,E,12.0,1,1,0.0,6.0,6.0" in lines
    ema = format_ema_csv(t).decode("utf-8-sig").splitlines()
    assert any(line.split(",")[1:2] == ["A"] and "-46.0" in line for line in ema)  # the total with the bye's score
    plain = Tournament(settings=TournamentSettings(name="Plain"), players=_FIVE[:4])
    assert "byes" not in format_standings_csv(plain).decode("utf-8-sig").splitlines()[0]


def test_a_bye_in_a_session_after_the_player_dropped_out_is_not_scored_and_the_referee_is_told(tmp_path: Path) -> None:
    # Session 2 was seated (A on a bye) before A dropped out after session 1: A's session 2 is a session missed
    # (RCR 2016 5.8: -30.0 under ema2016's absence rule), not a bye scoring A's average.
    t = _five_played(ByeScore.AVERAGE).with_dropout("A", 1)
    row = next(r for r in compute_standings(t).rows if r.player == "A")
    assert (row.byes, row.session_points_tenths) == ((), (-230, -300))
    db = tmp_path / "t.db"
    with open_tournament_store(db) as store:
        store.create(_byes_settings(sessions=3), tuple(Player(name=n) for n in names(9)))
    with Referee.open(db) as referee:
        referee.seat(1, SeatingMethod.AUTO)
        two = referee.seat(2, SeatingMethod.AUTO).seating(2)
        assert two is not None
        (out,) = two.byes
        referee.drop_out(out, 1)
        assert referee.seated_after(out, 1).reseatable == (2,)  # its byes change: 8 players, none sits out
        again = referee.seat(2, SeatingMethod.AUTO).seating(2)
        assert again is not None and again.byes == () and len(again.tables) == 2


@pytest.mark.parametrize(("count", "sessions"), [(17, 5), (39, 13), (42, 8)])
def test_a_bye_is_no_wind_the_winds_played_are_as_even_as_the_sessions_played_allow(count: int, sessions: int) -> None:
    # Over 5 sessions a player with a bye sits 4: once each wind (the plan counted the bye as a wind: 0-2 before).
    played = _run(count, sessions, 0)
    winds: dict[str, list[int]] = {}
    for seating in played:
        for table in seating.tables:
            for wind, name in enumerate(table.seats):
                winds.setdefault(name, [0, 0, 0, 0])[wind] += 1
    for name, counts in winds.items():
        sat = sum(counts)
        assert (min(counts), max(counts)) == (sat // 4, -(-sat // 4)), (name, counts)
