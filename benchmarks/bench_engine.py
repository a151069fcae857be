"""Benchmark: our engine against the ``mahjong`` package 2.1.0 on one seeded corpus, in the same run (issue 2).

Two comparisons, each as hands per second for both engines and their ratio (target: ours at least 5x theirs):

* **End to end**: a JSON-like input object in, the full answer out, for both. Ours is ``score_json`` (reading and
  validating the object, scoring, the output dict with yaku, fu breakdown and payments). Theirs is the
  differential test's adapter ``score_with_mahjong``: the object turned into their 136-format tiles, melds and
  ``HandConfig``, ``estimate_hand_value``, and their result turned into an answer dict. Their ``OptionalRules``
  is built once per ruleset (cached), as a caller scoring many hands would do.
* **Scoring core**: ours is ``score_hand`` on ``Hand`` values built before the clock starts; theirs is
  ``estimate_hand_value`` on arguments converted before the clock starts.

Honesty: each timed run scores every hand of the corpus exactly once; the runs alternate between the engines so
that a busy machine slows both alike, and the best run of each is kept. Our engine caches only values keyed by
small parts of a hand (one suit's tile counts, a meld's text, a single tile, a han/fu pair), never a whole hand
or its result, so a repeated run is not faster because it has seen the same hands. Times are the CPU time of
this thread (``time.thread_time``), which a loaded machine does not inflate. The corpus is the default mix of
``tests.generate`` (closed, open, kans, chiitoitsu, kokushi, yakuman; about 13% have no yaku and are refused by
both), ruleset ``tenhou``.

It also times the list of waits of a 13-tile hand with the ron and tsumo value of each (target: under 2 ms),
median and p99.

**Whole process** (``--process``, issue 15): what a person scoring hands in bulk runs. One JSON Lines file of
20,000 generated hands (the same generator and mix), answered by ``python -m scorekeeper score --json`` and by
``benchmarks/mahjong_score.py`` (the same contract over the ``mahjong`` package, a small self-contained script), each
as one process reading the file and writing a file, start-up included. The runs alternate A B A B A B; each
engine's best run is kept, by the CPU time of the process (user + system, which a machine busy with other work
inflates least) and by the wall clock. Ours runs as installed: with orjson when it is installed, and its modules
byte-compiled first, as ``pip install`` of a wheel does (``compileall``); it is also timed with the standard
library's JSON alone (``SCOREKEEPER_PURE_JSON=1``) and with ``--jobs 2``. Then the start-up time of
``scorekeeper score`` and ``scorekeeper waits`` (one hand on the command line) and of a bare ``python -c pass``.

Run from the repository root::

    .venv/bin/python benchmarks/bench_engine.py [--hands 5000] [--waits 2000] [--seed 2026] [--repeat 5]
    .venv/bin/python benchmarks/bench_engine.py --process [--hands 20000] [--repeat 3]
"""

from __future__ import annotations

import argparse
import functools
import json
import os
import resource
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable, Mapping
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from mahjong.hand_calculating.hand import HandCalculator

from scorekeeper.engine.tiles import Tile, format_tiles, parse_tiles
from tests.engine import test_differential as oracle
from tests.generate import generate_hands


def _their_arguments(obj: Mapping[str, Any]) -> tuple[Any, ...]:
    """Build estimate_hand_value's arguments for one input object, as the adapter does (not timed)."""
    captured: dict[str, Any] = {}
    original = HandCalculator.estimate_hand_value

    def capture(*args: Any, **kwargs: Any) -> Any:
        captured["args"], captured["kwargs"] = args, kwargs
        return original(*args, **kwargs)

    HandCalculator.estimate_hand_value = staticmethod(capture)  # type: ignore[method-assign]
    try:
        oracle.score_with_mahjong(obj)
    finally:
        HandCalculator.estimate_hand_value = staticmethod(original)  # type: ignore[method-assign]
    return captured["args"], captured["kwargs"]


def _time_once(function: Callable[[], object]) -> float:
    """The CPU time of this thread for one call (a loaded machine inflates wall-clock time, not this)."""
    start = time.thread_time()
    function()
    return time.thread_time() - start


