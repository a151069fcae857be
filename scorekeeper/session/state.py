"""The game state and the pure fold that makes it: ``apply_event(state, event) -> state``.

Every way of reaching a state (playing, undo and redo, editing an old hand, replaying a record, reopening after a
crash) folds events with :func:`apply_event` from :func:`initial_state`. The fold is shared by the two families of
rules; a finished hand goes to the family's settlement (riichi: ``scorekeeper.session.settlement.settle``; classical,
seed 003: ``scorekeeper.session.classical.settle_classical_result``), and so do the next position, the end and the
final result. A classical game's ``honba`` and ``riichi_sticks`` stay 0. Invariants, checked after every event in
the tests: the scores plus the sticks on the table always make ``4 x start_points``; honba and sticks are never
negative; the dealer matches the round label.
"""

from __future__ import annotations

import dataclasses
import enum
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import assert_never

from scorekeeper.engine.tiles import Wind
from scorekeeper.errors import IllegalActionError, ScorekeeperError
from scorekeeper.session.classical import (
    ClassicalGameRules,
    advance_classical,
    classical_final_result,
    settle_classical_result,
)
from scorekeeper.session.events import (
    AbortiveDraw,
    Chombo,
    EndGame,
    Event,
    ExhaustiveDraw,
    HandDeleted,
    HandEdited,
    HandInserted,
    HandRecord,
    HandResult,
    NagashiMangan,
    RefereePenalty,
    RiichiDeclared,
    Ron,
    Tsumo,
)
from scorekeeper.session.rules import ChomboSettlement, RiichiRules, Ruleset
from scorekeeper.session.seats import ROUND_LETTERS, Seat, round_label
from scorekeeper.session.settlement import RIICHI_STICK, Settlement, settle
from scorekeeper.session.standings import FinalResult, Penalty, final_result

__all__ = [
    "EndReason",
    "GameState",
    "HandEntry",
    "apply_event",
    "apply_events",
    "initial_state",
    "replay_hands",
]

_MAX_NAME = 100
_ROUND_WINDS = tuple(Wind(letter) for letter in ROUND_LETTERS)


