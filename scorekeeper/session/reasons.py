"""The reasons the program itself writes into a game's log and result sheet, as stable codes.

A penalty, the end of a game and the call of a last hand carry a reason: free text a referee types ("late to the
table"), or one the program writes: an after-uma chombo's penalty (``chombo in E2``), the tournament's time limit
(``time limit``), the referee ending a game from the table's menu (``ended by the referee``). Records, stores and
the sync keep that English text as it was written (older records load unchanged); :func:`read_reason` gives the
code and fields of a reason the program wrote, so a window in another language can word it, and leaves anything
else as the text it is.
"""

from __future__ import annotations

import enum
import re
from collections.abc import Callable
from dataclasses import dataclass
from typing import assert_never

__all__ = ["Reason", "ReasonCode", "format_reason", "read_reason", "word_reason"]


class ReasonCode(enum.StrEnum):
    """A reason the program writes (stable values)."""

    CHOMBO = "chombo"  # an after-uma chombo's penalty on the final sheet (the hand named)
    TIME_LIMIT = "time_limit"  # the tournament's time limit ended the game or called its last hand
    REFEREE = "referee"  # the referee ended the game from the table's menu


@dataclass(frozen=True, slots=True, kw_only=True)
class Reason:
    """A reason as read: its code and fields when the program wrote it, and the text as stored.

    Attributes:
        text: the reason as stored (what a record keeps).
        code: the code of a reason the program wrote, or None for free text.
        hand: for a chombo, the hand's label (``E2``); else empty.
    """

    text: str
    code: ReasonCode | None = None
    hand: str = ""


_CHOMBO = re.compile(r"chombo in ([ESWN][1-9][0-9]?)")


def format_reason(code: ReasonCode, *, hand: str = "") -> str:
    """The English text a record keeps for ``code`` (``chombo in E2``); :func:`read_reason` reads it back."""
    match code:
        case ReasonCode.CHOMBO:
            return f"chombo in {hand}"
        case ReasonCode.TIME_LIMIT:
            return "time limit"
        case ReasonCode.REFEREE:
            return "ended by the referee"
        case _:
            assert_never(code)


def read_reason(text: str) -> Reason:
    """The code and fields of a reason the program wrote (:func:`format_reason`), or the text alone."""
    if text == "time limit":
        return Reason(text=text, code=ReasonCode.TIME_LIMIT)
    if text == "ended by the referee":
        return Reason(text=text, code=ReasonCode.REFEREE)
    chombo = _CHOMBO.fullmatch(text)
    if chombo is not None:
        return Reason(text=text, code=ReasonCode.CHOMBO, hand=chombo.group(1))
    return Reason(text=text)


def word_reason(text: str, translate: Callable[[str], str]) -> str:
    """``text`` for a reader: a reason the program wrote passed through ``translate`` by its English template
    (``chombo in {hand}``, ``time limit``, ``ended by the referee``: the documents' words,
    ``scorekeeper.storage.record_words``), anything else as it was typed."""
    reason = read_reason(text)
    match reason.code:
        case None:
            return text
        case ReasonCode.CHOMBO:
            return translate("chombo in {hand}").format(hand=reason.hand)
        case ReasonCode.TIME_LIMIT | ReasonCode.REFEREE:
            return translate(text)
        case _:
            assert_never(reason.code)
