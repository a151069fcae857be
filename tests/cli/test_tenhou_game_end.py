"""When tenhou.net ends a hanchan (issue 9, section 1): every rule as a game record, replayed by the command line.

Each record is replayed through ``python -m scorekeeper replay --json`` (one process for all of them: the command
prints one line per file) and its ``ended`` checked, with the scores worked out by hand in the comments. The
``tenhou`` preset: 25,000 start, 300 per honba (100 from each on tsumo), 3,000 noten payment, honba to the winner
nearest the discarder on a double ron, seat 0 deals East 1.
"""

from __future__ import annotations

import json
import subprocess
import sys
from typing import Any

import pytest

Hand = dict[str, Any]


def _draw(*tenpai: int) -> Hand:
    return {"riichi": [], "result": {"type": "draw", "tenpai": list(tenpai)}}


def _ron(discarder: int, *wins: tuple[int, int, int]) -> Hand:
    return {
        "riichi": [],
        "result": {"type": "ron", "from": discarder, "wins": [{"seat": s, "han": h, "fu": f} for s, h, f in wins]},
    }


def _tsumo(seat: int, han: int, fu: int) -> Hand:
    return {"riichi": [], "result": {"type": "tsumo", "win": {"seat": seat, "han": han, "fu": fu}}}


def _noten(count: int) -> list[Hand]:
    """``count`` exhaustive draws with nobody tenpai: the dealership passes, no points move, honba + 1 each."""
    return [_draw() for _ in range(count)]


