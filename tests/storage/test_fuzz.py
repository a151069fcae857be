"""Fuzzing: whatever the file holds, the store answers with its data or a SaveFileError, never anything else.

Two attacks: random JSON (shaped like events, and not) written into a game's event rows, and random bytes
scribbled over a real database file. Either way opening, listing and loading every game may only succeed or raise
``SaveFileError``; and a damaged event never stops another game from loading.
"""

from __future__ import annotations

import contextlib
import functools
import json
import random
import shutil
import sqlite3
import tempfile
from pathlib import Path
from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from scorekeeper.errors import SaveFileError
from scorekeeper.storage import GameStore
from tests.storage.conftest import PLAYERS, SAMPLE_EVENTS

_scalars = st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False) | st.text(max_size=12)
_json = st.recursive(
    _scalars,
    lambda children: st.lists(children, max_size=4) | st.dictionaries(st.text(max_size=8), children, max_size=4),
    max_leaves=12,
)
_keys = st.sampled_from(["type", "seat", "from", "wins", "win", "han", "fu", "yakuman", "pao", "hand", "tenpai",
                         "seats", "reason", "points", "index", "riichi", "result", "tiles"])  # fmt: skip
_types = st.sampled_from(["riichi", "ron", "tsumo", "draw", "nagashi", "abort", "chombo", "penalty", "end",
                          "edit_hand", "delete_hand", "insert_hand", "other"])  # fmt: skip


@st.composite
def _event_like(draw: st.DrawFn) -> Any:
    body: dict[str, Any] = draw(st.dictionaries(_keys, _json, max_size=5))
    body["type"] = draw(_types)
    return body


@functools.cache
def _template() -> Path:
    """A database with a good game (1) and games to attack (2...), built once and copied per example."""
    path = Path(tempfile.mkdtemp(prefix="fuzz-template-")) / "games.sqlite3"
    with GameStore.open(path) as store:
        for _ in range(21):
            store.create_game(players=PLAYERS, ruleset="ema2016", events=SAMPLE_EVENTS[:4])
    return path


def _read_everything(path: Path) -> None:
    """Open, list and load every game; only SaveFileError may come out."""
    try:
        store = GameStore.open(path)
    except SaveFileError:
        return
    with store:
        try:
            games = store.list_games()
        except SaveFileError:
            return
        for game in games:
            with contextlib.suppress(SaveFileError):
                store.load_session(game.id)


@settings(max_examples=100, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(body=_event_like() | _json)
def test_random_event_json_is_data_or_a_save_file_error(body: Any) -> None:
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "games.sqlite3"
        shutil.copy(_template(), path)
        connection = sqlite3.connect(path)
        connection.execute("UPDATE events SET body = ? WHERE game_id = 2 AND seq = 1", (json.dumps(body),))
        connection.commit()
        connection.close()
        with GameStore.open(path) as store:
            try:
                store.load_session(2)
            except SaveFileError as error:
                message = str(error)
            else:
                message = "game 2 is damaged (it loaded)"
            assert "game 2 is damaged" in message
            assert store.load_session(1).events == SAMPLE_EVENTS[:4]


@settings(max_examples=100, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 2**32 - 1), hits=st.integers(1, 40), size=st.integers(1, 64))
def test_scribbled_database_opens_or_is_refused(seed: int, hits: int, size: int) -> None:
    rng = random.Random(seed)
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "games.sqlite3"
        data = bytearray(_template().read_bytes())
        for _ in range(hits):
            at = rng.randrange(len(data))
            data[at : at + size] = rng.randbytes(len(data[at : at + size]))
        path.write_bytes(bytes(data))
        _read_everything(path)
