"""Tests of ``scorekeeper score`` and ``scorekeeper waits`` (scorekeeper.cli.score, scorekeeper.cli.waits)."""

from __future__ import annotations

import io
import json
import subprocess
import sys

import pytest

from scorekeeper.cli import main
from scorekeeper.cli.score import answer_line

HAND = {"hand": "234m456p678s34588s", "win": "2m", "seat_wind": "S", "round_wind": "E", "ruleset": "tenhou"}


def run_json(monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], text: str) -> list[dict[str, object]]:
    monkeypatch.setattr(sys, "stdin", io.StringIO(text))
    assert main(["score", "--json"]) == 0
    return [json.loads(line) for line in capsys.readouterr().out.splitlines()]


def test_json_lines_answer_every_line_in_order(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    lines = [json.dumps(HAND), "not json", "", json.dumps([1]), json.dumps({**HAND, "riichi": True})]
    answers = run_json(monkeypatch, capsys, "\n".join(lines) + "\n")
    assert len(answers) == 5
    assert answers[0]["ok"] is True and answers[0]["points"] == 2000  # pinfu tanyao
    assert answers[1] == {"ok": False, "error": answers[1]["error"], "kind": "InvalidHandError"}
    assert "not JSON" in str(answers[1]["error"])
    assert answers[2]["ok"] is False and answers[3]["ok"] is False
    assert answers[4]["points"] == 3900


def test_classical_ruleset_is_handed_on() -> None:
    answer = answer_line(json.dumps({**HAND, "ruleset": "classical"}))
    assert set(answer) >= {"ok"}
    if not answer["ok"]:
        assert answer.get("kind")


def test_human_form_prints_yaku_fu_and_payments(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["score", "234m456p678s34588s", "--win", "2m", "--riichi", "--seat", "S", "--dora", "1m"]) == 0
    out = capsys.readouterr().out
    assert "riichi" in out and "pinfu" in out and "dora" in out
    assert "closed_ron" in out
    assert "4 han, 30 fu" in out and "7,700" in out


def test_human_form_with_melds_and_tsumo(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["score", "22m345p678s234s", "406m+chi", "--win", "3p", "--tsumo", "--seat", "W"]) == 0
    out = capsys.readouterr().out
    assert "406m+chi" in out and "tsumo 500/1,000" in out


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["score", "234m456p678s34588s"], "--win is required"),
        (["score", "234m456p678s34588s", "345s", "--win", "2m"], "needs its kind"),
        (["score", "--win", "2m"], "no tiles given"),
        (["score", "234m456p678s34589s", "--win", "2m"], "not a winning hand"),
    ],
)
def test_human_form_errors(argv: list[str], message: str, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(argv) == 1
    assert message in capsys.readouterr().err


def test_waits_command(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["waits", "234m456p678s3488s", "--riichi", "--seat", "S"]) == 0
    out = capsys.readouterr().out
    assert out.splitlines()[0].startswith("2s: ron 3,900")
    assert main(["waits", "123m456p789s3344z", "--json"]) == 0
    answer = json.loads(capsys.readouterr().out)
    assert [w["tile"] for w in answer["waits"]] == ["3z", "4z"]
    assert answer["waits"][0]["ron"]["kind"] == "NoYakuError"
    assert main(["waits", "1234m"]) == 1
    assert main(["waits", "1289m456p789s115z"]) == 0
    assert "not ready" in capsys.readouterr().out


def test_module_entry_point_answers_json() -> None:
    result = subprocess.run(
        [sys.executable, "-m", "scorekeeper", "score", "--json"],
        input=json.dumps(HAND) + "\nbroken\n",
        capture_output=True,
        text=True,
        check=True,
    )
    answers = [json.loads(line) for line in result.stdout.splitlines()]
    assert [a["ok"] for a in answers] == [True, False]
