"""Which error a chombo was for: the errors the EMA texts punish with a chombo, each with its section.

A chombo (``scorekeeper.session.events.Chombo``) may name its error, a :class:`ChomboError`. The kinds are the
chombo column of the EMA 2025 annex's penalty summary ("Penalties": Chombo), each cited by the section of chapter 6
that gives it, and RCR 2016's list of "offences subject to chombo penalty" (3.4.6) with the chombo its 5.2 gives
for exposed tiles. One kind is the same error in both texts where both name it; a kind one text does not name has
no section there (:func:`chombo_section` gives None).

Which text a game's chombo is cited by is its ruleset's preset (:func:`rule_text_of`): ``ema2016`` is RCR 2016,
``ema2025`` is EMA 2025 (overrides keep the preset's text); other rulesets cite none, and offer every kind.
"""

from __future__ import annotations

import enum
from dataclasses import dataclass
from typing import TYPE_CHECKING

from scorekeeper.errors import IllegalActionError

if TYPE_CHECKING:  # the rules module imports the events, which import this one
    from scorekeeper.session.rules import Ruleset

__all__ = [
    "CHOMBO_ERROR_RULES",
    "ChomboError",
    "ChomboErrorRule",
    "RuleText",
    "chombo_choices",
    "chombo_citation",
    "chombo_error_words",
    "chombo_errors",
    "chombo_section",
    "parse_chombo_error",
    "rule_text_of",
]


class RuleText(enum.StrEnum):
    """A rule text a game's chombo is cited by (the value is how a citation begins: "EMA 2025 6.8")."""

    RCR2016 = "RCR 2016"  # EMA Riichi Competition Rules, 2016 edition (ema2016)
    EMA2025 = "EMA 2025"  # EMA Rules for Japanese Mahjong, 2025 edition, version 1.1 (ema2025)


class ChomboError(enum.StrEnum):
    """An error a text punishes with a chombo (stored by value in a chombo event's ``"error"``), annex order."""

    TOO_MANY_TILES_EXPOSED = "too_many_tiles_exposed"
    DEAD_WALL_DRAW = "dead_wall_draw"
    DRAW_FROM_OPPONENT = "draw_from_opponent"
    INVALID_WIN = "invalid_win"
    CALL_WITH_DEAD_HAND = "call_with_dead_hand"
    RIICHI_WITH_DEAD_HAND = "riichi_with_dead_hand"
    NOTEN_RIICHI = "noten_riichi"
    INVALID_QUAD_AFTER_RIICHI = "invalid_quad_after_riichi"
    DISCARD_AFTER_RIICHI = "discard_after_riichi"
    CALL_AFTER_RIICHI = "call_after_riichi"
    PLAY_CANNOT_CONTINUE = "play_cannot_continue"


@dataclass(frozen=True, slots=True, kw_only=True)
class ChomboErrorRule:
    """One error: the English words a reason and a record keep, and its section in each text that names it.

    Attributes:
        error: the kind.
        words: the English words ("invalid win shown"): stable, since a chombo penalty's reason is parsed back
            by them (``scorekeeper.session.reasons``).
        rcr2016: its section of RCR 2016, or "" when that text does not name it.
        ema2025: its section of EMA 2025, or "" when that text does not name it.
    """

    error: ChomboError
    words: str
    rcr2016: str = ""
    ema2025: str = ""


