"""The player registry (issue 14): seats refer to players, renames everywhere, merges undone exactly, guests."""

from __future__ import annotations

import json
import sqlite3
from pathlib import Path

import pytest

from scorekeeper.errors import IllegalActionError
from scorekeeper.session import Session, ruleset
from scorekeeper.session.names import PlayerNameError
from scorekeeper.session.record import format_record, record_from_session
from scorekeeper.storage import _schema, imports
from scorekeeper.storage.imports import import_records, read_records
from scorekeeper.storage.registry import (
    Player,
    add_player,
    find_players,
    game_seats,
    join_player,
    list_players,
    merge_players,
    rename_player,
    set_seat_player,
    suggest_players,
    unmerge_player,
)
from scorekeeper.storage.store import GameStore
from tests.session.test_statistics import game_1, game_3


def _names(store: GameStore, game_id: int) -> tuple[str, ...]:
    return store.load_session(game_id).players


def test_a_new_game_joins_its_players_by_name_and_an_empty_seat_is_a_guest(tmp_path: Path) -> None:
    with GameStore.open(tmp_path / "g.sqlite3") as store:
        first = store.start_game(game_1())
        second = store.start_game(game_3())  # Aki, a guest, Ben, Dan
        seats_1, seats_3 = game_seats(store, first), game_seats(store, second)
        assert None not in seats_1
        assert seats_3 == (seats_1[0], None, seats_1[1], seats_1[3])
        assert [p.name for p in list_players(store)] == ["Aki", "Ben", "Cho", "Dan"]
        assert {p.name: p.games for p in list_players(store)} == {"Aki": 2, "Ben": 2, "Cho": 1, "Dan": 2}


def test_renaming_a_player_renames_them_in_every_game(tmp_path: Path) -> None:
    with GameStore.open(tmp_path / "g.sqlite3") as store:
        first, second = store.start_game(game_1()), store.start_game(game_3())
        ben = join_player(store, "Ben")
        assert rename_player(store, ben, "  Benjamin ") == "Ben"
        assert _names(store, first) == ("Aki", "Benjamin", "Cho", "Dan")
        assert _names(store, second) == ("Aki", "", "Benjamin", "Dan")
        assert join_player(store, "Benjamin") == ben
        with pytest.raises(PlayerNameError, match="a player has no name"):
            rename_player(store, ben, "   ")
        with pytest.raises(IllegalActionError, match="no player 999"):
            rename_player(store, 999, "X")


def test_a_merge_is_undone_exactly_by_unmerging(tmp_path: Path) -> None:
    with GameStore.open(tmp_path / "g.sqlite3") as store:
        first = store.start_game(game_1())
        other = Session(ruleset("tenhou"), ("aki", "Ben", "Cho", "Dan"))
        second = store.start_game(other)
        aki = join_player(store, "Aki")
        lower = join_player(store, "aki")
        assert aki != lower
        assert [p.id for p in find_players(store, "AKI")] == [aki, lower]
        merge_players(store, keep=aki, merge=lower)
        assert _names(store, second)[0] == "Aki"
        assert find_players(store, "aki") == (Player(id=aki, name="Aki", merged_into=None, games=1),)
        assert join_player(store, "aki") == aki  # a new game with the old spelling joins the merged entry
        with pytest.raises(IllegalActionError, match="already merged"):
            merge_players(store, keep=lower, merge=aki)
        with pytest.raises(IllegalActionError, match="with itself"):
            merge_players(store, keep=aki, merge=aki)
        unmerge_player(store, lower)
        assert _names(store, second)[0] == "aki"
        assert _names(store, first)[0] == "Aki"
        with pytest.raises(IllegalActionError, match="not merged"):
            unmerge_player(store, lower)


def test_a_seat_can_be_given_to_another_player_or_a_guest(tmp_path: Path) -> None:
    with GameStore.open(tmp_path / "g.sqlite3") as store:
        game = store.start_game(game_1())
        eve = add_player(store, "Eve")
        set_seat_player(store, game, 2, eve)
        assert _names(store, game)[2] == "Eve"
        set_seat_player(store, game, 3, None)
        assert game_seats(store, game)[2:] == (eve, None)
        with pytest.raises(IllegalActionError, match="seats 0 to 3"):
            set_seat_player(store, game, 4, eve)


def test_known_players_are_offered_as_you_type_the_most_played_first(tmp_path: Path) -> None:
    with GameStore.open(tmp_path / "g.sqlite3") as store:
        store.start_game(game_1())
        store.start_game(Session(ruleset("tenhou"), ("Daisuke", "Dan", "x", "y")))
        assert suggest_players(store, "da") == ("Dan", "Daisuke")
        assert suggest_players(store, "")[:1] == ("Dan",)


def test_an_ambiguous_name_in_an_import_is_asked_once(tmp_path: Path) -> None:
    with GameStore.open(tmp_path / "g.sqlite3") as store:
        first = add_player(store, "Aki")
        second = add_player(store, "aki")
        record = tmp_path / "r.json"
        record.write_text(json.dumps(format_record(record_from_session(game_1()))), encoding="utf-8")
        asked: list[tuple[str, tuple[int, ...], bool]] = []

        def choose(name: str, candidates: tuple[Player, ...], *, substitute: bool) -> int | None:
            asked.append((name, tuple(p.id for p in candidates), substitute))
            return second

        report = import_records(store, read_records(record), choose=choose)
        assert asked == [("Aki", (first, second), False)]  # one who sat down, not a substitute
        (game,) = report.imported
        assert game_seats(store, game)[0] == second
        assert _names(store, game)[0] == "Aki"  # the record's spelling stays on its table


def test_the_migration_enters_the_players_of_older_games(tmp_path: Path) -> None:
    path = tmp_path / "old.sqlite3"
    connection = sqlite3.connect(path, isolation_level=None)
    _schema.create_schema(connection, 2)
    for names in (["Aki", "Ben", "Cho", "Dan"], ["Dan", "", " Aki ", "Eve"]):
        connection.execute(
            "INSERT INTO games (created, updated, players, ruleset, finished, head)"
            " VALUES ('x', 'x', ?, '\"tenhou\"', 0, 0)",
            (json.dumps(names),),
        )
    connection.close()
    with GameStore.open(path) as store:
        assert {p.name: p.games for p in list_players(store)} == {"Aki": 2, "Ben": 1, "Cho": 1, "Dan": 2, "Eve": 1}
        aki = join_player(store, "Aki")
        assert game_seats(store, 2)[1:3] == (None, aki)


def test_a_record_another_import_stored_meanwhile_is_already_in_the_store(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Two imports of the same file at once: each looked the record up before either stored it, and the second
    failed with "cannot create a game: UNIQUE constraint failed: games.fingerprint" (status 1) instead of skipping."""
    record = tmp_path / "r.json"
    record.write_text(json.dumps(format_record(record_from_session(game_1()))), encoding="utf-8")
    with GameStore.open(tmp_path / "g.sqlite3") as store:
        (stored,) = import_records(store, read_records(record)).imported
        real = imports.game_with_fingerprint
        lookups: list[str] = []

        def not_yet_on_first_look(store: GameStore, fingerprint: str) -> int | None:
            lookups.append(fingerprint)
            return None if len(lookups) == 1 else real(store, fingerprint)

        monkeypatch.setattr(imports, "game_with_fingerprint", not_yet_on_first_look)
        report = import_records(store, read_records(record))
        assert (report.imported, report.skipped, report.existing) == ((), (str(record),), (stored,))
