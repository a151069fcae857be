"""The reasons the program itself writes into a game's log and result sheet, as stable codes.

A penalty, the end of a game and the call of a last hand carry a reason: free text a referee types ("late to the
table"), or one the program writes: an after-uma chombo's penalty (``chombo in E2``; with its error when the table
said which, ``chombo in E2 (invalid win shown, EMA 2025 6.8)``; a referee's chombo given outside a game's log names
no hand, ``chombo (invalid win shown, EMA 2025 6.8)``), the tournament's time limit (``time limit``), the referee
ending a game from the table's menu (``ended by the referee``). Records, stores and the sync keep that English text
as it was written (older records load unchanged); :func:`read_reason` gives the code and fields of a reason the
program wrote, so a window in another language can word it, and leaves anything
else as the text it is.
"""

from __future__ import annotations

import enum
import re
from collections.abc import Callable
from dataclasses import dataclass
from typing import assert_never

from scorekeeper.session.chombo_errors import CHOMBO_ERROR_RULES, ChomboError, chombo_error_words

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
        hand: for a chombo, the hand's label (``E2``); empty for any other reason, and for a referee's chombo given
            outside a game's log.
        error: for a chombo, which error it was when said; else None.
        cited: for a chombo's error, where its text punishes it (``EMA 2025 6.8``), or empty.
    """

    text: str
    code: ReasonCode | None = None
    hand: str = ""
    error: ChomboError | None = None
    cited: str = ""


_WORDS = {rule.words: rule.error for rule in CHOMBO_ERROR_RULES}
# "chombo in E2", "chombo in E2 (invalid win shown)", "chombo in E2 (invalid win shown, EMA 2025 6.8)", and the
# same without " in E2" (a referee's chombo outside a log) when the error is said.
_CHOMBO = re.compile(
    r"chombo(?: in (?P<hand>[ESWN][1-9][0-9]?))?"
    r"(?: \((?P<words>" + "|".join(re.escape(words) for words in _WORDS) + r")"
    r"(?:, (?P<cited>(?:RCR 2016|EMA 2025) [1-9][0-9]?(?:\.[1-9][0-9]?){0,3}))?\))?"
)


def format_reason(code: ReasonCode, *, hand: str = "", error: ChomboError | None = None, cited: str = "") -> str:
    """The English text a record keeps for ``code`` (``chombo in E2``, ``chombo in E2 (invalid win shown, EMA 2025
    6.8)``); :func:`read_reason` reads it back. ``error`` and ``cited`` are a chombo's only."""
    match code:
        case ReasonCode.CHOMBO:
            text = f"chombo in {hand}" if hand else "chombo"
            if error is not None:
                said = chombo_error_words(error)
                text += f" ({said}, {cited})" if cited else f" ({said})"
            return text
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
    if chombo is not None and (chombo["hand"] or chombo["words"]):
        words = chombo["words"]
        return Reason(
            text=text,
            code=ReasonCode.CHOMBO,
            hand=chombo["hand"] or "",
            error=None if words is None else _WORDS[words],
            cited=chombo["cited"] or "",
        )
    return Reason(text=text)


def word_reason(text: str, translate: Callable[[str], str]) -> str:
    """``text`` for a reader: a reason the program wrote passed through ``translate`` by its English template
    (``chombo in {hand}``, ``time limit``, ``ended by the referee``: the documents' words,
    ``scorekeeper.storage.record_words``; a chombo's error by its words, the citation as written), anything else
    as it was typed."""
    reason = read_reason(text)
    match reason.code:
        case None:
            return text
        case ReasonCode.CHOMBO:
            worded = translate("chombo in {hand}").format(hand=reason.hand) if reason.hand else translate("chombo")
            if reason.error is not None:
                said = translate(chombo_error_words(reason.error))
                worded += f" ({said}, {reason.cited})" if reason.cited else f" ({said})"
            return worded
        case ReasonCode.TIME_LIMIT | ReasonCode.REFEREE:
            return translate(text)
        case _:
            assert_never(reason.code)
