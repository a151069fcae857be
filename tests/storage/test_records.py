"""Game-record files and CSV: round-trips through files and the database, strict import, atomic export."""

from __future__ import annotations

import csv
import io
import json
import os
import stat
import threading
from pathlib import Path
from typing import Any

import pytest

from scorekeeper.errors import IllegalActionError, SaveFileError, UnsupportedVersionError
from scorekeeper.session import HanFuWin, Ron, Seat, Session, ruleset
from scorekeeper.session.record import format_record, parse_record, session_from_record
from scorekeeper.storage.files import DATABASE_NAME, default_database_path, write_atomically
from scorekeeper.storage.imports import read_records
from scorekeeper.storage.record_words import record_translator
from scorekeeper.storage.records import (
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
from scorekeeper.storage.store import GameStore
from tests.sample_game import NAMES, SAMPLE_GAME
from tests.storage.conftest import PLAYERS

# The real tenhou.net games the session tests keep (a copy of /work/shared/samples), with what tenhou.net paid.
_SAMPLES = Path(__file__).resolve().parents[1] / "session" / "data" / "tenhou_games_sample.jsonl"


def _samples() -> list[dict[str, Any]]:
    lines = _SAMPLES.read_text(encoding="utf-8").splitlines()
    return [json.loads(line) for line in lines if line.strip()]


SAMPLES = _samples() if _SAMPLES.exists() else []
needs_samples = pytest.mark.skipif(not SAMPLES, reason="the shared tenhou samples are not on this machine")


def _same_session(a: Session, b: Session) -> bool:
    """Sessions are equal when rules, players, log and redo list are (the state is a fold of them)."""
    return (a.rules, a.players, a.events, a.redo_events, a.state) == (
        b.rules,
        b.players,
        b.events,
        b.redo_events,
        b.state,
    )


def _write(path: Path, obj: object) -> Path:
    path.write_text(json.dumps(obj), encoding="utf-8")
    return path


# -- the database and sessions -------------------------------------------------------------------------------------


@needs_samples
@pytest.mark.parametrize("sample", range(len(SAMPLES)), ids=lambda k: f"tenhou-game-{k + 1}")
def test_sample_game_round_trips_through_the_database(db_path: Path, sample: int) -> None:
    session = session_from_record(parse_record(SAMPLES[sample]["record"]))
    for _ in range(3):
        session.undo()
    with GameStore.open(db_path) as store:
        game = store.start_game(session)
    with GameStore.open(db_path) as store:
        loaded = store.load_session(game)
        assert _same_session(loaded, session)
        assert store.load(game).finished == session.state.ended
        redone = loaded.redo()
        store.redo(game, redone, at=store.position(game), finished=loaded.state.ended)
        assert _same_session(store.load_session(game), loaded)


def test_save_session_after_undo_redo_and_correction(store: GameStore) -> None:
    session = Session(ruleset("ema2016"), PLAYERS)
    game = store.start_game(session)
    session.declare_riichi(Seat.SEAT_1)
    session.ron(Seat.SEAT_2, [HanFuWin(seat=Seat.SEAT_1, han=3, fu=40)])
    session.draw([Seat.SEAT_0])
    at = store.save_session(game, session, at=store.position(game))
    assert _same_session(store.load_session(game), session)
    session.undo()
    session.undo()
    at = store.save_session(game, session, at=at)
    assert _same_session(store.load_session(game), session)
    session.redo()
    session.delete_hand(0)
    store.save_session(game, session, at=at)
    loaded = store.load_session(game)
    assert _same_session(loaded, session)
    assert loaded.state.scores == (30000, 30000, 30000, 30000)


def test_ended_game_is_marked_finished(store: GameStore) -> None:
    session = Session(ruleset("tenhou"), PLAYERS)
    game = store.start_game(session)
    session.end_game("time")
    at = store.append(game, session.events[-1], at=0, finished=session.state.ended)
    assert store.unfinished_game() is None
    undone = session.undo()
    store.undo(game, undone, at=at, finished=session.state.ended)
    assert store.unfinished_game() == game


def test_game_the_table_refuses_is_damaged_not_a_crash(db_path: Path) -> None:
    with GameStore.open(db_path) as store:
        game = store.create_game(
            players=PLAYERS, ruleset="tenhou", events=[Ron(Seat(1), (HanFuWin(seat=Seat(0), han=1, fu=30),))]
        )
        bad = store.create_game(
            players=PLAYERS, ruleset="tenhou", events=[Ron(Seat(1), (HanFuWin(seat=Seat(0), han=13, fu=30),))] * 3
        )
        with pytest.raises(SaveFileError, match=f"game {bad} is damaged: event 2 of the stored log .*already ended"):
            store.load_session(bad)
        # The dealer (seat 0) rons 1 han 30 fu: 1500 (dealer ron, seed 001 table).
        assert store.load_session(game).state.scores == (26500, 23500, 25000, 25000)


@pytest.mark.parametrize(
    ("value", "message"),
    [
        pytest.param('"mahjong-soul"', "unknown ruleset 'mahjong-soul'", id="unknown-preset"),
        pytest.param('{"preset": "tenhou", "overrides": {"bust": 7}}', "bust", id="bad-knob-value"),
        pytest.param('{"preset": "tenhou", "overrides": {"teleport": 1}}', "unknown ruleset knob", id="unknown-knob"),
        pytest.param('{"preset": 5}', "not a preset name", id="number-preset"),
        pytest.param('{"preset": "tenhou", "extra": 1}', "not a preset name", id="unknown-key"),
    ],
)
def test_bad_stored_ruleset_is_damaged(store: GameStore, value: str, message: str) -> None:
    game = store.create_game(players=PLAYERS, ruleset="tenhou")
    store._connection.execute("UPDATE games SET ruleset = ? WHERE id = ?", (value, game))
    with pytest.raises(SaveFileError, match=f"game {game} is damaged: ruleset: .*{message}"):
        store.load_session(game)


# -- game-record files ---------------------------------------------------------------------------------------------


@needs_samples
@pytest.mark.parametrize("sample", range(len(SAMPLES)), ids=lambda k: f"tenhou-game-{k + 1}")
def test_import_then_export_gives_the_same_record(tmp_path: Path, sample: int) -> None:
    record = SAMPLES[sample]["record"]
    source = _write(tmp_path / "in.json", record)
    with GameStore.open(tmp_path / DATABASE_NAME) as store:
        game = import_game_record(store, source)
        assert store.load_session(game).state.scores == tuple(SAMPLES[sample]["expected"]["scores_after_each_hand"][-1])
        export_game_record(store, game, tmp_path / "out.json")
    assert json.loads((tmp_path / "out.json").read_text(encoding="utf-8")) == record


def test_record_file_round_trip_with_penalty_and_referee_end(tmp_path: Path) -> None:
    session = Session(ruleset("wrc2022", {"honba_points": 1500}), PLAYERS)
    session.declare_riichi(Seat.SEAT_0)
    session.ron(Seat.SEAT_3, [HanFuWin(seat=Seat.SEAT_0, han=2, fu=30)])
    session.penalty(Seat.SEAT_2, -2000, "dead hand declared riichi =cmd")
    session.end_game("time limit")
    write_game_record_file(tmp_path / "game.json", session)
    again = read_game_record_file(tmp_path / "game.json")
    assert _same_session(again, session)
    assert (tmp_path / "game.json").read_text(encoding="utf-8").endswith("}\n")


def test_export_overwrites_atomically_and_leaves_no_temp_file(tmp_path: Path) -> None:
    target = tmp_path / "game.json"
    target.write_text("old", encoding="utf-8")
    write_game_record_file(target, Session(ruleset("tenhou"), PLAYERS))
    assert json.loads(target.read_text(encoding="utf-8"))["format"] == "scorekeeper-game"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["game.json"]


def test_failed_write_leaves_the_old_file(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    target = tmp_path / "game.json"
    target.write_bytes(b"the old export")

    def failing_fsync(handle: int) -> None:
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(os, "fsync", failing_fsync)
    with pytest.raises(SaveFileError, match="No space left on device") as caught:
        write_atomically(target, b"the new export")
    assert caught.value.path == target
    assert target.read_bytes() == b"the old export"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["game.json"]


def test_write_into_missing_folder(tmp_path: Path) -> None:
    with pytest.raises(SaveFileError, match="cannot write the file"):
        write_atomically(tmp_path / "missing" / "game.json", b"{}")


@pytest.mark.skipif(os.name != "posix", reason="POSIX permissions")
def test_new_export_is_readable_and_overwrite_keeps_the_mode(tmp_path: Path) -> None:
    write_atomically(tmp_path / "new.csv", b"x")
    assert (tmp_path / "new.csv").stat().st_mode & 0o777 == 0o644
    (tmp_path / "old.csv").write_bytes(b"x")
    (tmp_path / "old.csv").chmod(0o600)
    write_atomically(tmp_path / "old.csv", b"y")
    assert (tmp_path / "old.csv").stat().st_mode & 0o777 == 0o600


def _record(**changes: object) -> dict[str, Any]:
    base: dict[str, Any] = {
        "format": "scorekeeper-game",
        "version": 1,
        "ruleset": "tenhou",
        "players": list(PLAYERS),
        "hands": [{"riichi": [], "result": {"type": "ron", "from": 1, "wins": [{"seat": 0, "han": 1, "fu": 30}]}}],
    }
    base.update(changes)
    return base


def _hand(result: dict[str, Any], riichi: list[Any] | None = None) -> list[dict[str, Any]]:
    return [{"riichi": riichi or [], "result": result}]


BAD_RECORDS = [
    pytest.param(b'{"format": "scorekeeper-game", "vers', "not JSON", id="truncated"),
    pytest.param(b"hello", "not JSON", id="not-json"),
    pytest.param(b"\xff\xfe\x00", "not UTF-8", id="not-utf8"),
    pytest.param(b"[" * 50_000 + b"]" * 50_000, "nested too deeply", id="too-deep"),
    pytest.param(json.dumps([1, 2]).encode(), "a game record is a JSON object", id="array"),
    pytest.param(json.dumps(_record(format="other")).encode(), "not a scorekeeper game record", id="wrong-format"),
    pytest.param(json.dumps(_record(players=["a", "b"])).encode(), "four names", id="two-players"),
    pytest.param(json.dumps(_record(colour="red")).encode(), "unknown key 'colour'", id="unknown-key"),
    pytest.param(
        json.dumps(_record(hands=_hand({"type": "riichi_bonus", "seat": 0}))).encode(),
        "unknown result type",
        id="unknown-result-type",
    ),
    pytest.param(
        json.dumps(_record(hands=_hand({"type": "chombo", "seat": -1}))).encode(), "seat is a number 0-3", id="neg-seat"
    ),
    pytest.param(
        json.dumps(_record(hands=_hand({"type": "draw", "tenpai": []}, riichi=[10**30]))).encode(),
        "seat is a number 0-3",
        id="huge-seat",
    ),
    pytest.param(
        json.dumps(_record(hands=_hand({"type": "tsumo", "win": {"seat": 0, "han": 10**18, "fu": 30}}))).encode(),
        "han",
        id="huge-han",
    ),
    pytest.param(
        (
            json.dumps(_record())[:-1] + ', "penalties": [{"seat": 0, "points": -' + "9" * 5000 + ', "reason": ""}]}'
        ).encode(),
        "unreadable value",
        id="5000-digit-points",
    ),
    pytest.param(
        json.dumps(
            _record(hands=_hand({"type": "ron", "from": 1, "wins": [{"seat": 1, "han": 1, "fu": 30}]}))
        ).encode(),
        "cannot win on their own discard",
        id="winner-is-discarder",
    ),
    pytest.param(
        json.dumps(_record(hands=[{"riichi": [0], "result": {"type": "draw", "tenpai": [0]}}] * 30)).encode(),
        "hand",
        id="riichi-under-1000",
    ),
]


@pytest.mark.parametrize(("content", "message"), BAD_RECORDS)
def test_bad_record_file_is_refused_and_nothing_is_stored(tmp_path: Path, content: bytes, message: str) -> None:
    source = tmp_path / "in.json"
    source.write_bytes(content)
    with GameStore.open(tmp_path / DATABASE_NAME) as store:
        existing = store.create_game(players=PLAYERS, ruleset="tenhou")
        with pytest.raises(SaveFileError, match=message) as caught:
            import_game_record(store, source)
        assert caught.value.path == source
        assert [g.id for g in store.list_games()] == [existing]
    assert source.read_bytes() == content


@pytest.mark.parametrize("version", [2, 0, "1", None, True], ids=["2", "0", "text", "null", "bool"])
def test_record_of_another_version_is_refused(tmp_path: Path, version: object) -> None:
    source = _write(tmp_path / "in.json", _record(version=version))
    with pytest.raises(UnsupportedVersionError, match="version") as caught:
        read_game_record_file(source)
    assert caught.value.path == source


def test_too_large_record_file_is_refused(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr("scorekeeper.storage.records.MAX_RECORD_BYTES", 100)
    source = _write(tmp_path / "in.json", _record())
    with pytest.raises(SaveFileError, match="larger than 100 bytes"):
        read_game_record_file(source)


def test_missing_record_file(tmp_path: Path) -> None:
    with pytest.raises(SaveFileError, match="cannot read the file"):
        read_game_record_file(tmp_path / "nope.json")


# -- CSV -------------------------------------------------------------------------------------------------------------


def _rows(data: bytes) -> list[list[str]]:
    assert data.startswith(b"\xef\xbb\xbf")  # UTF-8 byte-order mark, for spreadsheets
    return list(csv.reader(io.StringIO(data.decode("utf-8-sig"), newline="")))


def test_hands_csv_of_a_hand_computed_game() -> None:
    # Tenhou rules. E1: seat 0 declares riichi (-1000), seat 1 rons seat 2 for 3 han 40 fu = 5200 (non-dealer ron,
    # seed 001 table) and takes the stick: +6200. E2 (seat 1 deals): exhaustive draw, seat 1 tenpai alone: 3000
    # noten payments, 1000 from each of the others (issue 3, noten payments); the dealer repeats with 1 honba.
    session = Session(ruleset("tenhou"), PLAYERS)
    session.declare_riichi(Seat.SEAT_0)
    session.ron(Seat.SEAT_2, [HanFuWin(seat=Seat.SEAT_1, han=3, fu=40)])
    session.draw([Seat.SEAT_1])
    rows = _rows(format_hands_csv(session.state))
    assert rows[0] == [
        "hand", "label", "honba", "riichi", "result", "details",
        "Ann change", "Bo change", "Chie change", "Dai change",
        "Ann score", "Bo score", "Chie score", "Dai score",
        "riichi_sticks",
    ]  # fmt: skip
    assert rows[1][:5] == ["1", "E1", "0", "0", "ron"]
    assert json.loads(rows[1][5]) == {"type": "ron", "from": 2, "wins": [{"seat": 1, "han": 3, "fu": 40}]}
    assert rows[1][6:] == ["-1000", "6200", "-5200", "0", "24000", "31200", "19800", "25000", "0"]
    assert rows[2] == ["2", "E2", "0", "", "draw", '{"tenpai":[1],"type":"draw"}',
                       "-1000", "3000", "-1000", "-1000", "23000", "34200", "18800", "24000", "0"]  # fmt: skip


@needs_samples
def test_results_csv_of_a_sample_game(tmp_path: Path) -> None:
    sample = SAMPLES[0]
    session = session_from_record(parse_record(sample["record"]))
    export_results_csv(session, tmp_path / "results.csv")
    rows = _rows((tmp_path / "results.csv").read_bytes())
    assert rows[0] == ["seat", "player", "score", "place", "points", "points_before_penalties"]
    assert [int(r[2]) for r in rows[1:5]] == sample["expected"]["final_scores"]
    assert [float(r[4]) for r in rows[1:5]] == sample["expected"]["final_points"]
    export_hands_csv(session, tmp_path / "hands.csv")
    hands = _rows((tmp_path / "hands.csv").read_bytes())
    assert len(hands) == 1 + len(sample["record"]["hands"])
    assert [[int(x) for x in row[10:14]] for row in hands[1:]] == sample["expected"]["scores_after_each_hand"]


def test_results_csv_lists_penalties_and_defuses_formulas() -> None:
    session = Session(ruleset("ema2016"), ('=HYPERLINK("x")', "+1", "-me", "@home"))
    session.penalty(Seat.SEAT_3, -5000, "=2+2")
    session.end_game("time")
    rows = _rows(format_results_csv(session.state))
    assert [r[1] for r in rows[1:5]] == ['\'=HYPERLINK("x")', "'+1", "'-me", "'@home"]
    assert rows[5] == []
    assert rows[6] == ["penalty seat", "player", "table points", "reason"]
    assert rows[7] == ["3", "'@home", "-5000", "'=2+2"]
    # All four tie at 30,000: EMA splits the uma, so 0.0 each (issue 3, EMA presets); the -5,000 penalty comes
    # after uma: -5.0.
    assert rows[4][4] == "-5.0"
    assert rows[4][5] == "0.0"


def test_results_csv_of_a_running_game_is_refused() -> None:
    session = Session(ruleset("tenhou"), PLAYERS)
    with pytest.raises(IllegalActionError, match="no final result yet: it is still in E1"):
        format_results_csv(session.state)


def test_default_database_path_creates_the_folder(tmp_path: Path) -> None:
    folder = tmp_path / "data" / "scorekeeper"
    assert default_database_path(folder) == folder / "scorekeeper.sqlite3"
    assert folder.is_dir()
    with GameStore.open(default_database_path(folder)) as store:
        assert store.list_games() == ()


def test_default_database_path_under_a_file_is_refused(tmp_path: Path) -> None:
    (tmp_path / "file").write_text("x", encoding="utf-8")
    with pytest.raises(SaveFileError, match="cannot create the data folder"):
        default_database_path(tmp_path / "file" / "data")


def test_record_json_unchanged_by_format_parse(tmp_path: Path) -> None:
    record = _record()
    assert format_record(parse_record(record)) == record


def test_game_csv_one_row_per_hand_then_the_final_table() -> None:
    # Issue 12: label, result, winners, discarder, values, pao, riichi and each player's change by name; seats
    # counted from 1; UTF-8 with a byte-order mark (checked by _rows).
    session = session_from_record(parse_record(SAMPLE_GAME))
    rows = _rows(format_game_csv(session.state))
    header = rows[0]
    assert header[:8] == ["hand", "label", "honba", "replay", "result", "winners", "discarder", "han"]
    assert header[18:22] == [f"{name} change" for name in NAMES]
    column = {name: k for k, name in enumerate(header)}
    double_ron = rows[4]
    assert double_ron[column["result"]] == "ron"
    assert double_ron[column["winners"]] == "Bruno / Dana"
    assert double_ron[column["discarder"]] == "Aiko"
    assert double_ron[column["han"]] == "2 / "
    assert double_ron[column["yakuman"]] == " / 1"
    assert double_ron[column["pao"]] == " / Chen"
    assert [int(double_ron[column[f"{n} change"]]) for n in NAMES] == list(session.state.hands[3].deltas)
    assert rows[3][column["riichi"]] == "Bruno / Dana"
    assert rows[5][column["chombo"]] == "Dana"
    assert rows[5][column["chombo points"]] == "-20000"
    assert rows[6][column["replay"]] == "yes"
    assert rows[8] == []
    assert rows[9] == ["final table"]
    assert rows[10] == ["place", "seat", "player", "score", "uma/oka", "penalties", "points"]
    final = session.state.final
    assert final is not None
    assert [r[2] for r in rows[11:15]] == ["Dana", "Bruno", "Chen", "Aiko"]
    assert [r[1] for r in rows[11:15]] == ["4", "2", "3", "1"]
    assert [r[6] for r in rows[11:15]] == ["19.4", "-4.8", "-14.7", "-24.9"]
    assert rows[16] == ["penalties after uma"]
    assert rows[18] == ["4", "Dana", "-20000", "chombo in E2"]


def test_game_csv_in_japanese_translates_the_words_not_the_figures() -> None:
    # Issue 12: the app in Japanese, or `export --format csv --lang ja`: headings and words, same cells otherwise.
    state = session_from_record(parse_record(SAMPLE_GAME)).state
    english = _rows(format_game_csv(state))
    assert _rows(format_game_csv(state, record_translator("en"))) == english
    rows = _rows(format_game_csv(state, record_translator("ja")))
    assert rows[0][:8] == ["番号", "局", "本場", "やり直し", "結果", "和了者", "放銃者", "翻"]
    assert rows[0][18:22] == [f"{name} 増減" for name in NAMES]
    assert rows[4][4] == "ロン"
    assert rows[6][3] == "はい"
    assert rows[9] == ["最終結果"]
    assert rows[10] == ["順位", "席", "プレイヤー", "持ち点", "ウマ・オカ", "罰符", "ポイント"]
    assert rows[16] == ["ウマの後の罰符"]
    words = {0, 3, 4, 10, 15}  # headings, "yes", the result type, the limit, the abort reason
    for mine, theirs in zip(rows[1:8], english[1:8], strict=True):
        assert [c for k, c in enumerate(mine) if k not in words] == [c for k, c in enumerate(theirs) if k not in words]


def test_game_csv_keeps_the_formula_guard() -> None:
    session = Session(ruleset("tenhou"), ('=HYPERLINK("x")', "+1", "-me", "@home"))
    session.ron(Seat.SEAT_1, [HanFuWin(seat=Seat.SEAT_0, han=1, fu=30)])
    rows = _rows(format_game_csv(session.state))
    assert rows[0][18] == '\'=HYPERLINK("x") change'
    assert rows[1][5:7] == ['\'=HYPERLINK("x")', "'+1"]
    assert [r[2] for r in rows[5:9]] == ['\'=HYPERLINK("x")', "'-me", "'@home", "'+1"]


def test_results_csv_defuses_a_name_starting_with_a_line_feed_and_drops_nul() -> None:
    """Issue 10: a line feed hides a formula on the cell's second line; a NUL cuts the cell short."""
    session = Session(ruleset("ema2016"), ("\n=1+1", "A\x00nn", "Bo", "Chie"))
    session.end_game("time")
    rows = _rows(format_results_csv(session.state))
    assert [r[1] for r in rows[1:5]] == ["'\n=1+1", "Ann", "Bo", "Chie"]


def test_record_with_a_nul_in_a_name_is_refused_at_import(tmp_path: Path) -> None:
    source = _write(tmp_path / "in.json", _record(players=["Ann", "B\u0000o", "Chie", "Dai"]))
    with pytest.raises(SaveFileError, match="player 2's name 'B\\\\x00o' holds a NUL character"):
        read_game_record_file(source)


def test_writing_through_a_symbolic_link_keeps_the_link(tmp_path: Path) -> None:
    """``export -o link.json`` replaced the link with a plain file; the file it points to kept the old bytes."""
    real = tmp_path / "usb" / "game.json"
    real.parent.mkdir()
    real.write_bytes(b"old")
    link = tmp_path / "game.json"
    link.symlink_to(real)
    write_atomically(link, b"new")
    assert link.is_symlink()
    assert real.read_bytes() == b"new"
    assert sorted(p.name for p in real.parent.iterdir()) == ["game.json"]  # no temporary file left


def test_writing_to_a_fifo_writes_into_it_instead_of_replacing_it(tmp_path: Path) -> None:
    """``export -o /dev/stdout`` or ``-o >(gzip > x)``: the target is a pipe or device; renaming a file over it
    replaced it (as root, the system's /dev/stdout became a plain file) or failed on its folder's rights."""
    fifo = tmp_path / "pipe"
    os.mkfifo(fifo)
    received: list[bytes] = []
    reader = threading.Thread(target=lambda: received.append(fifo.read_bytes()), daemon=True)
    reader.start()
    write_atomically(fifo, b"the export")
    reader.join(timeout=30)
    assert received == [b"the export"]
    assert stat.S_ISFIFO(fifo.lstat().st_mode)


def test_writing_over_a_folder_is_refused_naming_it(tmp_path: Path) -> None:
    with pytest.raises(SaveFileError, match="it is a folder"):
        write_atomically(tmp_path, b"x")


@pytest.mark.parametrize("lines", [1, 2], ids=["one-record", "json-lines"])
def test_a_record_file_with_a_byte_order_mark_imports(tmp_path: Path, lines: int) -> None:
    """RFC 8259 8.1: a byte order mark (Windows Notepad's UTF-8) is ignored; import and export refused it."""
    text = "\n".join([json.dumps(SAMPLE_GAME)] * lines)
    source = tmp_path / "marked.json"
    source.write_bytes(b"\xef\xbb\xbf" + text.encode("utf-8"))
    if lines == 1:  # export's reading of one record
        assert read_game_record_file(source).events == session_from_record(parse_record(SAMPLE_GAME)).events
    assert [item.record for item in read_records(source)] == [parse_record(SAMPLE_GAME)] * lines
