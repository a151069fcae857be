"""``scorekeeper score``: value a winning hand.

Two forms (see docs/engine.md):

* ``scorekeeper score --json`` reads JSON Lines on stdin, one hand per line, and writes one JSON line per input
  line, in order, never stopping on a bad line (a line that is not JSON gets ``{"ok": false, ...}`` too). A line
  whose ``ruleset`` is a string starting with ``classical``, or an object whose ``preset`` does, goes to
  ``scorekeeper.engine.classical``.
* ``scorekeeper score 234m567p11s 345s+chi --win 2m --ron --riichi --seat E --round S --dora 1p`` prints the
  yaku, the fu breakdown and the payments as a person reads them.
"""

from __future__ import annotations

import argparse
import gc
import importlib
import io
import json
import os
import sys
from collections.abc import Iterator

from scorekeeper._typing import cast
from scorekeeper.engine.conditions import CONDITION_NAMES
from scorekeeper.engine.hand import Hand, Meld
from scorekeeper.engine.jsonio import error_to_json, read_hands, score_json_line, score_line, score_object
from scorekeeper.engine.rules import PRESET_NAMES, HandRules, check_red_fives, hand_rules
from scorekeeper.engine.scoring import HandScore, score_hand, score_hands
from scorekeeper.engine.tiles import Tile, Wind, parse_tiles
from scorekeeper.errors import InvalidHandError, ScorekeeperError, quote

TYPE_CHECKING = False  # typing.TYPE_CHECKING to mypy, without importing typing: 3 ms of start-up (issue 15)
if TYPE_CHECKING:
    from collections.abc import Callable  # noqa: F401 - named in a cast (a string: this cast is not typing's)
    from typing import Any, BinaryIO, NoReturn

__all__ = ["MAX_ERROR_CHARS", "MAX_LINE_BYTES", "add_parser", "answer_line", "format_score", "run"]

_CONDITIONS = CONDITION_NAMES


