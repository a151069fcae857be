"""The classical family's table knobs and its pair of rules (hand and table) for a game; pure values.

Seed 003 values a hand but is silent on everything a table needs around it (who pays, the deal, the start and the
end); every default below is a knob, and docs/classical.md gives the reasons. Kept apart from
:mod:`scorekeeper.session.classical` (the settlement) so that :mod:`scorekeeper.session.rules` can name the family's
rules without importing the settlement code that itself uses the riichi ruleset's transfer types.
"""

from __future__ import annotations

import dataclasses
import enum
from dataclasses import dataclass
from typing import Any

from scorekeeper.engine.classical import CLASSICAL_PRESET_NAMES, ClassicalRules, classical_rules
from scorekeeper.engine.knobs import coerce_knob
from scorekeeper.errors import InvalidRulesetError

__all__ = [
    "CLASSICAL_PRESET_NAMES",
    "ClassicalGameRules",
    "ClassicalTableRules",
    "LoserSettlement",
    "classical_game_rules",
]

#: The largest start score or uma accepted (far above any table's chips); keeps hostile records out.
_MAX_POINTS = 10_000_000


class LoserSettlement(enum.StrEnum):
    """Whether only the winner is paid, or the losers also settle their hands among themselves."""

    WINNER_ONLY = "winner_only"  # our default: the seed names no settlement between losers
    LOSERS_SETTLE = "losers_settle"  # the older Western habit: every pair of losers settles the difference


@dataclass(frozen=True, slots=True, kw_only=True)
class ClassicalTableRules:
    """The table knobs of the classical family (seed 003 is silent on all of them; docs/classical.md).

    Attributes:
        losers: winner only, or the losers also settle among themselves.
        east_double: East pays and receives double.
        cap_east_double: a doubled payment is capped at the hand rules' limit (when it has one).
        dealer_repeats_on_win: East keeps the deal after winning.
        dealer_repeats_on_draw: East keeps the deal after a draw.
        rounds: how many round winds a game lasts (4: East, South, West, North).
        start_points: each player's score at the start (a home table's chips; the final points are the change
            from it, so it only sets where the scores start).
        uma: table points added by final place (1st..4th), summing to zero; none by default (the family pays
            hand by hand; a placement bonus is a tournament habit, not the seed's).
    """

    losers: LoserSettlement = LoserSettlement.WINNER_ONLY
    east_double: bool = True
    cap_east_double: bool = False
    dealer_repeats_on_win: bool = True
    dealer_repeats_on_draw: bool = True
    rounds: int = 4
    start_points: int = 2000
    uma: tuple[int, int, int, int] = (0, 0, 0, 0)

    def __post_init__(self) -> None:
        object.__setattr__(self, "losers", LoserSettlement(self.losers))
        object.__setattr__(self, "uma", tuple(self.uma))
        if type(self.rounds) is not int or not 1 <= self.rounds <= 4:
            raise InvalidRulesetError(f"rounds must be 1 to 4 round winds, got {self.rounds!r}")
        if type(self.start_points) is not int or not 0 <= self.start_points <= _MAX_POINTS:
            raise InvalidRulesetError(
                f"start_points must be a whole number from 0 to {_MAX_POINTS}, got {self.start_points!r}"
            )
        if (
            len(self.uma) != 4
            or not all(type(u) is int and abs(u) <= _MAX_POINTS for u in self.uma)
            or sum(self.uma) != 0
            or list(self.uma) != sorted(self.uma, reverse=True)
        ):
            raise InvalidRulesetError(
                f"uma must be four whole numbers of table points (1st..4th), not rising, summing to 0, got {self.uma!r}"
            )


@dataclass(frozen=True, slots=True, kw_only=True)
class ClassicalGameRules:
    """A classical game's rules: how a hand is valued (engine) and how the table settles it (session).

    Attributes:
        hand: the hand knobs (``scorekeeper.engine.classical.ClassicalRules``).
        table: the table knobs.
    """

    hand: ClassicalRules
    table: ClassicalTableRules

    @property
    def name(self) -> str:
        """The preset's name (``custom`` once a hand knob was overridden)."""
        return self.hand.name


_TABLE_KNOBS = frozenset(f.name for f in dataclasses.fields(ClassicalTableRules))
_HAND_KNOBS = frozenset(f.name for f in dataclasses.fields(ClassicalRules)) - {"name"}


def classical_game_rules(name: str, overrides: dict[str, Any] | None = None) -> ClassicalGameRules:
    """The rules of a classical preset (``classical``, ``classical-doubles``), with hand and table overrides mixed.

    Raises:
        InvalidRulesetError: for an unknown preset or knob, or a bad value.
    """
    overrides = dict(overrides or {})
    for knob in overrides:
        if not isinstance(knob, str) or knob not in _HAND_KNOBS | _TABLE_KNOBS:
            known = ", ".join(sorted(_HAND_KNOBS | _TABLE_KNOBS))
            raise InvalidRulesetError(f"unknown classical knob {knob!r}; knobs are {known}")
    hand = classical_rules(name, {k: v for k, v in overrides.items() if k in _HAND_KNOBS} or None)
    if overrides:
        # Any override makes the game's rules "custom" (as for riichi), even one of the table's.
        hand = dataclasses.replace(hand, name="custom")
    defaults = ClassicalTableRules()
    changes: dict[str, Any] = {
        k: coerce_knob(k, getattr(defaults, k), v) for k, v in overrides.items() if k in _TABLE_KNOBS
    }
    table = dataclasses.replace(defaults, **changes)
    return ClassicalGameRules(hand=hand, table=table)