def _thirteen_tile_hands(corpus: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """The corpus with the winning tile taken out: 13-tile hands that wait on at least that tile."""
    out = []
    for obj in corpus:
        tiles = list(parse_tiles(obj["hand"]))
        tiles.remove(Tile.parse(obj["win"]))
        waiting = {k: v for k, v in obj.items() if k not in ("win", "tsumo")}
        waiting["hand"] = format_tiles(tiles)
        out.append(waiting)
    return out


def _waits_calls(thirteen: list[dict[str, Any]]) -> list[Callable[[], object]] | None:
    """One call of our waits API per 13-tile hand, arguments built before timing (the GUI holds typed tiles)."""
    try:
        from scorekeeper.engine.hand import Meld
        from scorekeeper.engine.rules import hand_rules
        from scorekeeper.engine.tiles import Wind
        from scorekeeper.engine.waits import list_waits
    except ImportError:
        return None
    rules = hand_rules("tenhou")
    calls: list[Callable[[], object]] = []
    for obj in thirteen:
        concealed = parse_tiles(obj["hand"])
        melds = tuple(Meld.parse(m["type"], m["tiles"]) for m in obj["melds"])
        flags = {k: True for k, v in obj.items() if v is True}
        kwargs: dict[str, Any] = {
            "seat_wind": Wind(obj["seat_wind"]),
            "round_wind": Wind(obj["round_wind"]),
            "rules": rules,
            "dora": parse_tiles("".join(obj["dora"])),
            "ura": parse_tiles("".join(obj["ura"])),
            **flags,
        }
        calls.append(functools.partial(list_waits, concealed, melds, **kwargs))
    return calls


def _call_safely(call: Callable[[], object]) -> str | None:
    """Run one call; a crash is counted and reported, not allowed to stop the benchmark."""
    try:
        call()
    except Exception as error:  # an engine bug must not hide the timings
        return f"{type(error).__name__}: {error}"
    return None


_ROOT = Path(__file__).resolve().parents[1]


def _run_process(command: list[str], stdin: Path, stdout: Path, env: dict[str, str]) -> tuple[float, float]:
    """Run one process from file to file; its wall-clock time and its CPU time (user + system)."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.perf_counter()
    with stdin.open("rb") as source, stdout.open("wb") as sink:
        subprocess.run(command, stdin=source, stdout=sink, env=env, check=True)
    wall = time.perf_counter() - start
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    return wall, (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)


def _start_up(command: list[str], env: dict[str, str], runs: int = 15) -> tuple[float, float, float]:
    """Best and median wall-clock time and best CPU time of a command that answers at once."""
    walls, cpus = [], []
    for _ in range(runs):
        wall, cpu = _run_process(command, Path(os.devnull), Path(os.devnull), env)
        walls.append(wall)
        cpus.append(cpu)
    return min(walls), statistics.median(walls), min(cpus)


def _agreement(ours: Path, theirs: Path) -> tuple[int, int]:
    """How many answers agree on success and points, of how many lines (a sanity check, not the differential)."""
    agree = total = 0
    with ours.open("rb") as a, theirs.open("rb") as b:
        for line_a, line_b in zip(a, b, strict=True):
            x, y = json.loads(line_a), json.loads(line_b)
            total += 1
            agree += x["ok"] == y["ok"] and x.get("points") == y.get("points")
    return agree, total


def main_process(args: argparse.Namespace) -> int:
    """The whole-process comparison (issue 15): hands per second of each command over one file, and start-up."""
    env = {key: value for key, value in os.environ.items() if key != "PYTHONDONTWRITEBYTECODE"}
    subprocess.run([sys.executable, "-m", "compileall", "-q", str(_ROOT / "scorekeeper")], env=env, check=True)
    try:
        import orjson  # noqa: F401
    except ImportError:
        has_orjson = False
    else:
        has_orjson = True
    ours = [sys.executable, "-m", "scorekeeper", "score", "--json"]
    theirs = [sys.executable, str(_ROOT / "benchmarks" / "mahjong_score.py")]
    pure_env = {**env, "SCOREKEEPER_PURE_JSON": "1"}
    with tempfile.TemporaryDirectory(prefix="bench-engine-") as tmp:
        hands = Path(tmp) / "hands.jsonl"
        with hands.open("w", encoding="utf-8") as out:
            for obj in generate_hands(args.seed, args.hands, ruleset="tenhou"):
                out.write(json.dumps(obj) + "\n")
        answers_ours, answers_theirs = Path(tmp) / "ours.jsonl", Path(tmp) / "theirs.jsonl"
        runs: dict[str, tuple[list[str], dict[str, str], Path]] = {
            "ours": (ours, env, answers_ours),
            "theirs": (theirs, env, answers_theirs),
            "ours_pure": (ours, pure_env, Path(tmp) / "pure.jsonl"),
            "ours_jobs": ([*ours, "--jobs", "2"], env, Path(tmp) / "jobs.jsonl"),
        }
        for command, run_env, out_path in runs.values():  # warm the file cache and the byte code
            _run_process(command, hands, out_path, run_env)
        best = {name: (float("inf"), float("inf")) for name in runs}
        order = []
        for _ in range(args.repeat):
            for name in ("ours", "theirs"):  # A B A B A B
                order.append(name)
                command, run_env, out_path = runs[name]
                wall, cpu = _run_process(command, hands, out_path, run_env)
                best[name] = (min(best[name][0], wall), min(best[name][1], cpu))
        for name in ("ours_pure", "ours_jobs"):
            command, run_env, out_path = runs[name]
            for _ in range(args.repeat):
                wall, cpu = _run_process(command, hands, out_path, run_env)
                best[name] = (min(best[name][0], wall), min(best[name][1], cpu))
        agree, total = _agreement(answers_ours, answers_theirs)
        same_pure = answers_ours.read_bytes() == runs["ours_pure"][2].read_bytes()
        same_jobs = answers_ours.read_bytes() == runs["ours_jobs"][2].read_bytes()

    n = args.hands
    print(f"Whole process: {n} generated hands (seed {args.seed}, ruleset tenhou) from a file to a file, start-up")
    print(f"included; runs {' '.join('A' if o == 'ours' else 'B' for o in order)} (A ours, B theirs), best of")
    print(f"{args.repeat} each; CPU = user + system time of the process, wall = elapsed")
    print(f"{'command':<62} {'CPU s':>7} {'hands/s':>8} {'wall s':>7} {'hands/s':>8}")
    rows = [
        ("theirs", "B: mahjong 2.1.0 (benchmarks/mahjong_score.py)"),
        ("ours", f"A: scorekeeper score --json ({'orjson' if has_orjson else 'standard json'})"),
        ("ours_pure", "   scorekeeper score --json (SCOREKEEPER_PURE_JSON=1)"),
        ("ours_jobs", "   scorekeeper score --json --jobs 2 (CPU of all processes)"),
    ]
    for name, label in rows:
        wall, cpu = best[name]
        print(f"{label:<62} {cpu:>7.2f} {n / cpu:>8.0f} {wall:>7.2f} {n / wall:>8.0f}")
    print(
        f"ratio ours / theirs, whole process, CPU:  {best['theirs'][1] / best['ours'][1]:.1f}x   (target: 5x, then 10x)"
    )
    print(f"ratio ours / theirs, whole process, wall: {best['theirs'][0] / best['ours'][0]:.1f}x")
    print(f"ratio without orjson, CPU:                {best['theirs'][1] / best['ours_pure'][1]:.1f}x")
    print(
        f"answers agreeing on ok and points: {agree}/{total}; the same bytes without orjson: {same_pure}; "
        f"with --jobs 2: {same_jobs}"
    )
    print()
    print("Start-up: one hand on the command line (target: under 0.1 s)")
    print(f"{'command':<46} {'best wall ms':>12} {'median wall ms':>15} {'best CPU ms':>12}")
    hand = ["234m456p678s34588s", "--win", "2m"]
    for label, command in (
        ("python -c pass (the interpreter alone)", [sys.executable, "-c", "pass"]),
        ("scorekeeper score 234m456p678s34588s --win 2m", [sys.executable, "-m", "scorekeeper", "score", *hand]),
        ("scorekeeper waits 234m456p678s3488s", [sys.executable, "-m", "scorekeeper", "waits", "234m456p678s3488s"]),
        ("python benchmarks/mahjong_score.py < /dev/null", theirs),
    ):
        best_wall, median_wall, best_cpu = _start_up(command, env)
        print(f"{label:<46} {best_wall * 1000:>12.0f} {median_wall * 1000:>15.0f} {best_cpu * 1000:>12.0f}")
    return 0


def main(argv: list[str] | None = None) -> int:
    """Run the benchmark and print its table."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--hands", type=int, default=None, help="size of the corpus (5000; 20000 with --process)")
    parser.add_argument("--waits", type=int, default=2000, help="number of 13-tile hands for the wait list")
    parser.add_argument("--seed", type=int, default=2026, help="corpus seed")
    parser.add_argument(
        "--repeat", type=int, default=None, help="runs per engine; the best is kept (5; 3 with --process)"
    )
    parser.add_argument("--process", action="store_true", help="whole processes over one file, and start-up times")
    args = parser.parse_args(argv)
    if args.process:
        args.hands = args.hands or 20_000
        args.repeat = args.repeat or 3
        return main_process(args)
    args.hands = args.hands or 5000
    args.repeat = args.repeat or 5

    corpus = list(generate_hands(args.seed, args.hands, ruleset="tenhou"))
    prepared = [_their_arguments(obj) for obj in corpus]
    # Their options object is built once per ruleset, as a caller scoring many hands would (the adapter builds
    # one per call; HandRules values are hashable).
    oracle.mahjong_options = functools.cache(oracle.mahjong_options)
    their_end_to_end = oracle.score_with_mahjong

    def run_theirs_end_to_end() -> None:
        for obj in corpus:
            their_end_to_end(obj)

    def run_theirs_core() -> None:
        estimate = HandCalculator.estimate_hand_value
        for call_args, call_kwargs in prepared:
            estimate(*call_args, **call_kwargs)

    ours_available = True
    try:
        from scorekeeper.engine.jsonio import hand_from_json, score_json
        from scorekeeper.engine.scoring import score_hand
        from scorekeeper.errors import ScorekeeperError
    except ImportError:
        ours_available = False
    crashed: set[int] = set()
    built: list[tuple[Any, Any]] = []
    if ours_available:
        for obj in corpus:
            try:
                built.append(hand_from_json(obj))
            except ScorekeeperError:
                continue

    def run_ours_end_to_end() -> None:
        for index, obj in enumerate(corpus):
            try:
                score_json(obj)
            except Exception:  # score_json must never raise (issue 2); count it and go on timing
                crashed.add(index)

    def run_ours_core() -> None:
        for hand, rules in built:
            try:
                score_hand(hand, rules)
            except ScorekeeperError:  # no yaku is an answer here (theirs returns it as an error string)
                continue

    # Runs alternate between the engines so that a busy machine slows both alike; the best run of each is kept.
    best = dict.fromkeys(("ours_e2e", "theirs_e2e", "ours_core", "theirs_core"), float("inf"))
    runs = {
        "theirs_e2e": run_theirs_end_to_end,
        "ours_e2e": run_ours_end_to_end,
        "theirs_core": run_theirs_core,
        "ours_core": run_ours_core,
    }
    for _ in range(args.repeat):
        for name, run in runs.items():
            if ours_available or name.startswith("theirs"):
                best[name] = min(best[name], _time_once(run))

    print(
        f"Scoring {len(corpus)} generated hands (seed {args.seed}, ruleset tenhou), "
        f"best of {args.repeat} runs, CPU time"
    )
    print(f"{'comparison':<13} {'engine':<58} {'hands':>6} {'us/hand':>8} {'hands/s':>9}")
    rows = [
        ("end to end", "mahjong 2.1.0 (adapter: JSON-like in, answer dict out)", len(corpus), best["theirs_e2e"]),
        ("end to end", "scorekeeper score_json (JSON-like in, answer dict out)", len(corpus), best["ours_e2e"]),
        ("scoring core", "mahjong 2.1.0 estimate_hand_value (arguments pre-built)", len(corpus), best["theirs_core"]),
        ("scoring core", "scorekeeper score_hand (Hand pre-built)", len(built), best["ours_core"]),
    ]
    for comparison, name, hands, seconds in rows:
        if seconds == float("inf"):
            continue
        print(f"{comparison:<13} {name:<58} {hands:>6} {seconds / hands * 1e6:>8.1f} {hands / seconds:>9.0f}")
    if ours_available:
        e2e_ratio = best["theirs_e2e"] / best["ours_e2e"]
        core_ratio = (len(built) / best["ours_core"]) / (len(corpus) / best["theirs_core"])
        print(f"ratio ours / theirs, end to end:   {e2e_ratio:.1f}x   (target: at least 5x)")
        print(f"ratio ours / theirs, scoring core: {core_ratio:.1f}x   (target: at least 5x)")
        if crashed:
            print(f"score_json raised on {len(crashed)} hands instead of answering (an engine bug)")
    else:
        print("our engine (scorekeeper.engine.jsonio) is not available yet")

    thirteen = _thirteen_tile_hands(corpus[: args.waits])
    calls = _waits_calls(thirteen)
    if calls is None:
        print("wait list: scorekeeper.engine.waits is not available yet")
        return 0
    for call in calls[:50]:  # warm the caches, as the GUI's first taps do
        _call_safely(call)
    timings: list[float] = []
    cpu_timings: list[float] = []
    crashes: list[str] = []
    for call in calls:
        start, cpu_start = time.perf_counter(), time.thread_time()
        crash = _call_safely(call)
        timings.append((time.perf_counter() - start) * 1000)
        cpu_timings.append((time.thread_time() - cpu_start) * 1000)
        if crash:
            crashes.append(crash)
    slowest = max(range(len(cpu_timings)), key=cpu_timings.__getitem__)
    print()
    print(f"Wait list with ron and tsumo values, {len(timings)} 13-tile hands (target: under 2 ms)")
    print("(wall clock, and CPU time of this thread, which a busy machine does not inflate)")
    print(f"{'clock':<6} {'median ms':>10} {'p99 ms':>10} {'max ms':>10}")
    for name, values in (("wall", timings), ("cpu", cpu_timings)):
        ordered = sorted(values)
        p99 = ordered[min(len(ordered) - 1, int(len(ordered) * 0.99))]
        print(f"{name:<6} {statistics.median(ordered):>10.3f} {p99:>10.3f} {ordered[-1]:>10.3f}")
    print(f"slowest: {json.dumps(thirteen[slowest])}")
    if crashes:
        print(f"{len(crashes)} wait lists raised instead of answering, e.g. {crashes[0]}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
