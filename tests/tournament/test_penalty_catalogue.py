"""The point penalties of the EMA 2025 annex, each with its amount and section (EMA 2025 6.10, 6.12, 7.2, 7.5)."""

from __future__ import annotations

from fractions import Fraction
from pathlib import Path

import pytest

from scorekeeper.errors import TournamentError
from scorekeeper.session import EndGame, PlayerReplaced, Seat
from scorekeeper.storage.tournament_store import TournamentStore
from scorekeeper.sync.referee import Referee
from scorekeeper.tournament import (
    PenaltyKind,
    Player,
    Seating,
    TableGame,
    TableSeating,
    TournamentPenalty,
    TournamentSettings,
    compute_standings,
    late_points,
)
from tests.cli.test_tournament_cli import _run
from tests.tournament_db import Tournament as ServerTournament

_PLAYERS = (*(Player(name=n) for n in "ABCDEFGH"), Player(name="Sub", substitute=True))
_SEATING = Seating(session=1, tables=(TableSeating(1, ("A", "B", "C", "D")), TableSeating(2, ("E", "F", "G", "H"))))


@pytest.mark.parametrize(
    ("minutes", "points"),
    [("1", -1000), ("0.5", -1000), ("3", -3000), (Fraction(19, 2), -10000), ("10", -10000)],
)
def test_late_is_1000_a_minute_rounded_up_to_the_next_minute(minutes: str | Fraction, points: int) -> None:
    # EMA 2025 7.2: "a player who is 9 minutes and 30 seconds late has a 10,000-point penalty".
    assert late_points(minutes) == points


@pytest.mark.parametrize("minutes", ["0", "10.5", "11", "soon"])
def test_late_beyond_ten_minutes_or_not_late_is_refused_with_why(minutes: str) -> None:
    with pytest.raises(TournamentError, match=r"substitute|more than 0|a number"):
        late_points(minutes)


@pytest.mark.parametrize(
    ("kind", "points", "allowed"),
    [
        (PenaltyKind.ALL_LAST_SHEET, -8000, True),  # EMA 2025 6.10
        (PenaltyKind.ALL_LAST_SHEET, -2000, False),
        (PenaltyKind.SCORE_SHEET, -2000, True),  # EMA 2025 7.5
        (PenaltyKind.UNSIGNED_SHEET, -2000, True),  # EMA 2025 7.5
        (PenaltyKind.OBSTRUCTION, -8000, True),  # EMA 2025 6.12: 8,000 or 12,000
        (PenaltyKind.OBSTRUCTION, -12000, True),
        (PenaltyKind.OBSTRUCTION, -10000, False),
        (PenaltyKind.SERIOUS_OBSTRUCTION, -12000, True),  # between 12,000 and 48,000
        (PenaltyKind.SERIOUS_OBSTRUCTION, -48000, True),
        (PenaltyKind.SERIOUS_OBSTRUCTION, -49000, False),
        (PenaltyKind.LATE, -4000, True),
        (PenaltyKind.LATE, -11000, False),
        (PenaltyKind.FREE, 3000, True),  # a correction in the player's favour stays possible
    ],
)
def test_each_kind_takes_the_amounts_of_its_section(kind: PenaltyKind, points: int, allowed: bool) -> None:
    if allowed:
        assert TournamentPenalty(player="A", points=points, reason="x", kind=kind).kind is kind
    else:
        with pytest.raises(TournamentError, match=r"EMA 2025 \d+\.\d+"):
            TournamentPenalty(player="A", points=points, reason="x", kind=kind)


def _referee(tmp_path: Path) -> Referee:
    store = TournamentStore.open_sqlite(tmp_path / "t.sqlite")
    store.create(TournamentSettings(name="T", preset="ema2025", sessions=2), _PLAYERS)
    store.save_seating(_SEATING)
    store.add_game(
        TableGame(
            game_id="s1-t1",
            session=1,
            table=1,
            players=("A", "B", "C", "D"),
            events=(PlayerReplaced(seat=Seat.SEAT_3, player="Sub"), EndGame("time")),
        )
    )
    return Referee(store, owns_store=True)


def test_an_unfixable_score_sheet_costs_each_player_of_the_table_2000_and_is_stored_with_its_kind(
    tmp_path: Path,
) -> None:
    # EMA 2025 7.5: "a 2,000-point penalty for each of the players"; D left before the first hand (Sub sits there),
    # so the table's players now are A, B, C and Sub; Sub is ranked nowhere and gets none.
    with _referee(tmp_path) as referee:
        t = referee.give_penalty(PenaltyKind.SCORE_SHEET, session=1, table=1)
        again = referee.load()
    given = [(p.player, p.points, p.kind, p.reason) for p in again.penalties]
    reason = "score sheet mistake that cannot be fixed (EMA 2025 7.5)"
    assert given == [(n, -2000, PenaltyKind.SCORE_SHEET, reason) for n in "ABC"]
    assert t.penalties == again.penalties
    rows = {r.player: r.penalties_tenths for r in compute_standings(again).rows}
    assert (rows["A"], rows["B"], rows["C"], rows["E"]) == (-20, -20, -20, 0)


def test_a_late_player_gets_the_minutes_rounded_up_and_a_free_amount_needs_a_reason(tmp_path: Path) -> None:
    with _referee(tmp_path) as referee:
        t = referee.give_penalty("late", player="e", session=1, minutes="2.5")
        assert (t.penalties[-1].player, t.penalties[-1].points) == ("E", -3000)
        assert t.penalties[-1].reason == "late to the session, 2.5 min (EMA 2025 7.2)"
        with pytest.raises(TournamentError, match="needs a reason"):
            referee.give_penalty("free", player="E", points=-5000)
        with pytest.raises(TournamentError, match="say how many points"):
            referee.give_penalty("obstruction", player="E")
        t = referee.give_penalty("obstruction", player="E", points=-12000)
        assert t.penalties[-1].reason == "obstruction (EMA 2025 6.12)"


def test_the_command_line_gives_a_late_penalty_by_minutes(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    _referee(tmp_path).close()
    db = str(tmp_path / "t.sqlite")
    argv = ("penalty", "--db", db, "--player", "F", "--session", "1", "--kind", "late", "--minutes", "3")
    status, out, err = _run(capsys, *argv)
    assert (status, err) == (0, "")
    assert out == "penalty -3.0 for F (session 1): late to the session, 3 min (EMA 2025 7.2)\n"
    status, out, err = _run(capsys, "penalty", "--db", db, "--kind", "score_sheet", "--session", "1", "--table", "1")
    assert status == 0 and out.count("-2.0 for") == 3
    status, out, err = _run(capsys, "penalty", "--db", db, "--player", "F", "--kind", "late", "--minutes", "12")
    assert status == 1 and "a substitute takes the seat" in err


def test_on_postgresql_the_kind_is_stored_and_a_tables_login_cannot_write_it(tournament: ServerTournament) -> None:
    import psycopg

    with tournament.store() as store:
        store.add_penalty(
            TournamentPenalty(player="Ann", points=-8000, reason="x", session=1, kind=PenaltyKind.ALL_LAST_SHEET)
        )
        assert store.load().penalties[-1].kind is PenaltyKind.ALL_LAST_SHEET
    with psycopg.connect(tournament.table_url(1), autocommit=True) as connection, pytest.raises(psycopg.Error):
        connection.execute("INSERT INTO penalty_kinds (tournament_id, id, kind) VALUES (1, 1, 'free')")
