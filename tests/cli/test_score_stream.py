"""Issue 15: ``score --json`` answers a line-fed pipe at once, writes bulk input in blocks, and ``--jobs N`` and the
optional orjson path change nothing in the answers (the same bytes)."""

from __future__ import annotations

import gc
import json
import os
import select
import signal
import subprocess
import sys
import time
from io import BytesIO
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from typing_extensions import Buffer

from scorekeeper.cli.score import _answer_bytes, _load_orjson, _run_json, answer_lines
from scorekeeper.engine.hand import Hand
from scorekeeper.engine.scoring import HandScore
from scorekeeper.engine.tiles import Tile
from scorekeeper.errors import InvalidHandError
from tests.generate import generate_hands

HAND = {"hand": "234m456p678s34588s", "win": "2m", "seat_wind": "S", "round_wind": "E"}


def _corpus() -> bytes:
    """Generated hands under two rulesets (aotenjou yakuman pay more than 64 bits hold), and bad lines between."""
    lines = [json.dumps(obj) for obj in generate_hands(15, 400, ruleset="tenhou")]
    aotenjou = {"preset": "tenhou", "overrides": {"aotenjou": True}}
    lines += [json.dumps(obj) for obj in generate_hands(16, 150, ruleset=aotenjou, shapes=("yakuman",))]
    lines += [
        "",
        "not json",
        "[1, 2]",
        '{"hand": NaN}',
        '{"hand": 1e400}',
        '"\\ud800"',
        '{"hand": 123456789012345678901234567890}',
    ]
    lines += [json.dumps({**HAND, "riichi": "\u6771"}), json.dumps({**HAND, "ruleset": "classical"})]
    return ("\n".join(lines) + "\n").encode()


def _score(data: bytes, *extra: str, **env: str) -> bytes:
    result = subprocess.run(
        [sys.executable, "-m", "scorekeeper", "score", "--json", *extra],
        input=data,
        capture_output=True,
        env={**os.environ, **env},
        check=True,
        timeout=300,
    )
    assert result.stderr == b""
    return result.stdout


def test_jobs_and_orjson_give_the_same_bytes_as_one_process_with_the_standard_library() -> None:
    data = _corpus()
    pure = _score(data, SCOREKEEPER_PURE_JSON="1")
    assert len(pure.splitlines()) == len(data.splitlines())
    assert any(b'"yakuman":' in line and b'"ok":true' in line for line in pure.splitlines())
    assert _score(data) == pure
    assert _score(data, "--jobs", "2") == pure


def test_jobs_must_be_a_positive_number() -> None:
    result = subprocess.run(
        [sys.executable, "-m", "scorekeeper", "score", "--json", "--jobs", "0"],
        input=b"",
        capture_output=True,
        check=False,
        timeout=60,
    )
    assert result.returncode == 2
    assert b"--jobs takes a whole number" in result.stderr


def _read_line(stream: int, timeout: float) -> bytes:
    """One line from a pipe, or what came before the time ran out."""
    data = b""
    deadline = time.monotonic() + timeout
    while not data.endswith(b"\n"):
        ready, _, _ = select.select([stream], [], [], max(0.0, deadline - time.monotonic()))
        if not ready:
            break
        chunk = os.read(stream, 4096)
        if not chunk:
            break
        data += chunk
    return data


@pytest.mark.parametrize("jobs", ["1", "2"])
def test_a_line_fed_pipe_is_answered_line_by_line(jobs: str) -> None:
    process = subprocess.Popen(
        [sys.executable, "-m", "scorekeeper", "score", "--json", "--jobs", jobs],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
    )
    assert process.stdin is not None and process.stdout is not None
    try:
        for riichi, points in ((False, 2000), (True, 3900)):
            process.stdin.write(json.dumps({**HAND, "riichi": riichi}).encode() + b"\n")
            process.stdin.flush()
            # The caller waits for the answer before writing the next line: it must come while stdin stays open.
            answer = _read_line(process.stdout.fileno(), timeout=60)
            assert json.loads(answer)["points"] == points
    finally:
        process.stdin.close()
        assert process.wait(timeout=60) == 0
        process.stdout.close()
        assert process.stderr is not None
        process.stderr.close()


