"""What a user does every day, with 1, 1,000 and 10,000 finished games in the database: nothing may grow.

Run: ``QT_QPA_PLATFORM=offscreen .venv/bin/python benchmarks/bench_big_database.py [--runs 5] [--sizes 1,1000,10000]``
(figures go in docs/storage.md). For each size a data folder is built (``scorekeeper.sqlite3``: that many finished
tenhou games among 40 players, generated as in bench_session.py, plus one unfinished game of a few hands to reopen;
stored in one transaction, the statistics cache filled, the store closed as the app closes it), then each figure
is the median of ``--runs`` fresh processes (a hand and undo: the median of 20 in one process):

* open the store: ``GameStore.open`` and ``close`` alone (the header, the structure check, the schema objects);
* the same after a close that was not clean (only what the store writes at a clean close is taken away, if it
  writes anything): what a start after a crash pays;
* cold start: spawn to the first paint of the table, the unfinished game reopened (offscreen, ``create_main_window``
  as benchmarks/bench_gui.py builds it);
* a hand and its undo through the window's controller (``apply`` of a ron, ``undo``), the window redrawn (the
  table, the History), each committed with the default ``synchronous=FULL``;
* with no game to reopen, the app asks whether this is the first start (``first_steps``: today ``list_games()``,
  every game's row read and checked; ``has_games()`` reads one) and the New game dialog offers the registry's names
  (``known_players``: ``suggest_players``), each timed in one process after the open;
* the Players window: built, shown and painted over the whole club's statistics (its league table is over every
  game, so it reads every game's cached lines: the one figure here that must grow, as a read of the cache);
* the command line reading one game: ``python -m scorekeeper export DB --game ID --format csv`` as a whole process;
* the database's size on disk.

Each line ends with the ratio of the largest size to the smallest, measured in this run.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import statistics
import subprocess
import sys
import tempfile
import textwrap
import time
from collections.abc import Sequence
from pathlib import Path

from bench_session import generate_game

from scorekeeper.session import Session, ruleset
from scorekeeper.storage.files import default_database_path
from scorekeeper.storage.statistics import load_statistics
from scorekeeper.storage.store import GameStore

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

#: The club: 40 regulars, four of them at each table.
CLUB = tuple(f"Player {k:02d}" for k in range(40))

_OPEN = textwrap.dedent(
    """
    import sys, time
    from pathlib import Path
    from scorekeeper.storage.store import GameStore
    path = Path(sys.argv[1])
    started = time.perf_counter()
    GameStore.open(path).close()
    print(f"{time.perf_counter() - started:.6f}")
    """
)

_COLD_START = textwrap.dedent(
    """
    import sys, time
    from PySide6.QtCore import QEvent, QObject
    started = float(sys.argv[1])
    from scorekeeper.gui.app import create_application, create_main_window
    from scorekeeper.gui.settings import AppSettings
    from scorekeeper.gui.theme import apply_theme
    from pathlib import Path
    app = create_application([])
    apply_theme(app)
    window = create_main_window(Path(sys.argv[2]), settings=AppSettings())
    assert window.controller.state is not None, "the unfinished game was not reopened"

    class FirstPaint(QObject):
        def eventFilter(self, obj, event):
            if event.type() == QEvent.Type.Paint:
                print(f"{time.time() - started:.6f}", flush=True)
                app.exit(0)
            return False

    spy = FirstPaint()
    window.table.seat_panels[0].points_label.installEventFilter(spy)
    window.show()
    app.exec()
    window.close()
    """
)

_HAND_AND_UNDO = textwrap.dedent(
    """
    import json, statistics, sys, time
    from pathlib import Path
    from PySide6.QtWidgets import QApplication
    from scorekeeper.gui.app import create_application, create_main_window
    from scorekeeper.gui.settings import AppSettings
    from scorekeeper.session import HanFuWin, Ron, Seat
    app = create_application([])
    window = create_main_window(Path(sys.argv[1]), settings=AppSettings())
    window.show()
    QApplication.processEvents()
    controller = window.controller
    ron = Ron(Seat(1), (HanFuWin(seat=Seat(2), han=1, fu=30),))
    hands, undos = [], []
    for _ in range(20):
        started = time.perf_counter()
        assert controller.record_result(ron)
        QApplication.processEvents()
        hands.append(time.perf_counter() - started)
        assert controller.state is not None and not controller.state.ended
        started = time.perf_counter()
        assert controller.undo()
        QApplication.processEvents()
        undos.append(time.perf_counter() - started)
    window.close()
    print(json.dumps([statistics.median(hands), statistics.median(undos)]))
    """
)

_FIRST_STEPS = textwrap.dedent(
    """
    import json, sys, time
    from pathlib import Path
    from scorekeeper.storage.registry import suggest_players
    from scorekeeper.storage.store import GameStore
    store = GameStore.open(Path(sys.argv[1]))
    figures = []
    # The bounded questions first: the whole list leaves ten thousand objects for the collector.
    asks = (lambda: not store.has_games(), lambda: suggest_players(store, "", 1000), lambda: not store.list_games())
    for ask in asks:
        started = time.perf_counter()
        ask()
        figures.append(time.perf_counter() - started)
    store.close()
    print(json.dumps(figures))
    """
)

_PLAYERS_WINDOW = textwrap.dedent(
    """
    import sys, time
    from pathlib import Path
    from PySide6.QtWidgets import QApplication
    from scorekeeper.gui.app import create_application
    from scorekeeper.gui.players.window import PlayersWindow
    from scorekeeper.storage.store import GameStore
    app = create_application([])
    store = GameStore.open(Path(sys.argv[1]))
    started = time.perf_counter()
    window = PlayersWindow(store)
    window.show()
    window.repaint()
    QApplication.processEvents()
    print(f"{time.perf_counter() - started:.6f}")
    window.close()
    window.deleteLater()
    QApplication.processEvents()
    store.close()
    """
)


def build(folder: Path, games: int, rng: random.Random) -> int:
    """A data folder whose database holds ``games`` finished games and one unfinished game; the latter's id.

    A pool of generated games is dealt to random tables of the club, all in one transaction; the statistics cache
    is filled as the Players window fills it; the store is closed as the app closes it.
    """
    rules = ruleset("tenhou")
    pool = [generate_game(rng, rules) for _ in range(min(games, 200))]
    for game in pool:
        if not game.state.ended:
            game.end_game("")
    with GameStore.open(default_database_path(folder), durable=False) as store:
        with store.batch("build the benchmark's database"):
            for number in range(games):
                day = 1 + number % 28
                month = 1 + (number // 28) % 12
                year = 2016 + number // (28 * 12)
                session = Session(rules, rng.sample(CLUB, 4), pool[number % len(pool)].events)
                store.start_game(session, created=f"{year}-{month:02d}-{day:02d}T19:00:00+00:00")
        load_statistics(store)
        while True:
            running = generate_game(rng, rules, max_hands=6)
            if not running.state.ended:
                break
        return store.start_game(Session(rules, rng.sample(CLUB, 4), running.events))


def _spawn(code: str, *args: str) -> str:
    """Run ``code`` in a fresh interpreter; its standard output's last line."""
    out = subprocess.run([sys.executable, "-c", code, *args], capture_output=True, text=True, check=True).stdout
    return out.strip().splitlines()[-1]


