"""The game state and the pure fold that makes it: ``apply_event(state, event) -> state``.

Every way of reaching a state (playing, undo and redo, editing an old hand, replaying a record, reopening after a
crash) folds events with :func:`apply_event` from :func:`initial_state`. The fold is shared by the two families of
rules and never switches on the family: it asks the game's family (``scorekeeper.session.families``: riichi, or
classical, seed 003) to settle a finished hand, to move to the next position and say whether the game ends, and to
make the final result. A classical game's ``honba`` and ``riichi_sticks`` stay 0. Invariants, checked after every
event in the tests: the scores plus the sticks on the table always make ``4 x start_points``; honba and sticks are
never negative; the dealer matches the round label.
"""

from __future__ import annotations

import dataclasses
import enum
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import assert_never

from scorekeeper.engine.tiles import Wind
from scorekeeper.errors import ErrorCode, IllegalActionError, ScorekeeperError
from scorekeeper.session.events import (
    AbortiveDraw,
    Chombo,
    DeadHand,
    DiceAtTimeCall,
    EndGame,
    Event,
    ExhaustiveDraw,
    HandDeleted,
    HandEdited,
    HandInserted,
    HandRecord,
    HandResult,
    LastHandCalled,
    NagashiMangan,
    PlayerReplaced,
    RefereePenalty,
    RiichiDeclared,
    Ron,
    SubstitutionRemoved,
    Tsumo,
)
from scorekeeper.session.families import EndReason, family_of
from scorekeeper.session.names import name_key
from scorekeeper.session.rules import Ruleset
from scorekeeper.session.seats import ROUND_LETTERS, Seat, round_label
from scorekeeper.session.settlement import RIICHI_STICK, Settlement
from scorekeeper.session.standings import FinalResult, Penalty

__all__ = [
    "EndReason",
    "GameState",
    "HandEntry",
    "RiichiRefusal",
    "ScoreSeries",
    "StrandedSubstituteError",
    "Substitution",
    "apply_event",
    "apply_events",
    "initial_state",
    "replay_hands",
]

_MAX_NAME = 100
_ROUND_WINDS = tuple(Wind(letter) for letter in ROUND_LETTERS)


class RiichiRefusal(enum.StrEnum):
    """Why a seat may not declare riichi now (the GUI words it; :meth:`GameState.riichi_refusal`)."""

    GAME_ENDED = "game_ended"  # the game is over
    NO_RIICHI = "no_riichi"  # the classical family (seed 003) has no riichi
    ALREADY_DECLARED = "already_declared"  # the seat is in riichi this hand
    TOO_FEW_POINTS = "too_few_points"  # below 1,000 points and the ruleset's riichi_below_1000 is off
    DEAD_HAND = "dead_hand"  # the seat's hand was declared dead (RCR 2016 3.4.7, EMA 2025 3.3.14)


@dataclass(frozen=True, slots=True, kw_only=True)
class ScoreSeries:
    """The scores the game went through, for a chart: the start, after each finished hand, and the end.

    Attributes:
        points: the four scores at the start, then after each finished hand, then (only when they differ from the
            last of those) the final sheet's scores: sticks left on the table given to first place, or a riichi
            stick put down after the last hand.
        ends_apart: whether the last element is that extra final point (it has no hand label).
    """

    points: tuple[tuple[int, int, int, int], ...]
    ends_apart: bool


@dataclass(frozen=True, slots=True, kw_only=True)
class HandEntry:
    """One finished hand in the game's history.

    Attributes:
        record: the hand as entered (riichi seats and result).
        label: the round label (``E1``...).
        round_index: 0 for East, 1 for South...
        dealer: the dealer of the hand.
        honba: the honba of the hand.
        settlement: how the result was settled.
        deltas: each seat's change over the hand, riichi sticks put down included.
        scores: the scores after the hand.
        riichi_sticks: the sticks left on the table after the hand.
    """

    record: HandRecord
    label: str
    round_index: int
    dealer: Seat
    honba: int
    settlement: Settlement
    deltas: tuple[int, int, int, int]
    scores: tuple[int, int, int, int]
    riichi_sticks: int


@dataclass(frozen=True, slots=True, kw_only=True)
class Substitution:
    """A substitute who took a seat (:class:`PlayerReplaced`), as the game holds it.

    Attributes:
        seat: the seat.
        player: who came in.
        left: who sat there before.
        hand: the first hand (0-based) the newcomer plays: the number of finished hands when they came in, moved
            by a correction that inserts or deletes an earlier hand.
        reason: why.
    """

    seat: Seat
    player: str
    left: str
    hand: int
    reason: str = ""


