"""Time called on the server (the referee's LastHandCalled under finish_hand): the table's last hand still counts.

Before, "End the games now" ended a running game outright: the table finished its hand, its push was refused and
the hand could not be entered again (the game had ended). Now the table takes the server's copy, whose hand in
play is the last, enters its hand again, and that hand ends the game on the server.
"""

from __future__ import annotations

import json
from pathlib import Path

from scorekeeper.session import Session
from scorekeeper.session.events import ExhaustiveDraw, LastHandCalled, RiichiDeclared, event_from_json
from scorekeeper.session.seats import Seat
from scorekeeper.storage.outbox import GameLink, LocalOutbox
from scorekeeper.storage.store import GameStore
from scorekeeper.sync.table import TableLogin, TableSync
from scorekeeper.tournament import TimeLimitRule, time_limit_end
from tests.sync import steps
from tests.tournament_db import Tournament


def _joined_after_one_hand(tournament: Tournament, tmp_path: Path) -> tuple[GameStore, int, TableLogin, GameLink]:
    """Table 1 joined, its link to the server's game, and one exhaustive draw entered (not pushed yet)."""
    store, game_id, login = tournament.join(tmp_path, 1)
    with LocalOutbox.open(store.path) as outbox:
        link = outbox.link_of(game_id)
    assert link is not None
    steps.append(store, game_id, ExhaustiveDraw(()))
    return store, game_id, login, link


def test_the_hand_finished_after_time_is_called_is_entered_again_and_ends_the_game_on_the_server(
    tournament: Tournament, tmp_path: Path
) -> None:
    store, game_id, login, link = _joined_after_one_hand(tournament, tmp_path)
    with TableSync(store.path, login.url) as sync:
        assert sync.push().synced
        with tournament.store() as referee_store:
            game = next(g for g in referee_store.load().games if g.game_id == link.server_game)
            settings = referee_store.load().settings
        call = time_limit_end(game.state(settings), TimeLimitRule.FINISH_HAND)
        assert call == (LastHandCalled("time limit"),)
        with tournament.referee() as referee:
            referee.correct_as_referee(link.server_game, call, version=referee.game(link.server_game).version)
        # Meanwhile the table finished its hand on its old copy: refused, then offered again on the server's.
        steps.append(store, game_id, RiichiDeclared(Seat(1)))
        steps.append(store, game_id, ExhaustiveDraw((Seat(1),)), finished=True)
        assert "changed on the server" in sync.push().problem
        refused = [event_from_json(json.loads(b)) for b in sync.take_server_copy(game_id)]
        assert refused == [RiichiDeclared(Seat(1)), ExhaustiveDraw((Seat(1),))]
        session, _position = store.load_session_at(game_id)
        assert session.state.last_hand_called
        for event in refused:
            session.apply(event)
            steps.append(store, game_id, event, finished=session.state.ended)
        assert session.state.ended
        assert sync.push().synced
    with tournament.referee() as referee:
        remote = referee.game(link.server_game)
    assert remote.finished
    events = [event_from_json(json.loads(b)) for b in remote.bodies[: remote.head]]
    assert events[1:] == [LastHandCalled("time limit"), RiichiDeclared(Seat(1)), ExhaustiveDraw((Seat(1),))]
    assert Session(session.rules, session.players, events).state.final == session.state.final


def test_a_table_with_nothing_queued_takes_the_referees_call_on_its_next_push_and_enters_its_hand_once(
    tournament: Tournament, tmp_path: Path
) -> None:
    store, game_id, login, link = _joined_after_one_hand(tournament, tmp_path)
    with TableSync(store.path, login.url) as sync:
        assert sync.push().synced
        with tournament.referee() as referee:
            referee.correct_as_referee(
                link.server_game, (LastHandCalled("time limit"),), version=referee.game(link.server_game).version
            )
        # Nothing of the table's was waiting: it takes the call once the server's announcement of it arrives.
        assert "the referee wrote to it" in steps.push_until(sync, lambda status: bool(status.problem)).problem
        assert sync.resolve_conflicts() == {game_id: ()}
        session, _position = store.load_session_at(game_id)
        assert session.state.last_hand_called
        session.apply(ExhaustiveDraw(()))
        steps.append(store, game_id, ExhaustiveDraw(()), finished=session.state.ended)
        assert sync.push().synced
        assert sync.push().synced  # the table's own write: nothing to take back
    with tournament.referee() as referee:
        remote = referee.game(link.server_game)
    assert remote.finished
    assert remote.head == 3
