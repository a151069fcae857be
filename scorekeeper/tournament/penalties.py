"""The referee's point penalties as the EMA texts list them (the penalty summary of the EMA 2025 annex, "Point
penalties"), each a kind with its amount and the section it comes from.

Every point penalty is taken "after uma is applied, thus not affecting ranking at the table", and "the points are
not added to the other players' scores" (EMA 2025 6.1.4): a tournament penalty in the standings. A free amount is
still possible (:attr:`PenaltyKind.FREE`: the referee's discretion, EMA 2025 6.1.1, 6.1.4, 7.1). Dead hands and
chombos are the table's (the game's events); a chombo at a table whose game is not entered in the program (a paper
sheet) is the referee's :attr:`PenaltyKind.CHOMBO`, the ruleset's chombo penalty after uma (20,000 under both EMA
texts), naming its error as a game's chombo does
(``scorekeeper.session.chombo_errors``). Disqualification is an action of its own
(``Tournament.with_disqualification``).
"""

from __future__ import annotations

import enum
import math
from dataclasses import dataclass
from fractions import Fraction

from scorekeeper.errors import TournamentError
from scorekeeper.session.chombo_errors import rule_text_of
from scorekeeper.session.rules import Ruleset, TableRules

__all__ = [
    "PENALTY_RULES",
    "PenaltyKind",
    "PenaltyRule",
    "chombo_points",
    "late_points",
    "penalty_rule",
    "penalty_rules",
    "valid_points",
]


class PenaltyKind(enum.StrEnum):
    """What a tournament penalty is for (stored by value)."""

    FREE = "free"
    LATE = "late"
    ALL_LAST_SHEET = "all_last_sheet"
    SCORE_SHEET = "score_sheet"
    UNSIGNED_SHEET = "unsigned_sheet"
    OBSTRUCTION = "obstruction"
    SERIOUS_OBSTRUCTION = "serious_obstruction"
    CHOMBO = "chombo"


@dataclass(frozen=True, slots=True, kw_only=True)
class PenaltyRule:
    """One kind's amount and source.

    Attributes:
        kind: the kind.
        section: where the text says it ("EMA 2025 7.2").
        reason: the reason a penalty of this kind is given with when the referee writes none.
        amounts: the points it may take (negative table points), low to high in size; empty for a free amount, or
            for lateness (:func:`late_points`).
        each_player: whether it is given to each of the four players of a table (an unfixable score sheet).
    """

    kind: PenaltyKind
    section: str
    reason: str
    amounts: tuple[int, ...] = ()
    each_player: bool = False


PENALTY_RULES: tuple[PenaltyRule, ...] = (
    PenaltyRule(kind=PenaltyKind.FREE, section="EMA 2025 6.1.4", reason="the referee's discretion"),
    PenaltyRule(
        kind=PenaltyKind.LATE,
        section="EMA 2025 7.2",
        reason="late to the session",  # "1,000 points per minute they are late, rounded up"; 10 minutes at most
    ),
    PenaltyRule(
        kind=PenaltyKind.ALL_LAST_SHEET,
        section="EMA 2025 6.10",
        reason="misfilled all-last sheet that affected the game",
        amounts=(-8000,),
    ),
    PenaltyRule(
        kind=PenaltyKind.SCORE_SHEET,
        section="EMA 2025 7.5",
        reason="score sheet mistake that cannot be fixed",
        amounts=(-2000,),
        each_player=True,
    ),
    PenaltyRule(
        kind=PenaltyKind.UNSIGNED_SHEET,
        section="EMA 2025 7.5",
        reason="score sheet not signed",
        amounts=(-2000,),
    ),
    PenaltyRule(
        kind=PenaltyKind.OBSTRUCTION,
        section="EMA 2025 6.12",
        reason="obstruction",  # "point penalties of 8,000 or 12,000 points"
        amounts=(-8000, -12000),
    ),
    PenaltyRule(
        kind=PenaltyKind.SERIOUS_OBSTRUCTION,
        section="EMA 2025 6.12",
        # "in serious or repeated cases with point penalties between 12,000 and 48,000"; serious or repeated passing
        # of information is obstruction (EMA 2025 6.11).
        reason="serious or repeated obstruction",
        amounts=tuple(-1000 * k for k in range(12, 49)),
    ),
    PenaltyRule(
        kind=PenaltyKind.CHOMBO,
        # "In a tournament, the chombo penalty is 20,000 points which are deducted from the player's overall
        # tournament score after the game is finished, and after the uma is applied" (EMA 2025 3.4.6; RCR 2016 3.4.6
        # says the same). For a table whose game is not in the program: a game's chombo is its own event. The
        # amount is the tournament's ruleset's (``chombo_points``: 20,000 under both EMA texts, 30,000 under
        # wrc2022): :func:`penalty_rules`.
        section="EMA 2025 3.4.6",
        reason="chombo",
        amounts=(-20000,),
    ),
)

