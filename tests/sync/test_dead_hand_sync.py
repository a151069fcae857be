"""A dead hand (RCR 2016 3.4.7, EMA 2025 3.3.14) entered at a table reaches the tournament's server and replays there
(issue 25, 2): the server stores the event and its copy of the game refuses the dead hand's win as the table did."""

from __future__ import annotations

import json
from pathlib import Path

from scorekeeper.session import DeadHand, ExhaustiveDraw, RiichiDeclared, Session, event_from_json
from scorekeeper.session.seats import Seat
from scorekeeper.storage.outbox import LocalOutbox
from scorekeeper.sync.table import TableSync
from tests.sync import steps
from tests.tournament_db import Tournament


def test_a_dead_hand_is_pushed_and_the_server_replays_it(tournament: Tournament, tmp_path: Path) -> None:
    store, game_id, login = tournament.join(tmp_path, 1)
    with LocalOutbox.open(store.path) as outbox:
        link = outbox.link_of(game_id)
    assert link is not None
    events = (RiichiDeclared(Seat(2)), DeadHand(Seat(2), "invalid kong"), ExhaustiveDraw((Seat(0),)))
    for event in events:
        steps.append(store, game_id, event)
    with TableSync(store.path, login.url) as sync:
        assert sync.push().synced
    with tournament.referee() as referee:
        remote = referee.game(link.server_game)
    pushed = [event_from_json(json.loads(body)) for body in remote.bodies[: remote.head]]
    assert pushed[-3:] == list(events)
    session, _position = store.load_session_at(game_id)
    replayed = Session(session.rules, session.players, pushed)
    assert replayed.state == session.state
    # The riichi player whose hand was declared dead paid the noten payment, not a chombo (RCR 2016 3.4.7).
    assert replayed.state.hands[-1].record.dead == (Seat(2),)
