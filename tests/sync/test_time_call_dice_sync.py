"""The referee's time call under RCR 2016 5.9 through the server (issue 25): it gives every running table the hand in
play and one more; a table between hands whose dice were not thrown answers so (``DiceAtTimeCall``), the answer is
pushed, and the server's copy of the game ends after that one hand, as the table's does."""

from __future__ import annotations

import json
from pathlib import Path

from scorekeeper.session import Session
from scorekeeper.session.events import DiceAtTimeCall, ExhaustiveDraw, LastHandCalled, event_from_json
from scorekeeper.storage.outbox import LocalOutbox
from scorekeeper.sync.referee import Referee
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
