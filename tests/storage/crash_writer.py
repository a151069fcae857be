"""The writer process of the crash-safety test: plays a game as fast as it can, saving every step.

Run as ``python -m tests.storage.crash_writer DATABASE SEED``. It reopens the unfinished game as a session (or
starts one), then loops forever: a random table event (riichi, ron, tsumo, draw) that the session accepts, or an
undo or redo; each is committed to the store the way the app does. Before each step it prints
``try <step JSON>``, after the commit ``done``, both flushed, so the test knows what was confirmed when it kills
the process. A game that ends is undone one step, so the same game goes on.
"""

from __future__ import annotations

import json
import random
import sys
from pathlib import Path

from scorekeeper.errors import ScorekeeperError
from scorekeeper.session import Session, event_to_json, ruleset
from scorekeeper.storage import GameStore
from tests.session.builders import random_table_event

PLAYERS = ("Ann", "Bo", "Chie", "Dai")


def _say(line: str) -> None:
    print(line, flush=True)


def main() -> None:
    """Write until killed."""
    path, seed = Path(sys.argv[1]), int(sys.argv[2])
    rng = random.Random(seed)
    store = GameStore.open(path)
    game = store.unfinished_game()
    if game is None:
        _say("try " + json.dumps({"op": "create"}))
        session = Session(ruleset("tenhou"), PLAYERS)
        game = store.start_game(session)
        _say("done")
    else:
        session = store.load_session(game)
    at = store.position(game)
    while True:
        roll = rng.random()
        if session.state.ended or (roll < 0.15 and session.can_undo):
            undone = session.undo()
            _say("try " + json.dumps({"op": "undo"}))
            at = store.undo(game, undone, at=at)
        elif roll < 0.25 and session.can_redo:
            redone = session.redo()
            _say("try " + json.dumps({"op": "redo"}))
            at = store.redo(game, redone, at=at)
        else:
            event = random_table_event(rng)
            try:
                session.apply(event)
            except ScorekeeperError:
                continue  # the table refuses it (a riichi without 1000 points, riichi noten at a draw...)
            _say("try " + json.dumps({"op": "append", "event": event_to_json(event)}))
            at = store.append(game, event, at=at)
        _say("done")


if __name__ == "__main__":
    main()
