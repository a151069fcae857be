"""The referee's actions in the core (``scorekeeper.sync.referee``): one copy that the window and the command line call.

Each write to a table's game names the log it was built on; a stale one is refused and nothing is written (STYLE 5),
in a SQLite file and on the server alike.
"""

from __future__ import annotations

import json
import sqlite3
from collections.abc import Iterator
from pathlib import Path

import pytest

from scorekeeper.errors import ErrorCode, SyncConflictError, TournamentError
from scorekeeper.session import (
    EndGame,
    HanFuWin,
    LastHandCalled,
    PlayerReplaced,
    RiichiDeclared,
    Ron,
    Seat,
    Session,
    format_record,
    record_from_session,
    ruleset,
)
from scorekeeper.session.events import event_to_json
from scorekeeper.storage.tournament_store import TournamentStore
from scorekeeper.sync.referee import Referee, is_server_url
from scorekeeper.sync.table import TableSync
from scorekeeper.tournament import Player, SeatingMethod, TableGame, TournamentPenalty
from tests.sync import steps
from tests.tournament.builders import ron, roster, settings
from tests.tournament_db import Tournament


@pytest.fixture
def referee(tmp_path: Path) -> Iterator[Referee]:
    """Sixteen players and two substitutes, four sessions, in a SQLite file; the referee on it."""
    with TournamentStore.open_sqlite(tmp_path / "t.db") as store:
        store.create(settings(sessions=4), roster(16, 2))
    with Referee.open(tmp_path / "t.db") as made:
        yield made


def _record_file(tmp_path: Path, seats: tuple[str, ...], preset: str = "ema2016", *, ended: bool = False) -> Path:
    game = Session(ruleset(preset), list(seats))
    game.apply(ron(1, 0, han=3))
    if ended:
        game.apply(EndGame("time limit"))
    path = tmp_path / f"{preset}-{'-'.join(seats)}.json"
    path.write_text(json.dumps(format_record(record_from_session(game))), encoding="utf-8")
    return path


def _running(referee: Referee, tmp_path: Path) -> TableGame:
    """Session 1 seated; table 1's game recorded with one hand (running)."""
    seated = referee.seat(1, SeatingMethod.AUTO).seating(1)
    assert seated is not None
    referee.record_game(1, 1, _record_file(tmp_path, seated.tables[0].seats))
    return referee.table_game(1, 1)


def test_is_server_url_tells_a_server_from_a_file() -> None:
    assert is_server_url("postgresql://u@h/db")
    assert is_server_url("postgres://u@h/db")
    assert not is_server_url(Path("postgresql.db"))


@pytest.mark.parametrize("method", [m for m in SeatingMethod if m is not SeatingMethod.FILE], ids=str)
def test_every_method_seats_every_ranked_player_once(referee: Referee, method: SeatingMethod) -> None:
    seating = referee.seat(1, method).seating(1)
    assert seating is not None
    seated = sorted(name for table in seating.tables for name in table.seats)
    assert seated == sorted(referee.load().ranked_in(1))
    assert referee.seating(1) == seating


def test_the_same_seed_seats_the_same_way_from_any_face(referee: Referee) -> None:
    first = referee.seat(1, SeatingMethod.RANDOM, seed="x").seating(1)
    again = referee.seat(1, SeatingMethod.RANDOM, seed="x").seating(1)
    assert first == again


def test_seating_from_a_file_needs_the_file(referee: Referee, tmp_path: Path) -> None:
    with pytest.raises(TournamentError) as refused:
        referee.seat(1, SeatingMethod.FILE)
    assert refused.value.code is ErrorCode.REFEREE_NO_SEATING_FILE
    rows = ["table,east,south,west,north"] + [
        f"{t},{','.join(f'P{4 * (t - 1) + k:03d}' for k in range(1, 5))}" for t in range(1, 5)
    ]
    path = tmp_path / "seating.csv"
    path.write_text("\n".join(rows) + "\n", encoding="utf-8")
    seating = referee.seat(2, SeatingMethod.FILE, path=path).seating(2)
    assert seating is not None
    assert seating.tables[0].seats == ("P001", "P002", "P003", "P004")