class _CountingOutput(BytesIO):
    """Standard output that counts its writes."""

    def __init__(self) -> None:
        super().__init__()
        self.writes = 0

    def write(self, data: Buffer, /) -> int:
        self.writes += 1
        return super().write(data)


def test_bulk_input_is_written_in_blocks() -> None:
    data = (json.dumps(HAND).encode() + b"\n") * 3000  # about 200 KB: four reads of 64 KiB
    out = _CountingOutput()
    assert _run_json(BytesIO(data), out) == 0
    assert len(out.getvalue().splitlines()) == 3000
    assert out.writes <= 5


def test_bulk_loop_gives_the_garbage_collector_back_as_it_found_it() -> None:
    # The loop freezes what exists and collects less often while it answers (issue 15); a caller's process, such
    # as this test run, gets its settings back, and a line answered afterwards is answered the same.
    threshold = gc.get_threshold()
    first = BytesIO()
    assert _run_json(BytesIO(json.dumps(HAND).encode() + b"\n"), first) == 0
    assert gc.get_threshold() == threshold
    assert gc.get_freeze_count() == 0
    again = BytesIO()
    assert _run_json(BytesIO(json.dumps(HAND).encode() + b"\n"), again) == 0
    assert again.getvalue() == first.getvalue()
    assert json.loads(first.getvalue())["ok"] is True


def test_a_block_answered_in_stages_gives_each_line_its_own_answer_in_its_place() -> None:
    # answer_lines reads, checks, scores and writes a block's common lines stage by stage (issue 15); every other
    # line (bad JSON, a list, a classical hand) is answered the general way in its place: the same bytes.
    _load_orjson()
    lines = [line for line in _corpus().split(b"\n") if line][380:]
    assert answer_lines(lines) == b"".join([_answer_bytes(line) for line in lines])
    assert len(answer_lines(lines).splitlines()) == len(lines)


_POOL = [
    *(json.dumps(obj).encode() for obj in generate_hands(77, 12, ruleset="tenhou")),
    *(json.dumps(obj).encode() for obj in generate_hands(78, 4, ruleset="ema")),
    json.dumps({**HAND, "x": 1}).encode(),  # an unknown field: refused while read
    json.dumps({**HAND, "hand": "11111m234p567s11z"}).encode(),  # five copies: refused by the Hand
    json.dumps({**HAND, "hand": "123m456p789s11234z", "win": "1m"}).encode(),  # refused by the scorer
    json.dumps({**HAND, "hand": "234m055m55p345s678s", "dora": ["0m"]}).encode(),  # refused by the red fives
    json.dumps({**HAND, "ruleset": "classical"}).encode(),  # answered by the classical family
    json.dumps({**HAND, "ruleset": {"preset": "tenhou", "overrides": {"aotenjou": True}}}).encode(),
    b"not json",
    b"[1, 2]",
    b'"\\ud800"',
    b"",
]


@settings(max_examples=60, deadline=None)
@given(st.lists(st.sampled_from(_POOL), max_size=40), st.booleans())
def test_any_block_is_answered_in_stages_as_line_by_line(lines: list[bytes], orjson_loaded: bool) -> None:
    # Whatever mix and order a block holds, the staged answers are the general way's, line by line (issue 15).
    if orjson_loaded:
        _load_orjson()
    with pytest.MonkeyPatch.context() as patch:
        if not orjson_loaded:
            patch.setattr("scorekeeper.cli.score._orjson", None)
        assert answer_lines(lines) == b"".join([_answer_bytes(line) for line in lines])


