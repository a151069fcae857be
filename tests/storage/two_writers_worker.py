"""One of two writers on one game, in its own process: the other half of tests/storage/test_two_writers.py.

It reads one command per line on stdin and answers one JSON line on stdout, acting as the app's controller does:
the session checks an action on this process's own copy of the game, then the store commits it naming the log
position that copy was built on.

Commands: ``load`` (read the game: session and position), ``apply <event JSON>``, ``undo``, ``redo``,
``push <seq> <event JSON>`` (a sync's append keyed by sequence number only), ``quit``.
Answers: ``{"ok": head}``, ``{"stale": message}``, ``{"duplicate": seq}``, ``{"refused": message}``.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

from scorekeeper.errors import DuplicateEventError, ScorekeeperError, StaleWriteError
from scorekeeper.session.events import event_from_json
from scorekeeper.storage.store import GameStore


def main() -> None:
    """Answer commands until ``quit``."""
    store = GameStore.open(Path(sys.argv[1]))
    game = int(sys.argv[2])
    session, at = store.load_session_at(game)
    for line in sys.stdin:
        command, _, argument = line.strip().partition(" ")
        answer: dict[str, object]
        try:
            if command == "quit":
                break
            if command == "load":
                session, at = store.load_session_at(game)
            elif command == "apply":
                event = event_from_json(json.loads(argument))
                session.apply(event)
                at = store.append(game, event, at=at, finished=session.state.ended)
            elif command == "undo":
                at = store.undo(game, session.undo(), at=at, finished=session.state.ended)
            elif command == "redo":
                at = store.redo(game, session.redo(), at=at, finished=session.state.ended)
            elif command == "push":
                seq, _, body = argument.partition(" ")
                at = store.append(game, event_from_json(json.loads(body)), at=int(seq))
            answer = {"ok": at.head}
        except DuplicateEventError as error:
            answer = {"duplicate": error.seq}
        except StaleWriteError as error:
            answer = {"stale": str(error)}
        except ScorekeeperError as error:
            answer = {"refused": str(error)}
        print(json.dumps(answer), flush=True)
    store.close()


if __name__ == "__main__":
    main()
