"""Ratings (issue 28): tenhou.net's R against values worked out by hand from its published formula, and
openskill's Plackett-Luce figures against the package's own computation.

tenhou.net's formula (tenhou.net manual, "レーティング"): R starts at 1500; after a game
R += factor x (place value + (table average R - R) / 40), place values +30 / +10 / -10 / -30, factor
1 - 0.002 x (games played before) below 400 games, then 0.2. The hand computations are in each test's comment.
"""

from __future__ import annotations

import datetime
import itertools
from random import Random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from openskill.models import PlackettLuce

from scorekeeper.errors import IllegalActionError
from scorekeeper.session import Session, ruleset
from scorekeeper.session.ratings import (
    TENHOU_PLACE_VALUES,
    game_rankings,
    rate_games,
    tenhou_factor,
    tenhou_place_values,
)
from scorekeeper.session.statistics import ROW_FIELDS, GameLines, Selection, game_lines

DAY = datetime.date(2026, 5, 1)


def game(
    game_id: int,
    players: tuple[str | None, ...],
    places: tuple[int, ...],
    *,
    played: datetime.date = DAY,
    ruleset: str = "tenhou",
) -> GameLines:
    """A finished game's lines with only the places filled in (all the ratings read)."""
    rows = []
    for place in places:
        row = [0] * len(ROW_FIELDS)
        row[0] = 1
        row[place] = 1
        rows.append(tuple(row))
    return GameLines(game_id=game_id, played=played, ruleset=ruleset, players=players, rows=tuple(rows))


ABCD = ("A", "B", "C", "D")


def test_tenhou_first_game_of_four_new_players() -> None:
    # Table average 1500, factor 1: 1500 + 30, + 10, - 10, - 30.
    ratings = rate_games([game(1, ABCD, (1, 2, 3, 4))])
    assert {r.player: r.tenhou for r in ratings.players} == {"A": 1530, "B": 1510, "C": 1490, "D": 1470}


def test_tenhou_second_game_uses_the_table_average_and_the_games_played_factor() -> None:
    # Before: A 1530, B 1510, C 1490, D 1470; average 1500; factor 1 - 0.002 x 1 = 0.998. Places reversed:
    # A 4th: 1530 + 0.998 x (-30 + (1500 - 1530) / 40) = 1530 - 0.998 x 30.75 = 1499.3115
    # B 3rd: 1510 + 0.998 x (-10 - 0.25) = 1499.7705;  C 2nd: 1490 + 0.998 x 10.25 = 1500.2295
    # D 1st: 1470 + 0.998 x (30 + 0.75) = 1500.6885
    ratings = rate_games([game(1, ABCD, (1, 2, 3, 4)), game(2, ABCD, (4, 3, 2, 1))])
    tenhou = {r.player: r.tenhou for r in ratings.players}
    assert tenhou == pytest.approx({"A": 1499.3115, "B": 1499.7705, "C": 1500.2295, "D": 1500.6885}, abs=1e-9)
    assert [s.tenhou for s in ratings.history["A"]] == pytest.approx([1530, 1499.3115], abs=1e-9)


def test_tenhou_table_average_counts_a_stronger_table() -> None:
    # Game 1: A 1st (1530), B 2nd (1510), C 3rd (1490), D 4th (1470). Game 2: A, B with two new players E, F:
    # average (1530 + 1510 + 1500 + 1500) / 4 = 1510. E (new, factor 1) 1st: 1500 + 30 + (1510 - 1500) / 40 = 1530.25;
    # A (factor 0.998) 2nd: 1530 + 0.998 x (10 + (1510 - 1530) / 40) = 1530 + 0.998 x 9.5 = 1539.481.
    ratings = rate_games([game(1, ABCD, (1, 2, 3, 4)), game(2, ("E", "A", "B", "F"), (1, 2, 3, 4))])
    tenhou = {r.player: r.tenhou for r in ratings.players}
    assert tenhou["E"] == pytest.approx(1530.25, abs=1e-9)
    assert tenhou["A"] == pytest.approx(1539.481, abs=1e-9)
    # B 3rd: 1510 + 0.998 x (-10 + 0) = 1500.02; F 4th: 1500 + (-30 + 10 / 40) = 1470.25
    assert tenhou["B"] == pytest.approx(1500.02, abs=1e-9)
    assert tenhou["F"] == pytest.approx(1470.25, abs=1e-9)


