"""scorekeeper: a riichi mahjong score keeper for the laptop beside the table."""

__version__ = "0.1.0"
