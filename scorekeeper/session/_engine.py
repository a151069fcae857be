"""The bridge to the engine's full-hand scoring (``scorekeeper.engine.jsonio`` and ``scoring``).

Kept in one place so the rest of the session deals only in the engine's
:class:`~scorekeeper.engine.scoring.HandScore`. The table knows things the hand's input also states (self-draw or
not, the seat and round winds, riichi): they must agree, and where the input leaves them out the table fills them in.
"""

from __future__ import annotations

from collections.abc import Collection
from typing import TYPE_CHECKING, Any

from scorekeeper.errors import IllegalActionError, ScorekeeperError
from scorekeeper.session.seats import ROUND_LETTERS, Seat, seat_wind

if TYPE_CHECKING:
    from scorekeeper.engine.rules import HandRules
    from scorekeeper.engine.scoring import HandScore

__all__ = ["agree", "score_full_hand"]


def agree(hand: dict[str, Any], key: str, value: object, seat: int, what: str) -> None:
    """Fill ``hand[key]`` from the table, or check that the hand says the same as the table.

    Raises:
        IllegalActionError: the hand and the table disagree.
    """
    if key not in hand:
        hand[key] = value
    elif hand[key] != value:
        raise IllegalActionError(f"seat {seat}'s hand says {key}={hand[key]!r}, but at the table {what} ({value!r})")


def score_full_hand(
    hand: dict[str, Any],
    rules: HandRules,
    liable: Collection[str],
    *,
    seat: int,
    dealer: int,
    round_index: int,
    tsumo: bool,
    in_riichi: bool,
) -> tuple[HandScore, int]:
    """Score a full hand with the engine: its score (value, yaku, dora), and how many of its yakuman are ``liable``.

    Args:
        hand: the input object of ``scorekeeper score``, without ``ruleset``.
        rules: the game's hand rules.
        liable: the yakuman names (``Yaku`` values) a feeding player can be liable for under the ruleset.
        seat: the winner's seat.
        dealer: the dealer's seat.
        round_index: 0 for the East round, 1 for South...
        tsumo: whether the table recorded a self-draw.
        in_riichi: whether the winner declared riichi this hand.

    Raises:
        IllegalActionError: when the hand's own conditions contradict the table.
        ScorekeeperError: whatever the engine raises for a hand it cannot read or score.
    """
    hand = dict(hand)
    agree(hand, "tsumo", tsumo, seat, "the win is a " + ("tsumo" if tsumo else "ron"))
    agree(hand, "seat_wind", seat_wind(Seat(seat), Seat(dealer)).value, seat, "the seat wind is")
    agree(hand, "round_wind", ROUND_LETTERS[round_index % 4], seat, "the round wind is")
    declared = bool(hand.get("riichi", False)) or bool(hand.get("double_riichi", False))
    if declared != in_riichi:
        said = "riichi" if declared else "no riichi"
        table = "did" if in_riichi else "did not"
        raise IllegalActionError(f"seat {seat}'s hand says {said}, but at the table they {table} declare riichi")
    # The scorer is imported by the first hand entered as tiles: a game of han and fu never needs it (issue 24).
    from scorekeeper.engine.jsonio import hand_from_json
    from scorekeeper.engine.scoring import score_hand

    parsed, _ = hand_from_json(hand)
    score = score_hand(parsed, rules)
    liable_count = sum(y.yakuman for y in score.yaku if y.yaku.value in liable)
    return score, liable_count


def check_new_hand(hand: dict[str, Any], rules: HandRules) -> None:
    """What a full hand coming into a game must meet beyond what scoring it checks: no more red fives of a suit
    than the game's set holds (``red_fives_per_suit``). A stored game is folded without it, so one recorded
    before the knob existed keeps loading; a hand the engine cannot read is left for the fold to report.

    Raises:
        InvalidHandError: naming the red fives the set does not hold.
    """
    # Only the tiles matter here (the table fills in the winds and the way of winning when it scores the hand).
    tiles: dict[str, Any] = {key: hand[key] for key in ("hand", "melds", "win") if key in hand}
    from scorekeeper.engine.jsonio import hand_from_json
    from scorekeeper.engine.rules import check_red_fives

    try:
        parsed, _ = hand_from_json({**tiles, "seat_wind": "E", "round_wind": "E"})
    except ScorekeeperError:
        return
    check_red_fives(parsed, rules)
