"""GUI benchmark: cold start to the first painted table, tile tap to updated live result, peak memory.

Run: ``QT_QPA_PLATFORM=offscreen .venv/bin/python benchmarks/bench_gui.py`` (prints a table; figures go in
docs/gui.md). Targets (issue 4): cold start under 0.6 s, tap-to-result median under 16 ms and 99th percentile
under 50 ms over a scripted 500 taps, peak memory under 150 MB.

- Cold start: a fresh interpreter is spawned; the time runs from just before the spawn to the first paint event of
  the table view, with a stored unfinished game to reopen (what the table sees when the laptop is opened). A bare
  PySide6 window (one label) is measured the same way, the two alternating, so both see the same machine; median
  of several runs each, and the ratio. Offscreen, the app is built by ``create_main_window``; on a real X server
  (run when Xvfb and openbox are installed: a 1366x768 screen with a window manager, as the table's laptop has)
  it is the whole app, ``python -m scorekeeper``, timed by its own ``SCOREKEEPER_STARTUP_TIMING=quit``: the wall
  clock and CPU when its table is first painted, and when its live window is (the same moment when no picture of
  the table was kept). Goal (issue 24): the app within 1.5 times a bare window on a real X server. Three series
  alternate there: the app as a table finds it after a clean close (the picture of the table kept at the close is
  shown first, gui/table_picture.py), the app with no picture kept (the first start, or after the database changed
  outside it: the window is built, then shown), and the bare window.
- Tap to result: the win dialog's Tiles page; each tap is a real mouse click on a picker tile, and the time runs
  until the hand-entry widget has recomputed and repainted (``repaint()`` forces the paint synchronously). The
  script enters 14-tile hands one tile at a time (the live result and the wait list update on every tap), then
  clears and starts the next, for 500 taps.
- Peak memory: the maximum resident set size of the process after the tap session (``resource.getrusage``).
"""

from __future__ import annotations

import contextlib
import os
import resource
import shutil
import statistics
import subprocess
import sys
import tempfile
import textwrap
import time
from collections.abc import Iterator
from pathlib import Path

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

_COLD_START = textwrap.dedent(
    """
    import sys, time
    from PySide6.QtCore import QEvent, QObject, QTimer
    started = float(sys.argv[1])
    from scorekeeper.gui.app import create_application, create_main_window
    from scorekeeper.gui.theme import apply_theme
    from pathlib import Path
    app = create_application([])
    apply_theme(app)
    window = create_main_window(Path(sys.argv[2]))

    class FirstPaint(QObject):
        def eventFilter(self, obj, event):
            if event.type() == QEvent.Type.Paint:
                print(f"{time.time() - started:.4f} {time.process_time():.4f}", flush=True)
                app.exit(0)
            return False

    spy = FirstPaint()
    window.table.seat_panels[0].points_label.installEventFilter(spy)
    window.show()
    sys.exit(app.exec())
    """
)

_BARE = textwrap.dedent(
    """
    import sys, time
    from PySide6.QtCore import QEvent, QObject
    from PySide6.QtWidgets import QApplication, QLabel
    started = float(sys.argv[1])
    app = QApplication([])
    label = QLabel("25,000")

    class FirstPaint(QObject):
        def eventFilter(self, obj, event):
            if event.type() == QEvent.Type.Paint:
                print(f"{time.time() - started:.4f} {time.process_time():.4f}", flush=True)
                app.exit(0)
            return False

    spy = FirstPaint()
    label.installEventFilter(spy)
    label.show()
    sys.exit(app.exec())
    """
)


def _installed(env: dict[str, str], cache: Path) -> dict[str, str]:
    """``env`` for a child that runs as an installed copy does: from bytecode (pip and the bundles write it at
    install), kept in ``cache`` (a first run writes it), even where the environment says not to write any."""
    return {**{k: v for k, v in env.items() if k != "PYTHONDONTWRITEBYTECODE"}, "PYTHONPYCACHEPREFIX": str(cache)}


def _spawn(code: str, *args: str, env: dict[str, str] | None = None) -> tuple[float, float]:
    """Seconds from spawning ``code`` to its first paint, and the CPU seconds it had used by then."""
    started = time.time()
    out = subprocess.run(
        [sys.executable, "-c", code, f"{started:.6f}", *args], capture_output=True, text=True, check=True, env=env
    ).stdout
    wall, cpu = out.strip().splitlines()[-1].split()
    return float(wall), float(cpu)


def _spawn_app(folder: Path, env: dict[str, str], *, keep_picture: bool = True) -> tuple[float, float, float, float]:
    """Seconds from spawning ``python -m scorekeeper`` (data in ``folder``) to its table's first paint and the CPU
    seconds it had used by then; the same at its live window's first paint. Without ``keep_picture`` the picture of
    the table kept at the last close is removed first (a start that builds the window before showing it)."""
    if not keep_picture:
        (folder / "table-picture.bin").unlink(missing_ok=True)
    env = {**env, "SCOREKEEPER_DATA_DIR": str(folder), "SCOREKEEPER_STARTUP_TIMING": "quit"}
    started = time.time()
    out = subprocess.run(
        [sys.executable, "-m", "scorekeeper"], capture_output=True, text=True, check=True, env=env, timeout=60
    ).stdout

    def moment(what: str) -> tuple[float, float]:
        line = next(line for line in out.splitlines() if line.startswith(what))
        at, cpu = line.rsplit(" at ", 1)[1].split(" (cpu ")
        return float(at) - started, float(cpu.split()[0])

    return (*moment("first paint after"), *moment("window ready after"))


