"""Plain sentences for what happened in a hand and who pays whom: the history and the payment preview.

Every value shown is explained where it is shown (issue 6, "every value explained"): a riichi win by its han and fu
or limit, a classical win by its points and doubles (the engine's breakdown, seed 003) or as the value the table
called out.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, assert_never

from PySide6.QtCore import QCoreApplication

from scorekeeper.engine.points import PointValue
from scorekeeper.gui.labels import abort_name, chombo_error_text, format_points, format_signed, limit_name, yaku_name
from scorekeeper.session.events import (
    AbortiveDraw,
    Chombo,
    ExhaustiveDraw,
    HandResult,
    NagashiMangan,
    Ron,
    Tsumo,
    ValueWin,
)
from scorekeeper.session.settlement import RiichiSettlement, Settlement, TransferReason, WinValue
from scorekeeper.session.sheet import HandRow, ResultKind, WinLine
from scorekeeper.session.state import HandEntry

if TYPE_CHECKING:
    from scorekeeper.session.classical import ClassicalHandSettlement

__all__ = [
    "describe_classical_values",
    "describe_hand_row",
    "describe_hand_wins",
    "describe_result",
    "describe_settlement",
    "describe_value",
]

_CONTEXT = "Describe"


def _t(text: str) -> str:
    return QCoreApplication.translate(_CONTEXT, text)


def _classical(settlement: Settlement | None) -> ClassicalHandSettlement | None:
    """``settlement`` if it is the classical family's; None for riichi's or none.

    The classical module is imported for a settlement that is not riichi's only: a riichi table's history never
    needs it (issue 24: the cold start).
    """
    if settlement is None or isinstance(settlement, RiichiSettlement):
        return None
    from scorekeeper.session.classical import ClassicalHandSettlement

    return settlement if isinstance(settlement, ClassicalHandSettlement) else None


def describe_value(value: PointValue, *, in_brackets: bool = False) -> str:
    """``3 han 40 fu``, ``Mangan (5 han)``, ``Yakuman``, ``2× yakuman``; ``in_brackets``: ``Mangan, 5 han``, for
    a line that puts the value in brackets itself (``Ron: Bruno (Mangan, 5 han) from Aiko``)."""
    if value.han is None:
        return _t("Yakuman") if value.yakuman == 1 else _t("{n}× yakuman").format(n=value.yakuman)
    if value.limit is not None:
        if in_brackets:
            return _t("{limit}, {han} han").format(limit=limit_name(value.limit), han=value.han)
        return _t("{limit} ({han} han)").format(limit=limit_name(value.limit), han=value.han)
    return _t("{han} han {fu} fu").format(han=value.han, fu=value.fu)


def _riichi_wins(settlement: Settlement | None) -> tuple[WinValue, ...]:
    """The riichi family's paid wins (han and fu or yakuman); none for another family's settlement or none."""
    return settlement.wins if isinstance(settlement, RiichiSettlement) else ()


def describe_result(
    result: HandResult,
    names: tuple[str, ...],
    settlement: Settlement | None = None,
    *,
    classical: bool | None = None,
) -> str:
    """One line for the history: who won from whom and what, or how the hand ended.

    Args:
        result: the hand's result.
        names: the players, seat order.
        settlement: the hand's settlement, for the values of its wins (riichi han and fu, classical points).
        classical: the game is of the classical family (seed 003), which has no tenpai at a draw; None: as the
            settlement says (a :class:`ClassicalHandSettlement`), else riichi.
    """
    classical_settlement = _classical(settlement)
    if classical is None:
        classical = classical_settlement is not None
    values = {int(w.seat): describe_value(w.value, in_brackets=True) for w in _riichi_wins(settlement)}
    if classical_settlement is not None:
        # A classical win's value is one number in table points (seed 003, C), worked out from tiles or called out.
        for classical_value in classical_settlement.values:
            values[int(classical_value.seat)] = _t("{points} points").format(
                points=format_points(classical_value.value)
            )
    if isinstance(result, Ron | Tsumo):
        # A value the table called out (the classical family's ValueWin) reads as its points.
        for win in result.wins if isinstance(result, Ron) else (result.win,):
            if isinstance(win, ValueWin) and int(win.seat) not in values:
                values[int(win.seat)] = _t("{points} points").format(points=format_points(win.value))
    match result:
        case Ron():
            winners = ", ".join(
                f"{names[int(w.seat)]}" + (f" ({values[int(w.seat)]})" if int(w.seat) in values else "")
                for w in result.wins
            )
            return _t("Ron: {winners} from {discarder}").format(winners=winners, discarder=names[int(result.discarder)])
        case Tsumo():
            seat = int(result.win.seat)
            value = f" ({values[seat]})" if seat in values else ""
            return _t("Tsumo: {winner}{value}").format(winner=names[seat], value=value)
        case ExhaustiveDraw():
            if classical:
                return _t("Draw")  # the classical family has no tenpai or noten (session/classical.py)
            if not result.tenpai:
                return _t("Draw: all noten")
            return _t("Draw: tenpai {seats}").format(seats=", ".join(names[int(s)] for s in result.tenpai))
        case NagashiMangan():
            return _t("Nagashi mangan: {seats}").format(seats=", ".join(names[int(s)] for s in result.seats))
        case AbortiveDraw():
            return _t("Abortive draw: {reason}").format(reason=abort_name(result.reason.value))
        case Chombo():
            return _t("Chombo: {seat}").format(seat=names[int(result.seat)])
        case _:
            assert_never(result)


def _win_value(win: WinLine) -> str:
    if win.points is not None:
        return _t("{points} points").format(points=format_points(win.points))
    if win.yakuman:
        return _t("Yakuman") if win.yakuman == 1 else _t("{n}× yakuman").format(n=win.yakuman)
    if win.limit is not None:
        return _t("{limit} ({han} han)").format(limit=limit_name(win.limit.value), han=win.han)
    return _t("{han} han {fu} fu").format(han=win.han, fu=win.fu)


def describe_hand_row(row: HandRow, names: tuple[str, ...], *, classical: bool = False) -> str:
    """What happened in a hand, for its history row (issue 12): each winner with the value and who paid.

    ``Bruno 3 han 30 fu, paid by Aiko`` (a ron), ``Chen Mangan (5 han), paid by all`` (a tsumo), ``Dana Yakuman,
    paid by Aiko and Chen (pao)``; riichi declarations on a line of their own; a chombo with its cost, also when
    it is taken after uma at the end (EMA's 20,000 shows at once, marked as pending). Every figure is the
    session's (``scorekeeper.session.sheet``).
    """
    lines: list[str] = []
    match row.kind:
        case ResultKind.RON:
            assert row.discarder is not None
            discarder = names[row.discarder]
            for win in row.wins:
                if win.pao is not None and win.pao != row.discarder:
                    payer = _t("{discarder} and {pao} (pao)").format(discarder=discarder, pao=names[win.pao])
                else:
                    payer = discarder
                lines.append(
                    _t("Ron: {winner} {value}, paid by {payer}").format(
                        winner=names[win.seat], value=_win_value(win), payer=payer
                    )
                )
        case ResultKind.TSUMO:
            for win in row.wins:
                if win.pao is not None:
                    lines.append(
                        _t("Tsumo: {winner} {value}, paid by {pao} (pao)").format(
                            winner=names[win.seat], value=_win_value(win), pao=names[win.pao]
                        )
                    )
                else:
                    lines.append(
                        _t("Tsumo: {winner} {value}, paid by all").format(winner=names[win.seat], value=_win_value(win))
                    )
        case ResultKind.CHOMBO:
            assert row.chombo is not None
            if row.chombo_after_uma:
                lines.append(
                    _t("Chombo: {name} {points}, taken after uma at the end").format(
                        name=names[row.chombo], points=format_signed(row.chombo_points)
                    )
                )
            else:
                lines.append(
                    _t("Chombo: {name} {points}").format(
                        name=names[row.chombo], points=format_signed(row.chombo_points)
                    )
                )
            if row.chombo_error is not None:
                lines.append(_t("Error: {error}.").format(error=chombo_error_text(row.chombo_error, row.chombo_cited)))
        case _:
            lines.append(describe_result(row.result, names, classical=classical))
    if row.riichi:
        lines.append(_t("Riichi: {names}").format(names=", ".join(names[s] for s in row.riichi)))
    if row.dead:
        lines.append(_t("Dead hand: {names}.").format(names=", ".join(names[s] for s in row.dead)))
    return "\n".join(lines)


def describe_classical_values(settlement: Settlement, names: tuple[str, ...]) -> str:
    """How each classical win's value was found, as lines of text; "" for anything else.

    A hand entered as tiles shows the engine's full breakdown (each point source and double, the rounding, the
    multiplier and the limit: ``classical_breakdown``); a value the table called out says so.
    """
    classical = _classical(settlement)
    if classical is None:
        return ""
    # Imported here: the tile-entry widgets stay out of the app's cold start (benchmarks/bench_gui.py).
    from scorekeeper.gui.widgets.entry_words import classical_breakdown

    lines = []
    for value in classical.values:
        name = names[int(value.seat)]
        if value.score is None:
            lines.append(
                _t("{name}: {points} points, as the table worked them out").format(
                    name=name, points=format_points(value.value)
                )
            )
        else:
            lines.append(_t("{name}: {points} points").format(name=name, points=format_points(value.value)))
            lines.extend("  " + line for line in classical_breakdown(value.score).splitlines())
    return "\n".join(lines)


def describe_hand_wins(entry: HandEntry, names: tuple[str, ...]) -> str:
    """The yaku (with their han), dora and fu of each riichi win of ``entry`` entered as tiles, as lines.

    They are what the session found when it settled the hand (``WinValue.score``, the engine's scoring with the
    table's tsumo and winds filled in), not a scoring of the GUI's own; a win called out as han and fu or as
    yakuman has none, and so has a classical hand (its points and doubles are ``describe_classical_values``).

    Args:
        entry: a hand of the game.
        names: the players, seat order.
    """
    lines = []
    for win in _riichi_wins(entry.settlement):
        score = win.score
        if score is None:
            continue
        seat = int(win.seat)
        items = [
            _t("{yaku} (yakuman)").format(yaku=yaku_name(y.yaku.value))
            if y.yakuman
            else _t("{yaku} {han} han").format(yaku=yaku_name(y.yaku.value), han=y.han)
            for y in score.yaku
        ]
        for count, word in ((score.dora, _t("Dora")), (score.aka, _t("Red fives")), (score.ura, _t("Ura dora"))):
            if count:
                items.append(_t("{yaku} {han} han").format(yaku=word, han=count))
        if score.value.fu is not None and not score.value.yakuman:
            items.append(_t("{fu} fu").format(fu=score.value.fu))
        lines.append(_t("{name}: {items}").format(name=names[seat], items=", ".join(items)))
    return "\n".join(lines)


def describe_settlement(settlement: Settlement, names: tuple[str, ...]) -> str:
    """Who pays whom, line by line (hand, honba, sticks, pao), then each player's change."""
    reasons = {
        TransferReason.HAND: _t("hand"),
        TransferReason.HONBA: _t("honba"),
        TransferReason.RIICHI_STICKS: _t("riichi sticks"),
        TransferReason.RIICHI_RETURNED: _t("riichi stick back"),
        TransferReason.NOTEN: _t("noten"),
        TransferReason.NAGASHI: _t("nagashi mangan"),
        TransferReason.CHOMBO: _t("chombo"),
    }
    lines = []
    for win in _riichi_wins(settlement):
        lines.append(f"{names[int(win.seat)]}: {describe_value(win.value)}")
    for transfer in settlement.transfers:
        payer = _t("the table") if transfer.payer is None else names[int(transfer.payer)]
        reason = reasons.get(transfer.reason, str(transfer.reason))
        if transfer.pao:
            reason = _t("{reason}, pao").format(reason=reason)
        lines.append(
            _t("{payer} → {payee}: {points} ({reason})").format(
                payer=payer, payee=names[int(transfer.payee)], points=format_points(transfer.points), reason=reason
            )
        )
    changes = "   ".join(f"{names[s]} {settlement.deltas[s]:+,}" for s in range(4) if settlement.deltas[s])
    if changes:
        lines.append(changes)
    if not settlement.transfers and not changes:
        lines.append(_t("No points change hands."))
    return "\n".join(lines)
