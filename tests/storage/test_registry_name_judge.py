"""The registry judges every name an entry takes as a new game judges a name, whoever calls.

Before, the registry's own check only took off the outer spaces and counted the characters: the Players window
applied the full names judge (``scorekeeper.session.names``) before a rename, but a library caller, the CLI's
import or a stored game could enter "Ben\\nJamin" or a name with a bidirectional override. Now ``add_player``,
``join_player`` and ``rename_player`` refuse such a name with :class:`PlayerNameError`, and a game stored or
imported with one (records keep loading with whatever names they hold) keeps the name at its seat, as a guest.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from scorekeeper.session import PlayerReplaced, Seat
from scorekeeper.session.names import MAX_NAME, NameProblemKind, PlayerNameError, check_entry_name
from scorekeeper.session.record import format_record, record_from_session
from scorekeeper.storage.imports import Choose, import_records, read_records
from scorekeeper.storage.registry import (
    Player,
    SubstituteSeat,
    add_player,
    game_seats,
    game_substitutes,
    join_player,
    list_players,
    rename_player,
)
from scorekeeper.storage.store import GameStore
from tests.session.test_statistics import game_1
from tests.session.test_statistics_substitution import _substituted

#: Names a new game refuses, by the judge's reason (outer spaces are taken off first, so they are not here).
REFUSED = [
    pytest.param("Ben\nJamin", NameProblemKind.CONTROL, id="line-break"),
    pytest.param("Ben\tJamin", NameProblemKind.CONTROL, id="tab"),
    pytest.param("Ben\u202eJamin", NameProblemKind.CONTROL, id="bidi-override"),
    pytest.param("\u200b", NameProblemKind.EMPTY, id="only-invisible"),
    pytest.param("   ", NameProblemKind.EMPTY, id="only-spaces"),
    pytest.param("B" * (MAX_NAME + 1), NameProblemKind.TOO_LONG, id="too-long"),
]


def _names_in_registry(store: GameStore) -> list[str]:
    return [p.name for p in list_players(store)]


def test_an_entry_name_loses_its_outer_spaces_and_is_judged_as_a_new_games_name() -> None:
    assert check_entry_name("  Benjamin ") == "Benjamin"
    with pytest.raises(PlayerNameError, match=r"^a player's name 'Ben\\nJamin' holds a line break") as caught:
        check_entry_name("Ben\nJamin")
    assert [p.kind for p in caught.value.problems] == [NameProblemKind.CONTROL]
    with pytest.raises(PlayerNameError, match="a player's name must be a text"):
        check_entry_name(None)


@pytest.mark.parametrize(("name", "kind"), REFUSED)
def test_adding_a_player_under_a_refused_name_is_refused(tmp_path: Path, name: str, kind: NameProblemKind) -> None:
    with GameStore.open(tmp_path / "g.sqlite3") as store:
        with pytest.raises(PlayerNameError) as caught:
            add_player(store, name)
        assert caught.value.problems[0].kind == kind
        assert _names_in_registry(store) == []


@pytest.mark.parametrize(("name", "kind"), REFUSED)
def test_joining_a_refused_name_is_refused(tmp_path: Path, name: str, kind: NameProblemKind) -> None:
    with GameStore.open(tmp_path / "g.sqlite3") as store:
        with pytest.raises(PlayerNameError) as caught:
            join_player(store, name)
        assert caught.value.problems[0].kind == kind
        assert _names_in_registry(store) == []


@pytest.mark.parametrize(("name", "kind"), REFUSED)
def test_renaming_to_a_refused_name_is_refused_and_no_game_changes(
    tmp_path: Path, name: str, kind: NameProblemKind
) -> None:
    with GameStore.open(tmp_path / "g.sqlite3") as store:
        game_id = store.start_game(game_1())
        ben = join_player(store, "Ben")
        with pytest.raises(PlayerNameError) as caught:
            rename_player(store, ben, name)
        assert caught.value.problems[0].kind == kind
        assert store.load_session(game_id).players == ("Aki", "Ben", "Cho", "Dan")
        assert "Ben" in _names_in_registry(store)


def test_a_stored_game_with_a_refused_name_keeps_it_at_a_guest_seat(tmp_path: Path) -> None:
    # A stored or imported game keeps its names (a refused old game would be a lost one), but the registry enters
    # no one under a name a new game would refuse.
    with GameStore.open(tmp_path / "g.sqlite3") as store:
        game_id = store.create_game(players=("Aki", "Ben\tJamin", "Cho", "Dan"), ruleset="tenhou")
        seats = game_seats(store, game_id)
        assert seats[1] is None
        assert None not in (seats[0], seats[2], seats[3])
        assert store.load_session(game_id).players[1] == "Ben\tJamin"
        assert _names_in_registry(store) == ["Aki", "Cho", "Dan"]


def test_a_substitute_under_a_refused_name_is_a_guest_on_every_write_path(tmp_path: Path) -> None:
    players = ("Ann", "Bo", "Cy", "Di")
    odd = "Eve\u202e"
    with GameStore.open(tmp_path / "g.sqlite3") as store:
        created = store.create_game(
            players=players, ruleset="tenhou", events=(PlayerReplaced(seat=Seat.SEAT_3, player=odd),)
        )
        appended = store.create_game(players=players, ruleset="tenhou")
        store.append(appended, PlayerReplaced(seat=Seat.SEAT_1, player=odd), at=store.position(appended))
        rewritten = store.create_game(players=players, ruleset="tenhou")
        store.replace_log(rewritten, (PlayerReplaced(seat=Seat.SEAT_2, player=odd),), at=store.position(rewritten))
        assert game_substitutes(store, created) == (SubstituteSeat(seat=3, name=odd, player=None),)
        assert game_substitutes(store, appended) == (SubstituteSeat(seat=1, name=odd, player=None),)
        assert game_substitutes(store, rewritten) == (SubstituteSeat(seat=2, name=odd, player=None),)
        assert sorted(_names_in_registry(store)) == sorted(players)


def _record_file(tmp_path: Path, names: tuple[str, str, str, str]) -> Path:
    record = format_record(record_from_session(game_1()))
    record["players"] = list(names)
    path = tmp_path / "game.json"
    path.write_text(json.dumps(record), encoding="utf-8")
    return path


def _ask_nothing(name: str, candidates: tuple[Player, ...], *, substitute: bool) -> int | None:
    raise AssertionError(f"asked about {name!r}")


@pytest.mark.parametrize("choose", [None, _ask_nothing], ids=["not-asking", "asking"])
def test_an_imported_record_with_a_refused_name_stores_that_seat_as_a_guest(
    tmp_path: Path, choose: Choose | None
) -> None:
    path = _record_file(tmp_path, ("Aki", "Ben\nJamin", "Cho", "Dan"))
    with GameStore.open(tmp_path / "g.sqlite3") as store:
        report = import_records(store, read_records(path), choose=choose)
        (game_id,) = report.imported
        assert game_seats(store, game_id)[1] is None
        assert store.load_session(game_id).players[1] == "Ben\nJamin"
        assert _names_in_registry(store) == ["Aki", "Cho", "Dan"]


def test_an_imported_substitute_with_a_refused_name_is_a_guest(tmp_path: Path) -> None:
    session = _substituted()
    record = format_record(record_from_session(session))
    record["substitutes"][0]["player"] = "Sub\x07"
    path = tmp_path / "game.json"
    path.write_text(json.dumps(record), encoding="utf-8")
    with GameStore.open(tmp_path / "g.sqlite3") as store:
        (game_id,) = import_records(store, read_records(path)).imported
        assert game_substitutes(store, game_id) == (SubstituteSeat(seat=1, name="Sub\x07", player=None),)
        assert "Sub\x07" not in _names_in_registry(store)
