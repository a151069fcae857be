"""The two families of rules behind one interface: what a family decides at the table (python-chess's variants).

The fold (``scorekeeper.session.state``) is one board for both families: it asks the game's family to settle a
result in a position, to move to the next position (and say whether and why the game ends), and to make the final
table, and never switches on the family itself. A family is looked up by the ruleset's :class:`Family`:

* :class:`RiichiFamily`: honba, riichi sticks and the table rules' end of game ([issue3] "End of game"), settled by
  ``scorekeeper.session.settlement.settle``; uma and oka by ``scorekeeper.session.standings.final_result``.
* :class:`ClassicalFamily` (seed 003): no riichi and no honba, East rotation and the classical result sheet, from
  ``scorekeeper.session.classical``.
"""

from __future__ import annotations

import abc
import enum
from dataclasses import dataclass
from typing import TYPE_CHECKING, ClassVar

from scorekeeper.engine.tiles import Wind
from scorekeeper.session.chombo_errors import chombo_citation
from scorekeeper.session.classical_rules import ClassicalGameRules
from scorekeeper.session.events import Chombo, ExhaustiveDraw, HandResult, NagashiMangan
from scorekeeper.session.reasons import ReasonCode, format_reason
from scorekeeper.session.rules import ChomboSettlement, Family, RiichiRules, Ruleset, TableRules, TripleRon
from scorekeeper.session.seats import ROUND_LETTERS, Seat
from scorekeeper.session.settlement import RiichiSettlement, Settlement, settle
from scorekeeper.session.standings import FinalResult, Penalty, final_result

if TYPE_CHECKING:
    from scorekeeper.session.classical import ClassicalHandSettlement
    from scorekeeper.session.state import GameState

__all__ = ["Advance", "ClassicalFamily", "EndReason", "RiichiFamily", "TableFamily", "family_of"]

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
class Advance:
    """The position after a hand, and whether the game ends there.

    Attributes:
        round_index: the next hand's round (0 East, 1 South...).
        dealer: the next hand's dealer.
        honba: the next hand's honba.
        riichi_sticks: the sticks left on the table.
        end: why the game ends after this hand, or None.
    """

    round_index: int
    dealer: Seat
    honba: int
    riichi_sticks: int
    end: EndReason | None


class TableFamily(abc.ABC):
    """What a family of rules decides at the table, and what it has: the GUI asks these instead of telling the
    families apart itself (python-chess's variants declare theirs the same way: ``uci_variant``, ``tbw_suffix``...).
    """

    #: The family's players may declare riichi (sticks on the table, a riichi button per seat).
    has_riichi: ClassVar[bool]
    #: The family counts honba (a hand is named "S3, 2 honba").
    has_honba: ClassVar[bool]
    #: A false win is recorded as a chombo result of its own (else the referee's penalty is how it is paid).
    has_chombo: ClassVar[bool]
    #: A hand may end in an abortive draw (where the table rules allow them: :meth:`has_abortive_draws`).
    has_abortive_draw_results: ClassVar[bool]
    #: Who is tenpai at an exhaustive draw counts (noten payments, the dealer's repeat).
    has_tenpai_at_draw: ClassVar[bool]
    #: A win's value is han and fu or a limit (from tiles, the yaku, or called out); else one number of table
    #: points, from tiles or called out.
    values_in_han_fu: ClassVar[bool]

    def has_abortive_draws(self, rules: Ruleset) -> bool:
        """Whether a hand of ``rules`` may end in an abortive draw."""
        return self.has_abortive_draw_results

    def table_rules(self, rules: Ruleset) -> TableRules | None:
        """The riichi table rules of ``rules`` (draw payments, uma and oka, the dialogs show them), or None."""
        return None

    def most_ron_winners(self, rules: Ruleset) -> int:
        """How many players may ron one discard under ``rules``."""
        return 1

    @abc.abstractmethod
    def settle(self, position: GameState, result: HandResult) -> Settlement:
        """Who pays whom for ``result`` in ``position`` (the riichi declared in it included).

        Raises:
            IllegalActionError: a result the family or the ruleset does not have, or one that contradicts the hand.
            ScorekeeperError: for a full hand the engine cannot score.
        """

    @abc.abstractmethod
    def advance(self, before: GameState, scores: tuple[int, int, int, int], settlement: Settlement) -> Advance:
        """The next position after ``settlement`` in ``before`` (the scores after it given), and any end."""

    @abc.abstractmethod
    def penalties(self, state: GameState) -> tuple[Penalty, ...]:
        """The penalties the family's rules add after uma for the hands played (the referee's come after)."""

    @abc.abstractmethod
    def final_result(self, state: GameState, penalties: tuple[Penalty, ...]) -> FinalResult:
        """The final table of ``state`` with ``penalties`` applied after uma."""


