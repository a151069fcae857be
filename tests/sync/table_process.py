"""A table laptop in its own process, for the fault tests: confirms events and pushes after each one, forever.

Run as ``python -m tests.sync.table_process DATABASE GAME URL SEED``. Each step: a random event the session accepts
(riichi, ron, tsumo, draw; an undo now and then) committed to the store, then ``pushing`` printed and a push, then
``pushed <status>``; all flushed, so the test can kill the process while a push is under way. A game that ends is
undone one step, so the same game goes on.
"""

from __future__ import annotations

import random
import sys
from pathlib import Path

from scorekeeper.errors import ScorekeeperError
from scorekeeper.storage.store import GameStore
from scorekeeper.sync.table import TableSync
from tests.session.builders import random_table_event


def step(store: GameStore, game: int, rng: random.Random) -> None:
    """One confirmed change of ``game``, as the app makes it (the session checks, the store commits)."""
    session, position = store.load_session_at(game)
    if session.state.ended or (session.can_undo and rng.random() < 0.1):
        undone = session.undo()
        store.undo(game, undone, at=position, finished=session.state.ended)
        return
    while True:
        event = random_table_event(rng)
        try:
            session.apply(event)
        except ScorekeeperError:
            continue
        store.append(game, event, at=position, finished=session.state.ended)
        return


def main() -> None:
    """Play and push until killed."""
    path, game, url, seed = Path(sys.argv[1]), int(sys.argv[2]), sys.argv[3], int(sys.argv[4])
    rng = random.Random(seed)
    store = GameStore.open(path, durable=False)
    with TableSync(path, url) as sync:
        while True:
            step(store, game, rng)
            print("pushing", flush=True)
            status = sync.push()
            print(f"pushed {status.waiting}", flush=True)


if __name__ == "__main__":
    main()
