"""Loading a tournament never fails because of one game (issue 23 item 1): a game this program cannot replay is
held apart with the reason, the rest rank, and the standings, exports and seating still work.

The way in that the database cannot refuse: ``psql`` with a table's code writing a well-formed event the rules
refuse (a riichi after the game's end) straight into its own game's rows.
"""

from __future__ import annotations

from pathlib import Path

import psycopg
import pytest

from scorekeeper.cli import main
from scorekeeper.errors import SyncConflictError, TournamentError
from scorekeeper.session.events import EndGame, HanFuWin, RiichiDeclared, Ron, event_to_json
from scorekeeper.session.rules import ruleset
from scorekeeper.session.seats import Seat
from scorekeeper.session.session import Session
from scorekeeper.storage._jsontext import dump_json
from scorekeeper.storage.records import write_game_record_file
from scorekeeper.sync.referee import Referee
from scorekeeper.sync.table import TableSync
from scorekeeper.tournament import compute_standings
from tests.sync import steps
from tests.tournament_db import PLAYERS, Tournament


def _riichi_after_the_end_by_psql(tournament: Tournament, tmp_path: Path) -> str:
    """Table 1 plays a hand and ends its game through the app; then its code writes a riichi after the end."""
    store, game_id, login = tournament.join(tmp_path, 1)
    steps.append(store, game_id, Ron(Seat(1), (HanFuWin(seat=Seat(0), han=3, fu=40),)))
    steps.append(store, game_id, EndGame("time"), finished=True)
    with TableSync(store.path, login.url) as sync:
        assert sync.push().synced
    with tournament.referee() as referee:
        (server_game,) = [str(g["id"]) for g in referee.games() if g["table"] == 1]
    with psycopg.connect(tournament.table_url(1)) as table:
        table.execute(
            "INSERT INTO game_events (game_id, seq, body) VALUES (%s, 2, %s)",
            (server_game, dump_json(event_to_json(RiichiDeclared(Seat(2))))),
        )
        table.execute("UPDATE games SET head = 3 WHERE game_id = %s", (server_game,))
    return server_game


def _table_two_plays(tournament: Tournament, tmp_path: Path) -> None:
    store, game_id, login = tournament.join(tmp_path, 2)
    steps.append(store, game_id, Ron(Seat(2), (HanFuWin(seat=Seat(3), han=2, fu=30),)))
    with TableSync(store.path, login.url) as sync:
        assert sync.push().synced


def test_one_unreplayable_game_is_held_apart_and_the_rest_rank(tournament: Tournament, tmp_path: Path) -> None:
    server_game = _riichi_after_the_end_by_psql(tournament, tmp_path)
    _table_two_plays(tournament, tmp_path)
    with tournament.store() as store:
        loaded = store.load()
    (held,) = loaded.unreplayable
    assert (held.game_id, held.session, held.table, held.replayable) == (server_game, 1, 1, 2)
    assert "has already ended" in held.reason
    assert [g.table for g in loaded.games] == [2]
    ranked = {row.player: row for row in compute_standings(loaded).rows}
    assert ranked["Hal"].games == 1 and ranked["Ann"].games == 0


def test_the_command_line_ranks_and_exports_with_an_unreplayable_game(
    tournament: Tournament, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    _riichi_after_the_end_by_psql(tournament, tmp_path)
    _table_two_plays(tournament, tmp_path)
    assert main(["tournament", "standings", "--db", tournament.referee_url]) == 0
    out = capsys.readouterr().out
    assert all(name in out for name in PLAYERS[2])
    assert (
        main(["tournament", "export", "--db", tournament.referee_url, "--format", "csv", "-o", str(tmp_path / "s.csv")])
        == 0
    )


def test_the_referee_cuts_the_game_back_to_the_events_that_replay(tournament: Tournament, tmp_path: Path) -> None:
    server_game = _riichi_after_the_end_by_psql(tournament, tmp_path)
    with Referee.open(tournament.referee_url) as referee:
        repaired = referee.repair(1, 1)
        with pytest.raises(TournamentError, match="nothing to repair"):
            referee.repair(1, 1)
    assert repaired.unreplayable == ()
    game = repaired.game(1, 1)
    assert game is not None and game.game_id == server_game
    assert game.events == (Ron(Seat(1), (HanFuWin(seat=Seat(0), han=3, fu=40),)), EndGame("time"))
    assert {row.player: row.games for row in compute_standings(repaired).rows}["Ann"] == 1


def test_a_repair_built_on_an_old_read_is_refused(tournament: Tournament, tmp_path: Path) -> None:
    _riichi_after_the_end_by_psql(tournament, tmp_path)
    with Referee.open(tournament.referee_url) as referee:
        seen = referee.load()
        with psycopg.connect(tournament.table_url(1)) as table:
            table.execute("UPDATE games SET head = 2 WHERE table_no = 1")
        with pytest.raises(SyncConflictError):
            referee.repair(1, 1, seen=seen)


def test_the_command_line_replaces_the_game_from_a_file(
    tournament: Tournament, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    _riichi_after_the_end_by_psql(tournament, tmp_path)
    assert main(["tournament", "standings", "--db", tournament.referee_url]) == 0
    assert "session 1 table 1: game" in capsys.readouterr().err
    played = Session(ruleset("tenhou"), PLAYERS[1], [Ron(Seat(3), (HanFuWin(seat=Seat(2), han=4, fu=30),))])
    record = tmp_path / "table1.json"
    write_game_record_file(record, played)
    argv = ["tournament", "repair", "--db", tournament.referee_url, "--session", "1", "--table", "1"]
    assert main([*argv, "--from", str(record)]) == 0
    assert "replaced from" in capsys.readouterr().out
    with tournament.store() as store:
        loaded = store.load()
    assert loaded.unreplayable == ()
    game = loaded.game(1, 1)
    assert game is not None and game.events == tuple(played.events)


def test_a_replacement_played_by_other_players_is_refused(tournament: Tournament, tmp_path: Path) -> None:
    _riichi_after_the_end_by_psql(tournament, tmp_path)
    played = Session(ruleset("tenhou"), PLAYERS[2], [Ron(Seat(3), (HanFuWin(seat=Seat(2), han=4, fu=30),))])
    record = tmp_path / "other.json"
    write_game_record_file(record, played)
    with Referee.open(tournament.referee_url) as referee:
        with pytest.raises(TournamentError, match="seating has"):
            referee.repair(1, 1, path=record)
        assert len(referee.load().unreplayable) == 1
