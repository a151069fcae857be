"""The "Tiles" value mode: the other engineer's ``HandEntryWidget`` (docs/tiles.md), adapted to the win dialog.

This thin adapter gives the win dialog one shape for all three modes (``value_changed``, ``set_context``,
``win``) and reads the engine's result for the pao question (daisangen, daisuushii).

``ClassicalTilesPageWidget`` does the same for a classical game (issue 6) over ``ClassicalEntryWidget``.
"""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import Signal
from PySide6.QtWidgets import QVBoxLayout, QWidget

from scorekeeper.engine.classical import ClassicalRules
from scorekeeper.engine.rules import HandRules
from scorekeeper.gui.widgets.classical_entry import ClassicalEntryWidget
from scorekeeper.gui.widgets.hand_entry import HandEntryWidget
from scorekeeper.session.events import HandWin
from scorekeeper.session.seats import Seat

__all__ = ["ClassicalTilesPageWidget", "TilesPageWidget"]


class TilesPageWidget(QWidget):
    """Hosts ``HandEntryWidget``; ``win()`` gives a full-hand win the session scores with the engine."""

    value_changed = Signal()

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        self.entry = HandEntryWidget()
        self.entry.result_changed.connect(self.value_changed)
        layout.addWidget(self.entry)

    def set_context(self, *, rules: HandRules, tsumo: bool, seat_wind: str, round_wind: str, riichi: bool) -> None:
        """Pass the table's context on to the hand-entry widget."""
        self.entry.set_context(rules=rules, tsumo=tsumo, seat_wind=seat_wind, round_wind=round_wind, riichi=riichi)

    def yaku_names(self) -> tuple[str, ...]:
        """The engine names of the yaku of the current result (empty when there is none)."""
        result = self.entry.result()
        if result is None:
            return ()
        return tuple(str(getattr(y, "yaku", y)) for y in _yaku_of(result))

    def win(self, seat: Seat, *, pao: Seat | None) -> HandWin | None:
        """The full-hand win of the hand entered, or None while the hand does not score."""
        if self.entry.result() is None:
            return None
        hand = dict(self.entry.hand_input())
        hand.pop("ruleset", None)  # the game's ruleset scores a recorded hand (HandWin refuses its own)
        return HandWin.from_input(seat, hand, pao=pao)


def _yaku_of(result: Any) -> tuple[Any, ...]:
    yaku = getattr(result, "yaku", ())
    return tuple(yaku)


class ClassicalTilesPageWidget(QWidget):
    """Hosts ``ClassicalEntryWidget`` for a classical game (seed 003); ``win()`` gives a full classical hand.

    The session values the recorded hand with the classical engine (``value_classical_win``) and checks that its
    self-drawing and winds agree with the table, so the hand carries them as the dialog set them.
    """

    value_changed = Signal()

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        self.entry = ClassicalEntryWidget()
        self.entry.result_changed.connect(self.value_changed)
        layout.addWidget(self.entry)

    def set_context(self, *, rules: ClassicalRules, tsumo: bool, seat_wind: str, round_wind: str) -> None:
        """Pass the table's context on to the entry widget."""
        self.entry.set_context(rules=rules, tsumo=tsumo, seat_wind=seat_wind, round_wind=round_wind)

    def win(self, seat: Seat) -> HandWin | None:
        """The full-hand win of the hand entered, or None while the hand does not score."""
        if self.entry.result() is None:
            return None
        return HandWin.from_input(seat, self.entry.hand_input())
