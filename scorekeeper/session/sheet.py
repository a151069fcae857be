"""A game as a person reads it on paper: the rows and figures of a game's record sheet (issue 12, "Records").

The PDF (``scorekeeper.documents``), the CSV (``scorekeeper.storage.records``) and the command line's ``replay``
lay these out; none of them adds, subtracts or looks a rule up. Every figure here is one the session already
worked out: each hand's settlement (deltas, values, sticks and honba after), the final result (score, uma and oka,
penalties, points, place) and the scores after each hand for the chart.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, assert_never

from scorekeeper.engine.points import Limit
from scorekeeper.session.chombo_errors import ChomboError, chombo_citation
from scorekeeper.session.events import (
    AbortiveDraw,
    Chombo,
    ExhaustiveDraw,
    HandResult,
    NagashiMangan,
    Ron,
    Tsumo,
)
from scorekeeper.session.rules import ChomboSettlement, Family, RiichiRules
from scorekeeper.session.seats import Seat
from scorekeeper.session.settlement import RiichiSettlement
from scorekeeper.session.standings import FinalResult, Penalty
from scorekeeper.session.state import EndReason, GameState, HandEntry, initial_state
from scorekeeper.session.substitution import SeatShare, seat_shares

__all__ = [
    "FinalRow",
    "GameSheet",
    "HandRow",
    "ResultKind",
    "WinLine",
    "game_sheet",
    "result_kind",
]

Four = tuple[int, int, int, int]


class ResultKind:
    """The record format's result types (``ron``, ``tsumo``, ``draw``, ``nagashi``, ``abort``, ``chombo``)."""

    RON = "ron"
    TSUMO = "tsumo"
    DRAW = "draw"
    NAGASHI = "nagashi"
    ABORT = "abort"
    CHOMBO = "chombo"


def result_kind(result: HandResult) -> str:
    """The result's type as the game-record format names it (a :class:`ResultKind` value)."""
    match result:
        case Ron():
            return ResultKind.RON
        case Tsumo():
            return ResultKind.TSUMO
        case ExhaustiveDraw():
            return ResultKind.DRAW
        case NagashiMangan():
            return ResultKind.NAGASHI
        case AbortiveDraw():
            return ResultKind.ABORT
        case Chombo():
            return ResultKind.CHOMBO
        case _:
            assert_never(result)


@dataclass(frozen=True, slots=True, kw_only=True)
class WinLine:
    """One paid win of a hand, with the value the session settled it at.

    Attributes:
        seat: the winner.
        han: han (None for a yakuman or a classical win).
        fu: fu (None for a yakuman or a classical win).
        yakuman: the yakuman multiplier (0 if not a yakuman).
        limit: the riichi limit reached (mangan...), if any.
        points: a classical win's value in table points (seed 003, C); None for riichi.
        pao: the seat liable for the win (pao), if any.
    """

    seat: Seat
    han: int | None = None
    fu: int | None = None
    yakuman: int = 0
    limit: Limit | None = None
    points: int | None = None
    pao: Seat | None = None


@dataclass(frozen=True, slots=True, kw_only=True)
class HandRow:
    """One finished hand.

    Attributes:
        number: 1 for the first hand of the game.
        label: the round label (``E1``, ``S4``...).
        honba: the hand's honba.
        replay: the hand replays the one before it (after a chombo), so it has the same label.
        kind: the result type (:class:`ResultKind`).
        wins: the paid wins, nearest the discarder first.
        discarder: who dealt in (a ron).
        tenpai: who was tenpai (an exhaustive draw or nagashi mangan).
        nagashi: who made nagashi mangan.
        abort: the abortive draw's reason (record format value).
        chombo: who made the chombo.
        chombo_points: what the chombo costs: paid at the hand (the offender's loss) or, under an after-uma
            ruleset, taken from the points at the end (negative); 0 if no chombo.
        chombo_after_uma: the chombo's cost is taken after uma (pending until the end of the game).
        chombo_error: which error the chombo was, when the table said (``scorekeeper.session.chombo_errors``).
        chombo_cited: where the game's text punishes that error ("EMA 2025 6.8"), or empty.
        riichi: who declared riichi in the hand, seat order.
        deltas: each seat's change over the hand, riichi sticks put down included.
        dead: whose hands were declared dead in the hand, seat order (RCR 2016 3.4.7, EMA 2025 3.3.14).
        scores: the scores after the hand.
        riichi_sticks: the sticks left on the table after the hand.
        result: the result as entered.
        players: who sat at each seat in this hand, seat 0 first (a substitute who took a seat during the game
            plays from their first hand on: the hands before are the one's who left).
    """

    number: int
    label: str
    honba: int
    replay: bool
    kind: str
    wins: tuple[WinLine, ...]
    discarder: Seat | None
    tenpai: tuple[Seat, ...]
    nagashi: tuple[Seat, ...]
    abort: str | None
    chombo: Seat | None
    chombo_points: int
    chombo_after_uma: bool
    chombo_error: ChomboError | None = None
    chombo_cited: str = ""
    riichi: tuple[Seat, ...]
    deltas: Four
    scores: Four
    riichi_sticks: int
    result: HandResult
    players: tuple[str, str, str, str]
    dead: tuple[Seat, ...] = ()

    @property
    def hand_label(self) -> str:
        """The label with honba, as a table says it: ``E1``, ``S4-2``."""
        return self.label if not self.honba else f"{self.label}-{self.honba}"

    @property
    def winners(self) -> tuple[Seat, ...]:
        """The paid winners, nearest the discarder first."""
        return tuple(w.seat for w in self.wins)


