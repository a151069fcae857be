"""``scorekeeper tournament substitute``: a substitute takes a player's seat in a running game."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from scorekeeper.session import (
    HanFuWin,
    PlayerReplaced,
    Ron,
    Seat,
    Session,
    SubstitutionRemoved,
    format_record,
    record_from_session,
    ruleset,
)
from scorekeeper.sync.table import TableSync
from scorekeeper.tournament import Player
from tests.cli.test_tournament_cli import _create, _run
from tests.sync import steps
from tests.tournament.builders import ron
from tests.tournament_db import Tournament

_Capture = pytest.CaptureFixture[str]


def _running_game(tmp_path: Path, capsys: _Capture) -> tuple[str, list[str]]:
    """A 16-player tournament whose session 1 table 1 played one hand (seat 1 won a mangan from seat 0)."""
    db = _create(tmp_path, capsys)
    status, out, err = _run(capsys, "seat", "--db", db, "--session", "1", "--json")
    assert (status, err) == (0, "")
    seats: list[str] = json.loads(out)["tables"][0]["seats"]
    game = Session(ruleset("ema2016"), seats)
    game.apply(ron(1, 0, han=5))
    path = tmp_path / "running.json"
    path.write_text(json.dumps(format_record(record_from_session(game))), encoding="utf-8")
    assert _run(capsys, "record", "--db", db, "--session", "1", "--table", "1", str(path))[0] == 0
    assert _run(capsys, "add-player", "--db", db, "--name", "Sam Reyes", "--substitute")[0] == 0
    return db, seats


def test_a_substitute_takes_a_seat_in_a_running_game_and_the_leaver_scores_minus_30_as_the_texts_say(
    tmp_path: Path, capsys: _Capture
) -> None:
    db, seats = _running_game(tmp_path, capsys)
    leaving = seats[1]
    status, out, err = _run(
        capsys, "substitute", "--db", db, "--session", "1", "--table", "1", "--leaving", leaving.lower(),
        "--player", "sam reyes", "--reason", "fell ill",
    )  # fmt: skip
    assert (status, err) == (0, "")
    assert out == f"session 1 table 1: Sam Reyes takes seat 1 from {leaving} from the hand in play on\n"
    status, out, _ = _run(capsys, "standings", "--db", db, "--json")
    rows = {row["player"]: row for row in json.loads(out)["standings"]}
    assert "Sam Reyes" not in rows
    # RCR 2016 5.8 / EMA 2025 7.3: -15,000 points and -15,000 uma, not the seat's +8.0 (which ranked them first).
    assert rows[leaving]["points"] == -30.0
    assert json.loads(out)["standings"][-1]["player"] == leaving


@pytest.mark.parametrize(
    ("leaving", "player", "message"),
    [
        pytest.param("Nobody", "Sam Reyes", "does not sit there now", id="leaving-not-there"),
        pytest.param(None, "Stranger", "not a player of this tournament", id="unregistered"),
    ],
)
def test_a_bad_substitution_is_a_clear_error(
    tmp_path: Path, capsys: _Capture, leaving: str | None, player: str, message: str
) -> None:
    db, seats = _running_game(tmp_path, capsys)
    argv = ["--session", "1", "--table", "1", "--leaving", leaving or seats[0], "--player", player]
    status, out, err = _run(capsys, "substitute", "--db", db, *argv)
    assert (status, out) == (1, "")
    assert message in err


def test_on_postgresql_the_substitute_goes_through_the_referees_write(
    tmp_path: Path, capsys: _Capture, tournament: Tournament
) -> None:
    table, game_id, login = tournament.join(tmp_path, 1)
    steps.append(table, game_id, Ron(Seat(1), (HanFuWin(seat=Seat(0), han=3, fu=40),)))
    with TableSync(table.path, login.url) as sync:
        assert sync.push().synced
    with tournament.store() as store:
        store.add_player(Player(name="Sam Reyes", substitute=True))
    argv = ["--session", "1", "--table", "1", "--leaving", "Chie", "--player", "Sam Reyes"]
    status, out, err = _run(capsys, "substitute", "--db", tournament.referee_url, *argv)
    assert (status, err) == (0, "")
    assert out == "session 1 table 1: Sam Reyes takes seat 2 from Chie from the hand in play on\n"
    with tournament.store() as store:
        game = store.load().game(1, 1)
    assert game is not None
    assert game.events[-1] == PlayerReplaced(seat=Seat(2), player="Sam Reyes")
    # Written as the referee: the table learns of it at its next push, as of a correction.
    with TableSync(table.path, login.url) as sync:
        assert "changed on the server" in sync.push().problem


def test_take_out_gives_the_seat_back_to_the_one_who_left(tmp_path: Path, capsys: _Capture) -> None:
    # The way past a correction that would end the game before the substitute came in (docs/tournament.md).
    db, seats = _running_game(tmp_path, capsys)
    leaving = seats[1]
    args = ("substitute", "--db", db, "--session", "1", "--table", "1")
    assert _run(capsys, *args, "--leaving", leaving, "--player", "Sam Reyes")[0] == 0
    status, out, err = _run(capsys, *args, "--player", "sam reyes", "--take-out", "--reason", "entered by mistake")
    assert (status, err) == (0, "")
    assert out == f"session 1 table 1: Sam Reyes's substitution at seat 1 taken out; {leaving} plays on there\n"
    status, out, _ = _run(capsys, "standings", "--db", db, "--json")
    rows = {row["player"]: row for row in json.loads(out)["standings"]}
    assert rows[leaving]["points"] == 23.0  # the seat's whole result again: 38,000, first, +8.0 and +15 uma
    status, out, err = _run(capsys, *args, "--player", "Sam Reyes", "--take-out")
    assert status == 1
    assert "'Sam Reyes' did not come in during the game (came in: nobody)" in err
    status, _, err = _run(capsys, *args, "--player", "Sam Reyes")
    assert status == 1
    assert "--leaving NAME" in err


def test_on_postgresql_a_substitution_taken_out_reaches_the_table_and_its_registry(
    tmp_path: Path, capsys: _Capture, tournament: Tournament
) -> None:
    # The referee's write (the server's version check) carries the new event; the table takes the server's copy,
    # and its game store binds the substitute to a registry entry (store version 6) from that copy too.
    from scorekeeper.storage.registry import game_substitutes, join_player

    table, game_id, login = tournament.join(tmp_path, 1)
    steps.append(table, game_id, Ron(Seat(1), (HanFuWin(seat=Seat(0), han=3, fu=40),)))
    with TableSync(table.path, login.url) as sync:
        assert sync.push().synced
    with tournament.store() as store:
        store.add_player(Player(name="Sam Reyes", substitute=True))
    where = ["--session", "1", "--table", "1"]
    status, _, err = _run(
        capsys, "substitute", "--db", tournament.referee_url, *where, "--leaving", "Chie", "--player", "Sam Reyes"
    )
    assert (status, err) == (0, "")
    with TableSync(table.path, login.url) as sync:
        assert "changed on the server" in sync.push().problem
        sync.take_server_copy(game_id)
    sam = join_player(table, "Sam Reyes")
    assert [(s.seat, s.name, s.player) for s in game_substitutes(table, game_id)] == [(2, "Sam Reyes", sam)]
    status, out, err = _run(
        capsys, "substitute", "--db", tournament.referee_url, *where, "--player", "Sam Reyes", "--take-out"
    )
    assert (status, err) == (0, "")
    assert out == "session 1 table 1: Sam Reyes's substitution at seat 2 taken out; Chie plays on there\n"
    with TableSync(table.path, login.url) as sync:
        assert "changed on the server" in sync.push().problem
        sync.take_server_copy(game_id)
    stored = table.load(game_id)
    assert stored.events[-1] == SubstitutionRemoved(seat=Seat(2), player="Sam Reyes")
    assert table.load_session(game_id).state.players[2] == "Chie"


def test_on_postgresql_a_substitution_is_refused_when_the_table_pushed_between_the_read_and_the_write(
    tmp_path: Path, capsys: _Capture, tournament: Tournament, monkeypatch: pytest.MonkeyPatch
) -> None:
    # Issue 23 item 5: the command line read the server's version at write time without checking that the game was
    # still the one it built the substitution on, so a table's push in between went unnoticed.
    from scorekeeper.sync import server as sync_server

    table, game_id, login = tournament.join(tmp_path, 1)
    steps.append(table, game_id, Ron(Seat(1), (HanFuWin(seat=Seat(0), han=3, fu=40),)))
    with TableSync(table.path, login.url) as sync:
        assert sync.push().synced
    with tournament.store() as store:
        store.add_player(Player(name="Sam Reyes", substitute=True))
    connect = sync_server.TournamentServer.connect
    pushed: list[bool] = []

    def push_first(url: str, **kwargs: object) -> sync_server.TournamentServer:
        if url == tournament.referee_url and not pushed:  # the referee's write: the table pushes just before it
            pushed.append(True)
            steps.append(table, game_id, Ron(Seat(3), (HanFuWin(seat=Seat(2), han=1, fu=30),)))
            with TableSync(table.path, login.url) as sync:
                assert sync.push().synced
        return connect(url, **kwargs)  # type: ignore[arg-type]

    monkeypatch.setattr(sync_server.TournamentServer, "connect", push_first)
    argv = ["--session", "1", "--table", "1", "--leaving", "Chie", "--player", "Sam Reyes"]
    status, out, err = _run(capsys, "substitute", "--db", tournament.referee_url, *argv)
    assert pushed
    assert (status, out) == (1, "")
    assert "changed since its game was read" in err
    assert "nothing was written" in err
    with tournament.store() as store:
        game = store.load().game(1, 1)
    assert game is not None
    assert len(game.events) == 2
    assert not any(isinstance(event, PlayerReplaced) for event in game.events)


def test_call_time_tells_the_running_games_and_says_which(tmp_path: Path, capsys: _Capture) -> None:
    db, _ = _running_game(tmp_path, capsys)
    status, out, err = _run(capsys, "call-time", "--db", db, "--session", "1")
    assert (status, err) == (0, "")
    assert out == "session 1: time called at tables 1\n"
    status, out, err = _run(capsys, "call-time", "--db", db, "--session", "1")
    assert (status, out, err) == (0, "session 1: time called at tables none\n", "")


def test_a_drop_out_after_the_next_session_was_seated_warns_and_says_how_to_mend_it(
    tmp_path: Path, capsys: _Capture
) -> None:
    db = _create(tmp_path, capsys)
    for session in ("1", "2"):
        assert _run(capsys, "seat", "--db", db, "--session", session)[0] == 0
    status, out, err = _run(capsys, "seat", "--db", db, "--session", "2", "--json")
    leaving = json.loads(out)["tables"][0]["seats"][0]
    status, out, err = _run(capsys, "drop", "--db", db, "--player", leaving, "--after", "1")
    assert (status, err) == (0, "")
    assert out == (
        f"{leaving} drops out after session 1\n"
        f"warning: {leaving} is seated in session 2 (seated before this drop-out): seat it again "
        "('tournament seat --session 2'); no game of it is recorded yet\n"
    )
    assert _run(capsys, "add-player", "--db", db, "--name", "Sam Reyes", "--substitute")[0] == 0
    status, out, _ = _run(capsys, "seat", "--db", db, "--session", "2", "--json")
    assert status == 0
    assert leaving not in json.dumps(json.loads(out))
