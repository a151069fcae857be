"""The "Tiles" way of giving a riichi hand's value: tap the tiles in, see the engine's result live.

A thin view over :class:`scorekeeper.session.draft.RiichiDraft` (the Qt-free entry model, issue 11) on the shared
layout of :class:`scorekeeper.gui.widgets.entry_base.TileEntryWidget`: a tile picker; the hand shown as tiles
(tap a tile to remove it); a meld builder (chi, pon, open kan, closed kan, added kan, red fives included); the
winning tile; dora and kan-dora indicators; ura indicators only with riichi; the win conditions offered only when
the engine says they are possible; an mpsz text field kept in sync both ways. On every change the draft asks the
engine (a score, or the waits of a hand one tile short) and this widget shows the yaku, dora, fu, limit and
payments, or a plain sentence saying why there is no result yet. No scoring happens here (STYLE 6).

The text field reads ``123m406p789s11z 789s+chi 5555z+ankan``: the concealed tiles first, then each meld as its
tiles, ``+`` and its type (``chi``, ``pon``, ``minkan``, ``ankan``, ``shouminkan``). When the tiles make a full
hand, the last concealed tile written is the winning tile (the widget always writes it last).
"""

from __future__ import annotations

from PySide6.QtCore import QCoreApplication, QEvent, QObject, QSize
from PySide6.QtGui import QFontMetrics, QIcon
from PySide6.QtWidgets import QHBoxLayout, QLabel, QPushButton, QVBoxLayout, QWidget

from scorekeeper.engine.conditions import CONDITION_NAMES
from scorekeeper.engine.points import Payment
from scorekeeper.engine.rules import HandRules
from scorekeeper.engine.scoring import HandScore
from scorekeeper.engine.tiles import Tile, Wind
from scorekeeper.engine.waits import Refusal, Wait
from scorekeeper.errors import (
    InvalidContextError,
    InvalidHandError,
    NotWinningError,
    NoYakuError,
    ScorekeeperError,
)
from scorekeeper.gui._compat import override
from scorekeeper.gui.error_words import error_detail
from scorekeeper.gui.labels import format_points, limit_name, yaku_name
from scorekeeper.gui.tiles import TILE_ASPECT, is_dark_palette, tile_pixmap
from scorekeeper.gui.widgets.entry_base import COLUMN_GAP, RESULT_MIN_WIDTH, SIDE_MIN_WIDTH, TileEntryWidget
from scorekeeper.gui.widgets.entry_words import condition_name, fu_reason_name, target_hint, target_label
from scorekeeper.gui.widgets.tile_picker import MIN_TILE_HEIGHT, TilePickerWidget, TileRowWidget
from scorekeeper.session.draft import DraftStatus, EntryTarget, RiichiDraft

__all__ = ["CONDITIONS", "RESULT_MIN_WIDTH", "SIDE_MIN_WIDTH", "EntryTarget", "HandEntryWidget"]

#: The win conditions, in the order they are offered (names as in the engine and the JSON input).
CONDITIONS = CONDITION_NAMES


def _t(text: str) -> str:
    return QCoreApplication.translate("HandEntryWidget", text)


def _figures(score: HandScore) -> str:
    """What the table calls out: "Mangan", "Yakuman x2" or "3 han 40 fu"."""
    value = score.value
    if value.han is None:
        if value.yakuman > 1:
            return _t("{limit} x{n}").format(limit=limit_name("yakuman"), n=value.yakuman)
        return limit_name("yakuman")
    figures = _t("{han} han {fu} fu").format(han=value.han, fu=value.fu)
    if value.limit is not None:
        return _t("{limit} ({figures})").format(limit=limit_name(value.limit.value), figures=figures)
    return figures


def _headline(score: HandScore) -> str:
    return _t("{figures} — {points}").format(figures=_figures(score), points=format_points(score.points))


def _payment_text(payment: Payment) -> str:
    if payment.ron is not None:
        return _t("Ron: {points} from the discarder").format(points=format_points(payment.ron))
    if payment.all is not None:
        return _t("Tsumo: {points} from each player").format(points=format_points(payment.all))
    assert payment.dealer is not None and payment.non_dealer is not None
    return _t("Tsumo: {dealer} from the dealer, {other} from each other player").format(
        dealer=format_points(payment.dealer), other=format_points(payment.non_dealer)
    )


