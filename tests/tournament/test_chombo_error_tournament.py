"""A chombo's error in the tournament (issue 25, 3): the referee's chombo for a table whose game is not in the
program names its error on the command line and in the store, cited by the tournament's text; a table's chombo with
its error reaches the PostgreSQL server, replays there, and its penalty reads back with the error."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from scorekeeper.errors import TournamentError
from scorekeeper.session import Chombo, Seat, Session, event_from_json, read_reason
from scorekeeper.session.chombo_errors import ChomboError
from scorekeeper.storage.outbox import LocalOutbox
from scorekeeper.storage.tournament_store import TournamentStore
from scorekeeper.sync.referee import Referee
from scorekeeper.sync.table import TableSync
from scorekeeper.tournament import PenaltyKind, Player, TournamentSettings, compute_standings
from tests.cli.test_tournament_cli import _run
from tests.sync import steps
from tests.tournament_db import Tournament as ServerTournament


def _referee(tmp_path: Path, preset: str) -> Referee:
    store = TournamentStore.open_sqlite(tmp_path / "t.sqlite")
    store.create(TournamentSettings(name="T", preset=preset, sessions=2), [Player(name=n) for n in "ABCDEFGH"])
    return Referee(store, owns_store=True)


@pytest.mark.parametrize(
    ("preset", "reason", "plain"),
    [
        ("ema2016", "chombo (riichi on a noten hand, RCR 2016 3.4.6)", "chombo (RCR 2016 3.4.6)"),
        ("ema2025", "chombo (riichi on a noten hand, EMA 2025 6.6.2)", "chombo (EMA 2025 3.4.6)"),
    ],
)
def test_the_referees_chombo_names_its_error_and_the_section_of_the_tournaments_text(
    tmp_path: Path, preset: str, reason: str, plain: str
) -> None:
    with _referee(tmp_path, preset) as referee:
        referee.give_penalty(PenaltyKind.CHOMBO, player="B", session=1, error=ChomboError.NOTEN_RIICHI)
        referee.give_penalty("chombo", player="C", session=1)
        given = referee.load().penalties
        with pytest.raises(TournamentError, match="only a chombo names its error"):
            referee.give_penalty("obstruction", player="B", points=-8000, error="invalid_win")
        with pytest.raises(TournamentError, match="unknown chombo error 'slip'"):
            referee.give_penalty("chombo", player="B", error="slip")
        with pytest.raises(TournamentError, match="leave the reason out"):
            referee.give_penalty("chombo", player="B", error="invalid_win", reason="false ron")
    assert [(p.player, p.points, p.kind, p.reason) for p in given] == [
        ("B", -20000, PenaltyKind.CHOMBO, reason),
        ("C", -20000, PenaltyKind.CHOMBO, plain),
    ]
    assert read_reason(given[0].reason).error is ChomboError.NOTEN_RIICHI


def test_the_referees_chombo_costs_what_a_games_chombo_costs_under_the_tournaments_ruleset(tmp_path: Path) -> None:
    # wrc2022's chombo is 30,000 after uma (its chombo_points); the referee's chombo for a paper game is the same,
    # not the EMA texts' 20,000 (RCR 2016 / EMA 2025 3.4.6), and another amount is refused with the ruleset's.
    with _referee(tmp_path, "wrc2022") as referee:
        referee.give_penalty("chombo", player="C", session=1)
        referee.give_penalty("chombo", player="D", session=1, points=-30000)
        with pytest.raises(TournamentError, match=r"a chombo under these rules is 30,000 points \(wrc2022\)"):
            referee.give_penalty("chombo", player="B", session=1, points=-20000)
        given = referee.load().penalties
    assert [(p.player, p.points, p.reason) for p in given] == [
        ("C", -30000, "chombo (wrc2022)"),
        ("D", -30000, "chombo (wrc2022)"),
    ]


def test_the_command_line_gives_a_chombo_with_its_error(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    _referee(tmp_path, "ema2025").close()
    db = str(tmp_path / "t.sqlite")
    argv = ("penalty", "--db", db, "--player", "F", "--session", "1", "--kind", "chombo", "--error", "invalid_win")
    status, out, err = _run(capsys, *argv)
    assert (status, err) == (0, "")
    assert out == "penalty -20.0 for F (session 1): chombo (invalid win shown, EMA 2025 6.8)\n"
    status, out, err = _run(capsys, "penalty", "--db", db, "--player", "F", "--kind", "chombo", "--error", "oops")
    assert status == 1 and "unknown chombo error 'oops'; known: too_many_tiles_exposed" in err


def test_a_tables_chombo_with_its_error_is_pushed_replayed_and_read_back(
    tournament: ServerTournament, tmp_path: Path
) -> None:
    store, game_id, login = tournament.join(tmp_path, 1)
    with LocalOutbox.open(store.path) as outbox:
        link = outbox.link_of(game_id)
    assert link is not None
    events = (Chombo(Seat(1), error=ChomboError.DRAW_FROM_OPPONENT), Chombo(Seat(2)))
    for event in events:
        steps.append(store, game_id, event)
    with TableSync(store.path, login.url) as sync:
        assert sync.push().synced
    with tournament.referee() as referee:
        remote = referee.game(link.server_game)
    bodies = [json.loads(body) for body in remote.bodies[: remote.head]]
    assert bodies[-2:] == [{"type": "chombo", "seat": 1, "error": "draw_from_opponent"}, {"type": "chombo", "seat": 2}]
    session, _position = store.load_session_at(game_id)
    assert Session(session.rules, session.players, [event_from_json(b) for b in bodies]).state == session.state
    # The referee's store reads the game with its chombo's error (the tournament's own load, as the standings do).
    with tournament.store() as referee_store:
        loaded = referee_store.load()
    (game,) = [g for g in loaded.games if g.session == 1 and g.table == 1]
    assert game.events[-2:] == events
    assert compute_standings(loaded).rows  # the game replays for the standings


def test_on_postgresql_the_referees_chombo_keeps_its_error(tournament: ServerTournament) -> None:
    # The fixture's tournament plays tenhou rules, which follow no EMA text: the error without a section.
    with Referee(tournament.store(), owns_store=True) as referee:
        referee.give_penalty("chombo", player="Ann", session=1, error="too_many_tiles_exposed")
    with tournament.store() as store:
        (penalty,) = store.load().penalties
    assert (penalty.kind, penalty.reason) == (PenaltyKind.CHOMBO, "chombo (too many tiles exposed)")
    assert read_reason(penalty.reason).error is ChomboError.TOO_MANY_TILES_EXPOSED
