"""The words of the two Tiles pages (``hand_entry.py``, ``classical_entry.py``): targets, hints, win conditions,
fu reasons, the classical family's point sources and doubles, and its breakdown. Words only: the rules are the
engine's and the draft's (``scorekeeper.session.draft``).
"""

from __future__ import annotations

from PySide6.QtCore import QCoreApplication

from scorekeeper.engine.classical import ClassicalScore, Double, PointSource
from scorekeeper.engine.fu import FuReason
from scorekeeper.session.draft import EntryTarget

__all__ = [
    "classical_breakdown",
    "condition_name",
    "double_name",
    "fu_reason_name",
    "group",
    "point_name",
    "target_hint",
    "target_label",
]

_CONTEXT = "EntryWords"


def _t(text: str) -> str:
    return QCoreApplication.translate(_CONTEXT, text)


def target_label(target: EntryTarget, *, classical: bool) -> str:
    """The caption of a target's button, in the family's words (chi/pon/kan or chow/pung/kong)."""
    if classical:
        return {
            EntryTarget.HAND: _t("Hand"),
            EntryTarget.WIN: _t("Winning tile"),
            EntryTarget.CHOW: _t("Chow"),
            EntryTarget.PUNG: _t("Pung"),
            EntryTarget.EXPOSED_KONG: _t("Exposed kong"),
            EntryTarget.CONCEALED_KONG: _t("Concealed kong"),
        }[target]
    return {
        EntryTarget.HAND: _t("Hand"),
        EntryTarget.WIN: _t("Winning tile"),
        EntryTarget.DORA: _t("Dora indicator"),
        EntryTarget.URA: _t("Ura indicator"),
        EntryTarget.CHI: _t("Chi"),
        EntryTarget.PON: _t("Pon"),
        EntryTarget.MINKAN: _t("Open kan"),
        EntryTarget.ANKAN: _t("Closed kan"),
        EntryTarget.SHOUMINKAN: _t("Added kan"),
    }[target]


def target_hint(target: EntryTarget, *, classical: bool, pending: int) -> str:
    """What a tap does now, in the family's words (``pending``: tiles of the chi or chow tapped so far)."""
    if classical:
        return {
            EntryTarget.HAND: _t(
                "Tap tiles to add them to the hand (the 14th is the winning tile); tap one in the hand to remove it."
            ),
            EntryTarget.WIN: _t("Tap the winning tile (in the picker or in the hand)."),
            EntryTarget.CHOW: _t("Tap the three tiles of the chow."),
            EntryTarget.PUNG: _t("Tap the tile of the pung."),
            EntryTarget.EXPOSED_KONG: _t("Tap the tile of the exposed kong."),
            EntryTarget.CONCEALED_KONG: _t("Tap the tile of the concealed kong."),
        }[target]
    return {
        EntryTarget.HAND: _t("Tap tiles to add them to the hand; tap a tile in the hand to remove it."),
        EntryTarget.WIN: _t("Tap the winning tile (in the picker or in the hand)."),
        EntryTarget.DORA: _t("Tap the dora indicators (kan dora too)."),
        EntryTarget.URA: _t("Tap the ura dora indicators."),
        EntryTarget.CHI: _t("Tap the three tiles of the chi ({n} of 3).").format(n=pending),
        EntryTarget.PON: _t("Tap the tile of the pon (a red five if it holds one)."),
        EntryTarget.MINKAN: _t("Tap the tile of the open kan."),
        EntryTarget.ANKAN: _t("Tap the tile of the closed kan."),
        EntryTarget.SHOUMINKAN: _t("Tap the tile of the added kan."),
    }[target]


def fu_reason_name(reason: FuReason) -> str:
    names = {
        FuReason.BASE: _t("base"),
        FuReason.CHIITOITSU: _t("seven pairs"),
        FuReason.CLOSED_RON: _t("closed ron"),
        FuReason.TSUMO: _t("tsumo"),
        FuReason.EDGE_WAIT: _t("edge wait"),
        FuReason.CLOSED_WAIT: _t("closed wait"),
        FuReason.PAIR_WAIT: _t("pair wait"),
        FuReason.OPEN_PINFU: _t("open pinfu"),
        FuReason.OPEN_TRIPLET_SIMPLE: _t("open triplet of simples"),
        FuReason.OPEN_TRIPLET_TERMINAL_OR_HONOR: _t("open triplet of terminals or honours"),
        FuReason.CLOSED_TRIPLET_SIMPLE: _t("closed triplet of simples"),
        FuReason.CLOSED_TRIPLET_TERMINAL_OR_HONOR: _t("closed triplet of terminals or honours"),
        FuReason.OPEN_KAN_SIMPLE: _t("open kan of simples"),
        FuReason.OPEN_KAN_TERMINAL_OR_HONOR: _t("open kan of terminals or honours"),
        FuReason.CLOSED_KAN_SIMPLE: _t("closed kan of simples"),
        FuReason.CLOSED_KAN_TERMINAL_OR_HONOR: _t("closed kan of terminals or honours"),
        FuReason.DRAGON_PAIR: _t("dragon pair"),
        FuReason.SEAT_WIND_PAIR: _t("seat wind pair"),
        FuReason.ROUND_WIND_PAIR: _t("round wind pair"),
        FuReason.DOUBLE_WIND_PAIR: _t("double wind pair"),
    }
    return names.get(reason, reason.value)


