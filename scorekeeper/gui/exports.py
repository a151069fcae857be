"""Export a game from the GUI: the game-record JSON and the CSV of the hands and the final result.

The JSON is the session's public record format (``scorekeeper.session.record``); both files are written
atomically by storage (``write_atomically``: temp file, fsync, rename).
"""

from __future__ import annotations

import csv
import io
import json
from pathlib import Path

from scorekeeper.session.record import format_record, record_from_session
from scorekeeper.session.session import Session
from scorekeeper.storage.files import write_atomically

__all__ = ["export_csv", "export_json", "history_csv"]


def export_json(session: Session, path: Path) -> None:
    """Write the game as a ``scorekeeper-game`` version 1 record.

    Raises:
        SaveFileError: the file cannot be written.
    """
    text = json.dumps(format_record(record_from_session(session)), ensure_ascii=False, indent=2)
    write_atomically(path, (text + "\n").encode("utf-8"))


def history_csv(session: Session) -> str:
    """The hands (label, honba, result type, each seat's change and score) and, once ended, the final result."""
    state = session.state
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    names = list(state.players)
    writer.writerow(
        [
            "hand",
            "label",
            "honba",
            "result",
            *[f"{n} change" for n in names],
            *[f"{n} score" for n in names],
            "riichi_sticks",
        ]
    )
    for number, hand in enumerate(state.hands, start=1):
        kind = type(hand.record.result).__name__
        writer.writerow([number, hand.label, hand.honba, kind, *hand.deltas, *hand.scores, hand.riichi_sticks])
    if state.final is not None:
        final = state.final
        writer.writerow([])
        writer.writerow(["player", "seat", "score", "place", "points"])
        for seat, name in enumerate(names):
            writer.writerow([name, seat, final.scores[seat], final.places[seat], f"{final.points[seat]:.1f}"])
    return out.getvalue()


def export_csv(session: Session, path: Path) -> None:
    """Write :func:`history_csv` to ``path``.

    Raises:
        SaveFileError: the file cannot be written.
    """
    write_atomically(path, history_csv(session).encode("utf-8"))
