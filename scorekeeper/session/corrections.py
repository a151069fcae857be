"""What a referee's correction would change, before it is saved (issue 12, "the referee's corrections").

A correction is an event like any other (``HandEdited`` or ``HandInserted``); the preview folds it onto the state
without recording it and compares: each player's change in that hand and each player's standing at the end of the
game (the final scores and points if it has ended, the scores now if not), before and after. The edit dialog shows
exactly these figures, so what the referee confirms is what the session will record.

A correction that would end the game before a substitute came in takes that substitution out too
(:func:`correction_events`: a ``SubstitutionRemoved`` before the correction; a substitute cannot come in after the
end), and the preview says so (``removes``), so the referee sees it before confirming.

A hand opened with Edit hand and saved unchanged is no correction: :func:`is_same_hand` compares hands by value,
not by the text a full hand was recorded in (a record file may write its tiles in any order and leave out what the
table knows; Edit hand writes them back in the hand draft's order), and :class:`~scorekeeper.session.Session`
refuses such an edit, so the log never holds a correction that changes nothing.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from typing import Any

from scorekeeper.engine.hand import Meld
from scorekeeper.engine.tiles import Tile, format_tiles, parse_tiles
from scorekeeper.errors import IllegalActionError, ScorekeeperError
from scorekeeper.session.events import (
    Event,
    HandDeleted,
    HandEdited,
    HandInserted,
    HandRecord,
    HandWin,
    Ron,
    SubstitutionRemoved,
    Tsumo,
    Win,
)
from scorekeeper.session.rules import Family
from scorekeeper.session.seats import ROUND_LETTERS, seat_wind
from scorekeeper.session.settlement import Settlement
from scorekeeper.session.state import (
    GameState,
    HandEntry,
    StrandedSubstituteError,
    Substitution,
    apply_event,
    apply_events,
)

__all__ = [
    "CorrectionPreview",
    "correction_events",
    "correction_preview",
    "is_same_hand",
    "redo_group",
    "substitutions_taken_out",
    "undo_group",
]

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
        removes: the substitutions the correction takes out: the game as corrected ends before they came in.
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
    removes: tuple[Substitution, ...] = ()

    @property
    def changes_anything(self) -> bool:
        """Whether any figure shown differs (a correction can leave every score as it was)."""
        return (
            self.hand_before != self.hand_after
            or self.end_before != self.end_after
            or self.points_before != self.points_after
            or self.ended_before != self.ended_after
            or bool(self.removes)
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
    events = correction_events(state, event)
    after = apply_events(state, events)
    removes = tuple(sub for sub in state.substitutions if _removed(sub, events))
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
        removes=removes,
    )


def _removed(sub: Substitution, events: tuple[Event, ...]) -> bool:
    return any(isinstance(e, SubstitutionRemoved) and e.seat == sub.seat and e.player == sub.player for e in events)


def substitutions_taken_out(state: GameState, correction: Event) -> tuple[Substitution, ...]:
    """The substitutions ``correction`` (an edit, insertion or deletion of a hand) takes out with it: the game as
    corrected ends before they came in (:func:`correction_events`). Delete hand names them before confirming.

    Raises:
        IllegalActionError: the correction is refused for another reason.
        ScorekeeperError: a full hand in it the engine cannot score.
    """
    events = correction_events(state, correction)
    return tuple(sub for sub in state.substitutions if _removed(sub, events))


def correction_events(state: GameState, correction: Event) -> tuple[Event, ...]:
    """The events that make ``correction`` (an edit, insertion or deletion of a hand): the correction itself, after
    a ``SubstitutionRemoved`` for each substitution it leaves without a place (the game as corrected ends before
    they came in; whoever sat there before is credited with the seat again).

    Raises:
        IllegalActionError: the correction is refused for another reason (or even without those substitutions).
        ScorekeeperError: a full hand in it the engine cannot score.
    """
    try:
        apply_event(state, correction)
    except StrandedSubstituteError as error:
        reason = f"{error.doing}: the game ends after hand {error.hands}, before they came in"
        removals = tuple(
            SubstitutionRemoved(seat=sub.seat, player=sub.player, reason=reason[:200])
            for sub in reversed(error.substitutions)
        )
        apply_events(state, (*removals, correction))
        return (*removals, correction)
    return (correction,)


def undo_group(events: Sequence[Event], state_at: Callable[[int], GameState]) -> int:
    """How many of the last of ``events`` (a log in effect; ``state_at(n)``: the state after its first ``n``) one
    Undo takes back: a correction with the substitutions it took out (:func:`correction_events`, recorded in one
    write by one Save), else one event. A removal the referee made on their own is not part of it: its reason is
    theirs, not the one ``correction_events`` writes.
    """
    if not events or not isinstance(events[-1], HandEdited | HandInserted | HandDeleted):
        return 1
    removals = 0
    while removals < len(events) - 1 and isinstance(events[-2 - removals], SubstitutionRemoved):
        removals += 1
        start = len(events) - 1 - removals
        try:
            made = correction_events(state_at(start), events[-1])
        except ScorekeeperError:
            continue
        if made == tuple(events[start:]):
            return removals + 1
    return 1


def redo_group(state: GameState, redo: Sequence[Event]) -> int:
    """How many of the undone events ``redo`` (next first) one Redo puts back on ``state``: a correction with the
    substitutions it takes out, as one Undo took them back (:func:`undo_group`), else one event."""
    removals = 0
    while removals < len(redo) - 1 and isinstance(redo[removals], SubstitutionRemoved):
        removals += 1
    correction = redo[removals] if removals else None
    if not isinstance(correction, HandEdited | HandInserted | HandDeleted):
        return 1
    try:
        made = correction_events(state, correction)
    except ScorekeeperError:
        return 1
    return removals + 1 if made == tuple(redo[: removals + 1]) else 1


def is_same_hand(state: GameState, index: int, record: HandRecord) -> bool:
    """Whether ``record`` is finished hand ``index`` as recorded, compared by value, not by its text.

    A full hand (``HandWin``) is compared in one normal form per notation: its tiles read with ``parse_tiles`` and
    written sorted with ``format_tiles``, each meld read with ``Meld.parse``, the indicators and melds in a fixed
    order, the classical extra tiles read with ``parse_extras`` and written with ``format_extras``; what the table
    fills in when the hand leaves it out (self-draw, seat and round wind: ``agree`` in ``session._engine``) filled
    in from hand ``index``; a false condition and an empty list the same as none. Without red fives in the ruleset
    a red five is an ordinary five (engine ``rules.py``, ``red_fives``). A double ron's wins compare in any order.

    Raises:
        IllegalActionError: ``index`` is not a finished hand.
    """
    if not 0 <= index < len(state.hands):
        raise IllegalActionError(f"cannot compare hand {index + 1}: the game has {len(state.hands)} finished hands")
    entry = state.hands[index]
    if record == entry.record:
        return True
    plain = state.rules.family is Family.RIICHI and not state.rules.hand.red_fives
    try:
        return _normal_record(entry, record, plain=plain) == _normal_record(entry, entry.record, plain=plain)
    except ScorekeeperError:
        return False  # a hand that cannot be read is not the recorded one, which was read when it was played


def _normal_record(entry: HandEntry, record: HandRecord, *, plain: bool) -> tuple[object, ...]:
    result = record.result
    match result:
        case Ron():
            wins = sorted((_normal_win(entry, w, tsumo=False, plain=plain) for w in result.wins), key=lambda w: w[0])
            return (record.riichi, "ron", result.discarder, tuple(wins), result.losers)
        case Tsumo():
            return (record.riichi, "tsumo", _normal_win(entry, result.win, tsumo=True, plain=plain), result.losers)
        case _:
            return (record.riichi, result)


def _normal_win(entry: HandEntry, win: Win, *, tsumo: bool, plain: bool) -> tuple[int, object]:
    if not isinstance(win, HandWin):
        return (int(win.seat), win)
    hand = win.input
    # What the table fills in when the hand leaves it out (session._engine.agree).
    hand.setdefault("tsumo", tsumo)
    hand.setdefault("seat_wind", seat_wind(win.seat, entry.dealer).value)
    hand.setdefault("round_wind", ROUND_LETTERS[entry.round_index % 4])
    return (int(win.seat), (win.pao, _normal_input(hand, plain=plain)))


def _normal_input(hand: dict[str, Any], *, plain: bool) -> dict[str, Any]:
    """The hand's input object in its normal form (see :func:`is_same_hand`).

    Raises:
        ScorekeeperError: for tiles, melds or extra tiles that cannot be read.
    """

    def tiles(found: Iterable[Tile]) -> str:
        return format_tiles(sorted((Tile(t.kind) if plain else t for t in found), key=lambda t: (t.kind, t.red)))

    out: dict[str, Any] = {}
    for key, value in hand.items():
        if value is False or value in ([], ""):
            continue  # the same as leaving it out: a condition defaults to false, a list to empty
        if key in ("hand", "win"):
            out[key] = tiles(parse_tiles(str(value)))
        elif key in ("dora", "ura") and isinstance(value, list):
            out[key] = sorted(tiles(parse_tiles(str(item))) for item in value)
        elif key == "melds" and isinstance(value, list) and all(isinstance(m, dict) for m in value):
            melds = [Meld.parse(str(m.get("type")), str(m.get("tiles"))) for m in value]
            out[key] = sorted((m.kind.value, tiles(m.tiles)) for m in melds)
        elif key == "flowers" and isinstance(value, (str, list)):
            from scorekeeper.engine.classical.extras import format_extras, parse_extras  # a classical hand's

            extras = [e for item in ([value] if isinstance(value, str) else value) for e in parse_extras(str(item))]
            out[key] = format_extras(sorted(extras, key=lambda e: e.digit))
        else:
            out[key] = value
    return out
