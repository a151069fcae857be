"""A game's record as a document: title, players, ruleset, every hand, penalties, the final table and the chart.

Every figure is the session's (:func:`scorekeeper.session.sheet.game_sheet`); this module only words and lays them
out. Words go through ``translate``: the GUI passes its translator (context ``Documents``), the command line
``storage.record_words.record_translator`` for its ``--lang``; the Japanese of both is ``record_words.JA_RECORDS``.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

from scorekeeper.documents._document import Document, PageSize
from scorekeeper.session.chombo_errors import chombo_error_words
from scorekeeper.session.reasons import word_reason
from scorekeeper.session.rules import Family
from scorekeeper.session.sheet import GameSheet, HandRow, ResultKind, WinLine

__all__ = ["DocumentInfo", "format_hand_result", "format_signed", "format_tenths", "game_document", "write_game_pdf"]

Translate = Callable[[str], str]

_SEAT_WINDS = ("East", "South", "West", "North")


def _same(text: str) -> str:
    return text


@dataclass(frozen=True, slots=True, kw_only=True)
class DocumentInfo:
    """What the record says about where and when, beyond the game itself.

    Attributes:
        title: the document's title.
        date: the day of the game, as it should be printed (``2026-11-23``).
        venue: where it was played ("" if not given).
        table: the table's name or number ("" if not given).
    """

    title: str = "Game record"
    date: str = ""
    venue: str = ""
    table: str = ""


def format_signed(points: int) -> str:
    """A change in table points: ``+8,000``, ``-2,600``, ``0``."""
    return f"{points:+,}" if points else "0"


def format_tenths(tenths: int) -> str:
    """Plus-minus points from tenths: ``+45.0``, ``-12.3``, ``0.0``."""
    sign = "+" if tenths > 0 else "-" if tenths < 0 else ""
    return f"{sign}{abs(tenths) // 10}.{abs(tenths) % 10}"


def _value(win: WinLine, tr: Translate) -> str:
    if win.points is not None:
        return tr("{points} points").format(points=f"{win.points:,}")
    if win.yakuman:
        return tr("Yakuman") if win.yakuman == 1 else tr("{n}x yakuman").format(n=win.yakuman)
    if win.limit is not None:
        return tr("{limit} ({han} han)").format(limit=tr(win.limit.value.capitalize()), han=win.han)
    return tr("{han} han {fu} fu").format(han=win.han, fu=win.fu)


def format_hand_result(row: HandRow, names: tuple[str, ...], tr: Translate = _same) -> str:
    """What happened in a hand, in words: ``Ron: Aiko (3 han 40 fu, pao Chen) from Bruno``."""

    def win_text(win: WinLine) -> str:
        value = _value(win, tr)
        if win.pao is not None:
            value = tr("{value}, pao {name}").format(value=value, name=names[win.pao])
        return f"{names[win.seat]} ({value})"

    match row.kind:
        case ResultKind.RON:
            assert row.discarder is not None
            winners = "; ".join(win_text(w) for w in row.wins)
            text = tr("Ron: {winners} from {discarder}").format(winners=winners, discarder=names[row.discarder])
        case ResultKind.TSUMO:
            text = tr("Tsumo: {winner}").format(winner="; ".join(win_text(w) for w in row.wins))
        case ResultKind.DRAW:
            if not row.tenpai:
                text = tr("Draw: all noten")
            else:
                text = tr("Draw: tenpai {seats}").format(seats=", ".join(names[s] for s in row.tenpai))
        case ResultKind.NAGASHI:
            text = tr("Nagashi mangan: {seats}").format(seats=", ".join(names[s] for s in row.nagashi))
        case ResultKind.ABORT:
            text = tr("Abortive draw: {reason}").format(reason=tr((row.abort or "").replace("_", " ")))
        case ResultKind.CHOMBO:
            assert row.chombo is not None
            if row.chombo_after_uma:
                amount = tr("{points} after uma").format(points=format_signed(row.chombo_points))
            else:
                amount = format_signed(row.chombo_points)
            text = tr("Chombo: {name} ({amount})").format(name=names[row.chombo], amount=amount)
            if row.chombo_error is not None:  # the error's words, and where the game's text gives it
                said = tr(chombo_error_words(row.chombo_error))
                text += f": {said} ({row.chombo_cited})" if row.chombo_cited else f": {said}"
        case _:  # pragma: no cover - ResultKind is closed
            text = row.kind
    return text


def _label(row: HandRow, tr: Translate) -> str:
    return tr("{label} (replay)").format(label=row.hand_label) if row.replay else row.hand_label


def _override_value(value: object) -> str:
    return value if isinstance(value, str) else json.dumps(value)


def game_document(sheet: GameSheet, info: DocumentInfo = DocumentInfo(), translate: Translate = _same) -> Document:
    """The record of a game as a :class:`Document`."""
    tr = translate
    subtitle = [
        " · ".join(
            part
            for part in (
                info.date,
                tr("Venue: {venue}").format(venue=info.venue) if info.venue else "",
                tr("Table: {table}").format(table=info.table) if info.table else "",
            )
            if part
        ),
        tr("Ruleset: {name}").format(name=sheet.ruleset_name),
    ]
    doc = Document(info.title, subtitle=subtitle)
    if sheet.overrides:
        doc.add_paragraph(
            tr("Changed from {preset}: {knobs}").format(
                preset=sheet.preset, knobs=", ".join(f"{k} = {_override_value(v)}" for k, v in sheet.overrides)
            ),
            muted=True,
        )

    doc.add_heading(tr("Players"))
    doc.add_table(
        (tr("Seat"), tr("First wind"), tr("Player"), tr("Start")),
        [
            (
                int(share.seat) + 1,
                tr(_SEAT_WINDS[share.seat]),
                share.player
                if not share.first_hand
                else tr("{name} (from hand {first})").format(name=share.player, first=share.first_hand + 1),
                f"{sheet.start[share.seat]:,}" if not share.first_hand else "",
            )
            for share in sheet.shares
        ],
        numeric=(0, 3),
        widths=(10, 20, 50, 20),
    )

    doc.add_heading(tr("Final table") if sheet.ended else tr("Standings (the game has not ended)"))
    doc.add_table(
        (tr("Place"), tr("Seat"), tr("Player"), tr("Score"), tr("Uma/oka"), tr("Penalties"), tr("Points")),
        [
            (
                r.place,
                int(r.seat) + 1,
                sheet.seat_names[r.seat],  # the seat's result: "Bo / Sub" where a substitute took it
                f"{r.score:,}",
                "" if r.uma_oka_tenths is None else format_tenths(r.uma_oka_tenths),
                format_signed(r.penalties) if r.penalties else "",
                format_tenths(r.points_tenths),
            )
            for r in sheet.final
        ],
        numeric=(0, 1, 3, 4, 5, 6),
        bold=(6,),
        widths=(8, 8, 28, 14, 14, 14, 14),
    )
    if sheet.substituted:
        # Who is credited with what at every seat (seat_shares, as the tournament standings): the one who left
        # has the seat's change while they sat, the one who finished the rest with the place.
        doc.add_heading(tr("Players credited"))
        doc.add_table(
            (tr("Seat"), tr("Player"), tr("From hand"), tr("Points")),
            [
                (
                    int(x.seat) + 1,
                    x.player,
                    x.first_hand + 1,
                    format_tenths(x.points_tenths + x.penalties_tenths),
                )
                for x in sheet.shares
            ],
            numeric=(0, 2, 3),
            bold=(3,),
            widths=(10, 50, 20, 20),
        )
    if sheet.leftover_sticks:
        doc.add_paragraph(
            tr("Riichi sticks left on the table at the end: {n}.").format(n=sheet.leftover_sticks), muted=True
        )
    if sheet.penalties:
        doc.add_heading(tr("Penalties after uma"))
        doc.add_table(
            (tr("Player"), tr("Points"), tr("Reason")),
            [
                (who, format_signed(p.points), word_reason(p.reason, tr))
                for p, who in zip(sheet.penalties, sheet.penalty_players, strict=True)
            ],
            numeric=(1,),
            widths=(30, 20, 50),
        )

    doc.add_heading(tr("Hands"))
    if sheet.hands:
        riichi_sticks = sheet.family is Family.RIICHI
        header = [tr("#"), tr("Hand"), tr("Result"), *sheet.seat_names]
        if riichi_sticks:
            header.append(tr("Sticks"))  # riichi sticks left on the table
        rows: list[list[object]] = []
        for row in sheet.hands:
            result = format_hand_result(row, row.players, tr)  # who sat at each seat in this hand
            if row.riichi:
                result += "\n" + tr("Riichi: {names}").format(names=", ".join(row.players[s] for s in row.riichi))
            if row.dead:
                result += "\n" + tr("Dead hand: {names}").format(names=", ".join(row.players[s] for s in row.dead))
            cells: list[object] = [row.number, _label(row, tr), result, *(format_signed(d) for d in row.deltas)]
            if riichi_sticks:
                cells.append(row.riichi_sticks)
            rows.append(cells)
        doc.add_table(
            header, rows, numeric=(0, 3, 4, 5, 6, 7), widths=(4, 12, 40, 9, 9, 9, 9, 8), wrap_headings=(3, 4, 5, 6)
        )
        doc.add_paragraph(
            tr("Each player's change over the hand (riichi sticks put down included); Sticks: left on the table.")
            if riichi_sticks
            else tr("Each player's change over the hand."),
            muted=True,
        )
    else:
        doc.add_paragraph(tr("No hands were played."), muted=True)

    if sheet.hands:
        doc.add_heading(tr("Scores over the game"))
        doc.add_chart(sheet.seat_names, sheet.labels, sheet.series)
    return doc


def write_game_pdf(
    path: Path,
    sheet: GameSheet,
    info: DocumentInfo = DocumentInfo(),
    *,
    page_size: PageSize = PageSize.A4,
    translate: Translate = _same,
) -> None:
    """Write a game's record as a PDF, atomically.

    Raises:
        SaveFileError: the file cannot be written.
    """
    game_document(sheet, info, translate).write_pdf(path, page_size=page_size)