def _cold_start(folder: Path) -> float:
    return float(_spawn(_COLD_START, f"{time.time():.6f}", str(folder)))


def _cli_export(database: Path, game: int) -> float:
    started = time.perf_counter()
    subprocess.run(
        [sys.executable, "-m", "scorekeeper", "export", str(database), "--game", str(game), "--format", "csv"],
        capture_output=True,
        check=True,
    )
    return time.perf_counter() - started


def _unclean(database: Path) -> None:
    """Take away what the store writes at a clean close (if it writes anything), as a crash would leave it."""
    try:
        from scorekeeper.storage._checked import marker_path
    except ImportError:  # a store that writes nothing at a clean close (before this benchmark's change)
        return
    marker_path(database).unlink(missing_ok=True)


def measure(folder: Path, game: int, runs: int) -> dict[str, float]:
    """Every figure for the data folder ``folder`` (its unfinished game is ``game``), in seconds or bytes."""
    database = default_database_path(folder)
    figures: dict[str, float] = {"size": float(database.stat().st_size)}
    opens, unclean, starts, exports, windows, steps = [], [], [], [], [], []
    for _ in range(runs):
        opens.append(float(_spawn(_OPEN, str(database))))
        starts.append(_cold_start(folder))
        exports.append(_cli_export(database, game))
        windows.append(float(_spawn(_PLAYERS_WINDOW, str(database))))
        steps.append(json.loads(_spawn(_FIRST_STEPS, str(database))))
        _unclean(database)
        unclean.append(float(_spawn(_OPEN, str(database))))
    hand, undo = json.loads(_spawn(_HAND_AND_UNDO, str(folder)))
    figures.update(
        open=statistics.median(opens),
        unclean=statistics.median(unclean),
        start=statistics.median(starts),
        hand=hand,
        undo=undo,
        players=statistics.median(windows),
        any_game=statistics.median(step[0] for step in steps),
        known=statistics.median(step[1] for step in steps),
        listed=statistics.median(step[2] for step in steps),
        export=statistics.median(exports),
    )
    return figures