class StrandedSubstituteError(IllegalActionError):
    """A correction refused because the game would end before a substitute came in (a substitute cannot come in
    after the end, so the log would no longer play). The referee takes the substitution out first
    (:class:`~scorekeeper.session.events.SubstitutionRemoved`), then makes the correction.

    Attributes:
        doing: what was refused ("editing hand 4").
        substitutions: the substitutions left without a place (the game as corrected ends before each came in).
        hands: the number of hands the game as corrected ends after.
    """

    def __init__(self, doing: str, substitutions: tuple[Substitution, ...], hands: int) -> None:
        who = "; ".join(
            f"{sub.player} came in for {sub.left} at seat {int(sub.seat)} before hand {sub.hand + 1}"
            for sub in substitutions
        )
        first = substitutions[0]
        super().__init__(
            f"{doing} is refused: the game would end after hand {hands}, before a substitute came in ({who}); "
            "take that substitution out first, then correct the hand",
            code=ErrorCode.SUBSTITUTE_STRANDED,
            fields={"player": first.player, "leaving": first.left, "hand": first.hand + 1, "hands": hands},
        )
        self.doing = doing
        self.substitutions = substitutions
        self.hands = hands


@dataclass(frozen=True, slots=True, kw_only=True)
class GameState:
    """The table at one moment.

    Attributes:
        rules: the game's ruleset.
        players: the four names, seat 0 first.
        scores: each seat's score.
        round_index: 0 for East, 1 for South, 2 for West...
        dealer: the dealer of the hand being played.
        honba: honba of the hand being played.
        riichi_sticks: sticks on the table (earlier hands' and this hand's).
        riichi_this_hand: who declared riichi in the hand being played, in seat order (the record keeps no order).
        dead_this_hand: whose hands were declared dead in the hand being played (:class:`DeadHand`), in seat order.
        hands: the finished hands.
        penalties: the referee's penalties, in order.
        ended: the game is over.
        end_reason: why it ended, if it did.
        final: the result sheet, once ended.
        last_hand_reason: the reason of the referee's :class:`LastHandCalled` ("time is called"), if one was made.
        last_hand_index: the hand (0-based) that was in play when it was called: the game's last under
            ``finish_hand``, the first of the last two under the EMA texts (:attr:`LastHandCalled.more`).
        last_hand_call: the call itself (its ``more`` and ``chombo_counts``), if one was made.
        last_hand_ended: the call ended the game (its hands were finished), rather than a rule or the referee.
        dice_at_time_call: the table's answer to RCR 2016 5.9's question (:class:`DiceAtTimeCall`): whether the dice
            of the hand in play had been thrown when time was called; None until answered. A "no" made the call's
            ``more`` 0 (:attr:`last_hand_call` is the call as answered).
        substitutions: the substitutes who took a seat during the game, in order (``players`` names who sits
            now; :attr:`starting_players` who sat at the start).
    """

    rules: Ruleset
    players: tuple[str, str, str, str]
    scores: tuple[int, int, int, int]
    round_index: int = 0
    dealer: Seat = Seat.SEAT_0
    honba: int = 0
    riichi_sticks: int = 0
    riichi_this_hand: tuple[Seat, ...] = ()
    dead_this_hand: tuple[Seat, ...] = ()
    hands: tuple[HandEntry, ...] = ()
    penalties: tuple[RefereePenalty, ...] = ()
    ended: bool = False
    end_reason: EndReason | None = None
    final: FinalResult | None = None
    last_hand_reason: str | None = None
    last_hand_index: int | None = None
    last_hand_call: LastHandCalled | None = None
    last_hand_ended: bool = False
    dice_at_time_call: bool | None = None
    substitutions: tuple[Substitution, ...] = ()

    @property
    def replacements(self) -> tuple[tuple[int, PlayerReplaced], ...]:
        """The substitutions as ``(hand, event)`` pairs, as :func:`replay_hands` and a game record take them."""
        return tuple(
            (sub.hand, PlayerReplaced(seat=sub.seat, player=sub.player, reason=sub.reason))
            for sub in self.substitutions
        )

    @property
    def starting_players(self) -> tuple[str, str, str, str]:
        """The four who sat down at the start, seat 0 first (``players`` once nobody was replaced)."""
        names = list(self.players)
        for substitution in reversed(self.substitutions):
            names[substitution.seat] = substitution.left
        return (names[0], names[1], names[2], names[3])

    def player_at(self, seat: Seat, hand: int) -> str:
        """Who sat at ``seat`` for hand ``hand`` (0-based; ``len(hands)`` is the hand in play)."""
        name = self.starting_players[seat]
        for substitution in self.substitutions:
            if substitution.seat == seat and substitution.hand <= hand:
                name = substitution.player
        return name

    @property
    def last_hand_called(self) -> bool:
        """Whether time was called with the game running: the hand being played is the last."""
        return self.last_hand_reason is not None and not self.ended

    @property
    def ended_by_last_hand_call(self) -> bool:
        """Whether the game ended because the hands left when time was called were finished."""
        return self.last_hand_ended

    @property
    def hands_left_on_time(self) -> int | None:
        """How many hands are still to be played since time was called, the one in play included (2: "this hand and
        one more", 1: "this hand is the last"); None when time was not called or the game ended."""
        call = self.last_hand_call
        if call is None or self.ended or self.last_hand_index is None:
            return None
        return call.more + 1 - _counted_since_call(self.hands[self.last_hand_index :], call)

    @property
    def asks_about_the_dice(self) -> bool:
        """Whether the table must say if the dice of the hand in play had been thrown when time was called: a call of
        RCR 2016 5.9 (the hand in play and one more, a chombo not counted) not answered yet, with no hand counted
        since it (:class:`DiceAtTimeCall`). EMA 2025 7.4 starts a hand as soon as the previous one ends: its call
        never asks."""
        call = self.last_hand_call
        return (
            call is not None
            and not self.ended
            and self.dice_at_time_call is None
            and call.more == 1
            and not call.chombo_counts
            and self.last_hand_index is not None
            and _counted_since_call(self.hands[self.last_hand_index :], call) == 0
        )

    @property
    def label(self) -> str:
        """The round label of the hand being played (``E1``, ``S4``, ``W1``...)."""
        return round_label(self.round_index, self.dealer)

    @property
    def hand_label(self) -> str:
        """The label with honba, as a table says it: ``E1``, ``S4-2``."""
        return self.label if not self.honba else f"{self.label}-{self.honba}"

    @property
    def in_riichi(self) -> frozenset[Seat]:
        """Who is in riichi in the hand being played."""
        return frozenset(self.riichi_this_hand)

    @property
    def records(self) -> tuple[HandRecord, ...]:
        """The finished hands as entered."""
        return tuple(h.record for h in self.hands)

    def preview(self, result: HandResult) -> Settlement:
        """What ``result`` would do to the table now, without doing it (the GUI's confirmation preview).

        Raises:
            IllegalActionError: when the result is not allowed now.
            ScorekeeperError: for a full hand the engine cannot score.
        """
        self._check_not_ended(result)
        _check_dead_hands(self, result)
        return family_of(self.rules).settle(self, result)

    def position_before(self, index: int) -> GameState:
        """The table as hand ``index`` (0-based) found it, before anyone declared riichi in it.

        ``index`` may be ``len(hands)``: the hand being played (or, once the game ended, the position after the
        last hand, which refuses any result). The position is the one :func:`replay_hands` reaches over the first
        ``index`` hands; it is read from the recorded hands, so it costs nothing (``tests/session`` checks both
        agree). Penalties are left out: they apply after uma and do not move the table.

        Raises:
            IllegalActionError: for an index outside ``0..len(hands)``.
        """
        if not 0 <= index <= len(self.hands):
            raise IllegalActionError(
                f"there is no hand {index + 1}: the game has {len(self.hands)} finished hands",
                code=ErrorCode.NO_SUCH_HAND,
                fields={"hand": index + 1, "hands": len(self.hands)},
            )
        if index == len(self.hands):
            scores = list(self.scores)
            for seat in self.riichi_this_hand:
                scores[seat] += RIICHI_STICK
            return dataclasses.replace(
                self,
                scores=(scores[0], scores[1], scores[2], scores[3]),
                riichi_sticks=self.riichi_sticks - len(self.riichi_this_hand),
                riichi_this_hand=(),
                dead_this_hand=(),
                penalties=(),
            )
        entry = self.hands[index]
        before = tuple(score - delta for score, delta in zip(entry.scores, entry.deltas, strict=True))
        return GameState(
            rules=self.rules,
            players=self.players,
            scores=(before[0], before[1], before[2], before[3]),
            round_index=entry.round_index,
            dealer=entry.dealer,
            honba=entry.honba,
            riichi_sticks=self.hands[index - 1].riichi_sticks if index else 0,
            hands=self.hands[:index],
        )

    def preview_at(
        self, index: int, result: HandResult, riichi: Iterable[Seat], dead: Iterable[Seat] = ()
    ) -> Settlement:
        """What ``result`` would do as hand ``index`` with ``riichi`` declared in it (and the hands of ``dead``
        declared dead after): a new hand, an edit, an insert.

        ``index`` is ``len(hands)`` for the hand being played, the hand's own index for an edit, and the index of
        the hand it goes before for a forgotten hand (which was played in that position). Both families.

        Raises:
            IllegalActionError: for a bad index, a riichi the position refuses, or a result not allowed there.
            ScorekeeperError: for a full hand the engine cannot score.
        """
        position = self.position_before(index)
        for seat in sorted(set(riichi)):
            position = _declare_riichi(position, seat)
        for seat in sorted(set(dead)):
            position = _declare_dead(position, DeadHand(seat))
        return position.preview(result)

    def riichi_refusal(self, seat: Seat) -> RiichiRefusal | None:
        """Why ``seat`` may not declare riichi now, or None when it may (the riichi button asks this)."""
        if self.ended:
            return RiichiRefusal.GAME_ENDED
        if not family_of(self.rules).has_riichi:
            return RiichiRefusal.NO_RIICHI
        if seat in self.riichi_this_hand:
            return RiichiRefusal.ALREADY_DECLARED
        if seat in self.dead_this_hand:
            return RiichiRefusal.DEAD_HAND
        if self.scores[seat] < RIICHI_STICK and not self.rules.table.riichi_below_1000:
            return RiichiRefusal.TOO_FEW_POINTS
        return None

    def score_series(self) -> ScoreSeries:
        """The scores at the start, after each hand and at the end, as the table applied them (the chart)."""
        points = (self.position_before(0).scores, *(hand.scores for hand in self.hands))
        final = self.final.scores if self.final is not None else None
        if final is not None and final != points[-1]:
            return ScoreSeries(points=(*points, final), ends_apart=True)
        return ScoreSeries(points=points, ends_apart=False)

    def standings(self) -> FinalResult:
        """The result sheet as if the game ended now (the final one once it has ended), for live standings."""
        if self.final is not None:
            return self.final
        return _final_result(self)

    def _check_not_ended(self, event: Event) -> None:
        if self.ended:
            reason = self.end_reason.value if self.end_reason else "ended"
            raise IllegalActionError(
                f"the game has already ended ({reason}) after {len(self.hands)} hands; {type(event).__name__} refused",
                code=ErrorCode.GAME_ENDED,
                fields={"hands": len(self.hands), "reason": reason},
            )