class EndReason(enum.StrEnum):
    """Why the game ended; persisted by value."""

    LAST_HAND = "last_hand"  # the last regular hand was played and the dealership passed
    TARGET = "target"  # in the extension round, the dealership passed and someone had the target score
    EXTENSION_OVER = "extension_over"  # the extension round's last hand was played
    BUST = "bust"  # a score went below zero
    AGARI_YAME = "agari_yame"  # the leading dealer stopped after winning the last hand
    TENPAI_YAME = "tenpai_yame"  # the leading dealer stopped after being tenpai at the last hand's draw
    REFEREE = "referee"  # the referee ended the game (time limit...)


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
        hands: the finished hands.
        penalties: the referee's penalties, in order.
        ended: the game is over.
        end_reason: why it ended, if it did.
        final: the result sheet, once ended.
    """

    rules: Ruleset
    players: tuple[str, str, str, str]
    scores: tuple[int, int, int, int]
    round_index: int = 0
    dealer: Seat = Seat.SEAT_0
    honba: int = 0
    riichi_sticks: int = 0
    riichi_this_hand: tuple[Seat, ...] = ()
    hands: tuple[HandEntry, ...] = ()
    penalties: tuple[RefereePenalty, ...] = ()
    ended: bool = False
    end_reason: EndReason | None = None
    final: FinalResult | None = None

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
        game = self.rules.game
        match game:
            case RiichiRules():
                return settle(
                    self.rules,
                    result,
                    dealer=self.dealer,
                    honba=self.honba,
                    riichi_sticks=self.riichi_sticks,
                    riichi_this_hand=self.riichi_this_hand,
                    round_index=self.round_index,
                )
            case ClassicalGameRules():
                return settle_classical_result(
                    game,
                    result,
                    dealer=self.dealer,
                    round_wind=_ROUND_WINDS[self.round_index % 4],
                    riichi_this_hand=self.riichi_this_hand,
                )
            case _:
                assert_never(game)

    def standings(self) -> FinalResult:
        """The result sheet as if the game ended now (the final one once it has ended), for live standings."""
        if self.final is not None:
            return self.final
        return _final_result(self)

    def _check_not_ended(self, event: Event) -> None:
        if self.ended:
            reason = self.end_reason.value if self.end_reason else "ended"
            raise IllegalActionError(
                f"the game has already ended ({reason}) after {len(self.hands)} hands; {type(event).__name__} refused"
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
            state._check_not_ended(event)
            return _declare_riichi(state, event.seat)
        case Ron() | Tsumo() | ExhaustiveDraw() | NagashiMangan() | AbortiveDraw() | Chombo():
            state._check_not_ended(event)
            return _finish_hand(state, event)
        case RefereePenalty():
            return _with_final(dataclasses.replace(state, penalties=(*state.penalties, event)))
        case EndGame():
            state._check_not_ended(event)
            return _end(state, EndReason.REFEREE)
        case HandEdited():
            _check_index(state, event.index, "edit")
            records = list(state.records)
            records[event.index] = event.hand
            return _rebuild(state, records, f"editing hand {event.index + 1}")
        case HandDeleted():
            _check_index(state, event.index, "delete")
            records = list(state.records)
            del records[event.index]
            return _rebuild(state, records, f"deleting hand {event.index + 1}")
        case HandInserted():
            if not 0 <= event.index <= len(state.hands):
                raise IllegalActionError(
                    f"cannot insert a hand at position {event.index + 1}: the game has {len(state.hands)} hands"
                )
            records = list(state.records)
            records.insert(event.index, event.hand)
            return _rebuild(state, records, f"inserting a hand at position {event.index + 1}")
        case _:
            assert_never(event)


def _check_index(state: GameState, index: int, verb: str) -> None:
    if not 0 <= index < len(state.hands):
        raise IllegalActionError(f"cannot {verb} hand {index + 1}: the game has {len(state.hands)} finished hands")


def _declare_riichi(state: GameState, seat: Seat) -> GameState:
    if not isinstance(state.rules.game, RiichiRules):
        raise IllegalActionError(
            f"seat {int(seat)} ({state.players[seat]}) cannot declare riichi: ruleset {state.rules.name!r} is of the"
            f" {state.rules.family.value} family (seed 003), which has no riichi"
        )
    if seat in state.riichi_this_hand:
        raise IllegalActionError(f"seat {int(seat)} ({state.players[seat]}) already declared riichi this hand")
    if state.scores[seat] < RIICHI_STICK and not state.rules.table.riichi_below_1000:
        raise IllegalActionError(
            f"seat {int(seat)} ({state.players[seat]}) has {state.scores[seat]} points: riichi needs 1000"
            f" under ruleset {state.rules.name!r}"
        )
    scores = list(state.scores)
    scores[seat] -= RIICHI_STICK
    return dataclasses.replace(
        state,
        scores=(scores[0], scores[1], scores[2], scores[3]),
        riichi_sticks=state.riichi_sticks + 1,
        riichi_this_hand=tuple(sorted((*state.riichi_this_hand, seat))),
    )


def _finish_hand(state: GameState, result: HandResult) -> GameState:
    settlement = state.preview(result)
    scores = [s + d for s, d in zip(state.scores, settlement.deltas, strict=True)]
    deltas = list(settlement.deltas)
    for seat in state.riichi_this_hand:
        deltas[seat] -= RIICHI_STICK
    entry = HandEntry(
        record=HandRecord(tuple(state.riichi_this_hand), result),
        label=state.label,
        round_index=state.round_index,
        dealer=state.dealer,
        honba=state.honba,
        settlement=settlement,
        deltas=(deltas[0], deltas[1], deltas[2], deltas[3]),
        scores=(scores[0], scores[1], scores[2], scores[3]),
        riichi_sticks=settlement.riichi_sticks_after,
    )
    game = state.rules.game
    if isinstance(game, ClassicalGameRules):
        return _finish_classical_hand(state, game, settlement, entry)
    round_index, dealer = state.round_index, state.dealer
    if not settlement.dealer_repeats:
        dealer = dealer.next
        if dealer == Seat.SEAT_0:
            round_index += 1
    after = dataclasses.replace(
        state,
        scores=entry.scores,
        round_index=round_index,
        dealer=dealer,
        honba=settlement.honba_after,
        riichi_sticks=settlement.riichi_sticks_after,
        riichi_this_hand=(),
        hands=(*state.hands, entry),
    )
    reason = _end_reason(state, after, settlement)
    if reason is not None:
        # The game ends in the position reached: keep the labels of the hand just played, for display.
        after = dataclasses.replace(after, round_index=state.round_index, dealer=state.dealer, honba=state.honba)
        return _end(after, reason)
    return after


def _finish_classical_hand(
    state: GameState, game: ClassicalGameRules, settlement: Settlement, entry: HandEntry
) -> GameState:
    """The classical family's East rotation and end (``scorekeeper.session.classical.next_position``)."""
    round_index, dealer, ended = advance_classical(
        state.round_index, state.dealer, settlement.dealer_repeats, game.table
    )
    after = dataclasses.replace(
        state, scores=entry.scores, round_index=round_index, dealer=dealer, hands=(*state.hands, entry)
    )
    return _end(after, EndReason.LAST_HAND) if ended else after


