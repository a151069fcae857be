"""The command-line face: thin, over engine, session and storage.

Each subcommand is a module here with ``add_parser(subparsers)`` and ``run(args) -> int``; this module only
dispatches. ``python -m scorekeeper`` with no subcommand starts the GUI instead (see ``scorekeeper.__main__``).

Start-up is part of the command (issue 15: ``score`` and ``waits`` start in under 0.1 s): when the first argument
names a subcommand, only that module is imported (``score`` never imports the session, storage, the classical
family or Qt); ``--help`` and a missing or unknown subcommand import them all to list them.

Every command ends quietly when its reader goes away (``scorekeeper score --json < hands | head``, issue 10): no
traceback, exit status 141 as a command killed by SIGPIPE reports it (128 + 13), so a pipeline's status reads the
same as with the standard tools. Ctrl-C ends a command with status 130, also without a traceback. Output that cannot
be written (a full disk, an I/O error, standard output closed: ``> /dev/full``, ``>&-``) is an error that says so,
with status 1, never a traceback nor a success with the answers lost; a closed standard input reads as empty.
"""

from __future__ import annotations

import argparse
import errno
import importlib
import io
import os
import sys
from collections.abc import Sequence

from scorekeeper import __version__
from scorekeeper._typing import cast

TYPE_CHECKING = False  # typing.TYPE_CHECKING to mypy, without importing typing: 3 ms of start-up (issue 15)
if TYPE_CHECKING:
    from typing import Any, Protocol

__all__ = ["EXIT_BROKEN_PIPE", "EXIT_INTERRUPTED", "SUBCOMMANDS", "build_parser", "main"]

#: The exit status when the reader of standard output went away (128 + SIGPIPE, as the shell reports it).
EXIT_BROKEN_PIPE = 141
#: The exit status after Ctrl-C (128 + SIGINT).
EXIT_INTERRUPTED = 130

#: The subcommand modules, in the order ``--help`` lists them.
SUBCOMMANDS: tuple[str, ...] = (
    "score",
    "waits",
    "replay",
    "export",
    "tournament",
    "server",
    "import",
    "stats",
    "ratings",
)
#: Subcommands whose module is not named after them (``import`` is a Python keyword).
_MODULES: dict[str, str] = {"import": "import_games"}


if TYPE_CHECKING:

    class _Subcommand(Protocol):
        def add_parser(self, subparsers: argparse._SubParsersAction[argparse.ArgumentParser]) -> None: ...

        def run(self, args: argparse.Namespace) -> int: ...


def _load(name: str) -> _Subcommand | None:
    module_name = f"scorekeeper.cli.{_MODULES.get(name, name)}"
    try:
        module = importlib.import_module(module_name)
    except ModuleNotFoundError as error:
        if error.name == module_name:
            return None
        raise
    return cast("_Subcommand", module)


def _terminal_columns() -> int:
    """The terminal's width as ``shutil.get_terminal_size`` finds it, without importing shutil (and its archivers)."""
    try:
        return int(os.environ["COLUMNS"])
    except (KeyError, ValueError):
        pass
    try:
        return os.get_terminal_size(sys.__stdout__.fileno() if sys.__stdout__ else 1).columns
    except (AttributeError, ValueError, OSError):
        return 80


class _HelpFormatter(argparse.HelpFormatter):
    """argparse's formatter, given the width so that it does not import shutil at start-up (issue 15)."""

    def __init__(self, prog: str, indent_increment: int = 2, max_help_position: int = 24, width: int | None = None):
        super().__init__(prog, indent_increment, max_help_position, _terminal_columns() - 2 if width is None else width)


class _ArgumentParser(argparse.ArgumentParser):
    """An ArgumentParser whose subcommand parsers (made as instances of this class) format help as above."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        kwargs.setdefault("formatter_class", _HelpFormatter)
        super().__init__(*args, **kwargs)


def build_parser(only: str | None = None) -> argparse.ArgumentParser:
    """The argument parser with every available subcommand, or with subcommand ``only`` alone (faster to start)."""
    parser = _ArgumentParser(
        prog="scorekeeper",
        description="Riichi mahjong score keeper. Without a subcommand, starts the table-side app.",
    )
    parser.add_argument("--version", action="version", version=f"scorekeeper {__version__}")
    # The subcommand parsers are _ArgumentParser instances; the subcommand modules see the base class.
    subparsers = cast(
        "argparse._SubParsersAction[argparse.ArgumentParser]",
        parser.add_subparsers(dest="command", metavar="COMMAND"),
    )
    for name in SUBCOMMANDS if only is None else (only,):
        module = _load(name)
        if module is not None:
            module.add_parser(subparsers)
            subparsers.choices[name].set_defaults(_run=module.run)
    return parser


def _silence_stdout() -> None:
    """Point standard output at the null device, so that the flush at exit does not fail on the closed pipe again."""
    try:
        target = sys.stdout.fileno()
    except (OSError, ValueError, AttributeError):  # stdout replaced by an object without a file (a test's capture)
        return
    try:
        null = os.open(os.devnull, os.O_WRONLY)
    except OSError:  # no null device to point at: the flush at exit reports the closed pipe, nothing worse
        return
    try:
        os.dup2(null, target)
    except OSError:  # the descriptor was closed under us: nothing left to silence
        pass
    finally:
        os.close(null)  # the copy on ``target`` stays; this one would leak (once per broken pipe in one process)


class _ClosedBinaryOutput(io.RawIOBase):
    """Standard output's bytes when its descriptor was closed before the start (``>&-``): every write fails."""

    def writable(self) -> bool:
        return True

    def write(self, data: Any) -> int:
        raise OSError(errno.EBADF, "standard output is closed")