def test_a_session_out_of_range_is_refused(referee: Referee) -> None:
    with pytest.raises(TournamentError, match="sessions 1 to 4, not 5"):
        referee.seat(5, SeatingMethod.AUTO)


def test_a_game_played_under_other_rules_is_refused(referee: Referee, tmp_path: Path) -> None:
    # Rules the tournament does not have would score it differently (the check both faces made, now made once).
    seating = referee.seat(1, SeatingMethod.AUTO).seating(1)
    assert seating is not None
    with pytest.raises(TournamentError) as refused:
        referee.record_game(1, 1, _record_file(tmp_path, seating.tables[0].seats, "tenhou"))
    assert refused.value.code is ErrorCode.REFEREE_OTHER_RULESET
    assert refused.value.fields["file"] == "tenhou-" + "-".join(seating.tables[0].seats) + ".json"
    assert referee.load().games == ()


def test_the_same_record_twice_changes_nothing(referee: Referee, tmp_path: Path) -> None:
    seating = referee.seat(1, SeatingMethod.AUTO).seating(1)
    assert seating is not None
    path = _record_file(tmp_path, seating.tables[0].seats, ended=True)
    assert referee.record_game(1, 1, path).added
    again = referee.record_game(1, 1, path)
    assert not again.added
    assert len(again.tournament.games) == 1


def test_penalty_player_and_drop_out_go_through_the_model(referee: Referee) -> None:
    after = referee.add_penalty(TournamentPenalty(player="p001", points=-20_000, reason="late", session=None))
    assert after.penalties[-1].player == "P001"
    assert referee.add_player(Player(name="Late Lee")).player("late lee").name == "Late Lee"
    assert referee.drop_out("P002", 1).player("P002").dropped_after == 1
    with pytest.raises(TournamentError):
        referee.add_player(Player(name="p001"))


def test_a_correction_on_the_log_the_referee_saw_is_written(referee: Referee, tmp_path: Path) -> None:
    base = _running(referee, tmp_path)
    after = referee.correct(base, [RiichiDeclared(Seat(2))])
    game = after.game(1, 1)
    assert game is not None
    assert game.events == (*base.events, RiichiDeclared(Seat(2)))
    assert referee.correct(game, []) == after  # nothing to write: nothing written


def test_a_correction_built_on_an_old_log_is_refused_and_nothing_is_written(referee: Referee, tmp_path: Path) -> None:
    base = _running(referee, tmp_path)
    referee.correct(base, [RiichiDeclared(Seat(2))])  # another referee (or program) wrote meanwhile
    with pytest.raises(SyncConflictError) as refused:
        referee.correct(base, [RiichiDeclared(Seat(3))])
    assert refused.value.code is ErrorCode.REFEREE_GAME_MOVED
    assert refused.value.fields == {"session": 1, "table": 1}
    game = referee.table_game(1, 1)
    assert game.events == (*base.events, RiichiDeclared(Seat(2)))


def test_a_substitution_on_a_window_copy_the_game_has_left_is_refused(referee: Referee, tmp_path: Path) -> None:
    base = _running(referee, tmp_path)
    seen = referee.load()
    referee.correct(base, [ron(2, 3, han=1)])
    with pytest.raises(SyncConflictError):
        referee.substitute(1, 1, base.players[0], "Sub001", seen=seen)
    event, after = referee.substitute(1, 1, base.players[0], "Sub001", "fell ill")
    assert event == PlayerReplaced(seat=Seat(0), player="Sub001", reason="fell ill")
    game = after.game(1, 1)
    assert game is not None
    assert game.events[-1] == event