class RiichiFamily(TableFamily):
    """The Japanese family (seeds 000, 001, 002, 004): han and fu, honba, riichi sticks, uma and oka."""

    has_riichi = True
    has_honba = True
    has_chombo = True
    has_abortive_draw_results = True
    has_tenpai_at_draw = True
    values_in_han_fu = True

    def has_abortive_draws(self, rules: Ruleset) -> bool:
        """Where the table rules name any (``TableRules.abortive_draws``)."""
        return bool(self._game(rules).table.abortive_draws)

    def table_rules(self, rules: Ruleset) -> TableRules:
        """The ruleset's riichi table rules."""
        return self._game(rules).table

    def most_ron_winners(self, rules: Ruleset) -> int:
        """One without double ron (the nearest winner takes it: head bump); three where a triple ron is paid, else
        two (a triple ron is then an abortive draw, or head-bumped)."""
        table = self._game(rules).table
        if not table.double_ron:
            return 1
        return 3 if table.triple_ron is TripleRon.ALLOWED else 2

    @staticmethod
    def _game(rules: Ruleset) -> RiichiRules:
        game = rules.game
        assert isinstance(game, RiichiRules), "family_of() gave the riichi family to another family's game"
        return game

    @staticmethod
    def _own(settlement: Settlement) -> RiichiSettlement:
        assert isinstance(settlement, RiichiSettlement), "the fold gave the riichi family another family's settlement"
        return settlement

    def settle(self, position: GameState, result: HandResult) -> RiichiSettlement:
        """Settle by the ruleset's table knobs (``scorekeeper.session.settlement.settle``)."""
        return settle(
            position.rules,
            result,
            dealer=position.dealer,
            honba=position.honba,
            riichi_sticks=position.riichi_sticks,
            riichi_this_hand=position.riichi_this_hand,
            round_index=position.round_index,
            dead_this_hand=position.dead_this_hand,
        )

    def advance(self, before: GameState, scores: tuple[int, int, int, int], settlement: Settlement) -> Advance:
        """Renchan or rotation; the end by bust, last hand, extension, agari-yame or tenpai-yame ([issue3])."""
        settlement = self._own(settlement)
        round_index, dealer = before.round_index, before.dealer
        if not settlement.dealer_repeats:
            dealer = dealer.next
            if dealer == Seat.SEAT_0:
                round_index += 1
        return Advance(
            round_index=round_index,
            dealer=dealer,
            honba=settlement.honba_after,
            riichi_sticks=settlement.riichi_sticks_after,
            end=_end_reason(before, scores, settlement),
        )

    def penalties(self, state: GameState) -> tuple[Penalty, ...]:
        """A chombo settled after uma (``ChomboSettlement.AFTER_UMA``) is a penalty on the final table."""
        table = self._game(state.rules).table
        if table.chombo is not ChomboSettlement.AFTER_UMA:
            return ()
        return tuple(
            Penalty(
                seat=result.seat,
                points=-table.chombo_points,
                # worded by a window: read_reason; the error, when said, with its section of the game's text
                reason=format_reason(
                    ReasonCode.CHOMBO,
                    hand=entry.label,
                    error=result.error,
                    cited="" if result.error is None else chombo_citation(result.error, state.rules),
                ),
            )
            for entry in state.hands
            if isinstance(result := entry.record.result, Chombo)
        )

    def final_result(self, state: GameState, penalties: tuple[Penalty, ...]) -> FinalResult:
        """Uma and oka by the table rules (``scorekeeper.session.standings.final_result``)."""
        return final_result(self._game(state.rules).table, state.scores, state.riichi_sticks, penalties)