#: name -> (hands, ended, the last hand's label, the scores after it). Scores are hand-computed.
CASES: dict[str, tuple[list[Hand], bool, str, list[int]]] = {
    # Bust: E1, seat 1 rons a yakuman (32,000) off seat 2: -7,000 is below zero, the game ends at once.
    "bust-below-zero-ends-at-once": ([{"riichi": [], "result": {"type": "ron", "from": 2, "wins": [
        {"seat": 1, "yakuman": 1}]}}], True, "E1", [25000, 57000, -7000, 25000]),
    # Agari-yame at South 4: 7 noten draws (E1..S3, honba 7); S4, dealer seat 3 tsumos a mangan: 4,000 + 700 all,
    # 39,100 and first: the game ends.
    "south4-agari-yame-dealer-first-30000": (
        [*_noten(7), _tsumo(3, 5, 30)], True, "S4", [20300, 20300, 20300, 39100]),
    # Tenpai-yame at South 4: E1 seat 3 rons 3 han 30 fu (3,900) off seat 1: 28,900. E2..S3 noten (6). S4, only
    # the dealer (seat 3) is tenpai: +3,000, 31,900 and first: the game ends.
    "south4-tenpai-yame-dealer-first-30000": (
        [_ron(1, (3, 3, 30)), *_noten(6), _draw(3)], True, "S4", [24000, 20100, 24000, 31900]),
    # Dealer tenpai at South 4 but not first: E1 seat 1 rons a mangan off seat 2 (33,000); 6 noten; S4, dealer
    # seat 3 alone tenpai: 28,000 against seat 1's 32,000. The dealer repeats and plays on (S4, 1 more honba).
    "south4-dealer-tenpai-not-first-plays-on": (
        [_ron(2, (1, 5, 30)), *_noten(6), _draw(3)], False, "S4", [24000, 32000, 16000, 28000]),
    # The dealer's repeat has priority over another's 30,000 reached in the same hand: 7 noten (honba 7); S4 double
    # ron off seat 2: dealer seat 3 1 han 30 fu (1,500) + all 7 honba (2,100, nearest the discarder), seat 1 a
    # mangan (8,000). Seat 1 has 33,000, the dealer 28,600 is not first: play on.
    "south4-double-ron-other-reaches-30000-dealer-repeat-plays-on": (
        [*_noten(7), _ron(2, (3, 1, 30), (1, 5, 30))], False, "S4", [25000, 33000, 13400, 28600]),
    # South 4 passes with nobody at 30,000: 8 noten draws, on to West 1.
    "south4-pass-nobody-30000-goes-west": (_noten(8), False, "S4", [25000, 25000, 25000, 25000]),
    # South 4 passes with someone at 30,000: E1 seat 1 rons a mangan (33,000); 6 noten; S4 noten: the game ends.
    "south4-pass-someone-30000-ends": (
        [_ron(2, (1, 5, 30)), *_noten(7)], True, "S4", [25000, 33000, 17000, 25000]),
    # West round, a noten payment that ends the game: E1 seat 1 rons 3 han 30 fu off seat 2 (28,900); 7 noten to
    # West 1 (28,900 < 30,000 after South 4). W1, only seat 1 tenpai: +3,000 = 31,900; the dealer (seat 0) is noten,
    # the deal passes and someone has 30,000: the game ends.
    "west-noten-payment-reaches-30000-ends": (
        [_ron(2, (1, 3, 30)), *_noten(7), _draw(1)], True, "W1", [24000, 31900, 20100, 24000]),
    # West round, the dealer tenpai but not first plays on: as above, but W1 seats 0 and 1 tenpai (1,500 each from
    # seats 2 and 3): seat 1 30,400, the dealer 26,500 is not first. The dealer stays: play on.
    "west-dealer-tenpai-not-first-plays-on": (
        [_ron(2, (1, 3, 30)), *_noten(7), _draw(0, 1)], False, "W1", [26500, 30400, 19600, 23500]),
    # West agari-yame: 8 noten draws to W1 (honba 8); dealer seat 0 tsumos a mangan: 4,800 all, 39,400 and first.
    "west-agari-yame-dealer-first-30000": (
        [*_noten(8), _tsumo(0, 5, 30)], True, "W1", [39400, 20200, 20200, 20200]),
    # West tenpai-yame: E1 noten; E2 seat 0 rons 3 han 30 fu off seat 2 (3,900 + 300 honba: 29,200); E3..S4 noten
    # (6); W1 only the dealer (seat 0) tenpai: 32,200 and first: the game ends.
    "west-tenpai-yame-dealer-first-30000": (
        [_draw(), _ron(2, (0, 3, 30)), *_noten(6), _draw(0)], True, "W1", [32200, 24000, 19800, 24000]),
    # A West hand that passes with nobody at 30,000 goes on: 8 noten to W1, W1 noten: on to W2.
    "west1-pass-nobody-30000-plays-on": (_noten(9), False, "W1", [25000, 25000, 25000, 25000]),
    # After West 4 the game ends whenever the deal passes, whatever the scores: 12 noten draws. No North round.
    "west4-pass-ends-whatever-the-scores-no-north": (_noten(12), True, "W4", [25000, 25000, 25000, 25000]),
    # West 4 repeats while the dealer stays and is not first with 30,000: 11 noten to W4; W4 dealer seat 3 alone
    # tenpai: 28,000 (not 30,000): W4 again.
    "west4-dealer-stays-repeats": ([*_noten(11), _draw(3)], False, "W4", [24000, 24000, 24000, 28000]),
    # An abortive draw never ends the game: E1 seat 1 rons a mangan (33,000); 6 noten; S4 aborts (nine terminals):
    # someone has 30,000 in the last hand, but the dealer repeats.
    "south4-abortive-draw-never-ends": (
        [_ron(2, (1, 5, 30)), *_noten(6), {"riichi": [], "result": {"type": "abort", "reason": "kyuushu"}}],
        False, "S4", [25000, 33000, 17000, 25000]),
    # The same in West 4, where any pass would end the game.
    "west4-abortive-draw-never-ends": (
        [*_noten(11), {"riichi": [], "result": {"type": "abort", "reason": "suufon"}}],
        False, "W4", [25000, 25000, 25000, 25000]),
}  # fmt: skip


@pytest.fixture(scope="module")
def replayed(tmp_path_factory: pytest.TempPathFactory) -> dict[str, dict[str, Any]]:
    folder = tmp_path_factory.mktemp("tenhou-end")
    paths = []
    for name, (hands, _ended, _label, _scores) in CASES.items():
        record = {
            "format": "scorekeeper-game",
            "version": 1,
            "ruleset": "tenhou",
            "players": ["a", "b", "c", "d"],
            "hands": hands,
        }
        path = folder / f"{name}.json"
        path.write_text(json.dumps(record), encoding="utf-8")
        paths.append(str(path))
    done = subprocess.run(
        [sys.executable, "-m", "scorekeeper", "replay", "--json", *paths],
        capture_output=True,
        text=True,
        check=False,
        timeout=120,
    )
    lines = done.stdout.splitlines()
    assert len(lines) == len(CASES), done.stderr
    return {name: json.loads(line) for name, line in zip(CASES, lines, strict=True)}


@pytest.mark.parametrize("name", list(CASES))
def test_tenhou_game_end(replayed: dict[str, dict[str, Any]], name: str) -> None:
    hands, ended, label, scores = CASES[name]
    out = replayed[name]
    assert "error" not in out, out
    assert len(out["hands"]) == len(hands)
    assert out["ended"] is ended
    assert out["hands"][-1]["label"] == label
    assert out["hands"][-1]["scores"] == scores
    assert (out["final"] is not None) is ended
