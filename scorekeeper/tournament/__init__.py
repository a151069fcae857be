"""Tournaments, Qt-free: players, settings, seating, the tables' games, penalties and live standings.

Layered between the session (whose games and result sheets it uses) and storage (which keeps it); see
docs/tournament.md.
"""

from scorekeeper.tournament.model import (
    GameResult,
    TableGame,
    Tournament,
    TournamentPenalty,
    forget_game_results,
    record_game_id,
    time_limit_end,
)
from scorekeeper.tournament.players import (
    PLAYER_COLUMNS,
    Player,
    check_new_player,
    format_players_csv,
    name_key,
    parse_players_csv,
    validate_roster,
)
from scorekeeper.tournament.seating import (
    PLAN_AHEAD,
    SEATING_COLUMNS,
    Seating,
    SeatingMethod,
    SeatingQuality,
    TableSeating,
    format_seating_csv,
    parse_seating_csv,
    seat_auto,
    seat_random,
    seat_swiss,
    seating_quality,
)
from scorekeeper.tournament.settings import StandingsTieBreak, TimeLimitRule, TournamentSettings, settings_from_json
from scorekeeper.tournament.standings import (
    CorrectionLine,
    PenaltyLine,
    Standings,
    StandingsRow,
    TeamRow,
    compute_standings,
    correction_lines,
    format_tenths,
    penalty_lines,
)

__all__ = [
    "PLAN_AHEAD",
    "PLAYER_COLUMNS",
    "SEATING_COLUMNS",
    "CorrectionLine",
    "GameResult",
    "PenaltyLine",
    "Player",
    "Seating",
    "SeatingMethod",
    "SeatingQuality",
    "Standings",
    "StandingsRow",
    "StandingsTieBreak",
    "TableGame",
    "TableSeating",
    "TeamRow",
    "TimeLimitRule",
    "Tournament",
    "TournamentPenalty",
    "TournamentSettings",
    "check_new_player",
    "compute_standings",
    "correction_lines",
    "forget_game_results",
    "format_players_csv",
    "format_seating_csv",
    "format_tenths",
    "name_key",
    "parse_players_csv",
    "parse_seating_csv",
    "penalty_lines",
    "record_game_id",
    "seat_auto",
    "seat_random",
    "seat_swiss",
    "seating_quality",
    "settings_from_json",
    "time_limit_end",
    "validate_roster",
]