def initial_state(rules: Ruleset, players: Sequence[str]) -> GameState:
    """The table before the first hand: everyone at the start score, seat 0 deals East 1.

    Raises:
        IllegalActionError: for anything but four names (each a text of at most 100 characters).
    """
    names = tuple(players)
    if len(names) != 4 or not all(isinstance(n, str) and len(n) <= _MAX_NAME for n in names):
        raise IllegalActionError(f"a game has four player names of at most {_MAX_NAME} characters, got {names!r:.200}")
    start = rules.start_points
    return GameState(rules=rules, players=(names[0], names[1], names[2], names[3]), scores=(start,) * 4)


def apply_events(state: GameState, events: Iterable[Event]) -> GameState:
    """Fold several events into a state."""
    for event in events:
        state = apply_event(state, event)
    return state


def apply_event(state: GameState, event: Event) -> GameState:
    """The state after one event. Pure: ``state`` is not changed.

    Raises:
        IllegalActionError: for an event the table does not allow now (riichi below 1000 points, riichi twice,
            anything but a correction or penalty after the game ended, an abortive draw the ruleset lacks...).
        ScorekeeperError: for a full-hand win the engine cannot score.
    """
    match event:
        case RiichiDeclared():
            return _declare_riichi(state, event.seat)
        case DeadHand():
            return _declare_dead(state, event)
        case Ron() | Tsumo() | ExhaustiveDraw() | NagashiMangan() | AbortiveDraw() | Chombo():
            state._check_not_ended(event)
            return _finish_hand(state, event)
        case RefereePenalty():
            return _with_final(dataclasses.replace(state, penalties=(*state.penalties, event)))
        case EndGame():
            state._check_not_ended(event)
            return _end(state, EndReason.REFEREE)
        case LastHandCalled():
            state._check_not_ended(event)
            if state.last_hand_reason is not None:
                raise IllegalActionError(
                    f"time was already called in {state.hand_label} ({state.last_hand_reason or 'no reason given'}):"
                    " the hand in play is the last; LastHandCalled refused",
                    code=ErrorCode.LAST_HAND_ALREADY_CALLED,
                    fields={"hand": state.hand_label},
                )
            return dataclasses.replace(
                state, last_hand_reason=event.reason, last_hand_index=len(state.hands), last_hand_call=event
            )
        case DiceAtTimeCall():
            state._check_not_ended(event)
            if not state.asks_about_the_dice:
                raise IllegalActionError(
                    "the dice are asked about only once, after time was called under RCR 2016 5.9 (this hand and one"
                    f" more) and before a hand is counted; {state.hand_label} does not ask: DiceAtTimeCall refused"
                )
            assert state.last_hand_call is not None  # asks_about_the_dice
            call = state.last_hand_call if event.thrown else dataclasses.replace(state.last_hand_call, more=0)
            return dataclasses.replace(state, dice_at_time_call=event.thrown, last_hand_call=call)
        case PlayerReplaced():
            return _replace_player(state, event)
        case SubstitutionRemoved():
            return _remove_substitution(state, event)
        case HandEdited():
            _check_index(state, event.index, "edit")
            records = list(state.records)
            records[event.index] = event.hand
            return _rebuild(state, records, f"editing hand {event.index + 1}")
        case HandDeleted():
            _check_index(state, event.index, "delete")
            records = list(state.records)
            del records[event.index]
            # A substitute who came in after the deleted hand came in one hand earlier in the count.
            moved = tuple(
                dataclasses.replace(sub, hand=sub.hand - 1) if sub.hand > event.index else sub
                for sub in state.substitutions
            )
            return _rebuild(state, records, f"deleting hand {event.index + 1}", moved)
        case HandInserted():
            if not 0 <= event.index <= len(state.hands):
                raise IllegalActionError(
                    f"cannot insert a hand at position {event.index + 1}: the game has {len(state.hands)} hands"
                )
            records = list(state.records)
            records.insert(event.index, event.hand)
            # A forgotten hand played before a substitute's first hand: they came in one hand later in the count.
            moved = tuple(
                dataclasses.replace(sub, hand=sub.hand + 1) if sub.hand >= event.index else sub
                for sub in state.substitutions
            )
            return _rebuild(state, records, f"inserting a hand at position {event.index + 1}", moved)
        case _:
            assert_never(event)


