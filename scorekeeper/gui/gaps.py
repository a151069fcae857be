"""The words for the point gaps of a seat panel (the arithmetic is ``scorekeeper.session.gaps``, issue 11).

Only :func:`describe_gaps` and its helpers speak (translated) words; what a player needs is worked out by the
session.
"""

from __future__ import annotations

import html

from PySide6.QtCore import QCoreApplication

from scorekeeper.gui.labels import format_points, limit_name
from scorekeeper.session import Gap, HandNeeded

__all__ = ["describe_gaps", "describe_hand", "format_call"]

_CONTEXT = "PointGaps"


def _t(text: str) -> str:
    return QCoreApplication.translate(_CONTEXT, text)


def format_call(hand: HandNeeded) -> str:
    """The hand as the table calls it: ``3,900`` (ron), ``1,300/2,600`` or ``2,600 all`` (tsumo)."""
    if hand.ron:
        return format_points(hand.ron)
    if hand.dealer_pays:
        return f"{format_points(hand.others_pay)}/{format_points(hand.dealer_pays)}"
    return _t("{points} all").format(points=format_points(hand.others_pay))


def describe_hand(hand: HandNeeded) -> str:
    """The hand's han and fu (``4 han 30 fu``) or its limit's name (``Baiman``)."""
    if hand.limit is not None:
        return limit_name(hand.limit)
    return _t("{han} han {fu} fu").format(han=hand.han, fu=hand.fu)


def describe_gaps(gaps: tuple[Gap, ...], names: tuple[str, ...]) -> str:
    """The gaps as rich text for a seat panel: a small table of the players ahead, then what the figures include.

    For each player ahead, their lead and the cheapest direct hit (a ron off them), ron off someone else, and tsumo,
    as the table calls them; one line for the players behind; and a sentence saying what is counted. A seat panel
    is small, so the table is compact; the words say the rest.
    """

    def name_of(seat: int) -> str:
        return html.escape(names[seat] if seat < len(names) else str(seat))

    def cell(hand: HandNeeded | None) -> str:
        return "—" if hand is None else html.escape(format_call(hand))

    ahead = [gap for gap in gaps if gap.difference >= 0]
    behind = [gap for gap in gaps if gap.difference < 0]
    valued = [gap for gap in ahead if gap.valued]
    parts = []
    if valued:
        # One heading for the three columns, then per player ahead a line saying by how much and a row of figures:
        # narrow enough for a seat panel, with a plain sentence a test (or a screen reader) can find.
        titles = (_t("direct hit"), _t("other ron"), _t("tsumo"))
        # Headings and figures are never broken inside ("他家ロ|ン", "2,000/4,0|00": issue 24).
        rows = [
            "<tr>" + "".join(f"<th style='white-space:nowrap'>{html.escape(title)}</th>" for title in titles) + "</tr>"
        ]
        for gap in valued:
            if gap.difference:
                lead = _t("{name} leads by {points}.").format(
                    name=name_of(gap.other), points=format_points(gap.difference)
                )
            else:
                lead = _t("{name} has as many points as you.").format(name=name_of(gap.other))
            hands = (gap.direct_hit_hand, gap.third_party_hand, gap.tsumo_hand)
            rows.append(f"<tr><td colspan='3' align='left'><b>{lead}</b></td></tr>")
            rows.append(
                "<tr>"
                + "".join(f"<td align='center' style='white-space:nowrap'>{cell(hand)}</td>" for hand in hands)
                + "</tr>"
            )
        parts.append("<table cellspacing='0' cellpadding='3' align='center' width='100%'>" + "".join(rows) + "</table>")
    for gap in ahead:
        if not gap.valued:
            text = _t("{name} leads by {points}.").format(name=name_of(gap.other), points=format_points(gap.difference))
            parts.append(f"<div>{text}</div>")
    if behind:
        players = ", ".join(f"{name_of(g.other)} ({format_points(-g.difference)})" for g in behind)
        parts.append(f"<div>{_t('You lead {players}.').format(players=players)}</div>")
    if valued:
        notes = []
        if any(None in (g.direct_hit_hand, g.third_party_hand, g.tsumo_hand) for g in valued):
            notes.append(_t("— : not even a yakuman is enough."))
        first = valued[0]
        if first.honba or first.riichi_sticks:
            notes.append(
                _t("The smallest win that puts you ahead, counting {honba} honba and {sticks} riichi sticks.").format(
                    honba=first.honba, sticks=first.riichi_sticks
                )
            )
        else:
            notes.append(_t("The smallest win that puts you ahead (no honba or riichi sticks on the table)."))
        parts.extend(f"<div><small>{html.escape(note)}</small></div>" for note in notes)
    return "".join(parts)
