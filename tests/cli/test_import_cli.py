"""``scorekeeper import`` at a terminal: a name matching several registry players is asked about, once.

Game 1 of tests/session/test_statistics.py seats Aki, Ben, Cho and Dan; the registry holds two players whose name
is "Aki" but for case, so that name is ambiguous and the others are not. The answer picks a candidate by number,
``n`` makes a new player, and Enter (or an answer that is not a candidate's number) takes the first.
"""

from __future__ import annotations

import io
import json
import sys
from pathlib import Path

import pytest

from scorekeeper.cli import main
from scorekeeper.session.record import format_record, record_from_session
from scorekeeper.storage.registry import add_player, find_players, game_seats, game_substitutes
from scorekeeper.storage.store import GameStore
from tests.session.test_statistics import game_1
from tests.session.test_statistics_substitution import _substituted
from tests.storage.test_import_substitutes import _bo_comes_back


class _Terminal(io.StringIO):
    """Standard input that says it is a terminal, holding what the user types."""

    def isatty(self) -> bool:
        return True


@pytest.mark.parametrize(
    ("typed", "chosen"),
    [
        pytest.param("2\n", "second", id="a-number"),
        pytest.param("\n", "first", id="enter"),
        pytest.param("7\n", "first", id="no-such-number"),
        pytest.param("n\n", "new", id="a-new-player"),
    ],
)
def test_an_ambiguous_name_is_asked_at_the_terminal(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], typed: str, chosen: str
) -> None:
    db = tmp_path / "games.sqlite3"
    with GameStore.open(db) as store:
        first = add_player(store, "Aki")
        second = add_player(store, "aki")
    record = tmp_path / "game.json"
    record.write_text(json.dumps(format_record(record_from_session(game_1()))), encoding="utf-8")
    monkeypatch.setattr(sys, "stdin", _Terminal(typed))
    assert main(["import", str(record), "--db", str(db)]) == 0
    out, err = capsys.readouterr()
    assert out == "imported 1 game(s); 0 already in the store\n"
    assert err.count("matches 2 players") == 1  # asked once, for Aki only
    assert "'Aki' matches 2 players:\n" in err  # one who sat down: not called a substitute
    assert f"  1. Aki (player {first}, 0 games)\n  2. aki (player {second}, 0 games)\n" in err
    assert "which one is it? [1-2; n: a new player; Enter: Aki]" in err
    with GameStore.open(db) as store:
        (game,) = store.list_games()
        seat_0 = game_seats(store, game.id)[0]
        akis = tuple(player.id for player in find_players(store, "Aki"))
    if chosen == "new":
        assert seat_0 not in (first, second)
        assert akis == (first, second, seat_0)
    else:
        assert seat_0 == (first if chosen == "first" else second)
        assert akis == (first, second)