@dataclass(frozen=True, slots=True, kw_only=True)
class FinalRow:
    """One seat's line of the final table.

    Attributes:
        seat: the seat.
        place: 1-4.
        score: the score after leftover sticks.
        uma_oka_tenths: the uma and oka received, tenths of a point (None where the family has none: classical).
        penalties: the penalties applied after uma, table points (0 if none).
        points_tenths: the plus-minus after penalties, tenths of a point.
    """

    seat: Seat
    place: int
    score: int
    uma_oka_tenths: int | None
    penalties: int
    points_tenths: int


@dataclass(frozen=True, slots=True, kw_only=True)
class GameSheet:
    """Everything a game's record shows.

    Attributes:
        preset: the ruleset's preset name.
        overrides: the knobs changed from the preset, as sorted (knob, value) pairs.
        family: the rules' family.
        players: the four names, seat 0 (the first dealer) first.
        start: the scores at the start.
        hands: the finished hands, in order.
        penalties: the penalties taken after uma (after-uma chombos and the referee's), in order.
        ended: the game is over.
        end_reason: why it ended (an :class:`EndReason` value), if it did.
        final: the final table in place order (the standings as if it ended now, for a game still running).
        leftover_sticks: the riichi sticks on the table at the end.
        starting_players: the four who sat down at the start (``players`` names who sits now).
        shares: each seat's result as credited to those who sat there (``seat_shares``: one per seat, or one per
            player at a seat a substitute took during the game).
        penalty_players: whose each penalty after uma is, in ``penalties`` order (``seat_shares``' reading: a
            chombo is the one's who made it).
    """

    preset: str
    overrides: tuple[tuple[str, Any], ...]
    family: Family
    players: tuple[str, str, str, str]
    start: Four
    hands: tuple[HandRow, ...]
    penalties: tuple[Penalty, ...]
    ended: bool
    end_reason: EndReason | None
    final: tuple[FinalRow, ...]
    leftover_sticks: int
    starting_players: tuple[str, str, str, str]
    shares: tuple[SeatShare, ...]
    penalty_players: tuple[str, ...]

    @property
    def substituted(self) -> bool:
        """Whether a substitute took a seat during the game."""
        return len(self.shares) > len(Seat)

    @property
    def seat_names(self) -> tuple[str, str, str, str]:
        """Each seat's players in the order they sat, ``/``-joined (``Bo / Sub``): a seat's column heading."""
        names = [" / ".join(share.player for share in self.shares if share.seat == seat) for seat in Seat]
        return (names[0], names[1], names[2], names[3])

    @property
    def labels(self) -> tuple[str, ...]:
        """The chart's x labels: the start, then each hand's label with honba."""
        return ("", *(h.hand_label for h in self.hands))

    @property
    def series(self) -> tuple[Four, ...]:
        """The chart's values: the scores at the start and after each hand."""
        return (self.start, *(h.scores for h in self.hands))

    @property
    def ruleset_name(self) -> str:
        """The preset, marked ``(modified)`` when a knob was overridden: ``tenhou (modified)``."""
        return f"{self.preset} (modified)" if self.overrides else self.preset


def _wins(entry: HandEntry) -> tuple[WinLine, ...]:
    settlement = entry.settlement
    pao: dict[Seat, Seat | None] = {}
    result = entry.record.result
    if isinstance(result, Ron | Tsumo):
        for win in result.wins if isinstance(result, Ron) else (result.win,):
            pao[win.seat] = win.pao
    if not isinstance(settlement, RiichiSettlement):
        # Imported for a classical game's sheet only: a riichi table's history never needs the classical family
        # (issue 24: the cold start).
        from scorekeeper.session.classical import ClassicalHandSettlement

        assert isinstance(settlement, ClassicalHandSettlement), "a family whose wins the sheet does not know"
        return tuple(WinLine(seat=v.seat, points=v.value, pao=pao.get(v.seat)) for v in settlement.values)
    return tuple(
        WinLine(
            seat=w.seat,
            han=w.value.han if not w.value.yakuman else None,
            fu=w.value.fu if not w.value.yakuman else None,
            yakuman=w.value.yakuman,
            limit=w.value.limit,
            pao=w.pao if w.pao is not None else pao.get(w.seat),
        )
        for w in settlement.wins
    )


