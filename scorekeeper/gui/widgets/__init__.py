"""Reusable widgets: the tile picker and the hand-entry widget (see docs/tiles.md).

Import them from their modules (``scorekeeper.gui.widgets.tile_picker``, ``scorekeeper.gui.widgets.hand_entry``);
this package imports nothing itself, so that one widget loads without the other.
"""