def test_tenhou_games_played_factor() -> None:
    assert [tenhou_factor(n) for n in (0, 1, 100, 399, 400, 5000)] == pytest.approx([1, 0.998, 0.8, 0.202, 0.2, 0.2])
    with pytest.raises(IllegalActionError, match="0 or more games"):
        tenhou_factor(-1)


def test_tenhou_after_400_games_moves_a_fifth() -> None:
    # 401 games of the same four; in the last one each has played 400 before: change = 0.2 x (value + (avg - R) / 40).
    games = [game(k, ABCD, (1, 2, 3, 4) if k % 2 else (4, 3, 2, 1)) for k in range(1, 402)]
    ratings = rate_games(games)
    for player, value in zip(ABCD, TENHOU_PLACE_VALUES, strict=True):
        steps = ratings.history[player]
        assert len(steps) == 401
        average = sum(ratings.history[p][-2].tenhou for p in ABCD) / 4
        before = steps[-2].tenhou
        assert steps[-1].tenhou - before == pytest.approx(0.2 * (value + (average - before) / 40), abs=1e-9)


def test_tied_players_share_the_place_values_they_span() -> None:
    # EMA shares a tie: two tied first share (30 + 10) / 2 = 20; four tied share 0.
    assert tenhou_place_values((1, 1, 3, 4)) == (20, 20, -10, -30)
    assert tenhou_place_values((2, 1, 2, 4)) == (0, 30, 0, -30)
    assert tenhou_place_values((1, 1, 1, 1)) == (0, 0, 0, 0)
    ratings = rate_games([game(1, ABCD, (1, 1, 3, 4), ruleset="ema2016")])
    assert {r.player: r.tenhou for r in ratings.players} == {"A": 1520, "B": 1520, "C": 1490, "D": 1470}
    # openskill: a shared place is a tie, so the two tied players move alike.
    a, b = ratings.of("A"), ratings.of("B")
    assert a is not None and b is not None and (a.mu, a.sigma) == pytest.approx((b.mu, b.sigma), abs=1e-12)


@pytest.mark.parametrize("places", [(1, 2, 3), (1, 1, 2, 4), (0, 2, 3, 4), (1, 2, 3, 5)], ids=str)
def test_places_that_no_final_table_gives_are_refused(places: tuple[int, ...]) -> None:
    with pytest.raises(IllegalActionError, match="final places"):
        tenhou_place_values(places)


def test_openskill_figures_are_the_packages_own() -> None:
    games = [
        game(1, ABCD, (1, 2, 3, 4)),
        game(2, ("C", "A", "E", "B"), (2, 1, 4, 3)),
        game(3, ("D", "E", "A", "C"), (1, 1, 3, 4), ruleset="ema2016"),
    ]
    model = PlackettLuce()
    own = {name: model.rating() for name in "ABCDE"}
    for g in games:
        names = [p for p in g.players if p is not None]
        places = [row[1:5].index(1) + 1 for row in g.rows]
        out = model.rate([[own[n]] for n in names], ranks=[float(p) for p in places])
        for name, team in zip(names, out, strict=True):
            own[name] = team[0]
    ratings = rate_games(games)
    assert len(ratings.players) == 5
    for rating in ratings.players:
        expected = own[rating.player]
        assert (rating.mu, rating.sigma) == pytest.approx((expected.mu, expected.sigma), abs=1e-12)
        assert rating.ordinal == pytest.approx(expected.ordinal(), abs=1e-12)
    assert [r.ordinal for r in ratings.players] == sorted((r.ordinal for r in ratings.players), reverse=True)


def test_games_are_rated_in_the_order_played_then_stored() -> None:
    later = datetime.date(2026, 6, 1)
    shuffled = [game(3, ABCD, (2, 1, 3, 4), played=later), game(2, ABCD, (4, 3, 2, 1)), game(1, ABCD, (1, 2, 3, 4))]
    assert [g.game_id for g in game_rankings(shuffled)] == [1, 2, 3]
    ordered = rate_games(sorted(shuffled, key=lambda g: g.game_id))
    assert rate_games(shuffled) == ordered
    assert [s.game_id for s in ordered.history["A"]] == [1, 2, 3]


