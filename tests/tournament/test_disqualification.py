"""A referee disqualifies a player (EMA 2025 6.12; RCR 2016 5.8 "ranked at the bottom"), computed by hand.

Both editions: 30,000 start and return, uma +15/+5/-5/-15, exact points; a non-dealer mangan ron moves 8,000.
"""

from __future__ import annotations

import json
from pathlib import Path

import psycopg
import pytest

from scorekeeper.errors import TournamentError
from scorekeeper.session import EndGame
from scorekeeper.storage.tournament_store import TournamentStore
from scorekeeper.tournament import (
    DisqualifiedRank,
    Player,
    Seating,
    TableGame,
    TableSeating,
    Tournament,
    TournamentSettings,
    compute_standings,
)
from tests.cli.test_tournament_cli import _run
from tests.tournament.builders import ron
from tests.tournament_db import Tournament as ServerTournament

_PLAYERS = (*(Player(name=n) for n in "ABCDEFGH"), Player(name="Sub", substitute=True))
_SEATING = Seating(session=1, tables=(TableSeating(1, ("A", "B", "C", "D")), TableSeating(2, ("E", "F", "G", "H"))))
_SECOND = Seating(session=2, tables=(TableSeating(1, ("A", "E", "C", "G")), TableSeating(2, ("B", "F", "D", "Sub"))))


def _played(preset: str) -> Tournament:
    """Session 1: H wins a mangan from E at table 2 (H +23.0, E -23.0; F and G 0.0 each, tied second); table 1
    plays no hand (all four 0.0)."""
    t = Tournament(settings=TournamentSettings(name="T", preset=preset, sessions=2), players=_PLAYERS)
    t = t.with_seating(_SEATING)
    t = t.with_game(
        TableGame(game_id="s1-t1", session=1, table=1, players=("A", "B", "C", "D"), events=(EndGame("t"),))
    )
    game = TableGame(
        game_id="s1-t2", session=1, table=2, players=("E", "F", "G", "H"), events=(ron(3, 0), EndGame("t"))
    )
    return t.with_game(game)


def test_under_rcr_2016_a_disqualified_player_is_ranked_at_the_bottom_whatever_their_points() -> None:
    # H leads with +23.0 and is disqualified after session 1 (cheating): RCR 2016 5.8 "ranked at the bottom".
    t = _played("ema2016").with_disqualification("H", 1, "cheating")
    standings = compute_standings(t)
    assert [r.player for r in standings.rows][-1] == "H"
    h = standings.rows[-1]
    assert (h.rank, h.points_tenths, h.disqualified, h.dropped) == (8, 230, True, True)
    assert standings.rows[-2].player == "E"  # -23.0, the lowest of the others, seventh
    # Session 2 seated: H misses it, -30.0 (RCR 2016 5.8), still at the bottom.
    t = t.with_seating(_SECOND)
    h = compute_standings(t).rows[-1]
    assert (h.player, h.points_tenths) == ("H", -70)


def test_under_ema_2025_a_disqualified_player_is_ranked_by_points_with_minus_30_for_each_session_missed() -> None:
    # EMA 2025 6.12 / 7.3: the player is replaced by a substitute; nothing places them at the bottom.
    t = _played("ema2025").with_disqualification("H", 1, "cheating")
    assert t.settings.disqualified is DisqualifiedRank.POINTS
    assert compute_standings(t).rows[0].player == "H"  # +23.0
    t = t.with_seating(_SECOND)
    rows = {r.player: r for r in compute_standings(t).rows}
    assert rows["H"].points_tenths == 230 - 300
    assert rows["H"].rank == 7  # -7.0: below A-D, F and G (0.0), above E (-23.0)
    assert compute_standings(t).rows[-1].player == "E"


def test_a_disqualification_is_distinct_from_a_drop_out_and_needs_a_reason() -> None:
    t = _played("ema2016")
    with pytest.raises(TournamentError, match="needs a reason"):
        t.with_disqualification("H", 1, " ")
    with pytest.raises(TournamentError, match="substitute"):
        t.with_disqualification("Sub", 1, "cheating")
    dropped = t.with_dropout("H", 1)
    assert not compute_standings(dropped).rows[0].disqualified  # a drop-out keeps their rank by points
    assert compute_standings(dropped).rows[0].player == "H"
    again = t.with_disqualification("H", 1, "cheating")
    with pytest.raises(TournamentError, match="already disqualified"):
        again.with_disqualification("H", 1, "twice")


def test_a_disqualification_is_stored_and_read_back(tmp_path: Path) -> None:
    with TournamentStore.open_sqlite(tmp_path / "t.sqlite") as store:
        store.create(TournamentSettings(name="T", preset="ema2016", sessions=2), _PLAYERS)
        store.save_seating(_SEATING)
        store.disqualify("h", 1, "cheating (EMA 2025 6.12)")
        loaded = store.load()
    h = loaded.player("H")
    assert (h.dropped_after, h.disqualified) == (1, "cheating (EMA 2025 6.12)")


def test_the_command_line_disqualifies_and_the_standings_put_them_last(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    db = tmp_path / "t.sqlite"
    played = _played("ema2016")
    with TournamentStore.open_sqlite(db) as store:
        store.create(played.settings, _PLAYERS)
        store.save_seating(_SEATING)
        for game in played.games:
            store.add_game(game)
    argv = ("disqualify", "--db", str(db), "--player", "h", "--after", "1", "--reason", "cheating")
    status, out, err = _run(capsys, *argv)
    assert (status, err) == (0, "")
    assert out == "H is disqualified and out after session 1: cheating\n"
    status, out, _ = _run(capsys, "standings", "--db", str(db))
    assert out.splitlines()[-1] == "   8  H  23.0  1 games  (disqualified)"
    status, out, _ = _run(capsys, "standings", "--db", str(db), "--json")
    assert json.loads(out)["standings"][-1] == {
        "rank": 8, "player": "H", "points": 23.0, "games": 1, "penalties": 0.0, "disqualified": True
    }  # fmt: skip
    status, _, err = _run(capsys, *argv)
    assert status == 1 and "already disqualified" in err


def test_on_postgresql_the_referee_disqualifies_and_a_tables_login_cannot_see_or_write_it(
    tournament: ServerTournament,
) -> None:
    with tournament.store() as store:
        store.disqualify("Ann", 0, "cheating")
        assert store.load().player("Ann").disqualified == "cheating"
    with psycopg.connect(tournament.table_url(1), autocommit=True) as connection, pytest.raises(psycopg.Error):
        connection.execute(
            "INSERT INTO disqualifications (tournament_id, player, reason, created) VALUES (1, 'Bo', 'x', '')"
        )
    with psycopg.connect(tournament.table_url(1), autocommit=True) as connection, pytest.raises(psycopg.Error):
        connection.execute("SELECT count(*) FROM disqualifications")


def test_the_ema_form_and_the_standings_csv_put_the_disqualified_player_last_under_rcr_2016() -> None:
    from scorekeeper.storage.tournament_export import format_ema_csv, format_standings_csv

    t = _played("ema2016").with_disqualification("H", 1, "cheating")
    ema = format_ema_csv(t).decode("utf-8-sig").splitlines()
    assert ema[-1].split(",")[:2] == ["8", "H"]  # "the result will count for the EMA ranking list" (RCR 2016 5.8)
    csv = format_standings_csv(t).decode("utf-8-sig").splitlines()
    assert csv[8].split(",")[:3] == ["8", "H", "23.0"]
