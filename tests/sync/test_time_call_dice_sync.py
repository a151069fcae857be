"""The referee's time call under RCR 2016 5.9 through the server (issue 25): it gives every running table the hand in
play and one more; a table between hands whose dice were not thrown answers so (``DiceAtTimeCall``), the answer is
pushed, and the server's copy of the game ends after that one hand, as the table's does."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from scorekeeper.session import Session
from scorekeeper.session.events import (
    EVENT_TYPES,
    DiceAtTimeCall,
    ExhaustiveDraw,
    LastHandCalled,
    event_from_json,
    event_to_json,
)
from scorekeeper.storage._jsontext import dump_json
from scorekeeper.storage.outbox import LocalOutbox, OutboxOp
from scorekeeper.sync import setup
from scorekeeper.sync.referee import Referee
from scorekeeper.sync.server import TournamentServer
from scorekeeper.sync.table import TableSync
from tests.sync import steps
from tests.tournament_db import Tournament


def test_a_table_between_hands_answers_the_referees_call_and_plays_only_one_hand(
    ema2016_tournament: Tournament, tmp_path: Path
) -> None:
    tournament = ema2016_tournament
    store, game_id, login = tournament.join(tmp_path, 1)
    with LocalOutbox.open(store.path) as outbox:
        link = outbox.link_of(game_id)
    assert link is not None
    steps.append(store, game_id, ExhaustiveDraw(()))
    with TableSync(store.path, login.url) as sync:
        assert sync.push().synced
        # "End the games now" / tournament call-time: the tournament's rule is RCR 2016 5.9's.
        with Referee.open(tournament.referee_url) as referee:  # as the command line opens it
            call = referee.call_time(1)
        assert 1 in call.reached
        assert "the referee wrote to it" in steps.push_until(sync, lambda status: bool(status.problem)).problem
        assert sync.resolve_conflicts() == {game_id: ()}
        session, _position = store.load_session_at(game_id)
        assert session.state.last_hand_call == LastHandCalled("time limit", more=1, chombo_counts=False)
        assert session.state.asks_about_the_dice and session.state.hands_left_on_time == 2
        # The dice of the next hand were not thrown when the signal sounded: only that hand is played.
        for event in (DiceAtTimeCall(thrown=False), ExhaustiveDraw(())):
            session.apply(event)
            steps.append(store, game_id, event, finished=session.state.ended)
        assert session.state.ended_by_last_hand_call
        assert sync.push().synced
    with tournament.referee() as server:
        remote = server.game(link.server_game)
    assert remote.finished
    events = [event_from_json(json.loads(body)) for body in remote.bodies[: remote.head]]
    assert events[-2:] == [DiceAtTimeCall(thrown=False), ExhaustiveDraw(())]
    replayed = Session(session.rules, session.players, events)
    assert replayed.state.final == session.state.final
    assert len(replayed.state.hands) == 2  # the hand before the call, and the one hand it left


def test_a_server_set_up_by_an_older_program_refuses_the_answer_until_it_is_upgraded(
    ema2016_tournament: Tournament, monkeypatch: pytest.MonkeyPatch
) -> None:
    """What docs/tournament.md says of old servers: their event-type check does not know ``time_call_dice``, so the
    push of the answer is refused with the reason and nothing is taken; ``server upgrade`` with this program renews
    the check and the same push goes through."""
    tournament = ema2016_tournament
    older = tuple(kind for kind in EVENT_TYPES if kind != "time_call_dice")
    monkeypatch.setattr(setup, "EVENT_TYPES", older)
    setup.upgrade(tournament.admin_url)  # the check as an older program wrote it
    with tournament.referee() as referee:
        game_id = referee.open_game(1, 1).id
        call = LastHandCalled("time limit", more=1, chombo_counts=False)
        referee.correct_as_referee(game_id, (call,), version=referee.game(game_id).version)
    answer = (
        OutboxOp(op=1, kind="put", seq=1, body=dump_json(event_to_json(DiceAtTimeCall(thrown=False)))),
        OutboxOp(op=2, kind="head", seq=2, base=1, finished=False),
    )
    with TournamentServer.connect(tournament.table_url(1)) as table:
        table.forget_refused(game_id)  # the table took the server's copy, with the referee's call
        refused = table.push(game_id, answer)
        assert refused.applied_op == 0
        assert "not an event of a type this server takes" in refused.conflict
        assert table.game(game_id).head == 1
    monkeypatch.undo()
    setup.upgrade(tournament.admin_url)  # the admin's `server upgrade` with this program
    with TournamentServer.connect(tournament.table_url(1)) as table:
        table.forget_refused(game_id)  # the refused answer is offered again on the server's copy
        taken = table.push(game_id, answer)
        held = table.game(game_id)
    assert taken.conflict == "" and taken.applied_op == 2
    assert [event_from_json(json.loads(body)) for body in held.bodies[: held.head]] == [
        call,
        DiceAtTimeCall(thrown=False),
    ]