def _short_payment(payment: Payment) -> str:
    if payment.ron is not None:
        return format_points(payment.ron)
    if payment.all is not None:
        return _t("{points} all").format(points=format_points(payment.all))
    assert payment.dealer is not None and payment.non_dealer is not None
    return f"{format_points(payment.non_dealer)}/{format_points(payment.dealer)}"


def _plain_error(error: ScorekeeperError) -> str:
    """A plain sentence for an engine refusal, with the engine's own words (quoting the input) after it."""
    detail = error_detail(error)
    if isinstance(error, NoYakuError):
        return _t("No yaku: the hand is complete but has no yaku, so it cannot win (dora alone is not a yaku).")
    if isinstance(error, NotWinningError):
        return _t("Not a winning hand: the tiles do not make four sets and a pair, seven pairs or thirteen orphans.")
    if isinstance(error, InvalidContextError):
        return _t("These win conditions cannot go together: {detail}.").format(detail=detail)
    if isinstance(error, InvalidHandError):
        return _t("This hand cannot exist: {detail}.").format(detail=detail)
    return detail


def _refusal_text(refusal: Refusal) -> str:
    if issubclass(refusal.error, NoYakuError):
        return _t("no yaku")
    return _t("cannot win")


class HandEntryWidget(TileEntryWidget):
    """Enter a winning hand by its tiles and see its value live (see the module docstring and docs/tiles.md).

    Give it the table's context with :meth:`set_context`; read :meth:`result` (the engine's ``HandScore`` or
    None), :meth:`hand_input` (the hand as the engine's JSON input object) and listen to ``result_changed``.
    """

    # The hand and the winning tile (two columns wide), then the melds; the indicator targets head their own
    # lines below.
    TARGET_ROWS = (
        (EntryTarget.HAND, EntryTarget.WIN, EntryTarget.WIN),
        (EntryTarget.CHI, EntryTarget.PON, EntryTarget.MINKAN),
        (EntryTarget.ANKAN, EntryTarget.SHOUMINKAN),
    )
    LINES_BELOW_PICKER = 2  # the hand line and the indicator line

    draft: RiichiDraft

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(RiichiDraft(), parent, picker=TilePickerWidget(tile_height=MIN_TILE_HEIGHT))
        self._waits: tuple[Wait, ...] = ()
        self.wait_buttons: list[QPushButton] = []
        self.text_field.setObjectName("mpsz")
        self.text_field.setPlaceholderText(self.tr("Type the tiles, e.g. 123m406p789s11z 789s+chi"))
        self.text_field.setAccessibleName(self.tr("Hand in mpsz notation"))
        self.result_area.installEventFilter(self)  # the waits' lines follow the result column's width
        self.refresh()

    def _build_lines(self, left: QVBoxLayout) -> None:
        self.dora_row = TileRowWidget(
            lambda position: self._apply(self.draft.remove_dora, position),
            self,
            caption=self.tr("Dora and kan dora indicators"),
        )
        self.ura_row = TileRowWidget(
            lambda position: self._apply(self.draft.remove_ura, position), self, caption=self.tr("Ura dora indicators")
        )
        indicators = QHBoxLayout()
        indicators.setSpacing(COLUMN_GAP)
        indicators.addWidget(self.target_buttons[EntryTarget.DORA])
        indicators.addWidget(self.dora_row, 1)
        indicators.addWidget(self.target_buttons[EntryTarget.URA])
        indicators.addWidget(self.ura_row, 1)
        left.addLayout(indicators)
        self.waits_caption = QLabel(self.tr("Waits (tap one to make it the winning tile)"), self)
        self.waits_area = QWidget(self)
        self.waits_layout = QVBoxLayout(self.waits_area)
        self.waits_layout.setContentsMargins(0, 0, 0, 0)

    def _build_result(self, outer: QHBoxLayout) -> None:
        super()._build_result(outer)
        self.result_holder_layout.addWidget(self.waits_caption)
        self.result_holder_layout.addWidget(self.waits_area)
        self.result_holder_layout.addStretch(1)

    def _target_label(self, target: EntryTarget) -> str:
        return target_label(target, classical=False)

    def _target_hint(self, target: EntryTarget) -> str:
        return target_hint(target, classical=False, pending=len(self.draft.pending))

    def _condition_label(self, name: str) -> str:
        return condition_name(name)

    def _plain_error(self, error: ScorekeeperError) -> str:
        return _plain_error(error)

    def _tile_rows(self) -> tuple[TileRowWidget, ...]:
        return (self.hand_row, self.meld_row, self.dora_row, self.ura_row)

    # -- public API ---------------------------------------------------------------------------------------------

    def set_context(
        self,
        *,
        rules: HandRules,
        tsumo: bool,
        seat_wind: Wind | str,
        round_wind: Wind | str,
        riichi: bool = False,
    ) -> None:
        """Tell the widget about the table: ruleset, ron or tsumo, winds, and whether the winner is in riichi.

        With ``riichi`` the riichi box is ticked and locked (the session knows it); double riichi stays
        available.
        """
        self.draft.set_context(rules=rules, tsumo=tsumo, seat_wind=seat_wind, round_wind=round_wind, riichi=riichi)
        self.picker.set_red_fives(rules.red_fives, rules.red_fives_per_suit)
        self.refresh()

    def result(self) -> HandScore | None:
        """The engine's score of the hand entered, or None while there is none (see :meth:`message`)."""
        return self.draft.evaluation().score

    def waits(self) -> tuple[Wait, ...]:
        """The waits listed for a hand one tile short, with their values by ron and by tsumo."""
        return self.draft.evaluation().waits

    def dora_indicators(self) -> tuple[Tile, ...]:
        """The dora and kan dora indicators."""
        return self.draft.dora

    def ura_indicators(self) -> tuple[Tile, ...]:
        """The ura dora indicators (kept only while riichi is on)."""
        return self.draft.ura_counted

    def indicators(self) -> tuple[tuple[Tile, ...], tuple[Tile, ...]]:
        """The dora and ura dora indicators entered (the ura kept even while riichi is off: they are the table's)."""
        return self.draft.dora, self.draft.ura

    def set_indicators(self, dora: tuple[Tile, ...], ura: tuple[Tile, ...]) -> None:
        """Enter the table's indicators, as another winner of the same discard entered them (a double ron)."""
        self._apply(self.draft.set_indicators, dora, ura)

    # -- showing ------------------------------------------------------------------------------------------------

    def _refresh_family(self) -> None:
        draft = self.draft
        self.dora_row.set_tiles(list(draft.dora))
        riichi = draft.riichi_on
        self.ura_row.set_tiles(list(draft.ura) if riichi else [])
        self.ura_row.setVisible(riichi)
        self.target_buttons[EntryTarget.URA].setVisible(riichi)
        self.condition_boxes["riichi"].setEnabled(not draft.riichi_locked)

    def _show_result(self) -> None:
        evaluation = self.draft.evaluation()
        score = evaluation.score
        n = evaluation.count
        messages = {
            DraftStatus.PENDING_CHI: self.tr("Finish the chi: tap {n} more tile(s).").format(n=n),
            DraftStatus.READY: self.tr("13 tiles: the hand is ready. Tap a wait to make it the winning tile."),
            DraftStatus.NOT_READY: self.tr("13 tiles, but no tile completes this hand: it is not ready (not tenpai)."),
            DraftStatus.EMPTY: self.tr("Enter the winning hand: tap the tiles below or type them."),
            DraftStatus.COUNTING: self.tr("{n} tile(s) so far: a winning hand has 14 (a kan counts as 3).").format(n=n),
            DraftStatus.TOO_MANY: self.tr("Too many tiles: {n}; a winning hand has 14 (a kan counts as 3).").format(
                n=n
            ),
        }
        if evaluation.error is not None:
            self._message = _plain_error(evaluation.error)
        else:
            self._message = messages.get(evaluation.status, "")
        self.headline_label.setText("" if score is None else _headline(score))
        self.details_label.setText("" if score is None else self._details(score))
        self.headline_label.setVisible(score is not None)
        self.details_label.setVisible(score is not None)
        self._waits = evaluation.waits
        self._show_waits()

    def _details(self, score: HandScore) -> str:
        lines: list[str] = []
        for item in score.yaku:
            if item.yakuman:
                lines.append(self.tr("{name}: yakuman x{n}").format(name=yaku_name(item.yaku.value), n=item.yakuman))
            else:
                lines.append(self.tr("{name}: {han} han").format(name=yaku_name(item.yaku.value), han=item.han))
        for count, label in (
            (score.dora, self.tr("Dora")),
            (score.aka, self.tr("Red fives")),
            (score.ura, self.tr("Ura dora")),
        ):
            if count:
                lines.append(self.tr("{name}: {han} han").format(name=label, han=count))
        if score.fu_breakdown:
            raw = sum(item.fu for item in score.fu_breakdown)
            parts = ", ".join(f"{fu_reason_name(item.reason)} {item.fu}" for item in score.fu_breakdown)
            if score.fu is not None and raw != score.fu:
                lines.append(
                    self.tr("{fu} fu (rounded up from {raw}): {parts}").format(fu=score.fu, raw=raw, parts=parts)
                )
            else:
                lines.append(self.tr("{fu} fu: {parts}").format(fu=raw, parts=parts))
        lines.append(_payment_text(score.payment))
        return "\n".join(lines)

    def _show_waits(self) -> None:
        # Buttons are reused (see _TileRowWidget): building widgets on every tap would cost more than scoring.
        while len(self.wait_buttons) < len(self._waits):
            index = len(self.wait_buttons)
            button = QPushButton(self.waits_area)
            button.setMinimumHeight(MIN_TILE_HEIGHT + 4)
            button.setIconSize(QSize(round(MIN_TILE_HEIGHT * TILE_ASPECT), MIN_TILE_HEIGHT))
            button.setStyleSheet("text-align: left; padding-left: 6px;")
            button.clicked.connect(
                lambda _checked=False, i=index: self._apply(self.draft.choose_wait, self._waits[i].kind)
            )
            self.waits_layout.insertWidget(index, button)
            self.wait_buttons.append(button)
        dark = is_dark_palette(self.palette())
        # The text's room in the result column: the column never scrolls sideways (issue 24: "2,000/4,0…" behind
        # a sideways scroll bar); a wait whose lines are wider goes on more, shorter lines (_wait_text).
        icon = round(MIN_TILE_HEIGHT * TILE_ASPECT)
        room = self.result_area.width() - self.result_area.verticalScrollBar().sizeHint().width() - icon - 40
        for index, button in enumerate(self.wait_buttons):
            if index >= len(self._waits):
                button.hide()
                continue
            wait = self._waits[index]
            name = f"wait_{wait.kind}"
            if button.objectName() != name or button.property("dark") != dark:
                button.setObjectName(name)
                button.setProperty("dark", dark)
                button.setIcon(
                    QIcon(tile_pixmap(Tile(wait.kind), MIN_TILE_HEIGHT, dpr=self.devicePixelRatioF(), dark=dark))
                )
            button.setText(self._wait_text(wait, room, button.fontMetrics()))
            button.show()
        self.waits_caption.setVisible(bool(self._waits))
        self.waits_area.setVisible(bool(self._waits))

    def _wait_text(self, wait: Wait, room: int = 1 << 20, metrics: QFontMetrics | None = None) -> str:
        """The wait's button text: ron and tsumo a line each, or, when a line is wider than ``room`` (px), each
        payment on a line of its own under its figures (a limit hand's "Baiman (9 han 20 fu): 4,000/8,000")."""

        def part(value: HandScore | Refusal, *, split: bool) -> str:
            if isinstance(value, Refusal):
                return _refusal_text(value)
            form = "{figures}:\n          {payment}" if split else "{figures}: {payment}"
            return form.format(figures=_figures(value), payment=_short_payment(value.payment))

        def text(*, split: bool) -> str:
            return self.tr("{tile}   Ron: {ron}\n        Tsumo: {tsumo}").format(
                tile=str(wait.kind), ron=part(wait.ron, split=split), tsumo=part(wait.tsumo, split=split)
            )

        whole = text(split=False)
        metrics = metrics or self.fontMetrics()
        if max(metrics.horizontalAdvance(line) for line in whole.splitlines()) <= room:
            return whole
        return text(split=True)

    @override
    def eventFilter(self, watched: QObject, event: QEvent) -> bool:  # noqa: N802 - Qt's name
        if watched is self.result_area and event.type() == QEvent.Type.Resize and self._waits:
            self._show_waits()  # the waits' lines follow the column's width
        return super().eventFilter(watched, event)
