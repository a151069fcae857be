"""Calls that may wait (the network), run off the window's thread: the GUI's one worker helper (issue 24).

A connect to a server that went away waits up to its timeout (5-10 s), and a statement over a path gone silent up to
the answer time (15 s): on the window's thread each such wait froze the window. The call runs in a daemon thread,
its outcome comes back to the owner's thread through a queued signal, and an outcome nobody waits for any more is
dropped (and what it opened is closed). The referee's window reads and writes the server through it, the join
dialog joins a table, and a table's sync pushes (``gui/table_sync.py``).
"""

from __future__ import annotations

import threading
from collections.abc import Callable
from dataclasses import dataclass, field

from PySide6.QtCore import QObject, Qt, Signal

from scorekeeper.errors import ScorekeeperError

__all__ = ["BackgroundCalls"]


@dataclass(slots=True)
class _Call:
    """One call under way: what it runs, who takes its outcome, and how to close an outcome nobody takes."""

    kind: str
    work: Callable[[], object]
    done: Callable[[object], None]
    discard: Callable[[object], None]
    outcome: object = field(default=None)


class _Gate:
    """Whether anyone still takes outcomes (a worker emits under its lock, and only while it is open)."""

    def __init__(self) -> None:
        self.lock = threading.Lock()
        self.closed = False

    def close(self, *_: object) -> None:
        """Take no more outcomes: once this returns, no worker emits."""
        with self.lock:
            self.closed = True


class BackgroundCalls(QObject):
    """Runs blocking calls in daemon threads, at most one of each kind at a time, and hands each outcome (the
    value, or the :class:`ScorekeeperError` it raised) to its ``done`` callable on the owner's thread.

    After :meth:`close`, or once this object is deleted, no ``done`` is called: an outcome that arrives later goes
    to its ``discard`` callable (which closes what the call opened) in the worker's thread.
    """

    _finished = Signal(object)

    def __init__(self, parent: QObject | None = None, *, name: str = "background") -> None:
        super().__init__(parent)
        self._name = name  # the worker threads' names: "referee-read", "table-push"...
        self._gate = _Gate()
        self._running: dict[str, _Call] = {}
        self._finished.connect(self._on_finished, Qt.ConnectionType.QueuedConnection)
        # Deleted without close() (its parent went): the workers must not emit to a dead object either.
        self.destroyed.connect(self._gate.close)

    def running(self, kind: str) -> bool:
        """Whether a call of ``kind`` is under way for its owner (after :meth:`close`, none is: a call still running
        in its thread is nobody's)."""
        return kind in self._running and not self._gate.closed

    def start(
        self,
        kind: str,
        work: Callable[[], object],
        done: Callable[[object], None],
        *,
        discard: Callable[[object], None] = lambda _outcome: None,
    ) -> bool:
        """Run ``work`` in a worker thread, then ``done(outcome)`` here; False (nothing started) if a call of the same
        ``kind`` is under way or this was closed."""
        if kind in self._running or self._gate.closed:
            return False
        call = self._running[kind] = _Call(kind, work, done, discard)
        threading.Thread(target=self._run, args=(call,), name=f"{self._name}-{kind}", daemon=True).start()
        return True

    def _run(self, call: _Call) -> None:
        """In the worker: run the call, then hand its outcome over unless nobody takes it any more."""
        try:
            call.outcome = call.work()
        except ScorekeeperError as error:
            call.outcome = error
        with self._gate.lock:  # close() sets `closed` under this lock: after it returns, nothing is emitted
            if not self._gate.closed:
                self._finished.emit(call)
                return
        call.discard(call.outcome)

    def _on_finished(self, call: object) -> None:
        assert isinstance(call, _Call)
        self._running.pop(call.kind, None)
        if self._gate.closed:  # closed after the worker emitted: the outcome is still nobody's
            call.discard(call.outcome)
            return
        call.done(call.outcome)

    def close(self) -> None:
        """Take no more outcomes (the window is closing): calls under way end in their threads and discard theirs."""
        self._gate.close()
