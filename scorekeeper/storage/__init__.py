"""Storage: the SQLite game store, game-record JSON files and CSV exports (stdlib only, no Qt).

See docs/storage.md for the API the GUI uses and the design (durability, undo/redo, versions, bad files).
"""

from scorekeeper.storage.files import DATABASE_NAME, default_database_path, read_bytes, write_atomically
from scorekeeper.storage.records import (
    export_game_csv,
    export_game_record,
    export_hands_csv,
    export_results_csv,
    format_game_csv,
    format_hands_csv,
    format_results_csv,
    import_game_record,
    read_game_record_file,
    write_game_record_file,
)
from scorekeeper.storage.store import MAX_EVENT_CHARS, MAX_EVENTS_PER_GAME, GameStore, GameSummary, StoredGame

__all__ = [
    "DATABASE_NAME",
    "MAX_EVENTS_PER_GAME",
    "MAX_EVENT_CHARS",
    "GameStore",
    "GameSummary",
    "StoredGame",
    "default_database_path",
    "export_game_csv",
    "export_game_record",
    "export_hands_csv",
    "export_results_csv",
    "format_game_csv",
    "format_hands_csv",
    "format_results_csv",
    "import_game_record",
    "read_bytes",
    "read_game_record_file",
    "write_atomically",
    "write_game_record_file",
]