def test_a_name_the_registry_refuses_is_imported_at_a_guest_seat(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    # The registry judges every name an entry takes (scorekeeper.session.names.check_entry_name), the CLI's import
    # included: the game is stored with the name as the record has it, and no entry is made under it.
    db = tmp_path / "games.sqlite3"
    record = format_record(record_from_session(game_1()))
    record["players"][1] = "Ben\u202eJamin"
    path = tmp_path / "game.json"
    path.write_text(json.dumps(record), encoding="utf-8")
    monkeypatch.setattr(sys, "stdin", io.StringIO(""))
    assert main(["import", str(path), "--db", str(db)]) == 0
    assert capsys.readouterr().out.startswith("imported 1 game(s); 0 already in the store\n")
    with GameStore.open(db) as store:
        (game,) = store.list_games()
        assert game_seats(store, game.id)[1] is None
        assert store.load_session(game.id).players[1] == "Ben\u202eJamin"
        assert find_players(store, "Ben\u202eJamin") == ()


def _substitute_record(tmp_path: Path) -> Path:
    """Ann, Bo, Cy and Di; Sub takes seat 1 after the second hand."""
    path = tmp_path / "substituted.json"
    path.write_text(json.dumps(format_record(record_from_session(_substituted()))), encoding="utf-8")
    return path


def _two_subs(db: Path) -> tuple[int, int]:
    with GameStore.open(db) as store:
        return add_player(store, "Sub"), add_player(store, "SUB")


def test_the_import_says_which_player_a_substitute_joined(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    db = tmp_path / "games.sqlite3"
    first, _ = _two_subs(db)
    monkeypatch.setattr(sys, "stdin", io.StringIO(""))
    assert main(["import", str(_substitute_record(tmp_path)), "--db", str(db)]) == 0
    assert capsys.readouterr().out == (
        "imported 1 game(s); 0 already in the store\n"
        f"game 1: substitute 'Sub' (seat 1) joined player {first}, the oldest of the 2 players of that name\n"
        "(a substitute joins the player of their name, as the four who sat down do; --substitutes new or guest "
        "imports them apart)\n"
    )
    with GameStore.open(db) as store:
        assert [s.player for s in game_substitutes(store, 1)] == [first]


@pytest.mark.parametrize("choice", ["new", "guest", "oldest"])
def test_substitutes_can_be_imported_as_new_players_or_guests(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], choice: str
) -> None:
    db = tmp_path / "games.sqlite3"
    first, second = _two_subs(db)
    monkeypatch.setattr(sys, "stdin", _Terminal(""))  # nothing is asked: the option decides
    assert main(["import", str(_substitute_record(tmp_path)), "--db", str(db), "--substitutes", choice]) == 0
    out, err = capsys.readouterr()
    assert err == ""
    with GameStore.open(db) as store:
        (bound,) = [s.player for s in game_substitutes(store, 1)]
    said = {
        "new": f"game 1: substitute 'Sub' (seat 1) is a new player ({bound})\n",
        "guest": "game 1: substitute 'Sub' (seat 1) is a guest (--substitutes guest)\n",
        "oldest": f"game 1: substitute 'Sub' (seat 1) joined player {first}, the oldest of the 2 players of that "
        "name\n",
    }[choice]
    assert out.startswith("imported 1 game(s); 0 already in the store\n" + said)
    if choice == "new":
        assert bound not in (None, first, second)
    else:
        assert bound == {"guest": None, "oldest": first}[choice]


def test_an_ambiguous_substitute_is_asked_at_the_terminal(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    db = tmp_path / "games.sqlite3"
    first, second = _two_subs(db)
    monkeypatch.setattr(sys, "stdin", _Terminal("2\n"))
    assert main(["import", str(_substitute_record(tmp_path)), "--db", str(db)]) == 0
    out, err = capsys.readouterr()
    assert (
        "substitute 'Sub' (came in during the game) matches 2 players:\n"
        f"  1. Sub (player {first}, 0 games)\n  2. SUB (player {second}, 0 games)\n"
    ) in err
    assert out == (
        "imported 1 game(s); 0 already in the store\n"
        f"game 1: substitute 'Sub' (seat 1) joined player {second}, as chosen\n"
    )
    with GameStore.open(db) as store:
        assert [s.player for s in game_substitutes(store, 1)] == [second]


def test_a_name_the_registry_refuses_is_said_to_sit_as_a_guest(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    db = tmp_path / "games.sqlite3"
    record = format_record(record_from_session(game_1()))
    record["players"][2] = "Cho\tX"
    path = tmp_path / "game.json"
    path.write_text(json.dumps(record), encoding="utf-8")
    monkeypatch.setattr(sys, "stdin", io.StringIO(""))
    assert main(["import", str(path), "--db", str(db)]) == 0
    assert capsys.readouterr().out == (
        "imported 1 game(s); 0 already in the store\n"
        "game 1: 'Cho\\tX' (seat 2) sits as a guest: the player's name 'Cho\\tX' holds a line break or control "
        "character: a name is one line of visible text\n"
    )


def test_one_who_came_back_after_a_substitute_is_said_to_be_the_player_who_sat_down(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    db = tmp_path / "games.sqlite3"
    monkeypatch.setattr(sys, "stdin", io.StringIO(""))
    assert main(["import", str(_bo_comes_back(tmp_path)), "--db", str(db), "--substitutes", "new"]) == 0
    with GameStore.open(db) as store:
        (bo,) = find_players(store, "Bo")
        (sub,) = find_players(store, "Sub")
    assert capsys.readouterr().out == (
        "imported 1 game(s); 0 already in the store\n"
        f"game 1: substitute 'Sub' (seat 1) is a new player ({sub.id})\n"
        f"game 1: substitute 'Bo' (seat 1) sat down in this game and came back: player {bo.id}, as at the start\n"
    )


def test_a_substitute_who_joins_the_one_player_of_their_name_is_said_to(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    db = tmp_path / "games.sqlite3"
    with GameStore.open(db) as store:
        sub = add_player(store, "Sub")
    monkeypatch.setattr(sys, "stdin", io.StringIO(""))
    assert main(["import", str(_substitute_record(tmp_path)), "--db", str(db)]) == 0
    assert capsys.readouterr().out.splitlines()[1] == (
        f"game 1: substitute 'Sub' (seat 1) joined player {sub}, already in the registry under that name"
    )