def test_a_substitution_taken_out_gives_the_seat_back(referee: Referee, tmp_path: Path) -> None:
    base = _running(referee, tmp_path)
    referee.substitute(1, 1, base.players[1], "Sub002")
    with pytest.raises(TournamentError, match="did not come in at seat 3"):
        referee.take_out_substitution(1, 1, "Sub002", seat=3)
    preview, after = referee.take_out_substitution(1, 1, "sub002", "by mistake", seat=1)
    assert preview.substitution.left == base.players[1]
    game = after.game(1, 1)
    assert game is not None
    assert game.state(after.settings).players[1] == base.players[1]


def test_no_game_there_is_said_with_its_table(referee: Referee) -> None:
    with pytest.raises(TournamentError) as refused:
        referee.table_game(1, 3)
    assert refused.value.code is ErrorCode.REFEREE_NO_GAME
    assert refused.value.fields == {"session": 1, "table": 3}


def test_calling_time_tells_every_running_game_of_the_session_once(referee: Referee, tmp_path: Path) -> None:
    seating = referee.seat(1, SeatingMethod.AUTO).seating(1)
    assert seating is not None
    referee.record_game(1, 1, _record_file(tmp_path, seating.tables[0].seats))
    referee.record_game(1, 2, _record_file(tmp_path, seating.tables[1].seats, ended=True))
    referee.record_game(1, 3, _record_file(tmp_path, seating.tables[2].seats))
    assert referee.tables_to_call(1) == (1, 3)
    call = referee.call_time(1)
    assert call.reached == (1, 3)  # table 2's game is over
    assert referee.tables_to_call(1) == ()
    assert call.refused == ()
    game = call.tournament.game(1, 1)
    assert game is not None
    assert isinstance(game.events[-1], LastHandCalled)
    assert referee.call_time(1).reached == ()  # told already


def test_calling_time_goes_on_past_a_table_that_wrote_meanwhile(referee: Referee, tmp_path: Path) -> None:
    seating = referee.seat(1, SeatingMethod.AUTO).seating(1)
    assert seating is not None
    referee.record_game(1, 1, _record_file(tmp_path, seating.tables[0].seats))
    referee.record_game(1, 2, _record_file(tmp_path, seating.tables[1].seats))
    seen = referee.load()
    referee.correct(referee.table_game(1, 1), [ron(2, 3, han=1)])  # table 1 wrote after the referee looked
    call = referee.call_time(1, seen=seen)
    assert call.reached == (2,)
    assert [(table, error.code) for table, error in call.refused] == [(1, ErrorCode.REFEREE_GAME_MOVED)]


# -- on the server -----------------------------------------------------------------------------------------------


def test_on_a_server_a_correction_is_refused_when_a_table_pushed_after_the_referee_read(
    tmp_path: Path, tournament: Tournament
) -> None:
    table, game_id, login = tournament.join(tmp_path, 1)
    steps.append(table, game_id, Ron(Seat(1), (HanFuWin(seat=Seat(0), han=3, fu=40),)))
    with TableSync(table.path, login.url) as sync:
        assert sync.push().synced
    with tournament.store() as store:
        referee = Referee(store, server_url=tournament.referee_url)
        seen = referee.table_game(1, 1)
        steps.append(table, game_id, Ron(Seat(2), (HanFuWin(seat=Seat(3), han=1, fu=30),)))
        with TableSync(table.path, login.url) as sync:
            assert sync.push().synced
        with pytest.raises(SyncConflictError) as refused:
            referee.correct(seen, [RiichiDeclared(Seat(2))])
        assert refused.value.code is ErrorCode.REFEREE_GAME_MOVED
        now = referee.table_game(1, 1)
        assert len(now.events) == 2
        assert not any(isinstance(e, RiichiDeclared) for e in now.events)
        after = referee.correct(now, [RiichiDeclared(Seat(2))])  # on the log as it is now: written
        game = after.game(1, 1)
        assert game is not None
        assert game.events[-1] == RiichiDeclared(Seat(2))