def _riichi(entry: HandEntry) -> RiichiSettlement | None:
    """The hand's riichi settlement, or None for another family's (which has no abort and no replay)."""
    return entry.settlement if isinstance(entry.settlement, RiichiSettlement) else None


def _abort(entry: HandEntry) -> str | None:
    """The abortive draw an entered abort turned out to be, by its persisted value; None for any other result."""
    result = entry.record.result
    if not isinstance(result, AbortiveDraw):
        return None
    riichi = _riichi(entry)
    return (riichi.abort if riichi is not None and riichi.abort is not None else result.reason).value


def _hand_row(state: GameState, number: int, entry: HandEntry, replay: bool) -> HandRow:
    result = entry.record.result
    chombo = result.seat if isinstance(result, Chombo) else None
    after_uma = False
    chombo_points = 0
    if chombo is not None:
        game = state.rules.game
        if isinstance(game, RiichiRules) and game.table.chombo is ChomboSettlement.AFTER_UMA:
            after_uma = True
            chombo_points = -game.table.chombo_points
        else:
            chombo_points = entry.settlement.deltas[chombo]
    return HandRow(
        number=number,
        label=entry.label,
        honba=entry.honba,
        replay=replay,
        kind=result_kind(result),
        wins=_wins(entry),
        discarder=result.discarder if isinstance(result, Ron) else None,
        tenpai=result.tenpai if isinstance(result, ExhaustiveDraw | NagashiMangan) else (),
        nagashi=result.seats if isinstance(result, NagashiMangan) else (),
        abort=_abort(entry),
        chombo=chombo,
        chombo_points=chombo_points,
        chombo_after_uma=after_uma,
        chombo_error=result.error if isinstance(result, Chombo) else None,
        chombo_cited=chombo_citation(result.error, state.rules) if isinstance(result, Chombo) and result.error else "",
        riichi=tuple(sorted(entry.record.riichi)),
        dead=tuple(sorted(entry.record.dead)),
        deltas=entry.deltas,
        scores=entry.scores,
        riichi_sticks=entry.riichi_sticks,
        result=result,
        players=(
            state.player_at(Seat.SEAT_0, number - 1),
            state.player_at(Seat.SEAT_1, number - 1),
            state.player_at(Seat.SEAT_2, number - 1),
            state.player_at(Seat.SEAT_3, number - 1),
        ),
    )


def _final_rows(final: FinalResult) -> tuple[FinalRow, ...]:
    penalties = dict.fromkeys(Seat, 0)
    for penalty in final.penalties:
        penalties[penalty.seat] += penalty.points
    uma_oka = final.uma_oka_tenths
    rows = [
        FinalRow(
            seat=seat,
            place=final.places[seat],
            score=final.scores[seat],
            uma_oka_tenths=None if uma_oka is None else uma_oka[seat],
            penalties=penalties[seat],
            points_tenths=final.points_tenths[seat],
        )
        for seat in Seat
    ]
    return tuple(sorted(rows, key=lambda r: (r.place, int(r.seat))))


def game_sheet(state: GameState) -> GameSheet:
    """The record sheet of a game (finished or not: a running game's final table is its standings now)."""
    rows: list[HandRow] = []
    replay = False
    for number, entry in enumerate(state.hands, start=1):
        rows.append(_hand_row(state, number, entry, replay))
        riichi = _riichi(entry)
        replay = riichi is not None and riichi.replayed
    final = state.standings()
    shares = seat_shares(state, final)
    # seat_shares hands each seat's penalties to its shares in sheet order (the family's in hand order, then the
    # referee's), so a seat's penalties taken in order are its shares' in the order they sat.
    owners: dict[Seat, list[str]] = {seat: [] for seat in Seat}
    for share in shares:
        owners[share.seat].extend(share.player for _ in share.penalties)
    queues = {seat: iter(names) for seat, names in owners.items()}
    return GameSheet(
        preset=state.rules.preset,
        overrides=state.rules.overrides,
        family=state.rules.family,
        players=state.players,
        start=initial_state(state.rules, state.starting_players).scores,
        hands=tuple(rows),
        penalties=final.penalties,
        ended=state.ended,
        end_reason=state.end_reason,
        final=_final_rows(final),
        leftover_sticks=final.leftover_sticks,
        starting_players=state.starting_players,
        shares=shares,
        penalty_players=tuple(next(queues[p.seat], state.players[p.seat]) for p in final.penalties),
    )
