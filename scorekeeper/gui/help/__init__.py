"""The newcomer's help inside the app: first-run guide, yaku reference, score tables, About (docs/help.md).

The main window needs one call: :func:`install_help_menu`. Everything else is built when first opened.
"""

from scorekeeper.gui.help.menu import HelpMenu, install_help_menu
from scorekeeper.gui.help.settings_file import guide_setting

__all__ = ["HelpMenu", "guide_setting", "install_help_menu"]
