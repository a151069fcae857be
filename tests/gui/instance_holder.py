"""A running copy of the app, as far as the single-instance lock goes: the other half of test_single_instance.py.

Takes the lock of the database named on the command line (optionally with the stale time and heartbeat in ms),
prints ``locked`` (or ``busy``), then prints ``woken`` and exits when a second copy knocks, or exits after 30
seconds.
"""

from __future__ import annotations

import sys
from pathlib import Path

from PySide6.QtCore import QCoreApplication, QTimer

from scorekeeper.gui.instance import SingleInstance


def main() -> int:
    """Hold the lock until woken."""
    app = QCoreApplication([])
    timings = [int(x) for x in sys.argv[2:4]]  # optional: stale after, heartbeat (ms)
    if timings:
        instance = SingleInstance(Path(sys.argv[1]), stale_after_ms=timings[0], heartbeat_ms=timings[1])
    else:
        instance = SingleInstance(Path(sys.argv[1]))
    if not instance.acquire():
        print("busy", flush=True)
        return 1

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
