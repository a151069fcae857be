"""The catalogue of the classical family: every point source and every double, with the seed's words.

Source: seed 003 ("HOW TO SCORE"), section A.1 (points) and A.2 (doubles a-e). Each :class:`Double` carries its
number of doubles and the seed's description; where the seed only cites a chapter it does not include, the
reading we chose is in ``docs/classical.md`` and in the comment beside the member.
"""

from __future__ import annotations

import enum
from types import MappingProxyType

__all__ = ["DOUBLE_COUNT", "DOUBLE_DESCRIPTION", "Double", "PointSource"]


class PointSource(enum.StrEnum):
    """Where fundamental points and points to complete the game come from (seed 003, A.1)."""

    EXPOSED_TRIPLET = "exposed_triplet"  # 2 (2-8) / 4 (1, 9, wind, dragon)
    CONCEALED_TRIPLET = "concealed_triplet"  # 4 / 8
    EXPOSED_QUARTET = "exposed_quartet"  # 8 / 16
    CONCEALED_QUARTET = "concealed_quartet"  # not in the seed: 16 / 32 by its doubling pattern (knob)
    HONOR_PAIR = "honor_pair"  # a pair of wind or dragon: 2
    SEAT_WIND_PAIR = "seat_wind_pair"  # 4
    ROUND_WIND_PAIR = "round_wind_pair"  # 4
    DOUBLE_WIND_PAIR = "double_wind_pair"  # 8
    EXTRA_TILE = "extra_tile"  # a season or plant: 4
    SEAT_EXTRA_TILE = "seat_extra_tile"  # 8
    ROUND_EXTRA_TILE = "round_extra_tile"  # 8
    DOUBLE_EXTRA_TILE = "double_extra_tile"  # 16
    COMPLETING = "completing"  # completing the game: 20
    MAKING_A_PAIR = "making_a_pair"  # the winning tile makes the pair: 2
    ONE_CHANCE_WAIT = "one_chance_wait"  # the winning tile is the middle or marginal tile of a sequence: 2
    SELF_DRAWING = "self_drawing"  # 2
    UNIT = "unit"  # the double system alone: the fixed unit instead of points (seed 003, B)