def condition_name(name: str) -> str:
    """A win condition's words, riichi's (``WinCondition``) or the classical family's (seed 003)."""
    names = {
        "riichi": _t("Riichi"),
        "double_riichi": _t("Double riichi"),
        "ippatsu": _t("Ippatsu"),
        "haitei": _t("Haitei (last tile drawn)"),
        "houtei": _t("Houtei (last discard)"),
        "rinshan": _t("Rinshan (kan replacement tile)"),
        "chankan": _t("Chankan (robbing a kan)"),
        "tenhou": _t("Tenhou"),
        "chiihou": _t("Chiihou"),
        "renhou": _t("Renhou"),
        "last_tile_of_wall": _t("Last tile of the wall"),
        "replacement_tile": _t("Replacement tile after a kong"),
        "robbing_the_kong": _t("Robbing the kong"),
        "heavenly_hand": _t("Heavenly hand"),
        "one_chance": _t("One chance (only one tile could win)"),
        "last_tile_of_kind": _t("Last tile of its kind"),
    }
    return names[name]


def point_name(source: PointSource) -> str:
    names = {
        PointSource.EXPOSED_TRIPLET: _t("Exposed triplet"),
        PointSource.CONCEALED_TRIPLET: _t("Concealed triplet"),
        PointSource.EXPOSED_QUARTET: _t("Exposed quartet"),
        PointSource.CONCEALED_QUARTET: _t("Concealed quartet"),
        PointSource.HONOR_PAIR: _t("Pair of honours"),
        PointSource.SEAT_WIND_PAIR: _t("Pair of the seat wind"),
        PointSource.ROUND_WIND_PAIR: _t("Pair of the round wind"),
        PointSource.DOUBLE_WIND_PAIR: _t("Pair of the double wind"),
        PointSource.EXTRA_TILE: _t("Extra tile"),
        PointSource.SEAT_EXTRA_TILE: _t("Extra tile of the seat"),
        PointSource.ROUND_EXTRA_TILE: _t("Extra tile of the round"),
        PointSource.DOUBLE_EXTRA_TILE: _t("Extra tile of seat and round"),
        PointSource.COMPLETING: _t("Completing the game"),
        PointSource.MAKING_A_PAIR: _t("Winning tile makes the pair"),
        PointSource.ONE_CHANCE_WAIT: _t("One-chance wait"),
        PointSource.SELF_DRAWING: _t("Self-drawing"),
        PointSource.UNIT: _t("Unit (double system alone)"),
    }
    return names[source]


