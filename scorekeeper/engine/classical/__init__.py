"""The classical Chinese point-and-double family (seed 003), beside riichi on the same tiles and decomposition.

Shared with riichi: ``scorekeeper.engine.tiles`` (tiles, winds, mpsz), ``scorekeeper.engine.hand`` (melds and
the tile checks) and ``scorekeeper.engine.decomposition`` (sets and a pair). This family's own: the extra tiles
(:mod:`.extras`), its point sources and doubles (:mod:`.catalogue`), its win conditions (:mod:`.hand`), its
knobs (:mod:`.rules`), the formula (:mod:`.value`), the scorer (:mod:`.scoring`) and the JSON face
(:mod:`.jsonio`). Every assumption where the seed is silent is listed in ``docs/classical.md``.

The names below are read from their modules when first asked for (PEP 562, as in ``scorekeeper.engine``): the
session's rulesets need the classical knobs (:mod:`.rules`) for every game, the scorer only for a classical one
(issue 24: the table app's cold start).
"""

from __future__ import annotations

from scorekeeper.engine._lazy import lazy_names

TYPE_CHECKING = False  # typing.TYPE_CHECKING to mypy, without importing typing (issue 15)
if TYPE_CHECKING:
    from scorekeeper.engine.classical.catalogue import DOUBLE_COUNT, DOUBLE_DESCRIPTION, Double, PointSource
    from scorekeeper.engine.classical.extras import ExtraGroup, ExtraTile, format_extras, parse_extras
    from scorekeeper.engine.classical.hand import CLASSICAL_CONDITION_NAMES, ClassicalHand, validate_classical_hand
    from scorekeeper.engine.classical.jsonio import (
        classical_hand_from_json,
        classical_rules_from_json,
        score_json,
        score_to_json,
    )
    from scorekeeper.engine.classical.rules import (
        CLASSICAL_PRESET_NAMES,
        ClassicalRules,
        ConcealedQuartetPoints,
        PointsRounding,
        ScoringSystem,
        ValueRounding,
        classical_rules,
    )
    from scorekeeper.engine.classical.scoring import ClassicalScore, DoubleItem, PointItem, Shape, score_classical
    from scorekeeper.engine.classical.value import SLAM, cap_value, multiplier, round_points, round_value

__all__ = [
    "CLASSICAL_CONDITION_NAMES",
    "CLASSICAL_PRESET_NAMES",
    "DOUBLE_COUNT",
    "DOUBLE_DESCRIPTION",
    "SLAM",
    "ClassicalHand",
    "ClassicalRules",
    "ClassicalScore",
    "ConcealedQuartetPoints",
    "Double",
    "DoubleItem",
    "ExtraGroup",
    "ExtraTile",
    "PointItem",
    "PointSource",
    "PointsRounding",
    "ScoringSystem",
    "Shape",
    "ValueRounding",
    "cap_value",
    "classical_hand_from_json",
    "classical_rules",
    "classical_rules_from_json",
    "format_extras",
    "multiplier",
    "parse_extras",
    "round_points",
    "round_value",
    "score_classical",
    "score_json",
    "score_to_json",
    "validate_classical_hand",
]

#: The module of each public name.
_MODULES = {
    "DOUBLE_COUNT": "catalogue",
    "DOUBLE_DESCRIPTION": "catalogue",
    "Double": "catalogue",
    "PointSource": "catalogue",
    "ExtraGroup": "extras",
    "ExtraTile": "extras",
    "format_extras": "extras",
    "parse_extras": "extras",
    "CLASSICAL_CONDITION_NAMES": "hand",
    "ClassicalHand": "hand",
    "validate_classical_hand": "hand",
    "classical_hand_from_json": "jsonio",
    "classical_rules_from_json": "jsonio",
    "score_json": "jsonio",
    "score_to_json": "jsonio",
    "CLASSICAL_PRESET_NAMES": "rules",
    "ClassicalRules": "rules",
    "ConcealedQuartetPoints": "rules",
    "PointsRounding": "rules",
    "ScoringSystem": "rules",
    "ValueRounding": "rules",
    "classical_rules": "rules",
    "ClassicalScore": "scoring",
    "DoubleItem": "scoring",
    "PointItem": "scoring",
    "Shape": "scoring",
    "score_classical": "scoring",
    "SLAM": "value",
    "cap_value": "value",
    "multiplier": "value",
    "round_points": "value",
    "round_value": "value",
}


__getattr__, __dir__ = lazy_names(__name__, _MODULES, __all__, globals())