class Double(enum.StrEnum):
    """Every double of seed 003, A.2, persisted by its stable name."""

    # a. One double
    ALL_SEQUENCES = "all_sequences"  # a(1)
    TWO_SUITS = "two_suits"  # a(2)
    MIXED_STRAIGHT = "mixed_straight"  # a(3)
    FOUR_IN_TRIPLET_AND_SEQUENCE = "four_in_triplet_and_sequence"  # a(4)
    OUTSIDE_HAND = "outside_hand"  # a(5)
    ALL_SIMPLES = "all_simples"  # a(6)
    TWIN = "twin"  # a(7)
    YOUNG_AND_OLD = "young_and_old"  # a(8)
    THREE_COUSINS = "three_cousins"  # a(9)
    CONCEALED_HAND = "concealed_hand"  # a(10)
    SEAT_WIND = "seat_wind"  # a(11)
    ROUND_WIND = "round_wind"  # a(12)
    DRAGON_SET = "dragon_set"  # a(13)
    LAST_TILE_OF_WALL = "last_tile_of_wall"  # a(14)
    ONE_CHANCE = "one_chance"  # a(15)
    LAST_TILE_OF_KIND = "last_tile_of_kind"  # a(16)
    REPLACEMENT_TILE = "replacement_tile"  # a(17)
    PAIR_258 = "pair_258"  # a(18)
    ROBBING_THE_KONG = "robbing_the_kong"  # a(19)
    SELF_DRAWING = "self_drawing"  # a(20)
    SEAT_EXTRA_TILE = "seat_extra_tile"  # a(21)
    ROUND_EXTRA_TILE = "round_extra_tile"  # a(22)
    # b. Two doubles
    ALL_TRIPLETS = "all_triplets"  # b(1)
    PURE_STRAIGHT = "pure_straight"  # b(2)
    HALF_FLUSH = "half_flush"  # b(3)
    UNRELATED_TILES = "unrelated_tiles"  # b(4)
    DOUBLE_WIND = "double_wind"  # b(5)
    THREE_CONCEALED_TRIPLETS = "three_concealed_triplets"  # b(6)
    TWO_CONCEALED_QUARTETS = "two_concealed_quartets"  # b(7)
    ALL_FROM_DISCARDS = "all_from_discards"  # b(8)
    ALL_SELF_DRAWN = "all_self_drawn"  # b(9)
    DOUBLE_EXTRA_TILE = "double_extra_tile"  # b(10)
    # c. Three doubles
    FOUR_IN_TWO_SEQUENCES_AND_PAIR = "four_in_two_sequences_and_pair"  # c(1)
    SEVEN_PAIRS = "seven_pairs"  # c(2)
    TERMINALS_IN_ALL = "terminals_in_all"  # c(3)
    FIVE_KINDS = "five_kinds"  # c(4)
    ALL_ABOVE_FIVE = "all_above_five"  # c(5)
    ALL_BELOW_FIVE = "all_below_five"  # c(6)
    FOUR_CONCEALED_TRIPLETS = "four_concealed_triplets"  # c(7)
    THREE_CONCEALED_QUARTETS = "three_concealed_quartets"  # c(8)
    # d. Six doubles (a slam)
    FLUSH = "flush"  # d(1)
    DOUBLE_TWINS = "double_twins"  # d(2)
    DOUBLE_YOUNG_AND_OLD = "double_young_and_old"  # d(3)
    ONE_NUMBER = "one_number"  # d(4)
    THIRTEEN_ORPHANS = "thirteen_orphans"  # d(5)
    FOUR_IN_FOUR_SEQUENCES = "four_in_four_sequences"  # d(6)
    LITTLE_FOUR_WINDS = "little_four_winds"  # d(7)
    LITTLE_THREE_DRAGONS = "little_three_dragons"  # d(8)
    FOUR_EXTRA_TILES = "four_extra_tiles"  # d(9)
    # e. Twelve doubles (two slams)
    HEAVENLY_HAND = "heavenly_hand"  # e(1)
    BIG_FOUR_WINDS = "big_four_winds"  # e(2)
    BIG_THREE_DRAGONS = "big_three_dragons"  # e(3)
    FOUR_CONCEALED_QUARTETS = "four_concealed_quartets"  # e(4)
    ALL_EIGHT_EXTRA_TILES = "all_eight_extra_tiles"  # e(5)

    @property
    def doubles(self) -> int:
        """How many doubles this counts (seed 003, A.2: the heading it is listed under)."""
        return DOUBLE_COUNT[self]

    @property
    def description(self) -> str:
        """The seed's own words for it, with its section number."""
        return DOUBLE_DESCRIPTION[self]