_ROWS = (
    ("open the store (after a clean close)", "open", "ms"),
    ("open the store (after a close that was not clean)", "unclean", "ms"),
    ("cold start to the painted table (game reopened)", "start", "ms"),
    ("enter a hand (controller, window redrawn)", "hand", "ms"),
    ("undo it", "undo", "ms"),
    ("no game to reopen: first start? as list_games()", "listed", "ms"),
    ("no game to reopen: first start? as has_games()", "any_game", "ms"),
    ("New game's names offered (known_players)", "known", "ms"),
    ("Players window built and painted (all games)", "players", "ms"),
    ("scorekeeper export DB --game ID --format csv", "export", "ms"),
    ("database size on disk", "size", "MB"),
)


def report(sizes: Sequence[int], results: Sequence[dict[str, float]]) -> None:
    """Print one line per figure: its value at each size and the ratio of the largest size to the smallest."""
    head = "".join(f"{f'{n:,} games':>14}" for n in sizes)
    print(f"{'figure (median)':<52}{head}{f'ratio {sizes[-1]:,}/{sizes[0]:,}':>20}")
    for label, key, unit in _ROWS:
        scale = 1000.0 if unit == "ms" else 1 / 1e6
        cells = "".join(f"{r[key] * scale:>11.2f} {unit}" for r in results)
        print(f"{label:<52}{cells}{results[-1][key] / results[0][key]:>19.2f}x")
    print(f"load average (1 min) at the end: {os.getloadavg()[0]:.1f}")


def main(argv: Sequence[str] | None = None) -> int:
    """Build the databases, measure, print."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=5, help="fresh processes per figure (the median is printed)")
    parser.add_argument("--sizes", default="1,1000,10000", help="finished games in each database, comma-separated")
    parser.add_argument("--folder", type=Path, default=None, help="where the temporary data folders go")
    args = parser.parse_args(argv)
    sizes = [int(s) for s in args.sizes.split(",")]
    results = []
    with tempfile.TemporaryDirectory(dir=args.folder) as scratch:
        for size in sizes:
            folder = Path(scratch) / f"games-{size}"
            folder.mkdir()
            started = time.perf_counter()
            game = build(folder, size, random.Random(size))
            print(f"built {size:,} finished games + 1 unfinished in {time.perf_counter() - started:.1f} s", flush=True)
            results.append(measure(folder, game, args.runs))
    report(sizes, results)
    return 0


if __name__ == "__main__":
    sys.exit(main())