def _replace_player(state: GameState, event: PlayerReplaced) -> GameState:
    state._check_not_ended(event)
    taken = [name for seat, name in enumerate(state.players) if seat != event.seat]
    if name_key(event.player) in {name_key(name) for name in taken}:
        raise IllegalActionError(
            f"{event.player} already sits at this table: a substitute for seat {int(event.seat)}"
            f" ({state.players[event.seat]}) must be someone else",
            code=ErrorCode.SUBSTITUTE_ALREADY_SEATED,
            fields={"player": event.player, "seat": int(event.seat), "leaving": state.players[event.seat]},
        )
    if name_key(event.player) == name_key(state.players[event.seat]):
        raise IllegalActionError(
            f"{event.player} already sits at seat {int(event.seat)}: nobody to replace",
            code=ErrorCode.SUBSTITUTE_SAME_PLAYER,
            fields={"player": event.player, "seat": int(event.seat)},
        )
    players = list(state.players)
    substitution = Substitution(
        seat=event.seat, player=event.player, left=players[event.seat], hand=len(state.hands), reason=event.reason
    )
    players[event.seat] = event.player
    return dataclasses.replace(
        state,
        players=(players[0], players[1], players[2], players[3]),
        substitutions=(*state.substitutions, substitution),
    )


def _remove_substitution(state: GameState, event: SubstitutionRemoved) -> GameState:
    """The game as if the latest substitution of ``event.player`` at ``event.seat`` had never been made."""
    key = name_key(event.player)
    found = [k for k, sub in enumerate(state.substitutions) if sub.seat == event.seat and name_key(sub.player) == key]
    if not found:
        raise IllegalActionError(
            f"{event.player} did not come in at seat {int(event.seat)} ({state.starting_players[event.seat]}'s): "
            "no substitution to take out",
            code=ErrorCode.NO_SUCH_SUBSTITUTION,
            fields={"player": event.player, "leaving": state.starting_players[event.seat]},
        )
    remaining = state.substitutions[: found[-1]] + state.substitutions[found[-1] + 1 :]
    return _rebuild(state, list(state.records), f"taking out the substitution of {event.player}", remaining)