#: Medians of one alternating run: (app's seconds, bare window's seconds), by the wall clock and in CPU time.
ColdStart = tuple[tuple[float, float], tuple[float, float]]


def _medians(ours: list[tuple[float, float]], bare: list[tuple[float, float]]) -> ColdStart:
    return (
        (statistics.median(w for w, _ in ours), statistics.median(w for w, _ in bare)),
        (statistics.median(c for _, c in ours), statistics.median(c for _, c in bare)),
    )


def _prepare_game(folder: Path) -> None:
    from scorekeeper.gui.screenshots import PLAYERS, SAMPLE_EVENTS
    from scorekeeper.session.events import event_to_json  # noqa: F401 - the store uses it
    from scorekeeper.session.rules import ruleset
    from scorekeeper.storage.files import default_database_path
    from scorekeeper.storage.store import GameStore

    with GameStore.open(default_database_path(folder)) as store:
        store.create_game(players=list(PLAYERS), ruleset=ruleset("tenhou").to_json(), events=SAMPLE_EVENTS)


def cold_start(runs: int = 7) -> ColdStart:
    """Median seconds to the first painted table view, and to a bare PySide6 label, each in a fresh process
    (offscreen; the two alternate, after a first run of each that writes the bytecode)."""
    ours: list[tuple[float, float]] = []
    bare: list[tuple[float, float]] = []
    with tempfile.TemporaryDirectory() as scratch:
        folder = Path(scratch)
        _prepare_game(folder)
        env = _installed(dict(os.environ), folder / "bytecode")
        _spawn(_COLD_START, str(folder), env=env)
        _spawn(_BARE, env=env)
        for _ in range(runs):
            ours.append(_spawn(_COLD_START, str(folder), env=env))
            bare.append(_spawn(_BARE, env=env))
    return _medians(ours, bare)