#: The most minutes late that are penalized: "A player who is late by 10 minutes or less" (EMA 2025 7.2); later,
#: a substitute takes the seat and "no lateness penalty is deducted" (EMA 2025 7.3).
MAX_LATE_MINUTES = 10


def penalty_rule(kind: PenaltyKind | str) -> PenaltyRule:
    """The rule of ``kind``.

    Raises:
        TournamentError: for a kind there is none of (naming the kinds).
    """
    try:
        wanted = PenaltyKind(kind)
    except ValueError:
        known = ", ".join(k.value for k in PenaltyKind)
        raise TournamentError(f"no penalty kind {kind!r:.40}; the kinds are {known}") from None
    return next(rule for rule in PENALTY_RULES if rule.kind is wanted)


def late_points(minutes: Fraction | float | int | str) -> int:
    """The penalty for being ``minutes`` late: 1,000 points a minute, rounded up to the next minute ("a player who is
    9 minutes and 30 seconds late has a 10,000-point penalty", EMA 2025 7.2), as negative table points.

    Raises:
        TournamentError: for no lateness or more than 10 minutes (a substitute plays: EMA 2025 7.3).
    """
    try:
        late = Fraction(str(minutes)) if not isinstance(minutes, Fraction) else minutes
    except (ValueError, ZeroDivisionError):
        raise TournamentError(f"minutes late must be a number, got {minutes!r:.40}") from None
    if late <= 0:
        raise TournamentError(f"minutes late must be more than 0, got {minutes}")
    if late > MAX_LATE_MINUTES:
        raise TournamentError(
            f"{minutes} minutes late is more than {MAX_LATE_MINUTES}: a substitute takes the seat and no lateness "
            "penalty is given (EMA 2025 7.3); record the substitute instead"
        )
    return -1000 * math.ceil(late)


def chombo_points(rules: Ruleset) -> int:
    """The referee's chombo penalty under ``rules``, as negative table points: the ruleset's own chombo penalty
    (``chombo_points``), as a game's chombo after uma takes it (20,000 under RCR 2016 and EMA 2025 3.4.6)."""
    table = rules.game.table
    # A classical game's chombo is paid at the table (its own settlement); a paper game of one takes the EMA figure.
    return -table.chombo_points if isinstance(table, TableRules) else -20000


def penalty_rules(rules: Ruleset) -> tuple[PenaltyRule, ...]:
    """The catalogue as a tournament under ``rules`` gives it: the chombo at its ruleset's amount
    (:func:`chombo_points`), cited by its text's 3.4.6 (RCR 2016 or EMA 2025) or by the ruleset's name ("wrc2022",
    shown and stored as it is in any language)."""
    text = rule_text_of(rules)
    chombo = PenaltyRule(
        kind=PenaltyKind.CHOMBO,
        section=f"{text.value} 3.4.6" if text is not None else rules.name,
        reason="chombo",
        amounts=(chombo_points(rules),),
    )
    return tuple(chombo if rule.kind is PenaltyKind.CHOMBO else rule for rule in PENALTY_RULES)


def valid_points(kind: PenaltyKind, points: int) -> bool:
    """Whether ``points`` is an amount ``kind`` may take (any non-zero amount for a free penalty; for a chombo any
    penalty a ruleset's ``chombo_points`` can be, the tournament's own being :func:`chombo_points`)."""
    rule = penalty_rule(kind)
    if kind is PenaltyKind.FREE:
        return True
    if kind is PenaltyKind.CHOMBO:
        return points < 0 and points % 100 == 0 and -points <= 1_000_000
    if kind is PenaltyKind.LATE:
        return points in {-1000 * k for k in range(1, MAX_LATE_MINUTES + 1)}
    return points in rule.amounts