def test_a_drop_out_after_later_sessions_were_seated_says_where_they_still_sit(
    referee: Referee, tmp_path: Path
) -> None:
    # Issue 23 item 4: seated before the drop-out was recorded; session 3 can be seated again, session 2 has begun.
    for session in (1, 2, 3):
        referee.seat(session, SeatingMethod.AUTO)
    two = referee.seating(2)
    assert two is not None
    table = next(t for t in two.tables if "P005" not in t.seats)
    referee.record_game(2, table.table, _record_file(tmp_path, table.seats))
    after = referee.drop_out("P005", 1)
    where = referee.seated_after("p005", 1, seen=after)
    assert (where.reseatable, where.started) == ((3,), (2,))
    assert where
    assert not referee.seated_after("P005", 3)
    referee.seat(3, SeatingMethod.AUTO)
    assert referee.seated_after("P005", 1).reseatable == ()


def test_a_game_of_a_player_who_dropped_out_before_its_session_is_refused(referee: Referee, tmp_path: Path) -> None:
    referee.seat(1, SeatingMethod.AUTO)
    seating = referee.seat(2, SeatingMethod.AUTO).seating(2)
    assert seating is not None
    referee.drop_out(seating.tables[0].seats[0], 1)
    with pytest.raises(TournamentError, match="seat session 2 again without them"):
        referee.record_game(2, 1, _record_file(tmp_path, seating.tables[0].seats))


def test_opening_a_tournament_the_file_does_not_hold_is_refused_and_closes_the_file(tmp_path: Path) -> None:
    with TournamentStore.open_sqlite(tmp_path / "t.db") as store:
        store.create(settings(), roster(8))
    with pytest.raises(TournamentError, match="no tournament called 'Nope'"):
        Referee.open(tmp_path / "t.db", "Nope")
    with Referee.open(str(tmp_path / "t.db"), "test open") as referee:
        assert referee.name == "Test Open"
        assert referee.server_url is None


def _riichi_after_the_end(referee: Referee, tmp_path: Path) -> TableGame:
    """Table 1's game recorded (a hand, then its end), then a riichi after the end written into the file's rows."""
    seating = referee.seat(1, SeatingMethod.AUTO).seating(1)
    assert seating is not None
    recorded = referee.record_game(1, 1, _record_file(tmp_path, seating.tables[0].seats, ended=True)).game
    with sqlite3.connect(referee.store.where) as connection:
        connection.execute(
            "INSERT INTO game_events (game_id, seq, body) VALUES (?, ?, ?)",
            (recorded.game_id, len(recorded.events), json.dumps(event_to_json(RiichiDeclared(Seat(2))))),
        )
        connection.execute("UPDATE games SET head = head + 1 WHERE game_id = ?", (recorded.game_id,))
    return recorded


def test_in_a_file_the_referee_cuts_an_unreplayable_game_back_or_replaces_it(referee: Referee, tmp_path: Path) -> None:
    recorded = _riichi_after_the_end(referee, tmp_path)
    seen = referee.load()
    (held,) = seen.unreplayable
    assert held.replayable == len(recorded.events)
    repaired = referee.repair(1, 1, seen=seen)
    assert repaired.unreplayable == ()
    game = repaired.game(1, 1)
    assert game is not None
    assert game.events == recorded.events
    with pytest.raises(TournamentError, match="nothing to repair"):
        referee.repair(1, 1)
    with pytest.raises(TournamentError) as none:
        referee.repair(1, 2)
    assert none.value.code is ErrorCode.REFEREE_NO_GAME