def test_a_block_with_refused_lines_leaves_no_cycle_for_the_garbage_collector() -> None:
    # Refusals of every stage (a field, the tiles, no yaku, not JSON): freed as soon as the block is answered.
    _load_orjson()
    lines = [
        json.dumps({**HAND, "x": 1}).encode(),
        json.dumps({**HAND, "hand": "11111m"}).encode(),
        json.dumps({**HAND, "hand": "234m456p678s34588s", "win": "8s"}).encode(),
        b"not json",
        json.dumps(HAND).encode(),
    ] * 20
    answer_lines(lines)
    gc.collect()
    gc.disable()
    try:
        answers = answer_lines(lines)
        assert gc.collect() == 0
    finally:
        gc.enable()
    assert len(answers.splitlines()) == len(lines)


@pytest.mark.parametrize(
    ("error", "answer"),
    [
        (
            RuntimeError("a bug"),
            {"ok": False, "error": "internal error: RuntimeError('a bug')", "kind": "RuntimeError"},
        ),
        (
            InvalidHandError("x" * 3000),
            {"ok": False, "error": "x" * 980 + "... (message cut)", "kind": "InvalidHandError"},
        ),
    ],
)
def test_a_line_a_stage_cannot_settle_is_answered_the_general_way_in_its_place(
    monkeypatch: pytest.MonkeyPatch, error: Exception, answer: dict[str, object]
) -> None:
    # An unexpected error, or a refusal too long to write whole, while scoring one hand of the block.
    _load_orjson()
    from scorekeeper.engine._result import build_score as build

    def failing(hand: Hand, *rest: Any) -> HandScore:
        if hand.win == Tile.parse("2m"):
            raise error
        return build(hand, *rest)

    monkeypatch.setattr("scorekeeper.engine.scoring.build_score", failing)
    other = {**HAND, "hand": "234m456p678s34555s", "win": "5s"}
    lines = [json.dumps(obj).encode() for obj in (other, HAND, other)]
    answers = [json.loads(line) for line in answer_lines(lines).splitlines()]
    assert answers[1] == answer
    assert answers[0] == answers[2]
    assert answers[0]["ok"] is True


def test_score_imports_neither_qt_nor_storage_nor_the_classical_family_nor_typing() -> None:
    """Issue 15: start-up is part of the command; ``score`` and ``waits`` import only the engine they use, and not
    ``typing`` (3 ms of a 60 ms start; no standard module they use imports it, but a coverage run's start-up hook
    would: the probe runs without it)."""
    probe = (
        "import sys\n"
        "from scorekeeper.cli import main\n"
        "main(sys.argv[1:])\n"
        "heavy = ('PySide6', 'sqlite3', 'scorekeeper.session', 'scorekeeper.storage', 'scorekeeper.gui',\n"
        "         'scorekeeper.engine.classical', 'scorekeeper.tournament', 'multiprocessing', 'typing')\n"
        "print(sorted(m for m in sys.modules if m.startswith(heavy)), file=sys.stderr)\n"
    )
    environment = {name: value for name, value in os.environ.items() if not name.startswith(("COV", "COVERAGE"))}
    for argv in (
        ["score", "234m456p678s34588s", "--win", "2m"],
        ["waits", "234m456p678s3488s"],
        ["score", "--json"],
    ):
        result = subprocess.run(
            [sys.executable, "-c", probe, *argv],
            input=json.dumps(HAND).encode() + b"\n",
            capture_output=True,
            check=True,
            timeout=60,
            env=environment,
        )
        assert result.stderr.strip() == b"[]", argv


def _interruptible() -> None:
    """In the child before it starts: Ctrl-C as a terminal gives it, even under a runner started with it ignored
    (a shell's background job inherits SIGINT ignored, and Python then never turns it into KeyboardInterrupt)."""
    signal.signal(signal.SIGINT, signal.SIG_DFL)


def _start_jobs(stdout: int) -> subprocess.Popen[bytes]:
    return subprocess.Popen(
        [sys.executable, "-X", "faulthandler", "-m", "scorekeeper", "score", "--json", "--jobs", "2"],
        stdin=subprocess.PIPE,
        stdout=stdout,
        stderr=subprocess.PIPE,
        start_new_session=True,
        preexec_fn=_interruptible,  # noqa: PLW1509 (no threads of ours run in the test process meanwhile)
    )