def _check_index(state: GameState, index: int, verb: str) -> None:
    if not 0 <= index < len(state.hands):
        raise IllegalActionError(
            f"cannot {verb} hand {index + 1}: the game has {len(state.hands)} finished hands",
            code=ErrorCode.NO_SUCH_HAND,
            fields={"hand": index + 1, "hands": len(state.hands)},
        )


def _declare_riichi(state: GameState, seat: Seat) -> GameState:
    refusal = state.riichi_refusal(seat)
    who = f"seat {int(seat)} ({state.players[seat]})"
    match refusal:
        case None:
            pass
        case RiichiRefusal.GAME_ENDED:
            state._check_not_ended(RiichiDeclared(seat))
        case RiichiRefusal.NO_RIICHI:
            raise IllegalActionError(
                f"{who} cannot declare riichi: ruleset {state.rules.name!r} is of the"
                f" {state.rules.family.value} family (seed 003), which has no riichi",
                code=ErrorCode.RIICHI_NOT_IN_FAMILY,
                fields={"player": state.players[seat], "ruleset": state.rules.name},
            )
        case RiichiRefusal.ALREADY_DECLARED:
            raise IllegalActionError(
                f"{who} already declared riichi this hand",
                code=ErrorCode.RIICHI_ALREADY_DECLARED,
                fields={"player": state.players[seat]},
            )
        case RiichiRefusal.DEAD_HAND:
            raise IllegalActionError(
                f"{who} cannot declare riichi: their hand was declared dead this hand (RCR 2016 3.4.7, EMA 2025"
                " 3.3.14)",
                code=ErrorCode.RIICHI_DEAD_HAND,
                fields={"player": state.players[seat]},
            )
        case RiichiRefusal.TOO_FEW_POINTS:
            raise IllegalActionError(
                f"{who} has {state.scores[seat]} points: riichi needs 1000 under ruleset {state.rules.name!r}",
                code=ErrorCode.RIICHI_TOO_FEW_POINTS,
                fields={"player": state.players[seat], "points": state.scores[seat]},
            )
        case _:
            assert_never(refusal)
    scores = list(state.scores)
    scores[seat] -= RIICHI_STICK
    return dataclasses.replace(
        state,
        scores=(scores[0], scores[1], scores[2], scores[3]),
        riichi_sticks=state.riichi_sticks + 1,
        riichi_this_hand=tuple(sorted((*state.riichi_this_hand, seat))),
    )


