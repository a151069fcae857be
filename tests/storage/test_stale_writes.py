"""Every write names the log position it was built on; a stale one is refused and saves nothing (STYLE 5).

Two windows on one game: the second still holds the position the first has moved past. A sync layer that pushes
events keyed by sequence number (a bare int position) gets "already there" for a redelivered event, and a
conflict for a different one.
"""

from __future__ import annotations

import pytest

from scorekeeper.errors import DuplicateEventError, StaleWriteError
from scorekeeper.session.events import ExhaustiveDraw
from scorekeeper.storage.store import GameStore
from tests.storage.conftest import PLAYERS, SAMPLE_EVENTS


def test_an_append_built_on_an_old_position_is_refused_and_saves_nothing(store: GameStore) -> None:
    game = store.create_game(players=PLAYERS, ruleset="tenhou", events=SAMPLE_EVENTS[:2])
    read = store.position(game)
    store.append(game, SAMPLE_EVENTS[2], at=read)  # the first window
    with pytest.raises(StaleWriteError, match="changed in another window") as refused:
        store.append(game, ExhaustiveDraw(()), at=read)  # the second, from what it read before
    assert (refused.value.game_id, refused.value.expected, refused.value.found) == (game, 2, 3)
    assert "this window had 2 events in effect, the file now has 3 events" in str(refused.value)
    assert store.load(game).events == SAMPLE_EVENTS[:3]


def test_a_redelivered_event_is_a_duplicate_and_a_different_one_a_conflict(store: GameStore) -> None:
    game = store.create_game(players=PLAYERS, ruleset="tenhou", events=SAMPLE_EVENTS[:3])
    with pytest.raises(DuplicateEventError, match="already has this event as number 1") as duplicate:
        store.append(game, SAMPLE_EVENTS[1], at=1)
    assert duplicate.value.seq == 1
    with pytest.raises(StaleWriteError) as conflict:
        store.append(game, ExhaustiveDraw(()), at=1)
    assert not isinstance(conflict.value, DuplicateEventError)
    assert store.load(game).events == SAMPLE_EVENTS[:3]
    assert store.append(game, SAMPLE_EVENTS[3], at=3).head == 4  # at the head, a bare int appends


def test_a_redo_naming_another_event_than_the_undone_one_is_refused(store: GameStore) -> None:
    game = store.create_game(players=PLAYERS, ruleset="tenhou", events=SAMPLE_EVENTS[:3])
    at = store.undo(game, SAMPLE_EVENTS[2], at=store.position(game))
    with pytest.raises(StaleWriteError, match="the event to redo is not event 3 of the file"):
        store.redo(game, SAMPLE_EVENTS[0], at=at)
    loaded = store.load(game)
    assert (loaded.events, loaded.redo) == (SAMPLE_EVENTS[:2], SAMPLE_EVENTS[2:3])