def test_in_a_file_a_repair_on_an_old_read_is_refused_and_a_file_replaces_the_game(
    referee: Referee, tmp_path: Path
) -> None:
    recorded = _riichi_after_the_end(referee, tmp_path)
    seen = referee.load()
    with sqlite3.connect(referee.store.where) as connection:
        connection.execute("UPDATE games SET head = head - 1 WHERE game_id = ?", (recorded.game_id,))
    with pytest.raises(SyncConflictError):
        referee.repair(1, 1, seen=seen)
    with sqlite3.connect(referee.store.where) as connection:
        connection.execute("UPDATE games SET head = head + 1 WHERE game_id = ?", (recorded.game_id,))
    replacement = _record_file(tmp_path, recorded.players)
    replaced = referee.repair(1, 1, path=replacement)
    game = replaced.game(1, 1)
    assert game is not None
    assert len(game.events) == 1
    assert replaced.unreplayable == ()


@pytest.mark.parametrize(
    ("kind", "kwargs", "message"),
    [
        pytest.param("late", {"player": "P001"}, "needs the minutes late", id="late-without-minutes"),
        pytest.param("obstruction", {"player": "P001"}, "say how many points", id="obstruction-without-points"),
        pytest.param("free", {"player": "P001"}, "needs its points", id="free-without-points"),
        pytest.param("free", {"player": "P001", "points": -1000}, "needs a reason", id="free-without-reason"),
        pytest.param("score_sheet", {}, "say the session and table", id="sheet-without-table"),
        pytest.param("unsigned_sheet", {}, "say who the penalty is for", id="nobody"),
    ],
)
def test_a_penalty_from_the_catalogue_missing_what_it_needs_is_refused(
    referee: Referee, kind: str, kwargs: dict[str, object], message: str
) -> None:
    with pytest.raises(TournamentError, match=message):
        referee.give_penalty(kind, **kwargs)  # type: ignore[arg-type]
    assert referee.load().penalties == ()


def test_a_disqualification_during_a_session_dates_itself_by_the_games_played(referee: Referee, tmp_path: Path) -> None:
    seating = referee.seat(1, SeatingMethod.AUTO).seating(1)
    assert seating is not None
    referee.record_game(1, 1, _record_file(tmp_path, seating.tables[0].seats, ended=True))
    played, idle = seating.tables[0].seats[0], seating.tables[1].seats[0]
    after = referee.disqualify_during(played, 1, "cheating")
    assert after.player(played).dropped_after == 1  # they played session 1: out after it
    after = referee.disqualify_during(idle, 1, "cheating")
    assert after.player(idle).dropped_after == 0  # no game of session 1 yet: out before it


def test_who_is_free_to_come_in_and_who_sits_in_a_running_game(referee: Referee, tmp_path: Path) -> None:
    seating = referee.seat(1, SeatingMethod.AUTO).seating(1)
    assert seating is not None
    referee.record_game(1, 1, _record_file(tmp_path, seating.tables[0].seats))
    t = referee.load()
    assert t.sits_in_running_game(seating.tables[0].seats[1], 1)
    assert not t.sits_in_running_game(seating.tables[1].seats[1], 1)  # table 2 has no game yet
    assert t.free_players(1) == ("Sub001", "Sub002")


def test_a_record_for_a_table_whose_game_cannot_be_replayed_says_to_repair_it(referee: Referee, tmp_path: Path) -> None:
    recorded = _riichi_after_the_end(referee, tmp_path)
    with pytest.raises(TournamentError, match="cannot replay"):
        referee.record_game(1, 1, _record_file(tmp_path, recorded.players))
    with pytest.raises(TournamentError, match="no game 'nowhere'"):
        referee.store.rewrite_game("nowhere", 0, (), expected_head=0)


def test_a_score_sheet_is_signed_only_once_its_game_ended(referee: Referee, tmp_path: Path) -> None:
    base = _running(referee, tmp_path)
    t = referee.load()
    with pytest.raises(TournamentError, match="its score sheet is signed at the end"):
        t.with_signature(1, base.table)
    with pytest.raises(TournamentError, match="no score sheet to sign"):
        t.with_signature(1, 4)
