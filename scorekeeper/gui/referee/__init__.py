"""The referee's window over a tournament store (issue 13): a thin view over ``scorekeeper.tournament``."""

from scorekeeper.gui.referee.controller import TournamentController
from scorekeeper.gui.referee.window import RefereeDialogs, RefereeWindow

__all__ = ["RefereeDialogs", "RefereeWindow", "TournamentController"]