def add_parser(subparsers: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """Register the ``score`` subcommand."""
    parser = subparsers.add_parser(
        "score",
        help="value a winning hand (JSON Lines with --json, or tiles on the command line)",
        description=(
            "Value a winning hand. With --json, read one JSON hand per line on stdin and answer one JSON line "
            "per input line. Otherwise give the concealed tiles (including the winning tile) and melds such as "
            "345s+chi, 222z+pon, 1111m+ankan."
        ),
    )
    parser.add_argument("--json", action="store_true", help="read JSON Lines on stdin, write JSON Lines")
    parser.add_argument(
        "--jobs",
        type=_jobs,
        default=1,
        metavar="N",
        help="with --json: answer with N worker processes (answers stay in input order)",
    )
    parser.add_argument("tiles", nargs="*", help="concealed tiles in mpsz, then melds as TILES+KIND")
    parser.add_argument("--win", help="the winning tile (0m/0p/0s for a red five)")
    how = parser.add_mutually_exclusive_group()
    how.add_argument("--tsumo", action="store_true", help="won by self-draw")
    how.add_argument("--ron", action="store_true", help="won on a discard (the default)")
    parser.add_argument("--seat", default="E", choices=[w.value for w in Wind], help="seat wind (E is the dealer)")
    parser.add_argument("--round", default="E", choices=[w.value for w in Wind], help="round wind")
    parser.add_argument("--dora", action="append", default=[], help="a dora indicator (repeat for kan dora)")
    parser.add_argument("--ura", action="append", default=[], help="an ura dora indicator (counts with riichi)")
    parser.add_argument("--ruleset", default="tenhou", choices=list(PRESET_NAMES), help="ruleset preset")
    for name in _CONDITIONS:
        parser.add_argument(f"--{name.replace('_', '-')}", dest=name, action="store_true", help=f"the win is {name}")


def _jobs(text: str) -> int:
    try:
        jobs = int(text)
    except ValueError:
        jobs = 0
    if jobs < 1:
        raise argparse.ArgumentTypeError(f"--jobs takes a whole number of processes, 1 or more, not {quote(text)}")
    return jobs


def _classical(obj: dict[str, Any]) -> dict[str, Any]:
    try:
        module = importlib.import_module("scorekeeper.engine.classical")
        scorer = cast("Callable[[object], dict[str, Any]]", module.score_json)
    except (ImportError, AttributeError):
        return {
            "ok": False,
            "error": f"ruleset {quote(obj.get('ruleset'))} is not available: the classical scorer is not installed",
            "kind": "InvalidRulesetError",
        }
    return scorer(obj)


def _is_classical(ruleset: object) -> bool:
    """Whether a ``ruleset`` value names the classical family: ``"classical..."`` or ``{"preset": "classical..."}``."""
    if isinstance(ruleset, dict):
        ruleset = ruleset.get("preset")
    return isinstance(ruleset, str) and ruleset.startswith("classical")


#: The longest input line read, in bytes without its line feed (issue 10: a hand is ~300 bytes; a 39 MB line took
#: 4.7 s and was echoed whole). A longer line is answered by a short refusal and skipped unread.
MAX_LINE_BYTES = 64 * 1024
#: The longest error message written (each quoted value is capped already, see ``scorekeeper.errors.quote``).
MAX_ERROR_CHARS = 1000
#: How much is read at once. A read returns what is there: a file or a bulk pipe is answered in blocks of about
#: this many input bytes (one write per block), a terminal or a pipe fed line by line one line at a time, each
#: answer written before the next read waits (issue 15: interactive use stays interactive).
_READ_SIZE = 64 * 1024
_GC_THRESHOLD = 200_000

# orjson, when installed (``pip install scorekeeper[fast]``), reads and writes the well-formed lines (issue 15:
# reading and writing JSON were a third of a line's cost). The answers are the same bytes either way: the standard
# library writes them compact too, and a line orjson refuses (or an answer it cannot write: an aotenjou payment
# beyond 64 bits) goes the standard library's way, which names the problem as it always has. It is imported when
# JSON Lines are read (the one-hand form starts faster without it); SCOREKEEPER_PURE_JSON=1 keeps to the standard
# library (for tests and the benchmark).
_orjson: Any = None


def _load_orjson() -> None:
    global _orjson  # noqa: PLW0603 - imported once, when the JSON Lines form first runs
    if _orjson is None and not os.environ.get("SCOREKEEPER_PURE_JSON"):
        try:
            import orjson
        except ImportError:
            return
        _orjson = orjson


def _refusal(message: str) -> dict[str, Any]:
    return error_to_json(InvalidHandError(message))


def _too_long() -> dict[str, Any]:
    return _refusal(f"line is longer than {MAX_LINE_BYTES:,} bytes, far more than any hand: not read")


def _answer(obj: object) -> bytes | dict[str, Any]:
    """The answer to one decoded line: an accepted riichi hand as its answer line, anything else as a dict."""
    try:
        ruleset = obj.get("ruleset") if type(obj) is dict else None
        # A missing ruleset or a riichi preset's name settles the common line without a call.
        riichi = ruleset is None or (type(ruleset) is str and not ruleset.startswith("classical"))
        classical = not riichi and _is_classical(ruleset)
        answer = _classical(cast("dict[str, Any]", obj)) if classical else score_json_line(obj)
    except Exception as error:  # the command line must answer every line, whatever happens
        answer = {"ok": False, "error": f"internal error: {quote(error)}", "kind": type(error).__name__}
    if type(answer) is dict and answer["ok"] is False and len(answer["error"]) > MAX_ERROR_CHARS:
        answer["error"] = answer["error"][: MAX_ERROR_CHARS - 20] + "... (message cut)"
    return answer


def _line_answer(line: str | bytes) -> bytes | dict[str, Any]:
    if isinstance(line, bytes):
        try:
            line = line.decode("utf-8")
        except UnicodeDecodeError as error:
            return _refusal(f"line is not UTF-8 text (byte 0x{line[error.start]:02x} at position {error.start})")
    try:
        obj = json.loads(line)
    except ValueError as error:
        return _refusal(f"line is not JSON ({error}): {quote(line.strip())}")
    except RecursionError:
        return _refusal("line is JSON nested too deeply to be a hand (a hand is at most 3 levels deep)")
    return _answer(obj)


def answer_line(line: str | bytes) -> dict[str, Any]:
    """The JSON answer for one input line (text, or bytes to be read as UTF-8); never raises."""
    answer = _line_answer(line)
    return answer if isinstance(answer, dict) else cast("dict[str, Any]", json.loads(answer))


def _encode(answer: dict[str, Any]) -> bytes:
    """One answer line, compact, in UTF-8 (a lone surrogate from a ``\\ud800`` escape is written escaped)."""
    text = json.dumps(answer, ensure_ascii=False, separators=(",", ":"))
    return (text + "\n").encode("utf-8", "backslashreplace")


def _dumps(answer: dict[str, Any]) -> bytes:
    """An answer dict as its line: by orjson when it is loaded and can write it, else by the standard library."""
    if _orjson is not None:
        try:
            encoded: bytes = _orjson.dumps(answer, option=_orjson.OPT_APPEND_NEWLINE)
        except _orjson.JSONEncodeError:
            return _encode(answer)
        return encoded
    return _encode(answer)


def _answer_bytes(line: bytes) -> bytes:
    """The answer line for one input line."""
    if _orjson is not None:
        try:
            obj = _orjson.loads(line)
        except _orjson.JSONDecodeError:
            pass
        else:
            if type(obj) is dict:
                ruleset = obj.get("ruleset")
                if ruleset is None or (type(ruleset) is str and not ruleset.startswith("classical")):
                    # The common line, a riichi hand, without the calls of the general way below (issue 15).
                    try:
                        return score_line(score_object(obj))
                    except ScorekeeperError as error:
                        refusal = error_to_json(error)
                        if len(refusal["error"]) <= MAX_ERROR_CHARS:
                            return _dumps(refusal)
                    except Exception:  # answered the general way below, which reports it
                        pass
            answer = _answer(obj)
            return answer if type(answer) is bytes else _dumps(cast("dict[str, Any]", answer))
    answer = _line_answer(line)
    return answer if type(answer) is bytes else _encode(cast("dict[str, Any]", answer))


def _refusal_line(error: ScorekeeperError) -> bytes | None:
    """A refusal's answer line, or None for a message too long to write whole (the general way cuts it)."""
    refusal = error_to_json(error)
    return _dumps(refusal) if len(refusal["error"]) <= MAX_ERROR_CHARS else None


def _read_json(line: bytes) -> Any:
    return json.loads(line.decode("utf-8"))


def answer_lines(lines: list[bytes]) -> bytes:
    """The answers to complete input lines (without their line feeds), in order, as one block of output.

    The block's common lines (a JSON object for a riichi ruleset) are answered in stages: every line read, then
    every hand checked (``read_hands``), then every hand scored (``score_hands``), then every answer written, so
    that each stage's code stays warm in the processor's caches over the block (issue 15: 20,000 hands took the
    process 1.02 s of CPU one line at a time through every stage, 0.72 s in these stages; without orjson 1.11 s
    and 0.83 s). A line that any stage cannot settle (not JSON, not a riichi hand, a refusal too long to write
    whole, anything unexpected) is answered the general way, one at a time, in its place: the same bytes either
    way.
    """
    answers: list[bytes | None] = [None] * len(lines)
    if _orjson is not None:
        loads, decode_error = _orjson.loads, _orjson.JSONDecodeError
    else:
        loads, decode_error = _read_json, (ValueError, RecursionError)  # not UTF-8 text is a ValueError too
    places: list[int] = []
    objects: list[dict[str, Any]] = []
    for place, line in enumerate(lines):
        if len(line) > MAX_LINE_BYTES:
            answers[place] = _encode(_too_long())
            continue
        try:
            obj = loads(line)
        except decode_error:
            continue  # answered the general way, which names the problem
        if type(obj) is dict:
            ruleset = obj.get("ruleset")
            if ruleset is None or (type(ruleset) is str and not ruleset.startswith("classical")):
                places.append(place)
                objects.append(obj)
    read: list[tuple[int, Hand, HandRules]] = []
    for place, entry in zip(places, read_hands(objects), strict=True):
        if isinstance(entry, Exception):
            if isinstance(entry, ScorekeeperError):
                answers[place] = _refusal_line(entry)
            continue  # anything else: answered the general way below, which reports it
        read.append((place, *entry))
    scored: list[tuple[int, HandScore]] = []
    for (place, _, _), score in zip(read, score_hands([(hand, rules) for _, hand, rules in read]), strict=True):
        if isinstance(score, Exception):
            if isinstance(score, ScorekeeperError):
                answers[place] = _refusal_line(score)
            continue  # anything else: answered the general way below, which reports it
        scored.append((place, score))
    for place, score in scored:
        try:
            answers[place] = score_line(score)
        except Exception:  # answered the general way below, which reports it
            continue
    return b"".join([_answer_bytes(lines[place]) if answer is None else answer for place, answer in enumerate(answers)])


_OVER_CAP = b" " * (MAX_LINE_BYTES + 1)  # stands for a line refused unread
_BOM = b"\xef\xbb\xbf"


def _chunks(stdin: BinaryIO) -> Iterator[bytes]:
    """What each read brings, up to the end of the input, without a byte order mark before the first line.

    A byte order mark (Windows Notepad before 2019 saved UTF-8 with one) is not part of the first line: RFC 8259
    8.1 lets a parser ignore it, as ``replay`` and ``import`` do.
    """
    read = getattr(stdin, "read1", stdin.read)
    chunk = read(_READ_SIZE)
    if chunk.startswith(_BOM):
        chunk = chunk[len(_BOM) :] or read(_READ_SIZE)
    while chunk:
        yield chunk
        chunk = read(_READ_SIZE)


def _blocks(stdin: BinaryIO) -> Iterator[list[bytes]]:
    """The input's lines, in the groups one read brought; an over-long line stands as one line over the cap."""
    pending = b""
    skipping = False  # inside a line already refused as too long: drop bytes up to its line feed
    for chunk in _chunks(stdin):
        lines = (pending + chunk).split(b"\n") if pending else chunk.split(b"\n")
        pending = lines.pop()
        if skipping:
            if not lines:  # still inside the refused line: keep nothing of it
                pending = b""
                continue
            del lines[0]
            skipping = False
        if len(pending) > MAX_LINE_BYTES:
            lines.append(_OVER_CAP)
            pending, skipping = b"", True
        if lines:
            yield lines
    if pending and not skipping:
        yield [pending]


def _run_json(stdin: BinaryIO, stdout: BinaryIO, jobs: int = 1) -> int:
    """Answer every line of ``stdin`` on ``stdout`` in order, writing the answers to what each read brought at once."""
    _load_orjson()
    if jobs > 1:
        return _run_json_parallel(stdin, stdout, jobs)
    # The modules and tables made so far live as long as the process: the collector need not walk them again
    # (gc.freeze), and it runs less often, as answering a line leaves only the engine's growing tables behind
    # (issue 15: 100 collections over 20,000 hands became 4 at a threshold of 20,000, 2-4% of the process; none
    # at 200,000, 1% more). What a block leaves is freed by reference counts (no stage makes a cycle: tested), so
    # the threshold bounds only what a cycle could hold. Both are undone at the end, for a caller that runs this
    # in its own process (the tests).
    threshold = gc.get_threshold()
    gc.freeze()
    gc.set_threshold(_GC_THRESHOLD, *threshold[1:])
    try:
        write, flush = stdout.write, stdout.flush
        for lines in _blocks(stdin):
            write(answer_lines(lines))
            flush()
    finally:
        gc.set_threshold(*threshold)
        gc.unfreeze()
    return 0


def _ignore_interrupts() -> None:
    """A worker's start: Ctrl-C is the parent's to handle (it ends the workers), not a traceback from each."""
    import signal

    signal.signal(signal.SIGINT, signal.SIG_IGN)


def _raw_input(stdin: BinaryIO) -> BinaryIO:
    """Standard input without its buffer's lock, for the reading thread: a thread still blocked in a buffered read
    at exit makes the interpreter's shutdown fail on that lock; a plain descriptor read does not."""
    try:
        descriptor = stdin.fileno()
    except (AttributeError, OSError, ValueError):  # an in-memory stream (tests): never blocks
        return stdin
    return cast("BinaryIO", io.FileIO(descriptor, "rb", closefd=False))


def _run_json_parallel(stdin: BinaryIO, stdout: BinaryIO, jobs: int) -> int:
    """``--jobs N``: blocks answered by N worker processes, written in input order.

    A thread reads the input; this thread hands blocks to the workers and writes each answer as soon as it and
    those before it are done. At most ``2 N`` blocks are read and not yet written, so a reader of the output that
    stops reading stops the input being read (``Pool.imap`` read it all, holding every answer in memory). Nothing
    waits on the input here, so Ctrl-C, a closed pipe or a full disk end the command at once (``Pool.imap`` read
    the input in the pool's own thread, which the pool's shutdown waited for: with the input still open, as at a
    terminal, Ctrl-C hung until it was closed).
    """
    import multiprocessing
    import queue
    import threading
    from collections import deque

    limit = 2 * jobs
    slots = threading.Semaphore(limit)
    events: queue.Queue[list[bytes] | bool | None] = queue.Queue()  # a block, True (an answer is done), None (end)

    def read() -> None:
        try:
            blocks = _blocks(_raw_input(stdin))
            while slots.acquire() and (lines := next(blocks, None)) is not None:
                events.put(lines)  # its slot is given back when its answer is written
        finally:
            events.put(None)

    context = multiprocessing.get_context("spawn" if sys.platform == "win32" else "fork")
    with context.Pool(jobs, initializer=_ignore_interrupts) as pool:
        threading.Thread(target=read, name="score-input", daemon=True).start()
        pending: deque[Any] = deque()
        ended = False
        try:
            while not ended or pending:
                try:
                    event = events.get(timeout=0.5)  # a timeout, so that Ctrl-C is seen on every platform
                except queue.Empty:
                    continue
                if event is None:
                    ended = True
                elif event is not True:
                    pending.append(pool.apply_async(answer_lines, (event,), callback=lambda _: events.put(True)))
                while pending and pending[0].ready():
                    stdout.write(pending.popleft().get())
                    stdout.flush()
                    slots.release()
        except KeyboardInterrupt:
            _leave_at_once(multiprocessing.active_children(), stdout)
    return 0


def _leave_at_once(workers: list[Any], stdout: BinaryIO) -> NoReturn:
    """Ctrl-C under ``--jobs``: kill the workers and end the process now, with the interrupted status.

    The pool's own shutdown (``Pool.terminate``) takes the input queue's lock, which an idle worker holds while it
    waits for work; it once waited there for good (a CI run, ``test_ctrl_c_with_jobs_ends_at_once...``). Every
    answer written so far is flushed first; nothing else is pending (the input is read, not written).
    """
    import contextlib

    from scorekeeper.cli import EXIT_INTERRUPTED

    for worker in workers:
        worker.kill()
    with contextlib.suppress(OSError):
        stdout.flush()
    os._exit(EXIT_INTERRUPTED)


def _parse_hand(args: argparse.Namespace) -> tuple[Hand, HandRules]:
    if not args.tiles:
        raise InvalidHandError("no tiles given: write the concealed tiles (with the winning tile), e.g. 234m567p11s")
    concealed = parse_tiles(args.tiles[0])
    melds = []
    for text in args.tiles[1:]:
        tiles, plus, kind = text.partition("+")
        if not plus:
            raise InvalidHandError(f"meld {quote(text)} needs its kind after '+', e.g. 345s+chi or 1111z+ankan")
        melds.append(Meld.parse(kind, tiles))
    if args.win is None:
        raise InvalidHandError("--win is required: the winning tile, e.g. --win 2m")
    win = Tile.parse(args.win)
    hand = Hand(
        concealed=concealed,
        melds=tuple(melds),
        win=win,
        tsumo=args.tsumo,
        seat_wind=Wind(args.seat),
        round_wind=Wind(args.round),
        dora=tuple(Tile.parse(d) for d in args.dora),
        ura=tuple(Tile.parse(u) for u in args.ura),
        **{name: getattr(args, name) for name in _CONDITIONS},
    )
    return hand, hand_rules(args.ruleset)


def _points(n: int) -> str:
    return f"{n:,}"


def format_score(score: HandScore) -> str:
    """A score as a person reads it: yaku, dora, fu breakdown, the limit and the payments."""
    lines = []
    breakdown = score.fu_breakdown
    width = max([len(y.yaku.value) for y in score.yaku] + [len(i.reason.value) for i in breakdown] + [8])
    for y in score.yaku:
        amount = f"yakuman x{y.yakuman}" if y.yakuman else f"{y.han} han"
        lines.append(f"  {y.yaku.value:<{width}}  {amount}")
    for name, count in (("dora", score.dora), ("aka", score.aka), ("ura", score.ura)):
        if count:
            lines.append(f"  {name:<{width}}  {count} han")
    value = score.value
    if breakdown:
        lines.append("fu:")
        lines.extend(f"  {item.reason.value:<{width}}  {item.fu}" for item in breakdown)
    head = []
    if value.han is not None:
        head.append(f"{value.han} han")
    if value.fu is not None:
        head.append(f"{value.fu} fu")
    if value.yakuman:
        head.append(f"yakuman x{value.yakuman}")
    if value.limit is not None:
        head.append(str(value.limit))
    payment = score.payment
    if payment.ron is not None:
        paid = f"ron {_points(payment.ron)}"
    elif payment.all is not None:
        paid = f"tsumo {_points(payment.all)} all"
    else:
        assert payment.dealer is not None and payment.non_dealer is not None
        paid = f"tsumo {_points(payment.non_dealer)}/{_points(payment.dealer)}"
    reading = " ".join(score.groups)
    return "\n".join(
        [
            "yaku:",
            *lines,
            f"reading: {reading} ({score.wait} wait)",
            f"value: {', '.join(head)}",
            f"points: {_points(score.points)} ({paid})",
        ]
    )


def run(args: argparse.Namespace) -> int:
    """Run ``score``: JSON Lines with ``--json``, else one hand from the command line."""
    if args.json:
        sys.stdout.flush()
        stdin = getattr(sys.stdin, "buffer", None)
        if stdin is None:  # a text stream put in place of stdin (a caller's StringIO)
            stdin = io.BytesIO(sys.stdin.read().encode("utf-8"))
        return _run_json(stdin, sys.stdout.buffer, args.jobs)
    try:
        hand, rules = _parse_hand(args)
        check_red_fives(hand, rules)
        score = score_hand(hand, rules)
    except ScorekeeperError as error:
        print(f"error: {error}", file=sys.stderr)
        return 1
    print(format_score(score))
    return 0
