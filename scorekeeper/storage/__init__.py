"""Storage: the SQLite game store, game-record JSON files and CSV exports (stdlib only, no Qt).

See docs/storage.md for the API the GUI uses and the design (durability, undo/redo, versions, bad files). The names
below are read from their modules when first asked for (PEP 562, as in ``scorekeeper.engine``): the table app opens
the store at start, the records' formats only when a game is exported or imported (issue 24: the cold start).
"""

from __future__ import annotations

from scorekeeper.engine._lazy import lazy_names

TYPE_CHECKING = False  # typing.TYPE_CHECKING to mypy, without importing typing (issue 15)
if TYPE_CHECKING:
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

#: The module of each public name.
_MODULES = {
    "DATABASE_NAME": "files",
    "default_database_path": "files",
    "read_bytes": "files",
    "write_atomically": "files",
    "export_game_csv": "records",
    "export_game_record": "records",
    "export_hands_csv": "records",
    "export_results_csv": "records",
    "format_game_csv": "records",
    "format_hands_csv": "records",
    "format_results_csv": "records",
    "import_game_record": "records",
    "read_game_record_file": "records",
    "write_game_record_file": "records",
    "MAX_EVENT_CHARS": "store",
    "MAX_EVENTS_PER_GAME": "store",
    "GameStore": "store",
    "GameSummary": "store",
    "StoredGame": "store",
}


__getattr__, __dir__ = lazy_names(__name__, _MODULES, __all__, globals())