def _is_first(scores: tuple[int, ...], seat: Seat) -> bool:
    """Whether ``seat`` is first, ties broken by seat order ([issue3] tenhou.net agari-yame)."""
    return all(scores[seat] > scores[s] or (scores[seat] == scores[s] and seat <= s) for s in Seat)


def _end_reason(before: GameState, after: GameState, settlement: Settlement) -> EndReason | None:
    """Whether the game ends after this hand, and why ([issue3] "End of game"; [issue9] 1 for tenhou.net).

    Each step is a table knob (``TableRules``): ``bust``; ``agari_yame`` and ``tenpai_yame`` in the last regular
    hand and in every extension hand; ``dealer_repeat_priority``; ``extension`` and ``extension_rounds``;
    ``abortive_draw_ends``.
    """
    table = before.rules.table
    if table.bust and min(after.scores) < 0:
        return EndReason.BUST  # [issue3] tenhou: strictly below zero ends the game at once
    if settlement.replayed:
        return None  # a chombo replays the hand: the round does not move
    if settlement.abort is not None and not table.abortive_draw_ends:
        return None  # [issue9] 1: an abortive draw never ends the game (tenhou.net)
    regular = table.regular_rounds
    last_seat = before.dealer == Seat.SEAT_3
    in_extension = before.round_index >= regular
    if not in_extension and not (before.round_index == regular - 1 and last_seat):
        return None  # not yet the last regular hand (South 4, or East 4 of a tonpuusen)
    reached = max(after.scores) >= table.target_points
    if settlement.dealer_repeats:
        dealer = before.dealer
        stops = (dealer in settlement.winners and table.agari_yame) or (
            table.tenpai_yame and not settlement.winners and settlement.abort is None and _tenpai(settlement, dealer)
        )
        enough = not table.extension or after.scores[dealer] >= table.target_points
        if stops and enough and _is_first(after.scores, dealer):
            return EndReason.AGARI_YAME if dealer in settlement.winners else EndReason.TENPAI_YAME
        if table.dealer_repeat_priority:
            return None  # [issue9] 1: the dealer's repeat plays on, even when another player reached the target
        # Without the priority a repeat ends the game whenever a pass would (below).
    if in_extension:
        # The extension, in sudden death: it ends once anyone has the target ([issue9] 1: noten payments count).
        if reached:
            return EndReason.TARGET
        last_round = regular + table.extension_rounds - 1
        if before.round_index >= last_round and last_seat and not settlement.dealer_repeats:
            return EndReason.EXTENSION_OVER  # [issue9] 1: after West 4 whenever the dealership passes
        return None
    if table.extension and not reached:
        return None  # on to the extension round
    return EndReason.LAST_HAND


