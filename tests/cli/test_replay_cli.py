"""``scorekeeper replay FILE... --json``: exactly the issue's output, one line per file, errors naming the hand."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import pytest

from scorekeeper.cli import main
from scorekeeper.cli.replay import replay_file
from tests.sample_game import NAMES, SAMPLE_GAME

SAMPLES = Path(__file__).parent.parent / "session" / "data" / "tenhou_games_sample.jsonl"


def _write(tmp_path: Path, name: str, obj: Any) -> Path:
    path = tmp_path / name
    path.write_text(obj if isinstance(obj, str) else json.dumps(obj), encoding="utf-8")
    return path


def _record(hands: list[dict[str, Any]]) -> dict[str, Any]:
    return {
        "format": "scorekeeper-game",
        "version": 1,
        "ruleset": "tenhou",
        "players": ["a", "b", "c", "d"],
        "hands": hands,
    }


def test_replay_json_matches_tenhou_for_every_sample(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    cases = [json.loads(line) for line in SAMPLES.read_text().splitlines()]
    paths = [_write(tmp_path, f"g{k}.json", c["record"]) for k, c in enumerate(cases)]
    assert main(["replay", "--json", *map(str, paths)]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert len(lines) == len(cases)
    for line, case in zip(lines, cases, strict=True):
        out = json.loads(line)
        assert set(out) == {"hands", "ended", "final"}
        assert set(out["hands"][0]) == {"label", "honba", "scores", "riichi_sticks"}
        assert [h["scores"] for h in out["hands"]] == case["expected"]["scores_after_each_hand"]
        assert [h["riichi_sticks"] for h in out["hands"]] == case["expected"]["riichi_sticks_after_each_hand"]
        assert out["ended"] is True
        assert set(out["final"]) == {"scores", "places", "points"}
        assert out["final"]["scores"] == case["expected"]["final_scores"]
        assert out["final"]["points"] == case["expected"]["final_points"]


def test_replay_labels_and_honba(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    hands: list[dict[str, Any]] = [
        {"riichi": [], "result": {"type": "draw", "tenpai": [0]}},
        {"riichi": [1], "result": {"type": "draw", "tenpai": [1]}},
        {"riichi": [], "result": {"type": "tsumo", "win": {"seat": 2, "han": 1, "fu": 30}}},
    ]
    path = _write(tmp_path, "g.json", _record(hands))
    assert main(["replay", str(path), "--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert [(h["label"], h["honba"]) for h in out["hands"]] == [("E1", 0), ("E1", 1), ("E2", 2)]
    assert out["hands"][1]["riichi_sticks"] == 1
    assert out["hands"][2]["riichi_sticks"] == 0
    assert out["ended"] is False
    assert out["final"] is None


def test_replay_one_line_per_file_with_errors_naming_the_hand(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    good = _write(tmp_path, "good.json", _record([]))
    own_discard = _write(
        tmp_path,
        "own.json",
        _record([{"riichi": [], "result": {"type": "ron", "from": 1, "wins": [{"seat": 1, "han": 1, "fu": 30}]}}]),
    )
    after_end = _write(
        tmp_path,
        "end.json",
        _record(
            [
                {"riichi": [], "result": {"type": "ron", "from": 2, "wins": [{"seat": 1, "yakuman": 1}]}},
                {"riichi": [], "result": {"type": "draw", "tenpai": []}},
            ]
        ),
    )
    poor_riichi = _write(
        tmp_path,
        "riichi.json",
        _record(
            [
                {"riichi": [2], "result": {"type": "ron", "from": 2, "wins": [{"seat": 0, "han": 8, "fu": 30}]}},
                {"riichi": [2], "result": {"type": "draw", "tenpai": [2]}},
            ]
        ),
    )
    not_json = _write(tmp_path, "bad.json", "{")
    missing = tmp_path / "missing.json"
    paths = [good, own_discard, after_end, poor_riichi, not_json, missing]
    assert main(["replay", "--json", *map(str, paths)]) == 1
    lines = [json.loads(line) for line in capsys.readouterr().out.splitlines()]
    assert len(lines) == len(paths)
    assert lines[0] == {"hands": [], "ended": False, "final": None}
    for line in lines[1:]:
        assert line["ok"] is False
        assert set(line) == {"ok", "error"}
    assert "hand 1" in lines[1]["error"] and "own discard" in lines[1]["error"]
    assert "hand 2" in lines[2]["error"] and "already ended" in lines[2]["error"]
    assert "hand 2" in lines[3]["error"] and "riichi needs 1000" in lines[3]["error"]
    assert "not JSON" in lines[4]["error"]
    assert "cannot read" in lines[5]["error"]


def test_replay_text_output(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    case = json.loads(SAMPLES.read_text().splitlines()[0])
    path = _write(tmp_path, "g.json", case["record"])
    assert main(["replay", str(path)]) == 0
    out = capsys.readouterr().out
    assert "E1-0" in out
    assert "+61.0" in out


def test_replay_text_names_the_players_in_aligned_columns(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = _write(tmp_path, "g.json", SAMPLE_GAME)
    assert main(["replay", str(path)]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert lines[0] == f"{path}  (ema2016)"
    assert lines[1].split() == ["hand", *NAMES, "sticks"]

    def right_edges(line: str) -> list[int]:
        return [m.end() for m in re.finditer(r"\S+", line)][1:5]

    points = next(line for line in lines if line.startswith("  points"))
    first_hand = next(line for line in lines if line.startswith("  E1-0"))
    assert right_edges(lines[1]) == right_edges(points) == right_edges(first_hand)
    assert points.split() == ["points", "-24.9", "-4.8", "-14.7", "+19.4"]
    assert "  E2-2*" in "\n".join(lines)
    assert lines[-1] == "  * the hand replayed after a chombo"


@pytest.mark.parametrize(
    ("result", "message"),
    [
        pytest.param(
            {"type": "ron", "from": 0, "wins": [{"seat": 1, "han": 1, "fu": 20}]},
            "seat 1's ron: 1 han 20 fu is not a possible win: 20 fu is pinfu by tsumo only",
            id="1han-20fu-ron",
        ),
        pytest.param(
            {"type": "tsumo", "win": {"seat": 3, "han": 2, "fu": 25}},
            "seat 3's tsumo: 2 han 25 fu is not a possible win: 25 fu is chiitoitsu (2 han), and by tsumo",
            id="2han-25fu-tsumo",
        ),
    ],
)
def test_replay_refuses_an_impossible_han_fu_naming_the_hand(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], result: dict[str, Any], message: str
) -> None:
    hands = [{"riichi": [], "result": {"type": "draw", "tenpai": [0]}}, {"riichi": [], "result": result}]
    path = _write(tmp_path, "g.json", _record(hands))
    assert main(["replay", str(path), "--json"]) == 1
    out = json.loads(capsys.readouterr().out)
    assert out["ok"] is False
    assert "hand 2" in out["error"] and message in out["error"]


def test_replay_text_of_a_game_not_ended_shows_the_hands_so_far(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    # E1: only seat 0 (the dealer) tenpai: 1000 from each other seat (seed 004; tenhou.net), dealer repeats.
    path = _write(tmp_path, "g.json", _record([{"riichi": [], "result": {"type": "draw", "tenpai": [0]}}]))
    assert main(["replay", str(path)]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert lines[-2].split() == ["E1-0", "28,000", "24,000", "24,000", "24,000", "0"]
    assert lines[-1] == "  (game not ended)"


def test_replay_text_says_which_file_is_not_utf8_and_fails(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    good = _write(tmp_path, "good.json", _record([]))
    bad = tmp_path / "bad.json"
    bad.write_bytes(b'{"format": "\xff"}')
    assert main(["replay", str(bad), str(good)]) == 1
    out = capsys.readouterr().out
    assert out.startswith(f"error: {bad}: not UTF-8 text\n{good}  (tenhou)\n")


def test_replay_file_gives_the_output_object_or_the_error(tmp_path: Path) -> None:
    good = _write(tmp_path, "good.json", _record([{"riichi": [], "result": {"type": "draw", "tenpai": [0]}}]))
    assert replay_file(good) == {
        "hands": [{"label": "E1", "honba": 0, "scores": [28000, 24000, 24000, 24000], "riichi_sticks": 0}],
        "ended": False,
        "final": None,
    }
    assert replay_file(tmp_path / "none.json") == {
        "ok": False,
        "error": f"{tmp_path / 'none.json'}: cannot read the file: No such file or directory",
    }


def test_a_record_saved_with_a_byte_order_mark_replays(tmp_path: Path) -> None:
    """RFC 8259 8.1 lets a parser ignore a byte order mark; Windows Notepad (before 2019) saved UTF-8 with one, and
    replay refused such a record as "not JSON: Unexpected UTF-8 BOM"."""
    plain = _write(tmp_path, "plain.json", SAMPLE_GAME)
    marked = tmp_path / "marked.json"
    marked.write_bytes(b"\xef\xbb\xbf" + plain.read_bytes())
    assert replay_file(marked) == replay_file(plain)
    assert replay_file(plain).get("ok") is not False


@pytest.mark.parametrize(
    ("change", "message"),
    [
        pytest.param({"players": ["\ud800x", "B", "C", "D"]}, "player 1's name", id="name"),
        pytest.param({"penalties": [{"seat": 0, "points": -100, "reason": "a\udc80"}]}, "penalty 1", id="penalty"),
        pytest.param({"end": {"reason": "\udfff"}}, "end: the reason", id="end"),
    ],
)
def test_a_lone_surrogate_in_a_record_is_refused_naming_where(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], change: dict[str, Any], message: str
) -> None:
    """JSON's ``"\\ud800"`` escape reads as a lone surrogate, which no file, terminal or database holds as UTF-8:
    replay's table and import's fingerprint failed with a UnicodeEncodeError traceback."""
    path = _write(tmp_path, "g.json", {**SAMPLE_GAME, **change})
    assert main(["replay", str(path)]) == 1
    out = capsys.readouterr().out
    assert message in out and "which is not a character" in out
    assert main(["import", "--db", str(tmp_path / "db.sqlite3"), str(path)]) == 1
    assert "which is not a character" in capsys.readouterr().err
