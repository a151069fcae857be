"""The table-side app: the only Qt code (PySide6). Start it with :func:`scorekeeper.gui.app.run_app`.

Subpackages and modules (docs/gui.md): ``app`` (start-up), ``controller`` (the only thing that changes a game),
``main_window``, ``table`` (seat panels, centre, history, chart), ``dialogs``, ``widgets`` and ``tiles`` (the
tile picker, hand entry and artwork, docs/tiles.md), ``theme``, ``i18n`` and ``translations``, ``screenshots``.
This package imports nothing itself, so that each part loads only what it needs.
"""
