"""Seating after a drop-out, a late arrival or a substitute (issue 26): the sessions played stay, the sessions to
come move as few players as they can, and the constraints of the first plan are kept."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

import pytest

from scorekeeper.tournament import Seating, seat_auto, seating_quality
from tests.tournament.builders import names


def _club_event_with_a_drop_out(seed: int, clubs: Mapping[str, str]) -> tuple[list[Seating], tuple[str, ...]]:
    """21 players and three substitutes over 4 sessions, the 6th leaving after session 2 (one table fewer)."""
    players = names(21)
    left = players[:5] + players[6:]
    substitutes = names(3, "Sub")

    def roster_at(session: int) -> tuple[Sequence[str], Sequence[str]]:
        return (players if session <= 2 else left), substitutes

    history: list[Seating] = []
    for session in range(1, 5):
        playing, subs = roster_at(session)
        history.append(
            seat_auto(session, playing, subs, history=history, sessions=4, seed=seed, roster_at=roster_at, apart=clubs)
        )
    return history, substitutes


@pytest.mark.parametrize("seed", range(4))
def test_a_club_event_with_a_drop_out_after_session_2_keeps_the_clubs_apart_as_before(seed: int) -> None:
    # The new plan made at the drop-out searched its winds (_even_winds, _wind_first) without the clubs: 4-10
    # meetings of club-mates in sessions 3 and 4 where sessions 1 and 2 had none. Every step of a new plan now
    # counts a club meeting as a repeat meeting, as the first plan does.
    clubs = {name: f"club {k % 7}" for k, name in enumerate(names(21))}
    history, substitutes = _club_event_with_a_drop_out(seed, clubs)
    before = seating_quality(history[:2], apart=clubs, ignore=substitutes)
    after = seating_quality(history, apart=clubs, ignore=substitutes)
    assert before.apart_meetings == after.apart_meetings == 0
