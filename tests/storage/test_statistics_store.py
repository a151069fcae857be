"""Statistics from the store (issue 14): the same figures as from the records, a cache that never goes stale."""

from __future__ import annotations

import sqlite3
from pathlib import Path

import pytest

from scorekeeper.cli.stats import player_json
from scorekeeper.session.statistics import Selection, league_table, player_statistics
from scorekeeper.storage.registry import NameClashError, join_player, merge_players, rename_player, unmerge_player
from scorekeeper.storage.statistics import STATS_VERSION, load_statistics
from scorekeeper.storage.store import GameStore
from tests.session.test_statistics import DAYS, EXPECTED, finished_lines, sessions


def _store(path: Path) -> GameStore:
    store = GameStore.open(path / "games.sqlite3")
    for session, day in zip(sessions(), DAYS, strict=True):
        store.start_game(session, created=f"{day.isoformat()}T12:00:00+00:00")
    return store


def _by_name(store: GameStore) -> dict[str, object]:
    stored = load_statistics(store)
    return {stored.names[i]: player_json(stored.names[i], t) for i, t in league_table(stored.games).items()}


def test_the_store_gives_the_same_figures_as_the_records(tmp_path: Path) -> None:
    with _store(tmp_path) as store:
        assert _by_name(store) == EXPECTED
        stored = load_statistics(store)
    direct = league_table(finished_lines())
    (aki,) = stored.identities("aki")
    assert player_statistics(stored.games, aki) == direct["Aki"]
    assert [g.played for g in stored.games] == list(DAYS[:3])
    assert [g.ruleset for g in stored.games] == ["tenhou", "ema2016", "tenhou"]
    ema = player_statistics(stored.games, aki, Selection(ruleset="ema2016"))
    assert ema.points_tenths == 11


def test_one_players_games_read_alone_give_the_same_card(tmp_path: Path) -> None:
    with _store(tmp_path) as store:
        everything = load_statistics(store)
        (eve,) = everything.identities("Eve")
        alone = load_statistics(store, player=int(eve))
    assert [g.game_id for g in alone.games] == [2]
    assert player_statistics(alone.games, eve) == player_statistics(everything.games, eve)


def test_finished_games_are_folded_once_and_cached(tmp_path: Path) -> None:
    with _store(tmp_path) as store:
        load_statistics(store)
        path = store.path
    connection = sqlite3.connect(path)
    rows = connection.execute("SELECT game_id, version FROM game_stats ORDER BY game_id").fetchall()
    connection.close()
    assert rows == [(1, STATS_VERSION), (2, STATS_VERSION), (3, STATS_VERSION)]  # game 4 is not finished
    with GameStore.open(path) as store:
        assert _by_name(store) == EXPECTED  # now read from the cache


def test_a_changed_game_is_folded_again(tmp_path: Path) -> None:
    with _store(tmp_path) as store:
        load_statistics(store)
        # Undo the referee's end of game 3 and end it after one more hand: the cached lines are stale.
        session, at = store.load_session(3), store.position(3)
        session.undo()
        session.draw([])
        session.end_game("")
        store.save_session(3, session, at=at)
        stored = load_statistics(store)
        (ben,) = stored.identities("Ben")
        assert player_statistics(stored.games, ben).hands == EXPECTED["Ben"]["hands"] + 1


def test_a_damaged_cache_row_is_folded_again(tmp_path: Path) -> None:
    with _store(tmp_path) as store:
        load_statistics(store)
        path = store.path
    connection = sqlite3.connect(path)
    connection.execute("UPDATE game_stats SET body = 'not lines' WHERE game_id = 1")
    connection.commit()
    connection.close()
    with GameStore.open(path) as store:
        assert _by_name(store) == EXPECTED


def test_rename_merge_and_unmerge_need_no_refolding(tmp_path: Path) -> None:
    with _store(tmp_path) as store:
        eve = join_player(store, "Eve")
        cho = join_player(store, "Cho")
        dan = join_player(store, "Dan")
        # Eve and Cho sat at two seats of game 2: two people, whatever the registry says (refused, registry.py).
        with pytest.raises(NameClashError, match="both sat in game 2, at two different seats"):
            merge_players(store, keep=cho, merge=eve)
        merge_players(store, keep=dan, merge=eve)  # Eve turns out to be Dan (who did not play game 2)
        merged = _by_name(store)
        assert "Eve" not in merged
        assert merged["Dan"]["games"] == 3  # type: ignore[index]
        assert merged["Dan"]["points"] == round(EXPECTED["Dan"]["points"] + EXPECTED["Eve"]["points"], 1)  # type: ignore[index]
        unmerge_player(store, eve)
        assert _by_name(store) == EXPECTED
        rename_player(store, cho, "Chou")
        renamed = _by_name(store)
        assert renamed["Chou"] == {**EXPECTED["Cho"], "player": "Chou"}
