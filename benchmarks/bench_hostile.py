"""Keep the issue-10 attacks measured: hostile records against normal ones of the same size, as ratios.

Usage::

    .venv/bin/python benchmarks/bench_hostile.py [--kb 26]

Prints, for ``scorekeeper replay`` (``scorekeeper.cli.replay.replay_file``, what the GUI's import also runs):

* flowers: a classical record whose one hand holds thousands of repeated extra tiles (issue 10: a 26 KB one took
  over 90 s), against a normal classical record of the same size (many ordinary hands); the ratio should stay
  near 1 or below (the flowers record is refused early), not grow with the size;
* memory: the peak Python allocation (tracemalloc) of replaying the largest record accepted (2 MB, filled with
  ordinary hands) as a multiple of the file size, and how a larger file is refused (by its size, before parsing);
* FIFO: how long replay takes to refuse a named pipe (POSIX only; it used to block forever).
"""

from __future__ import annotations

import argparse
import json
import os
import tempfile
import time
import tracemalloc
from pathlib import Path
from typing import Any

from scorekeeper.cli.replay import replay_file
from scorekeeper.storage.files import MAX_RECORD_BYTES

_HAND = {"hand": "123m123m123p66p", "win": "2p", "melds": [{"type": "chi", "tiles": "789m"}]}


def _record(hands: list[dict[str, Any]]) -> dict[str, Any]:
    return {
        "format": "scorekeeper-game",
        "version": 1,
        "ruleset": "classical",
        "players": ["a", "b", "c", "d"],
        "hands": hands,
    }


def _ron(win: dict[str, Any]) -> dict[str, Any]:
    return {"riichi": [], "result": {"type": "ron", "from": 0, "wins": [win]}}


def _normal(size: int) -> bytes:
    """A classical record of about ``size`` bytes: ordinary full-hand wins (a long evening)."""
    hand = _ron({"seat": 1, "hand": _HAND})
    one = len(json.dumps(hand)) + 2
    return json.dumps(_record([hand] * max(1, size // one))).encode()


def _flowers(size: int) -> bytes:
    """A classical record of about ``size`` bytes whose one hand repeats an extra tile thousands of times."""
    base = len(json.dumps(_record([_ron({"seat": 1, "hand": {**_HAND, "flowers": [""]}})])))
    count = max(1, (size - base) // 6)  # each '"1f", ' is six bytes
    return json.dumps(_record([_ron({"seat": 1, "hand": {**_HAND, "flowers": ["1f"] * count}})])).encode()


def _time(path: Path, repeat: int = 3) -> tuple[float, dict[str, Any]]:
    best, out = float("inf"), {}
    for _ in range(repeat):
        start = time.perf_counter()
        out = replay_file(path)
        best = min(best, time.perf_counter() - start)
    return best, out


def main() -> None:
    """Print the figures."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--kb", type=int, default=26, help="size of the flowers and normal records (KB)")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory(prefix="bench-hostile-") as folder:
        root = Path(folder)
        normal, flowers = root / "normal.json", root / "flowers.json"
        normal.write_bytes(_normal(args.kb * 1000))
        flowers.write_bytes(_flowers(args.kb * 1000))
        normal_s, normal_out = _time(normal)
        flowers_s, flowers_out = _time(flowers)
        print(
            f"flowers: {flowers.stat().st_size:,} B record {flowers_s * 1000:.1f} ms "
            f"({flowers_out.get('error', 'accepted')[:70]}...)"
        )
        print(
            f"  normal {normal.stat().st_size:,} B record ({len(normal_out.get('hands', []))} hands) "
            f"{normal_s * 1000:.1f} ms"
        )
        print(f"  ratio flowers / normal: {flowers_s / normal_s:.2f} (budget: at most 2)")

        largest = root / "largest.json"
        largest.write_bytes(_normal(MAX_RECORD_BYTES - 1000))
        tracemalloc.start()
        replay_file(largest)
        _current, peak = tracemalloc.get_traced_memory()
        tracemalloc.stop()
        size = largest.stat().st_size
        print(f"memory: replaying a {size:,} B record peaks at {peak / 1e6:.1f} MB = {peak / size:.1f} x the file")
        too_big = root / "too-big.json"
        too_big.write_bytes(b" " * (MAX_RECORD_BYTES + 1))
        refused_s, refused = _time(too_big, repeat=1)
        print(f"  a {MAX_RECORD_BYTES + 1:,} B file: refused in {refused_s * 1000:.1f} ms: {refused['error'][-70:]}")

        if hasattr(os, "mkfifo"):
            fifo = root / "fifo.json"
            os.mkfifo(fifo)
            fifo_s, fifo_out = _time(fifo, repeat=1)
            print(f"FIFO: refused in {fifo_s * 1000:.1f} ms: {fifo_out['error'][-50:]}")


if __name__ == "__main__":
    main()
