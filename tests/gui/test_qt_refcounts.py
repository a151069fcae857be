"""A guard against a Qt binding that leaks references to None (PySide6 6.12.0 on Python 3.11).

With that release every void-returning Qt call (``setEnabled``, ``update``, ``QPainter.drawPixmap``...) took one
reference from ``None`` without giving it back; after a few thousand taps the interpreter aborted with
"Fatal Python error: none_dealloc". pyproject.toml keeps PySide6 below 6.12; this test fails if a binding with
that fault is ever installed again.
"""

import sys

import pytest
from PySide6.QtWidgets import QWidget


@pytest.mark.gui
def test_void_qt_calls_keep_none_alive(qtbot) -> None:  # type: ignore[no-untyped-def]
    widget = QWidget()
    qtbot.addWidget(widget)
    before = sys.getrefcount(None)
    for _ in range(500):
        widget.setEnabled(True)
        widget.update()
    # Other code may take or drop a few references meanwhile; the fault took exactly 1000 here.
    assert abs(sys.getrefcount(None) - before) < 100