class _ClosedOutput(io.TextIOBase):
    """Standard output closed before the start: Python leaves ``sys.stdout`` None, and ``print`` then drops every
    answer silently (status 0, nothing written) while ``sys.stdout.buffer`` fails with AttributeError. Writing to
    this fails with an OSError that :func:`main` reports; there is never anything buffered to fail again at exit."""

    def __init__(self) -> None:
        super().__init__()
        self.buffer = _ClosedBinaryOutput()

    def writable(self) -> bool:
        return True

    def write(self, text: str) -> int:
        raise OSError(errno.EBADF, "standard output is closed")


class _ShownOutput:
    """Standard output or error with the control characters a text may hold written visibly
    (``scorekeeper.session.names.escape_controls``): a stored game's name may hold an escape sequence that would
    recolour or clear the terminal, and a file name bytes that are not UTF-8, which a strict UTF-8 output refused
    with a traceback (issue 27, 5). Everything else is the wrapped stream's."""

    def __init__(self, stream: Any) -> None:
        self._stream = stream

    def write(self, text: str) -> int:
        from scorekeeper.session.names import escape_controls

        self._stream.write(escape_controls(text))
        return len(text)

    def __getattr__(self, name: str) -> Any:
        return getattr(self._stream, name)


#: The subcommands whose text passes through ``_ShownOutput``: all but the two fast paths, whose answers are JSON
#: of their own keys or tile text (a hand's text from the input is quoted inside JSON strings, escaped by JSON).
_RAW_OUTPUT = frozenset({"score", "waits"})


#: Arguments that name a file (or a database URL): any bytes the file system allows are fine there.
_PATH_ARGUMENTS = frozenset({"db"})
#: The same for one subcommand only: ``stats --tournament DB`` (elsewhere ``--tournament`` is a tournament's name).
_PATH_ARGUMENTS_OF = {"stats": frozenset({"tournament"}), "ratings": frozenset({"tournament"})}


def _undecodable_argument(args: argparse.Namespace) -> str | None:
    """The first text argument holding bytes that are not UTF-8 (``--name $'\\xff'`` from a Latin-1 terminal), as
    ``--name (byte 0xff)``, or None. Python keeps such bytes as lone surrogates, which no database, file or
    terminal takes as text: ``tournament create --name`` and ``add-player --name`` failed with a UnicodeEncodeError
    traceback when storing them."""
    exempt = _PATH_ARGUMENTS | _PATH_ARGUMENTS_OF.get(str(getattr(args, "command", "")), frozenset())
    for dest, value in vars(args).items():
        if dest in exempt or dest.startswith("_"):
            continue
        for text in value if isinstance(value, list) else [value]:
            if not isinstance(text, str):
                continue
            try:
                text.encode("utf-8")
            except UnicodeEncodeError as error:
                code = ord(text[error.start])
                byte = f"byte 0x{code - 0xDC00:02x}" if 0xDC80 <= code <= 0xDCFF else f"U+{code:04X}"
                return f"{dest.replace('_', '-')} ({byte})"
    return None


def _describe_os_error(error: OSError) -> str:
    """An OSError that reached the dispatch, in words: one naming a file says which; otherwise it is the output."""
    reason = error.strerror or str(error)
    if error.filename is not None:
        return f"{error.filename}: {reason}"
    return f"cannot write the output: {reason}"


def main(argv: Sequence[str] | None = None) -> int:
    """Run one subcommand and return its exit status."""
    args_list = list(sys.argv[1:] if argv is None else argv)
    only = args_list[0] if args_list and args_list[0] in SUBCOMMANDS else None
    if sys.stdout is None:
        sys.stdout = _ClosedOutput()
    if sys.stdin is None:  # standard input closed before the start (``<&-``): read as empty
        sys.stdin = io.TextIOWrapper(io.BytesIO(b""), encoding="utf-8")
    if only in _RAW_OUTPUT:
        return _main(args_list, only)
    stdout, stderr = sys.stdout, sys.stderr
    sys.stdout, sys.stderr = _ShownOutput(stdout), _ShownOutput(stderr)
    try:
        return _main(args_list, only)
    finally:
        sys.stdout, sys.stderr = stdout, stderr


def _main(args_list: list[str], only: str | None) -> int:
    try:
        parser = build_parser(only)
        try:
            args = parser.parse_args(args_list)
        except SystemExit:  # --help, --version or a usage error: what was printed must reach a reader, or fail here
            sys.stdout.flush()
            raise
        run = getattr(args, "_run", None)
        if run is None:
            parser.print_help(sys.stderr)
            return 2
        undecodable = _undecodable_argument(args)
        if undecodable is not None:
            sys.stderr.write(
                f"scorekeeper {only or args.command}: error: argument {undecodable} is not UTF-8 text; "
                "set the terminal to UTF-8 (LANG=...UTF-8) and type it again\n"
            )
            return 2
        status = cast("int", run(args))
        sys.stdout.flush()  # here, not at exit, so that a reader gone away is noticed inside the try
    except BrokenPipeError:
        _silence_stdout()
        return EXIT_BROKEN_PIPE
    except KeyboardInterrupt:
        return EXIT_INTERRUPTED
    except OSError as error:  # the output cannot be written: a full disk, an I/O error, a closed descriptor
        command = f"scorekeeper {only}" if only else "scorekeeper"
        sys.stderr.write(f"{command}: error: {_describe_os_error(error)}\n")
        _silence_stdout()  # what is still buffered would fail again at exit, with a traceback-like message
        return 1
    return status
