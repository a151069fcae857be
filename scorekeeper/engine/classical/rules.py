"""The classical family's knobs, as one frozen value, and its two named presets.

Source: seed 003 ("HOW TO SCORE"). Where the seed leaves a point open the preset decides and ``docs/classical.md``
gives the reason; every such decision is a knob here so a table can play its own way.
"""

from __future__ import annotations

import dataclasses
import enum
from dataclasses import dataclass
from typing import Any

from scorekeeper.engine.knobs import coerce_knob
from scorekeeper.errors import InvalidRulesetError, quote

__all__ = [
    "CLASSICAL_PRESET_NAMES",
    "ClassicalRules",
    "ConcealedQuartetPoints",
    "PointsRounding",
    "ScoringSystem",
    "ValueRounding",
    "classical_rules",
]


class ScoringSystem(enum.StrEnum):
    """The two methods of seed 003: A (points and doubles) and B (the double system alone)."""

    POINTS_AND_DOUBLES = "points_and_doubles"
    DOUBLES_ONLY = "doubles_only"


class PointsRounding(enum.StrEnum):
    """How the total of points is rounded to 10 before the doubles apply."""

    HALF_DOWN = "half_down"  # seed 003, C: "If over 5 points, rounded to the next 10": 22 -> 20, 25 -> 20, 26 -> 30
    UP = "up"  # the common Western habit: any odd points round up (22 -> 30)
    NONE = "none"


class ValueRounding(enum.StrEnum):
    """How the hand's value (points x the doubles' multiplier) is rounded."""

    NONE = "none"  # seed 003, C, first example: 20 x 32 = 640, printed unrounded
    DOWN_100 = "down_100"  # the only rule that explains the second example's "40 x 72 = 2,800"


class ConcealedQuartetPoints(enum.StrEnum):
    """Points of a concealed quartet, which seed 003's table leaves out."""

    DOUBLED = "doubled"  # 16 (2-8) / 32 (1, 9, honours): concealed is twice exposed, as for triplets in the seed
    AS_EXPOSED = "as_exposed"  # 8 / 16


@dataclass(frozen=True, slots=True, kw_only=True)
class ClassicalRules:
    """The knobs that decide a classical hand's value.

    Attributes:
        name: the preset this came from (``custom`` once overridden).
        system: points and doubles, or the double system alone (seed 003, A and B).
        unit: the fixed unit of the double system alone, multiplied by the doubles (seed 003, B gives none).
        limit: the most a hand is worth, or None for no limit (seed 003, C: "such as 1,000").
        slam: count six doubles as a slam, each double beyond six adding 2^(n-6) (seed 003, C); without it a
            hand is worth 2^n for every n.
        points_rounding: how the points are rounded to 10.
        value_rounding: how the value is rounded.
        concealed_quartet: points of a concealed quartet.
        extra_tiles: whether seasons and plants are in play (seed 003: "If extra tiles are used").
        seven_pairs_four_of_a_kind: four of a kind may count as two of the seven pairs.
    """

    name: str
    system: ScoringSystem = ScoringSystem.POINTS_AND_DOUBLES
    unit: int = 10
    limit: int | None = None
    slam: bool = True
    points_rounding: PointsRounding = PointsRounding.HALF_DOWN
    value_rounding: ValueRounding = ValueRounding.NONE
    concealed_quartet: ConcealedQuartetPoints = ConcealedQuartetPoints.DOUBLED
    extra_tiles: bool = True
    seven_pairs_four_of_a_kind: bool = False

    def __post_init__(self) -> None:
        if type(self.unit) is not int or self.unit < 1:
            raise InvalidRulesetError(f"unit must be a positive whole number, got {quote(self.unit)}")
        if self.limit is not None and (type(self.limit) is not int or self.limit < 1):
            raise InvalidRulesetError(f"limit must be a positive whole number or null, got {quote(self.limit)}")

    def with_overrides(self, overrides: dict[str, Any]) -> ClassicalRules:
        """A copy with some knobs changed, named ``custom``.

        Raises:
            InvalidRulesetError: for an unknown knob or a value of the wrong type.
        """
        fields = {f.name for f in dataclasses.fields(self)}
        changes: dict[str, Any] = {}
        for key, value in overrides.items():
            if key == "name" or key not in fields:
                known = ", ".join(sorted(fields - {"name"}))
                raise InvalidRulesetError(f"unknown classical knob {quote(key)}; knobs are {known}")
            # The limit may be off (null): its preset value does not say it takes a whole number.
            changes[key] = coerce_knob(key, getattr(self, key), value, or_none=int if key == "limit" else None)
        return dataclasses.replace(self, name="custom", **changes)


_PRESETS: dict[str, ClassicalRules] = {
    # Seed 003, A: the point and double system; no limit by default, because the seed's own second example
    # (2,880) goes past the "such as 1,000" it mentions.
    "classical": ClassicalRules(name="classical"),
    # Seed 003, B: the double system alone, unit x 2^doubles with the same slam rule ("For limitations in
    # calculating doubles, see the next Section").
    "classical-doubles": ClassicalRules(name="classical-doubles", system=ScoringSystem.DOUBLES_ONLY),
}

CLASSICAL_PRESET_NAMES: tuple[str, ...] = tuple(_PRESETS)


def classical_rules(name: str, overrides: dict[str, Any] | None = None) -> ClassicalRules:
    """The rules of a named classical preset, optionally with overrides (the result is named ``custom``).

    Raises:
        InvalidRulesetError: for an unknown preset or knob.
    """
    try:
        rules = _PRESETS[name]
    except KeyError:
        known = ", ".join(CLASSICAL_PRESET_NAMES)
        raise InvalidRulesetError(f"unknown classical ruleset {quote(name)}; known: {known}") from None
    return rules.with_overrides(overrides) if overrides else rules
