"""The classical family's "Tiles" entry: a winning hand by its tiles, its extra tiles and conditions, valued live.

Issue 6 ("GUI"): for a game of the classical Chinese point-and-double family (seed 003) the tile picker has no red
fives and a row of extra tiles (four seasons, four plants), the conditions offered are the family's own, and the
live breakdown lists each point source and each double with its name, then the points, the doubles and the value.
A thin view over :class:`scorekeeper.session.draft.ClassicalDraft` (issue 11) on the layout shared with the riichi
entry (:class:`scorekeeper.gui.widgets.entry_base.TileEntryWidget`); all scoring is the engine's
(:func:`scorekeeper.engine.classical.score_classical`, asked by the draft).

The text field uses the riichi entry's notation (docs/tiles.md) plus the extra tiles: ``234p234p2p 2p 333s+pon
1111s+minkan 15f`` (concealed tiles, the winning tile after a space, melds as tiles ``+`` type, extra tiles as
digits ``1``-``8`` before one ``f``).
"""

from __future__ import annotations

from PySide6.QtCore import QCoreApplication
from PySide6.QtWidgets import QWidget

from scorekeeper.engine.classical import ClassicalRules, ClassicalScore, ExtraTile
from scorekeeper.engine.entry_text import HAND_SIZE
from scorekeeper.engine.tiles import Wind, format_tiles
from scorekeeper.errors import NotWinningError, ScorekeeperError
from scorekeeper.gui.error_words import error_detail
from scorekeeper.gui.widgets.entry_base import TileEntryWidget
from scorekeeper.gui.widgets.entry_words import (
    classical_breakdown,
    condition_name,
    group,
    target_hint,
    target_label,
)
from scorekeeper.gui.widgets.tile_picker import MIN_TILE_HEIGHT, TilePickerWidget, TileRowWidget
from scorekeeper.session.draft import ClassicalDraft, DraftStatus, EntryTarget

__all__ = [
    "ClassicalEntryWidget",
    "ClassicalTarget",
    "classical_breakdown",
]

#: The targets of the classical entry: the draft's, named with the family's words (CHOW, PUNG, ... aliases).
ClassicalTarget = EntryTarget


def _t(text: str) -> str:
    return QCoreApplication.translate("ClassicalEntryWidget", text)


def _plain_error(error: ScorekeeperError) -> str:
    return _t("This hand cannot be: {reason}.").format(reason=error_detail(error).rstrip("."))


class ClassicalEntryWidget(TileEntryWidget):
    """Enter a classical winning hand by its tiles and see its value live (see the module docstring).

    Give it the table's context with :meth:`set_context`; read :meth:`result` (the engine's ``ClassicalScore`` or
    None, then :meth:`message` says why), :meth:`hand_input` (the hand as the classical JSON input, docs/classical.md)
    and listen to ``result_changed``.
    """

    # The hand and the winning tile on the first line, the four kinds of set below.
    TARGET_ROWS = (
        (ClassicalTarget.HAND, ClassicalTarget.WIN),
        (ClassicalTarget.CHOW, ClassicalTarget.PUNG),
        (ClassicalTarget.EXPOSED_KONG, ClassicalTarget.CONCEALED_KONG),
    )
    HEADLINE_SCALE = 1.6
    TEXT_SCALE = 1.0
    draft: ClassicalDraft

    def __init__(self, parent: QWidget | None = None) -> None:
        picker = TilePickerWidget(red_fives=False, extra_tiles=True, tile_height=MIN_TILE_HEIGHT)
        super().__init__(ClassicalDraft(), parent, picker=picker)
        self.text_field.setObjectName("classical_mpsz")
        self.text_field.setPlaceholderText(self.tr("Type the tiles, e.g. 234p234p2p 2p 333s+pon 15f"))
        self.text_field.setAccessibleName(self.tr("Hand in mpsz notation, extra tiles as 1f-8f"))
        # The seasons and plants held sit beside the picker, under its row of extra tiles' reach.
        self.extras_row = TileRowWidget(
            lambda position: self._apply(self.draft.remove_extra, position),
            self,
            caption=self.tr("Seasons and plants held (tap to remove)"),
        )
        self._side_layout.addWidget(self.extras_row)
        self.refresh()

    def _target_label(self, target: EntryTarget) -> str:
        return target_label(target, classical=True)

    def _target_hint(self, target: EntryTarget) -> str:
        pending = self.draft.pending
        hint = target_hint(target, classical=True, pending=len(pending))
        return hint + (" " + format_tiles(pending) if pending else "")

    def _condition_label(self, name: str) -> str:
        return condition_name(name)

    def _plain_error(self, error: ScorekeeperError) -> str:
        return _plain_error(error)

    def set_context(self, *, rules: ClassicalRules, tsumo: bool, seat_wind: Wind | str, round_wind: Wind | str) -> None:
        """The hand rules, ron or self-drawn, and the winds; the result is recomputed."""
        self.draft.set_context(rules=rules, tsumo=tsumo, seat_wind=seat_wind, round_wind=round_wind)
        self.picker.set_extra_tiles(rules.extra_tiles)
        self.refresh()

    def result(self) -> ClassicalScore | None:
        """The engine's score of the hand, or None (then :meth:`message` says why)."""
        return self.draft.evaluation().score

    def extras(self) -> tuple[ExtraTile, ...]:
        """The seasons and plants held."""
        return self.draft.extras

    def _refresh_family(self) -> None:
        self.extras_row.set_tiles(list(self.draft.extras))

    def _show_result(self) -> None:
        evaluation = self.draft.evaluation()
        score = evaluation.score
        if evaluation.status is DraftStatus.COUNTING:
            self._message = self.tr("{count} more tile(s) needed for a winning hand.").format(
                count=HAND_SIZE - evaluation.count
            )
        elif evaluation.status is DraftStatus.NO_WINNING_TILE:
            self._message = self.tr("Choose the winning tile.")
        elif isinstance(evaluation.error, NotWinningError):
            self._message = self.tr(
                "Not a winning hand: the tiles do not make four sets and a pair (or a special hand)."
            )
        else:
            self._message = "" if evaluation.error is None else _plain_error(evaluation.error)
        if score is None:
            self.headline_label.clear()
            self.details_label.clear()
            return
        self.headline_label.setText(
            self.tr("{value} points ({points} x {multiplier})").format(
                value=group(score.value), points=score.points, multiplier=score.multiplier
            )
        )
        self.details_label.setText(classical_breakdown(score))