class ClassicalFamily(TableFamily):
    """The classical Chinese point-and-double family (seed 003): no riichi, no honba, East rotation."""

    has_riichi = False
    has_honba = False
    has_chombo = False  # a false win is paid as the referee's penalty (seed 003)
    has_abortive_draw_results = False
    has_tenpai_at_draw = False
    values_in_han_fu = False  # one winner per hand (the default most_ron_winners), valued in table points

    @staticmethod
    def _game(rules: Ruleset) -> ClassicalGameRules:
        game = rules.game
        assert isinstance(game, ClassicalGameRules), "family_of() gave the classical family to a riichi game"
        return game

    def settle(self, position: GameState, result: HandResult) -> ClassicalHandSettlement:
        """Settle by the classical table knobs (``settle_classical_result``)."""
        # The classical modules are imported by the classical family's first use: a riichi table never needs them
        # (issue 24: the cold start).
        from scorekeeper.session.classical import settle_classical_result

        return settle_classical_result(
            self._game(position.rules),
            result,
            dealer=position.dealer,
            round_wind=_ROUND_WINDS[position.round_index % 4],
            riichi_this_hand=position.riichi_this_hand,
        )

    def advance(self, before: GameState, scores: tuple[int, int, int, int], settlement: Settlement) -> Advance:
        """East rotation; the game ends after the last round (``advance_classical``)."""
        from scorekeeper.session.classical import advance_classical

        round_index, dealer, ended = advance_classical(
            before.round_index, before.dealer, settlement.dealer_repeats, self._game(before.rules).table
        )
        end = EndReason.LAST_HAND if ended else None
        return Advance(round_index=round_index, dealer=dealer, honba=0, riichi_sticks=0, end=end)

    def penalties(self, state: GameState) -> tuple[Penalty, ...]:
        """None: the family names no penalty of its own (seed 003)."""
        return ()

    def final_result(self, state: GameState, penalties: tuple[Penalty, ...]) -> FinalResult:
        """The change from the start, with the family's uma (``classical_final_result``)."""
        from scorekeeper.session.classical import classical_final_result

        return classical_final_result(self._game(state.rules).table, state.scores, penalties)


_FAMILIES: dict[Family, TableFamily] = {Family.RIICHI: RiichiFamily(), Family.CLASSICAL: ClassicalFamily()}


def family_of(rules: Ruleset) -> TableFamily:
    """The family the ruleset's game is played by."""
    return _FAMILIES[rules.family]


def _is_first(scores: tuple[int, ...], seat: Seat) -> bool:
    """Whether ``seat`` is first, ties broken by seat order ([issue3] tenhou.net agari-yame)."""
    return all(scores[seat] > scores[s] or (scores[seat] == scores[s] and seat <= s) for s in Seat)


def _end_reason(before: GameState, scores: tuple[int, int, int, int], settlement: RiichiSettlement) -> EndReason | None:
    """Whether the game ends after this hand, and why ([issue3] "End of game"; [issue9] 1 for tenhou.net).

    Each step is a table knob (``TableRules``): ``bust``; ``agari_yame`` and ``tenpai_yame`` in the last regular
    hand and in every extension hand; ``dealer_repeat_priority``; ``extension`` and ``extension_rounds``;
    ``abortive_draw_ends``.
    """
    table = before.rules.table
    if table.bust and min(scores) < 0:
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
    reached = max(scores) >= table.target_points
    if settlement.dealer_repeats:
        dealer = before.dealer
        stops = (dealer in settlement.winners and table.agari_yame) or (
            table.tenpai_yame and not settlement.winners and settlement.abort is None and _tenpai(settlement, dealer)
        )
        enough = not table.extension or scores[dealer] >= table.target_points
        if stops and enough and _is_first(scores, dealer):
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


def _tenpai(settlement: RiichiSettlement, seat: Seat) -> bool:
    result = settlement.result
    return isinstance(result, (ExhaustiveDraw, NagashiMangan)) and seat in result.tenpai
