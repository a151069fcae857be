"""What a referee's correction would change, before it is saved (issue 12, "the referee's corrections").

A correction is an event like any other (``HandEdited`` or ``HandInserted``); the preview folds it onto the state
without recording it and compares: each player's change in that hand and each player's standing at the end of the
game (the final scores and points if it has ended, the scores now if not), before and after. The edit dialog shows
exactly these figures, so what the referee confirms is what the session will record.
"""

from __future__ import annotations

from dataclasses import dataclass

from scorekeeper.session.events import HandEdited, HandInserted, HandRecord
from scorekeeper.session.settlement import Settlement
from scorekeeper.session.state import GameState, apply_event

__all__ = ["CorrectionPreview", "correction_preview"]

Four = tuple[int, int, int, int]


@dataclass(frozen=True, slots=True, kw_only=True)
class CorrectionPreview:
    """A correction's effect, per seat.

    Attributes:
        label: the corrected hand's label with honba after the correction (``E2-1``).
        hand_before: each seat's change in the hand as recorded (None for a forgotten hand being inserted).
        hand_after: each seat's change in the hand as corrected.
        end_before: the scores at the end (the final scores once the game has ended, else the scores now).
        end_after: the same after the correction.
        points_before: the final plus-minus in tenths of a point, if the game had ended (else None).
        points_after: the same after the correction (None if the game would not have ended).
        ended_before: the game had ended.
        ended_after: the game ends after the correction.
        settlement: how the corrected hand is settled (its values, for the words the dialog shows).
        after: the whole state after the correction.
    """

    label: str
    hand_before: Four | None
    hand_after: Four
    end_before: Four
    end_after: Four
    points_before: Four | None
    points_after: Four | None
    ended_before: bool
    ended_after: bool
    settlement: Settlement
    after: GameState

    @property
    def changes_anything(self) -> bool:
        """Whether any figure shown differs (a correction can leave every score as it was)."""
        return (
            self.hand_before != self.hand_after
            or self.end_before != self.end_after
            or self.points_before != self.points_after
            or self.ended_before != self.ended_after
        )


def _end(state: GameState) -> tuple[Four, Four | None]:
    if state.final is not None:
        return state.final.scores, state.final.points_tenths
    return state.scores, None


def correction_preview(state: GameState, index: int, record: HandRecord, *, insert: bool = False) -> CorrectionPreview:
    """What replacing finished hand ``index`` by ``record`` (or inserting ``record`` before it) would do.

    Raises:
        IllegalActionError: the correction is refused (the same reason saving it would give).
        ScorekeeperError: a full hand in ``record`` the engine cannot score.
    """
    event = HandInserted(index, record) if insert else HandEdited(index, record)
    after = apply_event(state, event)
    end_before, points_before = _end(state)
    end_after, points_after = _end(after)
    corrected = after.hands[index]
    return CorrectionPreview(
        label=corrected.label if not corrected.honba else f"{corrected.label}-{corrected.honba}",
        hand_before=None if insert else state.hands[index].deltas,
        hand_after=corrected.deltas,
        end_before=end_before,
        end_after=end_after,
        points_before=points_before,
        points_after=points_after,
        ended_before=state.ended,
        ended_after=after.ended,
        settlement=corrected.settlement,
        after=after,
    )
