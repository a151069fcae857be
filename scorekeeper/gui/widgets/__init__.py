"""Reusable widgets: the tile picker and the two Tiles pages over the hand draft (see docs/tiles.md).

Import them from their modules (``scorekeeper.gui.widgets.tile_picker``, ``scorekeeper.gui.widgets.hand_entry``,
``scorekeeper.gui.widgets.classical_entry``; their shared base is ``entry_base``, their words ``entry_words``);
this package imports nothing itself, so that one widget loads without the other.
"""
