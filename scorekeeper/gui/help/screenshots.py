"""Render every help window to PNG, light and dark, English and Japanese.

Usage: ``python -m scorekeeper.gui.help.screenshots OUTDIR`` (offscreen; needs no display). Files are named
``help-<window>-<theme>-<language>.png``.
"""

from __future__ import annotations

import sys
from collections.abc import Callable
from pathlib import Path

from PySide6.QtWidgets import QApplication, QMainWindow, QWidget

from scorekeeper.engine.rules import hand_rules
from scorekeeper.engine.yaku import Yaku
from scorekeeper.gui.help.about import AboutDialog
from scorekeeper.gui.help.guide import GuideDialog
from scorekeeper.gui.help.ja import install_help_translator, remove_help_translator
from scorekeeper.gui.help.score_tables import ScoreTablesDialog
from scorekeeper.gui.help.yaku_reference import YakuReferenceDialog
from scorekeeper.gui.i18n import Language, install_language
from scorekeeper.gui.screenshots import use_offscreen_platform
from scorekeeper.gui.theme import Theme, apply_theme

__all__ = ["main", "render_all"]


def _guide(page: int) -> Callable[[], QWidget]:
    def build() -> QWidget:
        dialog = GuideDialog()
        dialog.show_page(page)
        return dialog

    return build


def _yaku(yaku: Yaku, preset: str = "mleague") -> Callable[[], QWidget]:
    def build() -> QWidget:
        dialog = YakuReferenceDialog(hand_rules(preset))
        dialog.show_yaku(yaku)
        return dialog

    return build


def _tables(tab: int, preset: str = "mleague") -> Callable[[], QWidget]:
    def build() -> QWidget:
        dialog = ScoreTablesDialog(hand_rules(preset))
        dialog.tabs.setCurrentIndex(tab)
        return dialog

    return build


def _about() -> QWidget:
    return AboutDialog()


def _menu() -> QWidget:
    from scorekeeper.gui.help.menu import install_help_menu

    window = QMainWindow()
    window.setCentralWidget(QWidget())
    help_menu = install_help_menu(window, settings_get=lambda: False, settings_set=lambda _: None)
    window.resize(420, 260)
    window.show()
    help_menu.menu.popup(window.mapToGlobal(window.rect().topLeft()))
    return window


SCREENS: dict[str, Callable[[], QWidget]] = {
    **{f"guide-{n + 1}": _guide(n) for n in range(7)},
    "yaku-sanshoku": _yaku(Yaku.SANSHOKU_DOUJUN),
    "yaku-rinshan": _yaku(Yaku.RINSHAN_KAIHOU),
    "yaku-kokushi13": _yaku(Yaku.KOKUSHI_MUSOU_13, "tenhou"),
    "tables-nondealer": _tables(0),
    "tables-dealer": _tables(1),
    "tables-limits": _tables(2),
    "about": _about,
}


def render_all(out: Path, names: list[str] | None = None) -> list[Path]:
    """Render the chosen screens (all by default) in every theme and language; return the files written."""
    app = QApplication.instance() or QApplication([])
    assert isinstance(app, QApplication)
    out.mkdir(parents=True, exist_ok=True)
    written = []
    for language in (Language.ENGLISH, Language.JAPANESE):
        install_language(language)
        if language is Language.JAPANESE:
            install_help_translator()
        else:
            remove_help_translator()
        for chosen in (Theme.LIGHT, Theme.DARK):
            apply_theme(app, chosen)
            for name, build in SCREENS.items():
                if names and name not in names:
                    continue
                widget = build()
                widget.show()
                QApplication.processEvents()
                path = out / f"help-{name}-{chosen.value}-{language.value}.png"
                widget.grab().save(str(path))
                written.append(path)
                widget.close()
                widget.deleteLater()
    install_language(Language.ENGLISH)
    remove_help_translator()
    return written


def main(argv: list[str] | None = None) -> int:
    """Command-line entry: ``OUTDIR [SCREEN...]``."""
    args = sys.argv[1:] if argv is None else argv
    if not args:
        print(f"usage: python -m scorekeeper.gui.help.screenshots OUTDIR [{' | '.join(SCREENS)}]", file=sys.stderr)
        return 2
    use_offscreen_platform()
    for path in render_all(Path(args[0]), args[1:] or None):
        print(path)
    return 0


if __name__ == "__main__":
    sys.exit(main())