_D = Double
_ONE = (
    (_D.ALL_SEQUENCES, "a(1) Sequence sets with a pair of crack, bamboo, or circle"),
    (_D.TWO_SUITS, "a(2) Any two combinations of crack, bamboo, or circle"),
    (_D.MIXED_STRAIGHT, "a(3) The numbered tiles one to nine in a consecutive order of any two combinations of kinds"),
    (_D.FOUR_IN_TRIPLET_AND_SEQUENCE, "a(4) Sequence and triplet sets with any four matching numbers of one kind"),
    (_D.OUTSIDE_HAND, "a(5) The numbered one and nine, wind, or dragon in all sets and the pair"),
    (_D.ALL_SIMPLES, "a(6) Without the numbered one and nine, wind, or dragon in sets and the pair"),
    (_D.TWIN, "a(7) A twin set"),
    (_D.YOUNG_AND_OLD, "a(8) A set of young and old"),
    (_D.THREE_COUSINS, "a(9) Three cousins"),
    (_D.CONCEALED_HAND, "a(10) Without chi, pong, and kong (excluding concealed pong or kong)"),
    (_D.SEAT_WIND, "a(11) Seat wind"),
    (_D.ROUND_WIND, "a(12) Round wind"),
    (_D.DRAGON_SET, "a(13) A triplet or quartet of any dragon"),
    (_D.LAST_TILE_OF_WALL, "a(14) Completing the game by drawing the last tile of the wall"),
    (_D.ONE_CHANCE, "a(15) One chance (only one type of the tile) to complete the game"),
    (_D.LAST_TILE_OF_KIND, "a(16) Taking the last tile of any one type"),
    (_D.REPLACEMENT_TILE, "a(17) Completing the game by drawing the tile from the far end of the wall"),
    (_D.PAIR_258, "a(18) A pair of numbered two, five or eight of any kind"),
    (_D.ROBBING_THE_KONG, "a(19) Robbing the kong"),
    (_D.SELF_DRAWING, "a(20) Self-drawing"),
    (_D.SEAT_EXTRA_TILE, "a(21) Seat season or plant"),
    (_D.ROUND_EXTRA_TILE, "a(22) Round season or plant"),
)
_TWO = (
    (_D.ALL_TRIPLETS, "b(1) Pong or pong and kong combined"),
    (_D.PURE_STRAIGHT, "b(2) The numbered one to nine in a consecutive order of any kind"),
    (_D.HALF_FLUSH, "b(3) A flush hand with wind and/or dragon"),
    (_D.UNRELATED_TILES, "b(4) A hand with unrelated tiles of any kind"),
    (_D.DOUBLE_WIND, "b(5) Double wind (seat and round)"),
    (_D.THREE_CONCEALED_TRIPLETS, "b(6) Three concealed triplets"),
    (_D.TWO_CONCEALED_QUARTETS, "b(7) Two concealed quartets"),
    (_D.ALL_FROM_DISCARDS, "b(8) All sets including the pair by using discards"),
    (_D.ALL_SELF_DRAWN, "b(9) All sets and the pair by self-drawing"),
    (_D.DOUBLE_EXTRA_TILE, "b(10) Double season or plant (seat and round)"),
)
_THREE = (
    (_D.FOUR_IN_TWO_SEQUENCES_AND_PAIR, "c(1) Two sequence sets and a pair including any four matching numbers"),
    (_D.SEVEN_PAIRS, "c(2) Seven pairs"),
    (_D.TERMINALS_IN_ALL, "c(3) The numbered one and nine in each set and the pair"),
    (_D.FIVE_KINDS, "c(4) Five different kinds of sets and the pair"),
    (_D.ALL_ABOVE_FIVE, "c(5) All with numbers above five"),
    (_D.ALL_BELOW_FIVE, "c(6) All with numbers below five"),
    (_D.FOUR_CONCEALED_TRIPLETS, "c(7) Four concealed triplets"),
    (_D.THREE_CONCEALED_QUARTETS, "c(8) Three concealed quartets"),
)
_SIX = (
    (_D.FLUSH, "d(1) A flush hand"),
    (_D.DOUBLE_TWINS, "d(2) Double twins"),
    (_D.DOUBLE_YOUNG_AND_OLD, "d(3) Double young and old"),
    (_D.ONE_NUMBER, "d(4) One number in all sets and the pair"),
    (_D.THIRTEEN_ORPHANS, "d(5) One of each wind, dragon, and numbered one and nine, with one more to make a pair"),
    (_D.FOUR_IN_FOUR_SEQUENCES, "d(6) Four sequence sets with any four matching numbers of one kind"),
    (_D.LITTLE_FOUR_WINDS, "d(7) Three wind sets with a pair of wind"),
    (_D.LITTLE_THREE_DRAGONS, "d(8) Two dragon sets with a pair of dragon"),
    (_D.FOUR_EXTRA_TILES, "d(9) Four season or plant tiles"),
)
_TWELVE = (
    (_D.HEAVENLY_HAND, 'e(1) A "heavenly" hand'),
    (_D.BIG_FOUR_WINDS, "e(2) Four wind sets"),
    (_D.BIG_THREE_DRAGONS, "e(3) Three dragon sets"),
    (_D.FOUR_CONCEALED_QUARTETS, "e(4) Four concealed quartets"),
    (_D.ALL_EIGHT_EXTRA_TILES, "e(5) All eight extra tiles"),
)

#: Doubles per member (seed 003, A.2 headings a-e: one, two, three, six and twelve).
DOUBLE_COUNT = MappingProxyType(
    {
        double: count
        for count, group in ((1, _ONE), (2, _TWO), (3, _THREE), (6, _SIX), (12, _TWELVE))
        for double, _ in group
    }
)
#: The seed's words per member.
DOUBLE_DESCRIPTION = MappingProxyType(
    {double: text for group in (_ONE, _TWO, _THREE, _SIX, _TWELVE) for double, text in group}
)
assert set(DOUBLE_COUNT) == set(Double), "every double has its count and description"