def double_name(double: Double) -> str:
    """A short name for each double of seed 003, A.2 (its own words and section follow it in the breakdown)."""
    names = {
        Double.ALL_SEQUENCES: _t("All sequences"),
        Double.TWO_SUITS: _t("Two suits"),
        Double.MIXED_STRAIGHT: _t("Mixed straight"),
        Double.FOUR_IN_TRIPLET_AND_SEQUENCE: _t("Four of a number in a triplet and a sequence"),
        Double.OUTSIDE_HAND: _t("Outside hand"),
        Double.ALL_SIMPLES: _t("All simples"),
        Double.TWIN: _t("Twin"),
        Double.YOUNG_AND_OLD: _t("Young and old"),
        Double.THREE_COUSINS: _t("Three cousins"),
        Double.CONCEALED_HAND: _t("Concealed hand"),
        Double.SEAT_WIND: _t("Seat wind"),
        Double.ROUND_WIND: _t("Round wind"),
        Double.DRAGON_SET: _t("Dragon set"),
        Double.LAST_TILE_OF_WALL: _t("Last tile of the wall"),
        Double.ONE_CHANCE: _t("One chance"),
        Double.LAST_TILE_OF_KIND: _t("Last tile of its kind"),
        Double.REPLACEMENT_TILE: _t("Replacement tile"),
        Double.PAIR_258: _t("Pair of 2, 5 or 8"),
        Double.ROBBING_THE_KONG: _t("Robbing the kong"),
        Double.SELF_DRAWING: _t("Self-drawing"),
        Double.SEAT_EXTRA_TILE: _t("Seat season or plant"),
        Double.ROUND_EXTRA_TILE: _t("Round season or plant"),
        Double.ALL_TRIPLETS: _t("All triplets"),
        Double.PURE_STRAIGHT: _t("Pure straight"),
        Double.HALF_FLUSH: _t("Half flush"),
        Double.UNRELATED_TILES: _t("Unrelated tiles"),
        Double.DOUBLE_WIND: _t("Double wind"),
        Double.THREE_CONCEALED_TRIPLETS: _t("Three concealed triplets"),
        Double.TWO_CONCEALED_QUARTETS: _t("Two concealed quartets"),
        Double.ALL_FROM_DISCARDS: _t("All from discards"),
        Double.ALL_SELF_DRAWN: _t("All self-drawn"),
        Double.DOUBLE_EXTRA_TILE: _t("Double season or plant"),
        Double.FOUR_IN_TWO_SEQUENCES_AND_PAIR: _t("Four of a number in two sequences and the pair"),
        Double.SEVEN_PAIRS: _t("Seven pairs"),
        Double.TERMINALS_IN_ALL: _t("Terminals in all"),
        Double.FIVE_KINDS: _t("Five kinds"),
        Double.ALL_ABOVE_FIVE: _t("All above five"),
        Double.ALL_BELOW_FIVE: _t("All below five"),
        Double.FOUR_CONCEALED_TRIPLETS: _t("Four concealed triplets"),
        Double.THREE_CONCEALED_QUARTETS: _t("Three concealed quartets"),
        Double.FLUSH: _t("Flush"),
        Double.DOUBLE_TWINS: _t("Double twins"),
        Double.DOUBLE_YOUNG_AND_OLD: _t("Double young and old"),
        Double.ONE_NUMBER: _t("One number"),
        Double.THIRTEEN_ORPHANS: _t("Thirteen orphans"),
        Double.FOUR_IN_FOUR_SEQUENCES: _t("Four of a number in four sequences"),
        Double.LITTLE_FOUR_WINDS: _t("Little four winds"),
        Double.LITTLE_THREE_DRAGONS: _t("Little three dragons"),
        Double.FOUR_EXTRA_TILES: _t("Four seasons or four plants"),
        Double.HEAVENLY_HAND: _t("Heavenly hand"),
        Double.BIG_FOUR_WINDS: _t("Big four winds"),
        Double.BIG_THREE_DRAGONS: _t("Big three dragons"),
        Double.FOUR_CONCEALED_QUARTETS: _t("Four concealed quartets"),
        Double.ALL_EIGHT_EXTRA_TILES: _t("All eight extra tiles"),
    }
    return names[double]


def group(value: int) -> str:
    return f"{value:,}"


def classical_breakdown(score: ClassicalScore) -> str:
    """Every point source and every double of a classical score with its name, then the totals, as lines of text.

    Used by the live result of :class:`ClassicalEntryWidget`; other screens (the history) may show it too.
    """
    lines: list[str] = []
    if any(item.source is PointSource.UNIT for item in score.point_items):
        lines.append(_t("Double system alone: a unit of {unit}").format(unit=score.points))
    else:
        lines.append(_t("Points"))
        for item in score.point_items:
            tiles = f" {item.tiles}" if item.tiles else ""
            lines.append(f"  {point_name(item.source)}{tiles}: {item.points}")
        rounded = (
            _t("Total {raw}, rounded to {points}").format(raw=score.raw_points, points=score.points)
            if score.raw_points != score.points
            else _t("Total {points}").format(points=score.points)
        )
        lines.append("  " + rounded)
    lines.append(_t("Doubles"))
    if not score.double_items:
        lines.append("  " + _t("none"))
    for double in score.double_items:
        name = double_name(double.double)
        detail = f" ({double.detail})" if double.detail else ""
        lines.append(f"  {name}{detail}: {double.doubles}")
        section, _, words = double.double.description.partition(" ")
        # The seed's own words and section, unless the short name already is its words.
        lines.append(f"      {section}" if words.lower() == name.lower() else f"      {section} {words}")
    lines.append(
        "  " + _t("{doubles} double(s): x {multiplier}").format(doubles=score.doubles, multiplier=score.multiplier)
    )
    lines.append(_t("Value {value}").format(value=group(score.value)))
    if score.limited:
        lines.append(_t("Capped at the limit (uncapped {uncapped})").format(uncapped=group(score.uncapped)))
    return "\n".join(lines)