@contextlib.contextmanager
def _real_x_server(width: int = 1366, height: int = 768) -> Iterator[dict[str, str] | None]:
    """The environment of a fresh Xvfb screen with openbox managing it, or None without Xvfb or openbox."""
    if shutil.which("Xvfb") is None or shutil.which("openbox") is None:
        yield None
        return
    number = next(n for n in range(140, 200) if not Path(f"/tmp/.X11-unix/X{n}").exists())
    display = f":{number}"
    server = subprocess.Popen(
        ["Xvfb", display, "-screen", "0", f"{width}x{height}x24", "-nolisten", "tcp"],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    manager: subprocess.Popen[bytes] | None = None
    try:
        deadline = time.time() + 10
        while not Path(f"/tmp/.X11-unix/X{number}").exists() and time.time() < deadline:
            time.sleep(0.05)
        env = {**os.environ, "DISPLAY": display, "QT_QPA_PLATFORM": "xcb"}
        manager = subprocess.Popen(["openbox"], env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        time.sleep(1.0)  # openbox takes the screen
        yield env
    finally:
        for process in (manager, server):
            if process is not None:
                process.terminate()
                process.wait(timeout=10)


#: Real X: the app after a clean close (table shown, window ready), the app with no picture kept, each as
#: ColdStart against the same bare window.
RealX = tuple[ColdStart, ColdStart, ColdStart]


def cold_start_real_x(runs: int = 7) -> RealX | None:
    """Medians from launching the app (``python -m scorekeeper``, a stored game to reopen) to its table's first paint
    and to its live window's, with the picture kept at the last close and without one, and a bare PySide6 label's,
    alternating, on a real X server with a window manager; None without one."""
    with _real_x_server() as x_env:
        if x_env is None:
            return None
        shown: list[tuple[float, float]] = []
        ready: list[tuple[float, float]] = []
        built: list[tuple[float, float]] = []
        bare: list[tuple[float, float]] = []
        with tempfile.TemporaryDirectory() as scratch:
            folder = Path(scratch)
            _prepare_game(folder)
            env = _installed(x_env, folder / "bytecode")
            # First runs write the bytecode and settle the data folder (settings file, single-instance lock).
            _spawn_app(folder, env)
            _spawn(_BARE, env=env)
            for _ in range(runs):
                wall, cpu, ready_wall, ready_cpu = _spawn_app(folder, env)
                shown.append((wall, cpu))
                ready.append((ready_wall, ready_cpu))
                built.append(_spawn_app(folder, env, keep_picture=False)[2:])
                bare.append(_spawn(_BARE, env=env))
        return _medians(shown, bare), _medians(ready, bare), _medians(built, bare)


_HANDS = (
    "234m456p678s55p23s4s",
    "123m456m789m11z22z2z",
    "19m19p19s1234567z1m",
    "223344p567s678m55s5s",
    "111222333m44p56p7p",
    "2233445566778m8m",
)


def tap_session(taps: int = 500) -> list[float]:
    """Milliseconds from each tile tap to the repainted live result, over a scripted session of ``taps`` taps."""
    from PySide6.QtCore import Qt
    from PySide6.QtTest import QTest
    from PySide6.QtWidgets import QApplication

    from scorekeeper.engine.tiles import parse_tiles
    from scorekeeper.gui.app import create_application
    from scorekeeper.gui.dialogs.win_dialog import WinContext, WinDialog
    from scorekeeper.gui.theme import apply_theme
    from scorekeeper.session.rules import ruleset

    app = create_application([])
    apply_theme(app)
    context = WinContext(
        names=("A", "B", "C", "D"),
        dealer=0,
        seat_winds=("E", "S", "W", "N"),
        round_wind="E",
        riichi=(1,),
        ruleset=ruleset("tenhou"),
    )
    dialog = WinDialog(context, tsumo=False, preview=lambda _result: "")
    dialog.toggle_winner(1)
    dialog.set_discarder(0)
    page = dialog.value_widgets[1]
    page.modes.setCurrentIndex(page.TILES)
    entry = page.tiles.entry
    assert entry is not None, "the tile-entry widget is not installed"
    dialog.resize(1100, 900)
    dialog.show()
    QApplication.processEvents()
    times: list[float] = []
    hand = 0
    while len(times) < taps:
        entry.clear()
        QApplication.processEvents()
        for tile in parse_tiles(_HANDS[hand % len(_HANDS)]):
            if len(times) >= taps:
                break
            button = entry.picker.button(tile)
            if not button.isEnabled():
                continue
            start = time.perf_counter()
            QTest.mouseClick(button, Qt.MouseButton.LeftButton)
            entry.repaint()
            times.append((time.perf_counter() - start) * 1000)
        hand += 1
    dialog.close()
    return times


def peak_memory_mb() -> float:
    """The process's maximum resident set size so far, in MB (Linux reports kilobytes)."""
    peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    return peak / 1024 if sys.platform != "darwin" else peak / (1024 * 1024)


def main() -> int:
    """Print the three figures against their targets."""
    real_x = cold_start_real_x()
    offscreen = cold_start()
    times = sorted(tap_session())
    median = statistics.median(times)
    p99 = times[int(len(times) * 0.99) - 1]
    memory = peak_memory_mb()
    print(f"{'measure':<44}{'value':>12}{'target':>12}")
    if real_x is not None:
        (table, ready, built) = real_x
        for (app_s, bare_s), what in zip(table, ("wall clock", "CPU time"), strict=True):
            print(f"{f'cold start, real X 1366x768, {what}':<44}{app_s:>11.3f}s")
            print(f"{'  (bare PySide6 window, same measure)':<44}{bare_s:>11.3f}s")
            print(f"{'  ratio app / bare window':<44}{app_s / bare_s:>11.2f}x{'<= 1.5x':>12}")
        (_, _), (app_cpu, bare_cpu) = table
        # What the goal comes to: the app's own CPU on top of a bare window, at most half the bare window's.
        print(f"{'  app own CPU (app - bare window)':<44}{app_cpu - bare_cpu:>11.3f}s{f'<= {bare_cpu / 2:.3f}s':>12}")
        for (wall, cpu), what in ((ready, "live window ready"), (built, "no picture kept: window")):
            (app_wall, bare_wall), (app_cpu, bare_cpu) = wall, cpu
            print(f"{f'  {what}, wall / CPU':<44}{app_wall:>11.3f}s{app_cpu:>11.3f}s")
            ratios = f"{app_wall / bare_wall:>11.2f}x{app_cpu / bare_cpu:>11.2f}x"
            print(f"{'    ratio to the bare window, wall / CPU':<44}{ratios}")
    else:
        print("cold start, real X: not measured (Xvfb and openbox are not installed)")
    (ours, bare), (ours_cpu, bare_cpu) = offscreen
    print(f"{'cold start to first painted table view':<44}{ours:>11.3f}s{'< 0.6 s':>12}")
    print(f"{'  (bare PySide6 window, same measure)':<44}{bare:>11.3f}s")
    print(f"{'  ratio app / bare window (offscreen)':<44}{ours / bare:>11.2f}x")
    print(f"{'  CPU time: app, bare window (offscreen)':<44}{ours_cpu:>11.3f}s{bare_cpu:>11.3f}s")
    print(f"{'load average (1 min) during the run':<44}{os.getloadavg()[0]:>12.1f}")
    print(f"{'tile tap to live result, median (500 taps)':<44}{median:>10.1f}ms{'< 16 ms':>12}")
    print(f"{'tile tap to live result, 99th percentile':<44}{p99:>10.1f}ms{'< 50 ms':>12}")
    print(f"{'peak memory (RSS)':<44}{memory:>10.0f}MB{'< 150 MB':>12}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