def _tenpai(settlement: Settlement, seat: Seat) -> bool:
    result = settlement.result
    return isinstance(result, (ExhaustiveDraw, NagashiMangan)) and seat in result.tenpai


def _penalties(state: GameState) -> tuple[Penalty, ...]:
    out: list[Penalty] = []
    game = state.rules.game
    if isinstance(game, RiichiRules):
        table = game.table
        for entry in state.hands:
            result = entry.record.result
            if isinstance(result, Chombo) and table.chombo is ChomboSettlement.AFTER_UMA:
                out.append(Penalty(seat=result.seat, points=-table.chombo_points, reason=f"chombo in {entry.label}"))
    out.extend(Penalty(seat=p.seat, points=p.points, reason=p.reason) for p in state.penalties)
    return tuple(out)


def _end(state: GameState, reason: EndReason) -> GameState:
    return _with_final(dataclasses.replace(state, ended=True, end_reason=reason))


def _with_final(state: GameState) -> GameState:
    if not state.ended:
        return state
    return dataclasses.replace(state, final=_final_result(state))


def _final_result(state: GameState) -> FinalResult:
    """The result sheet by the family's rules: riichi's uma and oka, or the classical change from the start."""
    game = state.rules.game
    match game:
        case RiichiRules():
            return final_result(game.table, state.scores, state.riichi_sticks, _penalties(state))
        case ClassicalGameRules():
            return classical_final_result(game.table, state.scores, _penalties(state))
        case _:
            assert_never(game)


def replay_hands(rules: Ruleset, players: Sequence[str], hands: Iterable[HandRecord]) -> GameState:
    """The state after playing ``hands`` from the start.

    Raises:
        IllegalActionError: naming the first hand that cannot be played (``hand 7 (S3, 1 honba): ...``).
        ScorekeeperError: likewise for a full hand the engine cannot score.
    """
    state = initial_state(rules, players)
    for number, hand in enumerate(hands, start=1):
        state = _play_hand(state, hand, number)
    return state


def _play_hand(state: GameState, hand: HandRecord, number: int) -> GameState:
    if state.ended:
        where = f"hand {number}"
    elif isinstance(state.rules.game, ClassicalGameRules):
        where = f"hand {number} ({state.label})"  # the classical family has no honba
    else:
        where = f"hand {number} ({state.label}, {state.honba} honba)"
    try:
        for seat in hand.riichi:
            state = apply_event(state, RiichiDeclared(seat))
        return apply_event(state, hand.result)
    except ScorekeeperError as error:
        raise _wrap(error, where) from None


def _wrap(error: ScorekeeperError, where: str) -> ScorekeeperError:
    """The same kind of error with the hand named in front (errors with extra fields become IllegalActionError)."""
    try:
        return type(error)(f"{where}: {error}")
    except TypeError:
        return IllegalActionError(f"{where}: {error}")


def _rebuild(state: GameState, records: list[HandRecord], doing: str) -> GameState:
    """Replay corrected hands, then the riichi of the hand in play, the penalties and a referee's end."""
    try:
        rebuilt = replay_hands(state.rules, state.players, records)
        if not rebuilt.ended:
            for seat in state.riichi_this_hand:
                rebuilt = apply_event(rebuilt, RiichiDeclared(seat))
    except ScorekeeperError as error:
        raise IllegalActionError(f"{doing} is refused: {error}") from None
    rebuilt = dataclasses.replace(rebuilt, penalties=state.penalties)
    if state.end_reason is EndReason.REFEREE and not rebuilt.ended:
        return _end(rebuilt, EndReason.REFEREE)
    return _with_final(rebuilt)