def _declare_dead(state: GameState, event: DeadHand) -> GameState:
    state._check_not_ended(event)
    if event.seat in state.dead_this_hand:
        raise IllegalActionError(
            f"seat {int(event.seat)} ({state.players[event.seat]})'s hand was already declared dead this hand",
            code=ErrorCode.DEAD_HAND_ALREADY,
            fields={"player": state.players[event.seat]},
        )
    return dataclasses.replace(state, dead_this_hand=tuple(sorted((*state.dead_this_hand, event.seat))))


def _check_dead_hands(state: GameState, result: HandResult) -> None:
    """Refuse a result that has a dead hand win or show tenpai (RCR 2016 3.4.7: "not allowed to declare a win ...
    and can never be considered tenpai"; EMA 2025 3.3.14 and 3.3.8: "If a player's hand has been declared to be a
    dead hand, they are noten")."""
    if not state.dead_this_hand:
        return
    dead = set(state.dead_this_hand)
    match result:
        case Ron():
            seats = [win.seat for win in result.wins]
            what = "win"
        case Tsumo():
            seats = [result.win.seat]
            what = "win"
        case ExhaustiveDraw():
            seats = list(result.tenpai)
            what = "be tenpai at the draw"
        case NagashiMangan():
            seats = [*result.seats, *result.tenpai]
            what = "make nagashi mangan or be tenpai"
        case AbortiveDraw() | Chombo():
            seats = []
            what = ""
        case _:
            assert_never(result)
    for seat in seats:
        if seat in dead:
            raise IllegalActionError(
                f"seat {int(seat)} ({state.players[seat]}) cannot {what}: their hand was declared dead this hand"
                " (RCR 2016 3.4.7, EMA 2025 3.3.14)",
                code=ErrorCode.DEAD_HAND_REFUSED,
                fields={"player": state.players[seat]},
            )


