"""The writer process of the crash-safety test: appends, undoes and redoes events as fast as it can.

Run as ``python -m tests.storage.crash_writer DATABASE SEED``. It reopens the unfinished game (or starts one), then
loops forever. Before each step it prints ``try <step JSON>``, after the commit ``done``, both flushed, so the test
knows which steps were confirmed when it kills the process.
"""

from __future__ import annotations

import json
import random
import sys
from pathlib import Path

from scorekeeper.session.events import Event, ExhaustiveDraw, HanFuWin, RiichiDeclared, Ron, Tsumo, event_to_json
from scorekeeper.storage.store import GameStore

PLAYERS = ("Ann", "Bo", "Chie", "Dai")


def _random_event(rng: random.Random) -> Event:
    kind = rng.randrange(4)
    if kind == 0:
        return RiichiDeclared(rng.randrange(4))  # type: ignore[arg-type]
    if kind == 1:
        winner, discarder = rng.sample(range(4), 2)
        return Ron(discarder, (HanFuWin(seat=winner, han=rng.randint(1, 4), fu=30),))  # type: ignore[arg-type]
    if kind == 2:
        return Tsumo(HanFuWin(seat=rng.randrange(4), han=rng.randint(1, 4), fu=40))  # type: ignore[arg-type]
    return ExhaustiveDraw(tuple(sorted(rng.sample(range(4), rng.randint(0, 4)))))  # type: ignore[arg-type]


def main() -> None:
    """Write until killed."""
    path, seed = Path(sys.argv[1]), int(sys.argv[2])
    rng = random.Random(seed)
    store = GameStore.open(path)
    game = store.unfinished_game()
    if game is None:
        print("try " + json.dumps({"op": "create"}), flush=True)
        game = store.create_game(players=PLAYERS, ruleset="tenhou")
        print("done", flush=True)
    stored = store.load(game)
    events, redo = len(stored.events), len(stored.redo)
    while True:
        roll = rng.random()
        if roll < 0.15 and events:
            print("try " + json.dumps({"op": "undo"}), flush=True)
            store.undo(game)
            events, redo = events - 1, redo + 1
        elif roll < 0.25 and redo:
            print("try " + json.dumps({"op": "redo"}), flush=True)
            store.redo(game)
            events, redo = events + 1, redo - 1
        else:
            event = _random_event(rng)
            print("try " + json.dumps({"op": "append", "event": event_to_json(event)}), flush=True)
            store.append(game, event)
            events, redo = events + 1, 0
        print("done", flush=True)


if __name__ == "__main__":
    main()
