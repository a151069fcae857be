"""Substitutes and absence as the EMA texts score them (RCR 2016 5.8, EMA 2025 7.3), computed by hand.

Both editions: 30,000 start and return, no oka, uma +15/+5/-5/-15 (thousands), exact points, ties split. A
non-dealer mangan ron moves 8,000; 1 han 30 fu from a non-dealer moves 1,000.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from scorekeeper.session import Chombo, EndGame, PlayerReplaced, Seat
from scorekeeper.storage.tournament_store import TournamentStore
from scorekeeper.tournament import (
    AbsenceRule,
    Player,
    Seating,
    TableGame,
    TableSeating,
    Tournament,
    TournamentSettings,
    compute_standings,
)
from tests.tournament.builders import ron

_PLAYERS = (*(Player(name=n) for n in "ABCDEFGH"), Player(name="Sub", substitute=True))
_SEATING = Seating(session=1, tables=(TableSeating(1, ("A", "B", "C", "D")), TableSeating(2, ("E", "F", "G", "H"))))
_EDITIONS = pytest.mark.parametrize("preset", ["ema2016", "ema2025"])


def _settings(preset: str, sessions: int = 2, **kwargs: object) -> TournamentSettings:
    return TournamentSettings(name="Test Open", preset=preset, sessions=sessions, **kwargs)  # type: ignore[arg-type]


def _game(*events: object, table: int = 1, session: int = 1, seats: tuple[str, ...] | None = None) -> TableGame:
    players = seats if seats is not None else _SEATING.table(table).seats
    return TableGame(
        game_id=f"s{session}-t{table}",
        session=session,
        table=table,
        players=players,  # type: ignore[arg-type]
        events=tuple(events),  # type: ignore[arg-type]
    )


def _rows(tournament: Tournament) -> dict[str, tuple[int, tuple[int | None, ...]]]:
    return {r.player: (r.points_tenths, r.session_points_tenths) for r in compute_standings(tournament).rows}


@_EDITIONS
def test_each_texts_rule_is_the_default_of_its_preset(preset: str) -> None:
    assert _settings(preset).absence_rule is AbsenceRule(preset.replace("ema2016", "rcr2016"))
    assert TournamentSettings(name="T", preset="mleague").absence_rule is AbsenceRule.SEAT_SHARES


@_EDITIONS
def test_a_player_substituted_after_play_began_scores_minus_30_and_the_seat_takes_the_last_uma(preset: str) -> None:
    # EMA 2025 7.3 / RCR 2016 5.8: B wins a mangan from A (B 38,000, A 22,000) and falls ill; Sub takes seat 1 and
    # deals in a mangan to C. End: A 22,000, Sub's seat 30,000, C 38,000, D 30,000.
    # B: -15,000 points and -15,000 uma = -30.0 (not +8.0, and not ranked first as before).
    # The seat takes -15,000 uma whatever its score; the other three by their own order take 15,000, 5,000, -5,000:
    # C +8 +15 = +23.0; D 0 +5 = +5.0 (not 0.0: the sheet has D tied second with the seat); A -8 -5 = -13.0.
    game = _game(
        ron(winner=1, discarder=0),
        PlayerReplaced(seat=Seat.SEAT_1, player="Sub", reason="fell ill"),
        ron(winner=2, discarder=1),
        EndGame("time"),
    )
    tournament = Tournament(settings=_settings(preset), players=_PLAYERS).with_seating(_SEATING).with_game(game)
    rows = _rows(tournament)
    assert rows["B"][0] == -300
    assert rows["C"][0] == 230
    assert rows["D"][0] == 50
    assert rows["A"][0] == -130
    assert "Sub" not in rows
    standings = compute_standings(tournament)
    b = next(r for r in standings.rows if r.player == "B")
    assert standings.rows[-1] is b  # last of eight (E-H have no game: 0.0; A -13.0)
    assert b.places == ()


@_EDITIONS
def test_a_substitute_from_the_beginning_counts_for_the_opponents_uma(preset: str) -> None:
    # Sub takes B's seat before the first hand (B more than 10 minutes late: EMA 2025 7.2/7.3, RCR 2016 5.8). Sub
    # wins a mangan from A (Sub 38,000, A 22,000); C wins 1,000 from D (C 31,000, D 29,000).
    # B: -30.0. The substitute's score counts: C is second (+1 +5 = +6.0), D third (-1 -5 = -6.0), A fourth
    # (-8 -15 = -23.0): "the other players will get umas of 5,000, -5,000 and -15,000" (RCR 2016 5.8).
    game = _game(
        PlayerReplaced(seat=Seat.SEAT_1, player="Sub", reason="late"),
        ron(winner=1, discarder=0),
        ron(winner=2, discarder=3, han=1, fu=30),
        EndGame("time"),
    )
    tournament = Tournament(settings=_settings(preset), players=_PLAYERS).with_seating(_SEATING).with_game(game)
    rows = _rows(tournament)
    assert rows["B"] == (-300, (-300, None))
    assert rows["C"][0] == 60
    assert rows["D"][0] == -60
    assert rows["A"][0] == -230
    assert next(r for r in compute_standings(tournament).rows if r.player == "B").games == 0  # played no hand


@_EDITIONS
def test_a_player_who_drops_out_scores_minus_30_for_each_session_missed_once_it_is_seated(preset: str) -> None:
    # H plays session 1 (a mangan from E: +8 +15 = +23.0) and drops out after it; Sub sits in session 2.
    t = Tournament(settings=_settings(preset, sessions=3), players=_PLAYERS).with_seating(_SEATING)
    t = t.with_game(_game(ron(winner=3, discarder=0), EndGame("time"), table=2))
    t = t.with_dropout("H", 1)
    assert _rows(t)["H"] == (230, (230, None, None))  # session 2 not seated yet: nothing missed yet
    second = Seating(session=2, tables=(TableSeating(1, ("A", "E", "C", "G")), TableSeating(2, ("B", "F", "D", "Sub"))))
    t = t.with_seating(second)
    assert _rows(t)["H"] == (-70, (230, -300, None))
    assert next(r for r in compute_standings(t).rows if r.player == "H").dropped


@_EDITIONS
def test_a_chombo_before_leaving_stays_with_the_one_who_left(preset: str) -> None:
    # A chombo is 20,000 after uma (RCR 2016 3.4.6 / EMA 2025 3.4.6): B -30.0 for the session and -20.0.
    game = _game(
        Chombo(Seat.SEAT_1),
        PlayerReplaced(seat=Seat.SEAT_1, player="Sub", reason="fell ill"),
        EndGame("time"),
    )
    tournament = Tournament(settings=_settings(preset), players=_PLAYERS).with_seating(_SEATING).with_game(game)
    b = next(r for r in compute_standings(tournament).rows if r.player == "B")
    assert (b.points_tenths, b.penalties_tenths) == (-500, -200)


def test_the_seat_shares_knob_keeps_the_earlier_reading() -> None:
    game = _game(
        ron(winner=1, discarder=0),
        PlayerReplaced(seat=Seat.SEAT_1, player="Sub", reason="fell ill"),
        ron(winner=2, discarder=1),
        EndGame("time"),
    )
    settings = _settings("ema2016", absence=AbsenceRule.SEAT_SHARES)
    tournament = Tournament(settings=settings, players=_PLAYERS).with_seating(_SEATING).with_game(game)
    assert _rows(tournament)["B"][0] == 80


@_EDITIONS
def test_the_ema_rule_is_stored_and_read_back_with_the_same_standings(tmp_path: Path, preset: str) -> None:
    game = _game(
        ron(winner=1, discarder=0),
        PlayerReplaced(seat=Seat.SEAT_1, player="Sub", reason="fell ill"),
        EndGame("time"),
    )
    with TournamentStore.open_sqlite(tmp_path / "t.sqlite") as store:
        store.create(_settings(preset), _PLAYERS)
        store.save_seating(_SEATING)
        store.add_game(game)
        loaded = store.load()
    assert loaded.settings.absence_rule is _settings(preset).absence_rule
    assert _rows(loaded)["B"][0] == -300


@pytest.mark.parametrize(("preset", "substitute"), [("ema2016", -300), ("ema2025", -230)])
def test_the_games_csv_credits_as_the_standings_and_the_substitutes_line_as_each_text(
    preset: str, substitute: int
) -> None:
    # The substitute's own line, ranked nowhere: RCR 2016 5.8 "always ... -15,000 points and -15,000 uma"; EMA 2025
    # 7.3 "they will always receive -15,000 points uma", on their own points (-8,000 since they sat down): -23.0.
    from scorekeeper.storage.tournament_export import seat_spells

    game = _game(
        ron(winner=1, discarder=0),
        PlayerReplaced(seat=Seat.SEAT_1, player="Sub", reason="fell ill"),
        ron(winner=2, discarder=1),
        EndGame("time"),
    )
    tournament = Tournament(settings=_settings(preset), players=_PLAYERS).with_seating(_SEATING).with_game(game)
    spells = {s.player: s.points_tenths for s in seat_spells(game, tournament.settings)}
    assert spells == {"A": -130, "B": -300, "Sub": substitute, "C": 230, "D": 50}


@pytest.mark.parametrize(("preset", "substitute"), [("ema2016", -300), ("ema2025", 80 - 150)])
def test_a_substitute_from_the_beginning_who_wins_has_the_last_uma_on_their_line(preset: str, substitute: int) -> None:
    # Sub wins a mangan before anyone else plays (Sub 38,000): their line is -30.0 (RCR 2016) or +8 -15 = -7.0
    # (EMA 2025 7.3: "if the substitute player wins the game, they will receive -15,000 points uma").
    from scorekeeper.storage.tournament_export import seat_spells

    game = _game(PlayerReplaced(seat=Seat.SEAT_1, player="Sub"), ron(winner=1, discarder=0), EndGame("time"))
    tournament = Tournament(settings=_settings(preset), players=_PLAYERS).with_seating(_SEATING).with_game(game)
    spells = {s.player: s.points_tenths for s in seat_spells(game, tournament.settings)}
    assert spells["Sub"] == substitute
    assert spells["B"] == -300


def test_settings_stored_before_the_knob_take_the_presets_text_and_round_trip() -> None:
    from scorekeeper.tournament import DisqualifiedRank, settings_from_json

    old = _settings("ema2016").to_json()
    del old["absence"], old["disqualified_rank"]
    again = settings_from_json(old)
    assert (again.absence_rule, again.disqualified) == (AbsenceRule.RCR2016, DisqualifiedRank.BOTTOM)
    chosen = _settings("ema2025", absence=AbsenceRule.SEAT_SHARES, disqualified_rank=DisqualifiedRank.BOTTOM)
    assert settings_from_json(chosen.to_json()) == chosen