def _counted_since_call(entries: Sequence[HandEntry], call: LastHandCalled) -> int:
    """The hands played since time was called that count among the hands it left: every hand, or every hand but a
    chombo (RCR 2016 5.9: a chombo "does not count as a hand played")."""
    return sum(1 for entry in entries if call.chombo_counts or not isinstance(entry.record.result, Chombo))


def _finish_hand(state: GameState, result: HandResult) -> GameState:
    settlement = state.preview(result)
    scores = [s + d for s, d in zip(state.scores, settlement.deltas, strict=True)]
    deltas = list(settlement.deltas)
    for seat in state.riichi_this_hand:
        deltas[seat] -= RIICHI_STICK
    after_scores = (scores[0], scores[1], scores[2], scores[3])
    advance = family_of(state.rules).advance(state, after_scores, settlement)
    entry = HandEntry(
        record=HandRecord(tuple(state.riichi_this_hand), result, tuple(state.dead_this_hand)),
        label=state.label,
        round_index=state.round_index,
        dealer=state.dealer,
        honba=state.honba,
        settlement=settlement,
        deltas=(deltas[0], deltas[1], deltas[2], deltas[3]),
        scores=after_scores,
        riichi_sticks=advance.riichi_sticks,
    )
    after = dataclasses.replace(
        state,
        scores=entry.scores,
        round_index=advance.round_index,
        dealer=advance.dealer,
        honba=advance.honba,
        riichi_sticks=advance.riichi_sticks,
        riichi_this_hand=(),
        dead_this_hand=(),
        hands=(*state.hands, entry),
    )
    if advance.end is not None:
        # The game ends in the position reached: keep the labels of the hand just played, for display.
        after = dataclasses.replace(after, round_index=state.round_index, dealer=state.dealer, honba=state.honba)
        return _end(after, advance.end)
    call = state.last_hand_call
    # Time was called during this hand or the one before: once the hands it left are played, the game ends as an
    # EndGame right after them would end it (the position reached, the same sheet). Under ``finish_hand`` a chombo
    # ends it too; RCR 2016 5.9 does not count a chombo, EMA 2025 7.4 does.
    if (
        call is not None
        and state.last_hand_index is not None
        and _counted_since_call(after.hands[state.last_hand_index :], call) > call.more
    ):
        return dataclasses.replace(_end(after, EndReason.REFEREE), last_hand_ended=True)
    return after


def _penalties(state: GameState) -> tuple[Penalty, ...]:
    referee = tuple(Penalty(seat=p.seat, points=p.points, reason=p.reason) for p in state.penalties)
    return (*family_of(state.rules).penalties(state), *referee)


def _end(state: GameState, reason: EndReason) -> GameState:
    return _with_final(dataclasses.replace(state, ended=True, end_reason=reason))


def _with_final(state: GameState) -> GameState:
    if not state.ended:
        return state
    return dataclasses.replace(state, final=_final_result(state))


def _final_result(state: GameState) -> FinalResult:
    """The result sheet by the family's rules: riichi's uma and oka, or the classical change from the start."""
    return family_of(state.rules).final_result(state, _penalties(state))


def replay_hands(
    rules: Ruleset,
    players: Sequence[str],
    hands: Iterable[HandRecord],
    *,
    last_hand: tuple[int, LastHandCalled] | None = None,
    substitutions: Sequence[tuple[int, PlayerReplaced]] = (),
) -> GameState:
    """The state after playing ``hands`` from the start.

    ``last_hand`` is ``(index, call)``: time was called while hand ``index`` (0-based; the number of hands for
    after the last) was in play, so that hand ends the game; a hand after it is refused as after any end.
    ``substitutions`` are ``(index, event)``: a substitute came in before hand ``index`` (0-based; the number of
    hands for the hand in play).

    Raises:
        IllegalActionError: naming the first hand that cannot be played (``hand 7 (S3, 1 honba): ...``).
        ScorekeeperError: likewise for a full hand the engine cannot score.
    """
    state = initial_state(rules, players)
    number = 0
    for number, hand in enumerate(hands, start=1):
        state = _substitute(state, [sub for index, sub in substitutions if index == number - 1], number)
        if last_hand is not None and last_hand[0] == number - 1:
            state = _call_last_hand(state, last_hand[1], number)
        state = _play_hand(state, hand, number)
    state = _substitute(state, [sub for index, sub in substitutions if index >= number], number + 1)
    if last_hand is not None and last_hand[0] >= number:
        state = _call_last_hand(state, last_hand[1], number + 1)
    return state


