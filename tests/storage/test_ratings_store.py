"""Ratings from the store (issue 28): a game corrected or deleted later changes the ratings from that game on.

The ratings are computed afresh from the statistics lines at each read; the lines are cached per game under the
game's revision (docs/statistics.md), so a correction is folded again and a deleted game is gone.
"""

from __future__ import annotations

from pathlib import Path

from scorekeeper.session import HanFuWin, Seat, Session, ruleset
from scorekeeper.session.ratings import RatingStep, rate_games
from scorekeeper.storage.statistics import load_statistics
from scorekeeper.storage.store import GameStore

NAMES = ("Aki", "Ben", "Cho", "Dan")


def _quiet_game() -> Session:
    session = Session(ruleset("tenhou"), NAMES)
    session.draw([])
    session.end_game("time")  # all on 25000: places by seat order
    return session


def _history(store: GameStore) -> dict[str, tuple[RatingStep, ...]]:
    stored = load_statistics(store)
    ratings = rate_games(stored.games)
    return {stored.names[p]: steps for p, steps in ratings.history.items()}


def _store(path: Path) -> GameStore:
    store = GameStore.open(path / "games.sqlite3")
    for day in ("2026-05-01", "2026-05-02", "2026-05-03"):
        store.start_game(_quiet_game(), created=f"{day}T12:00:00+00:00")
    return store


def test_a_corrected_game_changes_the_ratings_from_that_game_on(tmp_path: Path) -> None:
    with _store(tmp_path) as store:
        before = _history(store)
        assert [s.place for s in before["Dan"]] == [4, 4, 4]
        # Game 2 is corrected: the draw was really Dan's ron off Aki, 3 han 30 fu.
        session, at = store.load_session(2), store.position(2)
        session.undo()
        session.undo()
        session.ron(Seat.SEAT_0, [HanFuWin(seat=Seat.SEAT_3, han=3, fu=30)])
        session.end_game("time")
        store.save_session(2, session, at=at)
        after = _history(store)
    assert [s.place for s in after["Dan"]] == [4, 1, 4]
    for name in NAMES:
        assert after[name][0] == before[name][0]  # the game before is untouched
        assert after[name][1] != before[name][1]
        assert after[name][2] != before[name][2]  # and every game after it moves too


def test_a_deleted_game_leaves_the_ratings_of_the_games_left(tmp_path: Path) -> None:
    with _store(tmp_path) as store:
        before = _history(store)
        store.delete_game(2)
        after = _history(store)
    for name in NAMES:
        assert [s.game_id for s in after[name]] == [1, 3]
        assert after[name][0] == before[name][0]
        assert after[name][1].tenhou == before[name][1].tenhou  # game 3 is now their second game
        assert after[name][1].mu == before[name][1].mu
