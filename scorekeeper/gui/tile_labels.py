"""The app-wide choice (View > Tile labels): draw every tile with its small corner index ("1m", "E" ...) for
beginners.

Kept apart from the tile artwork (``gui/tiles``, which loads Qt's SVG module) so that the table window sets it at
start without loading the artwork, which its first screen does not draw (benchmarks/bench_gui.py).
"""

from __future__ import annotations

__all__ = ["corner_indices", "set_corner_indices"]

_corner_indices = False


def set_corner_indices(visible: bool) -> None:
    """Choose, for the whole app, whether tiles show their small corner index (repaint the widgets after)."""
    global _corner_indices  # noqa: PLW0603 - one app-wide display preference, like the palette
    _corner_indices = visible


def corner_indices() -> bool:
    """Whether tiles show their small corner index app-wide."""
    return _corner_indices
