"""Benchmark ``scorekeeper import`` as a person runs it, at a terminal, over growing files of games.

Usage::

    .venv/bin/python benchmarks/bench_import.py [--games 1000 3000 10000] [--folder DIR]

For each size it writes that many plausible finished games (tenhou rules, generated as in bench_session.py), each
table drawn from as many players as there are games (so the registry grows with the file), to a JSON Lines file,
then runs ``python -m scorekeeper import`` on it into a new database as a whole process, with standard input a
pseudo-terminal (so the command can ask which player a name means, as it does for a person), and prints the
seconds, the seconds per 1,000 games, and each size's time against the first size's scaled by the games (1.0:
linear). Goal (issue 27, 5): linear, 10,000 games in under a minute.
"""

from __future__ import annotations

import argparse
import os
import pty
import random
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from bench_session import generate_game

from scorekeeper.session import Session, ruleset
from scorekeeper.session.record import format_record, record_from_session
from scorekeeper.storage._jsontext import dump_json


def write_games(path: Path, games: int, seed: int = 7) -> None:
    """``games`` finished games among ``games`` named players, one record a line."""
    rng = random.Random(seed)
    rules = ruleset("tenhou")
    names = [f"Player {k:05d}" for k in range(max(games, 4))]
    with path.open("w", encoding="utf-8") as out:
        for _ in range(games):
            game = generate_game(rng, rules)
            if not game.state.ended:
                game.end_game("")
            session = Session(rules, rng.sample(names, 4), game.events)
            out.write(dump_json(format_record(record_from_session(session))) + "\n")


def run_import(records: Path, database: Path) -> float:
    """The wall-clock seconds of one ``scorekeeper import`` process with a pseudo-terminal for standard input."""
    leader, follower = pty.openpty()
    try:
        start = time.perf_counter()
        subprocess.run(
            [sys.executable, "-m", "scorekeeper", "import", "--db", str(database), str(records)],
            stdin=follower,
            stdout=subprocess.DEVNULL,
            check=True,
        )
        return time.perf_counter() - start
    finally:
        os.close(leader)
        os.close(follower)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, nargs="+", default=[1000, 3000, 10000])
    parser.add_argument("--folder", type=Path, help="where the files go (default: a temporary folder)")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as scratch:
        folder = args.folder or Path(scratch)
        first: tuple[int, float] | None = None
        print(f"{'games':>7} {'seconds':>9} {'s per 1000':>11} {'vs linear':>10}")
        for games in args.games:
            records = folder / f"games-{games}.jsonl"
            if not records.exists():
                write_games(records, games)
            database = folder / f"import-{games}.db"
            database.unlink(missing_ok=True)
            seconds = run_import(records, database)
            first = first or (games, seconds)
            linear = first[1] * games / first[0]
            print(f"{games:>7} {seconds:>9.2f} {1000 * seconds / games:>11.2f} {seconds / linear:>10.2f}", flush=True)


if __name__ == "__main__":
    main()
