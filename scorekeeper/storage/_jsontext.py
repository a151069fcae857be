"""Careful JSON: canonical text out, bounded and strict parsing in.

Everything storage reads may come from a damaged or hostile file, so parsing never crashes: too-long text, too-deep
nesting, numbers with thousands of digits, NaN and Infinity all become one :class:`ValueError` subclass that the
caller turns into a ``SaveFileError`` naming the file.
"""

from __future__ import annotations

import json
from typing import Any

__all__ = ["JsonTextError", "dump_json", "load_json"]

#: NaN and Infinity are not JSON (RFC 8259, section 6); Python's json module accepts them unless told otherwise.
_NON_JSON_CONSTANTS = ("NaN", "Infinity", "-Infinity")
_BYTE_ORDER_MARK = "\ufeff"


class JsonTextError(ValueError):
    """Text that is not acceptable JSON; the message says why."""


def dump_json(value: object, *, indent: int | None = None) -> str:
    """Canonical JSON text: sorted keys, no NaN, UTF-8 characters kept, compact unless ``indent`` is given."""
    separators = (",", ":") if indent is None else (",", ": ")
    return json.dumps(value, sort_keys=True, separators=separators, ensure_ascii=False, allow_nan=False, indent=indent)


def _reject_constant(name: str) -> Any:
    raise JsonTextError(f"{name} is not a JSON number")


#: One decoder for every read: ``json.loads`` with a hook builds a new one per call, a third of the time of reading
#: a game list's rows (benchmarks/bench_big_database.py).
_DECODER = json.JSONDecoder(parse_constant=_reject_constant)


def load_json(text: str | bytes, *, max_chars: int) -> Any:
    """Parse JSON text of at most ``max_chars`` characters; a leading byte order mark is ignored.

    RFC 8259 8.1 lets a parser ignore a byte order mark "in the interests of interoperability": Windows Notepad
    (before 2019) saved UTF-8 with one, and a game record edited there was refused as "Unexpected UTF-8 BOM".

    Raises:
        JsonTextError: for text that is too long, not JSON, nested too deeply, or holds a number too long to read.
    """
    if len(text) > max_chars:
        raise JsonTextError(f"{len(text):,} characters is more than the {max_chars:,} allowed")
    if isinstance(text, bytes):
        try:
            text = text.decode("utf-8")
        except UnicodeDecodeError as error:
            raise JsonTextError(f"not UTF-8 text ({error.reason} at byte {error.start})") from None
    text = text.removeprefix(_BYTE_ORDER_MARK)
    try:
        return _DECODER.decode(text)
    except RecursionError:
        raise JsonTextError("nested too deeply") from None
    except JsonTextError:
        raise
    except json.JSONDecodeError as error:
        raise JsonTextError(f"not JSON ({error.msg} at line {error.lineno} column {error.colno})") from None
    except ValueError as error:
        # int() refuses numbers of more than 4300 digits (CPython's int_max_str_digits).
        raise JsonTextError(f"unreadable value ({error})") from None