def test_a_guest_plays_at_the_starting_rating_and_is_not_rated() -> None:
    # The guest counts 1500 in the table average: (1500 x 4) / 4, so the first game moves as among new players.
    ratings = rate_games([game(1, ("A", None, "C", "D"), (1, 2, 3, 4)), game(2, ("A", None, "C", "D"), (2, 1, 3, 4))])
    assert [r.player for r in ratings.players if r.player not in "ACD"] == []
    # Game 2: average (1530 + 1500 + 1490 + 1470) / 4 = 1497.5; A 2nd: 1530 + 0.998 x (10 + (1497.5 - 1530) / 40)
    a = ratings.of("A")
    assert a is not None and a.games == 2
    assert a.tenhou == pytest.approx(1530 + 0.998 * (10 - 32.5 / 40), abs=1e-9)


def test_selection_rates_only_the_chosen_games_from_scratch() -> None:
    games = [game(1, ABCD, (1, 2, 3, 4)), game(2, ("A", "B", "E", "F"), (4, 3, 2, 1), ruleset="ema2016")]
    only = rate_games(games, Selection(ruleset="ema2016"))
    assert {r.player: r.tenhou for r in only.players} == {"A": 1470, "B": 1490, "E": 1510, "F": 1530}
    with_c = rate_games(games, Selection(opponents=frozenset({"C"})))
    assert {r.player for r in with_c.players} == set(ABCD)


def test_one_who_left_a_seat_is_not_rated_for_that_game() -> None:
    # Seat 1: B left, E finished the game there in 2nd (lines: A, B (no place), E, C, D).
    rows = []
    for place in (1, None, 2, 3, 4):
        row = [0] * len(ROW_FIELDS)
        row[0] = 1
        if place is not None:
            row[place] = 1
        rows.append(tuple(row))
    lines = GameLines(
        game_id=1,
        played=DAY,
        ruleset="tenhou",
        players=("A", "B", "E", "C", "D"),
        rows=tuple(rows),
        seats=(0, 1, 1, 2, 3),
    )
    ratings = rate_games([lines])
    assert {r.player: r.tenhou for r in ratings.players} == {"A": 1530, "E": 1510, "C": 1490, "D": 1470}


def test_a_real_finished_game_is_rated_by_its_final_table() -> None:
    session = Session(ruleset("tenhou"), ("Aki", "Ben", "Cho", "Dan"))
    session.draw([])
    session.end_game("time")  # all on 25000: tenhou.net breaks the tie by seat, so 1st to 4th in seat order
    lines = game_lines(session.state, game_id=1, played=DAY)
    ratings = rate_games([lines])
    assert {r.player: r.tenhou for r in ratings.players} == {"Aki": 1530, "Ben": 1510, "Cho": 1490, "Dan": 1470}
    ema = Session(ruleset("ema2016"), ("Aki", "Ben", "Cho", "Dan"))
    ema.draw([])
    ema.end_game("time")  # EMA shares the tie: all four first, each the mean of the four values, 0
    assert {r.tenhou for r in rate_games([game_lines(ema.state, game_id=2, played=DAY)]).players} == {1500}


PLACE_TUPLES = sorted(
    {tuple(1 + sum(o < s for o in scores) for s in scores) for scores in itertools.product(range(4), repeat=4)}
)


@st.composite
def rated_games(draw: st.DrawFn) -> list[GameLines]:
    count = draw(st.integers(min_value=1, max_value=12))
    games = []
    for number in range(1, count + 1):
        players = tuple(draw(st.permutations("ABCDEFG"))[:4])
        places = draw(st.sampled_from(PLACE_TUPLES))
        day = DAY + datetime.timedelta(days=draw(st.integers(min_value=0, max_value=3)))
        games.append(game(number, players, places, played=day))
    return games


@given(rated_games(), st.randoms(use_true_random=False))
@settings(max_examples=60, deadline=None)
def test_ratings_depend_on_the_games_not_on_the_order_they_are_given(games: list[GameLines], rng: Random) -> None:
    shuffled = list(games)
    rng.shuffle(shuffled)
    ratings = rate_games(games)
    assert rate_games(shuffled) == ratings
    assert sum(r.games for r in ratings.players) == 4 * len(games)
    assert [r.ordinal for r in ratings.players] == sorted((r.ordinal for r in ratings.players), reverse=True)


@given(st.sampled_from(PLACE_TUPLES))
def test_tenhou_r_is_zero_sum_among_players_at_the_same_games_played_factor(places: tuple[int, ...]) -> None:
    # Equal factors: the place values sum to 0 (a shared place shares values, not adds them) and so do the
    # adjustments by the table average.
    ratings = rate_games([game(1, ABCD, places)])
    assert sum(r.tenhou for r in ratings.players) == pytest.approx(4 * 1500, abs=1e-9)
