"""A running copy of the app, as far as the single-instance lock goes: the other half of test_single_instance.py.

Takes the lock of the database named on the command line (optionally with the stale time and heartbeat in ms),
prints ``locked`` (or ``busy``), then prints ``woken`` and exits when a second copy knocks, or exits after 30
seconds. With ``--listen-after MS`` it listens that long after taking the lock, as the app does once its window is
painted.
"""

from __future__ import annotations

import sys
from pathlib import Path

from PySide6.QtCore import QCoreApplication, QTimer

from scorekeeper.gui.instance import SingleInstance


def main() -> int:
    """Hold the lock until woken."""
    app = QCoreApplication([])
    args = sys.argv[1:]
    listen_after = None
    if "--listen-after" in args:
        at = args.index("--listen-after")
        listen_after = int(args[at + 1])
        del args[at : at + 2]
    timings = [int(x) for x in args[1:3]]  # optional: stale after, heartbeat (ms)
    if timings:
        instance = SingleInstance(Path(args[0]), stale_after_ms=timings[0], heartbeat_ms=timings[1])
    else:
        instance = SingleInstance(Path(args[0]))
    if not instance.acquire(listen=listen_after is None):
        print("busy", flush=True)
        return 1
    if listen_after is not None:
        QTimer.singleShot(listen_after, instance.listen)

    def woken() -> None:
        print("woken", flush=True)
        app.quit()

    instance.activation_requested.connect(woken)
    QTimer.singleShot(30_000, app.quit)
    print("locked", flush=True)
    app.exec()
    instance.release()
    return 0


if __name__ == "__main__":
    sys.exit(main())
