"""Seats, round winds and round labels.

A seat is where a player sits for the whole game; seat 0 is East in the first hand (the issue's game-record format,
"seat 0 first"). Winds rotate over the seats as the dealership passes; the seat never changes.
"""

from __future__ import annotations

import enum

from scorekeeper.engine.tiles import Wind
from scorekeeper.errors import IllegalActionError

__all__ = ["ROUND_LETTERS", "Seat", "parse_seat", "round_label", "seat_wind"]

#: The round winds' letters in play order: East, South, West, North (labels E1..S4, W1..).
ROUND_LETTERS = "ESWN"


class Seat(enum.IntEnum):
    """One of the four seats, numbered in turn order from the first dealer.

    An ``IntEnum`` rather than a ``StrEnum``: the public game-record format writes seats as the numbers 0-3, so the
    number is the stable persisted value (STYLE 3 asks for a StrEnum only where a name is persisted).
    """

    SEAT_0 = 0
    SEAT_1 = 1
    SEAT_2 = 2
    SEAT_3 = 3

    @property
    def next(self) -> Seat:
        """The seat to this seat's right, who plays next (shimocha)."""
        return Seat((self + 1) % 4)

    def distance_from(self, other: Seat) -> int:
        """How many turns after ``other`` this seat plays (0 for the same seat, 1 for the player to its right)."""
        return (self - other) % 4


def parse_seat(value: object) -> Seat:
    """A seat from its persisted number.

    Raises:
        IllegalActionError: for anything but an int 0-3 (a bool is not a seat).
    """
    if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value <= 3:
        raise IllegalActionError(f"a seat is a number 0-3, got {value!r}")
    return Seat(value)


def seat_wind(seat: Seat, dealer: Seat) -> Wind:
    """A seat's wind this hand: the dealer is East, the seat to the dealer's right South, and so on."""
    return Wind(ROUND_LETTERS[seat.distance_from(dealer)])


def round_label(round_index: int, dealer: Seat) -> str:
    """The label of a hand: ``E1`` for the first East-round hand, ``S4`` for the last South hand...

    Rounds past North wrap to East again (only a custom ruleset with many extension rounds gets there).
    """
    return f"{ROUND_LETTERS[round_index % 4]}{int(dealer) + 1}"