def _substitute(state: GameState, substitutions: Sequence[PlayerReplaced], number: int) -> GameState:
    for sub in substitutions:
        try:
            state = apply_event(state, sub)
        except ScorekeeperError as error:
            raise _wrap(error, f"the substitute {sub.player} before hand {number}") from None
    return state


def _call_last_hand(state: GameState, call: LastHandCalled, number: int) -> GameState:
    try:
        return apply_event(state, call)
    except ScorekeeperError as error:
        raise _wrap(error, f"the last hand called before hand {number}") from None


def _play_hand(state: GameState, hand: HandRecord, number: int) -> GameState:
    if state.ended:
        where = f"hand {number}"
    elif not family_of(state.rules).has_honba:
        where = f"hand {number} ({state.label})"
    else:
        where = f"hand {number} ({state.label}, {state.honba} honba)"
    try:
        for seat in hand.riichi:
            state = apply_event(state, RiichiDeclared(seat))
        for seat in hand.dead:
            state = apply_event(state, DeadHand(seat))
        return apply_event(state, hand.result)
    except ScorekeeperError as error:
        raise _wrap(error, where) from None


def _wrap(error: ScorekeeperError, where: str) -> ScorekeeperError:
    """The same kind of error with the hand named in front (errors with extra fields become IllegalActionError)."""
    try:
        return type(error)(f"{where}: {error}")
    except TypeError:
        return IllegalActionError(f"{where}: {error}")


def _stranded(
    state: GameState,
    records: list[HandRecord],
    last_hand: tuple[int, LastHandCalled] | None,
    substitutions: tuple[Substitution, ...],
) -> tuple[Substitution, ...]:
    """The substitutions a refused replay had no place for: every hand plays without them (a substitution moves
    no point), the game then ends after the last hand, and they came in after it. Empty when that is not why."""
    if not substitutions:
        return ()
    try:
        bare = replay_hands(state.rules, state.starting_players, records, last_hand=last_hand)
    except ScorekeeperError:
        return ()  # refused for another reason
    if not bare.ended:
        return ()
    return tuple(sub for sub in substitutions if sub.hand >= len(records))


def _rebuild(
    state: GameState, records: list[HandRecord], doing: str, substitutions: tuple[Substitution, ...] | None = None
) -> GameState:
    """Replay corrected hands, then the riichi of the hand in play, the penalties and a referee's end.

    A referee's :class:`LastHandCalled` keeps its place counted from the end: as many hands before the end as it
    was (a correction that takes a hand away moves it one hand earlier), so the hands it left are still the last.
    """
    call = state.last_hand_call
    from_end = len(state.hands) - state.last_hand_index if state.last_hand_index is not None else 0
    before_last = call is not None and from_end > 0
    last_hand = (max(0, len(records) - from_end), call) if call is not None and before_last else None
    subs = state.substitutions if substitutions is None else substitutions
    try:
        rebuilt = replay_hands(
            state.rules,
            state.starting_players,
            records,
            last_hand=last_hand,
            substitutions=[
                (sub.hand, PlayerReplaced(seat=sub.seat, player=sub.player, reason=sub.reason)) for sub in subs
            ],
        )
        if not rebuilt.ended:
            if call is not None and not before_last:
                rebuilt = apply_event(rebuilt, call)
            for seat in state.riichi_this_hand:
                rebuilt = apply_event(rebuilt, RiichiDeclared(seat))
            for seat in state.dead_this_hand:
                rebuilt = apply_event(rebuilt, DeadHand(seat))
    except ScorekeeperError as error:
        stranded = _stranded(state, records, last_hand, subs)
        if stranded:
            raise StrandedSubstituteError(doing, stranded, len(records)) from None
        raise IllegalActionError(
            f"{doing} is refused: {error}", code=ErrorCode.CORRECTION_REFUSED, fields={"error": error}
        ) from None
    # The dice answer stays with the call (the call as answered was replayed above).
    answer = state.dice_at_time_call if rebuilt.last_hand_call is not None else None
    rebuilt = dataclasses.replace(rebuilt, penalties=state.penalties, dice_at_time_call=answer)
    if state.end_reason is EndReason.REFEREE and not rebuilt.ended:
        return _end(rebuilt, EndReason.REFEREE)
    return _with_final(rebuilt)