#: Every kind, in the annex's order (setup and drawing; calls and wins; riichi; play cannot continue).
CHOMBO_ERROR_RULES: tuple[ChomboErrorRule, ...] = (
    # EMA 2025 6.2: "If the play cannot continue, the offending player is punished with a chombo"; RCR 2016 5.2:
    # "If the game cannot continue, the offending player receives a chombo penalty".
    ChomboErrorRule(
        error=ChomboError.TOO_MANY_TILES_EXPOSED, words="too many tiles exposed", rcr2016="5.2", ema2025="6.2"
    ),
    # EMA 2025 6.4.1: "Drawing a tile from the wrong part of the dead wall is punished with a chombo if the tile cannot
    # be placed back where it came from" (RCR 2016 5.2.1: "In either case there is no penalty").
    ChomboErrorRule(error=ChomboError.DEAD_WALL_DRAW, words="drew from the dead wall", ema2025="6.4.1"),
    # EMA 2025 6.4.2: "Drawing a tile from an opponent's hand is punished with a chombo unless the player is stopped".
    ChomboErrorRule(error=ChomboError.DRAW_FROM_OPPONENT, words="drew from an opponent's hand", ema2025="6.4.2"),
    # EMA 2025 6.8: "A player who invalidly declares a win and reveals their tiles is punished with a chombo";
    # RCR 2016 3.4.6: "Invalidly declaring a win and showing the tiles".
    ChomboErrorRule(error=ChomboError.INVALID_WIN, words="invalid win shown", rcr2016="3.4.6", ema2025="6.8"),
    # EMA 2025 6.9: "attempts to call "tsumo", "ron", ... "chii", "pon" or "kan" with a previously declared dead
    # hand"; RCR 2016 3.4.6: "Attempting to claim a tile after the hand has been declared a dead hand".
    ChomboErrorRule(
        error=ChomboError.CALL_WITH_DEAD_HAND, words="call or win with a dead hand", rcr2016="3.4.6", ema2025="6.9"
    ),
    # EMA 2025 6.9 ("riichi" with a previously declared dead hand); RCR 2016's dead hand (3.4.7) names no riichi.
    ChomboErrorRule(error=ChomboError.RIICHI_WITH_DEAD_HAND, words="riichi with a dead hand", ema2025="6.9"),
    # EMA 2025 6.6.2: "punished with a chombo in case of an exhaustive draw"; RCR 2016 3.4.6: "Declaring riichi on
    # a hand that is not waiting. This is determined only in case of a drawn game".
    ChomboErrorRule(error=ChomboError.NOTEN_RIICHI, words="riichi on a noten hand", rcr2016="3.4.6", ema2025="6.6.2"),
    # EMA 2025 6.7.1: "punished with a chombo if they declare a win, or in case of an exhaustive draw"; RCR 2016
    # 3.4.6: "Making an invalid concealed kong after declaring riichi".
    ChomboErrorRule(
        error=ChomboError.INVALID_QUAD_AFTER_RIICHI,
        words="invalid quad after riichi",
        rcr2016="3.4.6",
        ema2025="6.7.1",
    ),
    # EMA 2025 6.7.3: "discards a tile other than the drawn tile ... punished with a chombo".
    ChomboErrorRule(
        error=ChomboError.DISCARD_AFTER_RIICHI, words="discard from the hand after riichi", ema2025="6.7.3"
    ),
    # EMA 2025 6.7.4: "Once the player has discarded a tile or drawn a replacement tile, the mistake cannot be
    # corrected and the player is punished with a chombo".
    ChomboErrorRule(error=ChomboError.CALL_AFTER_RIICHI, words="call for a set after riichi", ema2025="6.7.4"),
    # EMA 2025 6.1.3: "Unfixable errors that prevent the play from continuing fairly are punished with a chombo";
    # RCR 2016 3.4.6: "Play cannot continue due to a mistake of a player".
    ChomboErrorRule(
        error=ChomboError.PLAY_CANNOT_CONTINUE, words="play cannot continue", rcr2016="3.4.6", ema2025="6.1.3"
    ),
)

_RULES = {rule.error: rule for rule in CHOMBO_ERROR_RULES}
_BY_VALUE = {error.value: error for error in ChomboError}
assert tuple(_RULES) == tuple(ChomboError), "the rules list the kinds in the enum's order"
assert set(_RULES) == set(ChomboError), "every kind has its rule"


def parse_chombo_error(value: object) -> ChomboError:
    """The kind stored as ``value`` (``"invalid_win"``).

    Raises:
        IllegalActionError: for anything else, naming the kinds.
    """
    if isinstance(value, str) and value in _BY_VALUE:
        return _BY_VALUE[value]
    known = ", ".join(e.value for e in ChomboError)
    raise IllegalActionError(f"unknown chombo error {value!r:.40}; known: {known}")


def chombo_error_words(error: ChomboError) -> str:
    """The English words of ``error`` ("invalid win shown")."""
    return _RULES[error].words


def chombo_section(error: ChomboError, text: RuleText) -> str | None:
    """The section of ``text`` that punishes ``error`` with a chombo ("6.8"), or None when it names no such error."""
    rule = _RULES[error]
    section = rule.rcr2016 if text is RuleText.RCR2016 else rule.ema2025
    return section or None


def chombo_errors(text: RuleText | None) -> tuple[ChomboError, ...]:
    """The kinds ``text`` names, in the annex's order; every kind for a game that follows no text."""
    if text is None:
        return tuple(rule.error for rule in CHOMBO_ERROR_RULES)
    return tuple(rule.error for rule in CHOMBO_ERROR_RULES if chombo_section(rule.error, text) is not None)


def rule_text_of(rules: Ruleset) -> RuleText | None:
    """The text a game under ``rules`` cites its chombos by: its preset's (``ema2016``, ``ema2025``), else None."""
    return {"ema2016": RuleText.RCR2016, "ema2025": RuleText.EMA2025}.get(rules.preset)


def chombo_citation(error: ChomboError, rules: Ruleset) -> str:
    """Where the game's text punishes ``error`` ("EMA 2025 6.8"), or "" when it follows no text or names no such
    error."""
    text = rule_text_of(rules)
    section = None if text is None else chombo_section(error, text)
    return "" if text is None or section is None else f"{text.value} {section}"


def chombo_choices(rules: Ruleset) -> tuple[tuple[ChomboError, str], ...]:
    """The kinds a table under ``rules`` chooses from, each with its citation (:func:`chombo_citation`)."""
    return tuple((error, chombo_citation(error, rules)) for error in chombo_errors(rule_text_of(rules)))