def _stacks_of(process: subprocess.Popen[bytes]) -> str:
    """Where a process that did not end is stuck: its threads' stacks (faulthandler prints them on SIGABRT)."""
    assert process.stderr is not None
    process.send_signal(signal.SIGABRT)
    process.wait(timeout=20)
    return process.stderr.read().decode(errors="replace")[-4000:]


@pytest.mark.skipif(os.name != "posix", reason="process groups and SIGINT as a terminal sends them are POSIX")
def test_ctrl_c_with_jobs_ends_at_once_while_the_input_is_still_open() -> None:
    """Ctrl-C at a terminal (SIGINT to the whole group) with the input open: ``--jobs 2`` hung until the input was
    closed (the pool's shutdown waited for its thread, blocked reading the input), then printed a worker's name."""
    process = _start_jobs(subprocess.PIPE)
    assert process.stdin is not None and process.stdout is not None and process.stderr is not None
    try:
        process.stdin.write(json.dumps({**HAND, "riichi": True}).encode() + b"\n")
        process.stdin.flush()
        assert json.loads(_read_line(process.stdout.fileno(), timeout=60))["points"] == 3900
        os.killpg(process.pid, signal.SIGINT)
        try:
            status = process.wait(timeout=20)
        except subprocess.TimeoutExpired:
            pytest.fail(f"Ctrl-C did not end the command within 20 s; its threads:\n{_stacks_of(process)}")
        assert status == 130
        assert process.stderr.read() == b""
    finally:
        if process.poll() is None:
            os.killpg(process.pid, signal.SIGKILL)
            process.wait()
        for stream in (process.stdin, process.stdout, process.stderr):
            stream.close()


@pytest.mark.skipif(os.name != "posix", reason="non-blocking pipe writes are POSIX")
def test_jobs_stop_reading_when_nobody_reads_the_answers() -> None:
    """With the output not read (``| less`` paused), ``--jobs 2`` read its whole input and held every answer in
    memory (Pool.imap); now it reads a few blocks ahead, then waits."""
    line = json.dumps({**HAND, "riichi": True}).encode() + b"\n"
    chunk = line * 1000  # about 100 KB
    read_end, write_end = os.pipe()  # the output: nobody reads it
    process = _start_jobs(write_end)
    os.close(write_end)
    assert process.stdin is not None and process.stderr is not None
    os.set_blocking(process.stdin.fileno(), False)
    accepted = 0
    stalled_since = time.monotonic()
    deadline = time.monotonic() + 60
    try:
        while accepted < 40_000_000 and time.monotonic() < deadline and time.monotonic() - stalled_since < 3:
            try:
                accepted += os.write(process.stdin.fileno(), chunk)
                stalled_since = time.monotonic()
            except BlockingIOError:
                time.sleep(0.05)
    finally:
        os.killpg(process.pid, signal.SIGKILL)
        process.wait()
        os.close(read_end)
        process.stdin.close()
        process.stderr.close()
    # Four blocks of 64 KiB in hand, and what the two pipes hold: well under 4 MB (it was all 40 MB).
    assert accepted < 4_000_000


@pytest.mark.parametrize("jobs", ["1", "2"])
def test_a_byte_order_mark_before_the_first_line_is_ignored(jobs: str) -> None:
    """A JSON Lines file saved with a byte order mark (Windows Notepad before 2019) is read like the same file
    without one (RFC 8259 8.1: a parser may ignore it, as replay and import do): its first hand is answered, not
    refused as bad JSON."""
    data = (json.dumps(HAND) + "\n" + json.dumps(HAND) + "\n").encode()
    with_mark = _score(b"\xef\xbb\xbf" + data, "--jobs", jobs)
    assert with_mark == _score(data, "--jobs", jobs)
    assert [json.loads(line)["ok"] for line in with_mark.splitlines()] == [True, True]


def test_a_byte_order_mark_alone_is_an_empty_input() -> None:
    """A file holding only the mark has no line to answer (a first read that brings only the mark reads on)."""
    out = BytesIO()
    assert _run_json(BytesIO(b"\xef\xbb\xbf"), out) == 0
    assert out.getvalue() == b""
